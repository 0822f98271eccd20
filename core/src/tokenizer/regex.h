#pragma once
// A compiled PCRE2 pattern (UTF + Unicode properties), as the Split pre-tokenizer and the Replace
// normalizer use it. Thread-safe: each search gets its own match data.
#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gna::tok {

class Regex {
public:
    // Throws gna::Error naming `origin` (file and key) when the pattern does not compile.
    Regex(const std::string& pattern, const std::string& origin);

    // Non-overlapping, non-empty matches as [begin, end) byte ranges, left to right.
    // `text` must be valid UTF-8.
    std::vector<std::pair<std::size_t, std::size_t>> find_all(std::string_view text) const;

private:
    struct Code;
    std::shared_ptr<Code> code_;
};

}  // namespace gna::tok
