#pragma once
// What a run changes, without touching weights. A plan belongs to one batch row; rows of one
// batch may carry different plans (this is how sweeps are batched).
#include <memory>
#include <vector>

#include "gna/heads.h"

namespace gna {

enum class Stage { Prefill, Generation };

struct HeadAblation {
    HeadRef head;
    // Output scale of the head: 0 zeroes its slice of the o_proj/out_proj input (zero ablation),
    // 0 < alpha < 1 damps it. Mean ablation uses `mean_ablation` below instead.
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

    bool empty() const { return ablations.empty() && skip_layers.empty() && hooks.empty(); }
    void ablate(const HeadRef& h, float alpha = 0.0f) { ablations.push_back({h, alpha}); }
};

}  // namespace gna
