// Zamba2ForCausalLM: Mamba-2 layers plus "hybrid" layers that add a shared transformer block.
//   mamba layer:  h = h + Mamba2(input_layernorm(h))
//   hybrid layer: T = MLP(pre_ff_norm(Attn(input_norm(concat(h, e0)))))   (e0: embedding output; no
//                 residuals inside T); h = h + Mamba2(input_layernorm(h + linear(T)))
//   Attention on 2*hidden: head_dim = 2*hidden/heads, scale (head_dim/2)^-0.5, RoPE only if
//   use_mem_rope (on all head_dim channels, half-split; theta = rope_theta, times 8^(d/(d-2)) with
//   use_long_context); MLP = down(act(gate) * up) with [gate, up] = gate_up_proj(x).
//   Shared blocks: hybrid layer j (j-th hybrid) uses block j % num_mem_blocks, whose weights the
//   checkpoint stores under the first hybrid layer that uses it; per-hybrid-layer LoRA adapters
//   (linear_{q,k,v}_adapter_list.j, gate_up_proj_adapter_list.j) are folded into per-layer weights
//   at load time: W x + B (A x) = (W + B A) x.
// Mamba-2 mixers use the grouped gated RMSNorm with eps 1e-5 and time_step_limit (the CUDA-kernel
// path of transformers; its torch path clamps dt at time_step_min instead).
#include "ssm/zamba2.h"

#include <cmath>

#include "gna/error.h"
#include "ssm/mamba2.h"

namespace gna {
namespace {

struct SharedBlock {  // one hybrid layer's view of its shared transformer block
    at::Tensor norm_in, norm_ff;  // (2C), (C)
    AttentionWeights attn;  // adapters folded in
    Linear gate_up, down;
};

// W + B A for an adapter pair under `p` (".0" = A (rank, in), ".1" = B (out, rank)), if present.
at::Tensor fold_adapter(WeightLoader& wl, const std::string& p, const at::Tensor& w) {
    if (!wl.has(p + ".0.weight")) return w;
    const TensorView a0 = wl.checkpoint().tensor(p + ".0.weight");
    if (a0.shape.size() != 2)
        throw Error(a0.file + ": tensor '" + p + ".0.weight' must be a matrix (adapter_rank, " +
                    std::to_string(w.size(1)) + "), it has " + std::to_string(a0.shape.size()) + " dimensions");
    const int64_t rank = a0.shape[0];
    at::Tensor a = wl.get(p + ".0.weight", {rank, w.size(1)});
    at::Tensor b = wl.get(p + ".1.weight", {w.size(0), rank});
    return w + at::matmul(b, a);
}

class HybridMixer final : public Mixer {
public:
    Mamba2Mixer mamba;
    Linear linear;  // (C, C), no bias
    SharedBlock block;
    AttentionConfig attn;
    double eps = 1e-5;
    std::string act = "gelu";

