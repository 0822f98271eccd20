// JambaForCausalLM: Mamba-1 layers and attention layers (no rotary embedding), each followed by a
// SwiGLU MLP or a mixture of SwiGLU experts.
//   layer i is attention iff i % attn_layer_period == attn_layer_offset; its FFN is MoE iff
//   i % expert_layer_period == expert_layer_offset.
//   block: h += mixer(input_layernorm(h)); h += ffn(pre_ff_layernorm(h)); final_layernorm; lm_head.
//   MoE: p = softmax(router(x)) in fp32; out = sum over the top-k experts of p_e * expert_e(x)
//   (top-k weights NOT renormalised). Mamba mixer: Mamba-1 with weighted RMSNorms on dt, B, C.
#include "ssm/jamba.h"

#include <cmath>

#include "gna/error.h"
#include "ssm/mamba.h"

namespace gna {
namespace {

struct MoE final : FeedForward {
    Linear router;  // (E, C), no bias
    std::vector<GatedMLP> experts;
    int64_t top_k = 2;

    at::Tensor forward(const at::Tensor& x) const override {
        const int64_t B = x.size(0), T = x.size(1), C = x.size(2), E = static_cast<int64_t>(experts.size());
        at::Tensor flat = x.reshape({B * T, C});  // (BT, C)
        at::Tensor probs = at::softmax(router(flat).to(at::kFloat), -1);  // (BT, E)
        auto [w, idx] = probs.topk(top_k, -1);  // (BT, k)
        at::Tensor out = at::zeros({B * T, C}, at::TensorOptions().dtype(at::kFloat).device(x.device()));
        for (int64_t e = 0; e < E; ++e) {
            at::Tensor hit = (idx == e);  // (BT, k)
            at::Tensor rows = hit.any(-1).nonzero().view({-1});  // tokens routed to e
            if (rows.numel() == 0) continue;
            at::Tensor we = (w * hit.to(at::kFloat)).sum(-1).index_select(0, rows).unsqueeze(1);  // (n, 1)
            at::Tensor ye = experts[e](flat.index_select(0, rows)).to(at::kFloat);  // (n, C)
            out.index_add_(0, rows, ye * we);
        }
        return out.to(x.scalar_type()).view({B, T, C});
    }
};

}  // namespace

std::unique_ptr<CausalLM> make_jamba(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt) {
    const auto [f, C, L, V] = read_base_dims(cfg);
    const int64_t I = cfg.require_int("intermediate_size");
    const int64_t H = cfg.require_int("num_attention_heads");
    const int64_t KVH = cfg.get_int("num_key_value_heads", H);
    const int64_t ap = cfg.get_int("attn_layer_period", 8), ao = cfg.get_int("attn_layer_offset", 4);
    const int64_t ep = cfg.get_int("expert_layer_period", 2), eo = cfg.get_int("expert_layer_offset", 1);
    const int64_t E = cfg.get_int("num_experts", 16), K = cfg.get_int("num_experts_per_tok", 2);
    const double eps = cfg.get_double("rms_norm_eps", 1e-6);
    if (C <= 0 || L <= 0 || V <= 0 || I <= 0 || H <= 0 || KVH <= 0 || ap <= 0 || ep <= 0 || E <= 0 || K <= 0)
        throw Error(f +
                    ": hidden_size, num_hidden_layers, vocab_size, intermediate_size, num_attention_heads, "
                    "num_key_value_heads, attn_layer_period, expert_layer_period, num_experts and "
                    "num_experts_per_tok must be positive");
    if (C % H != 0)  // head_dim = hidden_size / num_attention_heads
        throw Error(f + ": hidden_size (" + std::to_string(C) + ") must be a multiple of num_attention_heads (" +
                    std::to_string(H) + "): each attention head gets hidden_size / num_attention_heads channels");
    if (H % KVH != 0)
        throw Error(f + ": num_attention_heads (" + std::to_string(H) +
                    ") must be a multiple of num_key_value_heads (" + std::to_string(KVH) + ")");
    if (K > E)
        throw Error(f + ": num_experts_per_tok (" + std::to_string(K) + ") must not exceed num_experts (" +
                    std::to_string(E) + ")");
    Mamba1Dims d;
    d.hidden = C;
    d.state = cfg.get_int("mamba_d_state", 16);
    d.conv_kernel = cfg.get_int("mamba_d_conv", 4);
    d.d_inner = cfg.get_int("mamba_expand", 2) * C;
    const Json& j = cfg.json();
    d.dt_rank = j.contains("mamba_dt_rank") && j["mamba_dt_rank"].is_number_integer()
        ? j["mamba_dt_rank"].get<int64_t>()
        : (C + 15) / 16;  // "auto"
    if (d.state <= 0 || d.conv_kernel <= 0 || d.d_inner <= 0 || d.dt_rank <= 0)
        throw Error(f + ": mamba_d_state, mamba_d_conv, mamba_expand and mamba_dt_rank must be positive");
    d.bc_norm = Mamba1Dims::BcNorm::Weighted;
    d.bc_eps = eps;
    const AttentionConfig attn = AttentionConfig::make(H, KVH, C / H, C);  // no RoPE in Jamba

    WeightLoader wl(ckpt, opt);
    DecoderParts p;
    p.eps = eps;
    p.embed = wl.get("model.embed_tokens.weight", {V, C});
    for (int64_t l = 0; l < L; ++l) {
        const std::string lp = "model.layers." + std::to_string(l);
        DecoderLayer layer = load_layer_norms(wl, lp + ".input_layernorm.weight", lp + ".pre_ff_layernorm.weight", C);
        if (l % ap == ao)
            layer.mixer =
                std::make_unique<AttentionMixer>(attn, AttentionWeights::load(wl, lp + ".self_attn", attn, C));
        else
            layer.mixer = std::make_unique<Mamba1Mixer>(Mamba1Mixer::load(wl, lp + ".mamba", d));
        if (E > 1 && l % ep == eo) {
            auto moe = std::make_unique<MoE>();
            moe->router = Linear::load(wl, lp + ".feed_forward.router", E, C, false);
            moe->top_k = K;
            for (int64_t e = 0; e < E; ++e)
                moe->experts.push_back(load_gated_mlp(wl, lp + ".feed_forward.experts." + std::to_string(e), I, C));
            layer.mlp = std::move(moe);
        } else {
            layer.mlp = std::make_unique<GatedFeedForward>(load_gated_mlp(wl, lp + ".feed_forward", I, C));
        }
        p.layers.push_back(std::move(layer));
    }
    p.norm_f = wl.get("model.final_layernorm.weight", {C});
    p.lm_head = load_output_head(wl, cfg, p.embed, V, C, false);
    p.head_dim = static_cast<int>(C / H);
    p.max_positions = static_cast<int>(cfg.get_int("max_position_embeddings", 262144));
    return std::make_unique<Decoder>(cfg, wl, std::move(p));
}

}  // namespace gna
