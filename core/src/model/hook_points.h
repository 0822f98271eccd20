#pragma once
// Calling the named hooks of a plan (gna/hooks.h) from the decoder: one call per batch row whose
// plan has a hook at the point, on that row's values as float32 in CPU memory.
#include <ATen/ATen.h>

#include "model/causal_lm.h"

namespace gna {

// Calls the hooks at (layer, site) on t (B, ...), row by row in registration order; write hooks
// change t in place (t must be a tensor of this computation, not shared with earlier values).
void call_named_hooks(const ForwardContext& ctx, int layer, HookSite site, const at::Tensor& t, int64_t first_position);

// x (B, T, H, P): the heads' outputs before the output projection. Applies the plan's output
// scale of each head (ablation) and then the attn.out / ssm.out hooks; returns (B, T, H, P).
at::Tensor head_outputs(at::Tensor x, int layer, HeadKind kind, const ForwardContext& ctx, int64_t past);
// The attn.out / ssm.out hooks alone, for a mixer that applies the head scales in its own code:
// x (B, T, H, P) must be a tensor of this computation (written in place when contiguous).
at::Tensor head_output_hooks(at::Tensor x, int layer, HeadKind kind, const ForwardContext& ctx, int64_t past);

}  // namespace gna
