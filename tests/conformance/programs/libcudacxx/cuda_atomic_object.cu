// Checks: cuda::atomic<int> and cuda::std::atomic<unsigned long long> objects in global memory: ++, +=,
// compare_exchange_strong loop, load/store.
#include <cstdio>
#include <new>
#include <cuda/atomic>
#include <cuda/std/atomic>

struct Counters {
    cuda::atomic<int, cuda::thread_scope_device> hits;
    cuda::std::atomic<unsigned long long> bits;
};

__global__ void init(Counters *c) { new (c) Counters(); c->hits.store(0); c->bits.store(0ull); }

__global__ void work(Counters *c)
{
    c->hits++;
    c->hits += 2;
    unsigned long long expected = c->bits.load();
    while (!c->bits.compare_exchange_strong(expected, expected | (1ull << (threadIdx.x % 64)))) { }
}

__global__ void read(Counters *c, long long *out) { out[0] = c->hits.load(); out[1] = (long long)c->bits.load(); }

int main()
{
    Counters *c; long long *o, h[2];
    cudaMalloc(&c, sizeof(Counters)); cudaMalloc(&o, sizeof h);
    init<<<1, 1>>>(c);
    work<<<2, 50>>>(c);
    read<<<1, 1>>>(c, o);
    cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
    printf("hits=%lld bits=%016llx\n", h[0], (unsigned long long)h[1]);
    return 0;
}
