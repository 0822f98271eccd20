#include <cstdio>
#include <filesystem>
#include <iostream>

#include "args.h"
#include "load_options.h"
#include "open_model.h"
#include "gna/config.h"
#include "gna/experiments.h"
#include "gna/cpu_runtime.h"
#include "gna/json.h"
#include "gna/memory_estimate.h"
#include "gna/model.h"
#include "gna/tokenizer.h"

namespace gna::cli {
namespace {

namespace fs = std::filesystem;

// True when `dir` holds a weights file of any format (the loader explains the ones it refuses).
bool has_weight_files(const fs::path& dir) {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string ext = e.path().extension().string();
        if (ext == ".safetensors" || ext == ".bin" || ext == ".pt" || ext == ".pth" || ext == ".gguf" || ext == ".ckpt")
            return true;
    }
    return false;
}

// A folder with config.json but no weights: what the config alone says, and the memory table.
int config_only_info(const fs::path& dir, const std::string& tokenizer_dir, bool json) {
    const ModelConfig cfg = ModelConfig::load(dir);
    const MemoryLayout m = memory_layout(cfg);
    const int64_t heads = cfg.get_int("num_attention_heads", 0);
    const int64_t hidden = cfg.get_int("hidden_size", cfg.get_int("d_model", 0));
    const int64_t kv = cfg.get_int("num_key_value_heads", heads);
    const int64_t head_dim = cfg.get_int("head_dim", heads > 0 ? hidden / heads : 0);
    const fs::path tok_dir = tokenizer_dir.empty() ? dir : fs::path(tokenizer_dir);
    const std::string tokenizer = has_tokenizer_files(tok_dir) ? load_tokenizer(tok_dir)->kind() : "none";
    const auto rows = memory_table(cfg);
    if (json) {
        Json mem = Json::array();
        for (const auto& r : rows)
            mem.push_back({{"length", r.length},
                           {"kv_bytes", r.kv_bytes},
                           {"state_bytes", r.state_bytes},
                           {"total_bytes", r.total()}});
        const Json j = {{"architecture", cfg.architecture()},
                        {"model_type", cfg.model_type()},
                        {"dir", dir.string()},
                        {"config_only", true},
                        {"layers", cfg.get_int("num_hidden_layers", cfg.get_int("n_layer", 0))},
                        {"attention_layers", m.attention_layers},
                        {"recurrent_layers", m.recurrent_layers},
                        {"hidden_size", hidden},
                        {"vocab_size", cfg.get_int("vocab_size", 0)},
                        {"attention_heads", heads},
                        {"kv_heads", kv},
                        {"head_dim", head_dim},
                        {"max_positions", cfg.get_int("max_position_embeddings", 0)},
                        {"sliding_window", m.window},
                        {"tokenizer", tokenizer},
                        {"config_hash", cfg.hash()},
                        {"memory", mem}};
        std::cout << j.dump(2) << "\n";
        return kOk;
    }
    std::cout << "model:         " << dir.string() << " (config.json only: no weights in this folder)\n"
              << "architecture:  " << cfg.architecture() << " (" << cfg.model_type() << ")\n"
              << "layers:        " << cfg.get_int("num_hidden_layers", cfg.get_int("n_layer", 0)) << " ("
              << m.attention_layers << " with a KV cache, " << m.recurrent_layers << " with a recurrent state)\n"
              << "hidden size:   " << hidden << "\n"
              << "heads:         " << heads << " query, " << kv << " key/value, head_dim " << head_dim << "\n"
              << "vocabulary:    " << cfg.get_int("vocab_size", 0) << "\n"
              << "context:       " << cfg.get_int("max_position_embeddings", 0) << " tokens";
    if (m.window > 0) std::cout << " (sliding window " << m.window << ")";
    std::cout << "\n"
              << "tokenizer:     " << tokenizer << "\n"
              << "config hash:   " << cfg.hash().substr(0, 16) << "\n"
              << "memory per sequence (" << cfg.get_string("torch_dtype", cfg.get_string("dtype", "bfloat16"))
              << "):\n";
    for (const auto& r : rows) {
        char b[128];
        std::snprintf(b, sizeof b, "  L=%-6d KV cache %10.1f MB  state %8.1f MB  total %10.1f MB\n", r.length,
                      r.kv_bytes / 1e6, r.state_bytes / 1e6, r.total() / 1e6);
        std::cout << b;
    }
    return kOk;
}

}  // namespace

