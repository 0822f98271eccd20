// Tokenizer tests. Every tokenizer here is written by hand into a temporary folder, and every
// expected id list is derived by hand in the comments next to it (merge ranks applied lowest
// first), not produced by the code under test.
#include <QElapsedTimer>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "gna/error.h"
#include "gna/json.h"
#include "gna/tokenizer.h"
#include "print_ids.h"
#include "test_support.h"

namespace QTest {
// Readable failure messages for the types compared below.
template <>
char* toString(const std::string& s) {
    return qstrdup(("\"" + s + "\"").c_str());
}
template <>
char* toString(const std::optional<int>& v) {
    return qstrdup(v ? QByteArray::number(*v).constData() : "nullopt");
}
}  // namespace QTest

namespace {

using Ids = std::vector<int>;
namespace fs = std::filesystem;

// GPT-2 bytes_to_unicode, written out again for the test: printable bytes map to themselves,
// the other 68 bytes to U+0100, U+0101, ... in byte order.
std::string b2u(int b) {
    const bool printable = (b >= '!' && b <= '~') || (b >= 0xA1 && b <= 0xAC) || (b >= 0xAE && b <= 0xFF);
    int cp = b;
    if (!printable) {
        cp = 256;
        for (int x = 0; x < b; ++x) {
            if (!((x >= '!' && x <= '~') || (x >= 0xA1 && x <= 0xAC) || (x >= 0xAE && x <= 0xFF))) ++cp;
        }
    }
    std::string s;
    if (cp < 0x80)
        s += static_cast<char>(cp);
    else {
        s += static_cast<char>(0xC0 | (cp >> 6));
        s += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return s;
}

void write_text(const fs::path& p, const std::string& text) {
    std::ofstream f(p, std::ios::binary);
    f << text;
}

std::string read_all(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream ss;
    ss << f.rdbuf();
    return ss.str();
}

using gna::test::error_of;

gna::Json added(int id, const char* content, bool special) {
    return {{"id", id},        {"content", content},  {"single_word", false}, {"lstrip", false},
            {"rstrip", false}, {"normalized", false}, {"special", special}};
}

gna::Json template_single(const char* bos, int bos_id) {
    gna::Json special;
    special["SpecialToken"] = {{"id", bos}, {"type_id", 0}};
    gna::Json sequence;
    sequence["Sequence"] = {{"id", "A"}, {"type_id", 0}};
    gna::Json entry;
    entry["id"] = bos;
    entry["ids"] = gna::Json::array({bos_id});
    entry["tokens"] = gna::Json::array({bos});
    gna::Json j;
    j["type"] = "TemplateProcessing";
    j["single"] = gna::Json::array({special, sequence});
    j["pair"] = gna::Json::array();
    j["special_tokens"][bos] = entry;
    return j;
}

// Byte-level vocabulary: byte b has id b. Merges (rank: pair -> id):
//  0 h e->256  1 l l->257  2 he ll->258  3 hell o->259  4 Ġ A->260  5 l o->261  6 Ġ w->262
//  7 o r->263  8 Ġw or->264  9 l d->265  10 Ġwor ld->266  11 1 2->267  12 3 4->268  13 ' S->269
//  14 Ċ Ċ->270;  "xyz"->271 has no merge.  Added: <|begin_of_text|> 300, <|end_of_text|> 301,
//  <|eot_id|> 302 (special).
gna::Json bytelevel_json(bool llama3_split, bool ignore_merges) {
    gna::Json vocab = gna::Json::object();
    for (int b = 0; b < 256; ++b) vocab[b2u(b)] = b;
    const std::vector<std::pair<std::string, std::string>> merges = {
        {"h", "e"},   {"l", "l"}, {"he", "ll"},   {"hell", "o"}, {"Ġ", "A"}, {"l", "o"}, {"Ġ", "w"}, {"o", "r"},
        {"Ġw", "or"}, {"l", "d"}, {"Ġwor", "ld"}, {"1", "2"},    {"3", "4"}, {"'", "S"}, {"Ċ", "Ċ"}};
    gna::Json m = gna::Json::array();
    for (std::size_t i = 0; i < merges.size(); ++i) {
        vocab[merges[i].first + merges[i].second] = 256 + static_cast<int>(i);
        // Both spellings of a merge occur in real files: "a b" and ["a", "b"].
        if (i % 2)
            m.push_back(merges[i].first + " " + merges[i].second);
        else
            m.push_back({merges[i].first, merges[i].second});
    }
    vocab["xyz"] = 271;
    vocab["<|begin_of_text|>"] = 300;
    vocab["<|end_of_text|>"] = 301;
    vocab["<|eot_id|>"] = 302;
    gna::Json pre;
    const gna::Json byte_level = {
        {"type", "ByteLevel"}, {"add_prefix_space", false}, {"trim_offsets", true}, {"use_regex", !llama3_split}};
    if (llama3_split) {
        const char* pattern =
            R"((?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+)";
        pre = {{"type", "Sequence"},
               {"pretokenizers",
                {{{"type", "Split"}, {"pattern", {{"Regex", pattern}}}, {"behavior", "Isolated"}, {"invert", false}},
                 byte_level}}};
    } else {
        pre = byte_level;
    }
    return {
        {"version", "1.0"},
        {"added_tokens",
         {added(300, "<|begin_of_text|>", true), added(301, "<|end_of_text|>", true), added(302, "<|eot_id|>", true)}},
        {"normalizer", nullptr},
        {"pre_tokenizer", pre},
        {"post_processor", template_single("<|begin_of_text|>", 300)},
        {"decoder", {{"type", "ByteLevel"}, {"add_prefix_space", true}, {"trim_offsets", true}, {"use_regex", true}}},
        {"model",
         {{"type", "BPE"},
          {"dropout", nullptr},
          {"unk_token", nullptr},
          {"fuse_unk", false},
          {"byte_fallback", false},
          {"ignore_merges", ignore_merges},
          {"vocab", vocab},
          {"merges", m}}}};
}

// Metaspace vocabulary: <unk> 0, <s> 1, </s> 2, <0x00>..<0xFF> 3..258, ▁ 259, h 260, e 261, l 262,
// o 263, w 264, r 265, d 266, A 267, n 268, s 269, : 270. Merges (rank: pair -> id):
//  0 ▁ h->272  1 e l->273  2 ▁h el->274  3 l o->275  4 ▁hel lo->276  5 ▁ A->277  6 ▁ w->278
//  7 o r->279  8 ▁w or->280  9 l d->281  10 ▁wor ld->282
enum class MetaStyle { Llama2Prepend, MistralMetaspace, LegacyMetaspaceDecoder };
gna::Json metaspace_json(MetaStyle style) {
    gna::Json vocab = {{"<unk>", 0}, {"<s>", 1}, {"</s>", 2}};
    for (int b = 0; b < 256; ++b) {
        char name[8];
        std::snprintf(name, sizeof name, "<0x%02X>", b);
        vocab[name] = 3 + b;
    }
    const char* chars[] = {"▁", "h", "e", "l", "o", "w", "r", "d", "A", "n", "s", ":"};
    for (int i = 0; i < 12; ++i) vocab[chars[i]] = 259 + i;
    const std::vector<std::pair<std::string, std::string>> merges = {
        {"▁", "h"}, {"e", "l"}, {"▁h", "el"}, {"l", "o"}, {"▁hel", "lo"}, {"▁", "A"},
        {"▁", "w"}, {"o", "r"}, {"▁w", "or"}, {"l", "d"}, {"▁wor", "ld"}};
    gna::Json m = gna::Json::array();
    for (std::size_t i = 0; i < merges.size(); ++i) {
        vocab[merges[i].first + merges[i].second] = 272 + static_cast<int>(i);
        m.push_back(merges[i].first + " " + merges[i].second);
    }
    const gna::Json llama_decoder = {{"type", "Sequence"},
                                     {"decoders",
                                      {{{"type", "Replace"}, {"pattern", {{"String", "▁"}}}, {"content", " "}},
                                       {{"type", "ByteFallback"}},
                                       {{"type", "Fuse"}},
                                       {{"type", "Strip"}, {"content", " "}, {"start", 1}, {"stop", 0}}}}};
    gna::Json j = {{"version", "1.0"},
                   {"added_tokens", {added(0, "<unk>", true), added(1, "<s>", true), added(2, "</s>", true)}},
                   {"normalizer", nullptr},
                   {"pre_tokenizer", nullptr},
                   {"post_processor", template_single("<s>", 1)},
                   {"decoder", llama_decoder},
                   {"model",
                    {{"type", "BPE"},
                     {"dropout", nullptr},
                     {"unk_token", "<unk>"},
                     {"fuse_unk", true},
                     {"byte_fallback", true},
                     {"vocab", vocab},
                     {"merges", m}}}};
    if (style == MetaStyle::Llama2Prepend) {
        j["normalizer"] = {{"type", "Sequence"},
                           {"normalizers",
                            {{{"type", "Prepend"}, {"prepend", "▁"}},
                             {{"type", "Replace"}, {"pattern", {{"String", " "}}}, {"content", "▁"}}}}};
    } else if (style == MetaStyle::MistralMetaspace) {
        j["pre_tokenizer"] = {
            {"type", "Metaspace"}, {"replacement", "▁"}, {"prepend_scheme", "first"}, {"split", false}};
    } else {
        j["pre_tokenizer"] = {{"type", "Metaspace"}, {"replacement", "▁"}, {"add_prefix_space", true}};
        j["decoder"] = {{"type", "Metaspace"}, {"replacement", "▁"}, {"add_prefix_space", true}};
        j["model"]["byte_fallback"] = false;
    }
    return j;
}

}  // namespace

class TestTokenizer : public QObject {
    Q_OBJECT

