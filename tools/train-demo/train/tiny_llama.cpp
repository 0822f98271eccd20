#include "train/tiny_llama.h"

#include <cmath>

#include "gna/error.h"
#include "gna/tiny_model.h"

namespace gna::train {

at::Tensor seeded_parameter(SeededNormal& rng, std::vector<int64_t> shape, double std, double mean) {
    int64_t n = 1;
    for (auto d : shape) n *= d;
    std::vector<float> v(static_cast<std::size_t>(n));
    for (auto& x : v) x = static_cast<float>(mean + rng.next() * std);
    return at::tensor(v, at::kFloat).view(shape).clone().set_requires_grad(true);
}

namespace {

at::Tensor seeded(SeededNormal& rng, std::vector<int64_t> shape, double std, double mean = 0.0) {
    return seeded_parameter(rng, std::move(shape), std, mean);
}

at::Tensor rms(const at::Tensor& x, const at::Tensor& w, double eps) {
    return x * at::rsqrt(x.pow(2).mean(-1, true) + eps) * w;
}

}  // namespace

TinyLlama::TinyLlama(const LlamaShape& s, uint64_t seed) : TrainableLM(s) {
    if (s.vocab <= 0 || s.hidden <= 0 || s.layers <= 0 || s.heads <= 0 ||
        (s.attn_head_dim <= 0 && s.hidden % s.heads != 0) || s.head_dim() % 2 != 0)
        throw Error(
            "train-demo: vocab, hidden, layers, heads must be positive, hidden a multiple of heads (or "
            "head_dim given) and the head size even (RoPE)");
    SeededNormal rng(seed);
    const int64_t C = s.hidden, I = s.intermediate, V = s.vocab, A = s.heads * s.head_dim();
    const double in_c = 1.0 / std::sqrt(static_cast<double>(C));
    const double out_scale = 1.0 / std::sqrt(2.0 * static_cast<double>(s.layers));
    auto add = [&](const std::string& n, at::Tensor t) { params_.emplace_back(n, std::move(t)); };
    {
        at::Tensor e = seeded(rng, {V, C}, 0.5);
        if (s.embed_shared > 0) {
            at::NoGradGuard ng;
            e.add_(seeded(rng, {1, C}, s.embed_shared));
        }
        add("model.embed_tokens.weight", e);
    }
    for (int64_t l = 0; l < s.layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l);
        add(p + ".input_layernorm.weight", seeded(rng, {C}, 0.0, 1.0));
        add(p + ".self_attn.q_proj.weight", seeded(rng, {A, C}, in_c));
        add(p + ".self_attn.k_proj.weight", seeded(rng, {A, C}, in_c));
        add(p + ".self_attn.v_proj.weight", seeded(rng, {A, C}, in_c));
        add(p + ".self_attn.o_proj.weight", seeded(rng, {C, A}, out_scale / std::sqrt(static_cast<double>(A))));
        add(p + ".post_attention_layernorm.weight", seeded(rng, {C}, 0.0, 1.0));
        add(p + ".mlp.gate_proj.weight", seeded(rng, {I, C}, in_c));
        add(p + ".mlp.up_proj.weight", seeded(rng, {I, C}, in_c));
        add(p + ".mlp.down_proj.weight", seeded(rng, {C, I}, out_scale / std::sqrt(static_cast<double>(I))));
    }
    add("model.norm.weight", seeded(rng, {C}, 0.0, 1.0));
    if (!s.tie_embeddings) add("lm_head.weight", seeded(rng, {V, C}, in_c));

    // inv_freq[i] = theta^(-2i/D), as Rope::make with the default rope type.
    const int64_t D = s.head_dim();
    std::vector<float> f(static_cast<std::size_t>(D / 2));
    for (int64_t i = 0; i < D / 2; ++i)
        f[i] = static_cast<float>(1.0 / std::pow(s.rope_theta, static_cast<double>(2 * i) / static_cast<double>(D)));
    inv_freq_ = at::tensor(f, at::kFloat);
}

const at::Tensor& TrainableLM::p(const std::string& name) const {
    for (const auto& [n, t] : params_)
        if (n == name) return t;
    throw Error("train-demo: no parameter " + name);
}

