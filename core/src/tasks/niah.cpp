// Needle in a haystack (thesis, section 2.2; templates from appendix A; granular score Table 2.1).
// Prompts are assembled from token pieces, so the needle's token span is exact.
#include <algorithm>
#include <cctype>
#include <cmath>

#include "gna/error.h"
#include "gna/json.h"
#include "gna/tasks.h"
#include "gna/tokenizer.h"

namespace gna {

std::vector<ScoreRule> needle_table_2_1() {
    return {
        {"eat a sandwich", false, 1.0},
        {"Dolores Park", false, 0.5},
        {"sit in Dolores Park", false, 0.5},
        {"sunny day", false, 1.0},
        {"is to eat a sandwich and sit in Dolores Park on a sunny day", true, 4.0},
        {"The best thing to do in San Francisco is eat a sandwich and sit in Dolores Park on a sunny day", true, 5.0}};
}

NeedleSpec load_needle_spec(const std::filesystem::path& file) {
    const Json j = read_json_file(file);
    NeedleSpec s;
    s.rules.clear();
    auto str = [&](const char* key) {
        if (!j.contains(key) || !j[key].is_string())
            throw Error(file.string() + ": missing \"" + key + "\" (a string)");
        return j[key].get<std::string>();
    };
    s.needle = str("needle");
    s.question = str("question");
    if (!j.contains("rules") || !j["rules"].is_array() || j["rules"].empty())
        throw Error(file.string() + ": \"rules\" must be a non-empty list of {keyword, op, value}");
    for (const auto& r : j["rules"]) {
        if (!r.is_object() || !r.contains("keyword") || !r["keyword"].is_string() || !r.contains("value") ||
            !r["value"].is_number())
            throw Error(file.string() + ": every rule needs \"keyword\" (string) and \"value\" (number)");
        const std::string op = r.value("op", std::string("add"));
        if (op != "add" && op != "set")
            throw Error(file.string() + ": rule op '" + op + "' must be \"add\" or \"set\"");
        s.rules.push_back({r["keyword"].get<std::string>(), op == "set", r["value"].get<double>()});
    }
    return s;
}

std::string normalize_for_scoring(const std::string& text) {
    std::string out;
    bool space = false;
    for (unsigned char c : text) {
        if (std::isalnum(c) || c >= 0x80) {
            if (space && !out.empty()) out += ' ';
            space = false;
            out += static_cast<char>(std::tolower(c));
        } else if (std::isspace(c)) {
            space = true;
        }  // punctuation is dropped: "park." -> "park", "don't" -> "dont"
    }
    return out;
}

double granular_score(const std::string& output, const std::vector<ScoreRule>& rules) {
    const std::string o = " " + normalize_for_scoring(output) + " ";
    auto has = [&](const std::string& k) { return o.find(" " + normalize_for_scoring(k) + " ") != std::string::npos; };
    double score = 0;
    for (const auto& r : rules)
        if (!r.set && has(r.keyword)) score += r.value;
    for (const auto& r : rules)
        if (r.set && has(r.keyword)) score = r.value;
    return score;
}

std::vector<double> linspace(double a, double b, int n) {
    std::vector<double> v;
    for (int i = 0; i < n; ++i) v.push_back(n == 1 ? a : a + (b - a) * i / (n - 1));
    return v;
}

std::vector<int> linspace_int(double a, double b, int n) {
    std::vector<int> v;
    for (double x : linspace(a, b, n)) v.push_back(static_cast<int>(std::lround(x)));
    return v;
}

namespace {

std::vector<int> haystack_tokens(const Tokenizer& tok, const std::filesystem::path& dir, std::size_t need) {
    namespace fs = std::filesystem;
    if (!fs::is_directory(dir)) throw Error("haystack folder " + dir.string() + " does not exist");
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir))
        if (e.path().extension() == ".txt") files.push_back(e.path());
    std::sort(files.begin(), files.end());
    std::string text;
    for (const auto& f : files) {
        std::string t = read_text_file(f);
        while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
        if (t.empty()) continue;
        if (!text.empty()) text += "\n\n";
        text += t;
    }
    if (text.empty())
        throw Error("haystack folder " + dir.string() +
                    " holds no non-empty .txt files; put some plain-text files there");
    const std::vector<int> once = tok.encode(text, false);
    const std::vector<int> sep = tok.encode("\n\n", false);
    std::vector<int> out = once;
    while (out.size() < need) {  // too short: the texts are repeated, as the NIAH reference does
        out.insert(out.end(), sep.begin(), sep.end());
        out.insert(out.end(), once.begin(), once.end());
    }
    out.resize(std::min(out.size(), need));
    return out;
}

