// Checks: cuRAND's quasi-random Sobol generators in the device API, with the direction vectors of
// curandGetDirectionVectors32/64 (Joe and Kuo's set, CURAND_DIRECTION_VECTORS_*_JOEKUO6): the host
// vectors of a few dimensions, then per thread a Sobol32 and a Sobol64 state at an offset, their
// integers (curand), uniform floats and doubles, skipahead against drawing the long way, and the
// 2-D points' quasi-Monte-Carlo estimate of pi.
// conformance-flags: -lcurand
#include <cstdio>
#include <cuda_runtime.h>
#include <curand.h>
#include <curand_kernel.h>

#define THREADS 64

__global__ void draw(curandDirectionVectors32_t *v32, curandDirectionVectors64_t *v64, unsigned int *ints,
                     unsigned long long *longs, float *floats, double *doubles, unsigned int *same) {
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curandStateSobol32_t s32, a, b;
    curandStateSobol64_t s64;
    curand_init(v32[3], 10 * id, &s32);
    curand_init(v64[3], 10ULL * id, &s64);
    ints[id] = curand(&s32);
    longs[id] = curand(&s64);
    floats[id] = curand_uniform(&s32);
    doubles[id] = curand_uniform_double(&s64);
    curand_init(v32[7], id, &a);
    curand_init(v32[7], id, &b);
    for (int i = 0; i < 100 + id; i++) curand(&a);
    skipahead(100u + id, &b);
    same[id] = (curand(&a) == curand(&b));
}

// THREADS * 256 points of the first two dimensions, point i+k*THREADS... taken thread by thread.
__global__ void inside(curandDirectionVectors32_t *v32, unsigned int *hits) {
    int id = blockIdx.x * blockDim.x + threadIdx.x;
    curandStateSobol32_t x, y;
    curand_init(v32[0], 256 * id, &x);
    curand_init(v32[1], 256 * id, &y);
    unsigned int count = 0;
    for (int i = 0; i < 256; i++) {
        float px = curand_uniform(&x), py = curand_uniform(&y);
        count += (px * px + py * py < 1.0f);
    }
    hits[id] = count;
}

int main() {
    curandDirectionVectors32_t *h32;
    curandDirectionVectors64_t *h64;
    if (curandGetDirectionVectors32(&h32, CURAND_DIRECTION_VECTORS_32_JOEKUO6) != CURAND_STATUS_SUCCESS ||
        curandGetDirectionVectors64(&h64, CURAND_DIRECTION_VECTORS_64_JOEKUO6) != CURAND_STATUS_SUCCESS) {
        printf("curandGetDirectionVectors failed\n");
        return 1;
    }
    const int dims[] = {0, 1, 2, 9, 999, 19999};
    for (int d : dims)
        printf("v32[%5d]: %08x %08x %08x %08x %08x ... %08x  v64: %016llx %016llx ... %016llx\n", d, h32[d][0],
               h32[d][1], h32[d][2], h32[d][3], h32[d][4], h32[d][31], h64[d][0], h64[d][5], h64[d][63]);

    curandDirectionVectors32_t *d32;
    curandDirectionVectors64_t *d64;
    cudaMalloc(&d32, 8 * sizeof(curandDirectionVectors32_t));
    cudaMalloc(&d64, 8 * sizeof(curandDirectionVectors64_t));
    cudaMemcpy(d32, h32, 8 * sizeof(curandDirectionVectors32_t), cudaMemcpyHostToDevice);
    cudaMemcpy(d64, h64, 8 * sizeof(curandDirectionVectors64_t), cudaMemcpyHostToDevice);
    unsigned int *ints, *same, *hits;
    unsigned long long *longs;
    float *floats;
    double *doubles;
    cudaMallocManaged(&ints, THREADS * sizeof(unsigned int));
    cudaMallocManaged(&same, THREADS * sizeof(unsigned int));
    cudaMallocManaged(&hits, THREADS * sizeof(unsigned int));
    cudaMallocManaged(&longs, THREADS * sizeof(unsigned long long));
    cudaMallocManaged(&floats, THREADS * sizeof(float));
    cudaMallocManaged(&doubles, THREADS * sizeof(double));
    draw<<<2, THREADS / 2>>>(d32, d64, ints, longs, floats, doubles, same);
    inside<<<2, THREADS / 2>>>(d32, hits);
    printf("status: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
    unsigned int all_same = 1, total = 0;
    for (int i = 0; i < THREADS; i++) {
        all_same &= same[i];
        total += hits[i];
    }
    for (int i = 0; i < THREADS; i += 9)
        printf("%2d: %10u %20llu %.9g %.17g\n", i, ints[i], longs[i], floats[i], doubles[i]);
    printf("skipahead equals the long way: %u\n", all_same);
    printf("inside: %u of %d, pi ~ %.6f\n", total, THREADS * 256, 4.0 * total / (THREADS * 256));
    return 0;
}
