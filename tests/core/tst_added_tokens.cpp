// Added tokens as the tokenizers library's AddedVocabulary finds them. The tokenizer gives every
// character its code point as id (no merges, no pre-tokenizer), so the expected ids below are
// worked out by hand from the library's documented rules: leftmost-longest matches searched left
// to right (a discarded single_word match is not searched again inside), single_word against
// regex \w on both sides, lstrip / rstrip over Unicode whitespace, normalized tokens matched in
// the normalized text after the non-normalized ones in the raw text.
#include <QTemporaryDir>
#include <QtTest>

#include <string>
#include <vector>

#include "gna/json.h"
#include "gna/tokenizer.h"
#include "print_ids.h"
#include "test_support.h"

namespace {
namespace fs = std::filesystem;
using Ids = std::vector<int>;

gna::Json added(int id, const std::string& content, bool special, bool single_word = false, bool lstrip = false,
                bool rstrip = false, bool normalized = false) {
    return {{"id", id},         {"content", content},       {"single_word", single_word}, {"lstrip", lstrip},
            {"rstrip", rstrip}, {"normalized", normalized}, {"special", special}};
}
}  // namespace

class TestAddedTokens : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    int count_ = 0;

    // Vocabulary: printable ASCII (id = code point), "é" (0xE9), "。" (0x3002); <unk> = 0.
    std::unique_ptr<gna::Tokenizer> make(const gna::Json& added_tokens, const gna::Json& normalizer = nullptr) {
        gna::Json vocab = {{"<unk>", 0}, {"é", 0xE9}, {"。", 0x3002}};
        for (int c = 0x20; c < 0x7F; ++c) vocab[std::string(1, static_cast<char>(c))] = c;
        const gna::Json j = {
            {"added_tokens", added_tokens},
            {"normalizer", normalizer},
            {"pre_tokenizer", nullptr},
            {"model", {{"type", "BPE"}, {"unk_token", "<unk>"}, {"vocab", vocab}, {"merges", gna::Json::array()}}}};
        return gna::test::load_tokenizer_json(j,
                                              fs::path(tmp_.path().toStdString()) / ("t" + std::to_string(count_++)));
    }

private Q_SLOTS:
    void lstripAndRstrip() {
        auto tok =
            make({added(1000, "<mask>", true, false, true, false), added(1001, "<r>", true, false, false, true)});
        // lstrip swallows both spaces before <mask>; the space after it stays.
        QCOMPARE(tok->encode("a  <mask> b", false), (Ids{'a', 1000, ' ', 'b'}));
        // rstrip swallows the spaces (and a tab) after <r>.
        QCOMPARE(tok->encode("a <r> \tb", false), (Ids{'a', ' ', 1001, 'b'}));
        // U+3000 IDEOGRAPHIC SPACE is whitespace too (it is not in the vocabulary: <unk> if kept).
        QCOMPARE(tok->encode("a\xE3\x80\x80<mask>", false), (Ids{'a', 1000}));
    }

    void singleWord() {
        auto tok = make(gna::Json::array({added(1002, "ab", false, true)}));
        // "ab" alone, "cab" (c before), "ab_" (_ after), "ab." ('.' is no word character).
        QCOMPARE(tok->encode("ab cab ab_ ab.", false),
                 (Ids{1002, ' ', 'c', 'a', 'b', ' ', 'a', 'b', '_', ' ', 1002, '.'}));
        // é is a letter (\w); 。 (U+3002, punctuation) is not.
        QCOMPARE(tok->encode("\xC3\xA9"
                             "ab \xE3\x80\x82"
                             "ab",
                             false),
                 (Ids{0xE9, 'a', 'b', ' ', 0x3002, 1002}));
    }

    void leftmostLongestAndNoSecondLook() {
        auto tok = make({added(1003, "<a>", true), added(1004, "<a><b>", true), added(1005, "ab", false, true),
                         added(1006, "bc", false)});
        QCOMPARE(tok->encode("x<a><b><a>", false), (Ids{'x', 1004, 1003}));
        // At 0 the longest match is "ab"; 'c' follows, so the single_word match is dropped, and
        // the search goes on after it: "bc" (starting inside it) is never found.
        QCOMPARE(tok->encode("abc", false), (Ids{'a', 'b', 'c'}));
        QCOMPARE(tok->encode("xbc", false), (Ids{'x', 1006}));
    }

    void normalizedFlag() {
        const gna::Json lower = {{"type", "Lowercase"}};
        auto tok = make({added(1007, "Hello", false, false, false, false, true), added(1008, "<X>", true)}, lower);
        // normalized = true: matched in the lowercased text against the lowercased content.
        QCOMPARE(tok->encode("HELLO!", false), (Ids{1007, '!'}));
        // normalized = false: matched in the raw text before lowercasing; "<x>" is plain text.
        QCOMPARE(tok->encode("<X><x>", false), (Ids{1008, '<', 'x', '>'}));
    }

    void specialAndNonSpecialAndIdsBeyondTheVocabulary() {
        // Gemma-3 style: an added token far beyond the model vocabulary.
        auto tok = make({added(262144, "<image_soft_token>", true), added(1009, "[note]", false)});
        QCOMPARE(tok->encode("a<image_soft_token>[note]", false), (Ids{'a', 262144, 1009}));
        QCOMPARE(tok->vocab_size(), 262145);
        QVERIFY(tok->is_special(262144));
        QVERIFY(!tok->is_special(1009));
        QCOMPARE(tok->piece(262144), std::string("<image_soft_token>"));
        // No decoder: the library joins the tokens with spaces; skip_special drops only specials.
        QCOMPARE(tok->decode({'a', 262144, 1009}, true), std::string("a [note]"));
        QCOMPARE(tok->decode({'a', 262144, 1009}, false), std::string("a <image_soft_token> [note]"));
    }

    void thousandsOfAddedTokens() {
        gna::Json list = gna::Json::array();
        for (int i = 0; i < 6400; ++i) list.push_back(added(2000 + i, "<unused" + std::to_string(i) + ">", true));
        auto tok = make(list);
        // "<unused63>" must not be taken for a prefix of "<unused6399>" or vice versa.
        QCOMPARE(tok->encode("<unused6399><unused63>x<unused7>", false), (Ids{2000 + 6399, 2000 + 63, 'x', 2007}));
        // No token is "<unused6400>" or a prefix of this text ending in '>': plain characters.
        QCOMPARE(tok->encode("<unused64000>", false),
                 (Ids{'<', 'u', 'n', 'u', 's', 'e', 'd', '6', '4', '0', '0', '0', '>'}));
    }
};

QTEST_GUILESS_MAIN(TestAddedTokens)
#include "tst_added_tokens.moc"
