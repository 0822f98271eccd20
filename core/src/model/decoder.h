#pragma once
// The decoder skeleton every architecture shares: embedding, the layer loop (cancel, layer skip,
// prefix/residual reuse from any layer, named hook points), the attention-only tree pass, the
// final norm and LM head, the decode state and the ModelInfo. An architecture file reads its
// config, loads its blocks into DecoderParts and returns a Decoder.
//
// One layer:  x = mixer.input(h);  h' = h + mixer(norm(x, norm1));  h' += mlp(norm(h', norm2))
//             then the plan's layer skip (rows that skip keep h) and the resid_post hooks.
#include <ATen/ATen.h>

#include <memory>
#include <vector>

#include "model/causal_lm.h"
#include "model/hook_points.h"
#include "model/layers.h"

namespace gna {

// Decode state of every architecture: per layer a KV cache (attention), a conv state (the last
// K-1 conv inputs) and a recurrent state (SSM). Tensors are replaced, never written in place, so
// copies share storage safely.
struct DecoderState final : DecodeState {
    std::vector<at::Tensor> conv;  // (B, Cc, K-1) per layer, undefined before the first token
    std::vector<at::Tensor> ssm;  // (B, H, P, N) / (B, D, N) / (B, W) per layer
    std::vector<KVCache> kv;  // attention layers
    at::Tensor embedding;  // the embedding output of the current pass (B, T, C), when kept
    int64_t len = 0;