    QTemporaryDir tmp_;

    fs::path dir(const char* name) {
        const fs::path d = fs::path(tmp_.path().toStdString()) / name;
        fs::create_directories(d);
        return d;
    }
    std::unique_ptr<gna::Tokenizer> write_and_load(const char* name, const gna::Json& tokenizer,
                                                   const gna::Json& config = nullptr) {
        const fs::path d = dir(name);
        write_text(d / "tokenizer.json", tokenizer.dump(1));
        if (!config.is_null()) write_text(d / "tokenizer_config.json", config.dump(1));
        return gna::load_tokenizer(d);
    }

private Q_SLOTS:
    // Runs first, before anything loads the SentencePiece plugin (it is loaded once per process).
    void sentencepieceMissingPluginIsAClearError() {
        qputenv("GNA_SPM_PLUGIN", "/nonexistent/libgna_spm_plugin.so");
        const QString msg = error_of([] { gna::sentencepiece_plugin_path(); });
        qunsetenv("GNA_SPM_PLUGIN");
        QVERIFY2(msg.contains(QLatin1String("GNA_SPM_PLUGIN")), qPrintable(msg));
        QVERIFY(msg.contains(QLatin1String("/nonexistent/libgna_spm_plugin.so")));
    }

    void utf8Validation() {
        QVERIFY(gna::is_valid_utf8(""));
        QVERIFY(gna::is_valid_utf8("plain ASCII"));
        QVERIFY(gna::is_valid_utf8("\xE2\x82\xAC"));  // € U+20AC
        QVERIFY(gna::is_valid_utf8("\xF0\x9F\x91\x8D"));  // 👍 U+1F44D
        QVERIFY(gna::is_valid_utf8("\xF4\x8F\xBF\xBF"));  // U+10FFFF, the last code point
        QVERIFY(!gna::is_valid_utf8("\xC0\xAF"));  // overlong '/'
        QVERIFY(!gna::is_valid_utf8("\xE0\x80\xAF"));  // overlong '/'
        QVERIFY(!gna::is_valid_utf8("\xF0\x80\x80\xAF"));  // overlong '/'
        QVERIFY(!gna::is_valid_utf8("\xED\xA0\x80"));  // surrogate U+D800
        QVERIFY(!gna::is_valid_utf8("\xF4\x90\x80\x80"));  // U+110000
        QVERIFY(!gna::is_valid_utf8("\xE2\x82"));  // truncated
        QVERIFY(!gna::is_valid_utf8("a\x80"));  // stray continuation
        QVERIFY(!gna::is_valid_utf8("\xFF"));
    }

