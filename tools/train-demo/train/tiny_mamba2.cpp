// Trainable Mamba2ForCausalLM with the Hugging Face names (backbone.*), tied embeddings. The mixer
// math is core/src/ssm/mamba2.cpp's (same scan and conv functions), with time_step_limit (0, inf).
#include <algorithm>
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

namespace {

using Params = std::vector<std::pair<std::string, at::Tensor>>;

// A Mamba-2 mixer's parameters under `m` (in_proj, conv1d, dt_bias, A_log, D, norm, out_proj).
void add_mixer(Params& params, SeededNormal& rng, const LlamaShape& s, const std::string& m) {
    const int64_t C = s.hidden, DI = s.expand * s.hidden, H = s.ssm_heads(), N = s.state;
    const int64_t Cc = DI + 2 * N, K = s.conv_kernel;
    const double in_c = 1.0 / std::sqrt(static_cast<double>(C));
    const double out_scale = 1.0 / std::sqrt(2.0 * static_cast<double>(s.layers));
    auto add = [&](const std::string& n, at::Tensor t) { params.emplace_back(n, std::move(t)); };
    add(m + ".in_proj.weight", seeded_parameter(rng, {DI + Cc + H, C}, in_c));
    add(m + ".conv1d.weight", seeded_parameter(rng, {Cc, 1, K}, 1.0 / std::sqrt(static_cast<double>(K))));
    add(m + ".conv1d.bias", seeded_parameter(rng, {Cc}, 0.0));
    // dt in [0.001, 0.1] log-spaced over heads (dt_bias = softplus^-1(dt)); A in [1, 16].
    std::vector<float> dt_bias(H), a_log(H), d(H, 1.f);
    for (int64_t h = 0; h < H; ++h) {
        const double f = H > 1 ? static_cast<double>(h) / static_cast<double>(H - 1) : 0.0;
        const double dt = std::exp(std::log(0.001) + f * (std::log(0.1) - std::log(0.001)));
        dt_bias[h] = static_cast<float>(dt + std::log(-std::expm1(-dt)));
        a_log[h] = static_cast<float>(std::log(1.0 + 15.0 * f));
    }
    add(m + ".dt_bias", constant(dt_bias));
    add(m + ".A_log", constant(a_log));
    add(m + ".D", constant(d));
    add(m + ".norm.weight", seeded_parameter(rng, {DI}, 0.0, 1.0));
    add(m + ".out_proj.weight", seeded_parameter(rng, {C, DI}, out_scale / std::sqrt(static_cast<double>(DI))));
}

// The mixer on x (B, T, C): in_proj, causal conv, SSD scan, D skip, gated RMSNorm, out_proj.
template <class Get>
at::Tensor mixer(const Get& p, const LlamaShape& s, const std::string& m, const at::Tensor& x) {
    const int64_t B = x.size(0), T = x.size(1), H = s.ssm_heads(), P = s.ssm_head_dim, N = s.state;
    const int64_t DI = s.expand * s.hidden, Cc = DI + 2 * N;
    at::Tensor proj = at::linear(x, p(m + ".in_proj.weight"));  // (B, T, DI + Cc + H)
    at::Tensor z = proj.narrow(-1, 0, DI);
    ConvResult conv = causal_conv1d(proj.narrow(-1, DI, Cc), p(m + ".conv1d.weight"), p(m + ".conv1d.bias"), {});
    at::Tensor xBC = at::silu(conv.y);  // (B, T, Cc)
    at::Tensor xs = xBC.narrow(-1, 0, DI).reshape({B, T, H, P});  // (B, T, H, P)
    at::Tensor Bg = xBC.narrow(-1, DI, N).reshape({B, T, 1, N});  // (B, T, G=1, N)
    at::Tensor Cg = xBC.narrow(-1, DI + N, N).reshape({B, T, 1, N});
    at::Tensor dt = at::softplus(proj.narrow(-1, DI + Cc, H) + p(m + ".dt_bias"));  // (B, T, H)
    at::Tensor A = -at::exp(p(m + ".A_log"));
    ScanResult scan = ssd_scan(xs, dt, A, Bg, Cg, s.chunk, {});
    at::Tensor y = scan.y + xs * p(m + ".D").view({1, 1, H, 1});  // (B, T, H, P)
    // gated RMSNorm over the DI channels (one group)
    at::Tensor g = y.reshape({B, T, DI}) * at::silu(z);
    g = g * at::rsqrt(g.pow(2).mean(-1, true) + s.eps) * p(m + ".norm.weight");
    return at::linear(g, p(m + ".out_proj.weight"));
}

}  // namespace

