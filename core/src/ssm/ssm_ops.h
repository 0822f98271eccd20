#pragma once
// Fused CPU passes of the state-space mixers around their matrix products: the causal conv with its
// activation, the gated outputs (Mamba-1, Mamba-2) and the RG-LRU gates with their scan, each one
// loop over contiguous float rows, threaded over rows or channel blocks, instead of a chain of
// LibTorch ops with a temporary per op. Each falls back to those ops (the same formulas) when
// autograd records a gradient through an input or a tensor is not on the CPU.
#include <initializer_list>

#include "ssm/scan.h"

namespace gna {

// True while autograd records and some input needs a gradient (attribution patching, the demo
// trainer): the fused loops write through raw pointers, which autograd cannot see.
bool records_grad(std::initializer_list<at::Tensor> inputs);

// act(causal_conv1d(x, w, bias, state)) in float32, (B, T, Cc) contiguous; act = SiLU or none.
// x (B, T, Cc) may be a column slice of a wider tensor; the new state keeps x's dtype.
ConvResult conv1d_f32(const at::Tensor& x, const at::Tensor& w, const at::Tensor& bias, const at::Tensor& state,
                      bool silu);

// Mamba-2 before out_proj: y = scan_y + D_h x_h; g = y silu(z), RMS-normalised per group of DI / G
// channels (eps); out = weight * g in `dtype`, head h's P channels times head_scale[b, h] when
// defined. scan_y, x: (B, T, H, P) float32; D (H); z (B, T, DI); weight (DI); head_scale (B, H).
at::Tensor mamba2_gated_norm(const at::Tensor& scan_y, const at::Tensor& x, const at::Tensor& D, const at::Tensor& z,
                             const at::Tensor& weight, int64_t groups, double eps, const at::Tensor& head_scale,
                             at::ScalarType dtype);

// Mamba-1 before out_proj: (scan_y + D u) silu(z) in `dtype`, channel d times scale[b, d] when defined.
// scan_y, u: (B, T, D) float32; D (D); z (B, T, D); scale (B, D).
at::Tensor mamba1_gate(const at::Tensor& scan_y, const at::Tensor& u, const at::Tensor& D, const at::Tensor& z,
                       const at::Tensor& scale, at::ScalarType dtype);

struct RgLruResult {
    at::Tensor out;  // (B, T, W) in gate's dtype: h_t * gate_t
    at::Tensor state;  // (B, W) float32
    at::Tensor log_a, m;  // (B, T, W) float32 when asked for (hidden-attention captures), else undefined
};
// The RG-LRU and its output gate: gx = sigmoid(gx_pre), ga = sigmoid(ga_pre), log a = -8 ga
// softplus(param), a = exp(log a), m = gx sqrt(1 - exp(2 log a)); h_t = a_t h_{t-1} + u_t m_t;
// out = h gate. reset: position 0 starts the sequence (a = 0, m = gx, log a recorded as 0; state0
// unused). gx_pre, ga_pre, u: (B, T, W) float32; param (W) float32; gate (B, T, W); state0 (B, W).
RgLruResult rg_lru(const at::Tensor& gx_pre, const at::Tensor& ga_pre, const at::Tensor& u, const at::Tensor& param,
                   const at::Tensor& gate, bool reset, const at::Tensor& state0, bool keep_gates);

// The CPU path of ssd_scan (scan.h), same algorithm and arguments: the elementwise steps (x dt and
// its decays, the masked decay matrices, the carried states, the output) as fused loops between
// the products, which are batched matrix products over all chunks.
ScanResult ssd_scan_cpu(const at::Tensor& x, const at::Tensor& dt, const at::Tensor& A, const at::Tensor& Bg,
                        const at::Tensor& Cg, int64_t Q, const at::Tensor& state0);

// The fused CPU loop of selective_scan (scan.h): u, dt (B, T, D), A (D, N), Bm, Cm (B, T, N), all
// float32; h (B, D, N) float32 contiguous, updated in place; returns y (B, T, D).
at::Tensor selective_scan_cpu(const at::Tensor& u, const at::Tensor& dt, const at::Tensor& A, const at::Tensor& Bm,
                              const at::Tensor& Cm, at::Tensor& h);

}  // namespace gna
