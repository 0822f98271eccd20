#pragma once
// Helpers shared by the core suites: tiny checkpoints in temporary folders, raw weights.
#include <cstdint>
#include <filesystem>
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

// Reads a tensor as float32 values (through the torch-free reader).
std::vector<float> weights(const Checkpoint& ckpt, const std::string& name);

// The naive reference of the scoring paths: the summed log-probability (log-softmax in double) of
// `continuation` after `prompt` under `plan`, from one plain run over prompt + continuation.
double naive_logprob(Model& m, const std::vector<int>& prompt, const std::vector<int>& continuation,
                     const InterventionPlan& plan = {});

// Largest |a - b|.
double max_abs_diff(const std::vector<float>& a, const std::vector<float>& b);

}  // namespace gna::test
