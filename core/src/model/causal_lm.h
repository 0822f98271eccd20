#pragma once
// The internal (LibTorch) interface every architecture implements, and the per-run context that
// carries a batch's intervention plans down to the layers.
#include <ATen/ATen.h>

#include <atomic>
#include <memory>
#include <vector>

#include "gna/config.h"
#include "gna/error.h"
#include "gna/hooks.h"
#include "gna/model.h"
#include "gna/safetensors.h"
#include "model/attention_hook.h"

namespace gna {

// Per layer, per batch row: what the plans say. Undefined tensors mean "nothing here".
struct LayerPlan {
    at::Tensor attn_scale;  // (B, H) float: output scale of each attention query head
    at::Tensor ssm_scale;  // (B, S) float: output scale of each SSM head
    at::Tensor skip;  // (B,) bool: skip the whole block for that row
    bool any_hook = false;  // some row has a hook that applies to this layer
};

// One capture request resolved to a layer: head `head` of `kind`, into result slot `slot`.
struct CaptureSlot {
    int layer = 0;
    int head = 0;
    HeadKind kind = HeadKind::Attention;
    std::size_t slot = 0;
    bool all_rows = false;  // every row of the pass, whatever ForwardContext::capture_rows says
};

struct ForwardContext {
    Stage stage = Stage::Prefill;
    std::vector<LayerPlan> layers;  // one per layer (may be empty)
    std::vector<std::vector<std::shared_ptr<const AttentionHook>>> hooks;  // per batch row
    std::vector<std::vector<const NamedHook*>> named;  // per batch row (the plans outlive the context)
    std::vector<unsigned> named_sites;  // per layer: bit 1 << HookSite where a row has one
    std::vector<CaptureSlot> captures;
    std::vector<int64_t> capture_rows;  // absolute query positions; empty = all rows of this pass
        // (slots marked all_rows take every row)
    // Filled by the layers: captured[slot] = (B, rows, keys) float32 on CPU.
    std::vector<at::Tensor> captured;
    const std::atomic<bool>* cancel = nullptr;

    const LayerPlan* plan(int layer) const {
        return layer < static_cast<int>(layers.size()) ? &layers[layer] : nullptr;
    }
    bool named_at(int layer, HookSite site) const {
        return layer < static_cast<int>(named_sites.size()) && ((named_sites[layer] >> static_cast<int>(site)) & 1u);
    }
    void check_cancel() const {
        if (cancel && cancel->load(std::memory_order_relaxed)) throw Cancelled();
    }
};

// Recurrent state / KV cache of a batch; architecture-specific.
class DecodeState {
public:
    virtual ~DecodeState() = default;
    virtual int64_t length() const = 0;  // positions already processed
    virtual std::unique_ptr<DecodeState> clone() const = 0;
    // Repeats every row n times (row b -> rows b*n .. b*n+n-1), e.g. to share a prompt.
    virtual void repeat_rows(int64_t n) = 0;
};

// A prompt followed by the nodes of its continuation tree, run as one sequence without a cache
// (sweeps; model/tree_sweep.h). Each token has its own RoPE position and its own mask row.
struct TreeLayout {
    at::Tensor positions;  // (S) int64: RoPE position of each token
    at::Tensor hidden;  // (S, S) bool: key j is hidden from query i (causal within the prompt, tree below)
    at::Tensor outputs;  // (R) int64: the tokens whose outputs are needed after the last layer
    std::vector<int64_t> key_end;  // per token: 1 + the last key it sees
};

class CausalLM {
public:
    virtual ~CausalLM() = default;
    virtual const ModelInfo& info() const = 0;
    virtual at::Device device() const = 0;
    virtual std::unique_ptr<DecodeState> new_state(int64_t batch) const = 0;
    // ids (B, T) int64 -> hidden states (B, T, C) after the embedding.
    virtual at::Tensor embed(const at::Tensor& ids, DecodeState& state) const = 0;
    // Runs layers [from, to) on h (B, T, C); positions continue from state.length(). The state's
    // length advances only when `to` == number of layers (advance_state).
    virtual at::Tensor run_layers(at::Tensor h, int from, int to, DecodeState& state, ForwardContext& ctx) const = 0;
    virtual void advance_state(DecodeState& state, int64_t t) const = 0;
    // Final norm + LM head: (B, T, C) -> (B, T, V) float32.
    virtual at::Tensor logits(const at::Tensor& h) const = 0;

    // Tree pass (optional; attention-only architectures): layers [from, to) on h (Bh, S, C) under
    // t's mask. ctx may carry B rows while h has 1 (the rows' shared input): the rows then fan
    // out at the first per-head output scale. When `to` is the last layer, that layer computes
    // only t.outputs' queries and the result is (B or 1, R, C). Plans with hooks or captures do
    // not take this path.
    virtual bool has_tree_pass() const { return false; }
    virtual at::Tensor run_tree_layers(at::Tensor /*h*/, int /*from*/, int /*to*/, const TreeLayout& /*t*/,
                                       const ForwardContext& /*ctx*/) const {
        throw Error(info().architecture + " has no tree pass");
    }

    at::Tensor forward(const at::Tensor& ids, DecodeState& state, ForwardContext& ctx) const {
        at::Tensor h = embed(ids, state);
        h = run_layers(h, 0, info().num_layers, state, ctx);
        advance_state(state, ids.size(1));
        return h;
    }
};

// Loads an architecture by config (model/registry.cpp). Throws gna::Error for unknown ones.
std::unique_ptr<CausalLM> make_causal_lm(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt);

// The table of architectures lives in model/registry.cpp (explicit, so that a static link keeps
// every architecture): each entry names the config's "architectures" value and model_type.
using CausalLMFactory = std::unique_ptr<CausalLM> (*)(const ModelConfig&, const Checkpoint&, const LoadOptions&);
struct ArchitectureEntry {
    const char* architecture;  // e.g. "LlamaForCausalLM"
    const char* model_type;  // e.g. "llama"
    CausalLMFactory factory;
};
const std::vector<ArchitectureEntry>& architecture_registry();

}  // namespace gna
