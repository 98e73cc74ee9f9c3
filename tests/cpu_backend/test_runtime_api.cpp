// The CUDA runtime API as the CPU backend provides it (generated from the toolkit's declarations):
// CUDA's error names and messages, device properties that agree with device attributes, pitched
// and 2-D/3-D memory, stream-ordered allocation, callbacks, mapped host memory and occupancy. The
// same file runs on the GPU, where it checks that these expectations are CUDA's own; the cases
// under #ifdef SCANLAB_CPU_BACKEND check what only the CPU backend does (every attribute answers,
// functions it cannot honour, every declared function linking).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iterator>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

#include "runtime_api_kernels.h"
#include "scanlab_catch.hpp"

namespace {

struct error_row {
  const char* name;
  int value;
  const char* message;
};
// The toolkit's table, as generated from its libcudart: the expectation on both backends.
const error_row toolkit_errors[] = {
#define SCANLAB_RUNTIME_ERROR(name, value, message) {#name, value, message},
#include "../../cpu_backend/include/scanlab/cpu/generated/runtime_errors.inc"
#undef SCANLAB_RUNTIME_ERROR
};

std::vector<unsigned char> random_bytes(std::size_t n, unsigned seed) {
  std::mt19937 rng(seed);
  std::vector<unsigned char> v(n);
  for (auto& b : v) b = static_cast<unsigned char>(rng());
  return v;
}

}  // namespace

TEST_CASE("every cudaError_t code has CUDA's name and message", "[runtime_api]") {
  REQUIRE(std::size(toolkit_errors) > 130);
  for (const error_row& e : toolkit_errors) {
    INFO(e.name << " = " << e.value);
    CHECK(std::string(cudaGetErrorName(static_cast<cudaError_t>(e.value))) == e.name);
    CHECK(std::string(cudaGetErrorString(static_cast<cudaError_t>(e.value))) == e.message);
  }
  CHECK(std::string(cudaGetErrorName(static_cast<cudaError_t>(12345))) == "unrecognized error code");
  CHECK(cudaErrorInvalidValue == 1);
  CHECK(cudaErrorNotSupported == 801);
  CHECK(cudaErrorUnknown == 999);
}

