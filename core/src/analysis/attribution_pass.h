#pragma once
// Attribution patching on one prompt (gna/model.h AttributionRequest): the forward pass with a
// gradient-carrying output scale on every head, one backward pass of the metric.
#include "model/causal_lm.h"

namespace gna {

// ids: prompt followed by continuation[0..n-2], (1, T + n - 1) int64 on lm's device; `heads` valid
// for lm (empty = every attention and SSM head). Throws gna::Cancelled when `cancel` is raised.
AttributionResult attribute_prompt(const CausalLM& lm, const at::Tensor& ids, int64_t prompt_len,
                                   const std::vector<int>& continuation, const std::vector<HeadRef>& heads,
                                   AttributionMetric metric, bool freeze_norms,
                                   const std::atomic<bool>* cancel);

}  // namespace gna
