#include "tokenizer/tokenizer_json_reader.h"

#include "gna/error.h"
#include "tokenizer/json_fields.h"
#include "tokenizer/utf8.h"

namespace gna::tok {
namespace {

// Thrown when the text is laid out in a way the scanner does not handle; the caller falls back.
struct Unexpected {};

class Scanner {
public:
    explicit Scanner(std::string_view t) : t_(t) {}
    std::size_t pos = 0;

    void space() {
        while (pos < t_.size() && (t_[pos] == ' ' || t_[pos] == '\n' || t_[pos] == '\r' || t_[pos] == '\t')) ++pos;
    }
    char peek() {
        space();
        if (pos >= t_.size()) throw Unexpected{};
        return t_[pos];
    }
    void expect(char c) {
        if (peek() != c) throw Unexpected{};
        ++pos;
    }
    // A JSON string, unescaped.
    std::string string() {
        expect('"');
        std::string out;
        while (true) {
            if (pos >= t_.size()) throw Unexpected{};
            const std::size_t run = t_.find_first_of("\"\\", pos);
            if (run == std::string_view::npos) throw Unexpected{};
            out.append(t_.substr(pos, run - pos));
            pos = run + 1;
            if (t_[run] == '"') return out;
            if (pos >= t_.size()) throw Unexpected{};
            const char e = t_[pos++];
            switch (e) {
                case '"':
                    out += '"';
                    break;
                case '\\':
                    out += '\\';
                    break;
                case '/':
                    out += '/';
                    break;
                case 'b':
                    out += '\b';
                    break;
                case 'f':
                    out += '\f';
                    break;
                case 'n':
                    out += '\n';
                    break;
                case 'r':
                    out += '\r';
                    break;
                case 't':
                    out += '\t';
                    break;
                case 'u': {
                    char32_t cp = hex4();
                    if (cp >= 0xD800 && cp < 0xDC00) {  // surrogate pair
                        if (t_.substr(pos, 2) != "\\u") throw Unexpected{};
                        pos += 2;
                        const char32_t lo = hex4();
                        if (lo < 0xDC00 || lo > 0xDFFF) throw Unexpected{};
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
                        throw Unexpected{};
                    }
                    append_utf8(out, cp);
                    break;
                }
                default:
                    throw Unexpected{};
            }
        }
    }
    long long integer() {
        space();
        std::size_t b = pos;
        if (pos < t_.size() && t_[pos] == '-') ++pos;
        while (pos < t_.size() && t_[pos] >= '0' && t_[pos] <= '9') ++pos;
        if (pos == b || pos - b > 12) throw Unexpected{};
        if (pos < t_.size() && (t_[pos] == '.' || t_[pos] == 'e' || t_[pos] == 'E')) throw Unexpected{};
        return std::stoll(std::string(t_.substr(b, pos - b)));
    }
    // Skips any value; returns its [begin, end).
    std::pair<std::size_t, std::size_t> skip_value() {
        const char c = peek();
        const std::size_t b = pos;
        if (c == '"') {
            string();
        } else if (c == '{' || c == '[') {
            int depth = 0;
            while (pos < t_.size()) {
                const char d = t_[pos];
                if (d == '"') {
                    string();
                    continue;
                }
                ++pos;
                if (d == '{' || d == '[')
                    ++depth;
                else if ((d == '}' || d == ']') && --depth == 0)
                    break;
            }
            if (depth != 0) throw Unexpected{};
        } else {
            while (pos < t_.size() && t_[pos] != ',' && t_[pos] != '}' && t_[pos] != ']' && t_[pos] != ' ' &&
                   t_[pos] != '\n' && t_[pos] != '\r' && t_[pos] != '\t')
                ++pos;
        }
        return {b, pos};
    }
    // Calls f(key) for every member of the object starting here; f must consume the value.
    template <typename F>
    void object(F f) {
        expect('{');
        if (peek() == '}') {
            ++pos;
            return;
        }
        while (true) {
            std::string key = string();
            expect(':');
            f(key);  // may move from key
            const char c = peek();
            ++pos;
            if (c == '}') return;
            if (c != ',') throw Unexpected{};
        }
    }

private:
    char32_t hex4() {
        if (pos + 4 > t_.size()) throw Unexpected{};
        char32_t v = 0;
        for (int i = 0; i < 4; ++i) {
            const char h = t_[pos++];
            v <<= 4;
            if (h >= '0' && h <= '9')
                v |= static_cast<char32_t>(h - '0');
            else if (h >= 'a' && h <= 'f')
                v |= static_cast<char32_t>(h - 'a' + 10);
            else if (h >= 'A' && h <= 'F')
                v |= static_cast<char32_t>(h - 'A' + 10);
            else
                throw Unexpected{};
        }
        return v;
    }
    std::string_view t_;
};

void read_vocab(Scanner& s, const JsonPlace& place, VocabList& vocab) {
    s.object([&](std::string& piece) {
        const long long id = s.integer();
        if (id < 0 || id >= (1LL << 28)) bad_value(place / piece, "must be an integer id between 0 and 2^28");
        vocab.emplace_back(std::move(piece), static_cast<int>(id));
    });
}

void read_merges(Scanner& s, const JsonPlace& place, std::vector<std::pair<std::string, std::string>>& merges) {
    s.expect('[');
    if (s.peek() == ']') {
        ++s.pos;
        return;
    }
    while (true) {
        const std::size_t i = merges.size();
        if (s.peek() == '"') {
            std::string m = s.string();
            const std::size_t sp = m.find(' ');
            if (sp == std::string::npos || sp == 0 || sp + 1 >= m.size())
                bad_value(place.at(i), "is \"" + m + "\"; expected two tokens separated by one space");
            merges.emplace_back(m.substr(0, sp), m.substr(sp + 1));
        } else {
            s.expect('[');
            if (s.peek() != '"') bad_value(place.at(i), "must be \"a b\" or [\"a\", \"b\"]");
            std::string a = s.string();
            s.expect(',');
            if (s.peek() != '"') bad_value(place.at(i), "must be \"a b\" or [\"a\", \"b\"]");
            std::string b = s.string();
            if (s.peek() != ']') bad_value(place.at(i), "must be \"a b\" or [\"a\", \"b\"]");
            ++s.pos;
            merges.emplace_back(std::move(a), std::move(b));
        }
        const char c = s.peek();
        ++s.pos;
        if (c == ']') return;
        if (c != ',') throw Unexpected{};
    }
}

}  // namespace

TokenizerJson read_tokenizer_json(std::string_view text, const std::string& file) {
    TokenizerJson out;
    try {
        Scanner s(text);
        std::pair<std::size_t, std::size_t> vocab_at{0, 0}, merges_at{0, 0};
        BpeTables tables;
        bool have_vocab = false, have_merges = false;
        s.object([&](std::string& key) {
            if (key != "model" || s.peek() != '{') {
                s.skip_value();
                return;
            }
            s.object([&](std::string& mkey) {
                if (mkey == "vocab" && s.peek() == '{') {
                    s.space();
                    tables.vocab.reserve((text.size() - s.pos) / 24);
                    vocab_at.first = s.pos;
                    read_vocab(s, {file, "model.vocab"}, tables.vocab);
                    vocab_at.second = s.pos;
                    have_vocab = true;
                } else if (mkey == "merges" && s.peek() == '[') {
                    s.space();
                    merges_at.first = s.pos;
                    read_merges(s, {file, "model.merges"}, tables.merges);
                    merges_at.second = s.pos;
                    have_merges = true;
                } else {
                    s.skip_value();
                }
            });
        });
        s.space();
        if (s.pos != text.size() || !have_vocab || !have_merges) throw Unexpected{};
        // The rest of the file with the two tables emptied.
        auto [a, b] =
            vocab_at.first < merges_at.first ? std::pair{vocab_at, merges_at} : std::pair{merges_at, vocab_at};
        std::string rest;
        rest.reserve(text.size() - (a.second - a.first) - (b.second - b.first) + 4);
        rest.append(text.substr(0, a.first)).append(a == vocab_at ? "{}" : "[]");
        rest.append(text.substr(a.second, b.first - a.second)).append(b == vocab_at ? "{}" : "[]");
        rest.append(text.substr(b.second));
        out.rest = parse_json_relaxed(rest, file);
        out.tables = std::move(tables);
    } catch (const Unexpected&) {
        out.rest = parse_json_relaxed(text, file);
        out.tables.reset();
    }
    return out;
}

}  // namespace gna::tok
