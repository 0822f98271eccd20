#pragma once
// UTF-8 helpers shared by the tokenizers: validation, code point iteration, lossy repair.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace gna::tok {

// Byte offset of the first byte that starts an invalid sequence (overlong forms, surrogates,
// code points above U+10FFFF, truncated or stray continuation bytes), or nullopt when valid.
std::optional<std::size_t> first_invalid_utf8(std::string_view text);

// Throws gna::Error "<what>: text is not valid UTF-8 at byte N" when `text` is not valid UTF-8.
void require_utf8(std::string_view text, const std::string& what);

// Length in bytes of the (valid) UTF-8 sequence that starts with lead byte `c`.
inline std::size_t utf8_len(unsigned char c) {
    if (c < 0x80) return 1;
    if ((c >> 5) == 0x6) return 2;
    if ((c >> 4) == 0xE) return 3;
    if ((c >> 3) == 0x1E) return 4;
    return 1;
}

// Appends code point `cp` (assumed valid) as UTF-8.
void append_utf8(std::string& out, char32_t cp);

// Decodes the code point at `pos` of valid UTF-8 text and advances `pos`.
char32_t next_code_point(std::string_view text, std::size_t& pos);

// Replaces every invalid sequence by U+FFFD, like Rust's String::from_utf8_lossy.
std::string utf8_lossy(std::string_view bytes);

}  // namespace gna::tok
