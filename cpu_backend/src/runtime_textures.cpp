// CUDA arrays and texture objects on the CPU backend.
//
// A CUDA array is opaque, so it lives in ordinary host memory, packed row by row; kernels read it
// only through texture fetches, which run here (not in the instrumented kernel file), so the
// arena's page protection and the access checks never see them. A texture on linear or pitched
// memory reads the cudaMalloc buffer through the runtime's always-open view of the arena.
//
// Sampling follows the CUDA Programming Guide's "Texture Fetching" appendix, and what an H200
// answers where the guide is silent:
//   * point sampling takes the texel floor(x);
//   * linear filtering takes x - 0.5, splits it into floor and fraction, and rounds the fraction to
//     8 fractional bits (to nearest, halves up: weights are multiples of 1/256, 1 included); in 2D
//     the corner weight a*b is rounded to 1/256 too (see texture_sample); the weighted sum is
//     formed exactly and rounded to float once;
//   * normalized coordinates are scaled by the size; the address mode then acts on each texel index
//     the filter reaches (wrap: modulo the size, mirror: reflected with period twice the size);
//     without normalized coordinates wrap and mirror act as clamp;
//     border reads outside texels as the border colour;
//   * cudaReadModeNormalizedFloat turns 8- and 16-bit integers into v / (2^n - 1) (unsigned) or
//     max(v / (2^(n-1) - 1), -1) (signed); channels the format lacks read as 0.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <memory>
#include <mutex>
#include <set>

#include "device_arena.h"
#include "device_memory.h"
#include "error_state.h"
#include "host_writes.h"
#include "runtime_objects.h"
#include "scanlab/cpu/runtime_api.h"
#include "scanlab/cpu/texture_api.h"
#include "runtime_textures.h"

using namespace scanlab::cpu::detail;

struct cudaArray {
  cudaChannelFormatDesc desc{};
  std::size_t width = 0, height = 0, depth = 0;  // 0 for a dimension the array does not have
  unsigned flags = 0;
  std::size_t element = 0;                       // bytes per element
  std::unique_ptr<unsigned char[]> data;

  std::size_t rows() const { return std::max<std::size_t>(height, 1); }
  std::size_t slices() const { return std::max<std::size_t>(depth, 1); }
  std::size_t row_bytes() const { return width * element; }
  std::size_t bytes() const { return row_bytes() * rows() * slices(); }
};

