#pragma once
// Attribution-guided head ranking (head_ranking "method": "attribution" | "attribution+verify"):
// torch-free helpers shared by the runner, the studio and the tests. The gradient pass itself is
// Model::attribute_heads (gna/model.h); the method is described in docs/attribution.md.
#include <string>
#include <vector>

namespace gna {

enum class RankingMethod { Exact, Attribution, AttributionVerify };

// "exact" | "attribution" | "attribution+verify"; throws gna::Error naming the accepted values.
RankingMethod parse_ranking_method(const std::string& text);
const char* to_string(RankingMethod method);

// Spearman's rank correlation of two equally long lists (ties get their average rank); 0 when a
// list has fewer than two values or no spread.
double spearman_correlation(const std::vector<double>& a, const std::vector<double>& b);

}  // namespace gna
