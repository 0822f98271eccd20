// libFuzzer target for the tokenizers. Two small hand-made tokenizer.json files are written to a
// temporary folder once: a byte-level one (Llama-3 Split regex, ignore_merges, special tokens)
// and a Metaspace / byte-fallback one (Prepend + Replace normalizer, added tokens with
// lstrip/rstrip). Each input is fed to encode (valid UTF-8 must round-trip through the
// byte-level tokenizer; invalid UTF-8 must raise gna::Error) and, read as 16-bit ids, to decode
// and display.
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "gna/error.h"
#include "gna/json.h"
#include "gna/tokenizer.h"

namespace {

namespace fs = std::filesystem;

std::string gpt2_char(int b) {
    auto printable = [](int x) {
        return (x >= '!' && x <= '~') || (x >= 0xA1 && x <= 0xAC) || (x >= 0xAE && x <= 0xFF);
    };
    int cp = b;
    if (!printable(b)) {
        cp = 256;
        for (int x = 0; x < b; ++x) cp += printable(x) ? 0 : 1;
    }
    std::string s;
    if (cp < 0x80) {
        s += static_cast<char>(cp);
    } else {
        s += static_cast<char>(0xC0 | (cp >> 6));
        s += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return s;
}

gna::Json added(int id, const char* content, bool special, bool lstrip = false, bool rstrip = false) {
    return {{"id", id},         {"content", content},  {"single_word", false}, {"lstrip", lstrip},
            {"rstrip", rstrip}, {"normalized", false}, {"special", special}};
}

gna::Json merges_into(gna::Json& vocab, const std::vector<std::pair<std::string, std::string>>& merges, int first_id) {
    gna::Json list = gna::Json::array();
    for (std::size_t i = 0; i < merges.size(); ++i) {
        vocab[merges[i].first + merges[i].second] = first_id + static_cast<int>(i);
        list.push_back(merges[i].first + " " + merges[i].second);
    }
    return list;
}

void write(const fs::path& p, const std::string& text) {
    std::ofstream f(p, std::ios::binary);
    f << text;
}

struct Tokenizers {
    std::unique_ptr<gna::Tokenizer> byte_level, metaspace;
};

Tokenizers make() {
    char tmpl[] = "/tmp/gna_fuzz_tokenizer_XXXXXX";
    const fs::path root = mkdtemp(tmpl);
    // Byte-level: byte b has id b; merges build "he", "ll", "hello", "Ġthe", "12".
    gna::Json vocab = gna::Json::object();
    for (int b = 0; b < 256; ++b) vocab[gpt2_char(b)] = b;
    gna::Json merges = merges_into(vocab,
                                   {{"h", "e"},
                                    {"l", "l"},
                                    {"he", "ll"},
                                    {"hell", "o"},
                                    {"Ġ", "t"},
                                    {"Ġt", "he"},
                                    {"1", "2"},
                                    {"Ċ", "Ċ"},
                                    {"Ġ", "Ġ"}},
                                   256);
    vocab["<|bos|>"] = 300;
    vocab["<|eos|>"] = 301;
    const char* pattern =
        R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
    gna::Json bl = {
        {"added_tokens", {added(300, "<|bos|>", true), added(301, "<|eos|>", true), added(302, "<tool>", false)}},
        {"normalizer", nullptr},
        {"pre_tokenizer",
         {{"type", "Sequence"},
          {"pretokenizers",
           {{{"type", "Split"}, {"pattern", {{"Regex", pattern}}}, {"behavior", "Isolated"}, {"invert", false}},
            {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", false}}}}}},
        {"post_processor", {{"type", "TemplateProcessing"}, {"single", "<|bos|> $A"}}},
        {"decoder", {{"type", "ByteLevel"}}},
        {"model", {{"type", "BPE"}, {"ignore_merges", true}, {"vocab", vocab}, {"merges", merges}}}};
    fs::create_directories(root / "bl");
    write(root / "bl" / "tokenizer.json", bl.dump());

    // Metaspace with byte fallback, Llama-2 style.
    gna::Json mvocab = {{"<unk>", 0}, {"<s>", 1}, {"</s>", 2}};
    for (int b = 0; b < 256; ++b) {
        char name[8];
        std::snprintf(name, sizeof name, "<0x%02X>", b);
        mvocab[name] = 3 + b;
    }
    const char* chars[] = {"▁", "a", "b", "c", "e", "h", "l", "o", "t"};
    for (int i = 0; i < 9; ++i) mvocab[chars[i]] = 259 + i;
    gna::Json mmerges =
        merges_into(mvocab, {{"▁", "t"}, {"h", "e"}, {"▁t", "he"}, {"a", "b"}, {"ab", "c"}, {"▁", "▁"}}, 270);
    gna::Json ms = {{"added_tokens",
                     {added(0, "<unk>", true), added(1, "<s>", true), added(2, "</s>", true),
                      added(300, "<mask>", true, true, true)}},
                    {"normalizer",
                     {{"type", "Sequence"},
                      {"normalizers",
                       {{{"type", "Prepend"}, {"prepend", "▁"}},
                        {{"type", "Replace"}, {"pattern", {{"String", " "}}}, {"content", "▁"}}}}}},
                    {"pre_tokenizer", nullptr},
                    {"decoder",
                     {{"type", "Sequence"},
                      {"decoders",
                       {{{"type", "Replace"}, {"pattern", {{"String", "▁"}}}, {"content", " "}},
                        {{"type", "ByteFallback"}},
                        {{"type", "Fuse"}},
                        {{"type", "Strip"}, {"content", " "}, {"start", 1}, {"stop", 0}}}}}},
                    {"model",
                     {{"type", "BPE"},
                      {"unk_token", "<unk>"},
                      {"fuse_unk", true},
                      {"byte_fallback", true},
                      {"vocab", mvocab},
                      {"merges", mmerges}}}};
    fs::create_directories(root / "ms");
    write(root / "ms" / "tokenizer.json", ms.dump());
    write(root / "ms" / "tokenizer_config.json", R"({"add_bos_token": true, "tokenizer_class": "LlamaTokenizer"})");

    Tokenizers t{gna::load_tokenizer(root / "bl"), gna::load_tokenizer(root / "ms")};
    fs::remove_all(root);
    return t;
}

void exercise_ids(const gna::Tokenizer& tok, const std::uint8_t* data, std::size_t size) {
    std::vector<int> ids;
    for (std::size_t i = 0; i + 1 < size; i += 2) {
        ids.push_back(static_cast<int>(data[i] | (data[i + 1] << 8)) - 16);  // a few negative ids too
    }
    (void)tok.decode(ids, false);
    (void)tok.decode(ids, true);
    for (std::size_t i = 0; i < ids.size() && i < 8; ++i) {
        (void)tok.display(ids[i]);
        (void)tok.piece(ids[i]);
        (void)tok.is_special(ids[i]);
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const Tokenizers tokenizers = make();
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const bool valid = gna::is_valid_utf8(text);
    for (const gna::Tokenizer* tok : {tokenizers.byte_level.get(), tokenizers.metaspace.get()}) {
        try {
            const auto ids = tok->encode(text, true);
            if (!valid) __builtin_trap();  // invalid UTF-8 must be refused
            for (int id : ids) {
                if (id < 0 || id >= tok->vocab_size()) __builtin_trap();
            }
            const std::string back = tok->decode(tok->encode(text, false));
            if (tok == tokenizers.byte_level.get() && back != text) __builtin_trap();  // byte-level is lossless
            if (!gna::is_valid_utf8(back)) __builtin_trap();
        } catch (const gna::Error&) {
            if (valid) __builtin_trap();
        }
        exercise_ids(*tok, data, size);
    }
    return 0;
}
