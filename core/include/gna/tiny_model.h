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
    std::string arch =
        "llama";  // llama | mistral | qwen2 | mamba | falcon_mamba | mamba2 | jamba | zamba2 | recurrentgemma
    int layers = 2;
    int hidden = 64;
    int heads = 4;
    int kv_heads = 2;
    int head_dim = 0;  // 0 = hidden / heads
    int intermediate = 128;
    int max_positions = 2048;
    int merges = 200;  // BPE merges of the generated tokenizer (vocab = 256 + merges + 2)
    int vocab = 0;  // vocab_size when larger than the tokenizer's (rows no token id reaches),
        // for real models' shapes (Llama 3: 128256); 0 = the tokenizer's
    uint64_t seed = 1;
    DType dtype = DType::F32;
    bool tie_embeddings = false;
    int shards = 1;  // > 1 writes model-0000k-of-0000n.safetensors + index
    double rope_theta = 10000.0;
    bool llama3_rope_scaling = false;
    bool rope_parameters_style = false;  // write rope_parameters (newer transformers) instead
    double init_std = 0.08;
    int sliding_window = 0;  // mistral / qwen2; recurrentgemma: attention_window_size (0 = 2048)
    // State-space and hybrid architectures (mamba, falcon_mamba, mamba2, jamba, zamba2, recurrentgemma).
    int state_size = 16;  // SSM state N
    int expand = 2;  // d_inner = expand * hidden
    int conv_kernel = 4;
    int ssm_head_dim = 16;  // Mamba-2 head_dim P (num_heads = expand * hidden / P)
    int n_groups = 1;  // Mamba-2 groups of B/C
    int chunk_size = 256;  // Mamba-2 SSD chunk
    int time_step_rank = 0;  // Mamba-1 (0 = ceil(hidden / 16))
    int attn_layer_period = 2;  // jamba: layer i is attention iff i % period == offset
    int attn_layer_offset = 1;
    int experts = 4;  // jamba MoE
    int experts_per_tok = 2;
    int expert_layer_period = 2;
    int expert_layer_offset = 1;
    std::string block_types{};  // zamba2 ("mamba,hybrid,...") / recurrentgemma ("recurrent,recurrent,attention")
    int mem_blocks = 1;  // zamba2 num_mem_blocks
    // Which files the folder keeps, as checkpoints are published: "full" (weights, config,
    // tokenizer files), "no-tokenizer" (weights and config.json only, as state-spaces/mamba-*),
    // "config-only" (config.json alone).
    std::string layout = "full";
    // llama only: the language model of a multimodal checkpoint as transformers saves
    // LlavaForConditionalGeneration: config.json nests it under text_config, a small vision tower
    // and projector are added, and the weights are named "language_model.model.*" and
    // "language_model.lm_head.*" ("llava", transformers before 4.52) or "model.language_model.*" and
    // "lm_head.*" ("llava-4.52"). The language model's weights equal those of "" for the same seed.
    std::string container{};
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
