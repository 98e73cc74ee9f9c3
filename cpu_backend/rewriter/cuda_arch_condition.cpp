// A small evaluator of preprocessor conditions, C's precedence, over the rewriter's tokens ('<'
// and '>' arrive as single characters, so a shift is two of them). Evaluated twice, once per pass.
#include "cuda_arch_condition.h"

#include <cstddef>
#include <string>

namespace scanlab::rewriter {
namespace {

constexpr std::string_view kArch = "__CUDA_ARCH__";

class Evaluator {
 public:
  Evaluator(const std::vector<std::string_view>& words, std::optional<long> arch) : w_(words), arch_(arch) {}

  std::optional<long> run() {
    std::optional<long> v = ternary();
    if (!v || pos_ != w_.size()) return std::nullopt;
    return v;
  }

 private:
  bool at(std::string_view s, std::size_t ahead = 0) const {
    return pos_ + ahead < w_.size() && w_[pos_ + ahead] == s;
  }
  bool take(std::string_view s) {
    if (!at(s)) return false;
    ++pos_;
    return true;
  }

  std::optional<long> ternary() {
    std::optional<long> c = logical_or();
    if (!c || !take("?")) return c;
    std::optional<long> a = ternary();
    if (!a || !take(":")) return std::nullopt;
    std::optional<long> b = ternary();
    if (!b) return std::nullopt;
    return *c ? a : b;
  }

  // One left-associative level: `next` parses the operands, `apply` an operator (or says it is none).
  template <class Next, class Apply>
  std::optional<long> level(Next next, Apply apply) {
    std::optional<long> v = (this->*next)();
    while (v) {
      std::optional<std::optional<long>> r = apply(*v);
      if (!r) return v;  // no operator of this level here
      v = *r;
    }
    return v;
  }

