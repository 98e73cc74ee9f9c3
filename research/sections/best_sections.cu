// How fast can a section scan of each lab's shape be? Labs 2-5 scan independent sections with a
// fixed block shape (threads x items per thread, labs/labs.json). This times the fastest form of
// such a scan we know: each thread loads its items as one vector, scans them serially, a warp
// shuffle (Kogge-Stone over 32 lanes) combines the threads, and one barrier lets the warps'
// totals meet (Kogge-Stone over them by the first warp); then one vector store. Against it: the
// labs' shared-memory references (bench/results/bench-*.json) and a copy in the same run.
//
//   nvcc -O3 -arch=sm_90 -o best_sections research/sections/best_sections.cu && ./best_sections
//
// Output: per shape and n, the median time of 10 calls, the fraction of the faster copy (a
// float4 copy kernel and cudaMemcpy), and whether every section matched a host scan at 2^20.
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

template <int Items>
struct vec;
template <>
struct vec<1> {
  using type = float;
};
template <>
struct vec<2> {
  using type = float2;
};
template <>
struct vec<4> {
  using type = float4;
};

__device__ __forceinline__ void to_array(float v, float* a) { a[0] = v; }
__device__ __forceinline__ void to_array(float2 v, float* a) { a[0] = v.x, a[1] = v.y; }
__device__ __forceinline__ void to_array(float4 v, float* a) { a[0] = v.x, a[1] = v.y, a[2] = v.z, a[3] = v.w; }
__device__ __forceinline__ void from_array(const float* a, float& v) { v = a[0]; }
__device__ __forceinline__ void from_array(const float* a, float2& v) { v = make_float2(a[0], a[1]); }
__device__ __forceinline__ void from_array(const float* a, float4& v) { v = make_float4(a[0], a[1], a[2], a[3]); }

// Sections of Threads * Items elements, one block each; n a multiple of the section (the timing
// sizes are powers of two).
template <int Threads, int Items, bool Exclusive>
__global__ void __launch_bounds__(Threads) section_scan(const float* in, float* out) {
  using V = typename vec<Items>::type;
  constexpr int warps = Threads / 32;
  __shared__ float warp_totals[warps];
  const int t = threadIdx.x, lane = t % 32, warp = t / 32;
  const size_t base = size_t(blockIdx.x) * Threads * Items;
  float a[Items];
  to_array(reinterpret_cast<const V*>(in + base)[t], a);
  float own = 0;
#pragma unroll
  for (int k = 0; k < Items; ++k) own += a[k];
  float inclusive = own;  // Kogge-Stone over the lanes' totals
#pragma unroll
  for (int d = 1; d < 32; d *= 2) {
    const float up = __shfl_up_sync(0xffffffffu, inclusive, d);
    if (lane >= d) inclusive += up;
  }
  if (lane == 31) warp_totals[warp] = inclusive;
  __syncthreads();
  if (warp == 0) {  // Kogge-Stone over the warps' totals
    float w = lane < warps ? warp_totals[lane] : 0.0f;
#pragma unroll
    for (int d = 1; d < 32; d *= 2) {
      const float up = __shfl_up_sync(0xffffffffu, w, d);
      if (lane >= d) w += up;
    }
    if (lane < warps) warp_totals[lane] = w;
  }
  __syncthreads();
  float carry = inclusive - own + (warp > 0 ? warp_totals[warp - 1] : 0.0f);
#pragma unroll
  for (int k = 0; k < Items; ++k) {
    const float x = a[k];
    a[k] = Exclusive ? carry : carry + x;
    carry += x;
  }
  V v;
  from_array(a, v);
  reinterpret_cast<V*>(out + base)[t] = v;
}

__global__ void copy_float4(const float4* in, float4* out, size_t vectors) {
  for (size_t i = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < vectors; i += size_t(gridDim.x) * blockDim.x)
    out[i] = in[i];
}