bool sentence_end(const Tokenizer& tok, int id) {
    std::string s = tok.decode({id}, true);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.pop_back();
    return !s.empty() && (s.back() == '.' || s.back() == '!' || s.back() == '?');
}

void append(std::vector<int>& a, const std::vector<int>& b) { a.insert(a.end(), b.begin(), b.end()); }

// The thesis grid: what a context long enough for it gets.
constexpr int kThesisShortest = 250, kThesisLongest = 4096, kThesisSteps = 10, kThesisGenerate = 40,
              kThesisBuffer = 200;

}  // namespace

int niah_default_generate(int max_positions) {
    return max_positions <= 0 ? kThesisGenerate : std::max(1, std::min(kThesisGenerate, max_positions / 16));
}

int niah_default_buffer(int max_positions) {
    return max_positions <= 0 ? kThesisBuffer : std::min(kThesisBuffer, max_positions / 4);
}

std::vector<int> niah_default_lengths(int max_positions, int generate, bool just_read_twice) {
    const int copies = just_read_twice ? 2 : 1;
    if (max_positions <= 0 || copies * kThesisLongest + generate <= max_positions)
        return linspace_int(kThesisShortest, kThesisLongest, kThesisSteps);
    const int room = std::max(1, (max_positions - generate) / copies);
    return linspace_int(std::min(kThesisShortest, room * 2 / 3), room, room < 500 ? 5 : kThesisSteps);
}

