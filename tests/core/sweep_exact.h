#pragma once
// Batched sweeps against the same plans scored one at a time (header-only, torch-free).
#include <algorithm>
#include <cmath>
#include <vector>

#include "gna/model.h"

namespace gna::test {

// Largest difference between `req` swept as given (its batch size and prefix reuse) and every plan
// swept alone: one plan per request, one row per batch, every layer recomputed from the embedding.
// The issue asks for the same numbers, so callers compare this with 0, not with a tolerance.
inline double batched_vs_alone(Model& m, const SweepRequest& req) {
    const auto batched = m.sweep_continuations(req);
    double worst = 0;
    for (std::size_t p = 0; p < req.plans.size(); ++p) {
        SweepRequest one = req;
        one.plans = {req.plans[p]};
        one.max_batch_rows = 1;
        one.reuse_prefix = false;
        const auto alone = m.sweep_continuations(one)[0];
        for (std::size_t c = 0; c < alone.size(); ++c) worst = std::max(worst, std::fabs(alone[c] - batched[p][c]));
    }
    return worst;
}

}  // namespace gna::test
