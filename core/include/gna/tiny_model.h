#pragma once
// Writes seeded, random-initialised checkpoints in exact Hugging Face layout (config.json,
// model.safetensors or shards + index, tokenizer.json, tokenizer_config.json,
// generation_config.json). Used by the tests and as the interim demo model.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "gna/json.h"
#include "gna/safetensors.h"

namespace gna {

struct TinyModelSpec {
    std::string arch = "llama";  // llama | mistral | qwen2 (more with the SSM issue)
    int layers = 2;
    int hidden = 64;
    int heads = 4;
    int kv_heads = 2;
    int head_dim = 0;            // 0 = hidden / heads
    int intermediate = 128;
    int max_positions = 2048;
    int merges = 200;            // BPE merges of the generated tokenizer (vocab = 256 + merges + 2)
    uint64_t seed = 1;
    DType dtype = DType::F32;
    bool tie_embeddings = false;
    int shards = 1;              // > 1 writes model-0000k-of-0000n.safetensors + index
    double rope_theta = 10000.0;
    bool llama3_rope_scaling = false;
    bool rope_parameters_style = false;  // write rope_parameters (newer transformers) instead
    double init_std = 0.08;
    int sliding_window = 0;      // mistral / qwen2
};

// A deterministic normal(0, 1) stream (xoshiro256** + Box-Muller): the same numbers on every
// platform and compiler, unlike std::normal_distribution.
class SeededNormal {
public:
    explicit SeededNormal(uint64_t seed);
    double next();
    uint64_t next_u64();
private:
    uint64_t s_[4];
    bool have_spare_ = false;
    double spare_ = 0;
};

// The built-in English text the tiny tokenizers are trained on.
std::string tiny_tokenizer_corpus();

// Writes the model; returns its config.json content. Throws gna::Error.
Json write_tiny_model(const TinyModelSpec& spec, const std::filesystem::path& dir);

// Writes tensors as one file or `shards` files plus model.safetensors.index.json.
void write_checkpoint_tensors(const std::filesystem::path& dir, const std::vector<TensorToWrite>& tensors, int shards);

}  // namespace gna
