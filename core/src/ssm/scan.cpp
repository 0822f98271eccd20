#include "ssm/scan.h"

#include "ssm/ssm_ops.h"

#include <ATen/Parallel.h>
#include <ATen/core/grad_mode.h>

#include <atomic>
#include <cmath>
#include <limits>
#include <vector>

#ifdef GNA_HAVE_KERNELS
#include "gna_kernels/ssm_scan.h"
#endif

namespace gna {

namespace {
std::atomic<bool> g_sequential{false};
constexpr int64_t kCpuChunk = 64;
}  // namespace

void set_sequential_scans(bool on) { g_sequential = on; }
bool sequential_scans() { return g_sequential; }

ConvResult causal_conv1d(const at::Tensor& x, const at::Tensor& w, const at::Tensor& bias, const at::Tensor& state) {
    const int64_t B = x.size(0), T = x.size(1), Cc = x.size(2), K = w.size(2);
    at::Tensor xt = x.transpose(1, 2);  // xt: (B, Cc, T)
    at::Tensor st = state.defined() ? state.to(x.scalar_type()) : at::zeros({B, Cc, K - 1}, x.options());
    at::Tensor full = K > 1 ? at::cat({st, xt}, 2) : xt;  // full: (B, Cc, K-1+T)
    const at::Tensor b = bias.defined() ? bias.to(x.scalar_type()) : bias;
    const int64_t one[1] = {1}, zero[1] = {0};
    at::Tensor y = at::conv1d(full, w.to(x.scalar_type()), b, /*stride=*/one, /*padding=*/at::IntArrayRef(zero),
                              /*dilation=*/one, /*groups=*/Cc);  // y: (B, Cc, T)
    ConvResult r;
    r.y = y.transpose(1, 2);  // (B, T, Cc)
    r.state = full.narrow(2, T, K - 1).contiguous();  // (B, Cc, K-1)
    return r;
}

ScanResult ssd_scan_sequential(const at::Tensor& x, const at::Tensor& dt, const at::Tensor& A, const at::Tensor& Bg,
                               const at::Tensor& Cg, const at::Tensor& state0) {
    const int64_t B = x.size(0), T = x.size(1), H = x.size(2), P = x.size(3), G = Bg.size(2), N = Bg.size(3);
    at::Tensor Bm = G == H ? Bg : Bg.repeat_interleave(H / G, 2);  // (B, T, H, N): head h uses group h / (H/G)
    at::Tensor Cm = G == H ? Cg : Cg.repeat_interleave(H / G, 2);
    at::Tensor s = state0.defined() ? state0.to(at::kFloat) : at::zeros({B, H, P, N}, x.options().dtype(at::kFloat));
    at::Tensor y = at::empty({B, T, H, P}, s.options());
    at::Tensor dA = at::exp(dt * A);  // (B, T, H)
    for (int64_t t = 0; t < T; ++t) {
        at::Tensor dtx = (x.select(1, t) * dt.select(1, t).unsqueeze(-1)).unsqueeze(-1);  // (B, H, P, 1)
        s = dA.select(1, t).view({B, H, 1, 1}) * s + dtx * Bm.select(1, t).unsqueeze(2);  // (B, H, P, N)
        y.select(1, t).copy_(at::matmul(s, Cm.select(1, t).unsqueeze(-1)).squeeze(-1));  // (B, H, P)
    }
    return {y, s};
}

ScanResult ssd_scan(const at::Tensor& x, const at::Tensor& dt, const at::Tensor& A, const at::Tensor& Bg,
                    const at::Tensor& Cg, int64_t chunk, const at::Tensor& state0) {
    const int64_t B = x.size(0), T = x.size(1), H = x.size(2), P = x.size(3), G = Bg.size(2), N = Bg.size(3);
#ifdef GNA_HAVE_KERNELS
    if (x.is_cuda() && !sequential_scans() && !records_grad({x, dt, A, Bg, Cg, state0})) {
        kernels::ScanTensors r = kernels::ssd_scan_cuda(x, dt, A, Bg, Cg, chunk, state0);
        return {r.y, r.state};
    }
#endif
    if (T == 1 || sequential_scans()) return ssd_scan_sequential(x, dt, A, Bg, Cg, state0);
    const int64_t R = H / G, RP = R * P;  // heads per group; their channels side by side
    // The CPU tile: the result does not depend on it (exact algorithm); 64 keeps the (Q, Q) blocks in
    // cache and costs a quarter of the intra-chunk FLOPs of the kernels' usual 256.
    const int64_t Q = std::max<int64_t>(1, std::min({chunk, T, kCpuChunk}));
    if (x.device().is_cpu() && !records_grad({x, dt, A, Bg, Cg, state0}))
        return ssd_scan_cpu(x, dt, A, Bg, Cg, Q, state0);  // the same steps as fused loops (ssm_ops.h)
    const int64_t pad = (Q - T % Q) % Q, Tp = T + pad, nc = Tp / Q;
    // Layout: the R heads of a group sit side by side as one (R*P)-wide matrix, so the two
    // state-sized products (chunk states and the entering state's contribution) are one wide GEMM
    // per chunk and group instead of R narrow ones with B and C copied for every head.
    // Padded steps have dt = 0: decay 1 and no input, so the final state is unchanged.
    // The demo trainer backpropagates through this function: in-place ops (which save three
    // 8 MB temporaries per call at 2048 tokens) only when no gradient is being recorded.
    const bool inplace = !at::GradMode::is_enabled() ||
        !(x.requires_grad() || dt.requires_grad() || A.requires_grad() || Bg.requires_grad() || Cg.requires_grad() ||
          (state0.defined() && state0.requires_grad()));
    auto pad_time = [pad](const at::Tensor& t) {  // zeros after the last step of dim 1
        if (pad == 0) return t.contiguous();
        std::vector<int64_t> p(static_cast<std::size_t>(2 * (t.dim() - 1)), 0);
        p.back() = pad;
        return at::constant_pad_nd(t, p);
    };
    const at::Tensor xf = x.to(at::kFloat), dtf = dt.to(at::kFloat);
    const at::Tensor xdt = pad_time(xf * dtf.unsqueeze(-1))
                               .view({B, nc, Q, G, R, P})
                               .permute({0, 1, 3, 2, 4, 5})
                               .contiguous();  // (B, c, G, Q, R, P)
    const at::Tensor Bc = pad_time(Bg.to(at::kFloat)).view({B, nc, Q, G, N}).permute({0, 1, 3, 2, 4}).contiguous();
    const at::Tensor Cc = pad_time(Cg.to(at::kFloat)).view({B, nc, Q, G, N}).permute({0, 1, 3, 2, 4}).contiguous();
    // Bc, Cc: (B, c, G, Q, N); acum: in-chunk cumulative sums of dt A, (B, c, G, R, Q), fp64
    const at::Tensor acum =
        pad_time(dtf * A.to(at::kFloat)).view({B, nc, Q, G, R}).permute({0, 1, 3, 4, 2}).to(at::kDouble).cumsum(-1);
    const at::Tensor acum_f = acum.to(at::kFloat);

    // 1. within chunks: Y_diag = (C B^T o L)(dt x), L[i, j] = exp(sum_{k=j+1..i} a_k) for j <= i, 0 above.
    //    The in-chunk sums are differences of an fp64 cumulative sum (exact to ~1e-16 relative),
    //    rounded to fp32 before the exp; every exponent is <= 0.
    const at::Tensor above = at::ones({Q, Q}, at::TensorOptions().dtype(at::kBool).device(x.device())).triu(1);
    constexpr float kNegInf = -std::numeric_limits<float>::infinity();
    at::Tensor CBL = (acum.unsqueeze(-1) - acum.unsqueeze(-2)).to(at::kFloat);  // (B, c, G, R, Q, Q)
    CBL = inplace ? CBL.masked_fill_(above, kNegInf).exp_() : CBL.masked_fill(above, kNegInf).exp();
    const at::Tensor CB = at::matmul(Cc, Bc.transpose(-1, -2)).unsqueeze(3);  // C B^T once per group
    CBL = inplace ? CBL.mul_(CB) : CBL * CB;
    const at::Tensor ydiag = at::matmul(CBL, xdt.permute({0, 1, 2, 4, 3, 5}));  // (B, c, G, R, Q, P)

    // 2. each chunk's own final state, transposed: sum_s B_s (outer) exp(acum_end - acum_s) (dt x)_s
    const at::Tensor to_end = at::exp(acum.narrow(-1, Q - 1, 1) - acum).to(at::kFloat);  // (B, c, G, R, Q)
    const at::Tensor xd = (xdt * to_end.permute({0, 1, 2, 4, 3}).unsqueeze(-1)).view({B, nc, G, Q, RP});
    const at::Tensor local = at::matmul(Bc.transpose(-1, -2), xd);  // (B, c, G, N, RP)

    // 3. carry the state (kept as (B, G, N, R, P)) across chunks; the state entering chunk k
    //    contributes C_t state^T to its outputs, scaled by exp(acum_t) below.
    const at::Tensor chunk_decay = at::exp(acum_f.select(-1, Q - 1)).view({B, nc, G, 1, R, 1});
    at::Tensor s = state0.defined() ? state0.to(at::kFloat).view({B, G, R, P, N}).permute({0, 1, 4, 2, 3}).contiguous()
                                    : at::zeros({B, G, N, R, P}, xf.options());  // (B, G, N, R, P)
    std::vector<at::Tensor> entering;  // per chunk: (B, G, Q, RP)
    entering.reserve(static_cast<std::size_t>(nc));
    for (int64_t k = 0; k < nc; ++k) {
        entering.push_back(at::matmul(Cc.select(1, k), s.view({B, G, N, RP})));
        s = s * chunk_decay.select(1, k) + local.select(1, k).view({B, G, N, R, P});
    }

    // 4. y = exp(acum_t) C_t state_entering^T + Y_diag, back to (B, T, H, P)
    at::Tensor y = at::stack(entering, 1).view({B, nc, G, Q, R, P});  // (B, c, G, Q, R, P)
    const at::Tensor scale = at::exp(acum_f).permute({0, 1, 2, 4, 3}).unsqueeze(-1);
    y = inplace ? y.mul_(scale).add_(ydiag.permute({0, 1, 2, 4, 3, 5})) : y * scale + ydiag.permute({0, 1, 2, 4, 3, 5});
    y = y.permute({0, 1, 3, 2, 4, 5}).reshape({B, Tp, H, P}).narrow(1, 0, T);
    return {y, s.permute({0, 1, 3, 4, 2}).reshape({B, H, P, N})};
}

ScanResult selective_scan_sequential(const at::Tensor& u, const at::Tensor& dt, const at::Tensor& A,
                                     const at::Tensor& Bm, const at::Tensor& Cm, const at::Tensor& state0) {
    const int64_t B = u.size(0), T = u.size(1), D = u.size(2), N = A.size(1);
    at::Tensor h = state0.defined() ? state0.to(at::kFloat) : at::zeros({B, D, N}, u.options().dtype(at::kFloat));
    at::Tensor y = at::empty({B, T, D}, h.options());
    for (int64_t t = 0; t < T; ++t) {
        at::Tensor dtt = dt.select(1, t).unsqueeze(-1);  // (B, D, 1)
        h = at::exp(dtt * A) * h + (dtt * u.select(1, t).unsqueeze(-1)) * Bm.select(1, t).unsqueeze(1);
        y.select(1, t).copy_(at::matmul(h, Cm.select(1, t).unsqueeze(-1)).squeeze(-1));  // (B, D)
    }
    return {y, h};
}

ScanResult selective_scan(const at::Tensor& u, const at::Tensor& dt, const at::Tensor& A, const at::Tensor& Bm,
                          const at::Tensor& Cm, const at::Tensor& state0) {
    const int64_t B = u.size(0), T = u.size(1), D = u.size(2), N = A.size(1);
#ifdef GNA_HAVE_KERNELS
    if (u.is_cuda() && !sequential_scans() && !records_grad({u, dt, A, Bm, Cm, state0})) {
        kernels::ScanTensors r = kernels::selective_scan_cuda(u, dt, A, Bm, Cm, state0);
        return {r.y, r.state};
    }
#endif
    if (T == 1 || sequential_scans() || !u.device().is_cpu() || records_grad({u, dt, A, Bm, Cm, state0}))
        return selective_scan_sequential(u, dt, A, Bm, Cm, state0);
    at::Tensor h = state0.defined() ? state0.to(at::kFloat).contiguous().clone()
                                    : at::zeros({B, D, N}, u.options().dtype(at::kFloat));
    at::Tensor y = selective_scan_cpu(u, dt, A, Bm, Cm, h);
    return {y, h};
}

ScanResult diagonal_scan(const at::Tensor& a, const at::Tensor& x, const at::Tensor& state0) {
    const int64_t B = x.size(0), T = x.size(1), W = x.size(2);
    at::Tensor h = state0.defined() ? state0.to(at::kFloat).contiguous().clone()
                                    : at::zeros({B, W}, x.options().dtype(at::kFloat));
    if (!x.device().is_cpu() || sequential_scans() || records_grad({a, x, state0})) {
        at::Tensor y = at::empty({B, T, W}, h.options());
        for (int64_t t = 0; t < T; ++t) {
            h = a.select(1, t) * h + x.select(1, t);
            y.select(1, t).copy_(h);
        }
        return {y, h};
    }
    const at::Tensor ac = a.to(at::kFloat).contiguous(), xc = x.to(at::kFloat).contiguous();
    at::Tensor y = at::empty({B, T, W}, h.options());
    const float* pa = ac.data_ptr<float>();
    const float* px = xc.data_ptr<float>();
    float* ph = h.data_ptr<float>();
    float* py = y.data_ptr<float>();
    constexpr int64_t kLanes = 64;  // channels per task: the inner loop vectorises
    const int64_t nblk = (W + kLanes - 1) / kLanes;
    at::parallel_for(0, B * nblk, 1, [&](int64_t begin, int64_t end) {
        for (int64_t task = begin; task < end; ++task) {
            const int64_t b = task / nblk, c0 = (task % nblk) * kLanes, c1 = std::min(W, c0 + kLanes);
            float* hs = ph + b * W;
            for (int64_t t = 0; t < T; ++t) {
                const int64_t off = (b * T + t) * W;
                for (int64_t c = c0; c < c1; ++c) {
                    hs[c] = pa[off + c] * hs[c] + px[off + c];
                    py[off + c] = hs[c];
                }
            }
        }
    });
    return {y, h};
}

}  // namespace gna
