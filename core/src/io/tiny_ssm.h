#pragma once
// Tiny random checkpoints of the state-space and hybrid architectures (exact Hugging Face names,
// shapes and config keys), used by write_tiny_model.
#include <string>
#include <vector>

#include "gna/json.h"
#include "gna/safetensors.h"
#include "gna/tiny_model.h"

namespace gna {

bool is_tiny_ssm_arch(const std::string& arch);
// Appends the tensors to `out`; returns config.json.
Json tiny_ssm_model(const TinyModelSpec& spec, int vocab, int bos, int eos, SeededNormal& rng,
                    std::vector<TensorToWrite>& out);
// JSON as Python's json.dumps writes it: non-finite numbers as bare Infinity / -Infinity / NaN.
std::string python_json_dump(const Json& j, int indent = 2);

}  // namespace gna
