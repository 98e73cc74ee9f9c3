// Checks: virtual functions on objects created in device code (placement new inside the kernel, as the Guide
// requires for polymorphic objects used on the device).
#include <cstdio>
#include <new>
#include <cuda_runtime.h>

struct Shape {
    __device__ virtual int area() const = 0;
    __device__ virtual ~Shape() {}
};
struct Rect : Shape {
    int w, h;
    __device__ Rect(int w_, int h_) : w(w_), h(h_) {}
    __device__ int area() const override { return w * h; }
};
struct Square : Rect {
    __device__ explicit Square(int s) : Rect(s, s) {}
    __device__ int area() const override { return Rect::area() + 1000; }
};

__global__ void areas(int *out)
{
    int t = threadIdx.x;
    Shape *s;
    if (t % 2) s = new Rect(t, 2);
    else s = new Square(t);
    out[t] = s->area();
    delete s;
}

int main()
{
    int *d, h[8];
    cudaMalloc(&d, sizeof h);
    areas<<<1, 8>>>(d);
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
    for (int v : h) printf("%d ", v);
    printf("\n");
    return 0;
}
