#pragma once
// Launchers of the scan kernels on raw device pointers (no LibTorch here, so the .cu files compile
// with nvcc alone). Every pointer is a contiguous float32 array on the current device; state0 may
// be null (zero initial state). Errors (sizes the kernels do not support, launch failures) throw
// gna::Error.
#include <cuda_runtime_api.h>

#include <cstdint>

namespace gna::kernels {

// The largest SSM state size N the kernels keep in registers (32 lanes x 8 values per row).
constexpr int64_t kMaxScanState = 256;

// Mamba-2 SSD, one sequential pass per (b, h, p) row:
//   s_t = exp(dt_t A_h) s_{t-1} + (dt_t x_t) B_t;   y_t = s_t . C_t   (head h reads group h / (H/G))
// x (B, T, H, P); dt (B, T, H); A (H); Bg, Cg (B, T, G, N); state0, state (B, H, P, N); y (B, T, H, P).
void launch_ssd_scan(const float* x, const float* dt, const float* A, const float* Bg, const float* Cg,
                     const float* state0, float* y, float* state, int64_t B, int64_t T, int64_t H, int64_t P, int64_t G,
                     int64_t N, cudaStream_t stream);

// Mamba-1 selective scan, one sequential pass per (b, d) row:
//   h_t[n] = exp(dt_t A[d, n]) h_{t-1}[n] + (dt_t u_t) B_t[n];   y_t = h_t . C_t
// u, dt, y (B, T, D); A (D, N); Bm, Cm (B, T, N); state0, state (B, D, N).
void launch_selective_scan(const float* u, const float* dt, const float* A, const float* Bm, const float* Cm,
                           const float* state0, float* y, float* state, int64_t B, int64_t T, int64_t D, int64_t N,
                           cudaStream_t stream);

}  // namespace gna::kernels