std::vector<NiahPrompt> make_niah_prompts(const Tokenizer& tok, const NiahOptions& opt, int max_positions) {
    const std::vector<int> lengths =
        opt.lengths.empty() ? niah_default_lengths(max_positions, opt.generate, opt.just_read_twice) : opt.lengths;
    const std::vector<double> depths = opt.depths.empty() ? linspace(0, 100, 10) : opt.depths;
    const int copies = opt.just_read_twice ? 2 : 1;
    // No cell fits at all (a short-context model such as the bundled demos): one message up front
    // that says what would fit and what to use instead, not one failure per length.
    if (const int shortest = lengths.empty() ? 0 : *std::min_element(lengths.begin(), lengths.end());
        max_positions > 0 && copies * shortest + opt.generate > max_positions)
        throw Error(
            "needle in a haystack: the model's context of " + std::to_string(max_positions) +
            " tokens holds no cell of the grid: the shortest prompt has " + std::to_string(shortest) + " tokens" +
            (copies == 2 ? " (twice with Just-Read-Twice)" : "") + " plus " + std::to_string(opt.generate) +
            " generated. Use lengths up to " + std::to_string(std::max(0, (max_positions - opt.generate) / copies)) +
            " tokens, or the KV-retrieval map (the studio's Experiments menu; gna/kv_map.h), made for short contexts");
    for (int L : lengths)
        if (max_positions > 0 && copies * L + opt.generate > max_positions)
            throw Error("needle in a haystack: a prompt of " + std::to_string(L) + " tokens" +
                        (copies == 2 ? " (twice with Just-Read-Twice)" : "") + " plus " + std::to_string(opt.generate) +
                        " generated tokens exceeds the model's context of " + std::to_string(max_positions) +
                        " tokens; use shorter lengths");
    for (double d : depths)
        if (d < 0 || d > 100) throw Error("needle in a haystack: depth " + std::to_string(d) + "% is outside 0..100");
    const std::vector<int> needle = tok.encode(" " + opt.needle.needle, false);
    const std::vector<int> with_bos = tok.encode("a", true), without = tok.encode("a", false);
    std::vector<int> bos(
        with_bos.begin(),
        with_bos.begin() + static_cast<std::ptrdiff_t>(with_bos.size() - std::min(with_bos.size(), without.size())));
    const std::vector<int> head = tok.encode("CONTEXT:\n\n", false);
    const std::vector<int> question =
        tok.encode("\n\nQUESTION:\n\n" + opt.needle.question +
                       (opt.instruct ? " Output the most relevant sentence in the context, word by word!" : ""),
                   false);
    const std::vector<int> answer = opt.instruct
        ? std::vector<int>{}
        : tok.encode("\n\nANSWER: Here is the most relevant sentence in the context:", false);
    // Unset: the buffer the context affords, never less than what the template and the question take
    // (a short context's quarter can be less), so that a prompt never grows beyond its length.
    const int template_tokens = static_cast<int>(bos.size() + head.size() + question.size() + answer.size());
    const int buffer = opt.buffer.value_or(std::max(niah_default_buffer(max_positions), template_tokens));
    const int max_len = *std::max_element(lengths.begin(), lengths.end());
    const std::vector<int> hay_all =
        haystack_tokens(tok, opt.haystack.empty() ? bundled_data_dir() / "haystack" : opt.haystack,
                        static_cast<std::size_t>(std::max(0, max_len)));
    std::vector<NiahPrompt> out;
    for (int L : lengths) {
        const int hay_len = L - buffer - static_cast<int>(needle.size());
        if (hay_len <= 0)
            throw Error("needle in a haystack: length " + std::to_string(L) +
                        " leaves no room for the haystack (buffer " + std::to_string(buffer) + " + needle " +
                        std::to_string(needle.size()) + " tokens)");
        const std::vector<int> hay(hay_all.begin(), hay_all.begin() + hay_len);
        for (double d : depths) {
            const double from_start = opt.depth_from_end ? 100.0 - d : d;
            int cut = static_cast<int>(std::lround(from_start / 100.0 * hay_len));
            if (cut < hay_len)  // moved back to the previous sentence end
                while (cut > 0 && !sentence_end(tok, hay[cut - 1])) --cut;
            NiahPrompt p;
            p.length = L;
            p.depth = d;
            char id[64];
            std::snprintf(id, sizeof id, "niah-%d-%.1f", L, d);
            p.id = id;
            p.tokens = bos;
            for (int c = 0; c < copies; ++c) {
                append(p.tokens, head);
                p.tokens.insert(p.tokens.end(), hay.begin(), hay.begin() + cut);
                const int b = static_cast<int>(p.tokens.size());
                append(p.tokens, needle);
                for (int i = b; i < static_cast<int>(p.tokens.size()); ++i) p.needle_tokens.push_back(i);
                if (c == 0) {
                    p.needle_begin = b;
                    p.needle_end = static_cast<int>(p.tokens.size());
                }
                p.tokens.insert(p.tokens.end(), hay.begin() + cut, hay.end());
                append(p.tokens, question);
            }
            append(p.tokens, answer);
            if (max_positions > 0 && static_cast<int>(p.tokens.size()) + opt.generate > max_positions)
                throw Error("needle in a haystack: prompt " + p.id + " has " + std::to_string(p.tokens.size()) +
                            " tokens; with " + std::to_string(opt.generate) + " generated it exceeds the context of " +
                            std::to_string(max_positions));
            out.push_back(std::move(p));
        }
    }
    return out;
}

}  // namespace gna