at::Tensor TinyLlama::forward(const at::Tensor& ids, const at::Tensor& positions, const at::Tensor& doc) const {
    const int64_t B = ids.size(0), T = ids.size(1), H = shape_.heads, D = shape_.head_dim();
    const double eps = shape_.eps;
    // RoPE tables per token: ang (B, 1, T, D/2) -> cos/sin (B, 1, T, D)
    at::Tensor ang = positions.to(at::kFloat).unsqueeze(-1) * inv_freq_;
    at::Tensor emb = at::cat({ang, ang}, -1).unsqueeze(1);
    at::Tensor cos = emb.cos(), sin = emb.sin();
    auto rope = [&](const at::Tensor& x) {  // x: (B, H, T, D); rotate_half(x) = cat(-x2, x1)
        at::Tensor rot = at::cat({-x.narrow(-1, D / 2, D / 2), x.narrow(-1, 0, D / 2)}, -1);
        return x * cos + rot * sin;
    };
    // visible[b, i, j] = j <= i and doc[b, i] == doc[b, j]; mask: (B, 1, T, T)
    at::Tensor causal = at::ones({T, T}, at::kBool).tril();
    at::Tensor same = doc.unsqueeze(2).eq(doc.unsqueeze(1));
    at::Tensor hidden = same.logical_and(causal).logical_not();
    const bool per_layer = blocked_.defined() && blocked_.dim() == 4;
    if (blocked_.defined() && !per_layer) hidden = hidden.logical_or(blocked_);
    hidden = hidden.unsqueeze(1);
    const double scale = 1.0 / std::sqrt(static_cast<double>(D));

    probes_.assign(probe_heads_.size(), at::Tensor());
    at::Tensor h = at::embedding(p("model.embed_tokens.weight"), ids);  // h: (B, T, C)
    for (int64_t l = 0; l < shape_.layers; ++l) {
        const std::string pre = "model.layers." + std::to_string(l);
        at::Tensor x = rms(h, p(pre + ".input_layernorm.weight"), eps);
        at::Tensor q = at::linear(x, p(pre + ".self_attn.q_proj.weight")).view({B, T, H, D}).transpose(1, 2);
        at::Tensor k = at::linear(x, p(pre + ".self_attn.k_proj.weight")).view({B, T, H, D}).transpose(1, 2);
        at::Tensor v = at::linear(x, p(pre + ".self_attn.v_proj.weight")).view({B, T, H, D}).transpose(1, 2);
        q = rope(q);
        k = rope(k);
        at::Tensor scores = at::matmul(q, k.transpose(-1, -2)) * scale;  // (B, H, T, T)
        scores = scores.masked_fill(per_layer ? hidden.logical_or(blocked_[l].unsqueeze(1)) : hidden, -1e9);
        at::Tensor probs = at::softmax(scores, -1);
        for (std::size_t k = 0; k < probe_heads_.size(); ++k)
            if (probe_heads_[k].first == l) probes_[k] = probs.select(1, probe_heads_[k].second);
        at::Tensor o = at::matmul(probs, v);  // (B, H, T, D)
        if (head_keep_.defined() && l < head_keep_.size(0)) o = o * head_keep_[l].view({B, H, 1, 1});
        h = h + at::linear(o.transpose(1, 2).reshape({B, T, H * D}), p(pre + ".self_attn.o_proj.weight"));
        x = rms(h, p(pre + ".post_attention_layernorm.weight"), eps);
        at::Tensor g = at::silu(at::linear(x, p(pre + ".mlp.gate_proj.weight")));
        h = h + at::linear(g * at::linear(x, p(pre + ".mlp.up_proj.weight")), p(pre + ".mlp.down_proj.weight"));
    }
    const char* head = shape_.tie_embeddings ? "model.embed_tokens.weight" : "lm_head.weight";
    return at::linear(rms(h, p("model.norm.weight"), eps), p(head));  // (B, T, V)
}

Json TinyLlama::hf_config(int bos_id, int eos_id) const {
    const auto& s = shape_;
    return {
        {"architectures", {"LlamaForCausalLM"}},
        {"model_type", "llama"},
        {"hidden_size", s.hidden},
        {"intermediate_size", s.intermediate},
        {"num_hidden_layers", s.layers},
        {"num_attention_heads", s.heads},
        {"num_key_value_heads", s.heads},
        {"head_dim", s.head_dim()},
        {"rms_norm_eps", s.eps},
        {"vocab_size", s.vocab},
        {"max_position_embeddings", s.context},
        {"hidden_act", "silu"},
        {"tie_word_embeddings", s.tie_embeddings},
        {"attention_bias", false},
        {"mlp_bias", false},
        {"pretraining_tp", 1},
        {"rope_theta", s.rope_theta},
        {"rope_scaling", nullptr},
        {"bos_token_id", bos_id},
        {"eos_token_id", eos_id},
        {"initializer_range", 0.02},
        {"torch_dtype", "float32"},
        {"transformers_version", "4.46.0"},
    };
}

}  // namespace gna::train
