#include "load_options.h"

namespace gna::cli {

ModelLoadOverrides load_overrides(const Args& a) {
    ModelLoadOverrides o;
    if (auto m = a.get("model")) o.path = *m;
    if (auto t = a.get("tokenizer")) o.tokenizer = *t;
    if (auto d = a.get("device")) {
        o.device = device_from_name(*d);
        if (!o.device) throw UsageError{"--device must be cpu or cuda"};
    }
    if (auto d = a.get("dtype")) {
        o.dtype = dtype_from_name(*d);
        if (!o.dtype) throw UsageError{"--dtype must be f32, bf16 or f16"};
    }
    if (a.get("threads")) o.threads = a.get_int("threads", 0);
    if (a.flag("no-memory-check")) o.check_memory = false;
    return o;
}

}  // namespace gna::cli
