#include "tokenizer/normalizer.h"

#include <cctype>

namespace gna::tok {

std::string replace_all(std::string_view text, std::string_view from, std::string_view to) {
    if (from.empty()) return std::string(text);
    std::string out;
    out.reserve(text.size());
    std::size_t pos = 0;
    while (true) {
        const std::size_t hit = text.find(from, pos);
        if (hit == std::string_view::npos) break;
        out.append(text.substr(pos, hit - pos));
        out.append(to);
        pos = hit + from.size();
    }
    out.append(text.substr(pos));
    return out;
}

std::string replace_all(std::string_view text, const Regex& re, std::string_view to) {
    std::string out;
    std::size_t pos = 0;
    for (const auto& [b, e] : re.find_all(text)) {
        out.append(text.substr(pos, b - pos));
        out.append(to);
        pos = e;
    }
    out.append(text.substr(pos));
    return out;
}

Normalizer::Normalizer(const Json& j, const JsonPlace& place) {
    if (!j.is_null()) add(j, place);
}

void Normalizer::add(const Json& j, const JsonPlace& place) {
    const std::string type = get_string(j, "type", place);
    if (type == "Sequence") {
        const Json& list = require_key(j, "normalizers", place);
        if (!list.is_array()) bad_value(place / "normalizers", "must be a list");
        for (std::size_t i = 0; i < list.size(); ++i) add(list[i], (place / "normalizers").at(i));
    } else if (type == "Prepend") {
        steps_.push_back({Kind::Prepend, get_string(j, "prepend", place), {}, std::nullopt});
    } else if (type == "Replace") {
        const Json& pattern = require_key(j, "pattern", place);
        const std::string content = get_string(j, "content", place);
        if (auto s = get_optional_string(pattern, "String", place / "pattern")) {
            steps_.push_back({Kind::ReplaceString, *s, content, std::nullopt});
        } else if (auto r = get_optional_string(pattern, "Regex", place / "pattern")) {
            steps_.push_back({Kind::ReplaceRegex, *r, content,
                              Regex(*r, place.file + ": key \"" + place.key + ".pattern.Regex\"")});
        } else {
            bad_value(place / "pattern", "must hold \"String\" or \"Regex\"");
        }
    } else if (type == "Strip") {
        Step s{Kind::Strip, {}, {}, std::nullopt};
        s.left = get_bool(j, "strip_left", true, place);
        s.right = get_bool(j, "strip_right", true, place);
        steps_.push_back(std::move(s));
    } else if (type == "Lowercase") {
        steps_.push_back({Kind::Lowercase, {}, {}, std::nullopt});
    } else if (type == "NFC" || type == "NFKC" || type == "NFD" || type == "NFKD") {
        // Identity: composed (NFC) input is the common case; no Unicode tables are carried here.
    } else {
        bad_value(place / "type", "is \"" + type + "\", which this loader does not support (supported: "
                  "Sequence, Prepend, Replace, Strip, Lowercase, NFC, NFKC)");
    }
}

std::string Normalizer::apply(std::string_view text) const {
    std::string s(text);
    for (const Step& step : steps_) {
        switch (step.kind) {
        case Kind::Prepend:
            if (!s.empty()) s = step.a + s;
            break;
        case Kind::ReplaceString:
            s = replace_all(s, step.a, step.b);
            break;
        case Kind::ReplaceRegex:
            s = replace_all(s, *step.re, step.b);
            break;
        case Kind::Strip: {
            auto space = [](char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; };
            std::size_t b = 0, e = s.size();
            if (step.left) while (b < e && space(s[b])) ++b;
            if (step.right) while (e > b && space(s[e - 1])) --e;
            s = s.substr(b, e - b);
            break;
        }
        case Kind::Lowercase:  // ASCII only
            for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
            break;
        }
    }
    return s;
}

}  // namespace gna::tok