namespace {

// ---- formats

struct format {
  int channels = 0, bits = 0;
  cudaChannelFormatKind kind = cudaChannelFormatKindNone;
  std::size_t element() const { return static_cast<std::size_t>(channels) * bits / 8; }
};

// The formats a texture can hold here: 1, 2 or 4 channels of one size (8/16/32-bit integers,
// 16/32-bit floats). Anything else is reported by the caller.
cudaError_t read_format(const cudaChannelFormatDesc& d, format* f, const char* function) {
  const int sizes[4] = {d.x, d.y, d.z, d.w};
  int channels = 0;
  while (channels < 4 && sizes[channels] != 0) ++channels;
  for (int c = channels; c < 4; ++c)
    if (sizes[c] != 0) return set_error(cudaErrorInvalidChannelDescriptor);
  if (channels == 0) return set_error(cudaErrorInvalidChannelDescriptor);
  for (int c = 1; c < channels; ++c)
    if (sizes[c] != d.x) return set_error(cudaErrorInvalidChannelDescriptor);
  switch (d.f) {
    case cudaChannelFormatKindSigned:
    case cudaChannelFormatKindUnsigned:
      if (d.x != 8 && d.x != 16 && d.x != 32) return set_error(cudaErrorInvalidChannelDescriptor);
      break;
    case cudaChannelFormatKindFloat:
      if (d.x != 16 && d.x != 32) return set_error(cudaErrorInvalidChannelDescriptor);
      break;
    default:
      return not_supported(function, "channel formats other than 8/16/32-bit integers and 16/32-bit floats");
  }
  if (channels == 3) return set_error(cudaErrorInvalidChannelDescriptor);
  *f = format{channels, d.x, d.f};
  return cudaSuccess;
}

// ---- arrays

std::mutex arrays_mutex;
std::set<const cudaArray*>& live_arrays() {
  static std::set<const cudaArray*> arrays;
  return arrays;
}
bool live(const cudaArray* a) {
  std::lock_guard<std::mutex> lock(arrays_mutex);
  return a != nullptr && live_arrays().count(a) != 0;
}

cudaError_t make_array(cudaArray_t* out, const cudaChannelFormatDesc* desc, std::size_t w, std::size_t h,
                       std::size_t d, unsigned flags, const char* function) {
  if (out == nullptr || desc == nullptr) return set_error(cudaErrorInvalidValue);
  format f;
  if (cudaError_t e = read_format(*desc, &f, function); e != cudaSuccess) return e;
  if (flags & (cudaArrayLayered | cudaArrayCubemap))
    return not_supported(function, "layered and cubemap CUDA arrays");
  if (flags & (cudaArraySparse | cudaArrayDeferredMapping))
    return not_supported(function, "sparse and deferred-mapping CUDA arrays");
  if (w == 0 || (h == 0 && d != 0)) return set_error(cudaErrorInvalidValue);
  const bool three_d = d != 0;
  if (three_d ? (w > 16384 || h > 16384 || d > 16384) : (h == 0 ? w > 131072 : (w > 131072 || h > 65536)))
    return set_error(cudaErrorInvalidValue);
  auto a = std::make_unique<cudaArray>();
  a->desc = *desc;
  a->width = w, a->height = h, a->depth = d, a->flags = flags;
  a->element = f.element();
  a->data.reset(new (std::nothrow) unsigned char[a->bytes()]());
  if (!a->data) return set_error(cudaErrorMemoryAllocation);
  std::lock_guard<std::mutex> lock(arrays_mutex);
  live_arrays().insert(a.get());
  *out = a.release();
  return cudaSuccess;
}

bool device_side(const void* p, std::size_t bytes) {
  return is_device_accessible_range(p, bytes) || is_global_variable(p);
}

// A copy between an array's bytes and memory outside it (host or device), checked as CUDA
// checks the linear side of a copy against its direction.
cudaError_t check_linear_side(const void* p, std::size_t bytes, cudaMemcpyKind kind, bool linear_is_source) {
  if (p == nullptr) return set_error(cudaErrorInvalidValue);
  const bool dev = device_side(p, bytes);
  switch (kind) {
    case cudaMemcpyHostToDevice:
      if (!linear_is_source) return set_error(cudaErrorInvalidMemcpyDirection);
      break;
    case cudaMemcpyDeviceToHost:
      if (linear_is_source) return set_error(cudaErrorInvalidMemcpyDirection);
      break;
    case cudaMemcpyDeviceToDevice:
      if (!dev) return set_error(cudaErrorInvalidValue);
      break;
    case cudaMemcpyDefault:
    case cudaMemcpyHostToHost:
      break;
    default:
      return set_error(cudaErrorInvalidMemcpyDirection);
  }
  return cudaSuccess;
}

// Bytes into linear memory, recorded as the arena's bookkeeping wants: from an array counts as
// neither host- nor kernel-written (the array's bytes came from somewhere it does not track).
void write_linear(void* dst, const void* src, std::size_t bytes) {
  std::memmove(runtime_view(dst), src, bytes);
  if (in_arena(dst)) forget_writers(arena_offset(dst), bytes);
}
void read_linear(void* dst, const void* src, std::size_t bytes) { std::memmove(dst, runtime_view(src), bytes); }

// A box of rows: `width` bytes by `height` rows by `depth` slices, between an array (at byte
// offset x, row y, slice z) and linear memory with the given pitch and rows per slice.
cudaError_t copy_array_box(cudaArray* a, std::size_t x, std::size_t y, std::size_t z, void* linear, std::size_t pitch,
                           std::size_t slice_rows, std::size_t width, std::size_t height, std::size_t depth,
                           cudaMemcpyKind kind, bool to_array) {
  if (width == 0 || height == 0 || depth == 0) return cudaSuccess;
  if (x + width > a->row_bytes() || y + height > a->rows() || z + depth > a->slices())
    return set_error(cudaErrorInvalidValue);
  if (width > pitch) return set_error(cudaErrorInvalidPitchValue);
  const std::size_t span = pitch * (slice_rows * (depth - 1) + height - 1) + width;
  if (cudaError_t e = check_linear_side(linear, span, kind, to_array); e != cudaSuccess) return e;
  for (std::size_t s = 0; s < depth; ++s)
    for (std::size_t r = 0; r < height; ++r) {
      unsigned char* cell = a->data.get() + ((z + s) * a->rows() + y + r) * a->row_bytes() + x;
      char* line = static_cast<char*>(linear) + (s * slice_rows + r) * pitch;
      if (to_array)
        read_linear(cell, line, width);
      else
        write_linear(line, cell, width);
    }
  return cudaSuccess;
}

// ---- texture objects: a table that fetches read without a lock (entries are never moved or freed)

struct texture_record {
  cudaResourceDesc resource{};
  cudaTextureDesc texture{};
  format fmt;
  std::atomic<bool> alive{true};
  // Where the texels are: base, bytes per row and per slice, and the size in texels.
  const unsigned char* base = nullptr;  // an array's data, or the runtime view of device memory
  std::size_t pitch = 0, slice = 0;
  std::size_t size[3] = {1, 1, 1};
  int dims = 1;
  bool linear_resource = false;
  bool float_result = false;  // the fetch returns floats (float channels, or normalized integers)
};

constexpr std::size_t chunk_bits = 12, chunk_size = std::size_t{1} << chunk_bits, max_chunks = 4096;
std::atomic<texture_record*>* chunks[max_chunks];
std::atomic<std::size_t> texture_count{0};
std::mutex textures_mutex;

texture_record* lookup(cudaTextureObject_t id) {
  if (id == 0 || id > texture_count.load(std::memory_order_acquire)) return nullptr;
  const std::size_t i = id - 1;
  texture_record* r = chunks[i >> chunk_bits][i & (chunk_size - 1)].load(std::memory_order_acquire);
  return r != nullptr && r->alive.load(std::memory_order_relaxed) ? r : nullptr;
}


// ---- sampling

float half_to_float(std::uint16_t h) {
  const std::uint32_t sign = (h >> 15) & 1, exp = (h >> 10) & 0x1f, man = h & 0x3ff;
  float v;
  if (exp == 0)
    v = std::ldexp(static_cast<float>(man), -24);
  else if (exp == 31)
    v = man ? NAN : INFINITY;
  else
    v = std::ldexp(static_cast<float>(man | 0x400), static_cast<int>(exp) - 25);
  return sign ? -v : v;
}

// One texel's channels: as floats when the fetch returns floats, else as integer words.
struct texel {
  double f[4] = {0, 0, 0, 0};
  std::uint32_t i[4] = {0, 0, 0, 0};
};

texel decode(const texture_record& t, const unsigned char* p) {
  texel out;
  const bool normalized = t.texture.readMode == cudaReadModeNormalizedFloat && t.fmt.bits < 32;
  for (int c = 0; c < t.fmt.channels; ++c) {
    const unsigned char* q = p + c * t.fmt.bits / 8;
    if (t.fmt.kind == cudaChannelFormatKindFloat) {
      if (t.fmt.bits == 16) {
        std::uint16_t h;
        std::memcpy(&h, q, 2);
        out.f[c] = half_to_float(h);
      } else {
        float v;
        std::memcpy(&v, q, 4);
        out.f[c] = v;
      }
      continue;
    }
    std::int64_t v;
    const bool is_signed = t.fmt.kind == cudaChannelFormatKindSigned;
    switch (t.fmt.bits) {
      case 8: v = is_signed ? std::int64_t(*reinterpret_cast<const std::int8_t*>(q)) : std::int64_t(*q); break;
      case 16: {
        std::uint16_t u;
        std::memcpy(&u, q, 2);
        v = is_signed ? std::int64_t(static_cast<std::int16_t>(u)) : std::int64_t(u);
        break;
      }
      default: {
        std::uint32_t u;
        std::memcpy(&u, q, 4);
        v = is_signed ? std::int64_t(static_cast<std::int32_t>(u)) : std::int64_t(u);
      }
    }
    if (normalized) {
      const float scale = is_signed ? float((1 << (t.fmt.bits - 1)) - 1) : float((1 << t.fmt.bits) - 1);
      out.f[c] = std::max(static_cast<float>(v) / scale, -1.0f);
    } else {
      out.i[c] = static_cast<std::uint32_t>(v);
    }
  }
  return out;
}

texel border(const texture_record& t) {
  texel out;
  for (int c = 0; c < 4; ++c) {
    out.f[c] = t.texture.borderColor[c];
    std::memcpy(&out.i[c], &t.texture.borderColor[c], 4);  // integer border colours travel as float bits
  }
  return out;
}

// A texel index through the address mode: the index within [0, n), or -1 for a border texel.
long long address(long long i, long long n, cudaTextureAddressMode mode) {
  switch (mode) {
    case cudaAddressModeWrap: return ((i % n) + n) % n;
    case cudaAddressModeMirror: {
      long long m = ((i % (2 * n)) + 2 * n) % (2 * n);
      return m < n ? m : 2 * n - 1 - m;
    }
    case cudaAddressModeBorder: return i < 0 || i >= n ? -1 : i;
    default: return std::clamp<long long>(i, 0, n - 1);
  }
}

texel texel_at(const texture_record& t, const long long idx[3]) {
  for (int d = 0; d < t.dims; ++d)
    if (idx[d] < 0) return border(t);
  return decode(t, t.base + idx[2] * t.slice + idx[1] * t.pitch + idx[0] * t.fmt.element());
}

texel_words to_words(const texture_record& t, const texel& v) {
  texel_words out{};
  for (int c = 0; c < 4; ++c) {
    if (t.float_result) {
      const float f = static_cast<float>(v.f[c]);
      std::memcpy(&out.w[c], &f, 4);
    } else {
      out.w[c] = v.i[c];
    }
  }
  return out;
}

texel_words zero_words() { return texel_words{}; }

}  // namespace