TinyMamba2::TinyMamba2(const LlamaShape& s, uint64_t seed) : TrainableLM(s) {
    const int64_t C = s.hidden, V = s.vocab, DI = s.expand * s.hidden, H = s.ssm_heads();
    if (V <= 0 || C <= 0 || s.layers <= 0 || H <= 0 || H * s.ssm_head_dim != DI)
        throw Error("train-demo: Mamba-2 needs expand * hidden to be a multiple of the SSM head size");
    SeededNormal rng(seed);
    params_.emplace_back("backbone.embeddings.weight", seeded_parameter(rng, {V, C}, 0.5));
    for (int64_t l = 0; l < s.layers; ++l) {
        const std::string p = "backbone.layers." + std::to_string(l);
        params_.emplace_back(p + ".norm.weight", seeded_parameter(rng, {C}, 0.0, 1.0));
        add_mixer(params_, rng, s, p + ".mixer");
    }
    params_.emplace_back("backbone.norm_f.weight", seeded_parameter(rng, {C}, 0.0, 1.0));
}

at::Tensor TinyMamba2::forward(const at::Tensor& ids, const at::Tensor&, const at::Tensor&) const {
    const auto& s = shape_;
    auto get = [this](const std::string& n) -> const at::Tensor& { return p(n); };
    at::Tensor h = at::embedding(p("backbone.embeddings.weight"), ids);  // h: (B, T, C)
    for (int64_t l = 0; l < s.layers; ++l) {
        const std::string pre = "backbone.layers." + std::to_string(l);
        h = h + mixer(get, s, pre + ".mixer", rms(h, p(pre + ".norm.weight"), s.eps));
    }
    return at::linear(rms(h, p("backbone.norm_f.weight"), s.eps), p("backbone.embeddings.weight"));  // (B, T, V)
}

// The config keys the Mamba-2 and Zamba2 demos share: sizes, tied embeddings, special tokens, context,
// the SSD scan's chunk, time-step limit and conv bias, dtype.
static Json ssm_config_common(const LlamaShape& s, int bos_id, int eos_id) {
    return {{"hidden_size", s.hidden},
            {"num_hidden_layers", s.layers},
            {"vocab_size", s.vocab},
            {"tie_word_embeddings", true},
            {"bos_token_id", bos_id},
            {"eos_token_id", eos_id},
            {"pad_token_id", 0},
            {"max_position_embeddings", s.context},
            {"chunk_size", s.chunk},
            {"time_step_limit", {0.0, nullptr}},
            {"use_conv_bias", true},
            {"torch_dtype", "float32"},
            {"transformers_version", "4.46.0"}};
}

Json TinyMamba2::hf_config(int bos_id, int eos_id) const {
    const auto& s = shape_;
    Json cfg = {
        {"architectures", {"Mamba2ForCausalLM"}},
        {"model_type", "mamba2"},
        {"num_heads", s.ssm_heads()},
        {"head_dim", s.ssm_head_dim},
        {"n_groups", 1},
        {"state_size", s.state},
        {"expand", s.expand},
        {"conv_kernel", s.conv_kernel},
        {"layer_norm_epsilon", s.eps},
        {"use_bias", false},
        {"hidden_act", "silu"},
        {"rms_norm", true},
    };
    cfg.update(ssm_config_common(s, bos_id, eos_id));
    return cfg;
}

}  // namespace gna::train

