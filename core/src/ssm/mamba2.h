#pragma once
// The Mamba-2 mixer (SSD), shared by Mamba2ForCausalLM and Zamba2.
#include <limits>
#include <string>

#include "model/decoder.h"

namespace gna {

struct Mamba2Dims {
    int64_t hidden = 0, d_inner = 0, heads = 0, head_dim = 0, groups = 1, state = 0, conv_kernel = 4, chunk = 256;
    double norm_eps = 1e-5;
    double dt_min = 0.0, dt_max = std::numeric_limits<double>::infinity();  // time_step_limit
    int64_t conv_dim() const { return d_inner + 2 * groups * state; }
};

struct Mamba2Mixer final : StateMixer {
    Mamba2Dims d;
    Linear in_proj, out_proj;
    at::Tensor conv_w, conv_b;  // (conv_dim, 1, K), (conv_dim)
    at::Tensor dt_bias, A, D;  // (H) float32; A = -exp(A_log)
    at::Tensor norm_w;  // (d_inner)

    static Mamba2Mixer load(WeightLoader& wl, const std::string& prefix, const Mamba2Dims& d);
    // x: (B, T, hidden) -> (B, T, hidden). Updates conv/ssm state; captures SSM heads of `layer`
    // and applies the plan's ssm_scale to each head's P channels of the out_proj input.
    using StateMixer::forward;
    at::Tensor forward(const at::Tensor& x, at::Tensor& conv_state, at::Tensor& ssm_state, int64_t past, int layer,
                       ForwardContext& ctx) const override;
    void describe(LayerInfo& li) const override;
};

std::unique_ptr<CausalLM> make_mamba2(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt);

}  // namespace gna