// ---- the fetches (called from kernels through texture_api.h)

texel_words scanlab::cpu::detail::texture_fetch_element(cudaTextureObject_t tex, int x) {
  const texture_record* t = lookup(tex);
  if (t == nullptr) return zero_words();
  if (x < 0 || static_cast<std::size_t>(x) >= t->size[0] || t->size[1] > 1) return zero_words();
  return to_words(*t, decode(*t, t->base + static_cast<std::size_t>(x) * t->fmt.element()));
}

texel_words scanlab::cpu::detail::texture_sample(cudaTextureObject_t tex, int dims, float x, float y, float z) {
  const texture_record* t = lookup(tex);
  if (t == nullptr) return zero_words();
  const float coord[3] = {x, y, z};
  const bool linear = t->texture.filterMode == cudaFilterModeLinear;
  long long lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
  double weight[3] = {0, 0, 0};  // the upper neighbour's weight, in units of 1/256
  for (int d = 0; d < 3; ++d) {
    if (d >= t->dims || d >= dims) continue;
    const long long n = static_cast<long long>(t->size[d]);
    cudaTextureAddressMode mode = t->texture.addressMode[d];
    float u = coord[d];
    if (t->texture.normalizedCoords) {
      u = u * static_cast<float>(n);  // wrap and mirror then act on the texel index (as an H200 does)
    } else if (mode == cudaAddressModeWrap || mode == cudaAddressModeMirror) {
      mode = cudaAddressModeClamp;
    }
    if (!std::isfinite(u)) u = 0.0f;
    u = std::clamp(u, -1e15f, 1e15f);
    if (linear) {
      const float shifted = u - 0.5f;
      const float whole = std::floor(shifted);
      const float frac = shifted - whole;
      weight[d] = std::floor(static_cast<double>(frac) * 256.0 + 0.5);  // in 1/256
      lo[d] = address(static_cast<long long>(whole), n, mode);
      hi[d] = address(static_cast<long long>(whole) + 1, n, mode);
    } else {
      lo[d] = address(static_cast<long long>(std::floor(u)), n, mode);
    }
  }
  if (!linear) return to_words(*t, texel_at(*t, lo));
  // The corners' weights, in 1/256. In 2D the product of the two upper weights is rounded to
  // 1/256 and the other three follow from it, so that each direction keeps its own weight: this
  // matches an H200 bit for bit where exact products or four separately rounded ones do not. In 3D
  // two such slices are blended by the third weight (checked only on data linear in z).
  texel sum;
  const auto blend = [&](long long z_index, double scale) {
    const double a = weight[0], b = t->dims >= 2 ? weight[1] : 0.0;
    double w[4];
    if (t->dims == 1) {
      w[0] = 256.0 - a, w[1] = a, w[2] = w[3] = 0.0;
    } else {
      w[3] = std::floor(a * b / 256.0 + 0.5);
      w[1] = a - w[3], w[2] = b - w[3], w[0] = 256.0 - a - b + w[3];
    }
    for (int k = 0; k < 4; ++k) {
      if (w[k] == 0.0) continue;
      const long long idx[3] = {(k & 1) ? hi[0] : lo[0], (k & 2) ? hi[1] : lo[1], z_index};
      const texel v = texel_at(*t, idx);
      for (int c = 0; c < 4; ++c) sum.f[c] += scale * w[k] * v.f[c];
    }
  };
  if (t->dims == 3) {
    blend(lo[2], (256.0 - weight[2]) / 256.0);
    blend(hi[2], weight[2] / 256.0);
  } else {
    blend(0, 1.0);
  }
  for (int c = 0; c < 4; ++c) sum.f[c] /= 256.0;
  // Normalized 8- and 16-bit integers are filtered in 16-bit fixed point: an H200 returns
  // 32768/65535 for the midpoint of 0 and 255 (unsigned); the signed scale is assumed alike.
  if (t->fmt.kind != cudaChannelFormatKindFloat) {
    const double scale = t->fmt.kind == cudaChannelFormatKindSigned ? 32767.0 : 65535.0;
    for (int c = 0; c < t->fmt.channels; ++c)
      sum.f[c] = static_cast<double>(static_cast<float>(std::floor(sum.f[c] * scale + 0.5)) / static_cast<float>(scale));
  }
  return to_words(*t, sum);
}

