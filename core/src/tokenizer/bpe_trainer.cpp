// write_bytelevel_bpe_tokenizer: a small deterministic greedy byte-level BPE trainer that writes
// tokenizer.json and tokenizer_config.json in the Hugging Face layout of Llama-3.
//
// Training: words = Llama-3 regex pre-tokens of the corpus, as byte symbols. Repeat num_merges
// times: merge the most frequent adjacent pair (ties: smallest (left id, right id)) in every
// word. Pair counts live in an ordered set keyed (-count, left, right), so the best pair is the
// first element and each update is O(log pairs); only the words holding the pair are touched.
#include <algorithm>
#include <array>
#include <cstdint>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "gna/error.h"
#include "gna/json.h"
#include "gna/tokenizer.h"
#include "tokenizer/byte_level.h"
#include "tokenizer/pre_tokenizer.h"
#include "tokenizer/regex.h"
#include "tokenizer/utf8.h"

namespace gna {
namespace {

using OrderedJson = nlohmann::ordered_json;

constexpr const char* kBos = "<|begin_of_text|>";
constexpr const char* kEos = "<|end_of_text|>";

struct Word {
    std::vector<int> symbols;
    std::int64_t count;
};

class PairCounts {
public:
    static std::uint64_t key(int a, int b) { return (std::uint64_t(std::uint32_t(a)) << 32) | std::uint32_t(b); }