    void byteLevelLlama3Splits() {
        auto tok = write_and_load("bl3", bytelevel_json(true, false));
        QCOMPARE(tok->kind(), std::string("bpe-bytelevel"));
        QCOMPARE(tok->vocab_size(), 303);
        // "hello" -> he(0) -> he,ll(1) -> hell(2) -> hello(3) = 259;
        // "Ġworld" -> Ġw(6), or(7), Ġwor(8), ld(9), Ġworld(10) = 266.
        QCOMPARE(tok->encode("hello world", false), (Ids{259, 266}));
        // Merge priority: "llo" has l l (rank 1) and l o (rank 5): ll wins -> [ll, o].
        QCOMPARE(tok->encode("llo", false), (Ids{257, 'o'}));
        // Llama-3 splits digits in threes: "123","45" -> [12,3],[4,5]; no merge 4 5.
        QCOMPARE(tok->encode("12345", false), (Ids{267, '3', '4', '5'}));
        // (?i:'s) keeps "'S" together -> ' S merge (rank 13) = 269.
        QCOMPARE(tok->encode("IT'S", false), (Ids{'I', 'T', 269}));
        // "a", "\n\n" (\s*[\r\n]+), "b": Ċ Ċ (rank 14) = 270.
        QCOMPARE(tok->encode("a\n\nb", false), (Ids{'a', 270, 'b'}));
        // No ignore_merges: "xyz" is in the vocabulary but no merge builds it.
        QCOMPARE(tok->encode("xyz", false), (Ids{'x', 'y', 'z'}));
        // An unfinished special token is plain text: "<|", "eot" -> bytes.
        QCOMPARE(tok->encode("<|eot", false), (Ids{'<', '|', 'e', 'o', 't'}));
    }

