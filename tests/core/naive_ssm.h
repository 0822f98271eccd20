#pragma once
// Independent, deliberately plain per-token recurrences of the state-space architectures for the
// tests: explicit loops over positions, channels and states in double precision, weights read
// through the torch-free safetensors reader. Shares no code with core (no LibTorch, no core/src).
#include <filesystem>
#include <map>
#include <vector>

namespace gna::test {

struct NaiveSsmOptions {
    std::map<std::pair<int, int>, double> ssm_scale;  // (layer, SSM head) -> scale of its out_proj input
    std::map<std::pair<int, int>, double> attn_scale;  // (layer, attention head) -> scale (hybrids)
    std::vector<int> skip_layers;
    int trace_layer = -1;  // record the mixer's scan input x and output y (with D, before gating)
};

struct NaiveSsmResult {
    std::vector<std::vector<float>> logits;  // [T][V]
    std::vector<std::vector<double>> x;  // [T][d_inner] scan input of trace_layer (after conv + silu)
    std::vector<std::vector<double>> y;  // [T][d_inner] scan output + D x, before gating
    std::vector<std::vector<double>> dt;  // [T][heads or d_inner] of trace_layer
    std::vector<std::vector<double>> a, m;  // RecurrentGemma trace_layer: decay a_t and input multiplier
        // m_t = g_x sqrt(1 - a^2) per channel (x~ = u m)
};

// Mamba2ForCausalLM, MambaForCausalLM, FalconMambaForCausalLM, JambaForCausalLM, Zamba2ForCausalLM,
// RecurrentGemmaForCausalLM
// (by config.json model_type).
NaiveSsmResult naive_ssm_forward(const std::filesystem::path& model_dir, const std::vector<int>& ids,
                                 const NaiveSsmOptions& opt = {});

}  // namespace gna::test