int cmd_info(const std::vector<std::string>& argv) {
    static const Options table =
        Options{{"json", "", "print JSON"}} + load_option_rows(/*model=*/false, /*compute=*/false) + server_option_rows();
    Args a(argv, table);
    if (a.help() || a.positionals().size() != 1) {
        std::cout << "usage: gna info MODEL_DIR [--tokenizer DIR] [--json]\n"
                     "Loads the checkpoint and prints its architecture, layers and their kinds, heads, weights dtype,\n"
                     "parameter count and tokenizer. A folder with config.json and no weights gets what the config\n"
                     "says and the memory table (KV cache + recurrent state at 128/2048/4096 tokens).\n"
                     "Also prints the estimated memory and the CPU threads.\n";
        print_options(std::cout, table);
        return a.help() ? kOk : kUsage;
    }
    const fs::path dir = a.positionals()[0];
    std::error_code ec;
    const bool remote = a.get("server").has_value();
    if (!remote && fs::is_directory(dir, ec) && fs::is_regular_file(dir / "config.json", ec) && !has_weight_files(dir))
        return config_only_info(dir, a.get_or("tokenizer", ""), a.flag("json"));
    ModelLoadSpec load;
    load.path = dir;
    auto model = open_model(a, with_overrides(load, load_overrides(a)));
    const ModelInfo& i = model->info();
    if (a.flag("json")) {
        Json layers = Json::array();
        for (const auto& l : i.layers)
            layers.push_back({{"index", l.index},
                              {"kind", l.kind},
                              {"attention_heads", l.attention_heads},
                              {"kv_heads", l.kv_heads},
                              {"ssm_heads", l.ssm_heads}});
        Json j = {{"architecture", i.architecture},
                  {"model_type", i.model_type},
                  {"dir", i.dir.string()},
                  {"layers", i.num_layers},
                  {"hidden_size", i.hidden_size},
                  {"vocab_size", i.vocab_size},
                  {"attention_heads", i.num_heads},
                  {"kv_heads", i.num_kv_heads},
                  {"head_dim", i.head_dim},
                  {"max_positions", i.max_positions},
                  {"parameters", i.parameters},
                  {"weights_dtype", i.weights_dtype},
                  {"compute_dtype", i.compute_dtype},
                  {"device", i.device},
                  {"tokenizer", i.tokenizer_kind},
                  {"config_hash", i.config_hash},
                  {"sliding_window", i.sliding_window},
                  {"layer_kinds", layers}};
        std::cout << j.dump(2) << "\n";
        return kOk;
    }
    std::cout << "model:         " << i.dir.string() << "\n"
              << "architecture:  " << i.architecture << " (" << i.model_type << ")\n"
              << "layers:        " << i.num_layers << "\n"
              << "hidden size:   " << i.hidden_size << "\n"
              << "heads:         " << i.num_heads << " query, " << i.num_kv_heads << " key/value, head_dim "
              << i.head_dim << "\n"
              << "vocabulary:    " << i.vocab_size << "\n"
              << "context:       " << i.max_positions << " tokens";
    if (i.sliding_window > 0) std::cout << " (sliding window " << i.sliding_window << ")";
    std::cout << "\n"
              << "parameters:    " << i.parameters << " (" << (i.parameters / 1e6) << " M)\n"
              << "weights dtype: " << i.weights_dtype << "\n"
              << "compute:       " << i.compute_dtype << " on " << i.device << "\n"
              << "tokenizer:     " << i.tokenizer_kind
              << (i.tokenizer_kind == "none" ? " (token ids only; see --tokenizer)" : "") << "\n"
              << "config hash:   " << i.config_hash.substr(0, 16) << "\n";
    std::map<std::string, int> kinds;
    for (const auto& l : i.layers) kinds[l.kind]++;
    std::cout << "layer kinds:  ";
    for (auto& [k, n] : kinds) std::cout << " " << n << " x " << k;
    std::cout << "\n";
    if (remote) {  // the memory estimate and the CPU lines describe the server's machine, not this one
        std::cout << "server:        " << *a.get("server") << "\n";
        return kOk;
    }
    const MemoryEstimate m = estimate_memory(i.dir);
    std::cout << "memory:        about " << format_bytes(m.total()) << " for " << m.context << " tokens (weights "
              << format_bytes(m.weights) << ", KV cache and states " << format_bytes(m.cache) << ", activations "
              << format_bytes(m.activations) << ") in f32, about "
              << format_bytes(estimate_memory(i.dir, ComputeDType::BF16).total()) << " in bf16\n";
    const CpuRuntimeInfo cpu = cpu_runtime_info();
    std::cout << "CPU threads:   LibTorch " << cpu.torch_threads << ", OpenBLAS " << cpu.blas_threads
              << " (OMP_WAIT_POLICY " << (cpu.omp_wait_policy.empty() ? "unset" : cpu.omp_wait_policy) << ")\n";
    const std::string bf16 = cpu_bf16_features();
    std::cout << "CPU bf16:      "
              << (cpu_has_native_bf16() ? bf16 + " (--dtype bf16 computes with them)"
                                        : std::string("no bf16 instructions (--dtype bf16 is refused on this CPU)"))
              << "\n";
    return kOk;
}

}  // namespace gna::cli
