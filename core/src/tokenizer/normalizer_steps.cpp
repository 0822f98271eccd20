// The character-level normalizers of the tokenizers library: Lowercase, Strip, StripAccents,
// BertNormalizer's cleaning and CJK spacing, Nmt.
#include "tokenizer/normalizer.h"
#include "tokenizer/utf8.h"

namespace gna::tok {
namespace {

// BertNormalizer's CJK Unified Ideographs blocks.
bool is_chinese_char(char32_t c) {
    return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x20000 && c <= 0x2A6DF) ||
        (c >= 0x2A700 && c <= 0x2B73F) || (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B920 && c <= 0x2CEAF) ||
        (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

template <typename F>
std::string map_chars(std::string_view text, F f) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t pos = 0; pos < text.size();) f(next_code_point(text, pos), out);
    return out;
}

}  // namespace

std::string unicode_lowercase(std::string_view text) {
    return map_chars(text, [](char32_t c, std::string& out) { append_lowercase(out, c); });
}

std::string strip_unicode_space(std::string_view text, bool left, bool right) {
    std::size_t b = 0, e = text.size();
    if (left) {
        while (b < e) {
            std::size_t p = b;
            if (!is_white_space(next_code_point(text, p))) break;
            b = p;
        }
    }
    if (right) {
        while (e > b) {
            std::size_t s = e - 1;
            while (s > b && (static_cast<unsigned char>(text[s]) & 0xC0) == 0x80) --s;
            std::size_t p = s;
            if (!is_white_space(next_code_point(text, p))) break;
            e = s;
        }
    }
    return std::string(text.substr(b, e - b));
}

std::string strip_marks(std::string_view text, bool nonspacing_only) {
    return map_chars(text, [&](char32_t c, std::string& out) {
        if (nonspacing_only ? is_nonspacing_mark(c) : is_mark(c)) return;
        append_utf8(out, c);
    });
}

std::string bert_clean(std::string_view text, bool clean_text, bool chinese) {
    return map_chars(text, [&](char32_t c, std::string& out) {
        if (clean_text) {
            const bool space = c == '\t' || c == '\n' || c == '\r' || is_white_space(c);
            if (space) {
                out += ' ';
                return;
            }
            if (c == 0 || c == 0xFFFD || is_other(c)) return;
        }
        if (chinese && is_chinese_char(c)) {
            out += ' ';
            append_utf8(out, c);
            out += ' ';
            return;
        }
        append_utf8(out, c);
    });
}

std::string nmt_normalize(std::string_view text) {
    return map_chars(text, [](char32_t c, std::string& out) {
        if ((c >= 0x1 && c <= 0x8) || c == 0xB || (c >= 0xE && c <= 0x1F) || c == 0x7F || c == 0x8F || c == 0x9F) {
            return;  // control characters are removed
        }
        const bool space = c == 0x9 || c == 0xA || c == 0xC || c == 0xD || c == 0x1680 ||
            (c >= 0x200B && c <= 0x200F) || c == 0x2028 || c == 0x2029 || c == 0x2581 || c == 0xFEFF || c == 0xFFFD;
        if (space)
            out += ' ';
        else
            append_utf8(out, c);
    });
}

}  // namespace gna::tok
