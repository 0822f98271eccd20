#pragma once
// Turning per-row InterventionPlans into the per-layer tensors the layers read.
#include "model/causal_lm.h"

namespace gna {

// Throws gna::Error when a head or layer of the plan does not exist in the model.
void validate_head(const ModelInfo& info, const HeadRef& h, const char* what);
void validate_hook_point(const ModelInfo& info, const HookPoint& point);
void validate_plan(const ModelInfo& info, const InterventionPlan& plan);

// One LayerPlan per layer; tensors are created only where some row intervenes, so an empty plan
// leaves the computation untouched (bit for bit).
ForwardContext make_context(const ModelInfo& info, const std::vector<const InterventionPlan*>& plans, at::Device device,
                            Stage stage);

}  // namespace gna