TEST_CASE("device properties agree with device attributes", "[runtime_api]") {
  cudaDeviceProp p;
  REQUIRE(cudaGetDeviceProperties(&p, 0) == cudaSuccess);
  auto attr = [](cudaDeviceAttr a) {
    int v = -12345;
    REQUIRE(cudaDeviceGetAttribute(&v, a, 0) == cudaSuccess);
    return v;
  };
  CHECK(attr(cudaDevAttrMaxThreadsPerBlock) == p.maxThreadsPerBlock);
  CHECK(attr(cudaDevAttrMaxBlockDimX) == p.maxThreadsDim[0]);
  CHECK(attr(cudaDevAttrMaxBlockDimY) == p.maxThreadsDim[1]);
  CHECK(attr(cudaDevAttrMaxBlockDimZ) == p.maxThreadsDim[2]);
  CHECK(attr(cudaDevAttrMaxGridDimX) == p.maxGridSize[0]);
  CHECK(attr(cudaDevAttrMaxGridDimY) == p.maxGridSize[1]);
  CHECK(attr(cudaDevAttrMaxGridDimZ) == p.maxGridSize[2]);
  CHECK(attr(cudaDevAttrMaxSharedMemoryPerBlock) == static_cast<int>(p.sharedMemPerBlock));
  CHECK(attr(cudaDevAttrMaxSharedMemoryPerBlockOptin) == static_cast<int>(p.sharedMemPerBlockOptin));
  CHECK(attr(cudaDevAttrMaxSharedMemoryPerMultiprocessor) == static_cast<int>(p.sharedMemPerMultiprocessor));
  CHECK(attr(cudaDevAttrReservedSharedMemoryPerBlock) == static_cast<int>(p.reservedSharedMemPerBlock));
  CHECK(attr(cudaDevAttrTotalConstantMemory) == static_cast<int>(p.totalConstMem));
  CHECK(attr(cudaDevAttrWarpSize) == p.warpSize);
  CHECK(attr(cudaDevAttrMaxRegistersPerBlock) == p.regsPerBlock);
  CHECK(attr(cudaDevAttrMaxRegistersPerMultiprocessor) == p.regsPerMultiprocessor);
  CHECK(attr(cudaDevAttrMultiProcessorCount) == p.multiProcessorCount);
  CHECK(attr(cudaDevAttrMaxThreadsPerMultiProcessor) == p.maxThreadsPerMultiProcessor);
  CHECK(attr(cudaDevAttrMaxBlocksPerMultiprocessor) == p.maxBlocksPerMultiProcessor);
  CHECK(attr(cudaDevAttrComputeCapabilityMajor) == p.major);
  CHECK(attr(cudaDevAttrComputeCapabilityMinor) == p.minor);
  CHECK(attr(cudaDevAttrL2CacheSize) == p.l2CacheSize);
  CHECK(attr(cudaDevAttrGlobalMemoryBusWidth) == p.memoryBusWidth);
  CHECK(attr(cudaDevAttrUnifiedAddressing) == p.unifiedAddressing);
  CHECK(attr(cudaDevAttrCanMapHostMemory) == p.canMapHostMemory);
  CHECK(attr(cudaDevAttrManagedMemory) == p.managedMemory);
  CHECK(attr(cudaDevAttrConcurrentManagedAccess) == p.concurrentManagedAccess);
  CHECK(attr(cudaDevAttrCooperativeLaunch) == p.cooperativeLaunch);
  CHECK(attr(cudaDevAttrAsyncEngineCount) == p.asyncEngineCount);
  CHECK(attr(cudaDevAttrConcurrentKernels) == p.concurrentKernels);
  CHECK(attr(cudaDevAttrPciBusId) == p.pciBusID);
  CHECK(attr(cudaDevAttrPciDeviceId) == p.pciDeviceID);
  CHECK(attr(cudaDevAttrPciDomainId) == p.pciDomainID);
  CHECK(attr(cudaDevAttrStreamPrioritiesSupported) == p.streamPrioritiesSupported);
  CHECK(attr(cudaDevAttrMemoryPoolsSupported) == p.memoryPoolsSupported);
  CHECK(attr(cudaDevAttrHostRegisterSupported) == p.hostRegisterSupported);
  CHECK(attr(cudaDevAttrMaxTexture2DWidth) == p.maxTexture2D[0]);
  CHECK(attr(cudaDevAttrMaxSurface3DDepth) == p.maxSurface3D[2]);
  CHECK(attr(cudaDevAttrTextureAlignment) == static_cast<int>(p.textureAlignment));
  CHECK(p.warpSize == 32);
  CHECK(p.sharedMemPerBlockOptin >= p.sharedMemPerBlock);
  CHECK(p.totalGlobalMem > 0);
  int least = 1, greatest = 1;
  REQUIRE(cudaDeviceGetStreamPriorityRange(&least, &greatest) == cudaSuccess);
  CHECK(greatest <= least);
  char bus[32];
  REQUIRE(cudaDeviceGetPCIBusId(bus, sizeof bus, 0) == cudaSuccess);
  int found = -1;
  CHECK(cudaDeviceGetByPCIBusId(&found, bus) == cudaSuccess);
  CHECK(found == 0);
  int bad = 0;
  CHECK(cudaDeviceGetAttribute(&bad, cudaDevAttrWarpSize, 4096) == cudaErrorInvalidDevice);
  cudaGetLastError();
}

#ifdef SCANLAB_CPU_BACKEND
TEST_CASE("every device attribute the toolkit names has a value on the CPU backend", "[runtime_api]") {
  // The reserved numbers of cudaDeviceAttr are gaps in the toolkit's enum; every other value answers.
  const std::vector<int> reserved = {44, 92, 93, 94, 96, 102, 103, 104, 105, 107, 110, 122, 123, 124,
                                     127, 128, 129, 132, 136, 137, 141, 145, 146};
  int answered = 0;
  for (int a = 1; a < cudaDevAttrMax; ++a) {
    if (std::find(reserved.begin(), reserved.end(), a) != reserved.end()) continue;
    int v = 0;
    INFO("attribute " << a);
    CHECK(cudaDeviceGetAttribute(&v, static_cast<cudaDeviceAttr>(a), 0) == cudaSuccess);
    ++answered;
  }
  CHECK(answered >= 120);
}
#endif

