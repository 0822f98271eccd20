#include "tokenizer/normalizer.h"

#include "tokenizer/byte_level.h"

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
    Step s{};
    if (add_sequence(j, type, "normalizers", place, [this](const Json& e, const JsonPlace& p) { add(e, p); })) return;
    if (type == "Prepend") {
        s.kind = Kind::Prepend;
        s.a = get_string(j, "prepend", place);
    } else if (type == "Replace") {
        const Json& pattern = require_key(j, "pattern", place);
        s.b = get_string(j, "content", place);
        if (auto str = get_optional_string(pattern, "String", place / "pattern")) {
            s.kind = Kind::ReplaceString;
            s.a = *str;
        } else if (auto r = get_optional_string(pattern, "Regex", place / "pattern")) {
            s.kind = Kind::ReplaceRegex;
            s.re.emplace(*r, place.file + ": key \"" + place.key + ".pattern.Regex\"");
        } else {
            bad_value(place / "pattern", "must hold \"String\" or \"Regex\"");
        }
    } else if (type == "Strip") {
        s.kind = Kind::Strip;
        s.left = get_bool(j, "strip_left", true, place);
        s.right = get_bool(j, "strip_right", true, place);
    } else if (type == "Lowercase") {
        s.kind = Kind::Lowercase;
    } else if (type == "NFC" || type == "NFD" || type == "NFKC" || type == "NFKD") {
        s.kind = Kind::Unicode;
        s.form = type == "NFC" ? NormalForm::NFC
            : type == "NFD"    ? NormalForm::NFD
            : type == "NFKC"   ? NormalForm::NFKC
                               : NormalForm::NFKD;
    } else if (type == "StripAccents") {
        s.kind = Kind::StripAccents;
    } else if (type == "BertNormalizer") {
        s.kind = Kind::Bert;
        s.clean_text = get_bool(j, "clean_text", true, place);
        s.chinese = get_bool(j, "handle_chinese_chars", true, place);
        s.lowercase = get_bool(j, "lowercase", true, place);
        s.strip_accents = get_bool(j, "strip_accents", s.lowercase, place);  // null follows lowercase
    } else if (type == "Nmt") {
        s.kind = Kind::Nmt;
    } else if (type == "ByteLevel") {
        s.kind = Kind::ByteLevel;
    } else if (type == "Precompiled") {
        s.kind = Kind::Precompiled;
        const std::string encoded = get_string(j, "precompiled_charsmap", place);
        const auto blob = base64_decode(encoded);
        if (!blob) bad_value(place / "precompiled_charsmap", "is not base64");
        if (blob->empty()) return;  // an empty charsmap is the identity
        s.charsmap = std::make_shared<const PrecompiledCharsmap>(
            *blob, place.file + ": key \"" + place.key + ".precompiled_charsmap\"");
    } else {
        bad_value(place / "type",
                  "is \"" + type +
                      "\", which is not a normalizer of the tokenizers library (known: "
                      "Sequence, NFC, NFD, NFKC, NFKD, Lowercase, Strip, StripAccents, Replace, Prepend, "
                      "BertNormalizer, Nmt, ByteLevel, Precompiled)");
    }
    steps_.push_back(std::move(s));
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
            case Kind::Strip:
                s = strip_unicode_space(s, step.left, step.right);
                break;
            case Kind::Lowercase:
                s = unicode_lowercase(s);
                break;
            case Kind::Unicode:
                s = unicode_normalize(s, step.form);
                break;
            case Kind::StripAccents:
                s = strip_marks(s, false);
                break;
            case Kind::Bert:
                if (step.clean_text || step.chinese) s = bert_clean(s, step.clean_text, step.chinese);
                if (step.strip_accents) s = strip_marks(unicode_normalize(s, NormalForm::NFD), true);
                if (step.lowercase) s = unicode_lowercase(s);
                break;
            case Kind::Nmt:
                s = nmt_normalize(s);
                break;
            case Kind::ByteLevel:
                s = bytes_to_byte_level(s);
                break;
            case Kind::Precompiled:
                s = step.charsmap->normalize(s);
                break;
        }
    }
    return s;
}

}  // namespace gna::tok
