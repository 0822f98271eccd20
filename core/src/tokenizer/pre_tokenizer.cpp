#include "tokenizer/pre_tokenizer.h"

#include <algorithm>

#include "tokenizer/byte_level.h"
#include "tokenizer/normalizer.h"

namespace gna::tok {
namespace {

using Ranges = std::vector<std::pair<std::size_t, std::size_t>>;

SplitBehavior parse_behavior(const std::string& s, const JsonPlace& place) {
    if (s == "Removed") return SplitBehavior::Removed;
    if (s == "Isolated") return SplitBehavior::Isolated;
    if (s == "MergedWithPrevious") return SplitBehavior::MergedWithPrevious;
    if (s == "MergedWithNext") return SplitBehavior::MergedWithNext;
    if (s == "Contiguous") return SplitBehavior::Contiguous;
    bad_value(place, "is \"" + s + "\"; expected Removed, Isolated, MergedWithPrevious, MergedWithNext or Contiguous");
}

Ranges find_literal(std::string_view text, std::string_view lit) {
    Ranges out;
    if (lit.empty()) return out;
    for (std::size_t p = text.find(lit); p != std::string_view::npos; p = text.find(lit, p + lit.size())) {
        out.emplace_back(p, p + lit.size());
    }
    return out;
}

Ranges find_digits(std::string_view text, bool individual) {
    Ranges out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        if (text[i] < '0' || text[i] > '9') continue;
        std::size_t e = i + 1;
        if (!individual)
            while (e < text.size() && text[e] >= '0' && text[e] <= '9') ++e;
        out.emplace_back(i, e);
        i = e - 1;
    }
    return out;
}

Ranges find_ascii_space(std::string_view text) {
    Ranges out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') out.emplace_back(i, i + 1);
    }
    return out;
}

}  // namespace

Ranges split_ranges(std::size_t text_size, const Ranges& matches, SplitBehavior behavior, bool invert) {
    // (range, is_delimiter) covering the whole text, in order.
    std::vector<std::pair<std::pair<std::size_t, std::size_t>, bool>> parts;
    std::size_t pos = 0;
    for (const auto& m : matches) {
        if (m.first > pos) parts.push_back({{pos, m.first}, invert});
        parts.push_back({m, !invert});
        pos = m.second;
    }
    if (pos < text_size) parts.push_back({{pos, text_size}, invert});

    Ranges out;
    switch (behavior) {
        case SplitBehavior::Removed:
            for (const auto& [r, delim] : parts)
                if (!delim) out.push_back(r);
            break;
        case SplitBehavior::Isolated:
            for (const auto& [r, delim] : parts) out.push_back(r);
            break;
        case SplitBehavior::Contiguous: {
            bool prev_delim = false;
            for (const auto& [r, delim] : parts) {
                if (delim && prev_delim && !out.empty())
                    out.back().second = r.second;
                else
                    out.push_back(r);
                prev_delim = delim;
            }
            break;
        }
        case SplitBehavior::MergedWithPrevious: {
            bool prev_delim = false;
            for (const auto& [r, delim] : parts) {
                if (delim && !prev_delim && !out.empty())
                    out.back().second = r.second;
                else
                    out.push_back(r);
                prev_delim = delim;
            }
            break;
        }
        case SplitBehavior::MergedWithNext: {
            bool next_delim = false;
            for (auto it = parts.rbegin(); it != parts.rend(); ++it) {
                const auto& [r, delim] = *it;
                if (delim && !next_delim && !out.empty())
                    out.back().first = r.first;
                else
                    out.push_back(r);
                next_delim = delim;
            }
            std::reverse(out.begin(), out.end());
            break;
        }
    }
    std::erase_if(out, [](const auto& r) { return r.second <= r.first; });
    return out;
}

PreTokenizer::PreTokenizer(const Json& j, const JsonPlace& place) {
    if (!j.is_null()) add(j, place);
}

