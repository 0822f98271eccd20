#pragma once
// Trainable LlamaForCausalLM / Mamba2ForCausalLM with the Hugging Face parameter names, so that saving is a
// name -> tensor dump. The math matches core/src/model/llama.cpp (RMSNorm, half-split RoPE,
// SwiGLU, untied lm_head); training adds per-document attention masks and positions so that
// several documents can be packed into one row.
#include <ATen/ATen.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gna/json.h"
#include "gna/tiny_model.h"

namespace gna::train {

struct LlamaShape {
    int64_t vocab = 0, hidden = 128, layers = 3, heads = 4, intermediate = 256, context = 256;
    double rope_theta = 10000.0, eps = 1e-5;
    // Initialisation: std of a direction shared by every token embedding (0 = none). It gives the
    // normalised residual stream a content-independent part from the start, from which attention
    // heads can form purely positional (previous-token) patterns without biases.
    double embed_shared = 0.0;
    // Mamba-2 (ssm recipe): d_inner = expand * hidden = ssm_heads * ssm_head_dim.
    int64_t expand = 2, ssm_head_dim = 16, state = 16, conv_kernel = 4, chunk = 64;
    std::vector<int64_t> hybrid_layers;  // Zamba2 (hybrid recipe): layers with an attention block
    bool mem_rope = false;  // Zamba2: RoPE in the shared attention (use_mem_rope)
    // Llama only: attention head size (0 = hidden / heads) and lm_head tied to the embeddings.
    int64_t attn_head_dim = 0;
    bool tie_embeddings = false;
    // Llama only, training: each attention head of the first head_dropout_layers layers is switched
    // off (its o_proj input zeroed) with probability head_dropout, per row and step, the kept ones
    // scaled by 1 / (1 - p); from the end of the KV-only curriculum on. Functions those layers serve (previous-token reading, attention sinks)
    // are then spread over several heads, so that switching one of them off later does not take
    // everything down with it.
    double head_dropout = 0.0;
    int64_t head_dropout_layers = 0;
    int64_t head_dim() const { return attn_head_dim > 0 ? attn_head_dim : hidden / heads; }
    int64_t ssm_heads() const { return expand * hidden / ssm_head_dim; }
};

// A trainable causal LM whose parameters carry the Hugging Face names of its architecture.
class TrainableLM {
public:
    virtual ~TrainableLM() = default;
    // ids, positions, doc: (B, T) int64. doc numbers the packed documents of a row (attention
    // masks keys of other documents; SSMs see the BOS between them). Returns logits (B, T, V) f32.
    virtual at::Tensor forward(const at::Tensor& ids, const at::Tensor& positions, const at::Tensor& doc) const = 0;
    virtual Json hf_config(int bos_id, int eos_id) const = 0;  // config.json
    std::vector<std::pair<std::string, at::Tensor>>& parameters() { return params_; }
    // Training only: (head_dropout_layers, B, heads) float multipliers of the heads' outputs for the
    // next forward calls; an undefined tensor (the default) = no head dropout.
    void set_head_keep(at::Tensor keep) { head_keep_ = std::move(keep); }
    // Training only (TinyLlama): (B, T, T) bool, true where query i must not see key j, in every layer,
    // on top of the causal and per-document masks (the summary-token bottleneck), or (layers, B, T, T):
    // one such mask per layer (the late KV lookup); undefined = none.
    void set_attention_block(at::Tensor blocked) { blocked_ = std::move(blocked); }
    // Training only (TinyLlama): heads (layer, head) whose attention probabilities the next forward
    // calls keep, (B, T, T) each in this order, for an auxiliary loss on them (attention_probes()).
    void set_attention_probes(std::vector<std::pair<int64_t, int64_t>> heads) { probe_heads_ = std::move(heads); }
    const std::vector<at::Tensor>& attention_probes() const { return probes_; }
    const LlamaShape& shape() const { return shape_; }

protected:
    explicit TrainableLM(const LlamaShape& s) : shape_(s) {}
    const at::Tensor& p(const std::string& name) const;
    LlamaShape shape_;
    std::vector<std::pair<std::string, at::Tensor>> params_;
    at::Tensor head_keep_, blocked_;
    std::vector<std::pair<int64_t, int64_t>> probe_heads_;
    mutable std::vector<at::Tensor> probes_;
};

class TinyLlama final : public TrainableLM {
public:
    // Seeded initialisation (the same numbers on every platform).
    TinyLlama(const LlamaShape& shape, uint64_t seed);
    at::Tensor forward(const at::Tensor& ids, const at::Tensor& positions, const at::Tensor& doc) const override;
    Json hf_config(int bos_id, int eos_id) const override;

private:
    at::Tensor inv_freq_;
};

// Mamba2ForCausalLM (tied embeddings), using the inference path's chunked SSD scan and causal
// conv (core/src/ssm/scan.h), which are differentiable LibTorch ops.
class TinyMamba2 final : public TrainableLM {
public:
    TinyMamba2(const LlamaShape& shape, uint64_t seed);
    at::Tensor forward(const at::Tensor& ids, const at::Tensor& positions, const at::Tensor& doc) const override;
    Json hf_config(int bos_id, int eos_id) const override;
};

// Zamba2ForCausalLM (tied embeddings): Mamba-2 layers, and hybrid layers whose own attention block
// (on the concatenated hidden state and embedding output) feeds the layer's Mamba-2 input.
class TinyZamba2 final : public TrainableLM {
public:
    TinyZamba2(const LlamaShape& shape, uint64_t seed);
    at::Tensor forward(const at::Tensor& ids, const at::Tensor& positions, const at::Tensor& doc) const override;
    Json hf_config(int bos_id, int eos_id) const override;

private:
    bool is_hybrid(int64_t layer) const;
    at::Tensor inv_freq_;
};

// Normal(mean, std) values from SeededNormal, as a float32 tensor that requires grad.
at::Tensor seeded_parameter(SeededNormal& rng, std::vector<int64_t> shape, double std, double mean = 0.0);

}  // namespace gna::train
