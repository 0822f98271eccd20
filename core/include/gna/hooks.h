#pragma once
// Named hook points: a torch-free callback interface at fixed points of every architecture's
// decoder (in the spirit of llama.cpp's eval callback and TransformerLens's hook points). A hook
// reads, or where it is registered as a write hook replaces, the values at its point as a plain
// float32 span with their shape. docs/hooks.md lists the points and the contract and works through
// mean ablation. Plans without named hooks run exactly as before (the check is a flag per layer).
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace gna {

enum class Stage { Prefill, Generation };

// The points of one layer, in the order a layer reaches them.
enum class HookSite {
    AttnProbs,  // post-softmax attention probabilities (after the built-in attention hooks)
    AttnOut,  // each attention head's output before o_proj (after the plan's head scales)
    SsmOut,  // each SSM head's output before out_proj / linear_out (after the plan's head scales)
    MlpOut,  // the MLP's (feed-forward, experts) output added to the residual stream
    ResidPost,  // the residual stream after the layer (after the plan's layer skip)
};

struct HookPoint {
    int layer = 0;
    HookSite site = HookSite::ResidPost;
    std::string name() const;  // "L3.attn.probs", "L3.attn.out", "L3.ssm.out", "L3.mlp.out", "L3.resid_post"
    bool operator==(const HookPoint&) const = default;
};

// Parses "L3.attn.out" (also "l3.attn.out"). Throws gna::Error naming the text and the points.
HookPoint parse_hook_point(std::string_view text);

// What a hook is called with, besides the values. One call per batch row whose plan holds the
// hook; the values are that row's only (no batch dimension), row-major float32.
//   attn.probs: {heads, rows, keys}; rows are query positions first_position .. first_position + rows - 1
//               (a long prompt arrives in several calls, one per block of query rows)
//   attn.out, ssm.out: {tokens, heads, head_dim} (Mamba-1: head_dim 1, a head is an inner channel)
//   mlp.out, resid_post: {tokens, hidden}
// tokens are the positions first_position .. first_position + tokens - 1 of this pass (the prompt
// in the prefill, one token per step in generation).
struct HookCall {
    HookPoint point;
    Stage stage = Stage::Prefill;
    int batch_row = 0;
    int64_t first_position = 0;
    std::vector<int64_t> shape;
};

// A read hook must not keep the span past the call. A write hook may change any value; what it
// leaves in the span is what the model computes with from then on.
using ReadHookFn = std::function<void(const HookCall&, std::span<const float>)>;
using WriteHookFn = std::function<void(const HookCall&, std::span<float>)>;

struct NamedHook {
    HookPoint point;
    ReadHookFn read;  // exactly one of read / write is set
    WriteHookFn write;
};

}  // namespace gna
