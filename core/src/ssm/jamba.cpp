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
#include "ssm/ssm_state.h"

namespace gna {
namespace {

struct MoE {
    Linear router;               // (E, C), no bias
    std::vector<GatedMLP> experts;
    int64_t top_k = 2;

    at::Tensor operator()(const at::Tensor& x) const {
        const int64_t B = x.size(0), T = x.size(1), C = x.size(2), E = static_cast<int64_t>(experts.size());
        at::Tensor flat = x.reshape({B * T, C});                                 // (BT, C)
        at::Tensor probs = at::softmax(router(flat).to(at::kFloat), -1);         // (BT, E)
        auto [w, idx] = probs.topk(top_k, -1);                                   // (BT, k)
        at::Tensor out = at::zeros({B * T, C}, at::TensorOptions().dtype(at::kFloat).device(x.device()));
        for (int64_t e = 0; e < E; ++e) {
            at::Tensor hit = (idx == e);                                         // (BT, k)
            at::Tensor rows = hit.any(-1).nonzero().view({-1});                 // tokens routed to e
            if (rows.numel() == 0) continue;
            at::Tensor we = (w * hit.to(at::kFloat)).sum(-1).index_select(0, rows).unsqueeze(1);  // (n, 1)
            at::Tensor ye = experts[e](flat.index_select(0, rows)).to(at::kFloat);               // (n, C)
            out.index_add_(0, rows, ye * we);
        }
        return out.to(x.scalar_type()).view({B, T, C});
    }
};

struct JambaLayer {
    bool attention = false;
    at::Tensor norm1, norm2;
    AttentionWeights attn;
    Mamba1Mixer mamba;
    bool moe = false;
    GatedMLP mlp;
    MoE experts;
};

GatedMLP load_mlp(WeightLoader& wl, const std::string& p, int64_t I, int64_t C) {
    GatedMLP m;
    m.gate = Linear::load(wl, p + ".gate_proj", I, C);
    m.up = Linear::load(wl, p + ".up_proj", I, C);
    m.down = Linear::load(wl, p + ".down_proj", C, I);
    return m;
}

class Jamba final : public CausalLM {
public:
    Jamba(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt) {
        const std::string f = cfg.file().string();
        const int64_t C = cfg.require_int("hidden_size");
        const int64_t L = cfg.require_int("num_hidden_layers");
        const int64_t V = cfg.require_int("vocab_size");
        const int64_t I = cfg.require_int("intermediate_size");
        const int64_t H = cfg.require_int("num_attention_heads");
        const int64_t KVH = cfg.get_int("num_key_value_heads", H);
        const int64_t ap = cfg.get_int("attn_layer_period", 8), ao = cfg.get_int("attn_layer_offset", 4);
        const int64_t ep = cfg.get_int("expert_layer_period", 2), eo = cfg.get_int("expert_layer_offset", 1);
        const int64_t E = cfg.get_int("num_experts", 16), K = cfg.get_int("num_experts_per_tok", 2);
        eps_ = cfg.get_double("rms_norm_eps", 1e-6);
        if (C <= 0 || L <= 0 || V <= 0 || I <= 0 || H <= 0 || KVH <= 0 || ap <= 0 || ep <= 0 || E <= 0 || K <= 0)
            throw Error(f + ": hidden_size, num_hidden_layers, vocab_size, intermediate_size, num_attention_heads, "
                            "num_key_value_heads, attn_layer_period, expert_layer_period, num_experts and "
                            "num_experts_per_tok must be positive");
        if (C % H != 0)  // head_dim = hidden_size / num_attention_heads
            throw Error(f + ": hidden_size (" + std::to_string(C) + ") must be a multiple of num_attention_heads (" +
                        std::to_string(H) + "): each attention head gets hidden_size / num_attention_heads channels");
        if (H % KVH != 0)
            throw Error(f + ": num_attention_heads (" + std::to_string(H) + ") must be a multiple of num_key_value_heads (" +
                        std::to_string(KVH) + ")");
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
        d.bc_eps = eps_;
        attn_.heads = H;
        attn_.kv_heads = KVH;
        attn_.head_dim = C / H;
        attn_.input_dim = C;
        attn_.scale = 1.0 / std::sqrt(static_cast<double>(C / H));  // no RoPE in Jamba

        WeightLoader wl(ckpt, opt);
        device_ = wl.device();
        embed_ = wl.get("model.embed_tokens.weight", {V, C});
        for (int64_t l = 0; l < L; ++l) {
            const std::string p = "model.layers." + std::to_string(l);
            JambaLayer layer;
            layer.attention = l % ap == ao;
            layer.norm1 = wl.get(p + ".input_layernorm.weight", {C});
            layer.norm2 = wl.get(p + ".pre_ff_layernorm.weight", {C});
            if (layer.attention)
                layer.attn = AttentionWeights::load(wl, p + ".self_attn", attn_, C);
            else
                layer.mamba = Mamba1Mixer::load(wl, p + ".mamba", d);
            layer.moe = E > 1 && l % ep == eo;
            if (layer.moe) {
                layer.experts.router = Linear::load(wl, p + ".feed_forward.router", E, C, false);
                layer.experts.top_k = K;
                for (int64_t e = 0; e < E; ++e)
                    layer.experts.experts.push_back(load_mlp(wl, p + ".feed_forward.experts." + std::to_string(e), I, C));
            } else {
                layer.mlp = load_mlp(wl, p + ".feed_forward", I, C);
            }
            layers_.push_back(std::move(layer));
        }
        norm_f_ = wl.get("model.final_layernorm.weight", {C});
        lm_head_ = load_output_head(wl, cfg, embed_, V, C, false);

        info_.architecture = cfg.architecture();
        info_.model_type = cfg.model_type();
        info_.num_layers = static_cast<int>(L);
        info_.hidden_size = static_cast<int>(C);
        info_.vocab_size = static_cast<int>(V);
        info_.num_heads = static_cast<int>(H);
        info_.num_kv_heads = static_cast<int>(KVH);
        info_.head_dim = static_cast<int>(C / H);
        info_.max_positions = static_cast<int>(cfg.get_int("max_position_embeddings", 262144));
        info_.parameters = wl.parameters();
        for (int64_t l = 0; l < L; ++l) {
            if (layers_[l].attention)
                info_.layers.push_back({static_cast<int>(l), "attention", static_cast<int>(H), static_cast<int>(KVH), 0});
            else
                info_.layers.push_back({static_cast<int>(l), "mamba", 0, 0, static_cast<int>(d.d_inner)});
        }
    }