// ---- arrays

cudaError_t cudaMallocArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, std::size_t width,
                            std::size_t height, unsigned int flags) {
  return make_array(array, desc, width, height, 0, flags, "cudaMallocArray");
}
cudaError_t cudaMalloc3DArray(cudaArray_t* array, const cudaChannelFormatDesc* desc, cudaExtent extent,
                              unsigned int flags) {
  return make_array(array, desc, extent.width, extent.height, extent.depth, flags, "cudaMalloc3DArray");
}
cudaError_t cudaFreeArray(cudaArray_t array) {
  if (array == nullptr) return cudaSuccess;
  {
    std::lock_guard<std::mutex> lock(arrays_mutex);
    if (live_arrays().erase(array) == 0) return set_error(cudaErrorInvalidValue);
  }
  delete array;
  return cudaSuccess;
}
cudaError_t cudaArrayGetInfo(cudaChannelFormatDesc* desc, cudaExtent* extent, unsigned int* flags, cudaArray_t array) {
  if (!live(array)) return set_error(cudaErrorInvalidResourceHandle);
  if (desc != nullptr) *desc = array->desc;
  if (extent != nullptr) *extent = cudaExtent{array->width, array->height, array->depth};
  if (flags != nullptr) *flags = array->flags;
  return cudaSuccess;
}
cudaError_t cudaGetChannelDesc(cudaChannelFormatDesc* desc, cudaArray_const_t array) {
  if (desc == nullptr) return set_error(cudaErrorInvalidValue);
  if (!live(array)) return set_error(cudaErrorInvalidResourceHandle);
  *desc = array->desc;
  return cudaSuccess;
}

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, std::size_t w_offset, std::size_t h_offset, const void* src,
                                std::size_t spitch, std::size_t width, std::size_t height, cudaMemcpyKind kind) {
  if (!live(dst)) return set_error(cudaErrorInvalidResourceHandle);
  return copy_array_box(dst, w_offset, h_offset, 0, const_cast<void*>(src), spitch, height, width, height, 1, kind,
                        true);
}
cudaError_t cudaMemcpy2DFromArray(void* dst, std::size_t dpitch, cudaArray_const_t src, std::size_t w_offset,
                                  std::size_t h_offset, std::size_t width, std::size_t height, cudaMemcpyKind kind) {
  if (!live(src)) return set_error(cudaErrorInvalidResourceHandle);
  return copy_array_box(const_cast<cudaArray*>(src), w_offset, h_offset, 0, dst, dpitch, height, width, height, 1,
                        kind, false);
}
cudaError_t cudaMemcpy2DToArrayAsync(cudaArray_t dst, std::size_t w_offset, std::size_t h_offset, const void* src,
                                     std::size_t spitch, std::size_t width, std::size_t height, cudaMemcpyKind kind,
                                     cudaStream_t) {
  return cudaMemcpy2DToArray(dst, w_offset, h_offset, src, spitch, width, height, kind);
}
cudaError_t cudaMemcpy2DFromArrayAsync(void* dst, std::size_t dpitch, cudaArray_const_t src, std::size_t w_offset,
                                       std::size_t h_offset, std::size_t width, std::size_t height,
                                       cudaMemcpyKind kind, cudaStream_t) {
  return cudaMemcpy2DFromArray(dst, dpitch, src, w_offset, h_offset, width, height, kind);
}

