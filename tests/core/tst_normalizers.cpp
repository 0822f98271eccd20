// Normalizer tests. Each case writes a tokenizer.json whose BPE vocabulary gives every character
// its own code point as id (no merges, no pre-tokenizer), so encode() returns the code points of
// the normalized text. Expected code points are worked out by hand from the Unicode Character
// Database (decompositions, combining classes, composition exclusions, Hangul arithmetic) and the
// tokenizers library's documented behaviour; none comes from the code under test.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <cstdio>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "gna/error.h"
#include "gna/json.h"
#include "gna/tokenizer.h"
#include "test_support.h"

namespace QTest {
template <>
char* toString(const std::vector<int>& v) {
    QByteArray s = "{";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + QByteArray("0x") + QByteArray::number(v[i], 16);
    return qstrdup(s + "}");
}
}  // namespace QTest

namespace {

namespace fs = std::filesystem;
using Cps = std::vector<int>;

// The UTF-8 of code points, encoded by Qt (not by the tokenizer's own encoder under test).
std::string utf8(const Cps& cps) {
    const std::u32string s(cps.begin(), cps.end());
    return QString::fromUcs4(s.data(), static_cast<qsizetype>(s.size())).toStdString();
}

using gna::test::error_of;

}  // namespace

class TestNormalizers : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    int count_ = 0;

    // A tokenizer with `normalizer` whose vocabulary is `alphabet` (id = code point) plus <unk> = 0.
    std::unique_ptr<gna::Tokenizer> code_point_tokenizer(const gna::Json& normalizer, const Cps& alphabet) {
        gna::Json vocab = {{"<unk>", 0}};
        for (int c : alphabet) vocab[utf8({c})] = c;
        const gna::Json j = {
            {"version", "1.0"},
            {"added_tokens", gna::Json::array()},
            {"normalizer", normalizer},
            {"pre_tokenizer", nullptr},
            {"post_processor", nullptr},
            {"decoder", nullptr},
            {"model", {{"type", "BPE"}, {"unk_token", "<unk>"}, {"vocab", vocab}, {"merges", gna::Json::array()}}}};
        return gna::test::load_tokenizer_json(j,
                                              fs::path(tmp_.path().toStdString()) / ("n" + std::to_string(count_++)));
    }
    // The code points of `input` after `normalizer`; every code point of `expected` is in the vocabulary.
    Cps run(const gna::Json& normalizer, const Cps& input, const Cps& expected) {
        return code_point_tokenizer(normalizer, expected)->encode(utf8(input), false);
    }
    static gna::Json type(const char* t) { return {{"type", t}}; }