TEST_CASE("device limits, flags and cache preferences read back", "[runtime_api]") {
  std::size_t heap = 0;
  REQUIRE(cudaDeviceSetLimit(cudaLimitMallocHeapSize, 32u << 20) == cudaSuccess);
  REQUIRE(cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize) == cudaSuccess);
  CHECK(heap >= (32u << 20));
  std::size_t fifo = 0, stack = 0;
  CHECK(cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize) == cudaSuccess);
  CHECK(cudaDeviceGetLimit(&stack, cudaLimitStackSize) == cudaSuccess);
  CHECK(fifo > 0);
  CHECK(stack > 0);
  unsigned flags = 0;
  CHECK(cudaGetDeviceFlags(&flags) == cudaSuccess);
  cudaFuncCache cache;
  CHECK(cudaDeviceSetCacheConfig(cudaFuncCachePreferShared) == cudaSuccess);
  CHECK(cudaDeviceGetCacheConfig(&cache) == cudaSuccess);
  CHECK(cudaDeviceSetCacheConfig(cudaFuncCachePreferNone) == cudaSuccess);
  int device = -1;
  cudaDeviceProp want{};
  want.major = 9;
  CHECK(cudaChooseDevice(&device, &want) == cudaSuccess);
  CHECK(device == 0);
}

TEST_CASE("pitched 2-D and 3-D copies round-trip random data", "[runtime_api]") {
  const int width = 77, height = 29;  // floats per row, rows
  const std::size_t row_bytes = width * sizeof(float);
  std::vector<float> host(width * height);
  std::mt19937 rng(14);
  for (float& v : host) v = static_cast<float>(rng() % 100000) / 8.0f;

  float *a = nullptr, *b = nullptr;
  std::size_t pitch_a = 0, pitch_b = 0;
  REQUIRE(cudaMallocPitch(&a, &pitch_a, row_bytes, height) == cudaSuccess);
  REQUIRE(cudaMallocPitch(reinterpret_cast<void**>(&b), &pitch_b, row_bytes, height) == cudaSuccess);
  CHECK(pitch_a >= row_bytes);
  CHECK(pitch_a % 32 == 0);
  REQUIRE(cudaMemset2D(a, pitch_a, 0, row_bytes, height) == cudaSuccess);
  REQUIRE(cudaMemcpy2D(a, pitch_a, host.data(), row_bytes, row_bytes, height, cudaMemcpyHostToDevice) == cudaSuccess);
  runtime_api::add_to_pitched(a, pitch_a, width, height, 1.0f);
  REQUIRE(cudaMemcpy2DAsync(b, pitch_b, a, pitch_a, row_bytes, height, cudaMemcpyDeviceToDevice, nullptr) == cudaSuccess);
  // Clear a 3-column window of b; the copy back must show it and nothing else changed.
  REQUIRE(cudaMemset2D(reinterpret_cast<char*>(b) + 5 * sizeof(float), pitch_b, 0, 3 * sizeof(float), height) ==
          cudaSuccess);
  std::vector<float> back(width * height, -1.0f);
  REQUIRE(cudaMemcpy2D(back.data(), row_bytes, b, pitch_b, row_bytes, height, cudaMemcpyDeviceToHost) == cudaSuccess);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      const float expected = x >= 5 && x < 8 ? 0.0f : host[y * width + x] + 1.0f;
      INFO("x " << x << " y " << y);
      REQUIRE(back[y * width + x] == expected);
    }
  CHECK(cudaMemcpy2D(a, 8, host.data(), 8, 16, 2, cudaMemcpyHostToDevice) == cudaErrorInvalidPitchValue);
  cudaGetLastError();

  // 3-D: a random 3-D block of bytes through cudaMalloc3D, cudaMemcpy3D both ways, at an offset.
  const cudaExtent extent = make_cudaExtent(40, 6, 5);
  cudaPitchedPtr dev;
  REQUIRE(cudaMalloc3D(&dev, extent) == cudaSuccess);
  REQUIRE(cudaMemset3D(dev, 0, extent) == cudaSuccess);
  auto bytes = random_bytes(40 * 6 * 5, 3);
  cudaMemcpy3DParms up{};
  up.srcPtr = make_cudaPitchedPtr(bytes.data(), 40, 40, 6);
  up.dstPtr = dev;
  up.extent = make_cudaExtent(30, 4, 3);
  up.dstPos = make_cudaPos(10, 2, 2);
  up.kind = cudaMemcpyHostToDevice;
  REQUIRE(cudaMemcpy3D(&up) == cudaSuccess);
  std::vector<unsigned char> down_bytes(40 * 6 * 5, 0xEE);
  cudaMemcpy3DParms down{};
  down.srcPtr = dev;
  down.dstPtr = make_cudaPitchedPtr(down_bytes.data(), 40, 40, 6);
  down.extent = extent;
  down.kind = cudaMemcpyDeviceToHost;
  REQUIRE(cudaMemcpy3D(&down) == cudaSuccess);
  for (int z = 0; z < 5; ++z)
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 40; ++x) {
        const bool inside = x >= 10 && y >= 2 && y < 6 && z >= 2 && z < 5;
        const unsigned char expected = inside ? bytes[((z - 2) * 6 + (y - 2)) * 40 + (x - 10)] : 0;
        INFO("x " << x << " y " << y << " z " << z);
        REQUIRE(down_bytes[(z * 6 + y) * 40 + x] == expected);
      }
  CHECK(cudaFree(dev.ptr) == cudaSuccess);
  CHECK(cudaFree(a) == cudaSuccess);
  CHECK(cudaFree(b) == cudaSuccess);
}

