// The fast tokenizer.json reader: JSON string escapes in model.vocab and model.merges (as
// Python's json.dumps writes them with ensure_ascii), duplicate keys, and the same tokenizer
// whether the vocabulary is scanned directly or read through the JSON tree.
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

#include "gna/json.h"
#include "gna/tokenizer.h"
#include "print_ids.h"

namespace {
// h = \u0068, i = \u0069, "hi" merged (id 2), U+1F600 as a surrogate pair (id 3), the piece
// "q\ (quote, q, backslash) (id 4); "x" listed twice: the last id (6) wins.
const char* kEscaped =
    "{\"version\": \"1.0\", \"added_tokens\": [], \"normalizer\": null, \"pre_tokenizer\": null, \"model\": {\"type\": "
    "\"BPE\", \"dropout\": null, \"unk_token\": null, \"vocab\": {\"\\u0068\": 0, \"\\u0069\": 1, \"h\\u0069\": 2, "
    "\"\\ud83d\\ude00\": 3, \"\\\"q\\\\\": 4, \"x\": 5, \"x\": 6}, \"merges\": [\"\\u0068 i\"]}}";
const char* kBadId = "{\"model\": {\"type\": \"BPE\", \"vocab\": {\"a\": 0, \"b\": -3}, \"merges\": []}}";
}  // namespace

class TestTokenizerJsonReader : public QObject {
    Q_OBJECT
    QTemporaryDir tmp_;
    std::unique_ptr<gna::Tokenizer> load(const char* name, const std::string& text) {
        const auto d = std::filesystem::path(tmp_.path().toStdString()) / name;
        std::filesystem::create_directories(d);
        std::ofstream(d / "tokenizer.json") << text;
        return gna::load_tokenizer(d);
    }

private Q_SLOTS:
    void escapesAndDuplicates() {
        const std::string text = kEscaped;
        auto tok = load("escaped", text);
        QCOMPARE(tok->encode("hi\xF0\x9F\x98\x80", false), (std::vector<int>{2, 3}));
        QCOMPARE(tok->piece(4), std::string("\"q\\"));
        QCOMPARE(tok->piece_to_id("x"), std::optional<int>(6));
        // The same content re-written without escapes and pretty-printed gives the same ids.
        const gna::Json j = gna::Json::parse(text);
        auto again = load("dumped", j.dump(2));
        QCOMPARE(again->encode("hi\xF0\x9F\x98\x80", false), (std::vector<int>{2, 3}));
    }

    void badEntriesNameTheKey() {
        const std::string text = kBadId;
        try {
            load("bad", text);
            QFAIL("a negative id must be refused");
        } catch (const std::exception& e) {
            const QString m = QString::fromUtf8(e.what());
            QVERIFY2(m.contains(QLatin1String("model.vocab.b")) && m.contains(QLatin1String("tokenizer.json")),
                     e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestTokenizerJsonReader)
#include "tst_tokenizer_json_reader.moc"
