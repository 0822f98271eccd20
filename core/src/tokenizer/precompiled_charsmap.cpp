#include "tokenizer/precompiled_charsmap.h"

#include <cstring>

#include "gna/error.h"
#include "tokenizer/unicode_normalize.h"
#include "tokenizer/utf8.h"

namespace gna::tok {
namespace {

// darts-clone unit fields.
bool has_leaf(std::uint32_t u) { return ((u >> 8) & 1) != 0; }
std::uint32_t value_of(std::uint32_t u) { return u & ((1u << 31) - 1); }
std::uint32_t label_of(std::uint32_t u) { return u & ((1u << 31) | 0xFF); }
std::uint32_t offset_of(std::uint32_t u) { return (u >> 10) << ((u & (1u << 9)) >> 6); }

bool is_hangul_l(char32_t c) { return c >= 0x1100 && c <= 0x115F; }
bool is_hangul_v(char32_t c) { return c >= 0x1160 && c <= 0x11A7; }
bool is_hangul_t(char32_t c) { return c >= 0x11A8 && c <= 0x11FF; }
bool is_syllable(char32_t c) { return c >= 0xAC00 && c <= 0xD7A3; }
bool is_lv(char32_t c) { return is_syllable(c) && (c - 0xAC00) % 28 == 0; }

// Whether `next` continues the grapheme cluster that ends with `prev`.
bool continues_cluster(char32_t prev, char32_t next) {
    if (prev == '\r') return next == '\n';
    if (prev == '\n') return false;
    if (next == 0x200D || is_mark(next)) return true;
    if (prev == 0x200D) return true;
    if (is_hangul_l(prev)) return is_hangul_l(next) || is_hangul_v(next) || is_syllable(next);
    if (is_hangul_v(prev) || is_lv(prev)) return is_hangul_v(next) || is_hangul_t(next);
    if (is_hangul_t(prev) || is_syllable(prev)) return is_hangul_t(next);
    return false;
}

}  // namespace

std::optional<std::string> base64_decode(std::string_view text) {
    auto value = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        if (c == '+') return 62;
        if (c == '/') return 63;
        return -1;
    };
    std::string out;
    out.reserve(text.size() / 4 * 3);
    std::uint32_t acc = 0;
    int bits = 0;
    for (char c : text) {
        if (c == '=') break;
        const int v = value(c);
        if (v < 0) return std::nullopt;
        acc = (acc << 6) | static_cast<std::uint32_t>(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out += static_cast<char>((acc >> bits) & 0xFF);
        }
    }
    return out;
}

PrecompiledCharsmap::PrecompiledCharsmap(std::string_view blob, const std::string& origin) {
    auto bad = [&](const std::string& what) {
        throw Error(origin + ": the precompiled charsmap " + what +
                    ". The tokenizer.json is damaged; download it again or convert it with Hugging Face tokenizers.");
    };
    if (blob.size() < 4) bad("is shorter than its 4-byte header");
    const auto b = [&](std::size_t i) { return static_cast<std::uint32_t>(static_cast<unsigned char>(blob[i])); };
    const std::uint32_t trie_bytes = b(0) | (b(1) << 8) | (b(2) << 16) | (b(3) << 24);
    if (trie_bytes % 4 != 0 || trie_bytes == 0 || trie_bytes > blob.size() - 4) {
        bad("declares a trie of " + std::to_string(trie_bytes) + " bytes, which does not fit its " +
            std::to_string(blob.size()) + " bytes");
    }
    units_.resize(trie_bytes / 4);
    for (std::size_t i = 0; i < units_.size(); ++i) {
        const std::size_t o = 4 + 4 * i;
        units_[i] = b(o) | (b(o + 1) << 8) | (b(o + 2) << 16) | (b(o + 3) << 24);
    }
    pool_ = std::string(blob.substr(4 + trie_bytes));
}

std::optional<std::string_view> PrecompiledCharsmap::transform(std::string_view chunk) const {
    if (units_.empty()) return std::nullopt;
    std::size_t node = offset_of(units_[0]);
    for (char ch : chunk) {
        const auto c = static_cast<unsigned char>(ch);
        if (c == 0) break;
        node ^= c;
        if (node >= units_.size()) return std::nullopt;
        const std::uint32_t unit = units_[node];
        if (label_of(unit) != c) return std::nullopt;
        node ^= offset_of(unit);
        if (node >= units_.size()) return std::nullopt;
        if (has_leaf(unit)) {
            const std::size_t at = value_of(units_[node]);
            if (at >= pool_.size()) return std::nullopt;
            const std::size_t end = pool_.find('\0', at);
            return std::string_view(pool_).substr(at, (end == std::string::npos ? pool_.size() : end) - at);
        }
    }
    return std::nullopt;
}

std::string PrecompiledCharsmap::normalize(std::string_view text) const {
    std::string out;
    out.reserve(text.size());
    std::size_t pos = 0;
    while (pos < text.size()) {
        // One grapheme cluster: [pos, end).
        std::size_t end = pos;
        char32_t prev = next_code_point(text, end);
        while (end < text.size()) {
            std::size_t probe = end;
            const char32_t next = next_code_point(text, probe);
            if (!continues_cluster(prev, next)) break;
            prev = next;
            end = probe;
        }
        const std::string_view cluster = text.substr(pos, end - pos);
        pos = end;
        if (cluster.size() < 6) {
            if (auto r = transform(cluster)) {
                out.append(*r);
                continue;
            }
        }
        for (std::size_t p = 0; p < cluster.size();) {
            const std::size_t len = utf8_len(static_cast<unsigned char>(cluster[p]));
            const std::string_view ch = cluster.substr(p, len);
            p += len;
            if (auto r = transform(ch))
                out.append(*r);
            else
                out.append(ch);
        }
    }
    return out;
}

}  // namespace gna::tok
