#pragma once
// The hook point where attention-weight manipulations, top-k sparsification and G&A masks act:
// post-softmax probabilities of one batch row, one query chunk, all query heads of one layer.
#include <ATen/ATen.h>

#include "gna/intervention.h"

namespace gna {

struct AttentionHookSite {
    int layer = 0;
    Stage stage = Stage::Prefill;
    int64_t q_offset = 0;  // absolute position of the first query row in `probs`
    int64_t batch_row = 0;
};

class AttentionHook {
public:
    virtual ~AttentionHook() = default;
    virtual bool applies_to(int layer, Stage stage) const = 0;
    // probs: (H, Tq, Tk) float32, modified in place; no renormalisation is done afterwards.
    virtual void apply(const AttentionHookSite& site, at::Tensor& probs) const = 0;
};

}  // namespace gna
