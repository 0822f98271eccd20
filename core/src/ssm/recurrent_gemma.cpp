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
#include "model/decoder.h"
#include "ssm/hidden_attention.h"
#include "ssm/scan.h"
#include "ssm/ssm_ops.h"

namespace gna {
namespace {

// The RG-LRU recurrent block; its SSM heads are the gate blocks.
class RgLru final : public StateMixer {
public:
    Linear linear_x, linear_y, linear_out;
    at::Tensor conv_w, conv_b;  // (W, 1, K), (W)
    at::Tensor rec_param;  // (W) float32
    at::Tensor gx_w, gx_b, ga_w, ga_b;  // (H, bw, bw), (H, bw) float32
    int64_t H_ = 0, W_ = 0;

    void describe(LayerInfo& li) const override {
        li.kind = "recurrent";
        li.ssm_heads = static_cast<int>(H_);
    }
    using StateMixer::forward;
    at::Tensor forward(const at::Tensor& x, at::Tensor& conv_state, at::Tensor& lru_state, int64_t past, int layer,
                       ForwardContext& ctx) const override {
        const RgLru& w = *this;
        const int64_t B = x.size(0), T = x.size(1), H = H_, bw = W_ / H_;
        at::Tensor y = at::gelu(w.linear_y(x), "tanh");  // (B, T, W)
        ConvResult conv = conv1d_f32(w.linear_x(x), w.conv_w, w.conv_b, conv_state, /*silu=*/false);
        conv_state = conv.state;
        at::Tensor u = conv.y;  // (B, T, W) float32
        at::Tensor ub = u.view({B, T, H, bw}).transpose(1, 2);  // (B, H, T, bw)
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

        // each gate block's channels of the linear_out input, with the plan's scales and the ssm.out hooks
        return w.linear_out(
            head_outputs(lru.out.view({B, T, H, bw}), layer, HeadKind::SSM, ctx, past).reshape({B, T, W_}));
    }
};

}  // namespace

std::unique_ptr<CausalLM> make_recurrent_gemma(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt) {
    const auto [f, C, L, V] = read_base_dims(cfg);
    const int64_t I = cfg.require_int("intermediate_size") / 2;
    const int64_t H = cfg.require_int("num_attention_heads");
    const int64_t KVH = cfg.get_int("num_key_value_heads", 1);
    const int64_t D = cfg.get_int("head_dim", H > 0 ? C / H : 0);
    const int64_t W = cfg.get_int("lru_width", C);
    const int64_t K = cfg.get_int("conv1d_width", 4);
    const int64_t window = cfg.get_int("attention_window_size", 2048);
    if (C <= 0 || L <= 0 || V <= 0 || I <= 0 || H <= 0 || KVH <= 0 || D <= 0 || W <= 0 || K <= 0 || window <= 0)
        throw Error(
            f +
            ": hidden_size, num_hidden_layers, vocab_size, intermediate_size, num_attention_heads, "
            "num_key_value_heads, head_dim, lru_width, conv1d_width and attention_window_size must be positive");
    if (W % H != 0)  // the RG-LRU gates are num_attention_heads blocks of lru_width / heads channels
        throw Error(f + ": lru_width (" + std::to_string(W) + ") must be a multiple of num_attention_heads (" +
                    std::to_string(H) + "): the RG-LRU gates are num_attention_heads diagonal blocks");
    if (H % KVH != 0)
        throw Error(f + ": num_attention_heads (" + std::to_string(H) +
                    ") must be a multiple of num_key_value_heads (" + std::to_string(KVH) + ")");
    const std::string act = cfg.get_string("hidden_activation", "gelu_pytorch_tanh");
    if (act != "gelu_pytorch_tanh" && act != "gelu_tanh")
        throw Error(f + ": hidden_activation \"" + act + "\" is not supported for RecurrentGemma (gelu_pytorch_tanh)");
    std::vector<std::string> types;
    const Json& j = cfg.json();
    if (j.contains("block_types") && j["block_types"].is_array())
        for (const auto& t : j["block_types"]) types.push_back(t.is_string() ? t.get<std::string>() : "");
    if (types.empty()) types = {"recurrent", "recurrent", "attention"};
    AttentionConfig attn = AttentionConfig::make(H, KVH, D, C);
    attn.window = window + 1;  // keys i - window .. i (window + 1 keys), as the reference says
    WeightLoader wl(ckpt, opt);
    RopeConfig rc = cfg.rope();
    const bool in_params = j.contains("rope_parameters") && j["rope_parameters"].is_object() &&
        j["rope_parameters"].contains("partial_rotary_factor");
    const double partial = cfg.has("partial_rotary_factor") ? cfg.get_double("partial_rotary_factor", 0.5)
        : in_params                                         ? rc.partial_rotary_factor
                                                            : 0.5;
    attn.rope = Rope::make(rc, static_cast<int64_t>(static_cast<double>(D) * partial), wl.device());
    const int64_t bw = W / H;
    DecoderParts p;
    p.eps = cfg.get_double("rms_norm_eps", 1e-6);
    p.one_plus_norms = true;
    p.logit_soft_cap = cfg.get_double("logits_soft_cap", 30.0);
    p.embed = wl.get("model.embed_tokens.weight", {V, C});
    p.embed_scale = bf16_to_float(float_to_bf16(static_cast<float>(std::sqrt(static_cast<double>(C)))));
    for (int64_t l = 0; l < L; ++l) {
        const std::string lp = "model.layers." + std::to_string(l);
        const std::string& t = types[l % types.size()];
        if (t != "recurrent" && t != "attention")
            throw Error(f + ": block_types entries must be \"recurrent\" or \"attention\", not \"" + t + "\"");
        DecoderLayer layer = load_layer_norms(wl, lp + ".temporal_pre_norm.weight", lp + ".channel_pre_norm.weight", C);
        const std::string tb = lp + ".temporal_block";
        if (t == "attention") {
            layer.mixer = std::make_unique<AttentionMixer>(attn, AttentionWeights::load(wl, tb, attn, C));
        } else {
            auto r = std::make_unique<RgLru>();
            r->H_ = H;
            r->W_ = W;
            r->linear_x = Linear::load(wl, tb + ".linear_x", W, C);
            r->linear_y = Linear::load(wl, tb + ".linear_y", W, C);
            r->linear_out = Linear::load(wl, tb + ".linear_out", C, W);
            r->conv_w = wl.get(tb + ".conv_1d.weight", {W, 1, K});
            r->conv_b = wl.optional(tb + ".conv_1d.bias", {W});
            r->rec_param = wl.get_f32(tb + ".rg_lru.recurrent_param", {W});
            r->gx_w = wl.get_f32(tb + ".rg_lru.input_gate_weight", {H, bw, bw});
            r->gx_b = wl.get_f32(tb + ".rg_lru.input_gate_bias", {H, bw});
            r->ga_w = wl.get_f32(tb + ".rg_lru.recurrent_gate_weight", {H, bw, bw});
            r->ga_b = wl.get_f32(tb + ".rg_lru.recurrent_gate_bias", {H, bw});
            layer.mixer = std::move(r);
        }
        GatedMLP mlp = load_gated_mlp(wl, lp + ".mlp_block", I, C);
        mlp.gelu_tanh = true;
        layer.mlp = std::make_unique<GatedFeedForward>(std::move(mlp));
        p.layers.push_back(std::move(layer));
    }
    p.norm_f = wl.get("model.final_norm.weight", {C});
    p.lm_head = load_output_head(wl, cfg, p.embed, V, C, true);
    p.head_dim = static_cast<int>(D);
    p.max_positions = static_cast<int>(cfg.get_int("max_position_embeddings", 1 << 20));
    p.sliding_window = static_cast<int>(window);
    return std::make_unique<Decoder>(cfg, wl, std::move(p));
}

}  // namespace gna
