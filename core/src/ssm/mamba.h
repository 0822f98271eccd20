#pragma once
// The Mamba-1 mixer (selective scan), shared by MambaForCausalLM, FalconMambaForCausalLM and Jamba.
#include <functional>
#include <string>

#include "model/decoder.h"

namespace gna {

struct Mamba1Dims {
    int64_t hidden = 0, d_inner = 0, state = 16, conv_kernel = 4, dt_rank = 0;
    // Norms on (delta, B, C) after x_proj: none (Mamba), weightless RMSNorm (Falcon-Mamba,
    // eps mixer_rms_eps) or weighted RMSNorms dt/b/c_layernorm (Jamba, eps rms_norm_eps).
    enum class BcNorm { None, Weightless, Weighted } bc_norm = BcNorm::None;
    double bc_eps = 1e-6;
};

struct Mamba1Mixer final : StateMixer {
    Mamba1Dims d;
    Linear in_proj, x_proj, dt_proj, out_proj;
    at::Tensor conv_w, conv_b;  // (D, 1, K), (D)
    at::Tensor A, Dskip;  // (D, N) = -exp(A_log), (D); float32
    at::Tensor dt_norm, b_norm, c_norm;  // Jamba only

    static Mamba1Mixer load(WeightLoader& wl, const std::string& prefix, const Mamba1Dims& d);
    // x: (B, T, hidden) -> (B, T, hidden). Every inner channel is an SSM head: ssm_scale (B, D)
    // scales the channel of the out_proj input; captures materialise the channel's hidden attention.
    using StateMixer::forward;
    at::Tensor forward(const at::Tensor& x, at::Tensor& conv_state, at::Tensor& ssm_state, int64_t past, int layer,
                       ForwardContext& ctx) const override;
    void describe(LayerInfo& li) const override;
};

// The state-spaces checkpoint layout of Mamba and Mamba-2: backbone.embeddings,
// backbone.layers.<l>.{norm, mixer}, backbone.norm_f, lm_head (tied by default); `mixer` loads the
// mixer under a prefix. The norms' eps is left to the caller.
DecoderParts load_backbone(const ModelConfig& cfg, WeightLoader& wl, int64_t L, int64_t V, int64_t C,
                           const std::function<std::unique_ptr<Mixer>(const std::string&)>& mixer);

std::unique_ptr<CausalLM> make_mamba(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt);

}  // namespace gna
