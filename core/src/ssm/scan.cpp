#include "ssm/scan.h"

#include <ATen/Parallel.h>

#include <atomic>
#include <cmath>
#include <limits>

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
    r.y = y.transpose(1, 2);                              // (B, T, Cc)
    r.state = full.narrow(2, T, K - 1).contiguous();      // (B, Cc, K-1)
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
    if (x.is_cuda() && !sequential_scans()) {
        kernels::ScanTensors r = kernels::ssd_scan_cuda(x, dt, A, Bg, Cg, chunk, state0);
        return {r.y, r.state};
    }
#endif
    if (T == 1 || sequential_scans()) return ssd_scan_sequential(x, dt, A, Bg, Cg, state0);
    const int64_t R = H / G;  // heads per group
    // The CPU tile: the result does not depend on it (exact algorithm); 64 keeps the (Q, Q) blocks in
    // cache and costs a quarter of the FLOPs of the kernels' usual 256.
    const int64_t Q = std::max<int64_t>(1, std::min({chunk, T, kCpuChunk}));
    const int64_t pad = (Q - T % Q) % Q, Tp = T + pad, nc = Tp / Q;
    // Padded steps have dt = 0: decay 1 and no input, so the final state is unchanged.
    at::Tensor xdt = at::constant_pad_nd(x * dt.unsqueeze(-1), {0, 0, 0, 0, 0, pad});  // (B, Tp, H, P)
    at::Tensor a = at::constant_pad_nd(dt * A, {0, 0, 0, pad});                          // (B, Tp, H)
    xdt = xdt.view({B, nc, Q, G, R, P}).permute({0, 1, 3, 4, 2, 5});                       // (B, c, G, R, Q, P)
    at::Tensor Bc = at::constant_pad_nd(Bg, {0, 0, 0, 0, 0, pad}).view({B, nc, Q, G, 1, N}).permute({0, 1, 3, 4, 2, 5});
    at::Tensor Cc = at::constant_pad_nd(Cg, {0, 0, 0, 0, 0, pad}).view({B, nc, Q, G, 1, N}).permute({0, 1, 3, 4, 2, 5});
    // Bc, Cc: (B, c, G, 1, Q, N), shared by the R heads of a group
    at::Tensor ac = a.view({B, nc, Q, G, R}).permute({0, 1, 3, 4, 2});  // (B, c, G, R, Q)
    at::Tensor acum = ac.to(at::kDouble).cumsum(-1);                     // (B, c, G, R, Q), fp64

    // L[i, j] = exp(sum_{k=j+1..i} a_k) for j <= i, 0 above: the in-chunk sums are differences of an
    // fp64 cumulative sum (exact to ~1e-16 relative), every exponent <= 0.
    at::Tensor above = at::ones({Q, Q}, at::kBool).triu(1).to(x.device());
    at::Tensor seg = (acum.unsqueeze(-1) - acum.unsqueeze(-2)).masked_fill(above, -std::numeric_limits<double>::infinity());
    at::Tensor Lm = at::exp(seg).to(at::kFloat);  // (B, c, G, R, Q, Q)

    // 1. within chunks: Y_diag = (C B^T o L) (dt x); C B^T once per group
    at::Tensor CB = at::matmul(Cc, Bc.transpose(-1, -2));  // (B, c, G, 1, Q, Q)
    at::Tensor y = at::matmul(CB * Lm, xdt);                // (B, c, G, R, Q, P)
    // 2. each chunk's own final state: sum_s exp(acum_end - acum_s) (dt x)_s (outer) B_s
    at::Tensor acum_f = acum.to(at::kFloat);
    at::Tensor decay_to_end = at::exp(acum.narrow(-1, Q - 1, 1) - acum).to(at::kFloat);         // (B, c, G, R, Q)
    at::Tensor local = at::matmul((xdt * decay_to_end.unsqueeze(-1)).transpose(-1, -2), Bc);    // (B, c, G, R, P, N)
    // 3. carry states across chunks
    at::Tensor chunk_decay = at::exp(acum_f.select(-1, Q - 1));  // (B, c, G, R)
    at::Tensor s = state0.defined() ? state0.to(at::kFloat).view({B, G, R, P, N})
                                    : at::zeros({B, G, R, P, N}, x.options().dtype(at::kFloat));
    at::Tensor init = at::empty({B, nc, G, R, P, N}, s.options());
    for (int64_t k = 0; k < nc; ++k) {
        init.select(1, k).copy_(s);
        s = chunk_decay.select(1, k).view({B, G, R, 1, 1}) * s + local.select(1, k);
    }
    // 4. contribution of the state entering each chunk: C_t (exp(acum_t) init)
    y = y + at::matmul(Cc, init.transpose(-1, -2)) * at::exp(acum_f).unsqueeze(-1);  // (B, c, G, R, Q, P)
    y = y.permute({0, 1, 4, 2, 3, 5}).reshape({B, Tp, H, P}).narrow(1, 0, T);
    return {y, s.view({B, H, P, N})};
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
    if (u.is_cuda() && !sequential_scans()) {
        kernels::ScanTensors r = kernels::selective_scan_cuda(u, dt, A, Bm, Cm, state0);
        return {r.y, r.state};
    }
