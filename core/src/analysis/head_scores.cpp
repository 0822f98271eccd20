#include "gna/head_scores.h"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

#include "gna/error.h"

namespace gna {

bool row_distribution(const float* row, int cols, std::vector<double>& p) {
    // A softmax row is a distribution as it is; a row that is not (signed, unnormalised hidden
    // attention of an SSM head) is read as the distribution of its magnitudes |a| / sum |a|.
    double sum = 0.0, abs_sum = 0.0;
    for (int c = 0; c < cols; ++c) {
        sum += row[c];
        abs_sum += std::abs(double(row[c]));
    }
    const bool magnitudes = !((abs_sum == sum && std::abs(sum - 1.0) <= 1e-3) || abs_sum == 0.0);
    const double scale = magnitudes ? 1.0 / abs_sum : 1.0;
    p.resize(static_cast<std::size_t>(std::max(cols, 0)));
    for (int c = 0; c < cols; ++c) p[static_cast<std::size_t>(c)] = std::abs(double(row[c])) * scale;
    return magnitudes;
}

RowStats row_stats(const float* row, int cols) {
    RowStats s;
    std::vector<double> p;
    s.magnitudes = row_distribution(row, cols, p);
    for (int c = 0; c < cols; ++c) {
        const double w = p[static_cast<std::size_t>(c)];
        if (w > 0.0) s.entropy_bits -= w * std::log2(w);
        if (s.argmax < 0 || w > s.max_weight) {
            s.max_weight = w;
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

bool in_token_pattern(TokenPattern pattern, const std::vector<int>& tokens, int q, int k) {
    const int n = static_cast<int>(tokens.size());
    if (q < 0 || q >= n || k < 0 || k > q) return false;
    const std::size_t uq = static_cast<std::size_t>(q);
    switch (pattern) {
        case TokenPattern::DuplicateToken:
            return k < q && tokens[static_cast<std::size_t>(k)] == tokens[uq];
        case TokenPattern::Induction:
            return k >= 1 && tokens[static_cast<std::size_t>(k - 1)] == tokens[uq];
    }
    return false;
}

double token_pattern_score(const AttentionMap& map, const std::vector<int>& tokens, TokenPattern pattern,
                           const TokenPatternOptions& options) {
    const int n = static_cast<int>(tokens.size());
    if (map.cols > n)
        throw Error("token-pattern score of " + map.head.name() + ": the map has " + std::to_string(map.cols) +
                    " key columns but the prompt only " + std::to_string(n) +
                    " tokens; score the map with its own prompt");
    if (map.weights.size() != map.rows.size() * static_cast<std::size_t>(std::max(map.cols, 0)))
        throw Error("token-pattern score of " + map.head.name() + ": the map's weights do not fill its rows x columns");
    double on = 0.0, total = 0.0;
    std::vector<double> p;
    for (std::size_t r = 0; r < map.rows.size(); ++r) {
        const int q = map.rows[r];
        if (q < 0 || q >= n)
            throw Error("token-pattern score of " + map.head.name() + ": row position " + std::to_string(q) +
                        " lies outside the prompt's " + std::to_string(n) + " tokens");
        row_distribution(map.weights.data() + r * static_cast<std::size_t>(map.cols), map.cols, p);
        for (int k = 0; k <= q && k < map.cols; ++k) {
            if ((options.exclude_bos && k == 0) || (options.exclude_current_token && k == q)) continue;
            const double w = p[static_cast<std::size_t>(k)];
            total += w;
            if (in_token_pattern(pattern, tokens, q, k)) on += w;
        }
    }
    return total > 0.0 ? on / total : 0.0;
}

bool has_repeated_token(const std::vector<int>& tokens) {
    std::vector<int> sorted = tokens;
    std::sort(sorted.begin(), sorted.end());
    return std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
}

std::vector<int> repeated_random_tokens(const Tokenizer& tokenizer, int length, int repeats, unsigned seed) {
    if (length < 1 || repeats < 1)
        throw Error("repeated random tokens: the length (" + std::to_string(length) + ") and the number of repeats (" +
                    std::to_string(repeats) + ") must be at least 1");
    std::vector<int> ordinary;
    for (int id = 0; id < tokenizer.vocab_size(); ++id)
        if (!tokenizer.is_special(id)) ordinary.push_back(id);
    if (ordinary.empty()) throw Error("repeated random tokens: the tokenizer has no ordinary tokens to draw from");
    std::mt19937 rng(seed);
    std::uniform_int_distribution<std::size_t> pick(0, ordinary.size() - 1);
    std::vector<int> once;
    for (int i = 0; i < length; ++i) once.push_back(ordinary[pick(rng)]);
    std::vector<int> out;
    if (const auto bos = tokenizer.bos_id()) out.push_back(*bos);
    for (int r = 0; r < repeats; ++r) out.insert(out.end(), once.begin(), once.end());
    return out;
}

}  // namespace gna