// The deprecated linear copies: `count` bytes from (w_offset bytes, h_offset rows), running on
// into the following rows.
namespace {
cudaError_t copy_array_linear(cudaArray* a, std::size_t w_offset, std::size_t h_offset, void* linear,
                              std::size_t count, cudaMemcpyKind kind, bool to_array) {
  if (count == 0) return cudaSuccess;
  const std::size_t start = h_offset * a->row_bytes() + w_offset;
  if (w_offset >= a->row_bytes() || start + count > a->bytes()) return set_error(cudaErrorInvalidValue);
  if (cudaError_t e = check_linear_side(linear, count, kind, to_array); e != cudaSuccess) return e;
  if (to_array)
    read_linear(a->data.get() + start, linear, count);
  else
    write_linear(linear, a->data.get() + start, count);
  return cudaSuccess;
}
}  // namespace

cudaError_t cudaMemcpyToArray(cudaArray_t dst, std::size_t w_offset, std::size_t h_offset, const void* src,
                              std::size_t count, cudaMemcpyKind kind) {
  if (!live(dst)) return set_error(cudaErrorInvalidResourceHandle);
  return copy_array_linear(dst, w_offset, h_offset, const_cast<void*>(src), count, kind, true);
}
cudaError_t cudaMemcpyFromArray(void* dst, cudaArray_const_t src, std::size_t w_offset, std::size_t h_offset,
                                std::size_t count, cudaMemcpyKind kind) {
  if (!live(src)) return set_error(cudaErrorInvalidResourceHandle);
  return copy_array_linear(const_cast<cudaArray*>(src), w_offset, h_offset, dst, count, kind, false);
}
cudaError_t cudaMemcpyToArrayAsync(cudaArray_t dst, std::size_t w_offset, std::size_t h_offset, const void* src,
                                   std::size_t count, cudaMemcpyKind kind, cudaStream_t) {
  if (!live(dst)) return set_error(cudaErrorInvalidResourceHandle);
  return copy_array_linear(dst, w_offset, h_offset, const_cast<void*>(src), count, kind, true);
}
cudaError_t cudaMemcpyFromArrayAsync(void* dst, cudaArray_const_t src, std::size_t w_offset, std::size_t h_offset,
                                     std::size_t count, cudaMemcpyKind kind, cudaStream_t) {
  if (!live(src)) return set_error(cudaErrorInvalidResourceHandle);
  return copy_array_linear(const_cast<cudaArray*>(src), w_offset, h_offset, dst, count, kind, false);
}
cudaError_t cudaMemcpy2DArrayToArray(cudaArray_t dst, std::size_t w_dst, std::size_t h_dst, cudaArray_const_t src,
                                     std::size_t w_src, std::size_t h_src, std::size_t width, std::size_t height,
                                     cudaMemcpyKind kind) {
  if (!live(dst) || !live(src)) return set_error(cudaErrorInvalidResourceHandle);
  if (kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault) return set_error(cudaErrorInvalidMemcpyDirection);
  if (width == 0 || height == 0) return cudaSuccess;
  if (w_src + width > src->row_bytes() || h_src + height > src->rows() || w_dst + width > dst->row_bytes() ||
      h_dst + height > dst->rows())
    return set_error(cudaErrorInvalidValue);
  for (std::size_t r = 0; r < height; ++r)
    std::memmove(dst->data.get() + (h_dst + r) * dst->row_bytes() + w_dst,
                 src->data.get() + (h_src + r) * src->row_bytes() + w_src, width);
  return cudaSuccess;
}
cudaError_t cudaMemcpyArrayToArray(cudaArray_t dst, std::size_t w_dst, std::size_t h_dst, cudaArray_const_t src,
                                   std::size_t w_src, std::size_t h_src, std::size_t count, cudaMemcpyKind kind) {
  if (!live(dst) || !live(src)) return set_error(cudaErrorInvalidResourceHandle);
  if (kind != cudaMemcpyDeviceToDevice && kind != cudaMemcpyDefault) return set_error(cudaErrorInvalidMemcpyDirection);
  if (count == 0) return cudaSuccess;
  const std::size_t s = h_src * src->row_bytes() + w_src, d = h_dst * dst->row_bytes() + w_dst;
  if (s + count > src->bytes() || d + count > dst->bytes()) return set_error(cudaErrorInvalidValue);
  std::memmove(dst->data.get() + d, src->data.get() + s, count);
  return cudaSuccess;
}