#endif
    if (T == 1 || sequential_scans() || !u.device().is_cpu()) return selective_scan_sequential(u, dt, A, Bm, Cm, state0);
    at::Tensor h = state0.defined() ? state0.to(at::kFloat).contiguous().clone()
                                    : at::zeros({B, D, N}, u.options().dtype(at::kFloat));
    at::Tensor y = at::empty({B, T, D}, h.options());
    const at::Tensor Af = A.to(at::kFloat).view({1, 1, D, N});
    const at::Tensor du = (dt * u).to(at::kFloat);  // (B, T, D)
    constexpr int64_t kBlock = 64;
    for (int64_t t0 = 0; t0 < T; t0 += kBlock) {
        const int64_t n = std::min(kBlock, T - t0);
        // Vectorised over the block: decays and inputs of every (t, d, n).
        const at::Tensor dA = at::exp(dt.narrow(1, t0, n).to(at::kFloat).unsqueeze(-1) * Af).contiguous();  // (B, n, D, N)
        const at::Tensor dBu = (du.narrow(1, t0, n).unsqueeze(-1) *
                                Bm.narrow(1, t0, n).to(at::kFloat).unsqueeze(2)).contiguous();             // (B, n, D, N)
        const at::Tensor Cb = Cm.narrow(1, t0, n).to(at::kFloat).contiguous();                             // (B, n, N)
        const float* pa = dA.data_ptr<float>();
        const float* px = dBu.data_ptr<float>();
        const float* pc = Cb.data_ptr<float>();
        float* ph = h.data_ptr<float>();
        float* py = y.data_ptr<float>();
        // The recurrence itself, fused: one pass per (row, channel) over the block's positions.
        at::parallel_for(0, B * D, 16, [&](int64_t begin, int64_t end) {
            for (int64_t bd = begin; bd < end; ++bd) {
                const int64_t b = bd / D, d = bd % D;
                float* hs = ph + bd * N;
                for (int64_t t = 0; t < n; ++t) {
                    const int64_t off = ((b * n + t) * D + d) * N;
                    const float* a = pa + off;
                    const float* x = px + off;
                    const float* c = pc + (b * n + t) * N;
                    float acc = 0.0f;
                    for (int64_t k = 0; k < N; ++k) {
                        hs[k] = a[k] * hs[k] + x[k];
                        acc += hs[k] * c[k];
                    }
                    py[(b * T + t0 + t) * D + d] = acc;
                }
            }
        });
    }
    return {y, h};
}

ScanResult diagonal_scan(const at::Tensor& a, const at::Tensor& x, const at::Tensor& state0) {
    const int64_t B = x.size(0), T = x.size(1), W = x.size(2);
    at::Tensor h = state0.defined() ? state0.to(at::kFloat).contiguous().clone()
                                    : at::zeros({B, W}, x.options().dtype(at::kFloat));
    if (!x.device().is_cpu() || sequential_scans()) {
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
