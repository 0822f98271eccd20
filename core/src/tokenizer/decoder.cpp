#include "tokenizer/decoder.h"

#include <algorithm>
#include <cstdlib>

#include "tokenizer/byte_level.h"
#include "tokenizer/normalizer.h"
#include "tokenizer/utf8.h"

namespace gna::tok {
namespace {

// "<0x41>" -> 0x41; nullopt for anything else.
std::optional<unsigned char> byte_token(const std::string& t) {
    if (t.size() != 6 || t.compare(0, 3, "<0x") != 0 || t[5] != '>') return std::nullopt;
    auto hex = [](char c) -> int {
        if (c >= '0' && c <= '9') return c - '0';
        if (c >= 'A' && c <= 'F') return c - 'A' + 10;
        if (c >= 'a' && c <= 'f') return c - 'a' + 10;
        return -1;
    };
    const int hi = hex(t[3]), lo = hex(t[4]);
    if (hi < 0 || lo < 0) return std::nullopt;
    return static_cast<unsigned char>(hi * 16 + lo);
}

}  // namespace

Decoder::Decoder(const Json& j, const JsonPlace& place) {
    if (j.is_null()) return;
    null_ = false;
    add(j, place);
}

void Decoder::add(const Json& j, const JsonPlace& place) {
    const std::string type = get_string(j, "type", place);
    Step s{};
    if (add_sequence(j, type, "decoders", place, [this](const Json& e, const JsonPlace& p) { add(e, p); })) return;
    if (type == "ByteLevel") {
        s.kind = Kind::ByteLevel;
    } else if (type == "Metaspace") {
        s.kind = Kind::Metaspace;
        s.a = get_optional_string(j, "replacement", place).value_or("\xE2\x96\x81");
        if (auto scheme = get_optional_string(j, "prepend_scheme", place))
            s.strip_first = *scheme != "never";
        else
            s.strip_first = get_bool(j, "add_prefix_space", true, place);
    } else if (type == "Replace") {
        s.kind = Kind::Replace;
        const Json& pattern = require_key(j, "pattern", place);
        s.b = get_string(j, "content", place);
        if (auto lit = get_optional_string(pattern, "String", place / "pattern")) {
            s.a = *lit;
        } else if (auto r = get_optional_string(pattern, "Regex", place / "pattern")) {
            s.re.emplace(*r, place.file + ": key \"" + place.key + ".pattern.Regex\"");
        } else {
            bad_value(place / "pattern", "must hold \"String\" or \"Regex\"");
        }
    } else if (type == "ByteFallback") {
        s.kind = Kind::ByteFallback;
    } else if (type == "Fuse") {
        s.kind = Kind::Fuse;
    } else if (type == "Strip") {
        s.kind = Kind::Strip;
        s.a = get_string(j, "content", place);
        s.start = static_cast<int>(get_int(j, "start", 0, place));
        s.stop = static_cast<int>(get_int(j, "stop", 0, place));
    } else {
        bad_value(place / "type",
                  "is \"" + type +
                      "\", which this loader does not support (supported: "
                      "ByteLevel, Metaspace, Replace, ByteFallback, Fuse, Strip, Sequence)");
    }
    steps_.push_back(std::move(s));
}

bool Decoder::byte_level() const {
    return std::any_of(steps_.begin(), steps_.end(), [](const Step& s) { return s.kind == Kind::ByteLevel; });
}

std::vector<DecodeToken> Decoder::run(std::vector<DecodeToken> tokens, bool display) const {
    for (const Step& s : steps_) {
        switch (s.kind) {
            case Kind::ByteLevel:
                for (auto& t : tokens) {
                    if (t.literal) continue;
                    if (auto bytes = byte_level_to_bytes(t.text)) t.text = std::move(*bytes);
                }
                break;
            case Kind::Replace:
                for (auto& t : tokens) {
                    if (!t.literal) t.text = s.re ? replace_all(t.text, *s.re, s.b) : replace_all(t.text, s.a, s.b);
                }
                break;
            case Kind::Metaspace:
                for (std::size_t i = 0; i < tokens.size(); ++i) {
                    auto& t = tokens[i];
                    if (t.literal) continue;
                    t.text = replace_all(t.text, s.a, " ");
                    // The first token loses the one space that the prepend added.
                    if (i == 0 && s.strip_first && !display && !t.text.empty() && t.text[0] == ' ') t.text.erase(0, 1);
                }
                break;
            case Kind::ByteFallback: {
                std::vector<DecodeToken> out;
                std::string run_bytes;
                auto flush = [&] {
                    if (run_bytes.empty()) return;
                    if (display || first_invalid_utf8(run_bytes) == std::nullopt) {
                        out.push_back({run_bytes, false});
                    } else {
                        for (std::size_t k = 0; k < run_bytes.size(); ++k) out.push_back({"\xEF\xBF\xBD", false});
                    }
                    run_bytes.clear();
                };
                for (auto& t : tokens) {
                    auto b = t.literal ? std::nullopt : byte_token(t.text);
                    if (b) {
                        run_bytes += static_cast<char>(*b);
                    } else {
                        flush();
                        out.push_back(std::move(t));
                    }
                }
                flush();
                tokens = std::move(out);
                break;
            }
            case Kind::Fuse: {
                DecodeToken fused;
                for (auto& t : tokens) fused.text += t.text;
                tokens = {std::move(fused)};
                break;
            }
            case Kind::Strip:
                if (display) break;
                for (auto& t : tokens) {
                    std::size_t b = 0, e = t.text.size();
                    for (int k = 0; k < s.start && t.text.compare(b, s.a.size(), s.a) == 0 && !s.a.empty(); ++k) {
                        b += s.a.size();
                    }
                    for (int k = 0; k < s.stop && e >= b + s.a.size() && !s.a.empty() &&
                         t.text.compare(e - s.a.size(), s.a.size(), s.a) == 0;
                         ++k) {
                        e -= s.a.size();
                    }
                    t.text = t.text.substr(b, e - b);
                }
                break;
        }
    }
    return tokens;
}

std::string Decoder::decode(std::vector<DecodeToken> tokens) const {
    std::string out;
    if (null_) {
        for (std::size_t i = 0; i < tokens.size(); ++i) {
            if (i) out += ' ';
            out += tokens[i].text;
        }
    } else {
        for (const auto& t : run(std::move(tokens), false)) out += t.text;
    }
    return utf8_lossy(out);
}

std::string Decoder::token_bytes(const std::string& piece) const {
    std::string out;
    for (const auto& t : run({{piece, false}}, true)) out += t.text;
    return out;
}

}  // namespace gna::tok
