// Texture objects on the CPU backend: channel descriptors (channel_descriptor.h) and the device
// fetches tex1Dfetch, tex1D, tex2D and tex3D (texture_indirect_functions.h). The runtime side
// (CUDA arrays, cudaCreateTextureObject, the copies) is src/runtime_textures.cpp, which also does
// the sampling: addressing, point and linear filtering with the GPU's 8-bit weights, and the
// normalized-float conversion. A fetch hands back four 32-bit words, as the texture unit fills four
// registers; the requested type takes its components from them.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "scanlab/cpu/runtime_types.h"

namespace scanlab::cpu::detail {

struct texel_words {
  std::uint32_t w[4];
};
// tex1Dfetch: element x of a linear-memory texture (zero when x is outside it).
texel_words texture_fetch_element(cudaTextureObject_t tex, int x);
// tex1D/2D/3D: a sample at (x, y, z) of a texture with `dims` dimensions.
texel_words texture_sample(cudaTextureObject_t tex, int dims, float x, float y, float z);

// The types a fetch may return (CUDA's list; 64-bit long is not one on Linux).
template <class T> struct texel_type : std::false_type {};
#define SCANLAB_TEXEL(T, N, C)                                                                  \
  template <> struct texel_type<T> : std::true_type {                                         \
    using component = C;                                                                       \
    static constexpr int count = N;                                                            \
  };
#define SCANLAB_TEXEL_FAMILY(S, V, C) \
  SCANLAB_TEXEL(S, 1, C) SCANLAB_TEXEL(V##1, 1, C) SCANLAB_TEXEL(V##2, 2, C) SCANLAB_TEXEL(V##4, 4, C)
SCANLAB_TEXEL(char, 1, char)
SCANLAB_TEXEL_FAMILY(signed char, char, signed char)
SCANLAB_TEXEL_FAMILY(unsigned char, uchar, unsigned char)
SCANLAB_TEXEL_FAMILY(short, short, short)
SCANLAB_TEXEL_FAMILY(unsigned short, ushort, unsigned short)
SCANLAB_TEXEL_FAMILY(int, int, int)
SCANLAB_TEXEL_FAMILY(unsigned int, uint, unsigned int)
SCANLAB_TEXEL_FAMILY(float, float, float)
#undef SCANLAB_TEXEL_FAMILY
#undef SCANLAB_TEXEL

template <class C>
C texel_component(std::uint32_t word) {
  if constexpr (std::is_same_v<C, float>) {
    float f;
    std::memcpy(&f, &word, sizeof f);
    return f;
  } else {
    return static_cast<C>(word);
  }
}

template <class T>
T texel_as(const texel_words& t) {
  static_assert(texel_type<T>::value,
                "scanlab CPU backend: a texture fetch returns char, short, int, float or their 1-, 2- and "
                "4-component vectors (as under nvcc)");
  using C = typename texel_type<T>::component;
  T out;
  if constexpr (std::is_arithmetic_v<T>) {
    out = texel_component<C>(t.w[0]);
  } else {
    out.x = texel_component<C>(t.w[0]);
    if constexpr (texel_type<T>::count >= 2) out.y = texel_component<C>(t.w[1]);
    if constexpr (texel_type<T>::count == 4) {
      out.z = texel_component<C>(t.w[2]);
      out.w = texel_component<C>(t.w[3]);
    }
  }
  return out;
}

}  // namespace scanlab::cpu::detail

// ---- channel_descriptor.h

template <class T>
inline cudaChannelFormatDesc cudaCreateChannelDesc() {
  return cudaCreateChannelDesc(0, 0, 0, 0, cudaChannelFormatKindNone);
}
#define SCANLAB_CHANNEL_DESC(T, X, Y, Z, W, KIND)                 \
  template <>                                                     \
  inline cudaChannelFormatDesc cudaCreateChannelDesc<T>() {       \
    return cudaCreateChannelDesc(X, Y, Z, W, KIND);               \
  }
#define SCANLAB_CHANNEL_DESC_FAMILY(S, V, BITS, KIND)             \
  SCANLAB_CHANNEL_DESC(S, BITS, 0, 0, 0, KIND)                    \
  SCANLAB_CHANNEL_DESC(V##1, BITS, 0, 0, 0, KIND)                 \
  SCANLAB_CHANNEL_DESC(V##2, BITS, BITS, 0, 0, KIND)              \
  SCANLAB_CHANNEL_DESC(V##4, BITS, BITS, BITS, BITS, KIND)
// Plain char is signed on x86, as CUDA's header decides for the host compiler.
SCANLAB_CHANNEL_DESC(char, 8, 0, 0, 0, cudaChannelFormatKindSigned)
SCANLAB_CHANNEL_DESC_FAMILY(signed char, char, 8, cudaChannelFormatKindSigned)
SCANLAB_CHANNEL_DESC_FAMILY(unsigned char, uchar, 8, cudaChannelFormatKindUnsigned)
SCANLAB_CHANNEL_DESC_FAMILY(short, short, 16, cudaChannelFormatKindSigned)
SCANLAB_CHANNEL_DESC_FAMILY(unsigned short, ushort, 16, cudaChannelFormatKindUnsigned)
SCANLAB_CHANNEL_DESC_FAMILY(int, int, 32, cudaChannelFormatKindSigned)
SCANLAB_CHANNEL_DESC_FAMILY(unsigned int, uint, 32, cudaChannelFormatKindUnsigned)
SCANLAB_CHANNEL_DESC_FAMILY(float, float, 32, cudaChannelFormatKindFloat)
#undef SCANLAB_CHANNEL_DESC_FAMILY
#undef SCANLAB_CHANNEL_DESC
inline cudaChannelFormatDesc cudaCreateChannelDescHalf() { return cudaCreateChannelDesc(16, 0, 0, 0, cudaChannelFormatKindFloat); }
inline cudaChannelFormatDesc cudaCreateChannelDescHalf1() { return cudaCreateChannelDescHalf(); }
inline cudaChannelFormatDesc cudaCreateChannelDescHalf2() { return cudaCreateChannelDesc(16, 16, 0, 0, cudaChannelFormatKindFloat); }
inline cudaChannelFormatDesc cudaCreateChannelDescHalf4() {
  return cudaCreateChannelDesc(16, 16, 16, 16, cudaChannelFormatKindFloat);
}

// ---- texture_indirect_functions.h: fetches through texture objects

template <class T>
T tex1Dfetch(cudaTextureObject_t tex, int x) {
  return scanlab::cpu::detail::texel_as<T>(scanlab::cpu::detail::texture_fetch_element(tex, x));
}
template <class T>
void tex1Dfetch(T* out, cudaTextureObject_t tex, int x) {
  *out = tex1Dfetch<T>(tex, x);
}
template <class T>
T tex1D(cudaTextureObject_t tex, float x) {
  return scanlab::cpu::detail::texel_as<T>(scanlab::cpu::detail::texture_sample(tex, 1, x, 0.0f, 0.0f));
}
template <class T>
void tex1D(T* out, cudaTextureObject_t tex, float x) {
  *out = tex1D<T>(tex, x);
}
template <class T>
T tex2D(cudaTextureObject_t tex, float x, float y) {
  return scanlab::cpu::detail::texel_as<T>(scanlab::cpu::detail::texture_sample(tex, 2, x, y, 0.0f));
}
template <class T>
void tex2D(T* out, cudaTextureObject_t tex, float x, float y) {
  *out = tex2D<T>(tex, x, y);
}
// The sparse-array forms: every texel is resident here.
template <class T>
T tex2D(cudaTextureObject_t tex, float x, float y, bool* is_resident) {
  if (is_resident != nullptr) *is_resident = true;
  return tex2D<T>(tex, x, y);
}
template <class T>
void tex2D(T* out, cudaTextureObject_t tex, float x, float y, bool* is_resident) {
  *out = tex2D<T>(tex, x, y, is_resident);
}
template <class T>
T tex3D(cudaTextureObject_t tex, float x, float y, float z) {
  return scanlab::cpu::detail::texel_as<T>(scanlab::cpu::detail::texture_sample(tex, 3, x, y, z));
}
template <class T>
void tex3D(T* out, cudaTextureObject_t tex, float x, float y, float z) {
  *out = tex3D<T>(tex, x, y, z);
}
template <class T>
T tex3D(cudaTextureObject_t tex, float x, float y, float z, bool* is_resident) {
  if (is_resident != nullptr) *is_resident = true;
  return tex3D<T>(tex, x, y, z);
}
template <class T>
void tex3D(T* out, cudaTextureObject_t tex, float x, float y, float z, bool* is_resident) {
  *out = tex3D<T>(tex, x, y, z, is_resident);
}
