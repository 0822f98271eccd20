#pragma once
// tokenizer.json "normalizer": every type of the Hugging Face tokenizers library: NFC, NFD, NFKC,
// NFKD, Lowercase, Strip, StripAccents, Replace, Prepend, BertNormalizer, Nmt, ByteLevel,
// Precompiled and Sequence of them.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gna/json.h"
#include "tokenizer/json_fields.h"
#include "tokenizer/precompiled_charsmap.h"
#include "tokenizer/regex.h"
#include "tokenizer/unicode_normalize.h"

namespace gna::tok {

class Normalizer {
public:
    Normalizer() = default;  // identity
    Normalizer(const Json& j, const JsonPlace& place);

    bool identity() const { return steps_.empty(); }
    // `text` must be valid UTF-8; the result is valid UTF-8.
    std::string apply(std::string_view text) const;

private:
    enum class Kind {
        Prepend,
        ReplaceString,
        ReplaceRegex,
        Strip,
        Lowercase,
        Unicode,
        StripAccents,
        Bert,
        Nmt,
        ByteLevel,
        Precompiled
    };
    struct Step {
        Kind kind;
        std::string a, b;  // Prepend: a; Replace: a -> b
        std::optional<Regex> re;
        bool left = false, right = false;  // Strip
        NormalForm form = NormalForm::NFC;  // Unicode
        // BertNormalizer
        bool clean_text = true, chinese = true, strip_accents = true, lowercase = true;
        std::shared_ptr<const PrecompiledCharsmap> charsmap;  // Precompiled
    };
    void add(const Json& j, const JsonPlace& place);
    std::vector<Step> steps_;
};

// Replaces every occurrence of `from` in `text` by `to`.
std::string replace_all(std::string_view text, std::string_view from, std::string_view to);
// Replaces every match of `re` by `to`.
std::string replace_all(std::string_view text, const Regex& re, std::string_view to);

// The single-character normalizers, exposed for tests and reuse.
std::string unicode_lowercase(std::string_view text);  // Lowercase
std::string strip_unicode_space(std::string_view text, bool left, bool right);  // Strip (White_Space)
std::string strip_marks(std::string_view text, bool nonspacing_only);  // StripAccents / Bert
std::string bert_clean(std::string_view text, bool clean_text, bool chinese);
std::string nmt_normalize(std::string_view text);

}  // namespace gna::tok
