// KV-retrieval (G&A slides): a dictionary of word:number lines and the question for one key.
#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>

#include "gna/error.h"
#include "gna/json.h"
#include "gna/tasks.h"
#include "gna/tiny_model.h"
#include "gna/tokenizer.h"

namespace gna {

namespace {

// splitmix64: decorrelates the per-sample seeds derived from (seed, size, index).
uint64_t mix(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

// Uniform integer in [0, n) from a 64-bit draw (multiply-high; platform independent).
uint64_t below(SeededNormal& rng, uint64_t n) {
    return static_cast<uint64_t>((static_cast<unsigned __int128>(rng.next_u64()) * n) >> 64);
}

// The first k entries of a seeded Fisher-Yates shuffle of 0..n-1.
std::vector<int> draw_distinct(SeededNormal& rng, int n, int k) {
    std::vector<int> v(n);
    for (int i = 0; i < n; ++i) v[i] = i;
    for (int i = 0; i < k; ++i) std::swap(v[i], v[i + static_cast<int>(below(rng, n - i))]);
    v.resize(k);
    return v;
}

}  // namespace

std::vector<std::string> load_word_list(const std::filesystem::path& file) {
    std::istringstream in(read_text_file(file));
    std::vector<std::string> words;
    std::set<std::string> seen;
    std::string line;
    int n = 0;
    while (std::getline(in, line)) {
        ++n;
        while (!line.empty() && std::isspace(static_cast<unsigned char>(line.back()))) line.pop_back();
        std::size_t b = 0;
        while (b < line.size() && std::isspace(static_cast<unsigned char>(line[b]))) ++b;
        line = line.substr(b);
        if (line.empty() || line[0] == '#') continue;
        if (line.find(':') != std::string::npos || line.find('\'') != std::string::npos)
            throw Error(file.string() + ":" + std::to_string(n) + ": the word '" + line +
                        "' contains ':' or a quote, which would break the KV-retrieval prompt");
        if (!seen.insert(line).second)
            throw Error(file.string() + ":" + std::to_string(n) + ": the word '" + line +
                        "' appears twice; keys must be distinct");
        words.push_back(line);
    }
    return words;
}

std::vector<KvSample> make_kv_samples(const KvRetrievalOptions& opt) {
    const auto file = opt.word_list.empty() ? bundled_data_dir() / "kv_words.txt" : opt.word_list;
    const std::vector<std::string> words = load_word_list(file);
    std::vector<KvSample> out;
    for (int size : opt.sizes) {
        if (size < 1 || size > 100)
            throw Error("KV-retrieval: dictionary size " + std::to_string(size) +
                        " is outside 1..100 (values are distinct integers 0-99)");
        if (size > static_cast<int>(words.size()))
            throw Error("KV-retrieval: dictionary size " + std::to_string(size) + " needs that many distinct words; " +
                        file.string() + " has " + std::to_string(words.size()));
        for (int i = 0; i < opt.samples_per_size; ++i) {
            SeededNormal rng(
                mix(mix(opt.seed) ^ mix(static_cast<uint64_t>(size) * 1000003ull + static_cast<uint64_t>(i))));
            KvSample s;
            s.id = "kv-" + std::to_string(size) + "-" + std::to_string(i);
            s.size = size;
            const auto keys = draw_distinct(rng, static_cast<int>(words.size()), size);
            const auto values = draw_distinct(rng, 100, size);
            for (int j = 0; j < size; ++j) s.dictionary.emplace_back(words[keys[j]], values[j]);
            s.query = static_cast<int>(below(rng, size));
            s.prompt = kv_prompt(s.dictionary, s.dictionary[s.query].first);
            out.push_back(std::move(s));
        }
    }
    return out;
}

std::string kv_prompt(const std::vector<std::pair<std::string, int>>& dictionary, const std::string& key) {
    std::string p = "Memorize the following dictionary:\n";
    for (std::size_t i = 0; i < dictionary.size(); ++i) {
        if (i) p += "\n";
        p += dictionary[i].first + ":" + std::to_string(dictionary[i].second);
    }
    return p + "\nThe value of the key '" + key + "' is";
}

std::string prompt_ending_at_answer(const Tokenizer& tok, const std::string& prompt, const std::string& answer) {
    if (prompt.empty() || prompt.back() == ' ') return prompt;
    const std::vector<int> base = tok.encode(prompt, false);
    const std::vector<int> with = tok.encode(prompt + " " + answer, false);
    if (with.size() <= base.size() + 1 || !std::equal(base.begin(), base.end(), with.begin())) return prompt;
    const int space = with[base.size()];
    return tok.piece(space) == "\u2581" || tok.decode({space}) == " " ? prompt + " " : prompt;
}

ChoiceItem kv_choice_item(const Tokenizer& tok, const KvSample& s) {
    ChoiceItem item;
    item.id = s.id;
    item.group = std::to_string(s.size);
    item.prompt_text = s.prompt;
    item.prompt = tok.encode(s.prompt, true);
    for (std::size_t j = 0; j < s.dictionary.size(); ++j) {
        const std::string text = " " + std::to_string(s.dictionary[j].second);
        item.choices.push_back(continuation_tokens(tok, s.prompt, text));
        item.choice_bytes.push_back(static_cast<double>(text.size() - 1));  // without the " " delimiter
        item.choice_chars.push_back(text_length_chars(text.substr(1)));
    }
    item.answer = s.query;
    move_common_prefix_to_prompt(item);
    return item;
}

bool kv_exact_match(const std::string& generated, int value) {
    std::size_t b = 0;
    while (b < generated.size() && std::isspace(static_cast<unsigned char>(generated[b]))) ++b;
    const std::string v = std::to_string(value);
    if (generated.compare(b, v.size(), v) != 0) return false;
    const std::size_t after = b + v.size();
    return after >= generated.size() || !std::isdigit(static_cast<unsigned char>(generated[after]));
}

}  // namespace gna