    explicit HybridMixer(Mamba2Mixer m) : mamba(std::move(m)) {}
    // h + linear(T), T = MLP(pre_ff_norm(Attn(input_norm(concat(h, e0))))) with e0 the embedding output
    at::Tensor input(const at::Tensor& h, BlockCall& c) const override {
        const at::Tensor& e0 = c.state.embedding;
        if (!e0.defined() || e0.size(1) != h.size(1))
            throw Error("Zamba2: the embedding output of this pass is missing (run embed() first)");
        at::Tensor a = rms_norm(at::cat({h, e0}, -1), block.norm_in, eps);  // (B, T, 2C)
        at::Tensor t =
            attention_forward(attn, block.attn, a, c.state.kv[c.layer], c.past(), c.layer, c.ctx);  // (B, T, C)
        t = rms_norm(t, block.norm_ff, eps);
        at::Tensor gu = block.gate_up(t);  // (B, T, 2I)
        const int64_t I = gu.size(-1) / 2;
        t = block.down(activation(gu.narrow(-1, 0, I)) * gu.narrow(-1, I, I));
        return h + linear(t);
    }
    at::Tensor forward(const at::Tensor& x, BlockCall& c) const override { return mamba.forward(x, c); }
    void describe(LayerInfo& li) const override {
        mamba.describe(li);
        li.kind = "hybrid";
        li.attention_heads = static_cast<int>(attn.heads);
        li.kv_heads = static_cast<int>(attn.kv_heads);
    }

private:
    at::Tensor activation(const at::Tensor& x) const {
        if (act == "silu") return at::silu(x);
        return act == "gelu" ? at::gelu(x) : at::gelu(x, "tanh");
    }
};

}  // namespace

std::unique_ptr<CausalLM> make_zamba2(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt) {
    const auto [f, C, L, V] = read_base_dims(cfg);
    const int64_t H = cfg.require_int("num_attention_heads");
    const int64_t KVH = cfg.get_int("num_key_value_heads", H);
    const int64_t I = cfg.get_int("intermediate_size", 4 * C);
    const int64_t blocks = cfg.get_int("num_mem_blocks", 1);
    const double eps = cfg.get_double("rms_norm_eps", 1e-5);
    const Json& j = cfg.json();
    if (!j.contains("layers_block_type") || !j["layers_block_type"].is_array() ||
        static_cast<int64_t>(j["layers_block_type"].size()) != L)
        throw Error(f + ": layers_block_type must list \"mamba\"/\"hybrid\" for each of the " + std::to_string(L) +
                    " layers");
    Mamba2Dims d;
    d.hidden = C;
    d.d_inner = static_cast<int64_t>(cfg.get_double("mamba_expand", 2.0) * static_cast<double>(C));
    d.heads = cfg.require_int("n_mamba_heads");
    d.groups = cfg.get_int("mamba_ngroups", 1);
    d.state = cfg.get_int("mamba_d_state", 64);
    d.conv_kernel = cfg.get_int("mamba_d_conv", 4);
    d.chunk = cfg.get_int("chunk_size", 256);
    d.norm_eps = 1e-5;
    if (d.heads <= 0 || d.d_inner % d.heads != 0)
        throw Error(f + ": n_mamba_heads (" + std::to_string(d.heads) + ") must divide mamba_expand * hidden_size (" +
                    std::to_string(d.d_inner) + ")");
    d.head_dim = d.d_inner / d.heads;
    // transformers derives mamba_headdim from the other keys; a stored value that disagrees means
    // config.json was edited or written for different weights.
    if (cfg.has("mamba_headdim") && d.heads * cfg.get_int("mamba_headdim", 0) != d.d_inner)
        throw Error(f + ": n_mamba_heads * mamba_headdim (" + std::to_string(d.heads) + " * " +
                    std::to_string(cfg.get_int("mamba_headdim", 0)) + " = " +
                    std::to_string(d.heads * cfg.get_int("mamba_headdim", 0)) +
                    ") must equal mamba_expand * hidden_size (" + std::to_string(d.d_inner) + ")");
    if (d.groups <= 0 || d.heads % d.groups != 0)
        throw Error(f + ": n_mamba_heads (" + std::to_string(d.heads) + ") must be a multiple of mamba_ngroups (" +
                    std::to_string(d.groups) + ")");
    if (d.state <= 0 || d.conv_kernel <= 0 || d.chunk <= 0)
        throw Error(f + ": mamba_d_state, mamba_d_conv and chunk_size must be positive");
    if (j.contains("time_step_limit") && j["time_step_limit"].is_array() && j["time_step_limit"].size() == 2) {
        if (j["time_step_limit"][0].is_number()) d.dt_min = j["time_step_limit"][0].get<double>();
        if (j["time_step_limit"][1].is_number()) d.dt_max = j["time_step_limit"][1].get<double>();
    }
    if (C <= 0 || L <= 0 || V <= 0 || H <= 0 || KVH <= 0 || I <= 0 || blocks <= 0)
        throw Error(f +
                    ": hidden_size, num_hidden_layers, vocab_size, num_attention_heads, num_key_value_heads, "
                    "intermediate_size and num_mem_blocks must be positive");
    // The shared attention works on concat(h, e0): 2 * hidden_size channels split into the heads.
    if ((2 * C) % H != 0)
        throw Error(f + ": 2 * hidden_size (" + std::to_string(2 * C) +
                    ") must be a multiple of num_attention_heads (" + std::to_string(H) +
                    "): the shared attention splits concat(hidden, embedding) into the heads");
    if (cfg.has("attention_head_dim") && H * cfg.get_int("attention_head_dim", 0) != 2 * C)
        throw Error(f + ": num_attention_heads * attention_head_dim (" + std::to_string(H) + " * " +
                    std::to_string(cfg.get_int("attention_head_dim", 0)) + " = " +
                    std::to_string(H * cfg.get_int("attention_head_dim", 0)) + ") must equal 2 * hidden_size (" +
                    std::to_string(2 * C) + ")");
    if (cfg.has("attention_hidden_size") && cfg.get_int("attention_hidden_size", 0) != 2 * C)
        throw Error(f + ": attention_hidden_size (" + std::to_string(cfg.get_int("attention_hidden_size", 0)) +
                    ") must equal 2 * hidden_size (" + std::to_string(2 * C) + ")");
    if (H % KVH != 0)
        throw Error(f + ": num_attention_heads (" + std::to_string(H) +
                    ") must be a multiple of num_key_value_heads (" + std::to_string(KVH) + ")");
    const std::string act = cfg.get_string("hidden_act", "gelu");
    if (act != "gelu" && act != "gelu_pytorch_tanh" && act != "silu")
        throw Error(f + ": hidden_act \"" + act + "\" is not supported for Zamba2 (gelu, gelu_pytorch_tanh, silu)");
    AttentionConfig attn = AttentionConfig::make(H, KVH, 2 * C / H, 2 * C);
    attn.scale = 1.0 / std::sqrt(static_cast<double>(attn.head_dim) / 2.0);
    WeightLoader wl(ckpt, opt);
    if (cfg.get_bool("use_mem_rope", false)) {
        // RoPE over the whole attention head_dim (2 * hidden / heads), half-split rotation.
        // use_long_context: theta * 8^(d / (d - 2)) (NTK-style base change of the Zamba2 config).
        RopeConfig rc = cfg.rope();
        if (cfg.get_bool("use_long_context", false)) {
            if (attn.head_dim <= 2)
                throw Error(f + ": use_long_context needs an attention head_dim above 2, got " +
                            std::to_string(attn.head_dim));
            const double d = static_cast<double>(attn.head_dim);
            rc.theta *= std::pow(8.0, d / (d - 2.0));
        }
        attn.rope = Rope::make(rc, attn.head_dim, wl.device());
    }

    // which layer stores each shared block: the first hybrid layer that uses it
    std::vector<int64_t> hybrid_ids;
    for (int64_t l = 0; l < L; ++l) {
        const std::string t = j["layers_block_type"][l].is_string() ? j["layers_block_type"][l].get<std::string>() : "";
        if (t != "mamba" && t != "hybrid")
            throw Error(f + ": layers_block_type[" + std::to_string(l) + "] must be \"mamba\" or \"hybrid\"");
        if (t == "hybrid") hybrid_ids.push_back(l);
    }
    std::vector<int64_t> home(blocks, -1);
    for (std::size_t k = 0; k < hybrid_ids.size(); ++k)
        if (home[k % blocks] < 0) home[k % blocks] = hybrid_ids[k];

    DecoderParts p;
    p.eps = eps;
    p.keep_embedding = true;
    p.embed = wl.get("model.embed_tokens.weight", {V, C});
    std::size_t k = 0;
    for (int64_t l = 0; l < L; ++l) {
        const std::string lp = "model.layers." + std::to_string(l);
        const bool hybrid = k < hybrid_ids.size() && hybrid_ids[k] == l;
        const std::string mp = hybrid ? lp + ".mamba_decoder" : lp;
        DecoderLayer layer = load_layer_norms(wl, mp + ".input_layernorm.weight", "", C);
        Mamba2Mixer mamba = Mamba2Mixer::load(wl, mp + ".mamba", d);
        if (hybrid) {
            auto hy = std::make_unique<HybridMixer>(std::move(mamba));
            hy->linear = Linear::load(wl, lp + ".linear", C, C, false);
            hy->attn = attn;
            hy->eps = eps;
            hy->act = act;
            const std::string sp = "model.layers." + std::to_string(home[k % blocks]) + ".shared_transformer";
            const std::string jk = std::to_string(k);
            SharedBlock& b = hy->block;
            b.norm_in = wl.get(sp + ".input_layernorm.weight", {2 * C});
            b.norm_ff = wl.get(sp + ".pre_ff_layernorm.weight", {C});
            b.attn = AttentionWeights::load(wl, sp + ".self_attn", attn, C);
            b.attn.q.w = fold_adapter(wl, sp + ".self_attn.linear_q_adapter_list." + jk, b.attn.q.w);
            b.attn.k.w = fold_adapter(wl, sp + ".self_attn.linear_k_adapter_list." + jk, b.attn.k.w);
            b.attn.v.w = fold_adapter(wl, sp + ".self_attn.linear_v_adapter_list." + jk, b.attn.v.w);
            b.gate_up = Linear::load(wl, sp + ".feed_forward.gate_up_proj", 2 * I, C);
            b.gate_up.w = fold_adapter(wl, sp + ".feed_forward.gate_up_proj_adapter_list." + jk, b.gate_up.w);
            b.down = Linear::load(wl, sp + ".feed_forward.down_proj", C, I);
            layer.mixer = std::move(hy);
            ++k;
        } else {
            layer.mixer = std::make_unique<Mamba2Mixer>(std::move(mamba));
        }
        p.layers.push_back(std::move(layer));
    }
    p.norm_f = wl.get("model.final_layernorm.weight", {C});
    p.lm_head = load_output_head(wl, cfg, p.embed, V, C, true);
    p.head_dim = static_cast<int>(attn.head_dim);
    p.max_positions = static_cast<int>(cfg.get_int("max_position_embeddings", 4096));
    return std::make_unique<Decoder>(cfg, wl, std::move(p));
}

}  // namespace gna
