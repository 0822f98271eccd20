#pragma once
// Small helpers of the core suites that use Qt Test (header-only): the message of a thrown
// gna::Error, text files written by hand.
#include <QObject>
#include <QString>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "gna/error.h"
#include "gna/json.h"
#include "gna/tokenizer.h"
#include "test_models.h"

namespace gna::test {

// For a _data function: a QString column "arch" with one row per architecture of tiny_archs().
inline void arch_rows() {
    QTest::addColumn<QString>("arch");
    for (const std::string& a : tiny_archs()) QTest::newRow(a.c_str()) << QString::fromStdString(a);
}

// For a _data function: columns "kind" (a bundled demo model: transformer, ssm, hybrid) and "ablate",
// each demo unablated and ablated (also used by the app suites).
inline void demo_ablate_rows() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("ablate");
    for (const char* k : {"transformer", "ssm", "hybrid"}) {
        QTest::newRow((std::string(k) + " unablated").c_str()) << QString::fromLatin1(k) << false;
        QTest::newRow((std::string(k) + " ablated").c_str()) << QString::fromLatin1(k) << true;
    }
}

// Writes `j` as dir/tokenizer.json (creating dir) and loads the tokenizer of that folder.
inline std::unique_ptr<Tokenizer> load_tokenizer_json(const Json& j, const std::filesystem::path& dir) {
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "tokenizer.json") << j.dump();
    return load_tokenizer(dir);
}

// The message of the gna::Error that `f` throws, or "" when it throws none.
template <class F>
QString error_of(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return QString::fromStdString(e.what());
    }
    return {};
}

// True when `f` ends by throwing gna::Cancelled.
template <class F>
bool is_cancelled(F&& f) {
    try {
        f();
    } catch (const Cancelled&) {
        return true;
    }
    return false;
}

// A data column `column` of strings, one row per value, named by the value.
inline void add_string_rows(const char* column, std::initializer_list<const char*> values) {
    QTest::addColumn<QString>(column);
    for (const char* v : values) QTest::newRow(v) << QString::fromLatin1(v);
}

// The base of the suites built around one tiny checkpoint: a temporary folder, the checkpoint's
// folder and the model loaded from it, filled by load_tiny() (from initTestCase).
class TinyModelSuite : public QObject {
protected:
    void load_tiny(const TinyModelSpec& spec) { model_ = load_tiny_model(dir_, "m", spec, &path_); }
    TempDir dir_;
    std::filesystem::path path_;
    std::unique_ptr<Model> model_;
};

// Writes `text` to `p`, creating the folders above it.
inline void write_text(const std::filesystem::path& p, const std::string& text) {
    if (p.has_parent_path()) std::filesystem::create_directories(p.parent_path());
    std::ofstream(p, std::ios::binary) << text;
}

}  // namespace gna::test