    explicit DecoderState(std::size_t layers) : conv(layers), ssm(layers), kv(layers) {}
    int64_t length() const override { return len; }
    std::unique_ptr<DecodeState> clone() const override { return std::make_unique<DecoderState>(*this); }
    void repeat_rows(int64_t n) override;
};

// What a block gets besides its input: the batch's state, its layer and the run's context.
struct BlockCall {
    DecoderState& state;
    int layer = 0;
    ForwardContext& ctx;
    int64_t past() const { return state.len; }
};

class AttentionMixer;

// The token mixer of a layer: attention, a state-space mixer, or a hybrid of both.
class Mixer {
public:
    virtual ~Mixer() = default;
    // The residual stream -> the mixer's input before its norm (default: unchanged; Zamba2's
    // hybrid layers add their shared transformer block's output here).
    virtual at::Tensor input(const at::Tensor& h, BlockCall&) const { return h; }
    // x (B, T, C), normalised -> the output (B, T, C) added to the residual stream.
    virtual at::Tensor forward(const at::Tensor& x, BlockCall& call) const = 0;
    // The layer's kind and head counts (ModelInfo).
    virtual void describe(LayerInfo& li) const = 0;
    // Plain attention layers (the tree pass); null for every other mixer.
    virtual const AttentionMixer* attention() const { return nullptr; }
};

// A state-space mixer: a conv state and a recurrent state per layer in the DecoderState.
class StateMixer : public Mixer {
public:
    virtual at::Tensor forward(const at::Tensor& x, at::Tensor& conv_state, at::Tensor& ssm_state, int64_t past,
                               int layer, ForwardContext& ctx) const = 0;
    at::Tensor forward(const at::Tensor& x, BlockCall& c) const override {
        return forward(x, c.state.conv[c.layer], c.state.ssm[c.layer], c.past(), c.layer, c.ctx);
    }
};

class AttentionMixer final : public Mixer {
public:
    AttentionConfig cfg;
    AttentionWeights w;
    AttentionMixer(AttentionConfig c, AttentionWeights weights) : cfg(std::move(c)), w(std::move(weights)) {}
    at::Tensor forward(const at::Tensor& x, BlockCall& call) const override {
        return attention_forward(cfg, w, x, call.state.kv[call.layer], call.past(), call.layer, call.ctx);
    }
    void describe(LayerInfo& li) const override;
    const AttentionMixer* attention() const override { return this; }
};

// The feed-forward block after the mixer (SwiGLU MLP, mixture of experts).
class FeedForward {
public:
    virtual ~FeedForward() = default;
    virtual at::Tensor forward(const at::Tensor& x) const = 0;
    // The same values; may compute in place (the tree pass, where no autograd records).
    virtual at::Tensor forward_in_place(const at::Tensor& x) const { return forward(x); }
};

class GatedFeedForward final : public FeedForward {
public:
    GatedMLP mlp;
    explicit GatedFeedForward(GatedMLP m) : mlp(std::move(m)) {}
    at::Tensor forward(const at::Tensor& x) const override { return mlp(x); }
    at::Tensor forward_in_place(const at::Tensor& x) const override { return mlp.in_place(x); }
};

struct DecoderLayer {
    at::Tensor norm1;  // before the mixer
    std::unique_ptr<Mixer> mixer;
    at::Tensor norm2;  // before the MLP
    std::unique_ptr<FeedForward> mlp;  // null: the layer has no MLP
};

// What every config has: its file (for errors), hidden_size, num_hidden_layers and vocab_size.
struct BaseDims {
    std::string file;
    int64_t hidden = 0, layers = 0, vocab = 0;
};
BaseDims read_base_dims(const ModelConfig& cfg);

// A layer with its norms loaded from `norm1` and `norm2` (empty: no MLP norm), each (hidden).
DecoderLayer load_layer_norms(WeightLoader& wl, const std::string& norm1, const std::string& norm2, int64_t hidden);

// gate_proj, up_proj, down_proj under `prefix` (biases when present).
GatedMLP load_gated_mlp(WeightLoader& wl, const std::string& prefix, int64_t intermediate, int64_t hidden);

// What an architecture file loads and reads from its config.
struct DecoderParts {
    at::Tensor embed, norm_f, lm_head;  // (V, C), (C), (V, C)
    std::vector<DecoderLayer> layers;
    double eps = 1e-6;  // every RMSNorm of the model
    bool one_plus_norms = false;  // RMSNorm weights taken as 1 + w (Gemma)
    float embed_scale = 0.0f;  // multiplies the embedding output; 0 = none
    bool keep_embedding = false;  // the mixers read the embedding output (DecoderState)
    double logit_soft_cap = 0.0;  // logits = cap * tanh(logits / cap); 0 = none
    // ModelInfo
    int head_dim = 0;  // of the attention heads, else of the SSM heads
    int max_positions = 0;
    int sliding_window = 0;
};

class Decoder final : public CausalLM {
public:
    Decoder(const ModelConfig& cfg, const WeightLoader& wl, DecoderParts parts);

    const ModelInfo& info() const override { return info_; }
    at::Device device() const override { return device_; }
    std::unique_ptr<DecodeState> new_state(int64_t) const override {
        return std::make_unique<DecoderState>(p_.layers.size());
    }
    at::Tensor embed(const at::Tensor& ids, DecodeState& state) const override;
    at::Tensor run_layers(at::Tensor h, int from, int to, DecodeState& state, ForwardContext& ctx) const override;
    void advance_state(DecodeState& state, int64_t t) const override { static_cast<DecoderState&>(state).len += t; }
    at::Tensor logits(const at::Tensor& h) const override;

    bool has_tree_pass() const override { return tree_; }
    at::Tensor run_tree_layers(at::Tensor h, int from, int to, const TreeLayout& t,
                               const ForwardContext& ctx) const override;

private:
    at::Tensor norm(const at::Tensor& x, const at::Tensor& w) const {
        return rms_norm(x, w, p_.eps, p_.one_plus_norms);
    }
    at::Tensor layer(const at::Tensor& h, int l, DecoderState& st, ForwardContext& ctx) const;

    DecoderParts p_;
    ModelInfo info_;
    at::Device device_ = at::kCPU;
    bool tree_ = false;  // every layer is plain attention
};

}  // namespace gna
