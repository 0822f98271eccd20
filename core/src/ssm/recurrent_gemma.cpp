// RecurrentGemmaForCausalLM (Griffin): residual blocks whose temporal mixer is an RG-LRU recurrent
// block or local MQA attention, repeating block_types (default recurrent, recurrent, attention).
//   h = embed * bf16(sqrt(hidden)); r = h + temporal(norm(h)); h = r + mlp(norm(r)); norms x (1 + w)
//   mlp = down(gelu_tanh(gate(x)) * up(x)) (biases, width intermediate_size / 2)
//   recurrent: y = gelu_tanh(linear_y(x)); u = conv_1d(linear_x(x)) (bias, no activation);
//              out = linear_out(RGLRU(u) * y)
//   RG-LRU (block-diagonal gates, num_attention_heads blocks, x W without transpose):
//     g_x = sigmoid(u W_x + b_x), g_a = sigmoid(u W_a + b_a), log a = -8 g_a softplus(recurrent_param)
//     x~ = u g_x sqrt(1 - a^2) (multiplier 1 and state reset at position 0); h_t = a_t h_{t-1} + x~_t
//   attention: MQA, RoPE on the first half of head_dim, scale head_dim^-0.5, key j visible to
//   query i iff i - attention_window_size <= j <= i (also in prefill), o_proj with bias.
//   logits = cap * tanh(logits / cap), cap = logits_soft_cap.
// SSM heads are the RG-LRU gate blocks: ablation scales the block's channels of the linear_out input.
#include "ssm/recurrent_gemma.h"

#include <cmath>

#include "gna/error.h"
#include "ssm/hidden_attention.h"
#include "ssm/scan.h"
#include "ssm/ssm_ops.h"
#include "ssm/ssm_state.h"

