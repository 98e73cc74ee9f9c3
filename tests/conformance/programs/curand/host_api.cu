// Checks: cuRAND's host API: curandCreateGenerator, a seed, curandGenerate and
// curandGenerateUniform into a cudaMalloc buffer, then cudaMemcpy back; a Philox generator's
// curandGenerateNormal; curandSetGeneratorOffset; curandCreateGeneratorHost into host memory; and
// the status of an odd-length normal request.
// conformance-flags: -lcurand
#include <cstdio>
#include <cuda_runtime.h>
#include <curand.h>

#define CURAND_CALL(x) do { curandStatus_t st = (x); if (st != CURAND_STATUS_SUCCESS) { \
    printf("cuRAND error %d at line %d\n", (int)st, __LINE__); } } while (0)

#define N 64

int main()
{
    float *dFloats;
    unsigned int *dInts;
    cudaMalloc(&dFloats, N * sizeof(float));
    cudaMalloc(&dInts, N * sizeof(unsigned int));
    float hFloats[N];
    unsigned int hInts[N];

    curandGenerator_t gen;
    CURAND_CALL(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_DEFAULT));
    CURAND_CALL(curandSetPseudoRandomGeneratorSeed(gen, 1234ULL));
    CURAND_CALL(curandGenerateUniform(gen, dFloats, N));
    cudaMemcpy(hFloats, dFloats, N * sizeof(float), cudaMemcpyDeviceToHost);
    printf("XORWOW uniform:");
    for (int i = 0; i < 8; i++) printf(" %.6f", hFloats[i]);
    CURAND_CALL(curandGenerate(gen, dInts, N));
    cudaMemcpy(hInts, dInts, N * sizeof(unsigned int), cudaMemcpyDeviceToHost);
    printf("\nXORWOW integers:");
    for (int i = 0; i < 4; i++) printf(" %u", hInts[i]);
    CURAND_CALL(curandSetGeneratorOffset(gen, 10));
    CURAND_CALL(curandGenerate(gen, dInts, N));
    cudaMemcpy(hInts, dInts, N * sizeof(unsigned int), cudaMemcpyDeviceToHost);
    printf("\nXORWOW integers, offset 10:");
    for (int i = 0; i < 4; i++) printf(" %u", hInts[i]);
    printf("\nodd-length normal: status %d\n", (int)curandGenerateNormal(gen, dFloats, 7, 0.0f, 1.0f));
    CURAND_CALL(curandDestroyGenerator(gen));

    CURAND_CALL(curandCreateGenerator(&gen, CURAND_RNG_PSEUDO_PHILOX4_32_10));
    CURAND_CALL(curandSetPseudoRandomGeneratorSeed(gen, 42ULL));
    CURAND_CALL(curandGenerateNormal(gen, dFloats, N, 10.0f, 2.0f));
    cudaMemcpy(hFloats, dFloats, N * sizeof(float), cudaMemcpyDeviceToHost);
    double sum = 0;
    for (int i = 0; i < N; i++) sum += hFloats[i];
    printf("Philox normal(10, 2): first %.3f %.3f %.3f, mean %.2f\n", hFloats[0], hFloats[1], hFloats[2], sum / N);
    CURAND_CALL(curandDestroyGenerator(gen));

    CURAND_CALL(curandCreateGeneratorHost(&gen, CURAND_RNG_PSEUDO_MRG32K3A));
    CURAND_CALL(curandSetPseudoRandomGeneratorSeed(gen, 7ULL));
    CURAND_CALL(curandGenerateUniform(gen, hFloats, N));
    printf("MRG32k3a host generator uniform:");
    for (int i = 0; i < 4; i++) printf(" %.6f", hFloats[i]);
    printf("\n");
    CURAND_CALL(curandDestroyGenerator(gen));

    int version;
    CURAND_CALL(curandGetVersion(&version));
    printf("version >= 10000: %d\n", version >= 10000);
    cudaFree(dFloats);
    cudaFree(dInts);
    return 0;
}
