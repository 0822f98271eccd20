#pragma once
// Attribution-guided head ranking (head_ranking "method": "attribution" | "attribution+verify"):
// torch-free helpers shared by the runner, the studio and the tests. The gradient pass itself is
// Model::attribute_heads (gna/model.h); the method is described in docs/attribution.md.
#include <cstddef>
#include <string>
#include <vector>

#include "gna/model.h"

namespace gna {

struct ExperimentSpec;

enum class RankingMethod { Exact, Attribution, AttributionVerify };

// "exact" | "attribution" | "attribution+verify"; throws gna::Error naming the accepted values.
RankingMethod parse_ranking_method(const std::string& text);
const char* to_string(RankingMethod method);

// Spearman's rank correlation of two equally long lists (ties get their average rank); 0 when a
// list has fewer than two values or no spread.
double spearman_correlation(const std::vector<double>& a, const std::vector<double>& b);

// A gradient pass of attribution patching keeps its batch's activations for the backward pass:
// (prompts x longest sequence) tokens. Consecutive prompts share a pass while that stays within
// kAttributionBatchBytes, at an estimated 16 floats of hidden width per token and layer (the
// layer's inputs, MLP and attention tensors); a longer prompt runs alone.
inline constexpr std::size_t kAttributionBatchBytes = std::size_t(2) << 30;
std::size_t attribution_batch_tokens(const ModelInfo& info);

// Splits consecutive sequences of `lengths` (tokens) into batches whose rows x longest length is at
// most `budget` (a longer sequence alone); returns each batch's end: batch k is [end[k-1], end[k]).
std::vector<std::size_t> batch_ends(const std::vector<std::size_t>& lengths, std::size_t budget);
// The gradient passes of `requests` on `info`'s model: batch_ends of their fed lengths (prompt +
// continuation but its last token) within attribution_batch_tokens.
std::vector<std::size_t> attribution_batch_ends(const std::vector<AttributionRequest>& requests, const ModelInfo& info);

// The heads attribution+verify measures exactly: `verify_k` when it is set, else
// min(3 x top, max(top, ceil(heads / 4))): three times the heads wanted as a margin for the
// estimate's errors, but no more than a quarter of the heads unless `top` alone asks for more (a
// verification of most heads costs what the exact method does, after the gradient pass). At most
// `heads`. docs/attribution.md, "How many heads are verified".
std::size_t verified_head_count(int top, int verify_k, std::size_t heads);

// What the two head-ranking methods are estimated to cost before either runs (docs/attribution.md,
// "Choosing a method"). Counted, not measured: forward-pass equivalents per prompt (an ablation of a
// head in layer l recomputes (L - l) / L of a forward; the gradient pass is a forward and a backward
// at twice a forward) and the activations held at once (16 floats of hidden width per token and
// layer, as attribution_batch_tokens counts them; the gradient pass twice its activations: they and
// their gradients during the backward pass), beyond the weights.
struct RankingCostInput {
    std::size_t prompts = 1;  // prompts the ranking runs (0: unknown, passes per prompt only)
    std::size_t tokens = 0;  // the longest prompt with its answer (0: unknown, no memory estimate)
    int top = 16, verify_k = 0;  // the spec's
    int batch_rows = 64;  // intervention plans per forward of the exact sweep
};
struct MethodCost {
    double passes_per_prompt = 0;  // forward-pass equivalents for one prompt
    double passes = 0;  // over every prompt
    std::size_t ablated = 0;  // heads measured by exact ablation
    std::size_t activation_bytes = 0;  // held at once (0: the prompt length is unknown)
};
struct RankingCost {
    std::size_t heads = 0;  // ranked
    MethodCost exact, fast;  // fast: attribution+verify
    // Fast when it needs at most half the passes of exact (the estimate is rough, it holds more
    // memory and ranks the unverified heads by estimate only); else exact.
    RankingMethod recommended = RankingMethod::Exact;
    double speedup() const {
        return fast.passes_per_prompt > 0 ? exact.passes_per_prompt / fast.passes_per_prompt : 0.0;
    }
};
inline constexpr double kAttributionPassCost = 3.0;  // forward + backward, in forwards
inline constexpr double kFastRecommendedSpeedup = 2.0;
inline constexpr std::size_t kGradientPassCopies = 2;  // a gradient pass's activations and their gradients
RankingCost ranking_cost(const ModelInfo& info, const std::vector<HeadRef>& heads, const RankingCostInput& in);

// The prompts a head_ranking spec runs and its longest prompt in tokens, estimated without a
// tokenizer: KV-retrieval from its sizes (kKvPromptTokens + kKvTokensPerPair per pair); the other
// tasks' prompts are counted as unknown (prompts 0, tokens 0). top, verify_k and batch_rows: the spec's.
inline constexpr std::size_t kKvPromptTokens = 16, kKvTokensPerPair = 5;
RankingCostInput ranking_cost_input(const ExperimentSpec& spec);
// Both of the above for a head_ranking spec on `info`'s model: the spec's heads, else every attention
// head (what exact ranks; the attribution methods rank a hybrid's SSM heads too), else every head.
RankingCost ranking_cost(const ModelInfo& info, const ExperimentSpec& spec);

}  // namespace gna
