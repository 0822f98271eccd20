// How many heads attribution+verify verifies, and what each head-ranking method is estimated to
// cost before it runs (gna/attribution.h; the arithmetic is explained in docs/attribution.md).
#include <algorithm>

#include "gna/attribution.h"
#include "gna/experiment_spec.h"
#include "gna/probe.h"

namespace gna {

std::size_t verified_head_count(int top, int verify_k, std::size_t heads) {
    if (verify_k > 0) return std::min(heads, static_cast<std::size_t>(verify_k));
    const std::size_t t = static_cast<std::size_t>(std::max(1, top));
    const std::size_t quarter = (heads + 3) / 4;
    return std::min(heads, std::min(3 * t, std::max(t, quarter)));
}

RankingCost ranking_cost(const ModelInfo& info, const std::vector<HeadRef>& heads, const RankingCostInput& in) {
    RankingCost c;
    c.heads = heads.size();
    const double L = std::max(1, info.num_layers);
    // An exact ablation of a head in layer l recomputes the layers from l on: (L - l) / L of a forward.
    double depth = 0;
    for (const HeadRef& h : heads) depth += (L - std::clamp<double>(h.layer, 0, L - 1)) / L;
    const double mean_depth = heads.empty() ? 0.0 : depth / static_cast<double>(heads.size());
    const std::size_t K = verified_head_count(in.top, in.verify_k, heads.size());
    const double prompts = static_cast<double>(in.prompts);
    c.exact.ablated = heads.size();
    c.exact.passes_per_prompt = 1.0 + depth;  // the baseline, then every head
    c.exact.passes = prompts * c.exact.passes_per_prompt;
    c.fast.ablated = K;
    // The gradient pass, then the baseline and the top K (their depth unknown before the estimate: the mean's)
    c.fast.passes_per_prompt = kAttributionPassCost + 1.0 + static_cast<double>(K) * mean_depth;
    c.fast.passes = prompts * c.fast.passes_per_prompt;
    if (in.tokens > 0) {
        const std::size_t per_token_layer =
            16 * sizeof(float) * static_cast<std::size_t>(std::max(1, info.hidden_size));
        const std::size_t rows = static_cast<std::size_t>(std::max(1, in.batch_rows));
        // The exact sweep holds one layer of its rows (plans) at a time; the gradient pass every layer
        // of its batch of prompts (attribution_batch_tokens), for the backward pass.
        c.exact.activation_bytes = std::min(rows, heads.size() + 1) * in.tokens * per_token_layer;
        const std::size_t batch_prompts = std::max<std::size_t>(
            1, std::min(std::max<std::size_t>(1, in.prompts), attribution_batch_tokens(info) / in.tokens));
        const std::size_t gradient =
            kGradientPassCopies * batch_prompts * in.tokens * static_cast<std::size_t>(L) * per_token_layer;
        c.fast.activation_bytes = std::max(gradient, std::min(rows, K + 1) * in.tokens * per_token_layer);
    }
    c.recommended = K < heads.size() && c.speedup() >= kFastRecommendedSpeedup ? RankingMethod::AttributionVerify
                                                                               : RankingMethod::Exact;
    return c;
}

RankingCostInput ranking_cost_input(const ExperimentSpec& spec) {
    RankingCostInput in;
    in.top = spec.top;
    in.verify_k = spec.verify_k;
    in.batch_rows = spec.batch_rows;
    in.prompts = 0;
    for (const TaskSpec& t : spec.tasks) {
        if (t.name != "kv_retrieval") {  // prompts the spec does not count (data files, limits): unknown
            in.prompts = in.tokens = 0;
            return in;
        }
        for (int size : t.kv.sizes) {
            in.prompts += static_cast<std::size_t>(std::max(0, t.kv.samples_per_size));
            in.tokens =
                std::max(in.tokens, kKvPromptTokens + kKvTokensPerPair * static_cast<std::size_t>(std::max(0, size)));
        }
    }
    return in;
}

RankingCost ranking_cost(const ModelInfo& info, const ExperimentSpec& spec) {
    std::vector<HeadRef> heads = spec.heads ? *spec.heads : every_head(info, HeadKind::Attention);
    if (heads.empty()) heads = every_head(info);
    return ranking_cost(info, heads, ranking_cost_input(spec));
}

}  // namespace gna
