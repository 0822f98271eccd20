#pragma once
// Per-head scores of captured attention rows, one implementation each: the entropy and the
// largest weight of a row, and the Gather-and-Aggregate line pattern (each line end's attention on
// its own line; the final position's attention on the line ends). The studio's head board, the
// guided tour, the model cards and `gna run --scores` all use these.
#include <string>
#include <vector>

#include "gna/model.h"

namespace gna {

// One row of attention weights read as a distribution p: a softmax row as it is; a row that is not one
// (an SSM head's hidden attention: signed, not summing to 1) as p = |a| / sum |a| (magnitudes = true).
// Every row score and every title that states one uses this reading.
struct RowStats {
    double entropy_bits = 0.0;  // -sum p*log2(p) (zero weights contribute nothing)
    double max_weight = 0.0;    // the largest p
    int argmax = -1;            // its column (the first of equals); -1 for an empty row
    bool magnitudes = false;    // p = |a| / sum |a|
};
RowStats row_stats(const float* row, int cols);
double row_entropy_bits(const float* row, int cols);  // row_stats(...).entropy_bits
double row_max_weight(const float* row, int cols);    // row_stats(...).max_weight (0 for an empty row)

// The prompt positions whose token text contains a line break: the summary tokens of the lines
// ("key:value\n", "A. option\n").
std::vector<int> line_ends(const std::vector<std::string>& token_texts);
std::vector<int> line_ends(const Tokenizer& tokenizer, const std::vector<int>& tokens);

struct LinePattern {
    // Mean over line ends whose line has tokens of their own of the weight each line end puts on
    // its own line (the tokens after the previous line end, the line end itself excluded).
    double gather = 0.0;
    // The weight of the map's last row (the final position) on the line ends.
    double aggregate = 0.0;
};
// A line: its tokens [begin, summary) and its summary token (the line end).
struct LineSegment {
    int begin = 0;
    int summary = 0;
};
// `map` must hold the summary rows for the Gather score (missing rows and lines without tokens of
// their own are skipped) and the final position as its last row.
LinePattern segment_pattern(const AttentionMap& map, const std::vector<LineSegment>& lines);
// The lines of a prompt from its line ends: each starts after the previous line end.
LinePattern line_pattern(const AttentionMap& map, const std::vector<int>& line_ends);

}  // namespace gna
