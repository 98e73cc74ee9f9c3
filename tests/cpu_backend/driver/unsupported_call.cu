// Surface objects are not emulated: the build must stop and say so by name.
int main() {
  cudaSurfaceObject_t surface;
  cudaResourceDesc resource{};
  cudaCreateSurfaceObject(&surface, &resource);
  return 0;
}
