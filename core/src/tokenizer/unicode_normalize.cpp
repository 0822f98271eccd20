// UAX #15 normalization: full decomposition (table + Hangul arithmetic), canonical ordering by
// combining class, canonical composition of primary composites with blocking.
#include "tokenizer/unicode_normalize.h"

#include <algorithm>
#include <vector>

#include "tokenizer/utf8.h"
#include "tokenizer/unicode_tables.inc"

namespace gna::tok {
namespace {

// Hangul syllable arithmetic (Unicode standard, section 3.12).
constexpr char32_t kSBase = 0xAC00, kLBase = 0x1100, kVBase = 0x1161, kTBase = 0x11A7;
constexpr char32_t kLCount = 19, kVCount = 21, kTCount = 28, kNCount = kVCount * kTCount, kSCount = kLCount * kNCount;

template <std::size_t N>
int range_value(const ucd::Range (&table)[N], char32_t cp) {
    auto it = std::upper_bound(std::begin(table), std::end(table), cp,
                               [](char32_t c, const ucd::Range& r) { return c < r.first; });
    if (it == std::begin(table)) return 0;
    --it;
    return cp <= it->last ? it->value : 0;
}

template <std::size_t N, std::size_t M>
bool append_decomposition(const ucd::Decomposition (&table)[N], const char32_t (&data)[M], char32_t cp,
                          std::vector<char32_t>& out) {
    auto it = std::lower_bound(std::begin(table), std::end(table), cp,
                               [](const ucd::Decomposition& d, char32_t c) { return d.cp < c; });
    if (it == std::end(table) || it->cp != cp) return false;
    out.insert(out.end(), data + it->offset, data + it->offset + it->length);
    return true;
}

void decompose(char32_t cp, bool compat, std::vector<char32_t>& out) {
    if (cp >= kSBase && cp < kSBase + kSCount) {
        const char32_t s = cp - kSBase;
        out.push_back(kLBase + s / kNCount);
        out.push_back(kVBase + (s % kNCount) / kTCount);
        if (s % kTCount != 0) out.push_back(kTBase + s % kTCount);
        return;
    }
    if (cp < 0xA0) {  // nothing below U+00A0 decomposes
        out.push_back(cp);
        return;
    }
    if (compat && append_decomposition(ucd::kCompatibility, ucd::kCompatibilityData, cp, out)) return;
    if (append_decomposition(ucd::kCanonical, ucd::kCanonicalData, cp, out)) return;
    out.push_back(cp);
}

// Stable sort of every run of non-starters by combining class.
void canonical_order(std::vector<char32_t>& cps) {
    std::size_t i = 0;
    while (i < cps.size()) {
        if (combining_class(cps[i]) == 0) {
            ++i;
            continue;
        }
        std::size_t e = i;
        while (e < cps.size() && combining_class(cps[e]) != 0) ++e;
        if (e - i > 1) {
            std::stable_sort(cps.begin() + static_cast<std::ptrdiff_t>(i), cps.begin() + static_cast<std::ptrdiff_t>(e),
                             [](char32_t a, char32_t b) { return combining_class(a) < combining_class(b); });
        }
        i = e;
    }
}

// The primary composite of (a, b), or 0.
char32_t compose_pair(char32_t a, char32_t b) {
    if (a >= kLBase && a < kLBase + kLCount && b >= kVBase && b < kVBase + kVCount) {
        return kSBase + ((a - kLBase) * kVCount + (b - kVBase)) * kTCount;
    }
    if (a >= kSBase && a < kSBase + kSCount && (a - kSBase) % kTCount == 0 && b > kTBase && b < kTBase + kTCount) {
        return a + (b - kTBase);
    }
    auto it = std::lower_bound(std::begin(ucd::kComposition), std::end(ucd::kComposition), std::pair{a, b},
                               [](const ucd::Composition& c, const std::pair<char32_t, char32_t>& k) {
                                   return c.first != k.first ? c.first < k.first : c.second < k.second;
                               });
    if (it != std::end(ucd::kComposition) && it->first == a && it->second == b) return it->composite;
    return 0;
}

// Canonical composition: a character combines with the last starter unless a character between
// them is a starter or has a combining class at least as high as its own (it is "blocked").
void compose(std::vector<char32_t>& cps) {
    if (cps.empty()) return;
    std::size_t starter = 0, kept = 1;
    int last_class = combining_class(cps[0]) == 0 ? 0 : 256;
    bool have_starter = last_class == 0;
    for (std::size_t i = 1; i < cps.size(); ++i) {
        const char32_t c = cps[i];
        const int cls = combining_class(c);
        if (have_starter && (last_class < cls || last_class == 0)) {
            if (const char32_t composite = compose_pair(cps[starter], c)) {
                cps[starter] = composite;
                continue;
            }
        }
        if (cls == 0) {
            starter = kept;
            have_starter = true;
        }
        last_class = cls;
        cps[kept++] = c;
    }
    cps.resize(kept);
}

}  // namespace

int combining_class(char32_t cp) { return cp < 0x300 ? 0 : range_value(ucd::kCombiningClass, cp); }
bool is_nonspacing_mark(char32_t cp) { return range_value(ucd::kCategoryClass, cp) == 1; }
bool is_mark(char32_t cp) {
    const int v = range_value(ucd::kCategoryClass, cp);
    return v == 1 || v == 2;
}
bool is_other(char32_t cp) { return range_value(ucd::kCategoryClass, cp) == 3; }
bool is_white_space(char32_t cp) { return range_value(ucd::kWhiteSpace, cp) != 0; }
bool is_word_char(char32_t cp) {
    if (cp < 0x80) return (cp >= '0' && cp <= '9') || (cp >= 'A' && cp <= 'Z') || (cp >= 'a' && cp <= 'z') || cp == '_';
    return range_value(ucd::kWord, cp) != 0;
}
const char* unicode_tables_version() { return ucd::kVersion; }

void append_lowercase(std::string& out, char32_t cp) {
    if (cp < 0x80) {
        out += static_cast<char>(cp >= 'A' && cp <= 'Z' ? cp + 32 : cp);
        return;
    }
    if (cp == 0x130) {  // the one unconditional multi-character lowercase (SpecialCasing.txt)
        out += 'i';
        append_utf8(out, 0x307);
        return;
    }
    auto it = std::lower_bound(std::begin(ucd::kLowercase), std::end(ucd::kLowercase), cp,
                               [](const ucd::Mapping& m, char32_t c) { return m.from < c; });
    append_utf8(out, it != std::end(ucd::kLowercase) && it->from == cp ? it->to : cp);
}

std::string unicode_normalize(std::string_view text, NormalForm form) {
    // ASCII is invariant under every normalization form.
    if (std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; })) {
        return std::string(text);
    }
    const bool compat = form == NormalForm::NFKC || form == NormalForm::NFKD;
    std::vector<char32_t> cps;
    cps.reserve(text.size());
    for (std::size_t pos = 0; pos < text.size();) decompose(next_code_point(text, pos), compat, cps);
    canonical_order(cps);
    if (form == NormalForm::NFC || form == NormalForm::NFKC) compose(cps);
    std::string out;
    out.reserve(text.size() + 8);
    for (char32_t c : cps) append_utf8(out, c);
    return out;
}

}  // namespace gna::tok
