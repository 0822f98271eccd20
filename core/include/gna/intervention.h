#pragma once
// What a run changes, without touching weights. A plan belongs to one batch row; rows of one
// batch may carry different plans (this is how sweeps are batched).
#include <memory>
#include <vector>

#include "gna/heads.h"
#include "gna/hooks.h"

namespace gna {

struct HeadAblation {
    HeadRef head;
    // Output scale of the head: 0 zeroes its slice of the o_proj/out_proj input (zero ablation),
    // 0 < alpha < 1 damps it. Mean ablation is built on named hooks (gna/mean_ablation.h).
    float alpha = 0.0f;
};

// Hook applied to post-softmax attention probabilities (defined in core's private headers,
// because it sees tensors). Attention-weight manipulations, top-k sparsification and G&A masks
// are hooks. Opaque to torch-free code.
class AttentionHook;

struct InterventionPlan {
    std::vector<HeadAblation> ablations;
    std::vector<int> skip_layers;  // the whole block is skipped; the residual passes through
    std::vector<std::shared_ptr<const AttentionHook>> hooks;
    // Torch-free callbacks at named points (gna/hooks.h, docs/hooks.md), in registration order.
    std::vector<NamedHook> named_hooks;

    bool empty() const { return ablations.empty() && skip_layers.empty() && hooks.empty() && named_hooks.empty(); }
    void ablate(const HeadRef& h, float alpha = 0.0f) { ablations.push_back({h, alpha}); }
    // Registers a hook at a point named as in gna/hooks.h ("L3.attn.out"); throws gna::Error for a
    // malformed name (a point the model lacks is reported when the plan runs).
    void read(std::string_view point, ReadHookFn fn) {
        named_hooks.push_back({parse_hook_point(point), std::move(fn), {}});
    }
    void write(std::string_view point, WriteHookFn fn) {
        named_hooks.push_back({parse_hook_point(point), {}, std::move(fn)});
    }
};

}  // namespace gna
