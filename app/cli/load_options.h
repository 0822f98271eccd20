#pragma once
// The model-loading options the subcommands share: --device, --dtype, --threads, --no-memory-check.
#include <string>

#include "args.h"
#include "gna/model.h"

namespace gna::cli {

// LoadOptions from the command line; `default_dtype` when --dtype is not given. The tokenizer is left
// to the caller (an option or the experiment spec).
LoadOptions load_options(const Args& a, const std::string& default_dtype = "f32");

}  // namespace gna::cli
