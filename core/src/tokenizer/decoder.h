#pragma once
// tokenizer.json "decoder": turns token strings back into text.
// Supported: ByteLevel, Metaspace, Replace, ByteFallback, Fuse, Strip and Sequence of them.
// A null decoder joins tokens with spaces, as Hugging Face tokenizers does.
#include <optional>
#include <string>
#include <vector>

#include "gna/json.h"
#include "tokenizer/json_fields.h"
#include "tokenizer/regex.h"

namespace gna::tok {

struct DecodeToken {
    std::string text;
    bool literal = false;  // added tokens: written out as is, never byte-mapped or replaced
};

class Decoder {
public:
    Decoder() = default;
    Decoder(const Json& j, const JsonPlace& place);

    // Full decode: leading-space strips apply and invalid UTF-8 becomes U+FFFD.
    std::string decode(std::vector<DecodeToken> tokens) const;
    // One token as raw bytes for labels: no strip of the leading space, no lossy repair.
    std::string token_bytes(const std::string& piece) const;
    bool byte_level() const;
    bool is_null() const { return null_; }

private:
    enum class Kind { ByteLevel, Metaspace, Replace, ByteFallback, Fuse, Strip };
    struct Step {
        Kind kind;
        std::string a, b;  // Replace: a -> b (a literal); Metaspace: a = replacement; Strip: a = content
        std::optional<Regex> re;
        int start = 0, stop = 0;  // Strip
        bool strip_first = false;  // Metaspace: prepend_scheme != never
    };
    void add(const Json& j, const JsonPlace& place);
    std::vector<DecodeToken> run(std::vector<DecodeToken> tokens, bool display) const;
    std::vector<Step> steps_;
    bool null_ = true;
};

}  // namespace gna::tok