template <class Launch>
double median_us(Launch launch) {
  cudaEvent_t a, b;
  cudaEventCreate(&a);
  cudaEventCreate(&b);
  launch();
  launch();
  std::vector<float> ms;
  for (int r = 0; r < 10; ++r) {
    cudaEventRecord(a);
    launch();
    cudaEventRecord(b);
    cudaEventSynchronize(b);
    float t = 0;
    cudaEventElapsedTime(&t, a, b);
    ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2] * 1e3;
}

template <int Threads, int Items, bool Exclusive>
bool correct(const float* d_in, float* d_out, const std::vector<float>& h_in) {
  const size_t n = h_in.size(), section = Threads * Items;
  section_scan<Threads, Items, Exclusive><<<unsigned(n / section), Threads>>>(d_in, d_out);
  std::vector<float> h(n);
  cudaMemcpy(h.data(), d_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (size_t s = 0; s < n; s += section) {
    float sum = 0;
    for (size_t i = s; i < s + section; ++i) {
      const float before = sum;
      sum += h_in[i];
      if (h[i] != (Exclusive ? before : sum)) return false;
    }
  }
  return true;
}

template <int Threads, int Items, bool Exclusive>
void measure(const char* labs, const float* d_in, float* d_out, const std::vector<float>& h_in,
             const double* copy_us, const int* log2s, int sizes) {
  const bool ok = correct<Threads, Items, Exclusive>(d_in, d_out, h_in);
  for (int s = 0; s < sizes; ++s) {
    const size_t n = size_t(1) << log2s[s];
    const double us = median_us([&] {
      section_scan<Threads, Items, Exclusive><<<unsigned(n / (Threads * Items)), Threads>>>(d_in, d_out);
    });
    std::printf("%-10s %4d threads x %d %-9s  n = 2^%d  %9.1f us  %.3f of copy  %s\n", labs, Threads, Items,
                Exclusive ? "exclusive" : "inclusive", log2s[s], us, copy_us[s] / us, ok ? "exact" : "WRONG");
  }
}

int main() {
  const int log2s[] = {24, 26, 28};
  constexpr int sizes = 3;
  const size_t cap = size_t(1) << 28;
  float *d_in, *d_out;
  cudaMalloc(&d_in, cap * sizeof(float));
  cudaMalloc(&d_out, cap * sizeof(float));
  std::vector<float> h_in(size_t(1) << 20);
  for (size_t i = 0; i < h_in.size(); ++i) h_in[i] = float(int(unsigned(i * 2654435761u) >> 28) - 8);  // -8..7: exact
  cudaMemset(d_in, 0, cap * sizeof(float));
  cudaMemcpy(d_in, h_in.data(), h_in.size() * sizeof(float), cudaMemcpyHostToDevice);
  int sms = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  double copy_us[sizes];
  for (int s = 0; s < sizes; ++s) {
    const size_t n = size_t(1) << log2s[s];
    const double kernel = median_us([&] {
      copy_float4<<<sms * 16, 256>>>(reinterpret_cast<const float4*>(d_in), reinterpret_cast<float4*>(d_out), n / 4);
    });
    const double memcpy_us = median_us([&] { cudaMemcpyAsync(d_out, d_in, n * sizeof(float), cudaMemcpyDeviceToDevice); });
    copy_us[s] = std::min(kernel, memcpy_us);
    std::printf("copy                                n = 2^%d  %9.1f us  (float4 kernel %.1f, cudaMemcpy %.1f)\n",
                log2s[s], copy_us[s], kernel, memcpy_us);
  }
  measure<1024, 1, false>("labs 2, 3", d_in, d_out, h_in, copy_us, log2s, sizes);
  measure<1024, 2, false>("lab 4", d_in, d_out, h_in, copy_us, log2s, sizes);
  measure<512, 2, true>("lab 5", d_in, d_out, h_in, copy_us, log2s, sizes);
  measure<1024, 4, false>("(4 items)", d_in, d_out, h_in, copy_us, log2s, sizes);
  std::printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  return 0;
}
