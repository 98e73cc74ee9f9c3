#pragma once
#error "scanlab CPU backend: CUB is not available here. A lab must implement its own scan; the grader gives zero to a submission that calls a library scan."
