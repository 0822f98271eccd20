// One studio, one engine: the session loads the open checkpoint once, with the user's choices (a
// tokenizer folder, bf16 where the machine computes it), and the Experiments dock runs on that one copy:
// its result records the choices, the process holds the weights once (resident memory measured while
// the experiment runs), an interactive run gets in between the experiment's samples, and a reload
// (Run ▸ Device) stops the experiment and keeps the tokenizer folder. A missing tokenizer is reported
// in the studio's words (the Open model dialog's Tokenizer folder field), never as a command-line flag.
#include <QAction>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <unistd.h>

#include "core_errors.h"
#include "thrown_error.h"
#include "gui_test_main.h"
#include "experiment_dock.h"
#include "experiment_panel.h"
#include "experiment_runner.h"
#include "gna/cpu_runtime.h"
#include "gna/error.h"
#include "gna/experiments.h"
#include "gna/model.h"
#include "gna/tiny_model.h"
#include "gna/tokenizer.h"
#include "main_window.h"
#include "prompt_editor.h"
#include "session.h"
#include "studio_settings.h"

using namespace gna::studio;

namespace {

// Resident memory of this process in bytes (/proc/self/statm: size, resident, ... in pages).
qint64 residentBytes() {
    QFile f(QStringLiteral("/proc/self/statm"));
    if (!f.open(QIODevice::ReadOnly)) return -1;
    const QList<QByteArray> fields = f.readAll().split(' ');
    return fields.size() > 1 ? fields[1].toLongLong() * static_cast<qint64>(sysconf(_SC_PAGESIZE)) : -1;
}

const char* const kPrompt = "Memorize the following dictionary:\napple:42\nriver:17\n\nThe value of the key 'river' is";

using gna::test::thrown;

}  // namespace

class TestStudioEngine : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_big;  // bf16 weights, no tokenizer files; tens of MB of weights
    QString m_tokenizer;  // another checkpoint of the same family: its tokenizer files
    QString m_smallBare;  // a small checkpoint without tokenizer files
    QString m_wideTokenizer;  // a tokenizer with more ids than m_smallBare embeds
    static constexpr int kHidden = 256, kIntermediate = 16384, kLayers = 2;

    // The MLP weights of m_big alone, in bytes at the compute dtype: a lower bound of a second copy.
    static qint64 mlpBytes(bool bf16) { return qint64(kLayers) * 3 * kHidden * kIntermediate * (bf16 ? 2 : 4); }

    static bool bf16Possible() { return gna::cuda_available() || gna::cpu_has_native_bf16(); }

    // Shows the window, picks bf16 where the machine computes it, opens `dir` with `tokenizer`.
    bool open(MainWindow& w, const QString& dir, const QString& tokenizer) {
        w.resize(1280, 860);
        w.show();
        if (!QTest::qWaitForWindowExposed(&w)) return false;
        auto* bf16 = w.findChild<QAction*>(QStringLiteral("computeBf16"));
        if (!bf16 || bf16->isEnabled() != bf16Possible()) return false;
        if (bf16Possible() && !bf16->isChecked()) bf16->trigger();
        QSignalSpy loaded(w.session(), &Session::modelLoaded);
        w.openModel(dir, tokenizer);
        return loaded.wait(120000);
    }

    // The head-ranking panel, shown, with `spec` and an output folder of its own.
    ExperimentPanel* rankingPanel(MainWindow& w, const QString& spec, const QString& out) {
        ExperimentDock* dock = w.experiments();
        dock->show();
        dock->showPanel(QStringLiteral("head_ranking"));
        ExperimentPanel* p = dock->panel(QStringLiteral("head_ranking"));
        p->setSpecText(spec);
        p->findChild<QLineEdit*>(QStringLiteral("out"))->setText(m_dir.filePath(out));
        return p;
    }

