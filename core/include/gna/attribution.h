#pragma once
// Attribution-guided head ranking (head_ranking "method": "attribution" | "attribution+verify"):
// torch-free helpers shared by the runner, the studio and the tests. The gradient pass itself is
// Model::attribute_heads (gna/model.h); the method is described in docs/attribution.md.
#include <cstddef>
#include <string>
#include <vector>

#include "gna/model.h"

namespace gna {

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

}  // namespace gna
