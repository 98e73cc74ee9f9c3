// Managed memory cannot be emulated faithfully: the build must stop and say so by name.
int main() {
  float* p = nullptr;
  cudaMallocManaged(&p, 64);
  return 0;
}
