#pragma once
// The model-loading flags the subcommands share: --device, --dtype, --threads, --no-memory-check, and
// --model and --tokenizer where a command takes them, as overrides of a gna::ModelLoadSpec
// (gna/load_spec.h, the one way every front door loads a model).
#include "args.h"
#include "gna/load_spec.h"

namespace gna::cli {

// The flags given; a bad --device or --dtype is a UsageError in the flags' words.
ModelLoadOverrides load_overrides(const Args& a);

}  // namespace gna::cli
