#pragma once
// Per-head scores of captured attention rows, one implementation each: the entropy and the
// largest weight of a row, and the Gather-and-Aggregate line pattern (each line end's attention on
// its own line; the final position's attention on the line ends). The studio's head board, the
// guided tour, the model cards and `gna run --scores` all use these.
#include <string>
#include <vector>

#include "gna/model.h"

namespace gna {

// -sum a*log2(a) over a row of attention weights (bits; zero weights contribute nothing). A row that is
// not a distribution (an SSM head's hidden attention: signed, not summing to 1) is read as |a| / sum |a|.
double row_entropy_bits(const float* row, int cols);
// The largest weight of the row (0 for an empty row).
double row_max_weight(const float* row, int cols);

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