private Q_SLOTS:
    void initTestCase() {
        StudioSettings().setComputeBf16(false);
        gna::TinyModelSpec s;
        s.layers = kLayers;
        s.hidden = kHidden;
        s.heads = 4;
        s.kv_heads = 2;
        s.intermediate = kIntermediate;
        s.dtype = gna::DType::BF16;
        s.layout = "no-tokenizer";
        s.seed = 3;
        m_big = m_dir.filePath(QStringLiteral("big"));
        gna::write_tiny_model(s, m_big.toStdString());
        gna::TinyModelSpec t;  // same tokenizer (the same merges), small weights
        t.layers = 1;
        t.hidden = 32;
        m_tokenizer = m_dir.filePath(QStringLiteral("tokenizer"));
        gna::write_tiny_model(t, m_tokenizer.toStdString());
        t.layout = "no-tokenizer";
        m_smallBare = m_dir.filePath(QStringLiteral("small_bare"));
        gna::write_tiny_model(t, m_smallBare.toStdString());
        gna::TinyModelSpec wide = t;
        wide.layout = "full";
        wide.merges = 400;
        m_wideTokenizer = m_dir.filePath(QStringLiteral("wide"));
        gna::write_tiny_model(wide, m_wideTokenizer.toStdString());
    }

    void experimentRunsOnTheSessionsModel() {
        MainWindow w;
        QVERIFY(open(w, m_big, m_tokenizer));
        const bool bf16 = bf16Possible();
        const QString dtype = bf16 ? QStringLiteral("bf16") : QStringLiteral("f32");
        QCOMPARE(QString::fromStdString(w.session()->modelInfo()->compute_dtype), dtype);
        // The interactive view runs on it: the prompt's text needs the tokenizer folder.
        QSignalSpy result(w.session(), &Session::resultReady);
        w.promptEditor()->setPrompt(QString::fromLatin1(kPrompt));
        QVERIFY(result.wait(120000));
        QVERIFY2(w.session()->lastOutcome().error.isEmpty(), qPrintable(w.session()->lastOutcome().error));
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);

        ExperimentPanel* p = rankingPanel(
            w,
            QStringLiteral(R"({"experiment": "head_ranking", "heads": ["L0.H0", "L1.H3"], "batch_rows": 1,)"
                           R"( "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 3}})"),
            QStringLiteral("ranking"));
        QVERIFY2(p->specProblem().isEmpty(), qPrintable(p->specProblem()));
        const qint64 before = residentBytes();
        QVERIFY(before > 0);
        qint64 peak = before;
        connect(w.experiments()->runner(), &ExperimentRunner::progress, this,
                [&peak] { peak = std::max(peak, residentBytes()); });
        QSignalSpy finished(w.experiments()->runner(), &ExperimentRunner::finished);
        QTest::mouseClick(p->runButton(), Qt::LeftButton);
        QVERIFY2(finished.wait(300000), qPrintable(p->lastError()));
        QVERIFY2(p->lastError().isEmpty(), qPrintable(p->lastError()));
        peak = std::max(peak, residentBytes());

        // The result's model section and spec say how the model was loaded: the session's choices.
        const gna::ExperimentResult r = gna::read_experiment_result(finished.at(0).at(0).toString().toStdString());
        QCOMPARE(QString::fromStdString(r.model.compute_dtype), dtype);
        QCOMPARE(QString::fromStdString(r.model.device), QStringLiteral("cpu"));
        QCOMPARE(QString::fromStdString(r.model.path), m_big);
        QCOMPARE(QString::fromStdString(r.spec.value("tokenizer", std::string())), m_tokenizer);
        if (bf16)
            QCOMPARE(QString::fromStdString(r.spec.value("dtype", std::string())), dtype);
        else
            QVERIFY(!r.spec.contains("dtype"));
        QCOMPARE(static_cast<int>(r.samples.size()), 3);
        // One copy of the weights: a second one would add at least the MLP weights (the experiment
        // itself adds activations of one row of 60-odd tokens, a few MB).
        const qint64 grew = peak - before;
        QVERIFY2(grew < mlpBytes(bf16) / 2,
                 qPrintable(QStringLiteral("resident memory grew by %1 MB during the experiment; "
                                           "one copy of the MLP weights is %2 MB")
                                .arg(grew / 1e6)
                                .arg(mlpBytes(bf16) / 1e6)));
        qInfo("resident %.1f MB before, peak %.1f MB during the experiment (MLP weights %.1f MB)", before / 1e6,
              peak / 1e6, mlpBytes(bf16) / 1e6);
    }

    // A probe asked for during a long experiment runs between two of its samples; a reload (what
    // Run ▸ Device does) stops the experiment and loads the same checkpoint with its tokenizer folder.
    void interactiveRunsGetInAndReloadStopsTheExperiment() {
        MainWindow w;
        QVERIFY(open(w, m_big, m_tokenizer));
        QSignalSpy result(w.session(), &Session::resultReady);
        w.promptEditor()->setPrompt(QString::fromLatin1(kPrompt));
        QVERIFY(result.wait(120000));
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
        ExperimentPanel* p = rankingPanel(
            w,
            QStringLiteral(R"({"experiment": "head_ranking", "heads": ["L0.H0", "L1.H3"], "batch_rows": 1,)"
                           R"( "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 200}})"),
            QStringLiteral("long"));
        ExperimentRunner* runner = w.experiments()->runner();
        QSignalSpy progress(runner, &ExperimentRunner::progress);
        QSignalSpy cancelled(runner, &ExperimentRunner::cancelled);
        QTest::mouseClick(p->runButton(), Qt::LeftButton);
        QVERIFY2(progress.wait(120000), qPrintable(p->lastError()));
        const int yields = w.session()->turns()->yields();
        result.clear();
        w.promptEditor()->setPrompt(
            QString::fromLatin1(kPrompt).replace(QStringLiteral("river'"), QStringLiteral("apple'")));
        QVERIFY(result.wait(120000));
        QVERIFY(runner->isRunning());  // the probe did not wait for the experiment's end
        QVERIFY(progress.size() < 200);
        QVERIFY(w.session()->turns()->yields() > yields);
        QVERIFY2(w.session()->lastOutcome().error.isEmpty(), qPrintable(w.session()->lastOutcome().error));

        QSignalSpy loaded(w.session(), &Session::modelLoaded);
        w.session()->reload();
        QTRY_VERIFY_WITH_TIMEOUT(cancelled.size() == 1, 120000);
        QTRY_VERIFY_WITH_TIMEOUT(loaded.size() == 1, 120000);
        QCOMPARE(w.session()->tokenizerPath(), m_tokenizer);
        QCOMPARE(QString::fromStdString(w.session()->loadSpec().tokenizer.string()), m_tokenizer);
        QCOMPARE(QString::fromStdString(w.session()->loadSpec().path.string()), m_big);
        QVERIFY(!runner->isRunning());
    }

    // Without the tokenizer folder: the experiment and the interactive run fail, and say where to give it
    // in the studio (the Open model dialog's field), not with the command line's flag.
    void missingTokenizerNamesTheDialogField() {
        MainWindow w;
        QVERIFY(open(w, m_smallBare, QString()));
        QSignalSpy runFailed(w.session(), &Session::runFailed);
        w.promptEditor()->setPrompt(QString::fromLatin1(kPrompt));
        QVERIFY(runFailed.wait(60000));
        for (const QString& message : {runFailed.at(0).at(0).toString(), QString()}) {
            QString shown = message;
            if (shown.isEmpty()) {  // the experiment's turn
                ExperimentPanel* p = rankingPanel(
                    w,
                    QStringLiteral(
                        R"({"experiment": "head_ranking", "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 1}})"),
                    QStringLiteral("no_tokenizer"));
                QTest::mouseClick(p->runButton(), Qt::LeftButton);
                QTRY_VERIFY_WITH_TIMEOUT(!p->lastError().isEmpty(), 60000);
                shown = p->lastError();
            }
            QVERIFY2(shown.contains(QStringLiteral("Tokenizer folder")) && shown.contains(QStringLiteral("Open model")),
                     qPrintable(shown));
            QVERIFY2(!shown.contains(QStringLiteral("--tokenizer")) && !shown.contains(QStringLiteral("--input-ids")),
                     qPrintable(shown));
        }
    }

    // The core's tokenizer errors keep the command line's wording (what the CLI prints); the studio shows
    // each in its own words, with the same folders and counts.
    void tokenizerErrorsInTheStudiosWords() {
        const std::string bare = m_smallBare.toStdString();
        const gna::Error errors[] = {
            thrown([&] { gna::Model::load(bare)->tokenizer().encode("apple", true); }),
            thrown([&] {
                gna::LoadOptions o;
                o.tokenizer = m_dir.filePath(QStringLiteral("nowhere")).toStdString();
                gna::Model::load(bare, o);
            }),
            thrown([&] {
                gna::LoadOptions o;
                o.tokenizer = m_wideTokenizer.toStdString();
                gna::Model::load(bare, o);
            }),
        };
        const QStringList known = knownCoreErrorFormats();
        for (const gna::Error& e : errors) {
            const QString cli = QString::fromUtf8(e.what()), studio = errorText(e);
            QVERIFY2(cli.contains(QStringLiteral("--tokenizer")), qPrintable(cli));
            QVERIFY2(e.format() && known.contains(QString::fromUtf8(e.format())), qPrintable(cli));
            QVERIFY2(!studio.contains(QStringLiteral("--")) && studio.contains(QStringLiteral("okenizer folder")),
                     qPrintable(studio));
            for (const std::string& a : e.args())
                QVERIFY2(studio.contains(QString::fromStdString(a)), qPrintable(studio));
        }
        QVERIFY(errorText(errors[1]).contains(m_dir.filePath(QStringLiteral("nowhere"))));
        // The wide tokenizer's id count and the model's, as their config.json files state them.
        auto vocab = [](const QString& dir) {
            QFile f(dir + QStringLiteral("/config.json"));
            return f.open(QIODevice::ReadOnly)
                ? QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("vocab_size")).toInt()
                : -1;
        };
        QVERIFY(vocab(m_wideTokenizer) > vocab(m_smallBare) && vocab(m_smallBare) > 0);
        QVERIFY2(errorText(errors[2]).contains(QString::number(vocab(m_wideTokenizer))) &&
                     errorText(errors[2]).contains(QString::number(vocab(m_smallBare))),
                 qPrintable(errorText(errors[2])));
    }
};

GNA_GUI_TEST_MAIN(TestStudioEngine)
#include "tst_studio_engine.moc"
