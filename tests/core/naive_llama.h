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
    std::pair<int, int> capture{-1, -1};               // (layer, head) whose probabilities to keep
};

struct NaiveResult {
    std::vector<std::vector<float>> logits;        // [T][V]
    std::vector<std::vector<float>> attention;     // [T][T] of the captured head (causal rows)
};

NaiveResult naive_llama_forward(const std::filesystem::path& model_dir, const std::vector<int>& ids,
                                const NaiveOptions& opt = {});

}  // namespace gna::test
