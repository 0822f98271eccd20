#include "naive_ssm.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <string>

#include "gna/json.h"
#include "gna/safetensors.h"

namespace gna::test {
namespace {

using Vec = std::vector<double>;

struct W {  // a weight as doubles with its shape
    std::vector<int64_t> shape;
    Vec v;
    double at(int64_t r, int64_t c) const { return v[r * shape[1] + c]; }
    Vec mul(const Vec& x) const {  // (rows, cols) x (cols) -> (rows)
        Vec y(shape[0], 0.0);
        for (int64_t r = 0; r < shape[0]; ++r) {
            double s = 0;
            for (int64_t c = 0; c < shape[1]; ++c) s += v[r * shape[1] + c] * x[c];
            y[r] = s;
        }
        return y;
    }
};

W w(const Checkpoint& ck, const std::string& name) {
    TensorView t = ck.tensor(name);
    auto f = to_float(t);
    return {t.shape, Vec(f.begin(), f.end())};
}
bool has(const Checkpoint& ck, const std::string& name) { return ck.contains(name); }

double silu(double x) { return x / (1.0 + std::exp(-x)); }
double softplus(double x) { return x > 20 ? x : std::log1p(std::exp(x)); }

Vec rms(const Vec& x, const Vec* weight, double eps) {
    double ss = 0;
    for (double v : x) ss += v * v;
    const double inv = 1.0 / std::sqrt(ss / x.size() + eps);
    Vec y(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) y[i] = x[i] * inv * (weight ? (*weight)[i] : 1.0);
    return y;
}

bool skipped(const NaiveSsmOptions& o, int l) {
    return std::find(o.skip_layers.begin(), o.skip_layers.end(), l) != o.skip_layers.end();
}
double scale_of(const std::map<std::pair<int, int>, double>& m, int l, int h) {
    auto it = m.find({l, h});
    return it == m.end() ? 1.0 : it->second;
}

// Depthwise causal conv of channel c at time t over the raw inputs in[0..t].
double conv_at(const std::vector<Vec>& in, int t, int c, const W& cw, const W* cb, int K) {
    double s = cb ? cb->v[c] : 0.0;
    for (int k = 0; k < K; ++k) {
        const int src = t - (K - 1) + k;
        if (src >= 0) s += cw.v[static_cast<std::size_t>(c) * K + k] * in[src][c];
    }
    return s;
}

struct M2Dims {
    int H = 0, P = 0, G = 1, N = 0;
    double eps = 1e-5, dt_lo = 0.0, dt_hi = std::numeric_limits<double>::infinity();
};
M2Dims m2_dims(const Json& cfg, bool zamba) {
    M2Dims d;
    if (zamba) {
        d.H = cfg["n_mamba_heads"];
        d.P = cfg["mamba_expand"].get<int>() * cfg["hidden_size"].get<int>() / d.H;
        d.G = cfg.value("mamba_ngroups", 1);
        d.N = cfg["mamba_d_state"];
        d.eps = 1e-5;
    } else {
        d.H = cfg["num_heads"], d.P = cfg["head_dim"], d.G = cfg.value("n_groups", 1), d.N = cfg["state_size"];
        d.eps = cfg.value("layer_norm_epsilon", 1e-5);
    }
    if (cfg.contains("time_step_limit")) {
        d.dt_lo = cfg["time_step_limit"][0].get<double>();
        if (cfg["time_step_limit"][1].is_number()) d.dt_hi = cfg["time_step_limit"][1].get<double>();
    }
    return d;
}

// Mamba-2 mixer over the whole sequence; returns the out_proj outputs per token.
std::vector<Vec> mamba2_mixer(const Checkpoint& ck, const std::string& p, const M2Dims& dims,
                              const std::vector<Vec>& xin, int layer, const NaiveSsmOptions& o, NaiveSsmResult& res) {
    const int T = static_cast<int>(xin.size());
    const int H = dims.H, P = dims.P, G = dims.G, N = dims.N;
    const int DI = H * P, GN = G * N, Cc = DI + 2 * GN;
    const double eps = dims.eps, dt_lo = dims.dt_lo, dt_hi = dims.dt_hi;
    W in = w(ck, p + ".in_proj.weight"), cw = w(ck, p + ".conv1d.weight"), out = w(ck, p + ".out_proj.weight");
    W cb = w(ck, p + ".conv1d.bias"), dtb = w(ck, p + ".dt_bias"), Alog = w(ck, p + ".A_log"), Dp = w(ck, p + ".D");
    W nw = w(ck, p + ".norm.weight");
    const int K = static_cast<int>(cw.shape[2]);
    std::vector<Vec> proj(T), raw(T);
    for (int t = 0; t < T; ++t) {
        proj[t] = in.mul(xin[t]);
        raw[t] = Vec(proj[t].begin() + DI, proj[t].begin() + DI + Cc);
    }
    std::vector<double> S(static_cast<std::size_t>(H) * P * N, 0.0);  // state[h][p][n]
    std::vector<Vec> outs(T);
    for (int t = 0; t < T; ++t) {
        Vec xbc(Cc);
        for (int c = 0; c < Cc; ++c) xbc[c] = silu(conv_at(raw, t, c, cw, &cb, K));
        Vec y(DI), dts(H);
        for (int h = 0; h < H; ++h) {
            const int g = h / (H / G);
            double dt = std::clamp(softplus(proj[t][DI + Cc + h] + dtb.v[h]), dt_lo, dt_hi);
            dts[h] = dt;
            const double dA = std::exp(dt * -std::exp(Alog.v[h]));
            for (int pp = 0; pp < P; ++pp) {
                const double xv = xbc[h * P + pp];
                double acc = 0;
                for (int n = 0; n < N; ++n) {
                    double& s = S[(static_cast<std::size_t>(h) * P + pp) * N + n];
                    s = dA * s + dt * xv * xbc[DI + g * N + n];
                    acc += s * xbc[DI + GN + g * N + n];
                }
                y[h * P + pp] = acc + Dp.v[h] * xv;
            }
        }
        if (layer == o.trace_layer) {
            res.x.push_back(Vec(xbc.begin(), xbc.begin() + DI));
            res.y.push_back(y);
            res.dt.push_back(dts);
        }
        // gated RMSNorm per group, then the head scales
        Vec gy(DI);
        for (int i = 0; i < DI; ++i) gy[i] = y[i] * silu(proj[t][i]);
        const int gs = DI / G;
        for (int g = 0; g < G; ++g) {
            double ss = 0;
            for (int i = 0; i < gs; ++i) ss += gy[g * gs + i] * gy[g * gs + i];
            const double inv = 1.0 / std::sqrt(ss / gs + eps);
            for (int i = 0; i < gs; ++i) gy[g * gs + i] *= inv * nw.v[g * gs + i];
        }
        for (int h = 0; h < H; ++h)
            for (int pp = 0; pp < P; ++pp) gy[h * P + pp] *= scale_of(o.ssm_scale, layer, h);
        outs[t] = out.mul(gy);
    }
    return outs;
}

// Mamba-1 mixer (norms: 0 none, 1 weightless (Falcon-Mamba), 2 weighted (Jamba)).
std::vector<Vec> mamba1_mixer(const Checkpoint& ck, const std::string& p, int norms, double norm_eps,
                              const std::vector<Vec>& xin, int layer, const NaiveSsmOptions& o, NaiveSsmResult& res) {
    const int T = static_cast<int>(xin.size());
    W in = w(ck, p + ".in_proj.weight"), cw = w(ck, p + ".conv1d.weight"), xp = w(ck, p + ".x_proj.weight");
    W dtw = w(ck, p + ".dt_proj.weight"), dtb = w(ck, p + ".dt_proj.bias"), Alog = w(ck, p + ".A_log");
    W Dp = w(ck, p + ".D"), out = w(ck, p + ".out_proj.weight");
    W cb = w(ck, p + ".conv1d.bias");
    const int D = static_cast<int>(Alog.shape[0]), N = static_cast<int>(Alog.shape[1]);
    const int R = static_cast<int>(dtw.shape[1]), K = static_cast<int>(cw.shape[2]);
    W nd, nb, nc;
    if (norms == 2)
        nd = w(ck, p + ".dt_layernorm.weight"), nb = w(ck, p + ".b_layernorm.weight"),
        nc = w(ck, p + ".c_layernorm.weight");
    std::vector<Vec> proj(T), raw(T);
    for (int t = 0; t < T; ++t) {
        proj[t] = in.mul(xin[t]);
        raw[t] = Vec(proj[t].begin(), proj[t].begin() + D);
    }
    std::vector<double> S(static_cast<std::size_t>(D) * N, 0.0);
    std::vector<Vec> outs(T);
    for (int t = 0; t < T; ++t) {
        Vec u(D);
        for (int d = 0; d < D; ++d) u[d] = silu(conv_at(raw, t, d, cw, &cb, K));
        Vec dbc = xp.mul(u);
        Vec delta(dbc.begin(), dbc.begin() + R), Bv(dbc.begin() + R, dbc.begin() + R + N),
            Cv(dbc.begin() + R + N, dbc.end());
        if (norms > 0) {
            delta = rms(delta, norms == 2 ? &nd.v : nullptr, norm_eps);
            Bv = rms(Bv, norms == 2 ? &nb.v : nullptr, norm_eps);
            Cv = rms(Cv, norms == 2 ? &nc.v : nullptr, norm_eps);
        }
        Vec dtl = dtw.mul(delta);
        Vec y(D), dts(D);
        for (int d = 0; d < D; ++d) {
            const double dt = softplus(dtl[d] + dtb.v[d]);
            dts[d] = dt;
            double acc = 0;
            for (int n = 0; n < N; ++n) {
                double& s = S[static_cast<std::size_t>(d) * N + n];
                s = std::exp(dt * -std::exp(Alog.v[static_cast<std::size_t>(d) * N + n])) * s + dt * Bv[n] * u[d];
                acc += s * Cv[n];
            }
            y[d] = acc + Dp.v[d] * u[d];
        }
        if (layer == o.trace_layer) {
            res.x.push_back(u);
            res.y.push_back(y);
            res.dt.push_back(dts);
        }
        Vec g(D);
        for (int d = 0; d < D; ++d) g[d] = y[d] * silu(proj[t][D + d]) * scale_of(o.ssm_scale, layer, d);
        outs[t] = out.mul(g);
    }
    return outs;
}

// Causal softmax attention without RoPE on projected q, k, v; GQA; o_proj input scaled per head.
std::vector<Vec> attention_core(const std::vector<Vec>& q, const std::vector<Vec>& k, const std::vector<Vec>& v, int H,
                                int KVH, double scale, const W& wo, int layer, const NaiveSsmOptions& o) {
    const int T = static_cast<int>(q.size());
    const int D = static_cast<int>(q[0].size()) / H;
    std::vector<Vec> outs(T);
    for (int t = 0; t < T; ++t) {
        Vec cat(H * D, 0.0);
        for (int h = 0; h < H; ++h) {
            const int kh = h / (H / KVH);
            Vec sc(t + 1);
            double mx = -1e300, z = 0;
            for (int j = 0; j <= t; ++j) {
                double s = 0;
                for (int d = 0; d < D; ++d) s += q[t][h * D + d] * k[j][kh * D + d];
                mx = std::max(mx, sc[j] = s * scale);
            }
            for (int j = 0; j <= t; ++j) z += (sc[j] = std::exp(sc[j] - mx));
            for (int d = 0; d < D; ++d) {
                double s = 0;
                for (int j = 0; j <= t; ++j) s += sc[j] / z * v[j][kh * D + d];
                cat[h * D + d] = s * scale_of(o.attn_scale, layer, h);
            }
        }
        outs[t] = wo.mul(cat);
    }
    return outs;
}

// Jamba attention: no RoPE, scale 1/sqrt(head_dim).
std::vector<Vec> attention_norope(const Checkpoint& ck, const std::string& p, int H, int KVH,
                                  const std::vector<Vec>& xin, int layer, const NaiveSsmOptions& o) {
    const int T = static_cast<int>(xin.size());
    W wq = w(ck, p + ".q_proj.weight"), wk = w(ck, p + ".k_proj.weight"), wv = w(ck, p + ".v_proj.weight");
    std::vector<Vec> q(T), k(T), v(T);
    for (int t = 0; t < T; ++t) q[t] = wq.mul(xin[t]), k[t] = wk.mul(xin[t]), v[t] = wv.mul(xin[t]);
    const double D = static_cast<double>(wq.shape[0]) / H;
    return attention_core(q, k, v, H, KVH, 1.0 / std::sqrt(D), w(ck, p + ".o_proj.weight"), layer, o);
}

// y = W x (+ B (A x) when the LoRA adapter pair `ap`.0 / `ap`.1 exists).
Vec with_adapter(const Checkpoint& ck, const W& wt, const std::string& ap, const Vec& x) {
    Vec y = wt.mul(x);
    if (!has(ck, ap + ".0.weight")) return y;
    Vec r = w(ck, ap + ".1.weight").mul(w(ck, ap + ".0.weight").mul(x));
    for (std::size_t i = 0; i < y.size(); ++i) y[i] += r[i];
    return y;
}

// Zamba2 hybrid layer's transformer branch T (no residuals inside), per token.
std::vector<Vec> zamba2_shared(const Checkpoint& ck, const Json& cfg, const std::string& sp, int j,
                               const std::vector<Vec>& h, const std::vector<Vec>& e0, int layer,
                               const NaiveSsmOptions& o) {
    const int T = static_cast<int>(h.size());
    const int H = cfg["num_attention_heads"], KVH = cfg.value("num_key_value_heads", H);
    const double eps = cfg.value("rms_norm_eps", 1e-5);
    W n_in = w(ck, sp + ".input_layernorm.weight"), n_ff = w(ck, sp + ".pre_ff_layernorm.weight");
    W wq = w(ck, sp + ".self_attn.q_proj.weight"), wk = w(ck, sp + ".self_attn.k_proj.weight");
    W wv = w(ck, sp + ".self_attn.v_proj.weight"), wo = w(ck, sp + ".self_attn.o_proj.weight");
    W gu = w(ck, sp + ".feed_forward.gate_up_proj.weight"), dn = w(ck, sp + ".feed_forward.down_proj.weight");
    const std::string js = std::to_string(j);
    std::vector<Vec> q(T), k(T), v(T);
    for (int t = 0; t < T; ++t) {
        Vec cat = h[t];
        cat.insert(cat.end(), e0[t].begin(), e0[t].end());
        Vec a = rms(cat, &n_in.v, eps);
        q[t] = with_adapter(ck, wq, sp + ".self_attn.linear_q_adapter_list." + js, a);
        k[t] = with_adapter(ck, wk, sp + ".self_attn.linear_k_adapter_list." + js, a);
        v[t] = with_adapter(ck, wv, sp + ".self_attn.linear_v_adapter_list." + js, a);
    }
    const double hd = static_cast<double>(wq.shape[0]) / H;
    if (cfg.value("use_mem_rope", false)) {
        // RoPE on every channel of the head: pairs (i, i + d/2) turned by t * theta^(-2i/d);
        // use_long_context raises theta to theta * 8^(d / (d - 2)).
        const int d = static_cast<int>(hd);
        double theta = cfg.value("rope_theta", 10000.0);
        if (cfg.value("use_long_context", false)) theta *= std::pow(8.0, hd / (hd - 2.0));
        auto turn = [&](Vec& z, int heads, int t) {
            for (int hh = 0; hh < heads; ++hh)
                for (int i = 0; i < d / 2; ++i) {
                    const double ang = t * std::pow(theta, -2.0 * i / d);
                    double& a = z[hh * d + i];
                    double& b = z[hh * d + i + d / 2];
                    const double a0 = a, b0 = b;
                    a = a0 * std::cos(ang) - b0 * std::sin(ang);
                    b = b0 * std::cos(ang) + a0 * std::sin(ang);
                }
        };
        for (int t = 0; t < T; ++t) {
            turn(q[t], H, t);
            turn(k[t], KVH, t);
        }
    }
    std::vector<Vec> att = attention_core(q, k, v, H, KVH, 1.0 / std::sqrt(hd / 2.0), wo, layer, o);
    std::vector<Vec> out(T);
    for (int t = 0; t < T; ++t) {
        Vec x = rms(att[t], &n_ff.v, eps);
        Vec g = with_adapter(ck, gu, sp + ".feed_forward.gate_up_proj_adapter_list." + js, x);
        const std::size_t I = g.size() / 2;
        Vec m(I);
        for (std::size_t i = 0; i < I; ++i) m[i] = 0.5 * g[i] * (1.0 + std::erf(g[i] / std::sqrt(2.0))) * g[I + i];
        out[t] = dn.mul(m);
    }
    return out;
}

Vec swiglu(const Checkpoint& ck, const std::string& p, const Vec& x) {
    Vec g = w(ck, p + ".gate_proj.weight").mul(x), u = w(ck, p + ".up_proj.weight").mul(x);
    for (std::size_t i = 0; i < g.size(); ++i) g[i] = silu(g[i]) * u[i];
    return w(ck, p + ".down_proj.weight").mul(g);
}

// Jamba feed-forward: dense SwiGLU, or softmax router + top-k experts (weights not renormalised).
Vec jamba_ff(const Checkpoint& ck, const std::string& p, int top_k, const Vec& x) {
    if (!has(ck, p + ".router.weight")) return swiglu(ck, p, x);
    Vec logits = w(ck, p + ".router.weight").mul(x);
    const double mx = *std::max_element(logits.begin(), logits.end());
    double z = 0;
    for (double& l : logits) z += (l = std::exp(l - mx));
    for (double& l : logits) l /= z;
    std::vector<int> order(logits.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return logits[a] > logits[b]; });
    Vec out(x.size(), 0.0);
    for (int i = 0; i < top_k; ++i) {
        Vec e = swiglu(ck, p + ".experts." + std::to_string(order[i]), x);
        for (std::size_t c = 0; c < out.size(); ++c) out[c] += logits[order[i]] * e[c];
    }
    return out;
}

double gelu_tanh(double x) { return 0.5 * x * (1.0 + std::tanh(std::sqrt(2.0 / M_PI) * (x + 0.044715 * x * x * x))); }

Vec rms1p(const Vec& x, const Vec& w, double eps) {  // RecurrentGemma: times (1 + w)
    Vec one(w.size());
    for (std::size_t i = 0; i < w.size(); ++i) one[i] = 1.0 + w[i];
    return rms(x, &one, eps);
}

Vec affine(const Checkpoint& ck, const std::string& p, const Vec& x) {  // W x + b
    Vec y = w(ck, p + ".weight").mul(x);
    if (has(ck, p + ".bias")) {
        W b = w(ck, p + ".bias");
        for (std::size_t i = 0; i < y.size(); ++i) y[i] += b.v[i];
    }
    return y;
}

// RecurrentGemma: per-token recurrence, local attention with partial RoPE, soft-capped logits.
NaiveSsmResult naive_recurrent_gemma(const Checkpoint& ck, const Json& cfg, const std::vector<int>& ids,
                                     const NaiveSsmOptions& o) {
    const int C = cfg["hidden_size"], L = cfg["num_hidden_layers"], T = static_cast<int>(ids.size());
    const int H = cfg["num_attention_heads"], KVH = cfg.value("num_key_value_heads", 1);
    const int D = cfg.value("head_dim", C / H), Wd = cfg.value("lru_width", C), bw = Wd / H;
    const int window = cfg.value("attention_window_size", 2048);
    const double eps = cfg.value("rms_norm_eps", 1e-6), theta = cfg.value("rope_theta", 10000.0);
    const double cap = cfg.value("logits_soft_cap", 30.0);
    const auto types = cfg["block_types"].get<std::vector<std::string>>();
    W emb = w(ck, "model.embed_tokens.weight");
    const double normalizer = bf16_to_float(float_to_bf16(static_cast<float>(std::sqrt(static_cast<double>(C)))));
    std::vector<Vec> h(T, Vec(C));
    for (int t = 0; t < T; ++t)
        for (int c = 0; c < C; ++c) h[t][c] = emb.v[static_cast<std::size_t>(ids[t]) * C + c] * normalizer;
    NaiveSsmResult res;
    for (int l = 0; l < L; ++l) {
        if (skipped(o, l)) continue;
        const std::string p = "model.layers." + std::to_string(l), tb = p + ".temporal_block";
        W n1 = w(ck, p + ".temporal_pre_norm.weight"), n2 = w(ck, p + ".channel_pre_norm.weight");
        std::vector<Vec> x(T), tout(T);
        for (int t = 0; t < T; ++t) x[t] = rms1p(h[t], n1.v, eps);
        if (types[l % types.size()] == "attention") {
            const int Dr = D / 2;  // partial_rotary_factor 0.5
            std::vector<Vec> q(T), k(T), v(T);
            for (int t = 0; t < T; ++t) {
                q[t] = affine(ck, tb + ".q_proj", x[t]), k[t] = affine(ck, tb + ".k_proj", x[t]);
                v[t] = affine(ck, tb + ".v_proj", x[t]);
                auto rot = [&](double* z) {
                    for (int i = 0; i < Dr / 2; ++i) {
                        const double ang = t * std::pow(theta, -2.0 * i / Dr), cs = std::cos(ang), sn = std::sin(ang);
                        const double a = z[i], b = z[i + Dr / 2];
                        z[i] = a * cs - b * sn;
                        z[i + Dr / 2] = b * cs + a * sn;
                    }
                };
                for (int hh = 0; hh < H; ++hh) rot(&q[t][hh * D]);
                for (int kh = 0; kh < KVH; ++kh) rot(&k[t][kh * D]);
            }
            for (int t = 0; t < T; ++t) {
                Vec cat(H * D, 0.0);
                const int j0 = std::max(0, t - window);  // keys t - window .. t
                for (int hh = 0; hh < H; ++hh) {
                    const int kh = hh / (H / KVH);
                    Vec sc(t + 1, 0.0);
                    double mx = -1e300, z = 0;
                    for (int j = j0; j <= t; ++j) {
                        double s = 0;
                        for (int d = 0; d < D; ++d) s += q[t][hh * D + d] * k[j][kh * D + d];
                        mx = std::max(mx, sc[j] = s / std::sqrt(static_cast<double>(D)));
                    }
                    for (int j = j0; j <= t; ++j) z += (sc[j] = std::exp(sc[j] - mx));
                    for (int d = 0; d < D; ++d) {
                        double s = 0;
                        for (int j = j0; j <= t; ++j) s += sc[j] / z * v[j][kh * D + d];
                        cat[hh * D + d] = s * scale_of(o.attn_scale, l, hh);
                    }
                }
                tout[t] = affine(ck, tb + ".o_proj", cat);
            }
        } else {
            W cw = w(ck, tb + ".conv_1d.weight"), cb = w(ck, tb + ".conv_1d.bias");
            W rp = w(ck, tb + ".rg_lru.recurrent_param");
            W gxw = w(ck, tb + ".rg_lru.input_gate_weight"), gxb = w(ck, tb + ".rg_lru.input_gate_bias");
            W gaw = w(ck, tb + ".rg_lru.recurrent_gate_weight"), gab = w(ck, tb + ".rg_lru.recurrent_gate_bias");
            const int K = static_cast<int>(cw.shape[2]);
            std::vector<Vec> raw(T);
            for (int t = 0; t < T; ++t) raw[t] = affine(ck, tb + ".linear_x", x[t]);
            Vec state(Wd, 0.0);
            for (int t = 0; t < T; ++t) {
                Vec yb = affine(ck, tb + ".linear_y", x[t]);
                Vec u(Wd), av(Wd), mv(Wd), out(Wd);
                for (int c = 0; c < Wd; ++c) u[c] = conv_at(raw, t, c, cw, &cb, K);
                for (int blk = 0; blk < H; ++blk)
                    for (int jj = 0; jj < bw; ++jj) {
                        double sx = gxb.v[blk * bw + jj], sa = gab.v[blk * bw + jj];
                        for (int i = 0; i < bw; ++i) {
                            const std::size_t wi = (static_cast<std::size_t>(blk) * bw + i) * bw + jj;  // x W
                            sx += u[blk * bw + i] * gxw.v[wi];
                            sa += u[blk * bw + i] * gaw.v[wi];
                        }
                        const int c = blk * bw + jj;
                        const double gx = 1.0 / (1.0 + std::exp(-sx)), ga = 1.0 / (1.0 + std::exp(-sa));
                        const double a = std::exp(-8.0 * ga * softplus(rp.v[c]));
                        const double mult = t == 0 ? 1.0 : std::sqrt(1.0 - a * a);
                        av[c] = t == 0 ? 0.0 : a;
                        mv[c] = gx * mult;
                        state[c] = av[c] * state[c] + u[c] * mv[c];
                        out[c] = state[c] * gelu_tanh(yb[c]) * scale_of(o.ssm_scale, l, blk);
                    }
                if (l == o.trace_layer) {
                    res.x.push_back(u);
                    res.y.push_back(state);
                    res.a.push_back(av);
                    res.m.push_back(mv);
                }
                tout[t] = affine(ck, tb + ".linear_out", out);
            }
        }
        for (int t = 0; t < T; ++t) {
            Vec r(C);
            for (int c = 0; c < C; ++c) r[c] = h[t][c] + tout[t][c];
            Vec xm = rms1p(r, n2.v, eps);
            Vec g = affine(ck, p + ".mlp_block.gate_proj", xm), up = affine(ck, p + ".mlp_block.up_proj", xm);
            for (std::size_t i = 0; i < g.size(); ++i) g[i] = gelu_tanh(g[i]) * up[i];
            Vec mo = affine(ck, p + ".mlp_block.down_proj", g);
            for (int c = 0; c < C; ++c) h[t][c] = r[c] + mo[c];
        }
    }
    W nf = w(ck, "model.final_norm.weight");
    W head = has(ck, "lm_head.weight") ? w(ck, "lm_head.weight") : emb;
    for (int t = 0; t < T; ++t) {
        Vec lg = head.mul(rms1p(h[t], nf.v, eps));
        std::vector<float> row(lg.size());
        for (std::size_t i = 0; i < lg.size(); ++i) row[i] = static_cast<float>(cap * std::tanh(lg[i] / cap));
        res.logits.push_back(row);
    }
    return res;
}

}  // namespace