TEST_CASE("stream-ordered allocation and the default memory pool", "[runtime_api]") {
  cudaStream_t s;
  REQUIRE(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking) == cudaSuccess);
  auto squares = runtime_api::squares_through_async_allocation(1000, s);
  for (int i = 0; i < 1000; ++i) REQUIRE(squares[i] == i * i);
  cudaMemPool_t pool;
  REQUIRE(cudaDeviceGetDefaultMemPool(&pool, 0) == cudaSuccess);
  unsigned long long threshold = 1ull << 30, read = 0;
  CHECK(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold) == cudaSuccess);
  CHECK(cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &read) == cudaSuccess);
  CHECK(read == threshold);
  void* p = nullptr;
  REQUIRE(cudaMallocFromPoolAsync(&p, 4096, pool, s) == cudaSuccess);
  CHECK(cudaMemsetAsync(p, 7, 4096, s) == cudaSuccess);
  CHECK(cudaFreeAsync(p, s) == cudaSuccess);
  CHECK(cudaStreamSynchronize(s) == cudaSuccess);
  CHECK(cudaStreamDestroy(s) == cudaSuccess);
}

namespace {
struct callback_log {
  std::vector<int> order;
  const float* host = nullptr;  // the result the callbacks must already see
  std::vector<float> seen;
};
struct callback_arg {
  callback_log* log;
  int id;
};
void CUDART_CB stream_callback(cudaStream_t, cudaError_t status, void* data) {
  auto* a = static_cast<callback_arg*>(data);
  a->log->order.push_back(status == cudaSuccess ? a->id : -a->id);
  a->log->seen.push_back(a->log->host[0]);
}
void CUDART_CB host_function(void* data) {
  auto* a = static_cast<callback_arg*>(data);
  a->log->order.push_back(a->id);
  a->log->seen.push_back(a->log->host[0]);
}
}  // namespace

