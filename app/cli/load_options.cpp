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

Options load_option_rows(bool model, bool compute) {
    Options rows;
    if (model) rows.push_back({"model", "DIR", "the checkpoint folder (overrides the spec's \"model\")"});
    rows.push_back({"tokenizer", "DIR",
                    "tokenizer files from another folder, for checkpoints shipped without them (state-spaces/mamba-*: "
                    "EleutherAI/gpt-neox-20b's)"});
    if (!compute) return rows;
    rows.push_back({"device", "cpu|cuda", "where to compute (default cpu)"});
    rows.push_back({"dtype", "f32|bf16|f16", "the compute dtype (default f32)"});
    rows.push_back({"threads", "N", "LibTorch's and OpenBLAS's CPU threads (default: their own choice)"});
    rows.push_back({"no-memory-check", "", "load even when the estimated memory exceeds what is available"});
    return rows;
}

}  // namespace gna::cli
