#pragma once
// An independent, deliberately plain Llama forward pass for the tests: explicit loops over
// positions, heads and dimensions, weights read through the torch-free safetensors reader.
// It shares no code with core's model (no LibTorch, no core/src headers).
#include <filesystem>
#include <map>
#include <vector>

namespace gna::test {

struct NaiveOptions {
    std::map<std::pair<int, int>, float> head_scale;  // (layer, head) -> output scale
    std::vector<int> skip_layers;
    std::pair<int, int> capture{-1, -1};  // (layer, head) whose probabilities to keep
    // (layer, head) -> head_dim values that replace the head's output (the o_proj input slice) at
    // every position (mean ablation); the captured head's output is kept in NaiveResult::head_out
    std::map<std::pair<int, int>, std::vector<float>> head_replace;
};

struct NaiveResult {
    std::vector<std::vector<float>> logits;  // [T][V]
    std::vector<std::vector<float>> attention;  // [T][T] of the captured head (causal rows)
    std::vector<std::vector<double>> head_out;  // [T][head_dim] output of the captured head
};

NaiveResult naive_llama_forward(const std::filesystem::path& model_dir, const std::vector<int>& ids,
                                const NaiveOptions& opt = {});

}  // namespace gna::test
