#pragma once
// Unicode normalization forms (UAX #15) and the character properties that the tokenizer
// normalizers need, from tables generated out of the Unicode Character Database
// (tools/unicode/gen_unicode_tables.py writes unicode_tables.inc).
#include <string>
#include <string_view>

namespace gna::tok {

enum class NormalForm { NFC, NFD, NFKC, NFKD };

// `text` (valid UTF-8) in the normal form `form`.
std::string unicode_normalize(std::string_view text, NormalForm form);

// Per-code-point properties.
int combining_class(char32_t cp);  // canonical combining class (0 for starters)
bool is_nonspacing_mark(char32_t cp);  // general category Mn
bool is_mark(char32_t cp);  // general category M (Mn, Mc, Me)
bool is_other(char32_t cp);  // general category C (Cc, Cf, Co, Cs, Cn)
bool is_white_space(char32_t cp);  // the White_Space property
bool is_word_char(char32_t cp);  // regex \w: Alphabetic, marks, Nd, Pc, Join_Control
// Lowercase as Rust's char::to_lowercase: the simple mapping, and U+0130 -> "i" U+0307.
void append_lowercase(std::string& out, char32_t cp);
// The Unicode version of the tables.
const char* unicode_tables_version();

}  // namespace gna::tok