void PreTokenizer::add(const Json& j, const JsonPlace& place) {
    const std::string type = get_string(j, "type", place);
    const std::string where = place.file + ": key \"" + place.key;
    Step s{};
    if (add_sequence(j, type, "pretokenizers", place, [this](const Json& e, const JsonPlace& p) { add(e, p); })) return;
    if (type == "ByteLevel") {
        s.kind = Kind::ByteLevel;
        s.add_prefix_space = get_bool(j, "add_prefix_space", true, place);
        if (get_bool(j, "use_regex", true, place)) s.re.emplace(kGpt2Pattern, "GPT-2 pre-tokenizer pattern");
    } else if (type == "Split") {
        s.kind = Kind::Split;
        const Json& pattern = require_key(j, "pattern", place);
        if (auto lit = get_optional_string(pattern, "String", place / "pattern")) {
            s.literal = *lit;
        } else if (auto r = get_optional_string(pattern, "Regex", place / "pattern")) {
            s.re.emplace(*r, where + ".pattern.Regex\"");
        } else {
            bad_value(place / "pattern", "must hold \"String\" or \"Regex\"");
        }
        s.behavior = parse_behavior(get_string(j, "behavior", place), place / "behavior");
        s.invert = get_bool(j, "invert", false, place);
    } else if (type == "Metaspace") {
        s.kind = Kind::Metaspace;
        s.literal = get_optional_string(j, "replacement", place).value_or("\xE2\x96\x81");
        if (auto scheme = get_optional_string(j, "prepend_scheme", place)) {
            if (*scheme != "always" && *scheme != "first" && *scheme != "never") {
                bad_value(place / "prepend_scheme", "is \"" + *scheme + "\"; expected always, first or never");
            }
            s.prepend_scheme = *scheme;
        } else {
            s.prepend_scheme = get_bool(j, "add_prefix_space", true, place) ? "always" : "never";
        }
        s.split = get_bool(j, "split", true, place);
    } else if (type == "Digits") {
        s.kind = Kind::Digits;
        s.individual = get_bool(j, "individual_digits", false, place);
    } else if (type == "Whitespace") {
        s.kind = Kind::Whitespace;
        s.re.emplace(R"(\w+|[^\w\s]+)", "Whitespace pre-tokenizer pattern");
    } else if (type == "WhitespaceSplit") {
        s.kind = Kind::WhitespaceSplit;
    } else {
        bad_value(place / "type",
                  "is \"" + type +
                      "\", which this loader does not support (supported: "
                      "ByteLevel, Split, Metaspace, Digits, Whitespace, WhitespaceSplit, Sequence)");
    }
    steps_.push_back(std::move(s));
}

bool PreTokenizer::byte_level() const {
    return std::any_of(steps_.begin(), steps_.end(), [](const Step& s) { return s.kind == Kind::ByteLevel; });
}

void PreTokenizer::run(const Step& step, std::vector<Piece>& pieces) {
    std::vector<Piece> out;
    out.reserve(pieces.size());
    auto split_into = [&](const Piece& p, const Ranges& matches, SplitBehavior behavior, bool invert) {
        for (const auto& [b, e] : split_ranges(p.text.size(), matches, behavior, invert)) {
            out.push_back({p.text.substr(b, e - b), p.at_start && b == 0});
        }
    };
    for (Piece& p : pieces) {
        switch (step.kind) {
            case Kind::ByteLevel: {
                if (step.add_prefix_space && (p.text.empty() || p.text[0] != ' ')) p.text.insert(0, " ");
                if (step.re) {
                    for (const auto& [b, e] :
                         split_ranges(p.text.size(), step.re->find_all(p.text), SplitBehavior::Isolated, false)) {
                        out.push_back(
                            {bytes_to_byte_level(std::string_view(p.text).substr(b, e - b)), p.at_start && b == 0});
                    }
                } else {
                    out.push_back({bytes_to_byte_level(p.text), p.at_start});
                }
                break;
            }
            case Kind::Split:
                split_into(p, step.re ? step.re->find_all(p.text) : find_literal(p.text, step.literal), step.behavior,
                           step.invert);
                break;
            case Kind::Metaspace: {
                std::string t = replace_all(p.text, " ", step.literal);
                const bool starts = t.compare(0, step.literal.size(), step.literal) == 0;
                if (!starts && (step.prepend_scheme == "always" || (step.prepend_scheme == "first" && p.at_start))) {
                    t.insert(0, step.literal);
                }
                Piece q{std::move(t), p.at_start};
                if (step.split)
                    split_into(q, find_literal(q.text, step.literal), SplitBehavior::MergedWithNext, false);
                else
                    out.push_back(std::move(q));
                break;
            }
            case Kind::Digits:
                split_into(p, find_digits(p.text, step.individual),
                           step.individual ? SplitBehavior::Isolated : SplitBehavior::Contiguous, false);
                break;
            case Kind::Whitespace:
                split_into(p, step.re->find_all(p.text), SplitBehavior::Removed, true);
                break;
            case Kind::WhitespaceSplit:
                split_into(p, find_ascii_space(p.text), SplitBehavior::Removed, false);
                break;
        }
    }
    pieces = std::move(out);
}

void PreTokenizer::apply(std::string_view text, bool at_start, std::vector<std::string>& out) const {
    if (text.empty()) return;
    std::vector<Piece> pieces{{std::string(text), at_start}};
    for (const Step& s : steps_) run(s, pieces);
    for (Piece& p : pieces) {
        if (!p.text.empty()) out.push_back(std::move(p.text));
    }
}

}  // namespace gna::tok