namespace gna {
namespace {

struct RGLayer {
    bool attention = false;
    at::Tensor norm1, norm2;
    AttentionWeights attn;
    Linear linear_x, linear_y, linear_out;
    at::Tensor conv_w, conv_b;          // (W, 1, K), (W)
    at::Tensor rec_param;               // (W) float32
    at::Tensor gx_w, gx_b, ga_w, ga_b;  // (H, bw, bw), (H, bw) float32
    GatedMLP mlp;
};

class RecurrentGemma final : public CausalLM {
public:
    RecurrentGemma(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt) {
        const std::string f = cfg.file().string();
        const int64_t C = cfg.require_int("hidden_size");
        const int64_t L = cfg.require_int("num_hidden_layers");
        const int64_t V = cfg.require_int("vocab_size");
        const int64_t I = cfg.require_int("intermediate_size") / 2;
        const int64_t H = cfg.require_int("num_attention_heads");
        const int64_t KVH = cfg.get_int("num_key_value_heads", 1);
        const int64_t D = cfg.get_int("head_dim", H > 0 ? C / H : 0);
        W_ = cfg.get_int("lru_width", C);
        const int64_t K = cfg.get_int("conv1d_width", 4);
        const int64_t window = cfg.get_int("attention_window_size", 2048);
        eps_ = cfg.get_double("rms_norm_eps", 1e-6);
        cap_ = cfg.get_double("logits_soft_cap", 30.0);
        if (C <= 0 || L <= 0 || V <= 0 || I <= 0 || H <= 0 || KVH <= 0 || D <= 0 || W_ <= 0 || K <= 0 || window <= 0)
            throw Error(f + ": hidden_size, num_hidden_layers, vocab_size, intermediate_size, num_attention_heads, "
                            "num_key_value_heads, head_dim, lru_width, conv1d_width and attention_window_size must be positive");
        if (W_ % H != 0)  // the RG-LRU gates are num_attention_heads blocks of lru_width / heads channels
            throw Error(f + ": lru_width (" + std::to_string(W_) + ") must be a multiple of num_attention_heads (" +
                        std::to_string(H) + "): the RG-LRU gates are num_attention_heads diagonal blocks");
        if (H % KVH != 0)
            throw Error(f + ": num_attention_heads (" + std::to_string(H) + ") must be a multiple of num_key_value_heads (" +
                        std::to_string(KVH) + ")");
        const std::string act = cfg.get_string("hidden_activation", "gelu_pytorch_tanh");
        if (act != "gelu_pytorch_tanh" && act != "gelu_tanh")
            throw Error(f + ": hidden_activation \"" + act + "\" is not supported for RecurrentGemma (gelu_pytorch_tanh)");
        std::vector<std::string> types;
        const Json& j = cfg.json();
        if (j.contains("block_types") && j["block_types"].is_array())
            for (const auto& t : j["block_types"]) types.push_back(t.is_string() ? t.get<std::string>() : "");
        if (types.empty()) types = {"recurrent", "recurrent", "attention"};
        H_ = H;
        attn_.heads = H;
        attn_.kv_heads = KVH;
        attn_.head_dim = D;
        attn_.input_dim = C;
        attn_.scale = 1.0 / std::sqrt(static_cast<double>(D));
        attn_.window = window + 1;  // keys i - window .. i (window + 1 keys), as the reference says
        WeightLoader wl(ckpt, opt);
        device_ = wl.device();
        RopeConfig rc = cfg.rope();
        const bool in_params = j.contains("rope_parameters") && j["rope_parameters"].is_object() &&
                               j["rope_parameters"].contains("partial_rotary_factor");
        const double partial = cfg.has("partial_rotary_factor") ? cfg.get_double("partial_rotary_factor", 0.5)
                                                                 : in_params ? rc.partial_rotary_factor : 0.5;
        attn_.rope = Rope::make(rc, static_cast<int64_t>(static_cast<double>(D) * partial), device_);
        const int64_t bw = W_ / H;
        embed_ = wl.get("model.embed_tokens.weight", {V, C});
        normalizer_ = bf16_to_float(float_to_bf16(static_cast<float>(std::sqrt(static_cast<double>(C)))));
        for (int64_t l = 0; l < L; ++l) {
            const std::string p = "model.layers." + std::to_string(l);
            const std::string& t = types[l % types.size()];
            if (t != "recurrent" && t != "attention")
                throw Error(f + ": block_types entries must be \"recurrent\" or \"attention\", not \"" + t + "\"");
            RGLayer layer;
            layer.attention = t == "attention";
            layer.norm1 = wl.get(p + ".temporal_pre_norm.weight", {C});
            layer.norm2 = wl.get(p + ".channel_pre_norm.weight", {C});
            const std::string tb = p + ".temporal_block";
            if (layer.attention) {
                layer.attn = AttentionWeights::load(wl, tb, attn_, C);
            } else {
                layer.linear_x = Linear::load(wl, tb + ".linear_x", W_, C);
                layer.linear_y = Linear::load(wl, tb + ".linear_y", W_, C);
                layer.linear_out = Linear::load(wl, tb + ".linear_out", C, W_);
                layer.conv_w = wl.get(tb + ".conv_1d.weight", {W_, 1, K});
                layer.conv_b = wl.optional(tb + ".conv_1d.bias", {W_});
                layer.rec_param = wl.get_f32(tb + ".rg_lru.recurrent_param", {W_});
                layer.gx_w = wl.get_f32(tb + ".rg_lru.input_gate_weight", {H, bw, bw});
                layer.gx_b = wl.get_f32(tb + ".rg_lru.input_gate_bias", {H, bw});
                layer.ga_w = wl.get_f32(tb + ".rg_lru.recurrent_gate_weight", {H, bw, bw});
                layer.ga_b = wl.get_f32(tb + ".rg_lru.recurrent_gate_bias", {H, bw});
            }
            layer.mlp.gate = Linear::load(wl, p + ".mlp_block.gate_proj", I, C);
            layer.mlp.up = Linear::load(wl, p + ".mlp_block.up_proj", I, C);
            layer.mlp.down = Linear::load(wl, p + ".mlp_block.down_proj", C, I);
            layer.mlp.gelu_tanh = true;
            layers_.push_back(std::move(layer));
        }
        norm_f_ = wl.get("model.final_norm.weight", {C});
        lm_head_ = load_output_head(wl, cfg, embed_, V, C, true);

        info_.architecture = cfg.architecture();
        info_.model_type = cfg.model_type();
        info_.num_layers = static_cast<int>(L);
        info_.hidden_size = static_cast<int>(C);
        info_.vocab_size = static_cast<int>(V);
        info_.num_heads = static_cast<int>(H);
        info_.num_kv_heads = static_cast<int>(KVH);
        info_.head_dim = static_cast<int>(D);
        info_.max_positions = static_cast<int>(cfg.get_int("max_position_embeddings", 1 << 20));
        info_.sliding_window = static_cast<int>(window);
        info_.parameters = wl.parameters();
        for (int64_t l = 0; l < L; ++l) {
            if (layers_[l].attention)
                info_.layers.push_back({static_cast<int>(l), "attention", static_cast<int>(H), static_cast<int>(KVH), 0});
            else
                info_.layers.push_back({static_cast<int>(l), "recurrent", 0, 0, static_cast<int>(H)});
        }
    }

