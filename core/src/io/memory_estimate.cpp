// gna/memory_estimate.h: the resident size of a model from its config and safetensors headers,
// and the memory left to this process.
#include "gna/memory_estimate.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>

#include "gna/config.h"
#include "gna/error.h"
#include "gna/safetensors.h"

namespace gna {

namespace {

bool is_floating(DType t) { return t == DType::F64 || t == DType::F32 || t == DType::F16 || t == DType::BF16; }

// Layers with a KV cache: every layer of attention-only models, the scheduled ones of hybrids.
int64_t attention_layers(const ModelConfig& cfg, int64_t L) {
    const std::string type = cfg.model_type();
    if (type == "mamba" || type == "falcon_mamba" || type == "mamba2") return 0;
    if (type == "jamba") {
        const int64_t period = std::max<int64_t>(1, cfg.get_int("attn_layer_period", 8));
        const int64_t offset = cfg.get_int("attn_layer_offset", 4);
        int64_t n = 0;
        for (int64_t i = 0; i < L; ++i) n += (i % period == offset);
        return n;
    }
    auto count_in = [&](const std::string& key, const std::string& kind) -> int64_t {
        const Json& j = cfg.json();
        if (!j.contains(key) || !j[key].is_array() || j[key].empty()) return L;
        const auto& list = j[key];
        int64_t n = 0;
        for (int64_t i = 0; i < L; ++i) {
            const auto& v = list[static_cast<std::size_t>(i) % list.size()];
            n += v.is_string() && v.get<std::string>() == kind;
        }
        return n;
    };
    if (type == "zamba2") return count_in("layers_block_type", "hybrid");
    if (type == "recurrent_gemma") return count_in("block_types", "attention");
    return L;
}

}  // namespace

MemoryEstimate estimate_memory(const std::filesystem::path& dir, ComputeDType dtype, int context) {
    const ModelConfig cfg = ModelConfig::load(dir);
    const Checkpoint ckpt = Checkpoint::open(dir);  // maps the files and parses the headers only
    MemoryEstimate e;
    const uint64_t s = dtype == ComputeDType::F32 ? 4 : 2;
    e.dtype = dtype == ComputeDType::F32 ? "f32" : dtype == ComputeDType::BF16 ? "bf16" : "f16";
    for (const auto& name : ckpt.names()) {
        const TensorView t = ckpt.tensor(name);
        e.weights += is_floating(t.dtype) ? static_cast<uint64_t>(t.numel()) * s : t.nbytes;
    }

    const int64_t max_pos = cfg.get_int("max_position_embeddings", 0);
    e.context = max_pos > 0 ? static_cast<int>(std::min<int64_t>(context, max_pos)) : context;
    const uint64_t T = static_cast<uint64_t>(std::max(0, e.context));
    const int64_t L = cfg.get_int("num_hidden_layers", 0);
    const uint64_t C = static_cast<uint64_t>(cfg.get_int("hidden_size", 0));
    const uint64_t V = static_cast<uint64_t>(cfg.get_int("vocab_size", 0));
    const uint64_t H = static_cast<uint64_t>(cfg.get_int("num_attention_heads", 0));
    const uint64_t KVH = static_cast<uint64_t>(cfg.get_int("num_key_value_heads", static_cast<int64_t>(H)));
    const uint64_t D = static_cast<uint64_t>(cfg.get_int("head_dim", H > 0 ? static_cast<int64_t>(C / H) : 0));
    const int64_t A = attention_layers(cfg, L);

    // SSM state per layer: d_inner x N recurrent state + the convolution window over x, B and C.
    const double expand = cfg.get_double("expand", cfg.get_double("mamba_expand", 2.0));
    const uint64_t d_inner = static_cast<uint64_t>(expand * static_cast<double>(C));
    const uint64_t N = static_cast<uint64_t>(cfg.get_int("state_size", cfg.get_int("mamba_d_state", 16)));
    const uint64_t K = static_cast<uint64_t>(cfg.get_int("conv_kernel", cfg.get_int("mamba_d_conv", 4)));
    const uint64_t G = static_cast<uint64_t>(cfg.get_int("n_groups", 1));
    const std::string type = cfg.model_type();
    const bool has_ssm = type == "mamba" || type == "falcon_mamba" || type == "mamba2" || type == "jamba" ||
        type == "zamba2" || type == "recurrent_gemma";
    const uint64_t ssm_layers = has_ssm ? static_cast<uint64_t>(type == "zamba2" ? L : L - A) : 0;
    e.cache =
        static_cast<uint64_t>(A) * 2 * KVH * D * T * s + ssm_layers * (d_inner * N + (d_inner + 2 * G * N) * K) * s;

    // One forward: residual stream, its normalised copy, attention/mixer output and the MLP's
    // (or mixer's) widest intermediate three times; one layer's scores and probabilities; logits.
    const uint64_t I = static_cast<uint64_t>(cfg.get_int("intermediate_size", static_cast<int64_t>(d_inner)));
    const uint64_t wide = std::max(I, d_inner);
    // Scores, probabilities and logits are f32 in every compute dtype.
    e.activations = T * (4 * C + 3 * wide) * s + ((A > 0 ? 2 * H * T * T : 0) + T * V) * 4;
    return e;
}

std::optional<AvailableMemory> available_memory() {
    std::optional<AvailableMemory> best;
    auto offer = [&](uint64_t bytes, const std::string& source) {
        if (!best || bytes < best->bytes) best = AvailableMemory{bytes, source};
    };
    {
        std::ifstream in("/proc/meminfo");
        std::string key, unit;
        uint64_t kb = 0;
        while (in >> key >> kb) {
            std::getline(in, unit);
            if (key == "MemAvailable:") offer(kb * 1024, "MemAvailable in /proc/meminfo");
        }
    }
    // cgroup v2: the limit less what the group uses, page cache that can be dropped not counted.
    auto read_number = [](const std::filesystem::path& p) -> std::optional<uint64_t> {
        std::ifstream in(p);
        std::string v;
        if (!(in >> v) || v == "max") return std::nullopt;
        try {
            return std::stoull(v);
        } catch (...) {
            return std::nullopt;
        }
    };
    const std::filesystem::path cg = "/sys/fs/cgroup";
    if (auto limit = read_number(cg / "memory.max")) {
        uint64_t used = read_number(cg / "memory.current").value_or(0);
        std::ifstream stat(cg / "memory.stat");
        std::string key;
        uint64_t value = 0;
        while (stat >> key >> value)
            if (key == "inactive_file") used -= std::min(used, value);
        offer(*limit > used ? *limit - used : 0, "the cgroup limit memory.max less its current use");
    }
    return best;
}

void check_memory_fits(const std::filesystem::path& dir, const MemoryEstimate& e, const AvailableMemory& available) {
    if (e.total() <= available.bytes) return;
    throw Error(dir.string() + ": this model needs about " + format_bytes(e.total()) + " of memory in " + e.dtype +
                " for a context of " + std::to_string(e.context) + " tokens (weights " + format_bytes(e.weights) +
                ", KV cache and states " + format_bytes(e.cache) + ", activations " + format_bytes(e.activations) +
                "), but only " + format_bytes(available.bytes) + " is available (" + available.source +
                "). It was not loaded. Use a checkpoint with fewer layers or "
                "a smaller model, compute in bf16 (--dtype bf16 halves the weights, on a GPU or on a CPU with "
                "AVX512-BF16 or AMX), run it on a GPU (--device cuda), or free memory.");
}

std::string format_bytes(uint64_t bytes) {
    char buf[32];
    const double b = static_cast<double>(bytes);
    if (b >= 1e9)
        std::snprintf(buf, sizeof buf, "%.1f GB", b / 1e9);
    else if (b >= 1e6)
        std::snprintf(buf, sizeof buf, "%.1f MB", b / 1e6);
    else
        std::snprintf(buf, sizeof buf, "%.0f kB", b / 1e3);
    return buf;
}

}  // namespace gna
