#pragma once
#include "model/causal_lm.h"

namespace gna {
std::unique_ptr<CausalLM> make_recurrent_gemma(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt);
}
