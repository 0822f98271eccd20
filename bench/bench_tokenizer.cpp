// Tokenizer benchmark: loading a large tokenizer.json (500k merges, tens of MB, the size of the
// biggest published BPE tokenizers) and encoding with thousands of added tokens. Prints times and
// ratios measured in this one run.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <unordered_set>
#include <vector>

#include "gna/json.h"
#include "gna/tokenizer.h"
#include "bench_util.h"

using namespace gna::bench;

namespace {

namespace fs = std::filesystem;

// GPT-2's byte alphabet: printable bytes stand for themselves, the others map to U+0100 and up.
std::vector<std::string> byte_alphabet() {
    std::vector<std::string> out(256);
    int next = 256;
    for (int b = 0; b < 256; ++b) {
        const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
        const int cp = printable ? b : next++;
        std::string s;
        if (cp < 0x80)
            s += static_cast<char>(cp);
        else {
            s += static_cast<char>(0xC0 | (cp >> 6));
            s += static_cast<char>(0x80 | (cp & 0x3F));
        }
        out[b] = s;
    }
    return out;
}

// A byte-level BPE tokenizer.json with `merges` merges whose results are all new tokens.
void write_large_tokenizer(const fs::path& dir, int merges, int added) {
    std::vector<std::string> tokens = byte_alphabet();
    std::unordered_set<std::string> seen(tokens.begin(), tokens.end());
    std::mt19937_64 rng(7);
    gna::Json m = gna::Json::array();
    while (static_cast<int>(m.size()) < merges) {
        const std::string& a = tokens[rng() % tokens.size()];
        const std::string& b = tokens[rng() % std::min<std::size_t>(tokens.size(), 4096)];
        if (a.size() + b.size() > 30) continue;
        std::string ab = a + b;
        if (!seen.insert(ab).second) continue;
        m.push_back(gna::Json::array({a, b}));
        tokens.push_back(std::move(ab));
    }
    gna::Json vocab = gna::Json::object();
    for (std::size_t i = 0; i < tokens.size(); ++i) vocab[tokens[i]] = static_cast<int>(i);
    gna::Json list = gna::Json::array();
    for (int i = 0; i < added; ++i)
        list.push_back({{"id", static_cast<int>(tokens.size()) + i},
                        {"content", "<unused" + std::to_string(i) + ">"},
                        {"single_word", false},
                        {"lstrip", false},
                        {"rstrip", false},
                        {"normalized", false},
                        {"special", true}});
    const gna::Json j = {{"version", "1.0"},
                         {"added_tokens", list},
                         {"normalizer", {{"type", "NFC"}}},
                         {"pre_tokenizer", {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", true}}},
                         {"decoder", {{"type", "ByteLevel"}}},
                         {"model", {{"type", "BPE"}, {"vocab", vocab}, {"merges", m}, {"ignore_merges", false}}}};
    fs::create_directories(dir);
    std::ofstream(dir / "tokenizer.json") << j.dump();
}

}  // namespace

int main() {
    const fs::path root = fs::temp_directory_path() / "gna_bench_tokenizer";
    fs::remove_all(root);
    write_large_tokenizer(root / "large", 500000, 0);
    write_large_tokenizer(root / "added", 2000, 6400);
    write_large_tokenizer(root / "plain", 2000, 0);
    const double mb = static_cast<double>(fs::file_size(root / "large" / "tokenizer.json")) / 1e6;

    double parse = 1e9, load = 1e9;
    for (int rep = 0; rep < 3; ++rep) {
        auto t0 = std::chrono::steady_clock::now();
        const gna::Json j = gna::read_json_file(root / "large" / "tokenizer.json");
        parse = std::min(parse, seconds_since(t0));
        t0 = std::chrono::steady_clock::now();
        auto tok = gna::load_tokenizer(root / "large");
        load = std::min(load, seconds_since(t0));
    }
    std::printf("load %.1f MB tokenizer.json, 500000 merges: %.3f s (JSON parse alone %.3f s), best of 3\n", mb, load,
                parse);

    std::string text;
    for (int i = 0; i < 20000; ++i)
        text += "The <b>value</b> of key " + std::to_string(i) + " is <" + std::to_string(i % 97) + ">.\n";
    auto plain = gna::load_tokenizer(root / "plain");
    auto added = gna::load_tokenizer(root / "added");
    double t_plain = 1e9, t_added = 1e9;
    std::size_t n_plain = 0, n_added = 0;
    for (int rep = 0; rep < 3; ++rep) {
        auto t0 = std::chrono::steady_clock::now();
        n_plain = plain->encode(text, false).size();
        t_plain = std::min(t_plain, seconds_since(t0));
        t0 = std::chrono::steady_clock::now();
        n_added = added->encode(text, false).size();
        t_added = std::min(t_added, seconds_since(t0));
    }
    std::printf(
        "encode %.1f MB of text with many '<': no added tokens %.3f s (%zu ids), 6400 added tokens %.3f s "
        "(%zu ids): ratio %.2f\n",
        static_cast<double>(text.size()) / 1e6, t_plain, n_plain, t_added, n_added, t_added / t_plain);
    if (!std::getenv("GNA_BENCH_KEEP")) fs::remove_all(root);
    return 0;
}
