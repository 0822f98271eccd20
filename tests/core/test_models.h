#pragma once
// Helpers shared by the core suites: tiny checkpoints in temporary folders, raw weights, the
// log-probabilities a naive reference's logits give.
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "gna/model.h"
#include "gna/safetensors.h"
#include "gna/tiny_model.h"

namespace gna::test {

// A fresh folder under the system temp dir, removed when the object dies.
class TempDir {
public:
    TempDir();
    ~TempDir();
    const std::filesystem::path& path() const { return path_; }
    std::filesystem::path operator/(const std::string& s) const { return path_ / s; }

private:
    std::filesystem::path path_;
};

// Writes a tiny model for `spec` into a subfolder `name` of `dir`, returns the folder.
std::filesystem::path make_model(const TempDir& dir, const std::string& name, const TinyModelSpec& spec);

// A 4-layer, hidden-32 checkpoint spec of any architecture the tiny-model writer knows (the hybrids
// with one attention layer among their state-space layers), for tests that run every architecture.
TinyModelSpec tiny_any_arch(const std::string& arch, uint64_t seed);
// The architectures of the suites that run every one: llama, mistral, mamba, mamba2, jamba, zamba2, recurrentgemma.
const std::vector<std::string>& tiny_archs();

// The small Llama most suites use: hidden 32, 4 query heads on 2 KV heads, MLP 48, 1024 positions.
TinyModelSpec tiny_llama(int layers, uint64_t seed);

// make_model, then Model::load of the folder (returned through `folder` when given).
std::unique_ptr<Model> load_tiny_model(const TempDir& dir, const std::string& name, const TinyModelSpec& spec,
                                       std::filesystem::path* folder = nullptr);

// A run of `tokens` under `plan` that keeps every position's logits.
RunResult run_all_logits(Model& m, std::vector<int> tokens, const InterventionPlan& plan = {});

// Log-softmax of one logits row, in double.
std::vector<double> log_softmax(const std::vector<float>& row);

// Summed log-probability of `continuation` from a full forward's logits over prompt + continuation
// (row t predicts token t + 1), the prompt being `prompt_size` tokens long.
double continuation_logprob(const std::vector<std::vector<float>>& logits, std::size_t prompt_size,
                            const std::vector<int>& continuation);

// The greedy tokens that rows [from, from + n) of `logits` predict (argmax, first on ties).
std::vector<int> argmax_tokens(const std::vector<std::vector<float>>& logits, std::size_t from, std::size_t n);

// A bundled demo model's folder in the source tree ("transformer", "ssm", "hybrid").
std::filesystem::path demo_model(const std::string& kind);

// Reads a tensor as float32 values (through the torch-free reader).
std::vector<float> weights(const Checkpoint& ckpt, const std::string& name);

// The naive reference of the scoring paths: the summed log-probability (log-softmax in double) of
// `continuation` after `prompt` under `plan`, from one plain run over prompt + continuation.
double naive_logprob(Model& m, const std::vector<int>& prompt, const std::vector<int>& continuation,
                     const InterventionPlan& plan = {});

// Largest |a - b|.
double max_abs_diff(const std::vector<float>& a, const std::vector<float>& b);

}  // namespace gna::test
