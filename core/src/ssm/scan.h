#pragma once
// The sequence scans shared by the state-space architectures (CPU LibTorch ops, fp32):
//   - causal depthwise conv1d with a carried conv state,
//   - chunked SSD (Mamba-2 and every scalar-decay head),
//   - a blocked selective scan for Mamba-1 (per-channel, per-state decay).
// Every scan takes an initial state and returns the final one, so that running a sequence in
// pieces (prefill, then one token at a time) gives the same numbers as one pass.
#include <ATen/ATen.h>

namespace gna {

struct ConvResult {
    at::Tensor y;  // (B, T, Cc), before any activation
    at::Tensor state;  // (B, Cc, K-1): the last K-1 inputs, for the next call
};

// y_t[c] = bias[c] + sum_k w[c, 0, k] * x_{t-K+1+k}[c]; inputs before the sequence come from
// `state` (zeros when undefined). x: (B, T, Cc); w: (Cc, 1, K); bias (Cc) or undefined.
ConvResult causal_conv1d(const at::Tensor& x, const at::Tensor& w, const at::Tensor& bias, const at::Tensor& state);

struct ScanResult {
    at::Tensor y;  // (B, T, H, P) or (B, T, D), float32, without the D skip term
    at::Tensor state;  // (B, H, P, N) or (B, D, N), float32
};

// Scalar-decay SSM (SSD), chunked:
//   state_t = exp(dt_t A_h) state_{t-1} + dt_t x_t (outer) B_t;   y_t = state_t C_t
// x (B, T, H, P); dt (B, T, H); A (H); Bg, Cg (B, T, G, N), head h using group h / (H/G);
// state0 (B, H, P, N) or undefined. Within a chunk: L = exp(segsum(dt A)), Y = (C B^T o L)(dt x);
// states are carried between chunks with exp of the chunk totals. All exponents are <= 0.
ScanResult ssd_scan(const at::Tensor& x, const at::Tensor& dt, const at::Tensor& A, const at::Tensor& Bg,
                    const at::Tensor& Cg, int64_t chunk, const at::Tensor& state0);

// Selective scan (Mamba-1):
//   h_t[d, n] = exp(dt_t[d] A[d, n]) h_{t-1}[d, n] + dt_t[d] B_t[n] u_t[d];   y_t[d] = sum_n h_t[d, n] C_t[n]
// u, dt (B, T, D); A (D, N); Bm, Cm (B, T, N); state0 (B, D, N) or undefined.
// CPU: one fused pass per (row, block of 64 channels) over the whole sequence, the decays computed
// in the loop, lanes over channels (ssm_ops.h, parallel over rows x blocks). Exact: the same
// arithmetic as the per-token recurrence, no division by decays.
// CUDA tensors: ssd_scan and selective_scan run the kernels of kernels/ (gna_kernels/ssm_scan.h) when
// the build has them (GNA_HAVE_KERNELS), else the per-token path; set_sequential_scans(true) forces
// the per-token path everywhere.
ScanResult selective_scan(const at::Tensor& u, const at::Tensor& dt, const at::Tensor& A, const at::Tensor& Bm,
                          const at::Tensor& Cm, const at::Tensor& state0);

// Diagonal linear recurrence (RG-LRU): h_t = a_t * h_{t-1} + x_t per channel.
// a, x: (B, T, W) float32; state0 (B, W) or undefined. Fused pass per block of channels (CPU).
ScanResult diagonal_scan(const at::Tensor& a, const at::Tensor& x, const at::Tensor& state0);

// Plain per-token recurrences (reference for tests and benchmarks; also used for T == 1).
ScanResult ssd_scan_sequential(const at::Tensor& x, const at::Tensor& dt, const at::Tensor& A, const at::Tensor& Bg,
                               const at::Tensor& Cg, const at::Tensor& state0);
ScanResult selective_scan_sequential(const at::Tensor& u, const at::Tensor& dt, const at::Tensor& A,
                                     const at::Tensor& Bm, const at::Tensor& Cm, const at::Tensor& state0);

// Global switch used by the benchmark to time the per-token loop against the chunked scans.
void set_sequential_scans(bool on);
bool sequential_scans();

}  // namespace gna
