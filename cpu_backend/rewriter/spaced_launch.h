// Visual Studio's formatter writes launches as `kernel << <grid, block >> > (args)`, and nvcc
// accepts that. Before the rewriter looks for "<<<", such spaced angles are joined.
#pragma once

#include <string>
#include <string_view>

namespace scanlab::rewriter {

// `source` with every `<< <` (three '<' apart only by spaces or tabs, not after `operator`) written
// as `<<<`, and the next `>> >` of the same statement as `>>>`; the spaces move after the angles, so
// no line changes. Text in comments, strings and character literals is untouched.
std::string join_spaced_launch_angles(std::string_view source);

}  // namespace scanlab::rewriter
