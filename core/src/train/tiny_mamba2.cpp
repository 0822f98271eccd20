// Trainable Mamba2ForCausalLM with the Hugging Face names (backbone.*), tied embeddings. The mixer
// math is core/src/ssm/mamba2.cpp's (same scan and conv functions), with time_step_limit (0, inf).
#include <cmath>

#include "gna/error.h"
#include "ssm/scan.h"
#include "train/tiny_llama.h"

namespace gna::train {
namespace {

at::Tensor rms(const at::Tensor& x, const at::Tensor& w, double eps) {
    return x * at::rsqrt(x.pow(2).mean(-1, true) + eps) * w;
}

at::Tensor constant(std::vector<float> v) { return at::tensor(v, at::kFloat).clone().set_requires_grad(true); }

}  // namespace

TinyMamba2::TinyMamba2(const LlamaShape& s, uint64_t seed) : TrainableLM(s) {
    const int64_t C = s.hidden, V = s.vocab, DI = s.expand * s.hidden, H = s.ssm_heads(), N = s.state;
    if (V <= 0 || C <= 0 || s.layers <= 0 || H <= 0 || H * s.ssm_head_dim != DI)
        throw Error("train-demo: Mamba-2 needs expand * hidden to be a multiple of the SSM head size");
    const int64_t Cc = DI + 2 * N, K = s.conv_kernel;
    SeededNormal rng(seed);
    const double in_c = 1.0 / std::sqrt(static_cast<double>(C));
    const double out_scale = 1.0 / std::sqrt(2.0 * static_cast<double>(s.layers));
    auto add = [&](const std::string& n, at::Tensor t) { params_.emplace_back(n, std::move(t)); };
    add("backbone.embeddings.weight", seeded_parameter(rng, {V, C}, 0.5));
    for (int64_t l = 0; l < s.layers; ++l) {
        const std::string p = "backbone.layers." + std::to_string(l);
        add(p + ".norm.weight", seeded_parameter(rng, {C}, 0.0, 1.0));
        add(p + ".mixer.in_proj.weight", seeded_parameter(rng, {DI + Cc + H, C}, in_c));
        add(p + ".mixer.conv1d.weight", seeded_parameter(rng, {Cc, 1, K}, 1.0 / std::sqrt(static_cast<double>(K))));
        add(p + ".mixer.conv1d.bias", seeded_parameter(rng, {Cc}, 0.0));
        // dt in [0.001, 0.1] log-spaced over heads (dt_bias = softplus^-1(dt)); A in [1, 16].
        std::vector<float> dt_bias(H), a_log(H), d(H, 1.f);
        for (int64_t h = 0; h < H; ++h) {
            const double f = H > 1 ? static_cast<double>(h) / static_cast<double>(H - 1) : 0.0;
            const double dt = std::exp(std::log(0.001) + f * (std::log(0.1) - std::log(0.001)));
            dt_bias[h] = static_cast<float>(dt + std::log(-std::expm1(-dt)));
            a_log[h] = static_cast<float>(std::log(1.0 + 15.0 * f));
        }
        add(p + ".mixer.dt_bias", constant(dt_bias));
        add(p + ".mixer.A_log", constant(a_log));
        add(p + ".mixer.D", constant(d));
        add(p + ".mixer.norm.weight", seeded_parameter(rng, {DI}, 0.0, 1.0));
        add(p + ".mixer.out_proj.weight",
            seeded_parameter(rng, {C, DI}, out_scale / std::sqrt(static_cast<double>(DI))));
    }
    add("backbone.norm_f.weight", seeded_parameter(rng, {C}, 0.0, 1.0));
}

at::Tensor TinyMamba2::forward(const at::Tensor& ids, const at::Tensor&, const at::Tensor&) const {
    const auto& s = shape_;
    const int64_t B = ids.size(0), T = ids.size(1), H = s.ssm_heads(), P = s.ssm_head_dim, N = s.state;
    const int64_t DI = s.expand * s.hidden, Cc = DI + 2 * N;
    at::Tensor h = at::embedding(p("backbone.embeddings.weight"), ids);  // h: (B, T, C)
    for (int64_t l = 0; l < s.layers; ++l) {
        const std::string pre = "backbone.layers." + std::to_string(l);
        const std::string m = pre + ".mixer";
        at::Tensor x = rms(h, p(pre + ".norm.weight"), s.eps);
        at::Tensor proj = at::linear(x, p(m + ".in_proj.weight"));  // (B, T, DI + Cc + H)
        at::Tensor z = proj.narrow(-1, 0, DI);
        ConvResult conv = causal_conv1d(proj.narrow(-1, DI, Cc), p(m + ".conv1d.weight"), p(m + ".conv1d.bias"), {});
        at::Tensor xBC = at::silu(conv.y);                                   // (B, T, Cc)
        at::Tensor xs = xBC.narrow(-1, 0, DI).reshape({B, T, H, P});         // (B, T, H, P)
        at::Tensor Bg = xBC.narrow(-1, DI, N).reshape({B, T, 1, N});         // (B, T, G=1, N)
        at::Tensor Cg = xBC.narrow(-1, DI + N, N).reshape({B, T, 1, N});
        at::Tensor dt = at::softplus(proj.narrow(-1, DI + Cc, H) + p(m + ".dt_bias"));  // (B, T, H)
        at::Tensor A = -at::exp(p(m + ".A_log"));
        ScanResult scan = ssd_scan(xs, dt, A, Bg, Cg, s.chunk, {});
        at::Tensor y = scan.y + xs * p(m + ".D").view({1, 1, H, 1});       // (B, T, H, P)
        // gated RMSNorm over the DI channels (one group)
        at::Tensor g = y.reshape({B, T, DI}) * at::silu(z);
        g = g * at::rsqrt(g.pow(2).mean(-1, true) + s.eps) * p(m + ".norm.weight");
        h = h + at::linear(g, p(m + ".out_proj.weight"));
    }
    return at::linear(rms(h, p("backbone.norm_f.weight"), s.eps), p("backbone.embeddings.weight"));  // (B, T, V)
}

Json TinyMamba2::hf_config(int bos_id, int eos_id) const {
    const auto& s = shape_;
    return {
        {"architectures", {"Mamba2ForCausalLM"}},
        {"model_type", "mamba2"},
        {"hidden_size", s.hidden},
        {"num_hidden_layers", s.layers},
        {"vocab_size", s.vocab},
        {"num_heads", s.ssm_heads()},
        {"head_dim", s.ssm_head_dim},
        {"n_groups", 1},
        {"state_size", s.state},
        {"expand", s.expand},
        {"conv_kernel", s.conv_kernel},
        {"chunk_size", s.chunk},
        {"time_step_limit", {0.0, nullptr}},
        {"layer_norm_epsilon", s.eps},
        {"use_bias", false},
        {"use_conv_bias", true},
        {"hidden_act", "silu"},
        {"rms_norm", true},
        {"tie_word_embeddings", true},
        {"bos_token_id", bos_id},
        {"eos_token_id", eos_id},
        {"pad_token_id", 0},
        {"max_position_embeddings", s.context},
        {"torch_dtype", "float32"},
        {"transformers_version", "4.46.0"},
    };
}

}  // namespace gna::train