    void byteLevelGpt2Regex() {
        auto tok = write_and_load("bl2", bytelevel_json(false, false));
        QCOMPARE(tok->encode("hello world", false), (Ids{259, 266}));
        // GPT-2 keeps "12345" whole: 1 2 (rank 11), 3 4 (rank 12) -> [12, 34, 5].
        QCOMPARE(tok->encode("12345", false), (Ids{267, 268, '5'}));
        // 's is case sensitive in GPT-2: "'" and "S" are separate words.
        QCOMPARE(tok->encode("IT'S", false), (Ids{'I', 'T', '\'', 'S'}));
    }

    void byteLevelIgnoreMerges() {
        auto tok = write_and_load("bl_ignore", bytelevel_json(true, true));
        QCOMPARE(tok->encode("xyz", false), (Ids{271}));  // whole word in vocab
        // "Ġhello" is not in the vocabulary: Ġ stays alone, "hello" merges as usual.
        QCOMPARE(tok->encode("xyz hello", false), (Ids{271, ' ', 259}));
        QCOMPARE(tok->encode("xy", false), (Ids{'x', 'y'}));  // not in vocab: merges as usual
    }

    void byteLevelSpecialTokensAndBos() {
        const gna::Json config = {{"bos_token", "<|begin_of_text|>"},
                                  {"eos_token", {{"content", "<|end_of_text|>"}}},
                                  {"tokenizer_class", "PreTrainedTokenizerFast"}};
        auto tok = write_and_load("bl_special", bytelevel_json(true, false), config);
        write_text(dir("bl_special") / "generation_config.json", R"({"eos_token_id": [301, 302]})");
        tok = gna::load_tokenizer(dir("bl_special"));
        QCOMPARE(tok->bos_id(), std::optional<int>(300));
        QCOMPARE(tok->eos_ids(), (Ids{301, 302}));
        // Template "<|begin_of_text|> $A": BOS once in front, nothing behind.
        QCOMPARE(tok->encode("hello world"), (Ids{300, 259, 266}));
        QCOMPARE(tok->encode("hello world", false), (Ids{259, 266}));
        // Special tokens in the text are split out first and never merged with neighbours.
        QCOMPARE(tok->encode("hello<|eot_id|>hello", false), (Ids{259, 302, 259}));
        QCOMPARE(tok->encode("<|begin_of_text|>hello", true), (Ids{300, 300, 259}));
        QVERIFY(tok->is_special(302));
        QVERIFY(!tok->is_special(259));
        QCOMPARE(tok->piece(266), std::string("Ġworld"));
        QCOMPARE(tok->piece_to_id("<|eot_id|>"), std::optional<int>(302));
        QCOMPARE(tok->piece_to_id("nope"), std::optional<int>());
        QCOMPARE(tok->decode({300, 259, 302, 266}), std::string("<|begin_of_text|>hello<|eot_id|> world"));
        QCOMPARE(tok->decode({300, 259, 302, 266}, true), std::string("hello world"));
    }

    void byteLevelAnswerLetter() {
        auto tok = write_and_load("bl_answer", bytelevel_json(true, false));
        // "Answer", ":", " A" -> A n s w e r, :, ĠA (rank 4) = 260.
        QCOMPARE(tok->encode("Answer: A", false), (Ids{'A', 'n', 's', 'w', 'e', 'r', ':', 260}));
        QCOMPARE(tok->encode(" A", false), (Ids{260}));
        QCOMPARE(tok->encode("A", false), (Ids{'A'}));
        QCOMPARE(tok->display(260), std::string("␣A"));
    }

    void byteLevelRoundTripAndDisplay() {
        auto tok = write_and_load("bl_rt", bytelevel_json(true, false));
        const std::vector<std::string> texts = {"hello world",
                                                "  two leading spaces",
                                                "line1\nline2\n\n\tTab",
                                                "héllo wörld",
                                                "日本語のテキスト",
                                                "emoji 👍🏽 and 🇫🇷!",
                                                "mixed 123 4567 IT'S it's",
                                                " ",
                                                "\n",
                                                "<|eot",
                                                "trailing space "};
        for (const auto& t : texts) {
            QCOMPARE(tok->decode(tok->encode(t, false)), t);
            QCOMPARE(tok->decode(tok->encode(t, true), true), t);
        }
        QCOMPARE(tok->display('\n'), std::string("⏎"));
        QCOMPARE(tok->display('\t'), std::string("⇥"));
        QCOMPARE(tok->display(' '), std::string("␣"));
        QCOMPARE(tok->display(266), std::string("␣world"));
        QCOMPARE(tok->display(270), std::string("⏎⏎"));
        QCOMPARE(tok->display(300), std::string("<|begin_of_text|>"));
        QCOMPARE(tok->display(0xC3), std::string("<0xC3>"));  // half of a UTF-8 character
        // Characters no font draws (the tour's chart showed a missing-glyph box): control bytes as
        // <0xNN>, a carriage return as \r (the symbol U+240D is not in DejaVu Sans), zero-width and C1
        // characters by code point; the ones fonts have stay as they are.
        QCOMPARE(tok->display('\r'), std::string("\\r"));
        QCOMPARE(tok->display(0x01), std::string("<0x01>"));
        QCOMPARE(tok->display(0x1B), std::string("<0x1B>"));
        QCOMPARE(tok->display(0x7F), std::string("<0x7F>"));
        gna::Json j = bytelevel_json(true, false);  // the same as non-special added tokens
        const char* shownTexts[] = {
            "a\xE2\x80\x8B"
            "b",
            "\xC2\x85", "\xEF\xBB\xBFx", "h\xC3\xA9 \xE2\x86\x92"};
        for (int k = 0; k < 4; ++k) j["added_tokens"].push_back(added(303 + k, shownTexts[k], false));
        auto shown = write_and_load("bl_invisible", j);
        QCOMPARE(shown->display(303), std::string("a<U+200B>b"));  // zero-width space
        QCOMPARE(shown->display(304), std::string("<U+0085>"));  // C1 "next line"
        QCOMPARE(shown->display(305), std::string("<U+FEFF>x"));  // byte order mark
        QCOMPARE(shown->display(306), std::string(shownTexts[3]));  // "hé →" as it is
        // An id outside the vocabulary decodes to nothing instead of failing.
        QCOMPARE(tok->decode({259, 99999, -5}), std::string("hello"));
    }

