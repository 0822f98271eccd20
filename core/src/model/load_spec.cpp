#include "gna/load_spec.h"

#include "gna/error.h"
#include "gna/experiment_spec.h"

namespace gna {

ModelLoadSpec model_load_spec(const ExperimentSpec& spec) {
    ModelLoadSpec out;
    out.path = spec.model;
    out.tokenizer = spec.tokenizer;
    const std::optional<ComputeDType> dtype = dtype_from_name(spec.dtype);
    if (!dtype) throw Error("experiment spec: \"dtype\": '" + spec.dtype + "' is not one of f32, bf16, f16");
    out.dtype = *dtype;
    return out;
}

ModelLoadSpec with_overrides(ModelLoadSpec spec, const ModelLoadOverrides& o) {
    if (o.path) spec.path = *o.path;
    if (o.tokenizer) spec.tokenizer = *o.tokenizer;
    if (o.device) spec.device = *o.device;
    if (o.dtype) spec.dtype = *o.dtype;
    if (o.threads) spec.threads = *o.threads;
    if (o.check_memory) spec.check_memory = *o.check_memory;
    return spec;
}

LoadOptions load_options(const ModelLoadSpec& spec) {
    LoadOptions opt;
    opt.device = spec.device;
    opt.dtype = spec.dtype;
    opt.threads = spec.threads;
    opt.check_memory = spec.check_memory;
    opt.tokenizer = spec.tokenizer;
    return opt;
}

std::optional<Device> device_from_name(std::string_view name) {
    if (name == "cpu") return Device::CPU;
    if (name == "cuda") return Device::CUDA;
    return std::nullopt;
}

std::optional<ComputeDType> dtype_from_name(std::string_view name) {
    if (name == "f32") return ComputeDType::F32;
    if (name == "bf16") return ComputeDType::BF16;
    if (name == "f16") return ComputeDType::F16;
    return std::nullopt;
}

std::string device_name(Device device) { return device == Device::CUDA ? "cuda" : "cpu"; }

std::string dtype_name(ComputeDType dtype) {
    return dtype == ComputeDType::F32 ? "f32" : dtype == ComputeDType::BF16 ? "bf16" : "f16";
}

}  // namespace gna