// cudaMemcpy3D with an array on one side or both (runtime_memory.cpp hands these over): positions
// and the extent count the array's elements, and bytes on a linear side.
cudaError_t scanlab::cpu::detail::copy_3d_with_arrays(const cudaMemcpy3DParms* p) {
  cudaArray* src = p->srcArray;
  cudaArray* dst = p->dstArray;
  if ((src != nullptr && !live(src)) || (dst != nullptr && !live(dst))) return set_error(cudaErrorInvalidResourceHandle);
  if ((src != nullptr && p->srcPtr.ptr != nullptr) || (dst != nullptr && p->dstPtr.ptr != nullptr))
    return set_error(cudaErrorInvalidValue);
  const std::size_t element = src != nullptr ? src->element : dst->element;
  const cudaExtent e = p->extent;
  if (e.width == 0 || e.height == 0 || e.depth == 0) return cudaSuccess;
  const std::size_t width = e.width * element;
  if (src != nullptr && dst != nullptr) {
    if (src->element != dst->element) return set_error(cudaErrorInvalidValue);
    if (p->srcPos.x + e.width > src->width || p->srcPos.y + e.height > src->rows() ||
        p->srcPos.z + e.depth > src->slices() || p->dstPos.x + e.width > dst->width ||
        p->dstPos.y + e.height > dst->rows() || p->dstPos.z + e.depth > dst->slices())
      return set_error(cudaErrorInvalidValue);
    for (std::size_t z = 0; z < e.depth; ++z)
      for (std::size_t y = 0; y < e.height; ++y)
        std::memmove(dst->data.get() + ((p->dstPos.z + z) * dst->rows() + p->dstPos.y + y) * dst->row_bytes() +
                         p->dstPos.x * element,
                     src->data.get() + ((p->srcPos.z + z) * src->rows() + p->srcPos.y + y) * src->row_bytes() +
                         p->srcPos.x * element,
                     width);
    return cudaSuccess;
  }
  const bool to_array = dst != nullptr;
  cudaArray* a = to_array ? dst : src;
  const cudaPos apos = to_array ? p->dstPos : p->srcPos;
  const cudaPos lpos = to_array ? p->srcPos : p->dstPos;
  const cudaPitchedPtr l = to_array ? p->srcPtr : p->dstPtr;
  if (l.ptr == nullptr) return set_error(cudaErrorInvalidValue);
  const std::size_t slice_rows = l.ysize ? l.ysize : e.height;
  if (lpos.x + width > l.pitch) return set_error(cudaErrorInvalidPitchValue);
  char* linear = static_cast<char*>(l.ptr) + (lpos.z * slice_rows + lpos.y) * l.pitch + lpos.x;
  return copy_array_box(a, apos.x * element, apos.y, apos.z, linear, l.pitch, slice_rows, width, e.height, e.depth,
                        p->kind, to_array);
}

