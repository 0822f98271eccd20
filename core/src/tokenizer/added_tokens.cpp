#include "tokenizer/added_tokens.h"

#include <algorithm>
#include <cctype>

namespace gna::tok {
namespace {

bool is_space(unsigned char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

// Approximates Unicode alphanumerics for single_word: ASCII letters and digits, '_' and every
// non-ASCII byte (letters of other scripts).
bool is_word_byte(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }

}  // namespace

AddedTokenMatcher::AddedTokenMatcher(std::vector<AddedToken> tokens) : by_first_byte_(256) {
    for (auto& t : tokens) {
        if (!t.content.empty()) tokens_.push_back(std::move(t));
    }
    for (int i = 0; i < static_cast<int>(tokens_.size()); ++i) {
        by_first_byte_[static_cast<unsigned char>(tokens_[i].content[0])].push_back(i);
    }
    for (auto& list : by_first_byte_) {
        std::stable_sort(list.begin(), list.end(), [&](int a, int b) {
            return tokens_[a].content.size() > tokens_[b].content.size();
        });
    }
}

std::vector<Segment> AddedTokenMatcher::split(std::string_view text) const {
    std::vector<Segment> out;
    if (tokens_.empty()) {
        out.push_back({text, 0, -1});
        return out;
    }
    std::size_t gap_begin = 0;  // start of the text not yet emitted
    std::size_t pos = 0;
    auto emit_gap = [&](std::size_t end) {
        if (end > gap_begin) out.push_back({text.substr(gap_begin, end - gap_begin), gap_begin, -1});
    };
    while (pos < text.size()) {
        const AddedToken* found = nullptr;
        for (int idx : by_first_byte_[static_cast<unsigned char>(text[pos])]) {
            const AddedToken& t = tokens_[idx];
            if (text.compare(pos, t.content.size(), t.content) != 0) continue;
            if (t.single_word) {
                const std::size_t end = pos + t.content.size();
                const bool left_ok = pos == 0 || !is_word_byte(static_cast<unsigned char>(text[pos - 1]));
                const bool right_ok = end >= text.size() || !is_word_byte(static_cast<unsigned char>(text[end]));
                if (!left_ok || !right_ok) continue;
            }
            found = &t;
            break;
        }
        if (!found) {
            ++pos;
            continue;
        }
        std::size_t gap_end = pos;
        if (found->lstrip) {
            while (gap_end > gap_begin && is_space(static_cast<unsigned char>(text[gap_end - 1]))) --gap_end;
        }
        emit_gap(gap_end);
        out.push_back({text.substr(pos, found->content.size()), pos, found->id});
        pos += found->content.size();
        if (found->rstrip) {
            while (pos < text.size() && is_space(static_cast<unsigned char>(text[pos]))) ++pos;
        }
        gap_begin = pos;
    }
    emit_gap(text.size());
    return out;
}

}  // namespace gna::tok
