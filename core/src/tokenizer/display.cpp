#include "tokenizer/display.h"

#include <cstdio>

#include "gna/tokenizer.h"
#include "tokenizer/utf8.h"

namespace gna::tok {

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
            out += "\xE2\x90\x8D";  // ␍
            ++i;
        } else {
            // Copy one valid character, or show one stray byte as <0xNN>.
            const std::size_t len = utf8_len(static_cast<unsigned char>(c));
            const std::string_view ch = bytes.substr(i, len);
            if (ch.size() == len && is_valid_utf8(ch)) {
                out.append(ch);
                i += len;
            } else {
                char buf[8];
                std::snprintf(buf, sizeof buf, "<0x%02X>", static_cast<unsigned char>(c));
                out += buf;
                ++i;
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