namespace gna::train {

// Zamba2: layer l is "hybrid" when hybrid_layers lists it; each hybrid layer has its own shared
// block (num_mem_blocks = number of hybrid layers, no adapters), stored under that layer.
//   hybrid: t = MLP(pre_ff_norm(Attn(input_norm(cat(h, e0))))); h = h + Mamba2(norm(h + linear(t)))
//   Attention on 2C, head_dim 2C/H, scale (head_dim/2)^-0.5; RoPE over the whole head_dim (half-split)
//   when mem_rope (use_mem_rope), with each packed document's own positions.
TinyZamba2::TinyZamba2(const LlamaShape& s, uint64_t seed) : TrainableLM(s) {
    const int64_t C = s.hidden, V = s.vocab, DI = s.expand * s.hidden, H = s.ssm_heads(), I = s.intermediate;
    if (V <= 0 || C <= 0 || s.layers <= 0 || H <= 0 || H * s.ssm_head_dim != DI || s.heads <= 0 ||
        (2 * C) % s.heads != 0 || s.hybrid_layers.empty())
        throw Error(
            "train-demo: the hybrid needs expand * hidden a multiple of the SSM head size, 2 * hidden a "
            "multiple of the attention heads, and at least one hybrid layer");
    SeededNormal rng(seed);
    const double in_2c = 1.0 / std::sqrt(static_cast<double>(2 * C)), in_c = 1.0 / std::sqrt(static_cast<double>(C));
    auto add = [&](const std::string& n, at::Tensor t) { params_.emplace_back(n, std::move(t)); };
    add("model.embed_tokens.weight", seeded_parameter(rng, {V, C}, 0.5));
    for (int64_t l = 0; l < s.layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l);
        if (!is_hybrid(l)) {
            add(p + ".input_layernorm.weight", seeded_parameter(rng, {C}, 0.0, 1.0));
            add_mixer(params_, rng, s, p + ".mamba");
            continue;
        }
        // The block's output enters the mixer's input scaled like an output projection, so that at
        // initialisation it does not drown the residual stream the mixer reads.
        add(p + ".linear.weight", seeded_parameter(rng, {C, C}, in_c / std::sqrt(2.0 * static_cast<double>(s.layers))));
        add(p + ".mamba_decoder.input_layernorm.weight", seeded_parameter(rng, {C}, 0.0, 1.0));
        add_mixer(params_, rng, s, p + ".mamba_decoder.mamba");
        const std::string sp = p + ".shared_transformer";
        add(sp + ".input_layernorm.weight", seeded_parameter(rng, {2 * C}, 0.0, 1.0));
        add(sp + ".pre_ff_layernorm.weight", seeded_parameter(rng, {C}, 0.0, 1.0));
        for (const char* w : {"q_proj", "k_proj", "v_proj"})
            add(sp + ".self_attn." + w + ".weight", seeded_parameter(rng, {2 * C, 2 * C}, in_2c));
        add(sp + ".self_attn.o_proj.weight", seeded_parameter(rng, {C, 2 * C}, in_2c));
        add(sp + ".feed_forward.gate_up_proj.weight", seeded_parameter(rng, {2 * I, C}, in_c));
        add(sp + ".feed_forward.down_proj.weight",
            seeded_parameter(rng, {C, I}, 1.0 / std::sqrt(static_cast<double>(I))));
    }
    add("model.final_layernorm.weight", seeded_parameter(rng, {C}, 0.0, 1.0));
    const int64_t D = 2 * C / s.heads;  // inv_freq[i] = theta^(-2i/D)
    std::vector<float> f(static_cast<std::size_t>(D / 2));
    for (int64_t i = 0; i < D / 2; ++i)
        f[i] = static_cast<float>(1.0 / std::pow(s.rope_theta, static_cast<double>(2 * i) / static_cast<double>(D)));
    inv_freq_ = at::tensor(f, at::kFloat);
}

bool TinyZamba2::is_hybrid(int64_t l) const {
    return std::find(shape_.hybrid_layers.begin(), shape_.hybrid_layers.end(), l) != shape_.hybrid_layers.end();
}

