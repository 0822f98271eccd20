#pragma once
// The model-loading flags the subcommands share: --device, --dtype, --threads, --no-memory-check, and
// --model and --tokenizer where a command takes them, as overrides of a gna::ModelLoadSpec
// (gna/load_spec.h, the one way every front door loads a model).
#include "args.h"
#include "gna/load_spec.h"

namespace gna::cli {

// The flags given; a bad --device or --dtype is a UsageError in the flags' words.
ModelLoadOverrides load_overrides(const Args& a);

// Their rows for a command's option table: --model (when `model`), --tokenizer, and with `compute`
// --device, --dtype, --threads and --no-memory-check.
Options load_option_rows(bool model, bool compute);

}  // namespace gna::cli
