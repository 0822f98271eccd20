#include "tokenizer/display.h"

#include <cstdio>

#include "gna/tokenizer.h"
#include "tokenizer/utf8.h"

namespace gna::tok {

namespace {

// C1 controls and the format characters that draw nothing or break a line (soft hyphen, zero-width
// spaces and joiners, direction marks, line/paragraph separators, word joiners, byte order mark).
bool is_invisible(char32_t cp) {
    return (cp >= 0x80 && cp <= 0x9F) || cp == 0xAD || (cp >= 0x200B && cp <= 0x200F) ||
        (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x2064) || cp == 0xFEFF;
}

}  // namespace

std::string display_label(std::string_view bytes) {
    std::string out;
    std::size_t i = 0;
    for (; i < bytes.size() && bytes[i] == ' '; ++i) out += "\xE2\x90\xA3";  // ␣
    while (i < bytes.size()) {
        const char c = bytes[i];
        if (c == '\n') {
            out += "\xE2\x8F\x8E";  // ⏎
            ++i;
        } else if (c == '\t') {
            out += "\xE2\x87\xA5";  // ⇥
            ++i;
        } else if (c == '\r') {
            out += "\\r";  // no symbol: the control pictures (U+240D) are missing from common fonts
            ++i;
        } else {
            // Copy one visible character; show a stray byte or a control character (C0, DEL) as <0xNN>,
            // and a C1 control or an invisible format character as <U+XXXX>: a font has no glyph for them.
            const std::size_t len = utf8_len(static_cast<unsigned char>(c));
            const std::string_view ch = bytes.substr(i, len);
            const bool valid = ch.size() == len && is_valid_utf8(ch);
            std::size_t at = 0;
            const char32_t cp = valid ? next_code_point(ch, at) : 0;
            char buf[16];
            if (!valid || cp < 0x20 || cp == 0x7F) {
                std::snprintf(buf, sizeof buf, "<0x%02X>", static_cast<unsigned char>(c));
                out += buf;
                ++i;
            } else if (is_invisible(cp)) {
                std::snprintf(buf, sizeof buf, "<U+%04X>", static_cast<unsigned>(cp));
                out += buf;
                i += len;
            } else {
                out.append(ch);
                i += len;
            }
        }
    }
    return out;
}

}  // namespace gna::tok

namespace gna {

std::string Tokenizer::display(int id) const {
    if (is_special(id)) return piece(id);
    return tok::display_label(decode({id}, false));
}

}  // namespace gna
