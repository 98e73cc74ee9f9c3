// Valid C++20, not C++17 (consteval): nvcc refuses it under -std=c++17 and by default, so
// scanlab-nvcc must too; with -std=c++20 it builds.
#include <cstdio>
consteval int three() { return 3; }
__global__ void k(int *out) { *out = three(); }
int main() { printf("%d\n", three()); }
