#pragma once
// Added tokens (tokenizer.json "added_tokens", tokenizer_config.json "added_tokens_decoder"),
// found in the text as the tokenizers library's AddedVocabulary does: leftmost-longest matches,
// left to right, never merged with their neighbours; single_word matches that touch a word
// character are dropped; lstrip / rstrip swallow the whitespace beside the token. A byte trie
// keeps matching fast with thousands of added tokens (Gemma has about 6,400).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace gna::tok {

struct AddedToken {
    int id = -1;
    std::string content;
    bool special = false;
    bool lstrip = false;  // swallows the whitespace on its left
    bool rstrip = false;  // swallows the whitespace on its right
    bool single_word = false;  // only matches when no word character (regex \w) touches it
    bool normalized = false;  // matched in the normalized text instead of the raw text
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
    // Splits `text` (valid UTF-8) into added tokens and the text between them; empty gaps are
    // dropped.
    std::vector<Segment> split(std::string_view text) const;

private:
    // The longest token that starts at `pos`, as an index into tokens_, or -1.
    int longest_at(std::string_view text, std::size_t pos) const;

    std::vector<AddedToken> tokens_;
    // Trie over token bytes: child of (node, byte) -> node; terminal node -> token index.
    std::unordered_map<std::uint64_t, int> children_;
    std::vector<int> terminal_;  // per node: token index or -1
    bool first_byte_[256] = {};
};

}  // namespace gna::tok
