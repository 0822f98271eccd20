#include "tokenizer/byte_level.h"

#include "tokenizer/utf8.h"

namespace gna::tok {
namespace {

struct ByteLevelTables {
    std::array<unsigned char, 256> order{};
    std::array<std::string, 256> to_char;
    std::array<int, 324> from_code_point{};  // code points used are < 256 + 68

    ByteLevelTables() {
        from_code_point.fill(-1);
        // bytes_to_unicode(): bs = printable ranges, cs = bs; the other bytes get 256 + n.
        int k = 0;
        std::array<bool, 256> printable{};
        for (int b = '!'; b <= '~'; ++b) printable[b] = true;
        for (int b = 0xA1; b <= 0xAC; ++b) printable[b] = true;
        for (int b = 0xAE; b <= 0xFF; ++b) printable[b] = true;
        std::array<char32_t, 256> cp{};
        for (int b = 0; b < 256; ++b) {
            if (printable[b]) {
                order[k++] = static_cast<unsigned char>(b);
                cp[b] = static_cast<char32_t>(b);
            }
        }
        int n = 0;
        for (int b = 0; b < 256; ++b) {
            if (!printable[b]) {
                order[k++] = static_cast<unsigned char>(b);
                cp[b] = static_cast<char32_t>(256 + n++);
            }
        }
        for (int b = 0; b < 256; ++b) {
            append_utf8(to_char[b], cp[b]);
            from_code_point[cp[b]] = b;
        }
    }
};

const ByteLevelTables& tables() {
    static const ByteLevelTables t;
    return t;
}

}  // namespace

const std::array<unsigned char, 256>& byte_level_order() { return tables().order; }

const std::string& byte_to_char(unsigned char b) { return tables().to_char[b]; }

std::string bytes_to_byte_level(std::string_view bytes) {
    const auto& t = tables();
    std::string out;
    out.reserve(bytes.size() * 2);
    for (char c : bytes) out += t.to_char[static_cast<unsigned char>(c)];
    return out;
}

std::optional<std::string> byte_level_to_bytes(std::string_view text) {
    const auto& t = tables();
    std::string out;
    out.reserve(text.size());
    std::size_t pos = 0;
    while (pos < text.size()) {
        const char32_t cp = next_code_point(text, pos);
        if (cp >= t.from_code_point.size() || t.from_code_point[cp] < 0) return std::nullopt;
        out += static_cast<char>(t.from_code_point[cp]);
    }
    return out;
}

}  // namespace gna::tok
