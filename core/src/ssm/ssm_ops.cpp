#include "ssm/ssm_ops.h"

#include <ATen/Parallel.h>
#include <ATen/core/grad_mode.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "ssm/vec_math.h"

namespace gna {

bool records_grad(std::initializer_list<at::Tensor> inputs) {
    if (!at::GradMode::is_enabled()) return false;
    for (const at::Tensor& t : inputs)
        if (t.defined() && t.requires_grad()) return true;
    return false;
}

namespace {

constexpr int64_t kLanes = 64;  // channels per task in the channel-parallel loops

bool fusable(std::initializer_list<at::Tensor> inputs) {
    for (const at::Tensor& t : inputs)
        if (t.defined() && !t.device().is_cpu()) return false;
    return !records_grad(inputs);
}

// t as float32 rows of `width` with unit stride inside a row (a view when t already is one).
at::Tensor f32_rows(const at::Tensor& t, int64_t width) {
    at::Tensor r = t.to(at::kFloat).reshape({-1, width});
    return r.stride(1) == 1 ? r : r.contiguous();
}

// ---- the loops themselves: float rows in, float rows out; compiled for AVX-512/AVX2/baseline ----

// One output row of the depthwise causal conv: y = act(bias + sum_k w[k] * src[k]).
GNA_SIMD_CLONES void conv_row(float* __restrict y, const float* const* src, const float* __restrict wt,
                              const float* __restrict bias, int64_t K, int64_t Cc, bool silu) {
    for (int64_t c = 0; c < Cc; ++c) y[c] = bias ? bias[c] : 0.0f;
    for (int64_t k = 0; k < K; ++k) {
        const float* __restrict s = src[k];
        const float* __restrict w = wt + k * Cc;
        for (int64_t c = 0; c < Cc; ++c) y[c] += w[c] * s[c];
    }
    if (silu)
        for (int64_t c = 0; c < Cc; ++c) y[c] = vec::silu(y[c]);
}

// g = (y + Dc x) silu(z) in place of `out`, then scaled to unit RMS per group of `gw` channels.
GNA_SIMD_CLONES void gated_norm_row(float* __restrict out, const float* __restrict y, const float* __restrict x,
                                    const float* __restrict Dc, const float* __restrict z, int64_t DI, int64_t gw,
                                    float eps) {
    for (int64_t c = 0; c < DI; ++c) out[c] = (y[c] + Dc[c] * x[c]) * vec::silu(z[c]);
    for (int64_t g0 = 0; g0 < DI; g0 += gw) {
        float ss = 0.0f;
        for (int64_t c = g0; c < g0 + gw; ++c) ss += out[c] * out[c];
        const float r = 1.0f / std::sqrt(ss / static_cast<float>(gw) + eps);
        for (int64_t c = g0; c < g0 + gw; ++c) out[c] *= r;
    }
}

GNA_SIMD_CLONES void gate_row(float* __restrict out, const float* __restrict y, const float* __restrict u,
                              const float* __restrict D, const float* __restrict z, int64_t n) {
    for (int64_t c = 0; c < n; ++c) out[c] = (y[c] + D[c] * u[c]) * vec::silu(z[c]);
}

// Mamba-1 recurrence for channels d0 .. d0+w of one batch row over T positions; h: (N, kLanes)
// local state, At: (N, D) transposed A. Lanes run over channels, so every load is contiguous.
GNA_SIMD_CLONES void selective_block(float* __restrict y, float* __restrict h, const float* __restrict u,
                                     const float* __restrict dt, const float* __restrict At, const float* __restrict Bm,
                                     const float* __restrict Cm, int64_t T, int64_t D, int64_t N, int64_t d0,
                                     int64_t w) {
    float du[kLanes], acc[kLanes];
    for (int64_t t = 0; t < T; ++t) {
        const float* __restrict dtt = dt + t * D + d0;
        const float* __restrict ut = u + t * D + d0;
        for (int64_t j = 0; j < w; ++j) du[j] = dtt[j] * ut[j], acc[j] = 0.0f;
        for (int64_t n = 0; n < N; ++n) {
            const float b = Bm[t * N + n], c = Cm[t * N + n];
            const float* __restrict a = At + n * D + d0;
            float* __restrict hn = h + n * kLanes;
            for (int64_t j = 0; j < w; ++j) {
                hn[j] = vec::exp(dtt[j] * a[j]) * hn[j] + du[j] * b;
                acc[j] += hn[j] * c;
            }
        }
        float* __restrict yt = y + t * D + d0;
        for (int64_t j = 0; j < w; ++j) yt[j] = acc[j];
    }
}

// RG-LRU for channels c0 .. c0+w of one batch row (row stride W). la/m: optional outputs.
GNA_SIMD_CLONES void rg_lru_block(float* __restrict out, float* __restrict h, float* __restrict la_out,
                                  float* __restrict m_out, const float* __restrict gx_pre,
                                  const float* __restrict ga_pre, const float* __restrict u,
                                  const float* __restrict gate, const float* __restrict c8, int64_t T, int64_t W,
                                  int64_t c0, int64_t w, bool reset) {
    for (int64_t t = 0; t < T; ++t) {
        const int64_t off = t * W + c0;
        const bool first = reset && t == 0;
        for (int64_t j = 0; j < w; ++j) {
            const float la = -c8[c0 + j] * vec::sigmoid(ga_pre[off + j]);
            const float gx = vec::sigmoid(gx_pre[off + j]);
            const float a = first ? 0.0f : vec::exp(la);
            const float m = first ? gx : gx * std::sqrt(1.0f - vec::exp(2.0f * la));
            h[j] = a * h[j] + u[off + j] * m;
            out[off + j] = h[j] * gate[off + j];
            if (la_out) la_out[off + j] = first ? 0.0f : la;
            if (m_out) m_out[off + j] = m;
        }
    }
}

}  // namespace

ConvResult conv1d_f32(const at::Tensor& x, const at::Tensor& w, const at::Tensor& bias, const at::Tensor& state,
                      bool silu) {
    if (!fusable({x, w, bias, state})) {
        ConvResult r = causal_conv1d(x, w, bias, state);
        r.y = (silu ? at::silu(r.y) : r.y).to(at::kFloat);
        return r;
    }
    const int64_t B = x.size(0), T = x.size(1), Cc = x.size(2), K = w.size(2), S = K - 1;
    const at::Tensor xr = f32_rows(x, Cc);  // (B*T, Cc)
    const at::Tensor wt = w.to(at::kFloat).view({Cc, K}).t().contiguous();  // (K, Cc)
    const at::Tensor bf = bias.defined() ? bias.to(at::kFloat).contiguous() : bias;
    // history: the S inputs before the sequence, as rows (B, S, Cc)
    const at::Tensor hist =
        state.defined() ? state.to(at::kFloat).transpose(1, 2).contiguous() : at::zeros({B, S, Cc}, xr.options());
    at::Tensor y = at::empty({B, T, Cc}, xr.options());
    const float* px = xr.data_ptr<float>();
    const int64_t xs = xr.stride(0);
    const float* ph = hist.data_ptr<float>();
    const float* pw = wt.data_ptr<float>();
    const float* pb = bf.defined() ? bf.data_ptr<float>() : nullptr;
    float* py = y.data_ptr<float>();
    at::parallel_for(0, B * T, 16, [&](int64_t begin, int64_t end) {
        std::vector<const float*> src(static_cast<std::size_t>(K));
        for (int64_t r = begin; r < end; ++r) {
            const int64_t b = r / T, t = r % T;
            for (int64_t k = 0; k < K; ++k) {
                const int64_t pos = t - S + k;
                src[static_cast<std::size_t>(k)] = pos >= 0 ? px + (b * T + pos) * xs : ph + (b * S + S + pos) * Cc;
            }
            conv_row(py + r * Cc, src.data(), pw, pb, K, Cc, silu);
        }
    });
    ConvResult res;
    res.y = y;
    const at::Tensor st = state.defined() ? state.to(x.scalar_type()) : at::zeros({B, Cc, S}, x.options());
    res.state = T >= S ? x.narrow(1, T - S, S).transpose(1, 2).contiguous()
                       : at::cat({st, x.transpose(1, 2)}, 2).narrow(2, T, S).contiguous();
    return res;
}

at::Tensor mamba2_gated_norm(const at::Tensor& scan_y, const at::Tensor& x, const at::Tensor& D, const at::Tensor& z,
                             const at::Tensor& weight, int64_t groups, double eps, const at::Tensor& head_scale,
                             at::ScalarType dtype) {
    const int64_t B = scan_y.size(0), T = scan_y.size(1), H = scan_y.size(2), P = scan_y.size(3), DI = H * P;
    if (!fusable({scan_y, x, D, z, weight, head_scale}) || (dtype != at::kFloat && dtype != at::kBFloat16)) {
        at::Tensor y = scan_y + x * D.view({1, 1, H, 1});
        at::Tensor g = (y.reshape({B, T, DI}) * at::silu(z.to(at::kFloat))).view({B, T, groups, DI / groups});
        g = g * at::rsqrt(g.pow(2).mean(-1, /*keepdim=*/true) + eps);
        at::Tensor out = g.view({B, T, DI}).to(dtype) * weight;
        if (head_scale.defined())
            out = (out.view({B, T, H, P}) * head_scale.view({B, 1, H, 1}).to(out.scalar_type())).view({B, T, DI});
        return out;
    }
    const at::Tensor yr = f32_rows(scan_y, DI), xr = f32_rows(x, DI), zr = f32_rows(z, DI);
    const at::Tensor Dc = D.to(at::kFloat).repeat_interleave(P).contiguous();  // per channel
    const at::Tensor wf = weight.to(at::kFloat).contiguous();
    const at::Tensor sc = head_scale.defined() ? head_scale.to(at::kFloat).contiguous() : head_scale;
    at::Tensor out = at::empty({B, T, DI}, yr.options());
    const float *py = yr.data_ptr<float>(), *px = xr.data_ptr<float>(), *pz = zr.data_ptr<float>();
    const int64_t ys = yr.stride(0), xs = xr.stride(0), zs = zr.stride(0);
    const float *pd = Dc.data_ptr<float>(), *pw = wf.data_ptr<float>();
    const float* ps = sc.defined() ? sc.data_ptr<float>() : nullptr;
    float* po = out.data_ptr<float>();
    const bool round = dtype == at::kBFloat16;  // the normalised value is rounded to bf16 before the weight
    at::parallel_for(0, B * T, 16, [&](int64_t begin, int64_t end) {
        for (int64_t r = begin; r < end; ++r) {
            float* o = po + r * DI;
            gated_norm_row(o, py + r * ys, px + r * xs, pd, pz + r * zs, DI, DI / groups, static_cast<float>(eps));
            if (round)
                for (int64_t c = 0; c < DI; ++c) o[c] = static_cast<float>(c10::BFloat16(o[c]));
            for (int64_t c = 0; c < DI; ++c) o[c] *= pw[c];
            if (ps)
                for (int64_t c = 0; c < DI; ++c) o[c] *= ps[r / T * H + c / P];
        }
    });
    return dtype == at::kFloat ? out : out.to(dtype);
}

at::Tensor mamba1_gate(const at::Tensor& scan_y, const at::Tensor& u, const at::Tensor& D, const at::Tensor& z,
                       const at::Tensor& scale, at::ScalarType dtype) {
    const int64_t B = scan_y.size(0), T = scan_y.size(1), Dn = scan_y.size(2);
    if (!fusable({scan_y, u, D, z, scale})) {
        at::Tensor y = ((scan_y + u * D) * at::silu(z.to(at::kFloat))).to(dtype);
        return scale.defined() ? y * scale.view({B, 1, Dn}).to(dtype) : y;
    }
    const at::Tensor yr = f32_rows(scan_y, Dn), ur = f32_rows(u, Dn), zr = f32_rows(z, Dn);
    const at::Tensor Df = D.to(at::kFloat).contiguous();
    const at::Tensor sc = scale.defined() ? scale.to(at::kFloat).contiguous() : scale;
    at::Tensor out = at::empty({B, T, Dn}, yr.options());
    const float *py = yr.data_ptr<float>(), *pu = ur.data_ptr<float>(), *pz = zr.data_ptr<float>();
    const int64_t ys = yr.stride(0), us = ur.stride(0), zs = zr.stride(0);
    const float* pd = Df.data_ptr<float>();
    const float* ps = sc.defined() ? sc.data_ptr<float>() : nullptr;
    float* po = out.data_ptr<float>();
    at::parallel_for(0, B * T, 16, [&](int64_t begin, int64_t end) {
        for (int64_t r = begin; r < end; ++r) {
            float* o = po + r * Dn;
            gate_row(o, py + r * ys, pu + r * us, pd, pz + r * zs, Dn);
            if (ps)
                for (int64_t c = 0; c < Dn; ++c) o[c] *= ps[r / T * Dn + c];
        }
    });
    return dtype == at::kFloat ? out : out.to(dtype);
}

RgLruResult rg_lru(const at::Tensor& gx_pre, const at::Tensor& ga_pre, const at::Tensor& u, const at::Tensor& param,
                   const at::Tensor& gate, bool reset, const at::Tensor& state0, bool keep_gates) {
    const int64_t B = u.size(0), T = u.size(1), W = u.size(2);
    RgLruResult res;
    if (!fusable({gx_pre, ga_pre, u, param, gate, state0})) {
        const at::Tensor gx = at::sigmoid(gx_pre), ga = at::sigmoid(ga_pre);
        at::Tensor log_a = -8.0 * ga * at::softplus(param);  // (B, T, W)
        at::Tensor mult = at::sqrt(1.0 - at::exp(2.0 * log_a));
        at::Tensor a = at::exp(log_a);
        if (reset) {  // out of place: autograd saved these outputs for backward
            const at::Tensor first = at::zeros({1}, at::TensorOptions().dtype(at::kLong).device(a.device()));
            mult = mult.index_fill(1, first, 1.0);
            a = a.index_fill(1, first, 0.0);
            log_a = log_a.index_fill(1, first, 0.0);
        }
        const at::Tensor m = gx * mult;
        ScanResult scan = diagonal_scan(a, u * m, reset ? at::Tensor() : state0);
        res.out = scan.y.to(gate.scalar_type()) * gate;
        res.state = scan.state;
        if (keep_gates) res.log_a = log_a, res.m = m;
        return res;
    }
    const at::Tensor gxc = gx_pre.to(at::kFloat).contiguous(), gac = ga_pre.to(at::kFloat).contiguous();
    const at::Tensor uc = u.to(at::kFloat).contiguous(), gc = gate.to(at::kFloat).contiguous();
    const at::Tensor c8 = (8.0 * at::softplus(param.to(at::kFloat))).contiguous();
    at::Tensor h =
        !reset && state0.defined() ? state0.to(at::kFloat).contiguous().clone() : at::zeros({B, W}, uc.options());
    at::Tensor out = at::empty({B, T, W}, uc.options());
    if (keep_gates) res.log_a = at::empty({B, T, W}, uc.options()), res.m = at::empty({B, T, W}, uc.options());
    float* pla = keep_gates ? res.log_a.data_ptr<float>() : nullptr;
    float* pm = keep_gates ? res.m.data_ptr<float>() : nullptr;
    const float *px = gxc.data_ptr<float>(), *pa = gac.data_ptr<float>(), *pu = uc.data_ptr<float>();
    const float *pg = gc.data_ptr<float>(), *pc = c8.data_ptr<float>();
    float *ph = h.data_ptr<float>(), *po = out.data_ptr<float>();
    const int64_t nblk = (W + kLanes - 1) / kLanes;
    at::parallel_for(0, B * nblk, 1, [&](int64_t begin, int64_t end) {
        for (int64_t task = begin; task < end; ++task) {
            const int64_t b = task / nblk, c0 = (task % nblk) * kLanes, w = std::min(kLanes, W - c0);
            const int64_t off = b * T * W;
            rg_lru_block(po + off, ph + b * W + c0, pla ? pla + off : nullptr, pm ? pm + off : nullptr, px + off,
                         pa + off, pu + off, pg + off, pc, T, W, c0, w, reset);
        }
    });
    res.out = gate.scalar_type() == at::kFloat ? out : out.to(gate.scalar_type());
    res.state = h;
    return res;
}

at::Tensor selective_scan_cpu(const at::Tensor& u, const at::Tensor& dt, const at::Tensor& A, const at::Tensor& Bm,
                              const at::Tensor& Cm, at::Tensor& h) {
    const int64_t B = u.size(0), T = u.size(1), D = u.size(2), N = A.size(1);
    const at::Tensor uc = u.to(at::kFloat).contiguous(), dc = dt.to(at::kFloat).contiguous();
    const at::Tensor Bc = Bm.to(at::kFloat).contiguous(), Cc = Cm.to(at::kFloat).contiguous();
    const at::Tensor At = A.to(at::kFloat).t().contiguous();  // (N, D)
    at::Tensor y = at::empty({B, T, D}, uc.options());
    const float *pu = uc.data_ptr<float>(), *pd = dc.data_ptr<float>(), *pA = At.data_ptr<float>();
    const float *pB = Bc.data_ptr<float>(), *pC = Cc.data_ptr<float>();
    float *ph = h.data_ptr<float>(), *py = y.data_ptr<float>();
    const int64_t nblk = (D + kLanes - 1) / kLanes;
    at::parallel_for(0, B * nblk, 1, [&](int64_t begin, int64_t end) {
        std::vector<float> hl(static_cast<std::size_t>(N * kLanes));
        for (int64_t task = begin; task < end; ++task) {
            const int64_t b = task / nblk, d0 = (task % nblk) * kLanes, w = std::min(kLanes, D - d0);
            float* hs = ph + b * D * N;
            for (int64_t n = 0; n < N; ++n)
                for (int64_t j = 0; j < w; ++j) hl[static_cast<std::size_t>(n * kLanes + j)] = hs[(d0 + j) * N + n];
            selective_block(py + b * T * D, hl.data(), pu + b * T * D, pd + b * T * D, pA, pB + b * T * N,
                            pC + b * T * N, T, D, N, d0, w);
            for (int64_t n = 0; n < N; ++n)
                for (int64_t j = 0; j < w; ++j) hs[(d0 + j) * N + n] = hl[static_cast<std::size_t>(n * kLanes + j)];
        }
    });
    return y;
}

}  // namespace gna