    void metaspaceLlama2Prepend() {
        const gna::Json config = {{"add_bos_token", true},
                                  {"add_eos_token", false},
                                  {"bos_token", "<s>"},
                                  {"eos_token", "</s>"},
                                  {"tokenizer_class", "LlamaTokenizer"}};
        auto tok = write_and_load("ms_llama2", metaspace_json(MetaStyle::Llama2Prepend), config);
        QCOMPARE(tok->kind(), std::string("bpe-metaspace"));
        // "▁hello▁world" as one word: ▁h(0) el(1) ▁hel(2) lo(3) ▁hello(4) ▁w(6) or(7) ▁wor(8) ld(9) ▁world(10).
        QCOMPARE(tok->encode("hello world"), (Ids{1, 276, 282}));
        QCOMPARE(tok->encode("hello world", false), (Ids{276, 282}));
        // Byte fallback: é is not in the vocabulary -> <0xC3> (3+195) <0xA9> (3+169).
        QCOMPARE(tok->encode("é", false), (Ids{259, 198, 172}));
        // The prepend normalizer runs on every piece between special tokens: "<s>", "▁hello".
        QCOMPARE(tok->encode("<s>hello", false), (Ids{1, 276}));
        // "▁Answer:▁A": ▁ A (rank 5) twice; the rest has no merges.
        QCOMPARE(tok->encode("Answer: A", false), (Ids{277, 268, 269, 264, 261, 265, 270, 277}));
        // " A" becomes "▁▁A": the prepended ▁ stays alone, then ▁A (as Hugging Face does).
        QCOMPARE(tok->encode(" A", false), (Ids{259, 277}));
        QCOMPARE(tok->decode({1, 276, 282}), std::string("<s> hello world"));
        QCOMPARE(tok->decode({1, 276, 282}, true), std::string("hello world"));
        QCOMPARE(tok->decode({259, 198, 172}), std::string("é"));
        for (const std::string t :
             {"hello world", " A", "  two spaces", "é and ü", "line\nbreak", "👍🏽 ok", "\ttab"}) {
            QCOMPARE(tok->decode(tok->encode(t), true), t);
        }
        QCOMPARE(tok->display(277), std::string("␣A"));
        QCOMPARE(tok->display(3 + '\n'), std::string("⏎"));
        QCOMPARE(tok->display(198), std::string("<0xC3>"));
        QCOMPARE(tok->display(1), std::string("<s>"));
        QCOMPARE(tok->eos_ids(), (Ids{2}));

        // add_eos_token for a Llama tokenizer class rebuilds the template: <s> ... </s>.
        const gna::Json eos_config = {{"add_bos_token", false},
                                      {"add_eos_token", true},
                                      {"bos_token", "<s>"},
                                      {"eos_token", "</s>"},
                                      {"tokenizer_class", "LlamaTokenizerFast"}};
        auto eos_tok = write_and_load("ms_llama2_eos", metaspace_json(MetaStyle::Llama2Prepend), eos_config);
        QCOMPARE(eos_tok->encode("hello"), (Ids{276, 2}));
    }

