#pragma once
#include "model/causal_lm.h"

namespace gna {
std::unique_ptr<CausalLM> make_llama(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt);
}