namespace gna {

namespace {

// xdt[b, c, g, r, q, :] = x dt (ydiag's layout) and xd[b, c, g, q, r, :] = x dt exp(acum_end - acum_q)
// (the chunk-state product's layout) for one position row (b, t) of H heads of P channels.
GNA_SIMD_CLONES void ssd_prep_row(float* __restrict xdt, float* __restrict xd, const float* __restrict x,
                                  const float* __restrict dt, const float* __restrict to_end, int64_t H, int64_t P,
                                  int64_t headstride) {
    for (int64_t h = 0; h < H; ++h) {
        const float d = dt[h], e = d * to_end[h];
        float* __restrict a = xdt + h * headstride;
        float* __restrict b = xd + h * P;
        const float* __restrict xs = x + h * P;
        for (int64_t p = 0; p < P; ++p) a[p] = xs[p] * d, b[p] = xs[p] * e;
    }
}

// One head's masked decay matrix times C B^T: out[i, j] = exp(acum_i - acum_j) CB[i, j] for j <= i, else 0.
GNA_SIMD_CLONES void ssd_decay_block(float* __restrict out, const float* __restrict cb, const double* __restrict acum,
                                     int64_t Q) {
    for (int64_t i = 0; i < Q; ++i) {
        float* __restrict o = out + i * Q;
        const float* __restrict c = cb + i * Q;
        for (int64_t j = 0; j <= i; ++j) o[j] = vec::exp(static_cast<float>(acum[i] - acum[j])) * c[j];
        for (int64_t j = i + 1; j < Q; ++j) o[j] = 0.0f;
    }
}

// s = s * decay[r] + local over the R heads of P channels of one state row (n).
GNA_SIMD_CLONES void ssd_carry_row(float* __restrict s, const float* __restrict local, const float* __restrict decay,
                                   int64_t R, int64_t P) {
    for (int64_t r = 0; r < R; ++r)
        for (int64_t p = 0; p < P; ++p) s[r * P + p] = s[r * P + p] * decay[r] + local[r * P + p];
}

// y = entering * scale + ydiag for one position's R heads (P channels each).
GNA_SIMD_CLONES void ssd_out_row(float* __restrict y, const float* __restrict entering, const float* __restrict scale,
                                 const float* __restrict ydiag, int64_t R, int64_t P, int64_t ydiag_headstride) {
    for (int64_t r = 0; r < R; ++r)
        for (int64_t p = 0; p < P; ++p) y[r * P + p] = entering[r * P + p] * scale[r] + ydiag[r * ydiag_headstride + p];
}

}  // namespace

ScanResult ssd_scan_cpu(const at::Tensor& x, const at::Tensor& dt, const at::Tensor& A, const at::Tensor& Bg,
                        const at::Tensor& Cg, int64_t Q, const at::Tensor& state0) {
    const int64_t B = x.size(0), T = x.size(1), H = x.size(2), P = x.size(3), G = Bg.size(2), N = Bg.size(3);
    const int64_t R = H / G, RP = R * P, nc = (T + Q - 1) / Q, Tp = nc * Q;
    // x's (b, t) rows of H * P floats are read in place when each is contiguous (the conv output's
    // column slice is), else from a contiguous copy.
    at::Tensor xc = x.to(at::kFloat);
    if (xc.stride(3) != 1 || xc.stride(2) != P) xc = xc.contiguous();
    const int64_t xs0 = xc.stride(0), xs1 = xc.stride(1);
    const at::Tensor dtc = dt.to(at::kFloat).contiguous();
    const at::Tensor Af = A.to(at::kFloat).contiguous();
    const at::TensorOptions f32 = xc.options();
    auto chunked = [&](const at::Tensor& t) {  // (B, T, G, N) -> (B, c, G, Q, N), zeros after T
        at::Tensor p = at::constant_pad_nd(t.to(at::kFloat), {0, 0, 0, 0, 0, Tp - T});
        return p.view({B, nc, Q, G, N}).permute({0, 1, 3, 2, 4}).contiguous();
    };
    const at::Tensor Bc = chunked(Bg), Cc = chunked(Cg);
    // acum[b, c, h, q]: in-chunk cumulative sums of dt A in fp64 (padded steps add 0);
    // dec[b, c, h] = exp(chunk total), scale[b, c, q, h] = exp(acum), to_end[b, c, q, h] = exp(end - acum).
    std::vector<double> acum(static_cast<std::size_t>(B * nc * H * Q));
    at::Tensor dec = at::empty({B, nc, H}, f32), scale = at::empty({B, nc, Q, H}, f32),
               to_end = at::empty({B, nc, Q, H}, f32);
    {
        const float *pdt = dtc.data_ptr<float>(), *pA = Af.data_ptr<float>();
        float *pdec = dec.data_ptr<float>(), *psc = scale.data_ptr<float>(), *pte = to_end.data_ptr<float>();
        for (int64_t b = 0; b < B; ++b)
            for (int64_t c = 0; c < nc; ++c)
                for (int64_t h = 0; h < H; ++h) {
                    double* a = acum.data() + ((b * nc + c) * H + h) * Q;
                    double run = 0;
                    for (int64_t q = 0; q < Q; ++q) {
                        const int64_t t = c * Q + q;
                        if (t < T) run += static_cast<double>(pdt[(b * T + t) * H + h] * pA[h]);
                        a[q] = run;
                    }
                    pdec[(b * nc + c) * H + h] = std::exp(static_cast<float>(a[Q - 1]));
                    for (int64_t q = 0; q < Q; ++q) {
                        psc[((b * nc + c) * Q + q) * H + h] = std::exp(static_cast<float>(a[q]));
                        pte[((b * nc + c) * Q + q) * H + h] = static_cast<float>(std::exp(a[Q - 1] - a[q]));
                    }
                }
    }
    // x dt in two layouts: (B, c, G, R, Q, P) for the in-chunk product, (B, c, G, Q, R*P) scaled to
    // the chunk end for the chunk states. Padded positions stay 0.
    at::Tensor xdt = at::empty({B, nc, G, R, Q, P}, f32), xd = at::empty({B, nc, G, Q, RP}, f32);
    {
        const float *px = xc.data_ptr<float>(), *pdt = dtc.data_ptr<float>(), *pte = to_end.data_ptr<float>();
        float *pa = xdt.data_ptr<float>(), *pb = xd.data_ptr<float>();
        at::parallel_for(0, B * Tp, 16, [&](int64_t begin, int64_t end) {
            for (int64_t bt = begin; bt < end; ++bt) {
                const int64_t b = bt / Tp, t = bt % Tp, c = t / Q, q = t % Q;
                for (int64_t g = 0; g < G; ++g) {
                    float* a = pa + (((b * nc + c) * G + g) * R * Q + q) * P;
                    float* d = pb + (((b * nc + c) * G + g) * Q + q) * RP;
                    if (t < T)
                        ssd_prep_row(a, d, px + b * xs0 + t * xs1 + g * R * P, pdt + (b * T + t) * H + g * R,
                                     pte + ((b * nc + c) * Q + q) * H + g * R, R, P, Q * P);
                    else
                        for (int64_t r = 0; r < R; ++r) {  // padded positions: no input
                            std::fill_n(a + r * Q * P, P, 0.0f);
                            std::fill_n(d + r * P, P, 0.0f);
                        }
                }
            }
        });
    }
    // 1. within chunks: Y_diag = (L o C B^T)(dt x), L[i, j] = exp(acum_i - acum_j) for j <= i.
    const at::Tensor CB = at::matmul(Cc, Bc.transpose(-1, -2)).contiguous();  // (B, c, G, Q, Q)
    at::Tensor CBL = at::empty({B, nc, G, R, Q, Q}, f32);
    {
        const float* pcb = CB.data_ptr<float>();
        float* po = CBL.data_ptr<float>();
        at::parallel_for(0, B * nc * H, 4, [&](int64_t begin, int64_t end) {
            for (int64_t i = begin; i < end; ++i) {  // i = (b * nc + c) * H + h, h = g * R + r
                const int64_t bc = i / H, g = (i % H) / R;
                ssd_decay_block(po + i * Q * Q, pcb + (bc * G + g) * Q * Q, acum.data() + i * Q, Q);
            }
        });
    }
    const at::Tensor ydiag = at::matmul(CBL, xdt);  // (B, c, G, R, Q, P)
    const at::Tensor BcT = Bc.transpose(-1, -2).contiguous();  // (B, c, G, N, Q)
    // 3. the states entering each chunk (s carried with exp of the chunk totals), kept as
    //    (B, c, G, N, R*P); 4. y = exp(acum_t) C_t s_entering + Y_diag, written as (B, T, H, P).
    at::Tensor s = state0.defined() ? state0.to(at::kFloat).view({B, G, R, P, N}).permute({0, 1, 4, 2, 3}).contiguous()
                                    : at::zeros({B, G, N, R, P}, f32);  // (B, G, N, R, P)
    at::Tensor y = at::empty({B, T, H, P}, f32);
    constexpr int64_t kBlock = 16;  // chunks whose entering states are held at once
    const float *pdec = dec.data_ptr<float>(), *psc = scale.data_ptr<float>(), *pyd = ydiag.data_ptr<float>();
    float *ps = s.data_ptr<float>(), *py = y.data_ptr<float>();
    for (int64_t c0 = 0; c0 < nc; c0 += kBlock) {
        const int64_t n = std::min(kBlock, nc - c0);
        // 2. each chunk's own final state: sum_s B_s (outer) (dt x)_s exp(end - acum_s), per block of
        //    chunks (a temporary of kBlock chunk states, not one of all of them)
        const at::Tensor local = at::matmul(BcT.narrow(1, c0, n), xd.narrow(1, c0, n));  // (B, n, G, N, RP)
        const float* pl = local.data_ptr<float>();
        const at::Tensor S = at::empty({B, n, G, N, RP}, f32);
        float* pS = S.data_ptr<float>();
        at::parallel_for(0, B * G * N, 8, [&](int64_t begin, int64_t end) {
            for (int64_t row = begin; row < end; ++row) {  // row = (b * G + g) * N + k
                const int64_t b = row / (G * N), g = (row / N) % G, k = row % N;
                float* st = ps + row * RP;
                for (int64_t j = 0; j < n; ++j) {
                    const int64_t c = c0 + j;
                    std::copy(st, st + RP, pS + (((b * n + j) * G + g) * N + k) * RP);
                    ssd_carry_row(st, pl + (((b * n + j) * G + g) * N + k) * RP, pdec + (b * nc + c) * H + g * R, R, P);
                }
            }
        });
        const at::Tensor entering = at::matmul(Cc.narrow(1, c0, n), S);  // (B, n, G, Q, RP)
        const float* pe = entering.data_ptr<float>();
        at::parallel_for(0, B * n * Q, 16, [&](int64_t begin, int64_t end) {
            for (int64_t i = begin; i < end; ++i) {  // i = (b * n + j) * Q + q
                const int64_t b = i / (n * Q), j = (i / Q) % n, q = i % Q, c = c0 + j, t = c * Q + q;
                if (t >= T) continue;
                for (int64_t g = 0; g < G; ++g)
                    ssd_out_row(py + ((b * T + t) * H + g * R) * P, pe + (((b * n + j) * G + g) * Q + q) * RP,
                                psc + ((b * nc + c) * Q + q) * H + g * R,
                                pyd + ((((b * nc + c) * G + g) * R) * Q + q) * P, R, P, Q * P);
            }
        });
    }
    return {y, s.permute({0, 1, 3, 4, 2}).reshape({B, H, P, N})};
}

}  // namespace gna