    void metaspaceMistralFirst() {
        // No tokenizer_config.json: the template "<s> $A" decides.
        auto tok = write_and_load("ms_mistral", metaspace_json(MetaStyle::MistralMetaspace));
        QCOMPARE(tok->encode("hello world"), (Ids{1, 276, 282}));
        QCOMPARE(tok->bos_id(), std::optional<int>(1));
        // " A" already starts with ▁ after the replace: no prepend -> one token.
        QCOMPARE(tok->encode(" A", false), (Ids{277}));
        QCOMPARE(tok->encode("Answer: A", false).back(), 277);
        // prepend_scheme "first": text after a special token gets no ▁ -> h, el(1), lo(3).
        QCOMPARE(tok->encode("<s>hello", false), (Ids{1, 260, 273, 275}));
        for (const std::string t : {"hello world", "é", "a  b", "x\n"}) {
            QCOMPARE(tok->decode(tok->encode(t, false)), t);
        }
        // The decoder's Strip eats the one leading space, as in Hugging Face's Mistral tokenizer.
        QCOMPARE(tok->decode(tok->encode(" A", false)), std::string("A"));
    }

    void metaspaceLegacyDecoderAndUnk() {
        auto tok = write_and_load("ms_legacy", metaspace_json(MetaStyle::LegacyMetaspaceDecoder));
        // split: words "▁hello", "▁world".
        QCOMPARE(tok->encode("hello world", false), (Ids{276, 282}));
        // No byte fallback, fuse_unk: "▁héé" -> ▁ h <unk> (both é fused) -> ▁h(0) <unk>.
        QCOMPARE(tok->encode("héé", false), (Ids{272, 0}));
        QCOMPARE(tok->decode({276, 282}), std::string("hello world"));
        QCOMPARE(tok->decode({272, 0}, true), std::string("h"));
    }

    void trainerHandDerived() {
        // Words "ab", " ab" x2, " cd". Pair counts: a b 3, Ġ a 2, Ġ c 1, c d 1.
        // 1: a b -> ab (256). 2: Ġ ab (2) -> 257. 3: tie Ġ c / c d (1 each): smaller ids win,
        // c d = (66, 67) < Ġ c = (220, 66) -> cd (258). 4: Ġ cd -> 259. No pair is left.
        const fs::path d = dir("trained_tiny");
        const auto w = gna::write_bytelevel_bpe_tokenizer(d, "ab ab ab cd", 10);
        QCOMPARE(w.vocab_size, 262);
        QCOMPARE(w.bos_id, 260);
        QCOMPARE(w.eos_id, 261);
        const gna::Json j = gna::read_json_file(d / "tokenizer.json");
        QCOMPARE(j["model"]["merges"], (gna::Json{"a b", "Ġ ab", "c d", "Ġ cd"}));
        QCOMPARE(j["model"]["vocab"]["Ġcd"].get<int>(), 259);
        // bytes_to_unicode order as in GPT-2's vocab.json: "!" 0, "Ā" (byte 0) 188, "Ċ" 198, "Ġ" 220.
        QCOMPARE(j["model"]["vocab"]["!"].get<int>(), 0);
        QCOMPARE(j["model"]["vocab"]["Ā"].get<int>(), 188);
        QCOMPARE(j["model"]["vocab"]["Ċ"].get<int>(), 198);
        QCOMPARE(j["model"]["vocab"]["Ġ"].get<int>(), 220);
        auto tok = gna::load_tokenizer(d);
        QCOMPARE(tok->encode("ab cd"), (Ids{260, 256, 259}));
        QCOMPARE(tok->eos_ids(), (Ids{261}));
    }