at::Tensor TinyZamba2::forward(const at::Tensor& ids, const at::Tensor& positions, const at::Tensor& doc) const {
    const auto& s = shape_;
    const int64_t B = ids.size(0), T = ids.size(1), C = s.hidden, H = s.heads, D = 2 * C / H;
    auto get = [this](const std::string& n) -> const at::Tensor& { return p(n); };
    // visible[b, i, j] = j <= i and doc[b, i] == doc[b, j]
    at::Tensor causal = at::ones({T, T}, at::kBool).tril();
    at::Tensor hidden = doc.unsqueeze(2).eq(doc.unsqueeze(1)).logical_and(causal).logical_not().unsqueeze(1);
    const double scale = 1.0 / std::sqrt(static_cast<double>(D) / 2.0);
    const at::Tensor e0 = at::embedding(p("model.embed_tokens.weight"), ids);  // (B, T, C)
    at::Tensor h = e0;
    for (int64_t l = 0; l < s.layers; ++l) {
        const std::string pre = "model.layers." + std::to_string(l);
        if (!is_hybrid(l)) {
            h = h + mixer(get, s, pre + ".mamba", rms(h, p(pre + ".input_layernorm.weight"), s.eps));
            continue;
        }
        const std::string sp = pre + ".shared_transformer";
        at::Tensor a = rms(at::cat({h, e0}, -1), p(sp + ".input_layernorm.weight"), s.eps);  // (B, T, 2C)
        auto heads = [&](const char* w) {
            return at::linear(a, p(sp + ".self_attn." + w + ".weight")).view({B, T, H, D}).transpose(1, 2);
        };
        at::Tensor q = heads("q_proj"), k = heads("k_proj"), v = heads("v_proj");  // (B, H, T, D)
        if (s.mem_rope) {  // rotate_half(x) = cat(-x2, x1); angles (B, 1, T, D)
            at::Tensor ang = positions.to(at::kFloat).unsqueeze(-1) * inv_freq_;
            at::Tensor emb = at::cat({ang, ang}, -1).unsqueeze(1);
            at::Tensor cos = emb.cos(), sin = emb.sin();
            auto rope = [&](const at::Tensor& x) {
                return x * cos + at::cat({-x.narrow(-1, D / 2, D / 2), x.narrow(-1, 0, D / 2)}, -1) * sin;
            };
            q = rope(q);
            k = rope(k);
        }
        at::Tensor scores = (at::matmul(q, k.transpose(-1, -2)) * scale).masked_fill(hidden, -1e9);
        at::Tensor o = at::matmul(at::softmax(scores, -1), v).transpose(1, 2).reshape({B, T, 2 * C});
        at::Tensor t =
            rms(at::linear(o, p(sp + ".self_attn.o_proj.weight")), p(sp + ".pre_ff_layernorm.weight"), s.eps);
        at::Tensor gu = at::linear(t, p(sp + ".feed_forward.gate_up_proj.weight"));  // (B, T, 2I)
        const int64_t I = gu.size(-1) / 2;
        t = at::linear(at::gelu(gu.narrow(-1, 0, I)) * gu.narrow(-1, I, I), p(sp + ".feed_forward.down_proj.weight"));
        at::Tensor x = h + at::linear(t, p(pre + ".linear.weight"));
        h = h +
            mixer(get, s, pre + ".mamba_decoder.mamba",
                  rms(x, p(pre + ".mamba_decoder.input_layernorm.weight"), s.eps));
    }
    return at::linear(rms(h, p("model.final_layernorm.weight"), s.eps), p("model.embed_tokens.weight"));
}

Json TinyZamba2::hf_config(int bos_id, int eos_id) const {
    const auto& s = shape_;
    Json types = Json::array();
    for (int64_t l = 0; l < s.layers; ++l) types.push_back(is_hybrid(l) ? "hybrid" : "mamba");
    Json cfg = {
        {"architectures", {"Zamba2ForCausalLM"}},
        {"model_type", "zamba2"},
        {"layers_block_type", types},
        {"hybrid_layer_ids", s.hybrid_layers},
        {"mamba_d_state", s.state},
        {"mamba_d_conv", s.conv_kernel},
        {"mamba_expand", s.expand},
        {"mamba_ngroups", 1},
        {"n_mamba_heads", s.ssm_heads()},
        {"mamba_headdim", s.ssm_head_dim},
        {"add_bias_linear", false},
        {"intermediate_size", s.intermediate},
        {"hidden_act", "gelu"},
        {"num_attention_heads", s.heads},
        {"num_key_value_heads", s.heads},
        {"attention_hidden_size", 2 * s.hidden},
        {"attention_head_dim", 2 * s.hidden / s.heads},
        {"num_mem_blocks", static_cast<int64_t>(s.hybrid_layers.size())},
        {"use_shared_attention_adapter", false},
        {"use_mem_rope", s.mem_rope},
        {"rope_theta", s.rope_theta},
        {"rms_norm_eps", s.eps},
    };
    cfg.update(ssm_config_common(s, bos_id, eos_id));
    return cfg;
}

}  // namespace gna::train
