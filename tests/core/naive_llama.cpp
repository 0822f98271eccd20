#include "naive_llama.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "gna/json.h"
#include "gna/safetensors.h"

namespace gna::test {
namespace {

using Vec = std::vector<double>;

struct Mat {  // row-major (rows x cols), from a [rows, cols] weight
    int rows = 0, cols = 0;
    std::vector<float> w;
    Vec mul(const Vec& x) const {  // y = W x
        Vec y(rows, 0.0);
        for (int r = 0; r < rows; ++r) {
            double s = 0;
            for (int c = 0; c < cols; ++c) s += static_cast<double>(w[static_cast<std::size_t>(r) * cols + c]) * x[c];
            y[r] = s;
        }
        return y;
    }
};

Mat mat(const Checkpoint& ck, const std::string& name) {
    TensorView v = ck.tensor(name);
    Mat m;
    m.rows = static_cast<int>(v.shape[0]);
    m.cols = static_cast<int>(v.shape[1]);
    m.w = to_float(v);
    return m;
}

Vec vec(const Checkpoint& ck, const std::string& name) {
    auto f = to_float(ck.tensor(name));
    return Vec(f.begin(), f.end());
}

Vec rms(const Vec& x, const Vec& w, double eps) {
    double ss = 0;
    for (double v : x) ss += v * v;
    double inv = 1.0 / std::sqrt(ss / x.size() + eps);
    Vec y(x.size());
    for (std::size_t i = 0; i < x.size(); ++i) y[i] = x[i] * inv * w[i];
    return y;
}

// Rotates one head vector (length D) at position pos: pairs (i, i + D/2), angle pos * theta^(-2i/D).
void rope(double* v, int D, int pos, double theta) {
    for (int i = 0; i < D / 2; ++i) {
        double freq = 1.0 / std::pow(theta, (2.0 * i) / D);
        double a = pos * freq, c = std::cos(a), s = std::sin(a);
        double x1 = v[i], x2 = v[i + D / 2];
        v[i] = x1 * c - x2 * s;
        v[i + D / 2] = x2 * c + x1 * s;
    }
}

}  // namespace

NaiveResult naive_llama_forward(const std::filesystem::path& dir, const std::vector<int>& ids,
                                const NaiveOptions& opt) {
    Json cfg = read_json_file(dir / "config.json");
    Checkpoint ck = Checkpoint::open(dir);
    const int C = cfg["hidden_size"], L = cfg["num_hidden_layers"], H = cfg["num_attention_heads"];
    const int KVH = cfg.value("num_key_value_heads", H);
    const int D = cfg.value("head_dim", C / H);
    const double eps = cfg.value("rms_norm_eps", 1e-6);
    const double theta = cfg.value("rope_theta", 10000.0);
    const int T = static_cast<int>(ids.size());
    const int group = H / KVH;

    Mat emb = mat(ck, "model.embed_tokens.weight");
    std::vector<Vec> h(T, Vec(C));
    for (int t = 0; t < T; ++t)
        for (int c = 0; c < C; ++c) h[t][c] = emb.w[static_cast<std::size_t>(ids[t]) * C + c];

    NaiveResult res;
    for (int l = 0; l < L; ++l) {
        if (std::find(opt.skip_layers.begin(), opt.skip_layers.end(), l) != opt.skip_layers.end()) continue;
        const std::string p = "model.layers." + std::to_string(l);
        Mat wq = mat(ck, p + ".self_attn.q_proj.weight"), wk = mat(ck, p + ".self_attn.k_proj.weight");
        Mat wv = mat(ck, p + ".self_attn.v_proj.weight"), wo = mat(ck, p + ".self_attn.o_proj.weight");
        Vec bq, bk, bv;
        if (ck.contains(p + ".self_attn.q_proj.bias")) {
            bq = vec(ck, p + ".self_attn.q_proj.bias");
            bk = vec(ck, p + ".self_attn.k_proj.bias");
            bv = vec(ck, p + ".self_attn.v_proj.bias");
        }
        Vec n1 = vec(ck, p + ".input_layernorm.weight"), n2 = vec(ck, p + ".post_attention_layernorm.weight");
        Mat wg = mat(ck, p + ".mlp.gate_proj.weight"), wu = mat(ck, p + ".mlp.up_proj.weight");
        Mat wd = mat(ck, p + ".mlp.down_proj.weight");

        std::vector<Vec> q(T), k(T), v(T);
        for (int t = 0; t < T; ++t) {
            Vec x = rms(h[t], n1, eps);
            q[t] = wq.mul(x);
            k[t] = wk.mul(x);
            v[t] = wv.mul(x);
            for (std::size_t i = 0; i < bq.size(); ++i) q[t][i] += bq[i];
            for (std::size_t i = 0; i < bk.size(); ++i) k[t][i] += bk[i], v[t][i] += bv[i];
            for (int hh = 0; hh < H; ++hh) rope(&q[t][hh * D], D, t, theta);
            for (int kh = 0; kh < KVH; ++kh) rope(&k[t][kh * D], D, t, theta);
        }
        std::vector<Vec> attn_in(T, Vec(H * D, 0.0));  // the o_proj input: concatenated head outputs
        for (int hh = 0; hh < H; ++hh) {
            const int kh = hh / group;
            float scale = 1.0f;
            if (auto it = opt.head_scale.find({l, hh}); it != opt.head_scale.end()) scale = it->second;
            for (int t = 0; t < T; ++t) {
                Vec sc(t + 1);
                double mx = -1e300;
                for (int j = 0; j <= t; ++j) {
                    double s = 0;
                    for (int d = 0; d < D; ++d) s += q[t][hh * D + d] * k[j][kh * D + d];
                    sc[j] = s / std::sqrt(static_cast<double>(D));
                    mx = std::max(mx, sc[j]);
                }
                double z = 0;
                for (int j = 0; j <= t; ++j) z += (sc[j] = std::exp(sc[j] - mx));
                for (int j = 0; j <= t; ++j) sc[j] /= z;
                if (opt.capture == std::pair<int, int>{l, hh}) {
                    std::vector<float> row(T, 0.0f);
                    for (int j = 0; j <= t; ++j) row[j] = static_cast<float>(sc[j]);
                    res.attention.push_back(row);
                }
                for (int d = 0; d < D; ++d) {
                    double s = 0;
                    for (int j = 0; j <= t; ++j) s += sc[j] * v[j][kh * D + d];
                    attn_in[t][hh * D + d] = s * scale;
                }
                if (opt.capture == std::pair<int, int>{l, hh})
                    res.head_out.emplace_back(attn_in[t].begin() + hh * D, attn_in[t].begin() + (hh + 1) * D);
                if (auto it = opt.head_replace.find({l, hh}); it != opt.head_replace.end())
                    for (int d = 0; d < D; ++d) attn_in[t][hh * D + d] = it->second[d];
            }
        }
        for (int t = 0; t < T; ++t) {
            Vec o = wo.mul(attn_in[t]);
            for (int c = 0; c < C; ++c) h[t][c] += o[c];
            Vec x = rms(h[t], n2, eps);
            Vec g = wg.mul(x), u = wu.mul(x);
            for (std::size_t i = 0; i < g.size(); ++i) g[i] = g[i] / (1.0 + std::exp(-g[i])) * u[i];
            Vec m = wd.mul(g);
            for (int c = 0; c < C; ++c) h[t][c] += m[c];
        }
    }
    Vec nf = vec(ck, "model.norm.weight");
    Mat head = ck.contains("lm_head.weight") ? mat(ck, "lm_head.weight") : mat(ck, "model.embed_tokens.weight");
    for (int t = 0; t < T; ++t) {
        Vec lg = head.mul(rms(h[t], nf, eps));
        res.logits.emplace_back(lg.begin(), lg.end());
    }
    return res;
}

}  // namespace gna::test
