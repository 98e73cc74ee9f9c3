// Runtime features the CPU backend keeps out of scope must stop the build with a message that names
// the feature and says the file needs a GPU (built once per feature with -DREJECT_<FEATURE>).
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void kernel(float* a) { a[threadIdx.x] = 1.0f; }

int main() {
  float* p = nullptr;
#if defined(REJECT_GRAPHS)
  cudaUserObject_t object;
  cudaUserObjectCreate(&object, p, nullptr, 1, 0);
#elif defined(REJECT_SURFACES)
  cudaSurfaceObject_t surface;
  cudaResourceDesc resource{};
  cudaCreateSurfaceObject(&surface, &resource);
#elif defined(REJECT_GRAPHICS)
  cudaGraphicsResource_t resource = nullptr;
  cudaGraphicsUnregisterResource(resource);
#elif defined(REJECT_DRIVER_API)
  CUresult status = cuInit(0);
  (void)status;
#endif
  return p == nullptr ? 0 : 1;
}
