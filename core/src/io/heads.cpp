#include "gna/heads.h"

#include <cctype>

#include "gna/error.h"

namespace gna {

std::string HeadRef::name() const {
    return "L" + std::to_string(layer) + (kind == HeadKind::SSM ? ".S" : ".H") + std::to_string(head);
}

namespace {
bool read_int(std::string_view s, std::size_t& i, int& out) {
    std::size_t start = i;
    long v = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
        v = v * 10 + (s[i] - '0');
        if (v > 1000000) return false;
        ++i;
    }
    out = static_cast<int>(v);
    return i > start;
}
}  // namespace

HeadRef parse_head(std::string_view text) {
    std::string t;
    for (char c : text)
        if (!std::isspace(static_cast<unsigned char>(c))) t += c;
    auto bad = [&]() -> Error {
        return Error(
            "head '%1': expected L<layer>.H<head> (attention) or L<layer>.S<head> (SSM), e.g. L17.H24; "
            "L17H24 and 17.24 are accepted too; layers and heads count from 0",
            {std::string(text)});
    };
    std::size_t i = 0;
    HeadRef h;
    if (i < t.size() && (t[i] == 'L' || t[i] == 'l')) ++i;
    if (!read_int(t, i, h.layer)) throw bad();
    if (i < t.size() && t[i] == '.') ++i;
    if (i < t.size() && (t[i] == 'H' || t[i] == 'h')) {
        ++i;
    } else if (i < t.size() && (t[i] == 'S' || t[i] == 's')) {
        h.kind = HeadKind::SSM;
        ++i;
    } else if (t.size() > 0 && (t[0] == 'L' || t[0] == 'l') && t.find('.') == std::string::npos) {
        throw bad();
    }
    if (!read_int(t, i, h.head) || i != t.size()) throw bad();
    return h;
}

std::vector<HeadRef> parse_head_list(std::string_view text) {
    std::vector<HeadRef> out;
    std::size_t start = 0;
    while (start <= text.size()) {
        std::size_t comma = text.find(',', start);
        std::string_view item =
            text.substr(start, comma == std::string_view::npos ? text.size() - start : comma - start);
        bool blank = true;
        for (char c : item)
            if (!std::isspace(static_cast<unsigned char>(c))) blank = false;
        if (!blank) out.push_back(parse_head(item));
        if (comma == std::string_view::npos) break;
        start = comma + 1;
    }
    return out;
}

}  // namespace gna