NaiveSsmResult naive_ssm_forward(const std::filesystem::path& dir, const std::vector<int>& ids,
                                 const NaiveSsmOptions& o) {
    Json cfg = read_json_file(dir / "config.json");
    Checkpoint ck = Checkpoint::open(dir);
    const std::string mt = cfg["model_type"];
    if (mt == "recurrent_gemma") return naive_recurrent_gemma(ck, cfg, ids, o);
    const int C = cfg["hidden_size"], L = cfg["num_hidden_layers"], T = static_cast<int>(ids.size());
    const bool jamba = mt == "jamba", zamba = mt == "zamba2";
    const std::string emb_name = jamba || zamba ? "model.embed_tokens.weight" : "backbone.embeddings.weight";
    W emb = w(ck, emb_name);
    std::vector<Vec> h(T, Vec(C));
    for (int t = 0; t < T; ++t)
        for (int c = 0; c < C; ++c) h[t][c] = emb.v[static_cast<std::size_t>(ids[t]) * C + c];
    NaiveSsmResult res;
    const double eps = jamba || zamba ? cfg.value("rms_norm_eps", 1e-6) : cfg.value("layer_norm_epsilon", 1e-5);
    const std::vector<Vec> e0 = h;
    std::vector<int> hybrids;
    if (zamba)
        for (int l = 0; l < L; ++l)
            if (cfg["layers_block_type"][l] == "hybrid") hybrids.push_back(l);
    for (int l = 0; l < L; ++l) {
        if (skipped(o, l)) continue;
        if (zamba) {
            const std::string p = "model.layers." + std::to_string(l);
            const auto it = std::find(hybrids.begin(), hybrids.end(), l);
            std::vector<Vec> x = h;
            std::string mp = p;
            if (it != hybrids.end()) {
                const int j = static_cast<int>(it - hybrids.begin());
                const int home = hybrids[j % cfg.value("num_mem_blocks", 1)];
                auto tb = zamba2_shared(ck, cfg, "model.layers." + std::to_string(home) + ".shared_transformer", j, h,
                                        e0, l, o);
                W lin = w(ck, p + ".linear.weight");
                for (int t = 0; t < T; ++t) {
                    Vec add = lin.mul(tb[t]);
                    for (int c = 0; c < C; ++c) x[t][c] += add[c];
                }
                mp = p + ".mamba_decoder";
            }
            W nw = w(ck, mp + ".input_layernorm.weight");
            for (int t = 0; t < T; ++t) x[t] = rms(x[t], &nw.v, eps);
            auto out = mamba2_mixer(ck, mp + ".mamba", m2_dims(cfg, true), x, l, o, res);
            for (int t = 0; t < T; ++t)
                for (int c = 0; c < C; ++c) h[t][c] += out[t][c];
            continue;
        }
        if (!jamba) {
            const std::string p = "backbone.layers." + std::to_string(l);
            W nw = w(ck, p + ".norm.weight");
            std::vector<Vec> xin(T);
            for (int t = 0; t < T; ++t) xin[t] = rms(h[t], &nw.v, eps);
            std::vector<Vec> out = mt == "mamba2" ? mamba2_mixer(ck, p + ".mixer", m2_dims(cfg, false), xin, l, o, res)
                                                  : mamba1_mixer(ck, p + ".mixer", mt == "falcon_mamba" ? 1 : 0,
                                                                 cfg.value("mixer_rms_eps", 1e-6), xin, l, o, res);
            for (int t = 0; t < T; ++t)
                for (int c = 0; c < C; ++c) h[t][c] += out[t][c];
            continue;
        }
        const std::string p = "model.layers." + std::to_string(l);
        W n1 = w(ck, p + ".input_layernorm.weight"), n2 = w(ck, p + ".pre_ff_layernorm.weight");
        std::vector<Vec> xin(T);
        for (int t = 0; t < T; ++t) xin[t] = rms(h[t], &n1.v, eps);
        const bool attn = l % cfg["attn_layer_period"].get<int>() == cfg["attn_layer_offset"].get<int>();
        std::vector<Vec> out = attn
            ? attention_norope(ck, p + ".self_attn", cfg["num_attention_heads"], cfg["num_key_value_heads"], xin, l, o)
            : mamba1_mixer(ck, p + ".mamba", 2, eps, xin, l, o, res);
        for (int t = 0; t < T; ++t) {
            for (int c = 0; c < C; ++c) h[t][c] += out[t][c];
            Vec f = jamba_ff(ck, p + ".feed_forward", cfg["num_experts_per_tok"], rms(h[t], &n2.v, eps));
            for (int c = 0; c < C; ++c) h[t][c] += f[c];
        }
    }
    W nf = w(ck, jamba || zamba ? "model.final_layernorm.weight" : "backbone.norm_f.weight");
    W head = has(ck, "lm_head.weight") ? w(ck, "lm_head.weight") : emb;
    for (int t = 0; t < T; ++t) {
        Vec lg = head.mul(rms(h[t], &nf.v, eps));
        res.logits.emplace_back(lg.begin(), lg.end());
    }
    return res;
}

}  // namespace gna::test