// ---- texture objects

cudaError_t cudaCreateTextureObject(cudaTextureObject_t* out, const cudaResourceDesc* res, const cudaTextureDesc* tex,
                                    const cudaResourceViewDesc* view) {
  if (out == nullptr || res == nullptr || tex == nullptr) return set_error(cudaErrorInvalidValue);
  if (view != nullptr) return not_supported("cudaCreateTextureObject", "resource views of texture objects");
  auto t = std::make_unique<texture_record>();
  t->resource = *res;
  t->texture = *tex;
  switch (res->resType) {
    case cudaResourceTypeArray: {
      cudaArray* a = res->res.array.array;
      if (!live(a)) return set_error(cudaErrorInvalidResourceHandle);
      if (cudaError_t e = read_format(a->desc, &t->fmt, "cudaCreateTextureObject"); e != cudaSuccess) return e;
      t->base = a->data.get();
      t->pitch = a->row_bytes();
      t->slice = a->row_bytes() * a->rows();
      t->size[0] = a->width, t->size[1] = a->rows(), t->size[2] = a->slices();
      t->dims = a->depth ? 3 : a->height ? 2 : 1;
      break;
    }
    case cudaResourceTypeLinear: {
      const auto& l = res->res.linear;
      if (cudaError_t e = read_format(l.desc, &t->fmt, "cudaCreateTextureObject"); e != cudaSuccess) return e;
      const std::size_t n = l.sizeInBytes / t->fmt.element();
      if (l.devPtr == nullptr || !device_side(l.devPtr, l.sizeInBytes) || n == 0 ||
          n > (std::size_t{1} << 27))
        return set_error(cudaErrorInvalidValue);
      t->base = static_cast<const unsigned char*>(runtime_view(l.devPtr));
      t->pitch = l.sizeInBytes, t->slice = l.sizeInBytes;
      t->size[0] = n;
      t->linear_resource = true;
      // The filter mode and address modes do not apply to linear memory.
      t->texture.filterMode = cudaFilterModePoint;
      break;
    }
    case cudaResourceTypePitch2D: {
      const auto& p = res->res.pitch2D;
      if (cudaError_t e = read_format(p.desc, &t->fmt, "cudaCreateTextureObject"); e != cudaSuccess) return e;
      if (p.devPtr == nullptr || p.width == 0 || p.height == 0 || p.width > 131072 ||
          p.height > 65000 || p.pitchInBytes % 32 != 0 || p.pitchInBytes > 2097120 ||
          p.width * t->fmt.element() > p.pitchInBytes ||
          !device_side(p.devPtr, p.pitchInBytes * (p.height - 1) + p.width * t->fmt.element()))
        return set_error(cudaErrorInvalidValue);
      t->base = static_cast<const unsigned char*>(runtime_view(p.devPtr));
      t->pitch = p.pitchInBytes, t->slice = p.pitchInBytes * p.height;
      t->size[0] = p.width, t->size[1] = p.height;
      t->dims = 2;
      break;
    }
    case cudaResourceTypeMipmappedArray:
      return not_supported("cudaCreateTextureObject", "mipmapped arrays");
    default:
      return set_error(cudaErrorInvalidValue);
  }
  // What an H200 answers: normalized reads of 32-bit integers are an error, and so is linear
  // filtering of anything but floats (float channels, or 8/16-bit integers read normalized).
  const bool integer = t->fmt.kind != cudaChannelFormatKindFloat;
  if (integer && t->fmt.bits == 32 && tex->readMode == cudaReadModeNormalizedFloat && tex->filterMode == cudaFilterModePoint)
    return set_error(cudaErrorInvalidNormSetting);
  t->float_result = !integer || tex->readMode == cudaReadModeNormalizedFloat;
  if (!t->linear_resource && tex->filterMode == cudaFilterModeLinear && !(t->float_result && (!integer || t->fmt.bits < 32)))
    return set_error(cudaErrorInvalidFilterSetting);
  if (tex->sRGB) return not_supported("cudaCreateTextureObject", "sRGB conversion");
  std::lock_guard<std::mutex> lock(textures_mutex);
  const std::size_t i = texture_count.load(std::memory_order_relaxed);
  if (i >= chunk_size * max_chunks) return set_error(cudaErrorMemoryAllocation);
  if (chunks[i >> chunk_bits] == nullptr) chunks[i >> chunk_bits] = new std::atomic<texture_record*>[chunk_size]();
  chunks[i >> chunk_bits][i & (chunk_size - 1)].store(t.release(), std::memory_order_release);
  texture_count.store(i + 1, std::memory_order_release);
  *out = i + 1;
  return cudaSuccess;
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t tex) {
  if (tex == 0) return cudaSuccess;
  texture_record* t = lookup(tex);
  if (t == nullptr) return set_error(cudaErrorInvalidValue);
  t->alive.store(false);  // kept: a kernel of another host thread may still be reading it
  return cudaSuccess;
}
cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc* res, cudaTextureObject_t tex) {
  const texture_record* t = lookup(tex);
  if (res == nullptr || t == nullptr) return set_error(cudaErrorInvalidValue);
  *res = t->resource;
  return cudaSuccess;
}
cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc* desc, cudaTextureObject_t tex) {
  const texture_record* t = lookup(tex);
  if (desc == nullptr || t == nullptr) return set_error(cudaErrorInvalidValue);
  *desc = t->texture;
  return cudaSuccess;
}
