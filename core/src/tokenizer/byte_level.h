#pragma once
// GPT-2's bytes_to_unicode: every byte gets a printable code point so that byte-level BPE
// vocabularies are plain text ("Ġ" is the space byte 0x20, "Ċ" the newline 0x0A).
#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace gna::tok {

// The 256 bytes in bytes_to_unicode's dictionary order: printable ranges first
// ('!'..'~', '¡'..'¬', '®'..'ÿ'), then the remaining bytes mapped to U+0100 and up.
// GPT-2 and our trainer give vocabulary ids 0..255 in this order.
const std::array<unsigned char, 256>& byte_level_order();

// The UTF-8 text of the character standing for byte `b`.
const std::string& byte_to_char(unsigned char b);

// Maps raw bytes to their byte-level text ("hi there" -> "hiĠthere").
std::string bytes_to_byte_level(std::string_view bytes);

// Maps byte-level text back to raw bytes; nullopt when a character is not in the mapping.
std::optional<std::string> byte_level_to_bytes(std::string_view text);

// The GPT-2 pre-tokenizer pattern used by ByteLevel(use_regex = true).
inline constexpr const char* kGpt2Pattern =
    R"('s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+)";

// The Llama-3 pre-tokenizer pattern (Split, behavior Isolated).
inline constexpr const char* kLlama3Pattern =
    R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";

}  // namespace gna::tok
