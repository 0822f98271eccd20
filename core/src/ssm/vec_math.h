#pragma once
// Elementwise math for the fused CPU loops of the state-space layers, written so that the compiler
// vectorises loops that call it (no library calls), and GNA_SIMD_CLONES, which compiles a loop
// function for AVX-512 and AVX2 besides the baseline and picks one at load time (the package is
// built for baseline x86-64, where exp and SiLU loops would otherwise run 4 lanes wide at most).
#include <algorithm>
#include <bit>
#include <cstdint>

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_ADDRESS__)
#define GNA_SIMD_CLONES __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define GNA_SIMD_CLONES
#endif

namespace gna::vec {

// exp(x) in float to within 1 ulp (Cephes' expf: x = n ln2 + r, |r| <= ln2 / 2, a degree-6
// polynomial in r, times 2^n built from the exponent bits); x is clamped to [-87, 88], so the
// result is never 0, inf or subnormal (exp(-87) = 1.6e-38 stands for anything smaller).
inline float exp(float x) {
    x = std::min(std::max(x, -87.0f), 88.0f);
    const float n = (x * 1.44269504088896341f + 12582912.0f) - 12582912.0f;  // round to nearest
    const float r = (x - n * 0.693359375f) - n * -2.12194440e-4f;  // ln2 in two parts
    float p = 1.9875691500e-4f;
    p = p * r + 1.3981999507e-3f;
    p = p * r + 8.3334519073e-3f;
    p = p * r + 4.1665795894e-2f;
    p = p * r + 1.6666665459e-1f;
    p = p * r + 5.0000001201e-1f;
    p = p * r * r + r + 1.0f;
    return p * std::bit_cast<float>((static_cast<int32_t>(n) + 127) << 23);
}

inline float sigmoid(float x) { return 1.0f / (1.0f + exp(-x)); }
inline float silu(float x) { return x / (1.0f + exp(-x)); }

}  // namespace gna::vec