TEST_CASE("stream callbacks and host functions run in order, after the work before them", "[runtime_api]") {
  cudaStream_t s;
  int least = 0, greatest = 0;
  REQUIRE(cudaDeviceGetStreamPriorityRange(&least, &greatest) == cudaSuccess);
  REQUIRE(cudaStreamCreateWithPriority(&s, cudaStreamNonBlocking, greatest) == cudaSuccess);
  int priority = 1;
  unsigned flags = 0;
  CHECK(cudaStreamGetPriority(s, &priority) == cudaSuccess);
  CHECK(priority == greatest);
  CHECK(cudaStreamGetFlags(s, &flags) == cudaSuccess);
  CHECK(flags == cudaStreamNonBlocking);

  float* host = nullptr;
  float* dev = nullptr;
  REQUIRE(cudaMallocHost(&host, 256 * sizeof(float)) == cudaSuccess);
  REQUIRE(cudaMalloc(&dev, 256 * sizeof(float)) == cudaSuccess);
  std::fill(host, host + 256, 1.0f);
  callback_log log;
  log.host = host;
  callback_arg args[4] = {{&log, 1}, {&log, 2}, {&log, 3}, {&log, 4}};
  float factor = 2.0f;
  for (int round = 0; round < 2; ++round) {
    REQUIRE(cudaMemcpyAsync(dev, host, 256 * sizeof(float), cudaMemcpyHostToDevice, s) == cudaSuccess);
    runtime_api::scale(dev, 256, factor, s);
    REQUIRE(cudaMemcpyAsync(host, dev, 256 * sizeof(float), cudaMemcpyDeviceToHost, s) == cudaSuccess);
    REQUIRE(cudaStreamAddCallback(s, stream_callback, &args[2 * round], 0) == cudaSuccess);
    REQUIRE(cudaLaunchHostFunc(s, host_function, &args[2 * round + 1]) == cudaSuccess);
  }
  REQUIRE(cudaStreamSynchronize(s) == cudaSuccess);
  CHECK(log.order == std::vector<int>{1, 2, 3, 4});
  CHECK(log.seen == std::vector<float>{2.0f, 2.0f, 4.0f, 4.0f});
  cudaEvent_t start, stop;
  REQUIRE(cudaEventCreate(&start) == cudaSuccess);
  REQUIRE(cudaEventCreateWithFlags(&stop, cudaEventBlockingSync) == cudaSuccess);
  CHECK(cudaEventRecord(start, s) == cudaSuccess);
  runtime_api::scale(dev, 256, 1.0f, s);
  CHECK(cudaEventRecordWithFlags(stop, s, cudaEventRecordDefault) == cudaSuccess);
  CHECK(cudaEventSynchronize(stop) == cudaSuccess);
  float ms = -1.0f;
  CHECK(cudaEventElapsedTime(&ms, start, stop) == cudaSuccess);
  CHECK(ms >= 0.0f);
  CHECK(cudaEventDestroy(start) == cudaSuccess);
  CHECK(cudaEventDestroy(stop) == cudaSuccess);
  CHECK(cudaStreamDestroy(s) == cudaSuccess);
  CHECK(cudaFreeHost(host) == cudaSuccess);
  CHECK(cudaFree(dev) == cudaSuccess);
}

TEST_CASE("mapped and registered host memory is usable by kernels", "[runtime_api]") {
  float* mapped = nullptr;
  REQUIRE(cudaHostAlloc(&mapped, 300 * sizeof(float), cudaHostAllocMapped) == cudaSuccess);
  for (int i = 0; i < 300; ++i) mapped[i] = static_cast<float>(i);
  float* dev_view = nullptr;
  REQUIRE(cudaHostGetDevicePointer(&dev_view, mapped, 0) == cudaSuccess);
  runtime_api::scale(dev_view, 300, 3.0f);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  for (int i = 0; i < 300; ++i) REQUIRE(mapped[i] == 3.0f * i);
  unsigned flags = 0;
  CHECK(cudaHostGetFlags(&flags, mapped) == cudaSuccess);
  CHECK((flags & cudaHostAllocMapped) != 0);
  cudaPointerAttributes attr;
  REQUIRE(cudaPointerGetAttributes(&attr, mapped) == cudaSuccess);
  CHECK(attr.type == cudaMemoryTypeHost);
  CHECK(attr.hostPointer == mapped);
  CHECK(cudaFreeHost(mapped) == cudaSuccess);

  std::vector<float> owned(512, 2.0f);
  REQUIRE(cudaHostRegister(owned.data(), owned.size() * sizeof(float), cudaHostRegisterMapped) == cudaSuccess);
  float* owned_view = nullptr;
  REQUIRE(cudaHostGetDevicePointer(&owned_view, owned.data(), 0) == cudaSuccess);
  runtime_api::scale(owned_view, 512, 0.5f);
  REQUIRE(cudaDeviceSynchronize() == cudaSuccess);
  CHECK(std::all_of(owned.begin(), owned.end(), [](float v) { return v == 1.0f; }));
  CHECK(cudaHostUnregister(owned.data()) == cudaSuccess);

  float* dev = nullptr;
  REQUIRE(cudaMalloc(&dev, 64) == cudaSuccess);
  REQUIRE(cudaPointerGetAttributes(&attr, dev) == cudaSuccess);
  CHECK(attr.type == cudaMemoryTypeDevice);
  CHECK(attr.devicePointer == dev);
  CHECK(cudaFree(dev) == cudaSuccess);
}

