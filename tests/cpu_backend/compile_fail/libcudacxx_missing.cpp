// Compiled without CCCL's include folder: scanlab's wrapper must say which package to install.
#include <cuda/atomic>
int main() { return 0; }
