#pragma once
// One way to say how a checkpoint is loaded. Every front door describes a load as a ModelLoadSpec:
// the model section of an experiment spec ("model", "tokenizer", "dtype"), the command line's flags
// (--model, --tokenizer, --device, --dtype, --threads, --no-memory-check, as overrides of the spec)
// and the studio's Open model dialog and Run ▸ Device menu (app/studio/session.h); load_options()
// turns it into the core's LoadOptions. Torch-free.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "gna/model.h"

namespace gna {

struct ExperimentSpec;

struct ModelLoadSpec {
    std::filesystem::path path;  // the checkpoint folder
    std::filesystem::path tokenizer;  // tokenizer files from this folder; empty = the checkpoint's own
    Device device = Device::CPU;
    ComputeDType dtype = ComputeDType::F32;
    int threads = 0;  // LibTorch and OpenBLAS threads; 0 = their default
    bool check_memory = true;  // refuse a CPU load that does not fit (LoadOptions::check_memory)
};

// What a front door sets over a spec (command-line flags, the studio's choices): each given field
// replaces the spec's.
struct ModelLoadOverrides {
    std::optional<std::filesystem::path> path, tokenizer;
    std::optional<Device> device;
    std::optional<ComputeDType> dtype;
    std::optional<int> threads;
    std::optional<bool> check_memory;
};

// The model section of an experiment spec: "model", "tokenizer" and "dtype" (the CPU otherwise).
ModelLoadSpec model_load_spec(const ExperimentSpec& spec);
ModelLoadSpec with_overrides(ModelLoadSpec spec, const ModelLoadOverrides& overrides);
// The LoadOptions of a spec; progress and cancel are left to the caller.
LoadOptions load_options(const ModelLoadSpec& spec);

// "cpu" / "cuda" and "f32" / "bf16" / "f16" (the names of specs, flags and ModelInfo); nullopt for another name.
std::optional<Device> device_from_name(std::string_view name);
std::optional<ComputeDType> dtype_from_name(std::string_view name);
std::string device_name(Device device);
std::string dtype_name(ComputeDType dtype);

}  // namespace gna
