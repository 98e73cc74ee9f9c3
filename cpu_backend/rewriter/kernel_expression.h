// The kernel of a launch `KERNEL<<<...>>>(...)`: where its expression starts, and whether it names
// a function or computes a pointer to one.
//
// nvcc accepts any postfix expression of __global__ function (pointer) type before "<<<": a name
// (`k`, `ns::k<T>`, `::k`), a parenthesized expression (`(*fp)`, `(c ? a : b)`), and those followed
// by subscripts, member accesses and calls (`table[i]`, `cfg.kernel`, `plan->kernels[2]`,
// `pick(n)`). A name is called as written at the launch, so that overloads, deduced template
// arguments and default arguments resolve as in nvcc; any other expression is a value, evaluated
// once when the launch is made.
#pragma once

#include <cstddef>

#include "launch_parser.h"
#include "token_stream.h"

namespace scanlab::rewriter {

// First token of the postfix expression whose last token is `last`, or npos when the tokens
// before "<<<" are not one.
std::size_t kernel_expression_start(const TokenStream& ts, const Region& r, std::size_t last);

// True when `kernel` is a name, possibly qualified, templated or parenthesized (`k`, `ns::k<T>`,
// `(k)`, `op##_kernel` in a macro): the launch calls it by name. False for expressions whose value
// is the kernel (`fp`, `table[i]`, `(*fp)`, `s.k`).
bool kernel_is_name(const TokenStream& ts, const Region& r, TokenRange kernel);

}  // namespace scanlab::rewriter