    void trainerLayoutDeterminismSpeed() {
        // 50 KB of pseudo-words from syllables (a fixed LCG), with "the" every fifth word.
        std::string corpus;
        const char* syllables[] = {"ka", "ri",   "to", "men", "sa", "lo", "ve", "qu",      "ü",  "na",
                                   "ïd", "日本", "st", "ex",  "or", "pa", "li", "Answer:", "42", "7"};
        unsigned x = 12345;
        auto next = [&x] { return (x = x * 1103515245u + 12345u) >> 16; };
        for (int n = 0; corpus.size() < 50000; ++n) {
            if (n % 5 == 0) {
                corpus += "the";
            } else {
                for (unsigned k = 0, len = 1 + next() % 3; k < len; ++k) corpus += syllables[next() % 20];
            }
            corpus += next() % 11 == 0 ? ",\n" : " ";
        }
        QElapsedTimer timer;
        timer.start();
        const auto w = gna::write_bytelevel_bpe_tokenizer(dir("trained_a"), corpus, 500);
        const qint64 ms = timer.elapsed();
        qInfo("trained 500 merges on %zu bytes in %lld ms", corpus.size(), static_cast<long long>(ms));
        QVERIFY2(ms < 3000, "training 50 KB with 500 merges should take well under a second");
        gna::write_bytelevel_bpe_tokenizer(dir("trained_b"), corpus, 500);
        for (const char* f : {"tokenizer.json", "tokenizer_config.json"}) {
            QVERIFY(read_all(dir("trained_a") / f) == read_all(dir("trained_b") / f));
        }
        // Hugging Face layout, keys in Hugging Face's order.
        const auto j = nlohmann::ordered_json::parse(read_all(dir("trained_a") / "tokenizer.json"));
        std::vector<std::string> keys;
        for (const auto& [k, v] : j.items()) keys.push_back(k);
        QCOMPARE(keys,
                 (std::vector<std::string>{"version", "truncation", "padding", "added_tokens", "normalizer",
                                           "pre_tokenizer", "post_processor", "decoder", "model"}));
        QCOMPARE(j["added_tokens"][0]["content"].get<std::string>(), std::string("<|begin_of_text|>"));
        QCOMPARE(j["pre_tokenizer"]["pretokenizers"][0]["type"].get<std::string>(), std::string("Split"));
        QCOMPARE(j["pre_tokenizer"]["pretokenizers"][1]["use_regex"].get<bool>(), false);
        QCOMPARE(j["model"]["ignore_merges"].get<bool>(), true);
        QCOMPARE(static_cast<int>(j["model"]["merges"].size()), 500);
        QCOMPARE(w.vocab_size, static_cast<int>(j["model"]["vocab"].size()) + 2);
        const auto cfg = gna::read_json_file(dir("trained_a") / "tokenizer_config.json");
        QCOMPARE(cfg["bos_token"].get<std::string>(), std::string("<|begin_of_text|>"));
        QCOMPARE(cfg["tokenizer_class"].get<std::string>(), std::string("PreTrainedTokenizerFast"));
        QVERIFY(cfg["add_bos_token"].get<bool>());

        auto tok = gna::load_tokenizer(dir("trained_a"));
        QCOMPARE(tok->kind(), std::string("bpe-bytelevel"));
        QCOMPARE(tok->vocab_size(), w.vocab_size);
        QCOMPARE(tok->bos_id(), std::optional<int>(w.bos_id));
        const std::string text = "the attention head gathers 1234 needles; Ünïcödé 👍 not in the corpus\n\tend";
        const auto ids = tok->encode(text);
        QCOMPARE(ids.front(), w.bos_id);
        QCOMPARE(tok->decode(ids, true), text);
        QVERIFY(tok->encode(" the", false).size() == 1);  // a frequent word became one token
    }

    void sentencepieceTrainLoadRoundTrip() {
#if defined(__SANITIZE_ADDRESS__)
        // AddressSanitizer refuses RTLD_DEEPBIND; without it libsentencepiece's protobuf meets
        // libtorch's in this process and SentencePiece refuses to run.
        QSKIP("SentencePiece plugin needs RTLD_DEEPBIND, which AddressSanitizer builds cannot use");
#endif
        const fs::path d = dir("spm");
        std::string corpus;
        const char* lines[] = {"hello world",
                               "the quick brown fox jumps over the lazy dog",
                               "attention heads gather and aggregate",
                               "Answer: A",
                               "Answer: B",
                               "a needle in a haystack",
                               "retrieval heads copy tokens"};
        for (int i = 0; i < 300; ++i) corpus += std::string(lines[i % 7]) + " " + std::to_string(i % 10) + "\n";
        write_text(d / "corpus.txt", corpus);
        gna::train_sentencepiece("--input=" + (d / "corpus.txt").string() +
                                 " --model_prefix=" + (d / "tokenizer").string() +
                                 " --vocab_size=100 --model_type=bpe --character_coverage=1.0 --hard_vocab_limit=false"
                                 " --unk_id=0 --bos_id=1 --eos_id=2 --pad_id=-1 --num_threads=1");
        QVERIFY(fs::exists(d / "tokenizer.model"));
        // The point of the plugin: libtorch's libprotobuf is in this process too.
        const std::string maps = read_all("/proc/self/maps");
        qInfo("libprotobuf mapped: %s, libtorch mapped: %s",
              maps.find("libprotobuf") != std::string::npos ? "yes" : "no",
              maps.find("libtorch") != std::string::npos ? "yes" : "no");
        auto tok = gna::load_tokenizer(d);
        QCOMPARE(tok->kind(), std::string("sentencepiece"));
        QCOMPARE(tok->vocab_size(), 100);
        QCOMPARE(tok->bos_id(), std::optional<int>(1));
        QCOMPARE(tok->eos_ids(), (Ids{2}));
        QCOMPARE(tok->piece(1), std::string("<s>"));
        QVERIFY(tok->is_special(1));
        const std::string text = "the lazy fox gathers a needle";
        const auto ids = tok->encode(text);
        QCOMPARE(ids.front(), 1);  // add_bos defaults to true, as Llama-2
        QVERIFY(tok->encode(text, false).front() != 1);
        // Independent check: the pieces, ▁ read as space, spell " " + text.
        std::string spelled;
        for (std::size_t i = 1; i < ids.size(); ++i) spelled += tok->piece(ids[i]);
        std::string expect = "▁" + text;
        for (std::size_t p = expect.find(' '); p != std::string::npos; p = expect.find(' ')) expect.replace(p, 1, "▁");
        QCOMPARE(spelled, expect);
        QCOMPARE(tok->decode(ids, true), text);
        QCOMPARE(tok->decode(tok->encode("Answer: A", false)), std::string("Answer: A"));
        QCOMPARE(tok->encode("<s>hello", false).front(), 1);  // control piece written in the text
        for (int id = 3; id < tok->vocab_size(); ++id) {
            const std::string p = tok->piece(id);
            if (p.rfind("▁", 0) == 0 && p.size() > 3) {
                QCOMPARE(tok->display(id), "␣" + p.substr(3));
                break;
            }
        }
        QVERIFY(!error_of([&] { tok->encode("bad \xC3"); }).isEmpty());

        // tokenizer_config.json turns BOS off.
        write_text(d / "tokenizer_config.json", R"({"add_bos_token": false, "eos_token": "</s>"})");
        QVERIFY(gna::load_tokenizer(d)->encode(text).front() != 1);
        // Garbage in tokenizer.model.
        const fs::path bad = dir("spm_bad");
        write_text(bad / "tokenizer.model", "this is not a protobuf");
        const QString msg = error_of([&] { gna::load_tokenizer(bad); });
        QVERIFY2(msg.contains(QLatin1String("tokenizer.model")), qPrintable(msg));
    }

