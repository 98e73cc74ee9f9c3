// Checks: a C++ object in managed memory (a base class whose operator new calls cudaMallocManaged,
// as in NVIDIA's "Unified Memory in CUDA 6" post) passed to kernels by pointer, by reference and
// by value: through a pointer or a reference the kernel changes the object itself, by value it
// changes its own copy only.
#include <cstdio>

class Managed {
public:
    void *operator new(size_t len) {
        void *ptr;
        cudaMallocManaged(&ptr, len);
        cudaDeviceSynchronize();
        return ptr;
    }
    void operator delete(void *ptr) {
        cudaDeviceSynchronize();
        cudaFree(ptr);
    }
};

struct Counter : public Managed {
    int value;
    float scale;
};

__global__ void bump_by_pointer(Counter *c) { c->value += 1; c->scale *= 2.0f; }
__global__ void bump_by_reference(Counter &c) { c.value += 10; c.scale *= 2.0f; }
__global__ void bump_by_value(Counter c) { c.value += 100; c.scale *= 2.0f; }
__global__ void read_by_const_reference(const Counter &c, int *out) { *out = c.value; }

int main()
{
    Counter *c = new Counter;
    c->value = 1;
    c->scale = 1.0f;

    bump_by_pointer<<<1, 1>>>(c);
    cudaDeviceSynchronize();
    printf("after by-pointer:   value=%d scale=%.1f\n", c->value, c->scale);

    bump_by_reference<<<1, 1>>>(*c);
    cudaDeviceSynchronize();
    printf("after by-reference: value=%d scale=%.1f\n", c->value, c->scale);

    bump_by_value<<<1, 1>>>(*c);
    cudaDeviceSynchronize();
    printf("after by-value:     value=%d scale=%.1f\n", c->value, c->scale);

    int *seen;
    cudaMallocManaged(&seen, sizeof(int));
    c->value = 42;   // written by the host after the launches: a const reference sees it
    read_by_const_reference<<<1, 1>>>(*c, seen);
    // Synchronise before reading: printf's arguments may be evaluated in any order.
    const cudaError_t status = cudaDeviceSynchronize();
    printf("sync=%s seen=%d\n", cudaGetErrorName(status), *seen);

    cudaFree(seen);
    delete c;
    return 0;
}
