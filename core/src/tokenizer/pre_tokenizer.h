#pragma once
// tokenizer.json "pre_tokenizer": splits normalized text into the words that BPE sees.
// Supported: ByteLevel (GPT-2 regex optional), Split (Regex or String, every behavior, invert),
// Metaspace, Digits, Whitespace, WhitespaceSplit and Sequence of them.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gna/json.h"
#include "tokenizer/json_fields.h"
#include "tokenizer/regex.h"

namespace gna::tok {

enum class SplitBehavior { Removed, Isolated, MergedWithPrevious, MergedWithNext, Contiguous };

// Splits `text` at the byte ranges `matches` (sorted, non-overlapping) the way Hugging Face's
// NormalizedString::split does. Returns [begin, end) ranges of the kept pieces, none empty.
std::vector<std::pair<std::size_t, std::size_t>> split_ranges(
    std::size_t text_size, const std::vector<std::pair<std::size_t, std::size_t>>& matches, SplitBehavior behavior,
    bool invert);

class PreTokenizer {
public:
    PreTokenizer() = default;  // the whole text is one word
    PreTokenizer(const Json& j, const JsonPlace& place);

    // Appends the words of `text` to `out`. `at_start` tells whether `text` begins the original
    // input (Metaspace prepend_scheme "first" prepends only there).
    void apply(std::string_view text, bool at_start, std::vector<std::string>& out) const;
    // True when a ByteLevel step maps the words to the GPT-2 byte alphabet.
    bool byte_level() const;

private:
    enum class Kind { ByteLevel, Split, Metaspace, Digits, Whitespace, WhitespaceSplit };
    struct Step {
        Kind kind;
        std::optional<Regex> re;  // Split (Regex), ByteLevel with use_regex, Whitespace
        std::string literal;  // Split (String pattern); Metaspace replacement
        SplitBehavior behavior = SplitBehavior::Isolated;
        bool invert = false;
        bool add_prefix_space = false;  // ByteLevel
        bool individual = false;  // Digits
        std::string prepend_scheme;  // Metaspace: "always", "first", "never"
        bool split = true;  // Metaspace
    };
    struct Piece {
        std::string text;
        bool at_start;
    };
    void add(const Json& j, const JsonPlace& place);
    static void run(const Step& step, std::vector<Piece>& pieces);
    std::vector<Step> steps_;
};

}  // namespace gna::tok
