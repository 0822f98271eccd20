// The table of supported architectures. Add a line per architecture file.
#include "model/causal_lm.h"

#include "gna/error.h"
#include "model/llama.h"
#include "ssm/jamba.h"
#include "ssm/mamba.h"
#include "ssm/mamba2.h"
#include "ssm/recurrent_gemma.h"
#include "ssm/zamba2.h"

namespace gna {

const std::vector<ArchitectureEntry>& architecture_registry() {
    static const std::vector<ArchitectureEntry> table = {
        {"LlamaForCausalLM", "llama", &make_llama},
        {"MistralForCausalLM", "mistral", &make_llama},
        {"Qwen2ForCausalLM", "qwen2", &make_llama},
        {"MambaForCausalLM", "mamba", &make_mamba},
        {"FalconMambaForCausalLM", "falcon_mamba", &make_mamba},
        {"Mamba2ForCausalLM", "mamba2", &make_mamba2},
        {"JambaForCausalLM", "jamba", &make_jamba},
        {"Zamba2ForCausalLM", "zamba2", &make_zamba2},
        {"RecurrentGemmaForCausalLM", "recurrent_gemma", &make_recurrent_gemma},
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
    throw Error(
        cfg.file().string() + ": architecture \"" + (arch.empty() ? type : arch) +
        "\" is not supported. Supported: " + known +
        (arch.empty() && type.empty() ? ". config.json has neither \"architectures\" nor \"model_type\"." : ""));
}

}  // namespace gna
