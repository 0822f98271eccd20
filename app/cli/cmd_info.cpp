#include <iostream>

#include "args.h"
#include "gna/cpu_runtime.h"
#include "gna/json.h"
#include "gna/memory_estimate.h"
#include "gna/model.h"

namespace gna::cli {

int cmd_info(const std::vector<std::string>& argv) {
    Args a(argv, {"json"}, {});
    if (a.help() || a.positionals().size() != 1) {
        std::cout << "usage: gna info MODEL_DIR [--json]\n"
                     "Loads the checkpoint and prints its architecture, layers and their kinds, heads, weights dtype,\n"
                     "parameter count, tokenizer, estimated memory and CPU threads.\n";
        return a.help() ? kOk : kUsage;
    }
    auto model = Model::load(a.positionals()[0]);
    const ModelInfo& i = model->info();
    if (a.flag("json")) {
        Json layers = Json::array();
        for (const auto& l : i.layers)
            layers.push_back({{"index", l.index}, {"kind", l.kind}, {"attention_heads", l.attention_heads},
                              {"kv_heads", l.kv_heads}, {"ssm_heads", l.ssm_heads}});
        Json j = {{"architecture", i.architecture}, {"model_type", i.model_type}, {"dir", i.dir.string()},
                  {"layers", i.num_layers}, {"hidden_size", i.hidden_size}, {"vocab_size", i.vocab_size},
                  {"attention_heads", i.num_heads}, {"kv_heads", i.num_kv_heads}, {"head_dim", i.head_dim},
                  {"max_positions", i.max_positions}, {"parameters", i.parameters},
                  {"weights_dtype", i.weights_dtype}, {"compute_dtype", i.compute_dtype}, {"device", i.device},
                  {"tokenizer", i.tokenizer_kind}, {"config_hash", i.config_hash}, {"sliding_window", i.sliding_window},
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
              << "tokenizer:     " << i.tokenizer_kind << "\n"
              << "config hash:   " << i.config_hash.substr(0, 16) << "\n";
    std::map<std::string, int> kinds;
    for (const auto& l : i.layers) kinds[l.kind]++;
    std::cout << "layer kinds:  ";
    for (auto& [k, n] : kinds) std::cout << " " << n << " x " << k;
    std::cout << "\n";
    const MemoryEstimate m = estimate_memory(i.dir);
    std::cout << "memory:        about " << format_bytes(m.total()) << " for " << m.context << " tokens (weights "
              << format_bytes(m.weights) << ", KV cache and states " << format_bytes(m.cache) << ", activations "
              << format_bytes(m.activations) << ")\n";
    const CpuRuntimeInfo cpu = cpu_runtime_info();
    std::cout << "CPU threads:   LibTorch " << cpu.torch_threads << ", OpenBLAS " << cpu.blas_threads
              << " (OMP_WAIT_POLICY " << (cpu.omp_wait_policy.empty() ? "unset" : cpu.omp_wait_policy) << ")\n";
    return kOk;
}

}  // namespace gna::cli