    const ModelInfo& info() const override { return info_; }
    at::Device device() const override { return device_; }
    std::unique_ptr<DecodeState> new_state(int64_t) const override { return std::make_unique<SsmState>(layers_.size()); }
    at::Tensor embed(const at::Tensor& ids, DecodeState&) const override { return at::embedding(embed_, ids); }

    at::Tensor run_layers(at::Tensor h, int from, int to, DecodeState& state, ForwardContext& ctx) const override {
        auto& st = static_cast<SsmState&>(state);
        for (int l = from; l < to; ++l) {
            ctx.check_cancel();
            if (all_rows_skip(ctx, l)) continue;
            const JambaLayer& layer = layers_[l];
            at::Tensor x = rms_norm(h, layer.norm1, eps_);
            at::Tensor out = h + (layer.attention ? attention_forward(attn_, layer.attn, x, st.kv[l], st.len, l, ctx)
                                                  : layer.mamba.forward(x, st.conv[l], st.ssm[l], st.len, l, ctx));
            at::Tensor y = rms_norm(out, layer.norm2, eps_);
            out = out + (layer.moe ? layer.experts(y) : layer.mlp(y));
            h = apply_skip(ctx, l, h, out);
        }
        return h;
    }

    void advance_state(DecodeState& state, int64_t t) const override { static_cast<SsmState&>(state).len += t; }
    at::Tensor logits(const at::Tensor& h) const override {
        return gna::linear(rms_norm(h, norm_f_, eps_), lm_head_).to(at::kFloat);
    }

private:
    ModelInfo info_;
    at::Device device_ = at::kCPU;
    AttentionConfig attn_;
    double eps_ = 1e-6;
    at::Tensor embed_, norm_f_, lm_head_;
    std::vector<JambaLayer> layers_;
};

}  // namespace

std::unique_ptr<CausalLM> make_jamba(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt) {
    return std::make_unique<Jamba>(cfg, ckpt, opt);
}

}  // namespace gna
