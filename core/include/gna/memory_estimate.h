#pragma once
// How much memory a model needs before it is loaded, from config.json and the safetensors headers
// alone (no weight is read), and the memory this process may still use. Torch-free.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "gna/model.h"

namespace gna {

struct MemoryEstimate {
    uint64_t weights = 0;  // every stored tensor in the compute dtype (floating ones; others as stored)
    uint64_t cache = 0;  // KV cache of the attention layers + SSM states, batch 1, `context` tokens
    uint64_t activations = 0;  // one forward over `context` tokens: hidden and MLP tensors, one layer's
        // attention scores and probabilities, logits of every position
    int context = 0;  // tokens planned for
    std::string dtype;  // the compute dtype, "f32" / "bf16" / "f16"
    uint64_t total() const { return weights + cache + activations; }
};

// Throws gna::Error when config.json or a safetensors header is missing or broken. `context` is
// capped at the model's max_position_embeddings.
MemoryEstimate estimate_memory(const std::filesystem::path& dir, ComputeDType dtype = ComputeDType::F32,
                               int context = 2048);

struct AvailableMemory {
    uint64_t bytes = 0;
    std::string source;  // where the number comes from, for messages
};
// The smaller of MemAvailable (/proc/meminfo) and what the cgroup's memory.max still allows;
// nullopt when neither can be read.
std::optional<AvailableMemory> available_memory();

// Throws gna::Error naming the folder, the estimate, the available memory and what to do instead
// when `estimate` does not fit in `available`.
void check_memory_fits(const std::filesystem::path& dir, const MemoryEstimate& estimate,
                       const AvailableMemory& available);

// "12.3 GB" (decimal units, as free(1) -h and file managers show).
std::string format_bytes(uint64_t bytes);

}  // namespace gna
