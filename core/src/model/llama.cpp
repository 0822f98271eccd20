// LlamaForCausalLM and its close cousins MistralForCausalLM and Qwen2ForCausalLM.
//   block: h += attn(rms(h)); h += mlp(rms(h)); final rms; lm_head (tied to embeddings if absent).
// Biases are taken when the checkpoint has them (Llama attention_bias/mlp_bias, Qwen2 q/k/v).
#include "model/llama.h"

#include "gna/error.h"
#include "model/layers.h"

namespace gna {
namespace {

struct LlamaState : DecodeState {
    std::vector<KVCache> kv;
    int64_t len = 0;
    int64_t length() const override { return len; }
    std::unique_ptr<DecodeState> clone() const override { return std::make_unique<LlamaState>(*this); }
    void repeat_rows(int64_t n) override {
        for (auto& c : kv) c.repeat_rows(n);
    }
};

struct LlamaLayer {
    at::Tensor norm1, norm2;
    AttentionWeights attn;
    GatedMLP mlp;
};

class Llama final : public CausalLM {
public:
    Llama(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt) {
        const int64_t C = cfg.require_int("hidden_size");
        const int64_t L = cfg.require_int("num_hidden_layers");
        const int64_t H = cfg.require_int("num_attention_heads");
        const int64_t KVH = cfg.get_int("num_key_value_heads", H);
        const int64_t D = cfg.get_int("head_dim", H > 0 ? C / H : 0);
        const int64_t I = cfg.require_int("intermediate_size");
        const int64_t V = cfg.require_int("vocab_size");
        eps_ = cfg.get_double("rms_norm_eps", 1e-6);
        const std::string act = cfg.get_string("hidden_act", "silu");
        if (C <= 0 || L <= 0 || H <= 0 || KVH <= 0 || D <= 0 || I <= 0 || V <= 0)
            throw Error(cfg.file().string() + ": hidden_size, num_hidden_layers, num_attention_heads, "
                        "num_key_value_heads, head_dim, intermediate_size and vocab_size must be positive");
        if (H % KVH != 0)
            throw Error(cfg.file().string() + ": num_attention_heads (" + std::to_string(H) +
                        ") must be a multiple of num_key_value_heads (" + std::to_string(KVH) + ")");
        if (act != "silu" && act != "swish")
            throw Error(cfg.file().string() + ": hidden_act \"" + act + "\" is not supported for Llama (silu only)");

        WeightLoader wl(ckpt, opt);
        device_ = wl.device();
        attn_.heads = H;
        attn_.kv_heads = KVH;
        attn_.head_dim = D;
        attn_.input_dim = C;
        attn_.scale = 1.0 / std::sqrt(static_cast<double>(D));
        const std::string mt = cfg.model_type();
        const bool use_window = mt == "mistral" || (mt == "qwen2" && cfg.get_bool("use_sliding_window", false));
        if (use_window) attn_.window = cfg.get_int("sliding_window", 0);
        attn_.rope = Rope::make(cfg.rope(), D, device_);

        embed_ = wl.get("model.embed_tokens.weight", {V, C});
        for (int64_t l = 0; l < L; ++l) {
            const std::string p = "model.layers." + std::to_string(l);
            LlamaLayer layer;
            layer.norm1 = wl.get(p + ".input_layernorm.weight", {C});
            layer.norm2 = wl.get(p + ".post_attention_layernorm.weight", {C});
            layer.attn = AttentionWeights::load(wl, p + ".self_attn", attn_, C);
            layer.mlp.gate = Linear::load(wl, p + ".mlp.gate_proj", I, C);
            layer.mlp.up = Linear::load(wl, p + ".mlp.up_proj", I, C);
            layer.mlp.down = Linear::load(wl, p + ".mlp.down_proj", C, I);
            layers_.push_back(std::move(layer));
        }
        norm_ = wl.get("model.norm.weight", {C});
        lm_head_ = load_output_head(wl, cfg, embed_, V, C, false);

        info_.architecture = cfg.architecture();
        info_.model_type = mt;
        info_.num_layers = static_cast<int>(L);
        info_.hidden_size = static_cast<int>(C);
        info_.vocab_size = static_cast<int>(V);
        info_.num_heads = static_cast<int>(H);
        info_.num_kv_heads = static_cast<int>(KVH);
        info_.head_dim = static_cast<int>(D);
        info_.max_positions = static_cast<int>(cfg.get_int("max_position_embeddings", 2048));
        info_.sliding_window = static_cast<int>(attn_.window);
        info_.parameters = wl.parameters();
        for (int64_t l = 0; l < L; ++l)
            info_.layers.push_back({static_cast<int>(l), "attention", static_cast<int>(H), static_cast<int>(KVH), 0});
    }

