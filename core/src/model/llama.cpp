// LlamaForCausalLM and its close cousins MistralForCausalLM and Qwen2ForCausalLM.
//   block: h += attn(rms(h)); h += mlp(rms(h)); final rms; lm_head (tied to embeddings if absent).
// Biases are taken when the checkpoint has them (Llama attention_bias/mlp_bias, Qwen2 q/k/v).
#include "model/llama.h"

#include "gna/error.h"
#include "model/decoder.h"

namespace gna {

std::unique_ptr<CausalLM> make_llama(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt) {
    const auto [f, C, L, V] = read_base_dims(cfg);
    const int64_t H = cfg.require_int("num_attention_heads");
    const int64_t KVH = cfg.get_int("num_key_value_heads", H);
    const int64_t D = cfg.get_int("head_dim", H > 0 ? C / H : 0);
    const int64_t I = cfg.require_int("intermediate_size");
    const std::string act = cfg.get_string("hidden_act", "silu");
    if (C <= 0 || L <= 0 || H <= 0 || KVH <= 0 || D <= 0 || I <= 0 || V <= 0)
        throw Error(f +
                    ": hidden_size, num_hidden_layers, num_attention_heads, "
                    "num_key_value_heads, head_dim, intermediate_size and vocab_size must be positive");
    if (H % KVH != 0)
        throw Error(f + ": num_attention_heads (" + std::to_string(H) +
                    ") must be a multiple of num_key_value_heads (" + std::to_string(KVH) + ")");
    if (act != "silu" && act != "swish")
        throw Error(f + ": hidden_act \"" + act + "\" is not supported for Llama (silu only)");

    WeightLoader wl(ckpt, opt);
    AttentionConfig attn = AttentionConfig::make(H, KVH, D, C);
    const std::string mt = cfg.model_type();
    const bool use_window = mt == "mistral" || (mt == "qwen2" && cfg.get_bool("use_sliding_window", false));
    if (use_window) attn.window = cfg.get_int("sliding_window", 0);
    attn.rope = Rope::make(cfg.rope(), D, wl.device());

    DecoderParts p;
    p.eps = cfg.get_double("rms_norm_eps", 1e-6);
    p.embed = wl.get("model.embed_tokens.weight", {V, C});
    for (int64_t l = 0; l < L; ++l) {
        const std::string lp = "model.layers." + std::to_string(l);
        DecoderLayer layer =
            load_layer_norms(wl, lp + ".input_layernorm.weight", lp + ".post_attention_layernorm.weight", C);
        layer.mixer = std::make_unique<AttentionMixer>(attn, AttentionWeights::load(wl, lp + ".self_attn", attn, C));
        layer.mlp = std::make_unique<GatedFeedForward>(load_gated_mlp(wl, lp + ".mlp", I, C));
        p.layers.push_back(std::move(layer));
    }
    p.norm_f = wl.get("model.norm.weight", {C});
    p.lm_head = load_output_head(wl, cfg, p.embed, V, C, false);
    p.head_dim = static_cast<int>(D);
    p.max_positions = static_cast<int>(cfg.get_int("max_position_embeddings", 2048));
    p.sliding_window = static_cast<int>(attn.window);
    return std::make_unique<Decoder>(cfg, wl, std::move(p));
}

}  // namespace gna