  std::optional<long> logical_or() {
    return level(&Evaluator::logical_and, [&](long a) -> std::optional<std::optional<long>> {
      if (!take("||")) return std::nullopt;
      std::optional<long> b = logical_and();
      return b ? std::optional<long>(a || *b) : std::optional<long>();
    });
  }
  std::optional<long> logical_and() {
    return level(&Evaluator::bit_or, [&](long a) -> std::optional<std::optional<long>> {
      if (!take("&&")) return std::nullopt;
      std::optional<long> b = bit_or();
      return b ? std::optional<long>(a && *b) : std::optional<long>();
    });
  }
  std::optional<long> bit_or() {
    return level(&Evaluator::bit_xor, [&](long a) -> std::optional<std::optional<long>> {
      if (!take("|")) return std::nullopt;
      std::optional<long> b = bit_xor();
      return b ? std::optional<long>(a | *b) : std::optional<long>();
    });
  }
  std::optional<long> bit_xor() {
    return level(&Evaluator::bit_and, [&](long a) -> std::optional<std::optional<long>> {
      if (!take("^")) return std::nullopt;
      std::optional<long> b = bit_and();
      return b ? std::optional<long>(a ^ *b) : std::optional<long>();
    });
  }
  std::optional<long> bit_and() {
    return level(&Evaluator::equality, [&](long a) -> std::optional<std::optional<long>> {
      if (!take("&")) return std::nullopt;
      std::optional<long> b = equality();
      return b ? std::optional<long>(a & *b) : std::optional<long>();
    });
  }
  std::optional<long> equality() {
    return level(&Evaluator::relational, [&](long a) -> std::optional<std::optional<long>> {
      const bool eq = at("==");
      if (!take("==") && !take("!=")) return std::nullopt;
      std::optional<long> b = relational();
      return b ? std::optional<long>(eq ? a == *b : a != *b) : std::optional<long>();
    });
  }
  std::optional<long> relational() {
    return level(&Evaluator::shift, [&](long a) -> std::optional<std::optional<long>> {
      std::string_view op;
      if (at("<=") || at(">=") || (at("<") && !at("<", 1)) || (at(">") && !at(">", 1))) op = w_[pos_++];
      else return std::nullopt;
      std::optional<long> b = shift();
      if (!b) return std::optional<long>();
      if (op == "<") return std::optional<long>(a < *b);
      if (op == ">") return std::optional<long>(a > *b);
      if (op == "<=") return std::optional<long>(a <= *b);
      return std::optional<long>(a >= *b);
    });
  }
  std::optional<long> shift() {
    return level(&Evaluator::additive, [&](long a) -> std::optional<std::optional<long>> {
      const bool left = at("<") && at("<", 1);
      if (!left && !(at(">") && at(">", 1))) return std::nullopt;
      pos_ += 2;
      std::optional<long> b = additive();
      if (!b || *b < 0 || *b > 62) return std::optional<long>();
      return std::optional<long>(left ? a << *b : a >> *b);
    });
  }
  std::optional<long> additive() {
    return level(&Evaluator::multiplicative, [&](long a) -> std::optional<std::optional<long>> {
      const bool plus = at("+");
      if (!take("+") && !take("-")) return std::nullopt;
      std::optional<long> b = multiplicative();
      return b ? std::optional<long>(plus ? a + *b : a - *b) : std::optional<long>();
    });
  }
  std::optional<long> multiplicative() {
    return level(&Evaluator::unary, [&](long a) -> std::optional<std::optional<long>> {
      std::string_view op;
      if (at("*") || at("/") || at("%")) op = w_[pos_++];
      else return std::nullopt;
      std::optional<long> b = unary();
      if (!b || (op != "*" && *b == 0)) return std::optional<long>();
      if (op == "*") return std::optional<long>(a * *b);
      return std::optional<long>(op == "/" ? a / *b : a % *b);
    });
  }
  std::optional<long> unary() {
    if (take("!")) { auto v = unary(); return v ? std::optional<long>(!*v) : v; }
    if (take("~")) { auto v = unary(); return v ? std::optional<long>(~*v) : v; }
    if (take("-")) { auto v = unary(); return v ? std::optional<long>(-*v) : v; }
    if (take("+")) return unary();
    return primary();
  }
  std::optional<long> primary() {
    if (pos_ >= w_.size()) return std::nullopt;
    if (take("(")) {
      std::optional<long> v = ternary();
      if (!v || !take(")")) return std::nullopt;
      return v;
    }
    if (take("defined")) {
      const bool paren = take("(");
      if (!take(kArch)) return std::nullopt;  // another macro: only the compiler knows
      if (paren && !take(")")) return std::nullopt;
      return arch_ ? 1 : 0;
    }
    if (take(kArch)) return arch_ ? *arch_ : 0;  // an undefined name is 0 in #if
    if (take("true")) return 1;
    if (take("false")) return 0;
    return number(w_[pos_++]);
  }
  static std::optional<long> number(std::string_view s) {
    if (s.empty() || s.front() < '0' || s.front() > '9') return std::nullopt;
    std::string digits;
    for (char c : s)
      if (c != '\'') digits += c;
    while (!digits.empty() && (digits.back() == 'u' || digits.back() == 'U' || digits.back() == 'l' ||
                               digits.back() == 'L'))
      digits.pop_back();
    try {
      std::size_t used = 0;
      const long v = std::stol(digits, &used, 0);
      if (used != digits.size()) return std::nullopt;
      return v;
    } catch (...) {
      return std::nullopt;
    }
  }

  const std::vector<std::string_view>& w_;
  std::optional<long> arch_;
  std::size_t pos_ = 0;
};

}  // namespace

std::optional<CudaArchViews> evaluate_cuda_arch_condition(const std::vector<std::string_view>& words) {
  if (words.empty()) return std::nullopt;
  const std::optional<long> device = Evaluator(words, kEmulatedCudaArch).run();
  const std::optional<long> host = Evaluator(words, std::nullopt).run();
  if (!device || !host) return std::nullopt;
  return CudaArchViews{*device != 0, *host != 0};
}

bool uses_cuda_arch_value(const std::vector<std::string_view>& words) {
  for (std::size_t k = 0; k < words.size(); ++k) {
    if (words[k] != kArch) continue;
    const bool after_defined = (k >= 1 && words[k - 1] == "defined") ||
                               (k >= 2 && words[k - 1] == "(" && words[k - 2] == "defined");
    if (!after_defined) return true;
  }
  return false;
}

}  // namespace scanlab::rewriter
