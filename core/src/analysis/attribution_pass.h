#pragma once
// Attribution patching on a batch of prompts (gna/model.h AttributionRequest): the forward pass with a
// gradient-carrying output scale on every head and row, one backward pass of the metrics' sum.
#include "model/causal_lm.h"

namespace gna {

// A batch of prompts (requests with the same freeze_norms and cancel; prompts, continuations
// and heads already validated) in one forward and one backward pass: (rows x longest sequence)
// activations. Results in the requests' order. Throws gna::Cancelled when `cancel` is raised.
std::vector<AttributionResult> attribute_prompts(const CausalLM& lm, const std::vector<AttributionRequest>& requests);

}  // namespace gna
