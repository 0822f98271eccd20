#pragma once
// tokenizer.json "normalizer": Prepend, Replace, Strip, Lowercase and Sequence of them.
// NFC/NFKC/NFD/NFKD are accepted and left as identity (text is assumed already normalized).
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gna/json.h"
#include "tokenizer/json_fields.h"
#include "tokenizer/regex.h"

namespace gna::tok {

class Normalizer {
public:
    Normalizer() = default;  // identity
    Normalizer(const Json& j, const JsonPlace& place);

    bool identity() const { return steps_.empty(); }
    std::string apply(std::string_view text) const;

private:
    enum class Kind { Prepend, ReplaceString, ReplaceRegex, Strip, Lowercase };
    struct Step {
        Kind kind;
        std::string a, b;  // Prepend: a; Replace: a -> b
        std::optional<Regex> re;
        bool left = false, right = false;
    };
    void add(const Json& j, const JsonPlace& place);
    std::vector<Step> steps_;
};

// Replaces every occurrence of `from` in `text` by `to`.
std::string replace_all(std::string_view text, std::string_view from, std::string_view to);
// Replaces every match of `re` by `to`.
std::string replace_all(std::string_view text, const Regex& re, std::string_view to);

}  // namespace gna::tok
