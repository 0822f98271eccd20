// Memory table (G&A slides): bytes a model keeps per sequence of length L: the attention KV cache
// (2 x kv_heads x head_dim per attention layer and position; sliding windows cap the positions)
// plus the fixed-size recurrent state of SSM / RG-LRU layers (state + convolution buffer).
#include <algorithm>

#include "gna/error.h"
#include "gna/experiments.h"

namespace gna {

namespace {

double dtype_bytes(const ModelConfig& cfg) {
    const std::string d = cfg.get_string("torch_dtype", cfg.get_string("dtype", "bfloat16"));
    if (d == "float32" || d == "float") return 4;
    if (d == "float64") return 8;
    return 2;
}

}  // namespace

MemoryLayout memory_layout(const ModelConfig& cfg) {
    MemoryLayout c;
    const std::string mt = cfg.model_type();
    const int64_t L = cfg.get_int("num_hidden_layers", cfg.get_int("n_layer", 0));
    const int64_t C = cfg.get_int("hidden_size", cfg.get_int("d_model", 0));
    const int64_t H = cfg.get_int("num_attention_heads", 0);
    const int64_t KVH = cfg.get_int("num_key_value_heads", H);
    const int64_t D = cfg.get_int("head_dim", H > 0 ? C / H : 0);
    c.kv_elements_per_token = 2.0 * static_cast<double>(KVH * D);
    if (mt == "mamba" || mt == "falcon_mamba") {
        const int64_t inner = cfg.get_int("intermediate_size", cfg.get_int("expand", 2) * C);
        c.recurrent_layers = static_cast<int>(L);
        c.state_elements =
            static_cast<double>(inner * cfg.get_int("state_size", 16) + inner * (cfg.get_int("conv_kernel", 4) - 1));
    } else if (mt == "mamba2") {
        const int64_t nh = cfg.require_int("num_heads"), hd = cfg.get_int("head_dim", 64),
                      N = cfg.get_int("state_size", 128);
        const int64_t inner = nh * hd, G = cfg.get_int("n_groups", 1);
        c.recurrent_layers = static_cast<int>(L);
        c.state_elements = static_cast<double>(nh * hd * N + (inner + 2 * G * N) * (cfg.get_int("conv_kernel", 4) - 1));
    } else if (mt == "jamba") {
        const int64_t period = cfg.get_int("attn_layer_period", 8), offset = cfg.get_int("attn_layer_offset", 4);
        for (int64_t l = 0; l < L; ++l) (l % period == offset ? c.attention_layers : c.recurrent_layers)++;
        const int64_t inner = cfg.get_int("mamba_expand", 2) * C;
        c.state_elements = static_cast<double>(inner * cfg.get_int("mamba_d_state", 16) +
                                               inner * (cfg.get_int("mamba_d_conv", 4) - 1));
    } else if (mt == "recurrent_gemma") {
        std::vector<std::string> types;
        if (cfg.json().contains("block_types") && cfg.json()["block_types"].is_array())
            for (const auto& t : cfg.json()["block_types"]) types.push_back(t.get<std::string>());
        if (types.empty()) types = {"recurrent", "recurrent", "attention"};
        for (int64_t l = 0; l < L; ++l)
            (types[l % types.size()] == "attention" ? c.attention_layers : c.recurrent_layers)++;
        const int64_t w = cfg.get_int("lru_width", C);
        c.state_elements = static_cast<double>(w + w * (cfg.get_int("conv1d_width", 4) - 1));
        c.window = cfg.get_int("attention_window_size", 2048);
    } else if (mt == "zamba2") {
        std::vector<std::string> types;
        if (cfg.json().contains("layers_block_type") && cfg.json()["layers_block_type"].is_array())
            for (const auto& t : cfg.json()["layers_block_type"]) types.push_back(t.get<std::string>());
        const int64_t nh = cfg.get_int("n_mamba_heads", 8), N = cfg.get_int("mamba_d_state", 64);
        const int64_t inner = cfg.get_int("mamba_expand", 2) * C, hd = nh > 0 ? inner / nh : 0,
                      G = cfg.get_int("mamba_ngroups", 1);
        for (int64_t l = 0; l < L; ++l) {
            c.recurrent_layers++;
            if (l < static_cast<int64_t>(types.size()) && types[l] == "hybrid") c.attention_layers++;
        }
        c.state_elements =
            static_cast<double>(nh * hd * N + (inner + 2 * G * N) * (cfg.get_int("mamba_d_conv", 4) - 1));
        const int64_t zh = cfg.get_int("num_attention_heads", H), zkv = cfg.get_int("num_key_value_heads", zh);
        const int64_t zd = cfg.get_int("attention_head_dim", zh > 0 ? 2 * C / zh : 0);
        c.kv_elements_per_token = 2.0 * static_cast<double>(zkv * zd);
    } else {
        if (H <= 0 || L <= 0)
            throw Error(cfg.file().string() +
                        ": memory table: no num_attention_heads / num_hidden_layers, and model_type '" + mt +
                        "' is not a known SSM or hybrid");
        c.attention_layers = static_cast<int>(L);
        const bool window =
            mt == "mistral" || mt == "gemma2" || (mt == "qwen2" && cfg.get_bool("use_sliding_window", false));
        if (window && cfg.has("sliding_window")) c.window = cfg.get_int("sliding_window", 0);
    }
    return c;
}

std::vector<MemoryRow> memory_table(const ModelConfig& cfg, const std::vector<int>& lengths, double bytes_per_element) {
    const double b = bytes_per_element > 0 ? bytes_per_element : dtype_bytes(cfg);
    const MemoryLayout c = memory_layout(cfg);
    std::vector<MemoryRow> rows;
    for (int len : lengths) {
        if (len <= 0) throw Error("memory table: sequence length " + std::to_string(len) + " must be positive");
        MemoryRow r;
        r.length = len;
        const double positions = c.window > 0 ? std::min<double>(len, static_cast<double>(c.window)) : len;
        r.kv_bytes = c.attention_layers * c.kv_elements_per_token * positions * b;
        r.state_bytes = c.recurrent_layers * c.state_elements * b;
        rows.push_back(r);
    }
    return rows;
}

}  // namespace gna
