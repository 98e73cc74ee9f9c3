// Checks: skipahead(n, &state) moves a state n values on, skipahead_sequence(n, &state) n
// subsequences on, and curand_init's offset and subsequence arguments do the same: for XORWOW and
// Philox, the values after each jump are printed, with whether they equal the values drawn the
// long way (a loop of curand calls, or curand_init with the next subsequence).
#include <cstdio>
#include <cuda_runtime.h>
#include <curand_kernel.h>

#define N 16

template <typename State>
__device__ void check(int id, unsigned int *out)
{
    State a, b, c;
    curand_init(555ULL, id, 0, &a);
    curand_init(555ULL, id, 0, &b);
    curand_init(555ULL, id, 1000 + id, &c);
    for (int i = 0; i < 1000 + id; i++) curand(&a);           // the long way
    skipahead(1000ULL + id, &b);                                // a jump
    unsigned int va = curand(&a), vb = curand(&b), vc = curand(&c);
    out[0] = va;
    out[1] = (va == vb) + 2 * (va == vc);
    State d, e;
    curand_init(555ULL, id, 0, &d);
    curand_init(555ULL, id + 3, 0, &e);
    skipahead_sequence(3ULL, &d);                               // three subsequences on
    unsigned int vd = curand(&d), ve = curand(&e);
    out[2] = vd;
    out[3] = (vd == ve);
    State f;
    curand_init(555ULL, 1000000ULL + id, 123456789ULL, &f);     // far-away subsequence and offset
    out[4] = curand(&f);
    skipahead(1ULL << 40, &f);
    out[5] = curand(&f);
}

__global__ void jumps(unsigned int *xorwow, unsigned int *philox)
{
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    check<curandState>(id, xorwow + 6 * id);
    check<curandStatePhilox4_32_10_t>(id, philox + 6 * id);
}

int main()
{
    unsigned int *dX, *dP;
    cudaMalloc(&dX, 6 * N * sizeof(unsigned int));
    cudaMalloc(&dP, 6 * N * sizeof(unsigned int));
    jumps<<<2, N / 2>>>(dX, dP);
    unsigned int x[6 * N], p[6 * N];
    cudaMemcpy(x, dX, sizeof(x), cudaMemcpyDeviceToHost);
    cudaMemcpy(p, dP, sizeof(p), cudaMemcpyDeviceToHost);
    const char *names[2] = {"XORWOW", "Philox"};
    unsigned int *results[2] = {x, p};
    for (int g = 0; g < 2; g++) {
        printf("%s\n", names[g]);
        for (int i = 0; i < N; i += 3) {
            unsigned int *r = results[g] + 6 * i;
            printf("  %2d: after skipahead %10u (same as loop: %u, as offset: %u)  after skipahead_sequence %10u "
                   "(same as init: %u)  far %10u %10u\n",
                   i, r[0], r[1] & 1, r[1] >> 1, r[2], r[3], r[4], r[5]);
        }
    }
    printf("%s\n", cudaGetErrorString(cudaGetLastError()));
    cudaFree(dX);
    cudaFree(dP);
    return 0;
}
