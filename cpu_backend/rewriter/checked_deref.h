// Finds the operand of each unary `*` in function bodies, so that the rewriter can pass it
// through ::scanlab::cpu::checked_deref (cpu_backend/include/scanlab/cpu/checked_deref.h).
//
// Why: clang's -fsanitize=alignment checks member accesses and subscripts, but not a struct read
// or written whole through a pointer (`float2 v = *reinterpret_cast<const float2*>(p + 1);`),
// which a GPU refuses (cudaErrorMisalignedAddress). GCC checks it. With the operand passed
// through a function that knows the pointee's alignment, the CPU backend checks the same accesses
// whichever compiler built the file; under GCC the function does nothing.
//
// Token-level, so deliberately conservative: a `*` is taken for a dereference only where the
// token before it cannot end an operand or a type (after `=`, `(`, `return`, an operator, ...),
// and the operand is taken only when it is a plain postfix expression (names, casts, calls,
// subscripts, member accesses). Anything else (a declarator, `Foo<int> *p`, `(*fp)(x)`, a
// template-id) is left as written: a missed check, never a changed program.
#pragma once

#include <cstddef>
#include <vector>

#include "launch_parser.h"
#include "token_stream.h"

namespace scanlab::rewriter {

struct DerefOperand {
  bool unary = false;     // the `*` dereferences
  std::size_t end = npos;  // one past the operand's last token; npos: leave this `*` alone
};

// For the `*` at `star` (in a function body). `unary_stars` lists the earlier stars taken for
// dereferences (a `*` right after one of them is one too: `**pp`).
DerefOperand find_deref_operand(const TokenStream& ts, std::size_t star, const std::vector<std::size_t>& unary_stars);

// For the `[` at `bracket` (in a function body): the tokens of the pointer a subscript indexes
// (`p`, `reinterpret_cast<const float4*>(in + 1)`, `(p + k)`), or {npos, npos} where it is not
// one of those shapes. Checking that pointer checks every element it reaches: an element of T
// sits at a multiple of sizeof(T), itself a multiple of alignof(T), from it.
TokenRange find_subscript_base(const TokenStream& ts, std::size_t bracket, const std::vector<std::size_t>& unary_stars);

}  // namespace scanlab::rewriter
