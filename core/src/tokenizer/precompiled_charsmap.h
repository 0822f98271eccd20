#pragma once
// SentencePiece's precompiled normalization rules ("precompiled_charsmap" of a Precompiled
// normalizer in tokenizer.json, base64): a darts-clone double-array trie over UTF-8 byte strings
// whose values are offsets into a pool of NUL-terminated replacement strings.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gna::tok {

class PrecompiledCharsmap {
public:
    PrecompiledCharsmap() = default;
    // `blob`: the decoded bytes (u32 little-endian trie size in bytes, the trie's u32 units, the
    // string pool). Throws gna::Error naming `origin` when the blob is malformed.
    PrecompiledCharsmap(std::string_view blob, const std::string& origin);

    // The replacement of the shortest key that is a prefix of `chunk`, as Hugging Face
    // tokenizers' spm_precompiled does; nullopt when no key is a prefix.
    std::optional<std::string_view> transform(std::string_view chunk) const;
    // Applies the rules the way the tokenizers library does: per grapheme cluster (shorter than
    // 6 bytes) first, else per character. Grapheme clusters are approximated as a character with
    // its following combining marks, ZWJ sequences, CR LF and Hangul jamo sequences.
    std::string normalize(std::string_view text) const;

private:
    std::vector<std::uint32_t> units_;
    std::string pool_;
};

// Decodes standard base64 (with or without padding); nullopt on a character outside the alphabet.
std::optional<std::string> base64_decode(std::string_view text);

}  // namespace gna::tok