    void badInputs() {
        auto tok = write_and_load("bad_utf8", bytelevel_json(true, false));
        const QString utf8 = error_of([&] { tok->encode("abc\xFF"); });
        QVERIFY2(utf8.contains(QLatin1String("not valid UTF-8 at byte 3")), qPrintable(utf8));
        QVERIFY(utf8.contains(QLatin1String("tokenizer.json")));

        const fs::path empty = dir("empty");
        const QString missing = error_of([&] { gna::load_tokenizer(empty); });
        QVERIFY2(missing.contains(QString::fromStdString(empty.string())), qPrintable(missing));
        QVERIFY(missing.contains(QLatin1String("tokenizer.json")) &&
                missing.contains(QLatin1String("tokenizer.model")));

        gna::Json no_vocab = metaspace_json(MetaStyle::MistralMetaspace);
        no_vocab["model"].erase("vocab");
        const QString v = error_of([&] { write_and_load("no_vocab", no_vocab); });
        QVERIFY2(v.contains(QLatin1String("tokenizer.json")) && v.contains(QLatin1String("model.vocab")),
                 qPrintable(v));

        gna::Json unknown_merge = metaspace_json(MetaStyle::MistralMetaspace);
        unknown_merge["model"]["merges"][0] = "▁ q";
        const QString m = error_of([&] { write_and_load("bad_merge", unknown_merge); });
        QVERIFY2(m.contains(QLatin1String("tokenizer.json")) && m.contains(QLatin1String("model.merges[0]")) &&
                     m.contains(QLatin1String("\"q\"")),
                 qPrintable(m));

        const fs::path truncated = dir("truncated");
        write_text(truncated / "tokenizer.json", "{\"model\": {\"vocab\": {");
        const QString t = error_of([&] { gna::load_tokenizer(truncated); });
        QVERIFY2(t.contains(QLatin1String("tokenizer.json")), qPrintable(t));

        gna::Json bad_regex = bytelevel_json(true, false);
        bad_regex["pre_tokenizer"]["pretokenizers"][0]["pattern"]["Regex"] = "(unclosed";
        const QString r = error_of([&] { write_and_load("bad_regex", bad_regex); });
        QVERIFY2(r.contains(QLatin1String("pre_tokenizer.pretokenizers[0].pattern.Regex")), qPrintable(r));

        const fs::path bad_cfg = dir("bad_config");
        write_text(bad_cfg / "tokenizer.json", bytelevel_json(true, false).dump());
        write_text(bad_cfg / "tokenizer_config.json", R"({"add_bos_token": "yes"})");
        const QString c = error_of([&] { gna::load_tokenizer(bad_cfg); });
        QVERIFY2(c.contains(QLatin1String("tokenizer_config.json")) && c.contains(QLatin1String("add_bos_token")),
                 qPrintable(c));
    }

    void longTextIsFast() {
        auto tok = write_and_load("long", metaspace_json(MetaStyle::Llama2Prepend));
        std::string text;
        while (text.size() < 60000) text += "hello world hell low ";
        QElapsedTimer timer;
        timer.start();
        const auto ids = tok->encode(text, false);  // one 60 KB word for BPE: no pre-tokenizer
        QVERIFY2(timer.elapsed() < 2000, "BPE over one long word must not be quadratic");
        QCOMPARE(tok->decode(ids), text);
    }
};

QTEST_GUILESS_MAIN(TestTokenizer)
#include "tst_tokenizer.moc"