    const ModelInfo& info() const override { return info_; }
    at::Device device() const override { return device_; }

    std::unique_ptr<DecodeState> new_state(int64_t) const override {
        auto s = std::make_unique<LlamaState>();
        s->kv.resize(layers_.size());
        return s;
    }

    at::Tensor embed(const at::Tensor& ids, DecodeState&) const override { return at::embedding(embed_, ids); }

    at::Tensor run_layers(at::Tensor h, int from, int to, DecodeState& state, ForwardContext& ctx) const override {
        auto& st = static_cast<LlamaState&>(state);
        for (int l = from; l < to; ++l) {
            ctx.check_cancel();
            if (all_rows_skip(ctx, l)) continue;
            const LlamaLayer& layer = layers_[l];
            at::Tensor h_in = h;
            h = h + attention_forward(attn_, layer.attn, rms_norm(h, layer.norm1, eps_), st.kv[l], st.len, l, ctx);
            h = h + layer.mlp(rms_norm(h, layer.norm2, eps_));
            h = apply_skip(ctx, l, h_in, h);
        }
        return h;
    }

    bool has_tree_pass() const override { return true; }

    at::Tensor run_tree_layers(at::Tensor h, int from, int to, const TreeLayout& t,
                               const ForwardContext& ctx) const override {
        const int L = static_cast<int>(layers_.size());
        const Rope::Tables rope = attn_.rope.tables(t.positions);
        for (int l = from; l < to; ++l) {
            ctx.check_cancel();
            const bool last = l == L - 1;  // nothing after it reads the other tokens: only outputs' rows
            at::Tensor h_in = last ? h.index_select(1, t.outputs) : h;  // (Bh, S or R, C)
            if (all_rows_skip(ctx, l)) {
                h = h_in;
                continue;
            }
            const LlamaLayer& layer = layers_[l];
            const LayerPlan* plan = ctx.plan(l);
            at::Tensor a = masked_attention(attn_, layer.attn, rms_norm(h, layer.norm1, eps_), t, rope, last,
                                            plan ? plan->attn_scale : at::Tensor());  // (B, S or R, C)
            h = a.add_(h_in);                                              // a has h_in's rows or more
            h = layer.mlp.in_place(rms_norm(h, layer.norm2, eps_)).add_(h);
            h = apply_skip(ctx, l, h_in, h);
        }
        return h;
    }

    void advance_state(DecodeState& state, int64_t t) const override { static_cast<LlamaState&>(state).len += t; }

    at::Tensor logits(const at::Tensor& h) const override {
        return gna::linear(rms_norm(h, norm_, eps_), lm_head_).to(at::kFloat);
    }

private:
    ModelInfo info_;
    at::Device device_ = at::kCPU;
    AttentionConfig attn_;
    double eps_ = 1e-6;
    at::Tensor embed_, norm_, lm_head_;
    std::vector<LlamaLayer> layers_;
};

}  // namespace

std::unique_ptr<CausalLM> make_llama(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt) {
    return std::make_unique<Llama>(cfg, ckpt, opt);
}

}  // namespace gna
