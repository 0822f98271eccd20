#include "gna/head_scores.h"

#include <algorithm>
#include <cmath>

namespace gna {

RowStats row_stats(const float* row, int cols) {
    // A softmax row is a distribution as it is; a row that is not (signed, unnormalised hidden
    // attention of an SSM head) is read as the distribution of its magnitudes |a| / sum |a|.
    RowStats s;
    double sum = 0.0, abs_sum = 0.0;
    for (int c = 0; c < cols; ++c) {
        sum += row[c];
        abs_sum += std::abs(double(row[c]));
    }
    s.magnitudes = !((abs_sum == sum && std::abs(sum - 1.0) <= 1e-3) || abs_sum == 0.0);
    const double scale = s.magnitudes ? 1.0 / abs_sum : 1.0;
    for (int c = 0; c < cols; ++c) {
        const double p = std::abs(double(row[c])) * scale;
        if (p > 0.0) s.entropy_bits -= p * std::log2(p);
        if (s.argmax < 0 || p > s.max_weight) {
            s.max_weight = p;
            s.argmax = c;
        }
    }
    return s;
}

double row_entropy_bits(const float* row, int cols) { return row_stats(row, cols).entropy_bits; }
double row_max_weight(const float* row, int cols) { return row_stats(row, cols).max_weight; }

std::vector<int> line_ends(const std::vector<std::string>& token_texts) {
    std::vector<int> out;
    for (std::size_t i = 0; i < token_texts.size(); ++i)
        if (token_texts[i].find('\n') != std::string::npos) out.push_back(static_cast<int>(i));
    return out;
}

std::vector<int> line_ends(const Tokenizer& tokenizer, const std::vector<int>& tokens) {
    std::vector<std::string> texts;
    texts.reserve(tokens.size());
    for (int id : tokens) texts.push_back(tokenizer.decode({id}));
    return line_ends(texts);
}

LinePattern segment_pattern(const AttentionMap& map, const std::vector<LineSegment>& lines) {
    LinePattern s;
    if (map.rows.empty() || map.cols <= 0) return s;
    auto rowOf = [&](int pos) -> int {
        const auto it = std::find(map.rows.begin(), map.rows.end(), pos);
        return it == map.rows.end() ? -1 : static_cast<int>(it - map.rows.begin());
    };
    const std::size_t last = map.rows.size() - 1;
    int n = 0;
    for (const LineSegment& l : lines) {
        if (l.summary >= 0 && l.summary < map.cols) s.aggregate += map.at(last, static_cast<std::size_t>(l.summary));
        const int row = rowOf(l.summary);
        if (row < 0 || l.begin >= l.summary) continue;
        double w = 0.0;
        for (int c = std::max(l.begin, 0); c < l.summary && c < map.cols; ++c)
            w += map.at(static_cast<std::size_t>(row), static_cast<std::size_t>(c));
        s.gather += w;
        ++n;
    }
    if (n > 0) s.gather /= n;
    return s;
}

LinePattern line_pattern(const AttentionMap& map, const std::vector<int>& ends) {
    std::vector<LineSegment> lines;
    int previous = -1;
    for (int e : ends) {
        lines.push_back({previous + 1, e});
        previous = e;
    }
    return segment_pattern(map, lines);
}

}  // namespace gna
