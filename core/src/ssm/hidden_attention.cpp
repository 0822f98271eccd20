#include "ssm/hidden_attention.h"

#include <limits>

namespace gna {

namespace {
// Rows per block so that a (B, rows, T, inner) intermediate stays near 8M floats.
int64_t row_block(int64_t B, int64_t T, int64_t inner) {
    return std::max<int64_t>(1, (8ll << 20) / std::max<int64_t>(1, B * T * inner));
}

// (B, R, T) double: S_r - S_c for c <= r, `fill` above the diagonal. S: (B, T) double.
at::Tensor masked_diff(const at::Tensor& S, const at::Tensor& rows, double fill) {
    const int64_t T = S.size(1);
    at::Tensor Sr = S.index_select(1, rows).unsqueeze(2);  // (B, R, 1)
    at::Tensor diff = Sr - S.unsqueeze(1);  // (B, R, T)
    at::Tensor above = at::arange(T, rows.options()).unsqueeze(0) > rows.unsqueeze(1);  // (R, T)
    return diff.masked_fill(above, fill);
}
}  // namespace

CaptureRows capture_rows_for_pass(const ForwardContext& ctx, const CaptureSlot& slot, int64_t past, int64_t T) {
    CaptureRows r;
    if (ctx.capture_rows.empty() || slot.all_rows) {
        for (int64_t i = 0; i < T; ++i) {
            r.local.push_back(i);
            r.dest.push_back(i);
        }
        r.total = T;
        return r;
    }
    r.total = static_cast<int64_t>(ctx.capture_rows.size());
    for (std::size_t i = 0; i < ctx.capture_rows.size(); ++i) {
        const int64_t p = ctx.capture_rows[i] - past;
        if (p >= 0 && p < T) {
            r.local.push_back(p);
            r.dest.push_back(static_cast<int64_t>(i));
        }
    }
    return r;
}

std::vector<const CaptureSlot*> ssm_captures(const ForwardContext& ctx, int layer) {
    std::vector<const CaptureSlot*> out;
    for (const auto& c : ctx.captures)
        if (c.layer == layer && c.kind == HeadKind::SSM) out.push_back(&c);
    return out;
}

at::Tensor ssd_hidden_attention(const at::Tensor& C, const at::Tensor& Bk, const at::Tensor& dt, double a,
                                const std::vector<int64_t>& rows) {
    const int64_t B = C.size(0), T = C.size(1), R = static_cast<int64_t>(rows.size());
    at::Tensor S = (dt.to(at::kDouble) * a).cumsum(1);  // (B, T): sum_{k<=t} dt_k a, decreasing
    at::Tensor Bt = Bk.to(at::kFloat).transpose(1, 2);  // (B, N, T)
    at::Tensor dtc = dt.to(at::kFloat).unsqueeze(1);  // (B, 1, T)
    at::Tensor out = at::empty({B, R, T}, C.options().dtype(at::kFloat));
    const int64_t blk = row_block(B, T, 4);  // intermediates of a few (B, rows, T) tensors
    for (int64_t s = 0; s < R; s += blk) {
        const int64_t n = std::min(blk, R - s);
        std::vector<int64_t> part(rows.begin() + s, rows.begin() + s + n);
        at::Tensor ri = at::tensor(part, at::kLong).to(C.device());
        // differences in fp64 (exact), exp in fp32 (every exponent <= 0)
        at::Tensor decay = at::exp(masked_diff(S, ri, -std::numeric_limits<double>::infinity()).to(at::kFloat));
        at::Tensor CB = at::matmul(C.to(at::kFloat).index_select(1, ri), Bt);  // (B, n, T)
        out.narrow(1, s, n).copy_(CB * decay * dtc);
    }
    return out;
}

at::Tensor selective_hidden_attention(const at::Tensor& C, const at::Tensor& Bk, const at::Tensor& dt,
                                      const at::Tensor& A, const std::vector<int64_t>& rows) {
    const int64_t B = C.size(0), T = C.size(1), N = C.size(2), R = static_cast<int64_t>(rows.size());
    at::Tensor S = dt.to(at::kDouble).cumsum(1);  // (B, T)
    at::Tensor Af = A.to(at::kFloat).view({1, 1, 1, N});
    at::Tensor Bf = Bk.to(at::kFloat).unsqueeze(1);  // (B, 1, T, N)
    at::Tensor out = at::empty({B, R, T}, C.options().dtype(at::kFloat));
    const int64_t blk = row_block(B, T, N);
    for (int64_t s = 0; s < R; s += blk) {
        const int64_t n = std::min(blk, R - s);
        std::vector<int64_t> part(rows.begin() + s, rows.begin() + s + n);
        at::Tensor ri = at::tensor(part, at::kLong).to(C.device());
        // above the diagonal: +inf * A (A < 0) = -inf, exp -> 0
        at::Tensor diff = masked_diff(S, ri, std::numeric_limits<double>::infinity()).to(at::kFloat).unsqueeze(-1);
        at::Tensor E = at::exp(diff * Af);  // (B, n, T, N)
        at::Tensor Cr = C.to(at::kFloat).index_select(1, ri).unsqueeze(2);  // (B, n, 1, N)
        out.narrow(1, s, n).copy_((Cr * Bf * E).sum(-1));
    }
    return out * dt.to(at::kFloat).unsqueeze(1);
}

at::Tensor diagonal_hidden_attention(const at::Tensor& log_a, const at::Tensor& m, const std::vector<int64_t>& rows) {
    const int64_t B = log_a.size(0), T = log_a.size(1), Dh = log_a.size(2), R = static_cast<int64_t>(rows.size());
    at::Tensor S = log_a.to(at::kDouble).cumsum(1);  // (B, T, Dh)
    at::Tensor mf = m.to(at::kFloat).unsqueeze(1);  // (B, 1, T, Dh)
    at::Tensor out = at::empty({B, R, T}, log_a.options().dtype(at::kFloat));
    const int64_t blk = row_block(B, T, Dh);
    at::Tensor keys = at::arange(T, at::TensorOptions().dtype(at::kLong).device(log_a.device()));
    for (int64_t s = 0; s < R; s += blk) {
        const int64_t n = std::min(blk, R - s);
        std::vector<int64_t> part(rows.begin() + s, rows.begin() + s + n);
        at::Tensor ri = at::tensor(part, at::kLong).to(log_a.device());
        at::Tensor diff = S.index_select(1, ri).unsqueeze(2) - S.unsqueeze(1);  // (B, n, T, Dh)
        at::Tensor above = (keys.unsqueeze(0) > ri.unsqueeze(1)).view({1, n, T, 1});
        at::Tensor E = at::exp(diff.masked_fill(above, -std::numeric_limits<double>::infinity())).to(at::kFloat);
        out.narrow(1, s, n).copy_((E * mf).mean(-1));
    }
    return out;
}

void store_capture(ForwardContext& ctx, const CaptureSlot& slot, const CaptureRows& rows, const at::Tensor& alpha,
                   int64_t past, int64_t T) {
    at::Tensor& dst = ctx.captured[slot.slot];
    const int64_t B = alpha.size(0);
    if (!dst.defined()) dst = at::zeros({B, rows.total, past + T}, at::kFloat);
    if (rows.dest.empty()) return;
    at::Tensor src = alpha.to(at::kCPU, at::kFloat);  // (B, n, T)
    if (past > 0) src = at::constant_pad_nd(src, {past, 0});
    dst.index_copy_(1, at::tensor(rows.dest, at::kLong), src);
}

}  // namespace gna
