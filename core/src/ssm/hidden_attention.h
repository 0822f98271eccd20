#pragma once
// SSM "hidden attention" (Ali et al.): the matrix alpha with y_r = sum_c alpha[r, c] x_c that a
// selective scan applies to its input, materialised for one head and the requested rows only.
//
// Choice: alpha excludes the D skip term (the D_h x_r of the diagonal), so that for a Mamba head
// y_r = sum_c alpha[r, c] x_c + D x_r before gating. The maps are post-intervention in the sense
// that they use the activations of the run (ablations in earlier layers change them).
#include <ATen/ATen.h>

#include <vector>

#include "model/causal_lm.h"

namespace gna {

// Query rows of this pass that the context asks for `slot`: local index (0..T-1) and destination
// row in the captured tensor. Empty capture_rows (or a slot marked all_rows) = every row of the pass.
struct CaptureRows {
    std::vector<int64_t> local, dest;
    int64_t total = 0;  // rows of the captured tensor
};
CaptureRows capture_rows_for_pass(const ForwardContext& ctx, const CaptureSlot& slot, int64_t past, int64_t T);

// SSM capture slots of `layer` in ctx.
std::vector<const CaptureSlot*> ssm_captures(const ForwardContext& ctx, int layer);

// Mamba-2 / scalar decay, one head: alpha[r, c] = (C_r . B_c) exp(sum_{k=c+1..r} dt_k a) dt_c, c <= r.
// C, Bk: (B, T, N); dt: (B, T); a: the head's A (negative). Returns (B, rows, T) float32.
at::Tensor ssd_hidden_attention(const at::Tensor& C, const at::Tensor& Bk, const at::Tensor& dt, double a,
                                const std::vector<int64_t>& rows);

// Mamba-1, one channel d: alpha[r, c] = sum_n C_r[n] B_c[n] dt_c exp(A[n] (S_r - S_c)), S = cumsum(dt).
// C, Bk: (B, T, N); dt: (B, T); A: (N). Returns (B, rows, T).
at::Tensor selective_hidden_attention(const at::Tensor& C, const at::Tensor& Bk, const at::Tensor& dt,
                                      const at::Tensor& A, const std::vector<int64_t>& rows);

// Diagonal linear recurrence h_t = a_t h_{t-1} + m_t x_t per channel (RG-LRU, N = 1):
// alpha[r, c, d] = exp(sum_{k=c+1..r} log a_k[d]) m_c[d]; the head's map is the mean over its channels.
// log_a, m: (B, T, Dh). Returns (B, rows, T).
at::Tensor diagonal_hidden_attention(const at::Tensor& log_a, const at::Tensor& m, const std::vector<int64_t>& rows);

// Writes alpha (B, local rows, T) of this pass into ctx.captured[slot] (B, total rows, past + T);
// keys before this pass (a cached prefix) stay zero.
void store_capture(ForwardContext& ctx, const CaptureSlot& slot, const CaptureRows& rows, const at::Tensor& alpha,
                   int64_t past, int64_t T);

}  // namespace gna