private Q_SLOTS:
    void nfcComposes() {
        // e + COMBINING ACUTE (U+0301) -> U+00E9.
        QCOMPARE(run(type("NFC"), {'e', 0x301}, {0xE9}), (Cps{0xE9}));
        // A + COMBINING RING ABOVE -> U+00C5; ANGSTROM SIGN U+212B is a singleton -> U+00C5.
        QCOMPARE(run(type("NFC"), {'A', 0x30A, ' ', 0x212B}, {0xC5, ' '}), (Cps{0xC5, ' ', 0xC5}));
        // Canonical ordering then composition: a + U+0302 (ccc 230) + U+0323 (ccc 220) reorders to
        // a U+0323 U+0302; a+U+0323 = U+1EA1, U+1EA1+U+0302 = U+1EAD.
        QCOMPARE(run(type("NFC"), {'a', 0x302, 0x323}, {0x1EAD}), (Cps{0x1EAD}));
        // A second acute is blocked by nothing but has no composite with U+00E1: it stays.
        QCOMPARE(run(type("NFC"), {'a', 0x301, 0x301}, {0xE1, 0x301}), (Cps{0xE1, 0x301}));
        // A starter in between blocks: b + ring has no composite, and A is not adjacent.
        QCOMPARE(run(type("NFC"), {'A', 'b', 0x30A}, {'A', 'b', 0x30A}), (Cps{'A', 'b', 0x30A}));
    }

    void nfcHangul() {
        // L U+1100 + V U+1161 -> 0xAC00 + (0*21 + 0)*28 = U+AC00.
        QCOMPARE(run(type("NFC"), {0x1100, 0x1161}, {0xAC00}), (Cps{0xAC00}));
        // + T U+11A8 (index 1) -> U+AC01.
        QCOMPARE(run(type("NFC"), {0x1100, 0x1161, 0x11A8}, {0xAC01}), (Cps{0xAC01}));
        // U+1112 (L 18) U+1161 (V 0) U+11AB (T 4): 0xAC00 + 18*21*28 + 4 = U+D55C.
        QCOMPARE(run(type("NFC"), {0x1112, 0x1161, 0x11AB}, {0xD55C}), (Cps{0xD55C}));
        // A precomposed LV syllable takes a trailing jamo: U+AC00 + U+11A8 -> U+AC01.
        QCOMPARE(run(type("NFC"), {0xAC00, 0x11A8}, {0xAC01}), (Cps{0xAC01}));
    }

    void nfcCompositionExclusions() {
        // DEVANAGARI QA U+0958 = U+0915 U+093C is in CompositionExclusions.txt: NFC decomposes it
        // and never composes the pair back.
        QCOMPARE(run(type("NFC"), {0x958}, {0x915, 0x93C}), (Cps{0x915, 0x93C}));
        QCOMPARE(run(type("NFC"), {0x915, 0x93C}, {0x915, 0x93C}), (Cps{0x915, 0x93C}));
        // COMBINING GREEK DIALYTIKA TONOS U+0344 is a non-starter decomposition (U+0308 U+0301).
        QCOMPARE(run(type("NFC"), {0x344}, {0x308, 0x301}), (Cps{0x308, 0x301}));
    }

    void nfdDecomposes() {
        QCOMPARE(run(type("NFD"), {0xC5}, {'A', 0x30A}), (Cps{'A', 0x30A}));
        QCOMPARE(run(type("NFD"), {0xAC01}, {0x1100, 0x1161, 0x11A8}), (Cps{0x1100, 0x1161, 0x11A8}));
        // U+1EAD -> U+1EA1 U+0302 -> a U+0323 U+0302 (recursive).
        QCOMPARE(run(type("NFD"), {0x1EAD}, {'a', 0x323, 0x302}), (Cps{'a', 0x323, 0x302}));
        // LATIN SMALL LONG S WITH DOT ABOVE U+1E9B -> U+017F U+0307 (no compatibility step).
        QCOMPARE(run(type("NFD"), {0x1E9B}, {0x17F, 0x307}), (Cps{0x17F, 0x307}));
        // Reordering: a U+0302 U+0323 -> a U+0323 U+0302.
        QCOMPARE(run(type("NFD"), {'a', 0x302, 0x323}, {'a', 0x323, 0x302}), (Cps{'a', 0x323, 0x302}));
        // The ligature U+FB01 has only a compatibility decomposition: NFD keeps it.
        QCOMPARE(run(type("NFD"), {0xFB01}, {0xFB01}), (Cps{0xFB01}));
    }

    void nfkdAndNfkc() {
        // U+1E9B: U+017F (long s) has the compatibility mapping to 's'.
        QCOMPARE(run(type("NFKD"), {0x1E9B}, {'s', 0x307}), (Cps{'s', 0x307}));
        QCOMPARE(run(type("NFKC"), {0x1E9B}, {0x1E61}), (Cps{0x1E61}));  // s + dot above = U+1E61
        QCOMPARE(run(type("NFKD"), {0xFB01, 0x2460}, {'f', 'i', '1'}), (Cps{'f', 'i', '1'}));  // ﬁ, ①
        // VULGAR FRACTION ONE HALF U+00BD -> 1 U+2044 2.
        QCOMPARE(run(type("NFKC"), {0xBD}, {'1', 0x2044, '2'}), (Cps{'1', 0x2044, '2'}));
        // NFKC composes like NFC: U+212B -> U+00C5; a decomposed é composes.
        QCOMPARE(run(type("NFKC"), {0x212B, 'e', 0x301}, {0xC5, 0xE9}), (Cps{0xC5, 0xE9}));
        // FULLWIDTH LATIN CAPITAL A U+FF21 -> A; NO-BREAK SPACE U+00A0 -> space.
        QCOMPARE(run(type("NFKC"), {0xFF21, 0xA0}, {'A', ' '}), (Cps{'A', ' '}));
    }

    void nfcBeforeByteLevelBpe() {
        // Qwen2 / GPT-NeoX layout: NFC, then ByteLevel BPE. "é" is the bytes C3 A9, written "Ã©" in
        // the byte alphabet (both bytes are printable, so they stand for themselves); the merge
        // "Ã ©" gives id 2. Decomposed input (e + U+0301) must give the same id.
        const gna::Json vocab = {{"e", 0}, {"Ã", 1}, {"©", 3}, {"Ã©", 2}};
        const gna::Json j = {
            {"normalizer", type("NFC")},
            {"pre_tokenizer", {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", true}}},
            {"decoder", {{"type", "ByteLevel"}}},
            {"model", {{"type", "BPE"}, {"vocab", vocab}, {"merges", {"Ã ©"}}}}};
        auto tok = gna::test::load_tokenizer_json(j, fs::path(tmp_.path().toStdString()) / "nfc_bytelevel");
        QCOMPARE(tok->encode(utf8({0xE9}), false), (Cps{2}));
        QCOMPARE(tok->encode(utf8({'e', 0x301}), false), (Cps{2}));
    }

    void qwenLayoutNfcAndSingleDigits() {
        // Qwen2/2.5/3: NFC, then Split on Qwen's pattern (one digit per piece), then ByteLevel
        // without its own regex. "e" U+0301 " 12" -> NFC "é 12" -> pieces "é", " ", "1", "2"
        // -> "Ã©" (merge, id 2), "Ġ" (4), "1" (5), "2" (6); the merge "1 2" never applies.
        const char* qwen =
            "(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\\r\\n\\p{L}\\p{N}]?\\p{L}+|\\p{N}| "
            "?[^\\s\\p{L}\\p{N}]+[\\r\\n]*|\\s*[\\r\\n]+|\\s+(?!\\S)|\\s+";
        const gna::Json vocab = {{"Ã", 1}, {"Ã©", 2}, {"©", 3}, {"Ġ", 4}, {"1", 5}, {"2", 6}, {"12", 7}};
        const gna::Json pre = {
            {"type", "Sequence"},
            {"pretokenizers",
             {{{"type", "Split"}, {"pattern", {{"Regex", qwen}}}, {"behavior", "Isolated"}, {"invert", false}},
              {{"type", "ByteLevel"}, {"add_prefix_space", false}, {"use_regex", false}}}}};
        const gna::Json j = {{"normalizer", type("NFC")},
                             {"pre_tokenizer", pre},
                             {"decoder", {{"type", "ByteLevel"}}},
                             {"model", {{"type", "BPE"}, {"vocab", vocab}, {"merges", {"Ã ©", "1 2"}}}}};
        auto tok = gna::test::load_tokenizer_json(j, fs::path(tmp_.path().toStdString()) / "qwen");
        QCOMPARE(tok->encode(utf8({'e', 0x301, ' ', '1', '2'}), false), (Cps{2, 4, 5, 6}));
    }

    void lowercase() {
        // Full Unicode lowercase, one character at a time (no final-sigma rule, as Rust's char).
        QCOMPARE(run(type("Lowercase"), {0xC0, 'B', 0x3A3, 0x41F}, {0xE0, 'b', 0x3C3, 0x43F}),
                 (Cps{0xE0, 'b', 0x3C3, 0x43F}));
        // U+0130 (I with dot above) -> i U+0307 (SpecialCasing.txt).
        QCOMPARE(run(type("Lowercase"), {0x130}, {'i', 0x307}), (Cps{'i', 0x307}));
    }

    void stripUsesUnicodeWhiteSpace() {
        const gna::Json both = {{"type", "Strip"}, {"strip_left", true}, {"strip_right", true}};
        // IDEOGRAPHIC SPACE U+3000 and NO-BREAK SPACE U+00A0 are White_Space.
        QCOMPARE(run(both, {0x3000, ' ', 'a', ' ', 'b', 0xA0, '\n'}, {'a', ' ', 'b'}), (Cps{'a', ' ', 'b'}));
        const gna::Json left = {{"type", "Strip"}, {"strip_left", true}, {"strip_right", false}};
        QCOMPARE(run(left, {' ', 'a', ' '}, {'a', ' '}), (Cps{'a', ' '}));
    }

    void stripAccentsRemovesMarks() {
        // StripAccents removes General_Category M: U+0301 (Mn) and DEVANAGARI SIGN VISARGA U+0903 (Mc);
        // precomposed U+00E9 is not a mark and stays.
        QCOMPARE(run(type("StripAccents"), {'e', 0x301, 0x915, 0x903, 0xE9}, {'e', 0x915, 0xE9}),
                 (Cps{'e', 0x915, 0xE9}));
        // The usual pairing with NFD: "ÉCOLE" -> "ecole".
        const gna::Json seq = {{"type", "Sequence"},
                               {"normalizers", {type("NFD"), type("StripAccents"), type("Lowercase")}}};
        QCOMPARE(run(seq, {0xC9, 'C', 'O', 'L', 'E'}, {'e', 'c', 'o', 'l'}), (Cps{'e', 'c', 'o', 'l', 'e'}));
    }

    void bertNormalizer() {
        const gna::Json bert = {{"type", "BertNormalizer"},
                                {"clean_text", true},
                                {"handle_chinese_chars", true},
                                {"strip_accents", nullptr},
                                {"lowercase", true}};
        // "Héllo\t世界\0" + SOFT HYPHEN (Cf): tab -> space, NUL and U+00AD removed, each CJK
        // ideograph padded with spaces, accents stripped (null follows lowercase), lowercased.
        QCOMPARE(run(bert, {'H', 0xE9, 'l', 'l', 'o', '\t', 0x4E16, 0x754C, 0, 0xAD},
                     {'h', 'e', 'l', 'o', ' ', 0x4E16, 0x754C}),
                 (Cps{'h', 'e', 'l', 'l', 'o', ' ', ' ', 0x4E16, ' ', ' ', 0x754C, ' '}));
        // strip_accents false: é survives lowercasing of É.
        gna::Json keep = bert;
        keep["strip_accents"] = false;
        QCOMPARE(run(keep, {0xC9}, {0xE9}), (Cps{0xE9}));
        // BERT strips only nonspacing marks (Mn), so U+0903 (Mc) stays.
        QCOMPARE(run(bert, {0x915, 0x903, 0x301}, {0x915, 0x903}), (Cps{0x915, 0x903}));
    }

    void nmtAndReplaceAndPrepend() {
        // Nmt drops control characters and maps ZERO WIDTH SPACE U+200B to a space.
        QCOMPARE(run(type("Nmt"), {'a', 1, 'b', 0x200B, 'c'}, {'a', 'b', ' ', 'c'}), (Cps{'a', 'b', ' ', 'c'}));
        const gna::Json seq = {{"type", "Sequence"},
                               {"normalizers",
                                {{{"type", "Replace"}, {"pattern", {{"Regex", "\\s+"}}}, {"content", " "}},
                                 {{"type", "Prepend"}, {"prepend", "_"}}}}};
        QCOMPARE(run(seq, {'a', ' ', '\n', 0x3000, 'b'}, {'_', 'a', ' ', 'b'}), (Cps{'_', 'a', ' ', 'b'}));
    }

    void precompiledCharsmap() {
        // A double-array trie written by hand with one key, the byte 'x' -> "ks":
        //   unit[0] = 1 << 10 (root, offset 1), so the child for byte c sits at 1 ^ c;
        //   unit[1 ^ 'x' = 121] = label 'x' | has_leaf (1 << 8) | offset 1 (1 << 10): leaf at 120;
        //   unit[120] = 1 << 31 | 0: the value, offset 0 into the pool "ks\0".
        std::vector<std::uint32_t> units(122, 0);
        units[0] = 1u << 10;
        units[121] = 'x' | (1u << 8) | (1u << 10);
        units[120] = (1u << 31) | 0;
        std::string blob;
        const std::uint32_t size = static_cast<std::uint32_t>(units.size() * 4);
        for (int k = 0; k < 4; ++k) blob += static_cast<char>((size >> (8 * k)) & 0xFF);
        for (std::uint32_t u : units)
            for (int k = 0; k < 4; ++k) blob += static_cast<char>((u >> (8 * k)) & 0xFF);
        blob += std::string("ks\0", 3);
        const QByteArray b64 = QByteArray(blob.data(), static_cast<qsizetype>(blob.size())).toBase64();
        const gna::Json pre = {{"type", "Precompiled"}, {"precompiled_charsmap", b64.toStdString()}};
        QCOMPARE(run(pre, {'a', 'x', 'b'}, {'a', 'k', 's', 'b'}), (Cps{'a', 'k', 's', 'b'}));
        // The whole grapheme cluster (x + U+0301, 3 bytes) is replaced by the shortest matching
        // key's replacement, as the tokenizers library does.
        QCOMPARE(run(pre, {'x', 0x301, 'y'}, {'k', 's', 'y'}), (Cps{'k', 's', 'y'}));
        // A damaged blob is refused with the file and key named.
        const gna::Json broken = {{"type", "Precompiled"}, {"precompiled_charsmap", "AAAA"}};
        const QString msg = error_of([&] { code_point_tokenizer(broken, {'a'}); });
        QVERIFY2(msg.contains(QLatin1String("precompiled_charsmap")) && msg.contains(QLatin1String("tokenizer.json")),
                 qPrintable(msg));
    }

    void unknownNormalizerIsAClearError() {
        const QString msg = error_of([&] { code_point_tokenizer(type("Frobnicate"), {'a'}); });
        QVERIFY2(msg.contains(QLatin1String("normalizer.type")) && msg.contains(QLatin1String("Frobnicate")) &&
                     msg.contains(QLatin1String("NFKC")),
                 qPrintable(msg));
    }

    // Every line of the Unicode conformance file, when the unicode-data package provides it.
    void normalizationTestConformance() {
        const QString path = QStringLiteral("/usr/share/unicode/NormalizationTest.txt.bz2");
        if (!QFile::exists(path)) QSKIP("install unicode-data for the Unicode conformance file");
        QProcess bz;
        bz.start(QStringLiteral("bzcat"), {path});
        if (!bz.waitForFinished(60000) || bz.exitCode() != 0) QSKIP("bzcat is not available");
        const QList<QByteArray> lines = bz.readAllStandardOutput().split('\n');
        // One tokenizer per form over the code points of the file (ids = code points).
        std::vector<std::vector<Cps>> cases;
        std::set<int> alphabet;
        for (const QByteArray& line : lines) {
            if (line.isEmpty() || line[0] == '#' || line[0] == '@') continue;
            const QList<QByteArray> cols = line.split(';');
            std::vector<Cps> c;
            for (int i = 0; i < 5; ++i) {
                Cps cps;
                for (const QByteArray& h : cols[i].simplified().split(' ')) cps.push_back(h.toInt(nullptr, 16));
                for (int cp : cps) alphabet.insert(cp);
                c.push_back(cps);
            }
            cases.push_back(c);
        }
        QVERIFY(cases.size() > 10000);
        const Cps all(alphabet.begin(), alphabet.end());
        auto nfc = code_point_tokenizer(type("NFC"), all), nfd = code_point_tokenizer(type("NFD"), all);
        auto nfkc = code_point_tokenizer(type("NFKC"), all), nfkd = code_point_tokenizer(type("NFKD"), all);
        int failures = 0;
        for (const auto& c : cases) {
            for (int i = 0; i < 5; ++i) {
                const std::string s = utf8(c[i]);
                const bool ok = nfc->encode(s, false) == c[i < 3 ? 1 : 3] &&
                    nfd->encode(s, false) == c[i < 3 ? 2 : 4] && nfkc->encode(s, false) == c[3] &&
                    nfkd->encode(s, false) == c[4];
                if (!ok && failures++ < 5)
                    qWarning("conformance failure on column %d of %s", i + 1, utf8(c[0]).c_str());
            }
        }
        QCOMPARE(failures, 0);
    }
};

QTEST_GUILESS_MAIN(TestNormalizers)
#include "tst_normalizers.moc"
