#include "load_options.h"

namespace gna::cli {

LoadOptions load_options(const Args& a, const std::string& default_dtype) {
    LoadOptions opt;
    const std::string dev = a.get_or("device", "cpu"), dt = a.get_or("dtype", default_dtype);
    if (dev == "cuda") opt.device = Device::CUDA;
    else if (dev != "cpu") throw UsageError{"--device must be cpu or cuda"};
    if (dt == "bf16") opt.dtype = ComputeDType::BF16;
    else if (dt == "f16") opt.dtype = ComputeDType::F16;
    else if (dt != "f32") throw UsageError{"--dtype must be f32, bf16 or f16"};
    opt.threads = a.get_int("threads", 0);
    opt.check_memory = !a.flag("no-memory-check");
    return opt;
}

}  // namespace gna::cli
