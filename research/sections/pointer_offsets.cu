// Checks one lab's scan() with input and output pointers one float past a vector boundary, which
// the labs' harness never passes (its buffers come straight from cudaMalloc). The advanced
// references of labs 4 and 5 load pairs as 8-byte vectors only when both pointers allow it; this
// runs both paths, with partial last sections, and checks that nothing is written outside
// [output, output + n).
//
//   nvcc -O3 -arch=sm_90 -I labs/lab4-brent-kung -DEXCLUSIVE=0 -o offsets \
//        research/sections/pointer_offsets.cu solutions/lab4-brent-kung/warp_brent_kung.cu && ./offsets
//   (the same with build/bin/scanlab-nvcc runs it on the CPU backend; lab 5: -DEXCLUSIVE=1)
#include <cuda_runtime.h>

#include <cstddef>
#include <cstdio>
#include <vector>

#include "lab.h"

void scan(const float* input, float* output, unsigned n, void* workspace);

namespace {

constexpr unsigned SLACK = 8;          // floats allocated past n
constexpr float UNTOUCHED = -99.0f;    // poison: any other value outside the output was written

// One call at this n and these offsets; returns the number of wrong or stray values.
int check_once(unsigned n, unsigned in_offset, unsigned out_offset) {
    const unsigned total = n + SLACK;
    std::vector<float> in(total), out(total, UNTOUCHED);
    for (unsigned i = 0; i < total; ++i) in[i] = float(int(i * 7919u % 13) - 6);  // small integers: exact
    float *d_in = nullptr, *d_out = nullptr;
    cudaMalloc(&d_in, total * sizeof(float));
    cudaMalloc(&d_out, total * sizeof(float));
    cudaMemcpy(d_in, in.data(), total * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_out, out.data(), total * sizeof(float), cudaMemcpyHostToDevice);
    scan(d_in + in_offset, d_out + out_offset, n, nullptr);
    cudaMemcpy(out.data(), d_out, total * sizeof(float), cudaMemcpyDeviceToHost);
    cudaFree(d_in);
    cudaFree(d_out);

    int wrong = 0;
    float sum = 0.0f;
    for (unsigned i = 0; i < n; ++i) {
        if (i % SECTION_SIZE == 0) sum = 0.0f;
        const float before = sum;
        sum += in[i + in_offset];
        const float want = EXCLUSIVE ? before : sum;
        if (out[i + out_offset] != want && wrong++ < 3)
            std::printf("n = %u, offsets %u/%u: element %u is %g, expected %g\n", n, in_offset, out_offset, i,
                        out[i + out_offset], want);
    }
    for (unsigned j = 0; j < total; ++j) {
        const bool outside = j < out_offset || j >= out_offset + n;
        if (outside && out[j] != UNTOUCHED && wrong++ < 3)
            std::printf("n = %u, offsets %u/%u: wrote outside the output at %d\n", n, in_offset, out_offset,
                        int(j) - int(out_offset));
    }
    return wrong;
}

}  // namespace

int main() {
    int wrong = 0, calls = 0;
    for (unsigned n : {1u, 2u, 3u, SECTION_SIZE - 1, SECTION_SIZE + 1, 3 * SECTION_SIZE + 1, 5000u})
        for (unsigned in_offset : {0u, 1u})
            for (unsigned out_offset : {0u, 1u}) {
                wrong += check_once(n, in_offset, out_offset);
                ++calls;
            }
    const cudaError_t error = cudaGetLastError();
    std::printf("%d calls, %d wrong or stray values, %s\n", calls, wrong, cudaGetErrorString(error));
    return wrong != 0 || error != cudaSuccess;
}