    const ModelInfo& info() const override { return info_; }
    at::Device device() const override { return device_; }
    std::unique_ptr<DecodeState> new_state(int64_t) const override { return std::make_unique<SsmState>(layers_.size()); }
    at::Tensor embed(const at::Tensor& ids, DecodeState&) const override {
        return at::embedding(embed_, ids) * normalizer_;
    }

    at::Tensor run_layers(at::Tensor h, int from, int to, DecodeState& state, ForwardContext& ctx) const override {
        auto& st = static_cast<SsmState&>(state);
        for (int l = from; l < to; ++l) {
            ctx.check_cancel();
            if (all_rows_skip(ctx, l)) continue;
            const RGLayer& layer = layers_[l];
            at::Tensor x = rms_norm(h, layer.norm1, eps_, /*one_plus=*/true);
            at::Tensor t = layer.attention ? attention_forward(attn_, layer.attn, x, st.kv[l], st.len, l, ctx)
                                           : recurrent(layer, x, st.conv[l], st.ssm[l], st.len, l, ctx);
            at::Tensor r = h + t;
            at::Tensor out = r + layer.mlp(rms_norm(r, layer.norm2, eps_, true));
            h = apply_skip(ctx, l, h, out);
        }
        return h;
    }

    void advance_state(DecodeState& state, int64_t t) const override { static_cast<SsmState&>(state).len += t; }
    at::Tensor logits(const at::Tensor& h) const override {
        at::Tensor lg = gna::linear(rms_norm(h, norm_f_, eps_, true), lm_head_).to(at::kFloat);
        return at::tanh(lg / cap_) * cap_;
    }

private:
    at::Tensor recurrent(const RGLayer& w, const at::Tensor& x, at::Tensor& conv_state, at::Tensor& lru_state,
                         int64_t past, int layer, ForwardContext& ctx) const {
        const int64_t B = x.size(0), T = x.size(1), H = H_, bw = W_ / H_;
        at::Tensor y = at::gelu(w.linear_y(x), "tanh");  // (B, T, W)
        ConvResult conv = conv1d_f32(w.linear_x(x), w.conv_w, w.conv_b, conv_state, /*silu=*/false);
        conv_state = conv.state;
        at::Tensor u = conv.y;                                             // (B, T, W) float32
        at::Tensor ub = u.view({B, T, H, bw}).transpose(1, 2);             // (B, H, T, bw)
        at::Tensor gx = (at::matmul(ub, w.gx_w) + w.gx_b.unsqueeze(1)).transpose(1, 2).reshape({B, T, W_});
        at::Tensor ga = (at::matmul(ub, w.ga_w) + w.ga_b.unsqueeze(1)).transpose(1, 2).reshape({B, T, W_});
        auto caps = ssm_captures(ctx, layer);
        // gates, decay a, input multiplier m, the scan and the output gate y in one pass
        RgLruResult lru = rg_lru(gx, ga, u, w.rec_param, y, past == 0, lru_state, !caps.empty());
        lru_state = lru.state;

        if (!caps.empty()) {
            for (const CaptureSlot* c : caps) {  // log a is 0 at a reset position (never crossed)
                const CaptureRows rows = capture_rows_for_pass(ctx, *c, past, T);
                at::Tensor alpha = diagonal_hidden_attention(lru.log_a.narrow(2, c->head * bw, bw),
                                                             lru.m.narrow(2, c->head * bw, bw), rows.local);
                store_capture(ctx, *c, rows, alpha, past, T);
            }
        }

        at::Tensor out = lru.out;  // (B, T, W)
        const LayerPlan* plan = ctx.plan(layer);
        if (plan && plan->ssm_scale.defined())
            out = (out.view({B, T, H, bw}) * plan->ssm_scale.view({B, 1, H, 1}).to(out.scalar_type())).view({B, T, W_});
        return w.linear_out(out);
    }

    ModelInfo info_;
    at::Device device_ = at::kCPU;
    AttentionConfig attn_;
    int64_t H_ = 0, W_ = 0;
    double eps_ = 1e-6, cap_ = 30.0;
    float normalizer_ = 1.0f;
    at::Tensor embed_, norm_f_, lm_head_;
    std::vector<RGLayer> layers_;
};

}  // namespace

std::unique_ptr<CausalLM> make_recurrent_gemma(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt) {
    return std::make_unique<RecurrentGemma>(cfg, ckpt, opt);
}

}  // namespace gna
