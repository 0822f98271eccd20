#pragma once
// head_ranking by attribution patching, optionally verified by exact ablation of the top K
// (gna/attribution.h, docs/attribution.md).
#include "experiments/experiment_setup.h"
#include "gna/attribution.h"

namespace gna {

struct RankingMethodSpec {
    RankingMethod method = RankingMethod::Exact;
    int verify_k = 0;  // heads verified exactly (attribution+verify); 0 = chosen from `top` and the heads
    int top = 16;  // heads the user asks for
    // Of `heads` ranked: verified_head_count (gna/attribution.h)
    std::size_t verified(std::size_t heads) const { return verified_head_count(top, verify_k, heads); }
};

// The spec's "method", "verify_k" and "top" (the one place that reads them). Throws gna::Error.
RankingMethodSpec ranking_method_of(const Json& spec);

// Runs head_ranking with an attribution method; `out` carries the paths and the result header.
ExperimentOutcome run_attribution_ranking(Model& model, const Json& spec, const ExperimentSetup& setup,
                                          const ExperimentOptions& opt, ExperimentOutcome out);

}  // namespace gna
