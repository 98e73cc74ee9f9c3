// A harness of our own for published scan files that define only the host function
//   void scan_gpu_d(float* input_d, float* output_d, unsigned int n)   (device pointers, inclusive scan)
// and no main (stanleyedward/learn_cuda's PMPP chapter 11 and 12 files). It is compiled together with
// the unmodified file: tests/realcode/student_scans.sh names it as "@driver/inclusive_scan_gpu_d.cu".
//
//   prog [n]    n defaults to 2^20 (a multiple of 2048, since some of these kernels do not bound-check)
//
// Inputs are small integers, so every partial sum up to 2^24 is exact in float and the comparison
// with a double-precision CPU scan can be exact.
#include <cstdio>
#include <cstdlib>
#include <vector>

void scan_gpu_d(float* input_d, float* output_d, unsigned int n);

int main(int argc, char** argv) {
    const unsigned n = argc > 1 ? static_cast<unsigned>(std::atoi(argv[1])) : (1u << 20);
    std::vector<float> input(n), output(n);
    std::srand(1);
    for (auto& v : input) v = static_cast<float>(std::rand() % 4);

    float* input_d = nullptr;
    float* output_d = nullptr;
    if (cudaMalloc(&input_d, n * sizeof(float)) != cudaSuccess || cudaMalloc(&output_d, n * sizeof(float)) != cudaSuccess) {
        std::printf("cudaMalloc failed\n");
        return 1;
    }
    cudaMemcpy(input_d, input.data(), n * sizeof(float), cudaMemcpyHostToDevice);
    scan_gpu_d(input_d, output_d, n);
    const cudaError_t status = cudaDeviceSynchronize();
    cudaMemcpy(output.data(), output_d, n * sizeof(float), cudaMemcpyDeviceToHost);
    if (status != cudaSuccess) {
        std::printf("CUDA error: %s\n", cudaGetErrorString(status));
        return 1;
    }

    double sum = 0;
    for (unsigned i = 0; i < n; ++i) {
        sum += input[i];
        if (output[i] != static_cast<float>(sum)) {
            std::printf("Mismatch at index %u: expected %.1f (inclusive scan), got %.1f\n", i, sum, output[i]);
            return 1;
        }
    }
    std::printf("PASS: inclusive scan of %u elements\n", n);
    return 0;
}
