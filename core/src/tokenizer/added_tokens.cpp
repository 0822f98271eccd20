#include "tokenizer/added_tokens.h"

#include "tokenizer/unicode_normalize.h"
#include "tokenizer/utf8.h"

namespace gna::tok {
namespace {

std::uint64_t edge(int node, unsigned char byte) { return (static_cast<std::uint64_t>(node) << 8) | byte; }

// The code point that ends at byte `end` (exclusive) of valid UTF-8 text.
char32_t code_point_before(std::string_view text, std::size_t end) {
    std::size_t s = end - 1;
    while (s > 0 && (static_cast<unsigned char>(text[s]) & 0xC0) == 0x80) --s;
    return next_code_point(text, s);
}

}  // namespace

AddedTokenMatcher::AddedTokenMatcher(std::vector<AddedToken> tokens) {
    terminal_.push_back(-1);  // the root
    for (auto& t : tokens) {
        if (t.content.empty()) continue;
        int node = 0;
        for (char c : t.content) {
            const auto b = static_cast<unsigned char>(c);
            auto [it, inserted] = children_.try_emplace(edge(node, b), static_cast<int>(terminal_.size()));
            if (inserted) terminal_.push_back(-1);
            node = it->second;
        }
        first_byte_[static_cast<unsigned char>(t.content[0])] = true;
        // The same content twice: the later entry wins, as a map keyed by content would.
        if (terminal_[node] >= 0)
            tokens_[terminal_[node]] = std::move(t);
        else {
            terminal_[node] = static_cast<int>(tokens_.size());
            tokens_.push_back(std::move(t));
        }
    }
}

int AddedTokenMatcher::longest_at(std::string_view text, std::size_t pos) const {
    int node = 0, found = -1;
    for (std::size_t i = pos; i < text.size(); ++i) {
        auto it = children_.find(edge(node, static_cast<unsigned char>(text[i])));
        if (it == children_.end()) break;
        node = it->second;
        if (terminal_[node] >= 0) found = terminal_[node];
    }
    return found;
}

std::vector<Segment> AddedTokenMatcher::split(std::string_view text) const {
    std::vector<Segment> out;
    if (tokens_.empty()) {
        out.push_back({text, 0, -1});
        return out;
    }
    std::size_t emitted = 0;  // end of what has been emitted
    std::size_t pos = 0;  // where the next search starts (just after the previous match)
    while (pos < text.size()) {
        // Leftmost-longest: the first position where any token starts, its longest token.
        int idx = -1;
        std::size_t start = pos;
        for (; start < text.size(); ++start) {
            if (!first_byte_[static_cast<unsigned char>(text[start])]) continue;
            if ((idx = longest_at(text, start)) >= 0) break;
        }
        if (idx < 0) break;
        const AddedToken& t = tokens_[idx];
        std::size_t stop = start + t.content.size();
        pos = stop;
        if (t.single_word) {
            const bool left_ok = start == 0 || !is_word_char(code_point_before(text, start));
            std::size_t p = stop;
            const bool right_ok = stop == text.size() || !is_word_char(next_code_point(text, p));
            if (!left_ok || !right_ok) continue;  // not a word on its own: left as text
        }
        if (t.lstrip) {
            std::size_t s = start;
            while (s > 0 && is_white_space(code_point_before(text, s))) {
                std::size_t q = s - 1;
                while (q > 0 && (static_cast<unsigned char>(text[q]) & 0xC0) == 0x80) --q;
                s = q;
            }
            start = std::max(s, emitted);
        }
        if (t.rstrip) {
            while (stop < text.size()) {
                std::size_t p = stop;
                if (!is_white_space(next_code_point(text, p))) break;
                stop = p;
            }
        }
        if (emitted < start) out.push_back({text.substr(emitted, start - emitted), emitted, -1});
        out.push_back({text.substr(start, stop - start), start, t.id});
        emitted = std::max(emitted, stop);
    }
    if (emitted < text.size()) out.push_back({text.substr(emitted), emitted, -1});
    return out;
}

}  // namespace gna::tok