TEST_CASE("occupancy answers are sane", "[runtime_api]") {
  const void* kernel = runtime_api::scale_kernel();
  cudaDeviceProp p;
  REQUIRE(cudaGetDeviceProperties(&p, 0) == cudaSuccess);
  int blocks = -1;
  REQUIRE(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, kernel, 256, 0) == cudaSuccess);
  CHECK(blocks >= 1);
  CHECK(blocks * 256 <= p.maxThreadsPerMultiProcessor);
  CHECK(blocks <= p.maxBlocksPerMultiProcessor);
  int with_shared = -1;
  REQUIRE(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&with_shared, kernel, 256, p.sharedMemPerBlockOptin) ==
          cudaSuccess);
  CHECK(with_shared <= 1);
  CHECK(with_shared <= blocks);
  int min_grid = -1, block = -1;
  REQUIRE(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, kernel, 0, 0) == cudaSuccess);
  CHECK(block > 0);
  CHECK(block <= p.maxThreadsPerBlock);
  CHECK(block % p.warpSize == 0);
  CHECK(min_grid >= p.multiProcessorCount);
  REQUIRE(cudaOccupancyMaxPotentialBlockSize(&min_grid, &block, kernel, 0, 128) == cudaSuccess);
  CHECK(block <= 128);
  REQUIRE(cudaOccupancyMaxPotentialBlockSizeVariableSMem(&min_grid, &block, kernel,
                                                         [](int b) { return static_cast<std::size_t>(b) * 64; }) ==
          cudaSuccess);
  CHECK(block > 0);
  CHECK(static_cast<std::size_t>(block) * 64 <= p.sharedMemPerBlockOptin);
  std::size_t available = 0;
  REQUIRE(cudaOccupancyAvailableDynamicSMemPerBlock(&available, kernel, 2, 256) == cudaSuccess);
  CHECK(available > 0);
  CHECK(available <= p.sharedMemPerBlockOptin);
  cudaFuncAttributes fa;
  REQUIRE(cudaFuncGetAttributes(&fa, kernel) == cudaSuccess);
  CHECK(fa.maxThreadsPerBlock > 0);
  CHECK(fa.maxThreadsPerBlock <= p.maxThreadsPerBlock);
}

#ifdef SCANLAB_CPU_BACKEND
namespace {
// Runs f with stderr captured; returns what it printed.
template <class F>
std::string captured_stderr(F f) {
  std::fflush(stderr);
  char path[] = "/tmp/scanlab_runtime_api_XXXXXX";
  const int fd = mkstemp(path);
  const int saved = dup(2);
  dup2(fd, 2);
  f();
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  std::string text;
  char buffer[512];
  lseek(fd, 0, SEEK_SET);
  for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;) text.append(buffer, static_cast<std::size_t>(n));
  close(fd);
  unlink(path);
  return text;
}
}  // namespace

TEST_CASE("a runtime function the CPU backend cannot honour says so and returns cudaErrorNotSupported",
          "[runtime_api]") {
  cudaError_t result = cudaSuccess;
  const std::string message = captured_stderr([&] {
    cudaMemPool_t pool = nullptr;
    cudaMemPoolProps props{};
    result = cudaMemPoolCreate(&pool, &props);
  });
  CHECK(result == cudaErrorNotSupported);
  CHECK(cudaGetLastError() == cudaErrorNotSupported);
  CHECK(message.find("scanlab CPU backend: cudaMemPoolCreate is not supported on the CPU backend") != std::string::npos);
  CHECK(message.find("this program needs a GPU") != std::string::npos);
}

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
TEST_CASE("every runtime function the toolkit declares links on the CPU backend", "[runtime_api]") {
  // Taking each address makes the linker find a definition for all of them: implemented or a stub.
  std::vector<const void*> addresses;
#define SCANLAB_RUNTIME_IMPLEMENTED(name) 0
#define SCANLAB_RUNTIME_FUNCTION(name, ret, params) \
  addresses.push_back(reinterpret_cast<const void*>(static_cast<ret(*) params>(&name)));
#include "scanlab/cpu/generated/runtime_function_list.inc"
#undef SCANLAB_RUNTIME_FUNCTION
#undef SCANLAB_RUNTIME_IMPLEMENTED
  CHECK(addresses.size() > 150);
  CHECK(std::count(addresses.begin(), addresses.end(), nullptr) == 0);
}
#endif
