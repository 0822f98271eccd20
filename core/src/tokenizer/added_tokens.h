#pragma once
// Added tokens (tokenizer.json "added_tokens", tokenizer_config.json "added_tokens_decoder"):
// found in the text before any normalization or BPE, longest match first, and never merged with
// their neighbours.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace gna::tok {

struct AddedToken {
    int id = -1;
    std::string content;
    bool special = false;
    bool lstrip = false;       // swallows the whitespace on its left
    bool rstrip = false;       // swallows the whitespace on its right
    bool single_word = false;  // only matches when not inside a word
    bool normalized = false;   // matched in the normalized text instead of the raw text
};

// One piece of text between added tokens, or one added token (token_id >= 0).
struct Segment {
    std::string_view text;
    std::size_t offset = 0;  // byte offset of `text` in the string that was split
    int token_id = -1;
};

class AddedTokenMatcher {
public:
    AddedTokenMatcher() = default;
    explicit AddedTokenMatcher(std::vector<AddedToken> tokens);

    bool empty() const { return tokens_.empty(); }
    // Leftmost-longest matching of the tokens in `text`; the text segments may be empty only when
    // the whole text is empty (empty gaps are dropped).
    std::vector<Segment> split(std::string_view text) const;

private:
    std::vector<AddedToken> tokens_;
    std::vector<std::vector<int>> by_first_byte_;  // 256 lists of token indices, longest first
};

}  // namespace gna::tok
