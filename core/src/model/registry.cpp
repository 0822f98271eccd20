// The table of supported architectures. Add a line per architecture file.
#include "model/causal_lm.h"

#include "gna/error.h"
#include "model/llama.h"

namespace gna {

const std::vector<ArchitectureEntry>& architecture_registry() {
    static const std::vector<ArchitectureEntry> table = {
        {"LlamaForCausalLM", "llama", &make_llama},
        {"MistralForCausalLM", "mistral", &make_llama},
        {"Qwen2ForCausalLM", "qwen2", &make_llama},
    };
    return table;
}

std::unique_ptr<CausalLM> make_causal_lm(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt) {
    const std::string arch = cfg.architecture();
    const std::string type = cfg.model_type();
    for (const auto& e : architecture_registry())
        if (arch == e.architecture) return e.factory(cfg, ckpt, opt);
    if (arch.empty())
        for (const auto& e : architecture_registry())
            if (type == e.model_type) return e.factory(cfg, ckpt, opt);
    std::string known;
    for (const auto& e : architecture_registry()) known += std::string(known.empty() ? "" : ", ") + e.architecture;
    throw Error(cfg.file().string() + ": architecture \"" + (arch.empty() ? type : arch) +
                "\" is not supported. Supported: " + known +
                (arch.empty() && type.empty() ? ". config.json has neither \"architectures\" nor \"model_type\"." : ""));
}

}  // namespace gna