    void add(int a, int b, std::int64_t delta) {
        std::int64_t& c = counts_[key(a, b)];
        if (c > 0) order_.erase({-c, a, b});
        c += delta;
        if (c > 0) order_.insert({-c, a, b});
    }
    // The most frequent pair, or false when no pair is left.
    bool best(int& a, int& b) const {
        if (order_.empty()) return false;
        a = std::get<1>(*order_.begin());
        b = std::get<2>(*order_.begin());
        return true;
    }

private:
    std::unordered_map<std::uint64_t, std::int64_t> counts_;
    std::set<std::tuple<std::int64_t, int, int>> order_;
};

struct Trained {
    std::vector<std::string> vocab;  // id -> byte-level piece
    std::vector<std::pair<std::string, std::string>> merges;  // in rank order
};

Trained train(std::string_view corpus, int num_merges) {
    // Word counts in a sorted map: the words' order, and so every tie, is deterministic.
    static const tok::Regex pattern(tok::kLlama3Pattern, "Llama-3 pre-tokenizer pattern");
    std::map<std::string, std::int64_t, std::less<>> counts;
    for (const auto& [b, e] :
         tok::split_ranges(corpus.size(), pattern.find_all(corpus), tok::SplitBehavior::Isolated, false))
        ++counts[std::string(corpus.substr(b, e - b))];

    Trained t;
    std::array<int, 256> byte_id{};
    std::unordered_map<std::string, int> id_of;
    const auto& order = tok::byte_level_order();
    for (int i = 0; i < 256; ++i) {
        byte_id[order[i]] = i;
        t.vocab.push_back(tok::byte_to_char(order[i]));
        id_of[t.vocab.back()] = i;
    }
    std::vector<Word> words;
    words.reserve(counts.size());
    PairCounts pairs;
    std::unordered_map<std::uint64_t, std::vector<int>> where;  // pair -> words that held it
    for (const auto& [text, count] : counts) {
        Word w{{}, count};
        for (char c : text) w.symbols.push_back(byte_id[static_cast<unsigned char>(c)]);
        const int wi = static_cast<int>(words.size());
        for (std::size_t i = 0; i + 1 < w.symbols.size(); ++i) {
            pairs.add(w.symbols[i], w.symbols[i + 1], count);
            where[PairCounts::key(w.symbols[i], w.symbols[i + 1])].push_back(wi);
        }
        words.push_back(std::move(w));
    }

    std::vector<int> visited(words.size(), -1);
    std::unordered_map<std::uint64_t, std::int64_t> delta;
    for (int m = 0; m < num_merges; ++m) {
        int a = 0, b = 0;
        if (!pairs.best(a, b)) break;
        const std::string merged = t.vocab[a] + t.vocab[b];
        auto [it, inserted] = id_of.try_emplace(merged, static_cast<int>(t.vocab.size()));
        if (inserted) t.vocab.push_back(merged);
        const int c = it->second;
        t.merges.emplace_back(t.vocab[a], t.vocab[b]);

        const std::vector<int> holders = std::move(where[PairCounts::key(a, b)]);
        where.erase(PairCounts::key(a, b));
        for (int wi : holders) {
            if (visited[wi] == m) continue;
            visited[wi] = m;
            Word& w = words[wi];
            auto& s = w.symbols;
            bool found = false;
            for (std::size_t i = 0; i + 1 < s.size() && !found; ++i) found = s[i] == a && s[i + 1] == b;
            if (!found) continue;  // stale entry: an earlier merge consumed the pair here
            // Pair counts change only around the merged positions: collect old minus new pairs
            // locally and touch the ordered set only for pairs whose count really changes.
            delta.clear();
            for (std::size_t i = 0; i + 1 < s.size(); ++i) delta[PairCounts::key(s[i], s[i + 1])] -= w.count;
            std::vector<int> next;
            next.reserve(s.size());
            for (std::size_t i = 0; i < s.size(); ++i) {
                if (i + 1 < s.size() && s[i] == a && s[i + 1] == b) {
                    next.push_back(c);
                    ++i;
                } else {
                    next.push_back(s[i]);
                }
            }
            s = std::move(next);
            for (std::size_t i = 0; i + 1 < s.size(); ++i) {
                delta[PairCounts::key(s[i], s[i + 1])] += w.count;
                if (s[i] == c || s[i + 1] == c) {
                    auto& list = where[PairCounts::key(s[i], s[i + 1])];
                    if (list.empty() || list.back() != wi) list.push_back(wi);
                }
            }
            for (const auto& [k, d] : delta) {
                if (d != 0) pairs.add(static_cast<int>(k >> 32), static_cast<int>(k & 0xFFFFFFFFu), d);
            }
        }
    }
    return t;
}

OrderedJson added_token(int id, const char* content) {
    OrderedJson j;
    j["id"] = id;
    j["content"] = content;
    j["single_word"] = false;
    j["lstrip"] = false;
    j["rstrip"] = false;
    j["normalized"] = false;
    j["special"] = true;
    return j;
}

}  // namespace

WrittenTokenizer write_bytelevel_bpe_tokenizer(const std::filesystem::path& dir, std::string_view corpus,
                                               int num_merges) {
    if (num_merges < 0) throw Error("write_bytelevel_bpe_tokenizer: num_merges must be 0 or more");
    tok::require_utf8(corpus, "write_bytelevel_bpe_tokenizer: corpus");
    const Trained t = train(corpus, num_merges);
    const int bos = static_cast<int>(t.vocab.size());
    const int eos = bos + 1;

    OrderedJson j;
    j["version"] = "1.0";
    j["truncation"] = nullptr;
    j["padding"] = nullptr;
    j["added_tokens"] = OrderedJson::array({added_token(bos, kBos), added_token(eos, kEos)});
    j["normalizer"] = nullptr;
    OrderedJson split;
    split["type"] = "Split";
    split["pattern"] = {{"Regex", tok::kLlama3Pattern}};
    split["behavior"] = "Isolated";
    split["invert"] = false;
    OrderedJson byte_level_pre;
    byte_level_pre["type"] = "ByteLevel";
    byte_level_pre["add_prefix_space"] = false;
    byte_level_pre["trim_offsets"] = true;
    byte_level_pre["use_regex"] = false;
    j["pre_tokenizer"] = {{"type", "Sequence"}, {"pretokenizers", OrderedJson::array({split, byte_level_pre})}};
    auto special = [](const char* name, int type_id) {
        return OrderedJson{{"SpecialToken", {{"id", name}, {"type_id", type_id}}}};
    };
    auto sequence = [](const char* name, int type_id) {
        return OrderedJson{{"Sequence", {{"id", name}, {"type_id", type_id}}}};
    };
    OrderedJson post;
    post["type"] = "TemplateProcessing";
    post["single"] = OrderedJson::array({special(kBos, 0), sequence("A", 0)});
    post["pair"] = OrderedJson::array({special(kBos, 0), sequence("A", 0), special(kBos, 1), sequence("B", 1)});
    OrderedJson bos_entry;
    bos_entry["id"] = kBos;
    bos_entry["ids"] = OrderedJson::array({bos});
    bos_entry["tokens"] = OrderedJson::array({kBos});
    post["special_tokens"] = {{kBos, bos_entry}};
    j["post_processor"] = post;
    OrderedJson decoder;
    decoder["type"] = "ByteLevel";
    decoder["add_prefix_space"] = true;
    decoder["trim_offsets"] = true;
    decoder["use_regex"] = true;
    j["decoder"] = decoder;
    OrderedJson model;
    model["type"] = "BPE";
    model["dropout"] = nullptr;
    model["unk_token"] = nullptr;
    model["continuing_subword_prefix"] = nullptr;
    model["end_of_word_suffix"] = nullptr;
    model["fuse_unk"] = false;
    model["byte_fallback"] = false;
    model["ignore_merges"] = true;
    // ordered_json's operator[] searches linearly; the pieces are unique, so append directly.
    OrderedJson vocab = OrderedJson::object();
    auto& entries = vocab.get_ref<OrderedJson::object_t&>();
    entries.reserve(t.vocab.size());
    for (std::size_t id = 0; id < t.vocab.size(); ++id) entries.emplace_back(t.vocab[id], OrderedJson(id));
    model["vocab"] = std::move(vocab);
    OrderedJson merges = OrderedJson::array();
    for (const auto& [a, b] : t.merges) merges.push_back(a + " " + b);
    model["merges"] = std::move(merges);
    j["model"] = std::move(model);

    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw Error("write_bytelevel_bpe_tokenizer: cannot create " + dir.string() + " (" + ec.message() + ")");
    write_file_atomic(dir / "tokenizer.json", j.dump(2) + "\n");

    Json config;
    Json decoder_map = Json::object();
    for (const auto& [id, name] : {std::pair{bos, kBos}, std::pair{eos, kEos}}) {
        decoder_map[std::to_string(id)] = {{"content", name}, {"lstrip", false},      {"normalized", false},
                                           {"rstrip", false}, {"single_word", false}, {"special", true}};
    }
    config["added_tokens_decoder"] = decoder_map;
    config["add_bos_token"] = true;
    config["add_eos_token"] = false;
    config["bos_token"] = kBos;
    config["eos_token"] = kEos;
    config["clean_up_tokenization_spaces"] = false;
    config["model_max_length"] = 131072;
    config["tokenizer_class"] = "PreTrainedTokenizerFast";
    write_json_file_atomic(dir / "tokenizer_config.json", config, 2);
    return {eos + 1, bos, eos};
}

}  // namespace gna
