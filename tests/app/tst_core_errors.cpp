// Core errors in the UI language: the core (Qt-free) throws gna::Error with an English format and its
// arguments; the studio translates the format in the context "CoreError" and fills it in. Driven in the
// real window with German loaded and, on top, a marking translator for "CoreError" (so that the test
// does not depend on catalogue entries not written yet): a bad head field and an unknown key in an
// experiment spec, a missing and a corrupted result file of a dependency, a damaged checkpoint. Each
// message must come through the translation (the mark, nested causes marked too), and every format
// the studio meets must be one the catalogue holds for lupdate (knownCoreErrorFormats), with the
// English text the core's own.
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTranslator>
#include <filesystem>
#include <fstream>

#include "app_test_util.h"
#include "core_errors.h"
#include "thrown_error.h"
#include "experiment_dock.h"
#include "experiment_panel.h"
#include "experiment_runner.h"
#include "gna/error.h"
#include "gna/experiment_spec.h"
#include "gna/experiments.h"
#include "gna/heads.h"
#include "gna/safetensors.h"
#include "language.h"
#include "layout_checks.h"
#include "main_window.h"
#include "gui_test_main.h"

using namespace gna::studio;

namespace {

const QString kMark = QStringLiteral("«DE» ");

// Translates every "CoreError" source text to itself behind a mark; other contexts are left to the
// real catalogue beneath it.
class MarkingTranslator : public QTranslator {
public:
    QString translate(const char* context, const char* source, const char* = nullptr, int = -1) const override {
        if (qstrcmp(context, "CoreError") == 0) return kMark + QString::fromUtf8(source);
        return {};
    }
    bool isEmpty() const override { return false; }
};

using gna::test::thrown;

}  // namespace

class TestCoreErrors : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    MarkingTranslator m_mark;

private Q_SLOTS:
    void initTestCase() {
        QVERIFY(installLanguage(QStringLiteral("de")));
        QVERIFY(QCoreApplication::installTranslator(&m_mark));  // asked before the German catalogue
    }
    void cleanupTestCase() {
        QCoreApplication::removeTranslator(&m_mark);
        installLanguage(QStringLiteral("en"));
    }
    void formatsAreTheCoresAndInTheCatalogue();
    void everySpecCheckIsTranslated();
    void experimentSpecErrors();
    void dependencyResultFiles();
    void damagedCheckpoint();
};

// The errors of the demo flows thrown by the core itself: a format the catalogue lists, the English
// text (no translator) the core's what(), arguments filled where the format says.
void TestCoreErrors::formatsAreTheCoresAndInTheCatalogue() {
    const std::filesystem::path tmp = m_dir.filePath(QStringLiteral("formats")).toStdString();
    std::filesystem::create_directories(tmp);
    {
        std::ofstream(tmp / "bad.json") << "{ not json";
        std::ofstream(tmp / "short.safetensors") << "abc";
    }
    const gna::Error errors[] = {
        thrown([] { gna::parse_head("xyz"); }),
        thrown([] {
            gna::parse_experiment_spec(gna::Json{{"experiment", "head_ranking"}, {"bogus", 1}}, "spec.json");
        }),
        thrown([] {
            gna::parse_experiment_spec(gna::Json{{"experiment", "gna_masks"}, {"gather", {"L0.Q1"}}}, "spec.json");
        }),
        thrown([&] { gna::read_experiment_result(tmp / "nowhere" / "result.json"); }),
        thrown([&] { gna::read_experiment_result(tmp / "bad.json"); }),
        thrown([&] { gna::SafetensorsFile f(tmp / "short.safetensors"); }),
        thrown([&] { gna::Checkpoint::open(tmp / "nowhere"); }),
    };
    QCoreApplication::removeTranslator(&m_mark);
    installLanguage(QStringLiteral("en"));
    const QStringList known = knownCoreErrorFormats();
    for (const gna::Error& e : errors) {
        for (const gna::Error* x = &e; x; x = x->cause()) {
            QVERIFY2(x->format(), x->what());
            QVERIFY2(known.contains(QString::fromUtf8(x->format())), x->format());
        }
        QCOMPARE(errorText(e), QString::fromUtf8(e.what()));
    }
    QVERIFY(QString::fromUtf8(errors[0].what()).startsWith(QStringLiteral("head 'xyz': expected L<layer>.H<head>")));
    QVERIFY(QString::fromUtf8(errors[1].what()).startsWith(QStringLiteral("spec.json: unknown key \"bogus\"")));
    QCOMPARE(errorText(std::runtime_error("plain")), QStringLiteral("plain"));
    QVERIFY(installLanguage(QStringLiteral("de")));
    QVERIFY(QCoreApplication::installTranslator(&m_mark));
    // With the translator: the format translated, the cause too, the arguments as they were.
    const QString de = errorText(errors[2]);
    QVERIFY2(de.startsWith(kMark + QStringLiteral("spec.json: \"gather\"")) &&
                 de.contains(QStringLiteral(": ") + kMark + QStringLiteral("head 'L0.Q1'")),
             qPrintable(de));
}

// Every check of an experiment spec (experiment_spec.cpp, spec_keys.cpp, the value checks of
// spec_fields.h) fails once here, each with a spec written for it: the error and each of its causes
// carry a format the catalogue lists, so that the whole message comes through the translation.
void TestCoreErrors::everySpecCheckIsTranslated() {
    using gna::Json;
    const std::pair<Json, QString> bad[] = {
        {Json::array(), QStringLiteral("the spec must be a JSON object")},
        {Json::object(), QStringLiteral("missing \"experiment\"")},
        {Json{{"experiment", "bogus"}}, QStringLiteral("'bogus' is not a known experiment")},
        {Json{{"experiment", "head_ranking"}, {"steps", {1}}},
         QStringLiteral("\"steps\" is not a key of head_ranking")},
        {Json{{"experiment", "head_ranking"}, {"bogus", 1}}, QStringLiteral("unknown key \"bogus\"")},
        {Json{{"experiment", "head_ranking"}, {"top", "x"}}, QStringLiteral("\"top\" has the wrong type")},
        {Json{{"experiment", "head_ranking"}, {"top", 0}}, QStringLiteral("\"top\": it must be at least 1")},
        {Json{{"experiment", "memory_table"}, {"lengths", {8, 0}}},
         QStringLiteral("\"lengths\": values must be at least 1")},
        {Json{{"experiment", "head_ranking"}, {"method", "guess"}},
         QStringLiteral("\"method\": 'guess' is not one of exact")},
        {Json{{"experiment", "manipulation_grid"}, {"prefill_modes", {"Keep", "Twist"}}},
         QStringLiteral("\"prefill_modes\": unknown manipulation mode 'Twist'")},
        {Json{{"experiment", "gna_masks"}, {"gather", {"L0.Q1"}}, {"aggregate", Json::array()}},
         QStringLiteral("\"gather\": head 'L0.Q1'")},
        {Json{{"experiment", "evaluate"}, {"task", 3}}, QStringLiteral("\"task\" must be an object with \"name\"")},
        {Json{{"experiment", "evaluate"}, {"tasks", Json::array()}},
         QStringLiteral("\"tasks\" must be a non-empty list")},
        {Json{{"experiment", "evaluate"}, {"tasks", {3}}},
         QStringLiteral("\"tasks[0]\" must be an object with \"name\"")},
        {Json{{"experiment", "evaluate"}, {"task", {{"name", "poetry"}}}},
         QStringLiteral("\"task.name\": 'poetry' is not one of")},
        {Json{{"experiment", "evaluate"}, {"task", {{"name", "niah"}, {"bogus", 1}}}},
         QStringLiteral("unknown key \"task.bogus\" in a niah task")},
        {Json{{"experiment", "evaluate"}, {"task", {{"name", "niah"}, {"generate", 0}}}},
         QStringLiteral("\"task.generate\": it must be at least 1")},
        {Json{{"experiment", "evaluate"}, {"task", {{"name", "kv_retrieval"}}}, {"tasks", {{{"name", "mmlu"}}}}},
         QStringLiteral("give \"task\" or \"tasks\", not both")},
        {Json{{"experiment", "cumulative_removal"}}, QStringLiteral("\"ranking\" is required")},
        {Json{{"experiment", "gna_masks"}, {"gather", {"L0.H0"}}}, QStringLiteral("head lists are required")},
        {Json{{"experiment", "gna_masks"}, {"gather", Json::array()}, {"aggregate", Json::array()}},
         QStringLiteral("name no head")},
    };
    std::vector<std::pair<gna::Error, QString>> errors;
    for (const auto& [spec, says] : bad)
        errors.emplace_back(thrown([&] { gna::parse_experiment_spec(spec, "spec.json"); }), says);
    errors.emplace_back(thrown([] { gna::experiment_keys("bogus"); }),
                        QStringLiteral("experiment: 'bogus' is not a known experiment"));
    errors.emplace_back(thrown([] { gna::task_keys("poetry"); }), QStringLiteral("task: 'poetry' is not one of"));
    const QStringList known = knownCoreErrorFormats();
    for (const auto& [e, says] : errors) {
        QVERIFY2(QString::fromUtf8(e.what()).contains(says), e.what());  // the error meant, not another one
        int levels = 0;
        for (const gna::Error* x = &e; x; x = x->cause(), ++levels) {
            QVERIFY2(x->format(), x->what());
            QVERIFY2(known.contains(QString::fromUtf8(x->format())), x->format());
        }
        // German with the marking translator on top: one mark per level, the arguments as they were.
        const QString de = errorText(e);
        QVERIFY2(de.startsWith(kMark) && de.count(kMark) == levels, qPrintable(de));
        QString unmarked = de;
        QCOMPARE(unmarked.remove(kMark), QString::fromUtf8(e.what()));
    }
}

// A head field and a key the experiment does not take, typed into the spec editor and the form.
void TestCoreErrors::experimentSpecErrors() {
    MainWindow w;
    QVERIFY(openDemo(w, QStringLiteral("transformer")));
    ExperimentPanel* masks = w.experiments()->panel(QStringLiteral("gna_masks"));
    QVERIFY(masks);
    auto* gather = masks->findChild<QLineEdit*>(QStringLiteral("gather"));
    QVERIFY(gather);
    gather->setText(QStringLiteral("L0.Q1"));
    QTRY_VERIFY(!masks->specProblem().isEmpty());
    QString shown = masks->specProblem();
    QVERIFY2(shown.contains(kMark + QStringLiteral("head 'L0.Q1'")), qPrintable(shown));
    // A head the model does not have: refused when the run builds the experiment.
    gather->setText(QStringLiteral("L9.H0"));
    QTRY_VERIFY(masks->specProblem().isEmpty());
    masks->findChild<QLineEdit*>(QStringLiteral("out"))->setText(m_dir.filePath(QStringLiteral("out_masks")));
    masks->run();
    QTRY_VERIFY_WITH_TIMEOUT(!masks->lastError().isEmpty(), 120000);
    QTRY_VERIFY_WITH_TIMEOUT(!w.experiments()->runner()->isRunning(), 60000);
    shown = masks->lastError();
    QVERIFY2(shown.contains(kMark + QStringLiteral("experiment spec: \"gather\" names L9.H0")), qPrintable(shown));
    // No ranking in cumulative_removal's form: the note under the spec says so in the UI language.
    ExperimentPanel* removal = w.experiments()->panel(QStringLiteral("cumulative_removal"));
    QVERIFY(removal);
    removal->findChild<QLineEdit*>(QStringLiteral("ranking"))->setText(QStringLiteral("L0.H0"));
    QTRY_VERIFY(removal->specProblem().isEmpty());
    removal->findChild<QLineEdit*>(QStringLiteral("ranking"))->clear();
    QTRY_VERIFY(!removal->specProblem().isEmpty());
    shown = removal->specProblem();
    QVERIFY2(
        shown.contains(kMark) &&
            shown.contains(QStringLiteral("\"ranking\" is required: a head_ranking result.json or a list of heads")),
        qPrintable(shown));
    const QString note = removal->findChild<QLabel*>(QStringLiteral("specNote"))->toolTip();
    QVERIFY2(note.startsWith(QStringLiteral("⚠ Ausführen wartet auf eine gültige Spezifikation: ") + kMark),
             qPrintable(note));
    ExperimentPanel* ranking = w.experiments()->panel(QStringLiteral("head_ranking"));
    ranking->setSpecText(QStringLiteral("{\"experiment\": \"head_ranking\", \"bogus\": 1}"));
    shown = ranking->specProblem();
    QVERIFY2(shown.startsWith(kMark) && shown.contains(QStringLiteral("unknown key \"bogus\"")), qPrintable(shown));
}

// cumulative_removal's head ranking: a result.json that is not there, then one that is not JSON.
void TestCoreErrors::dependencyResultFiles() {
    MainWindow w;
    QVERIFY(openDemo(w, QStringLiteral("transformer")));
    ExperimentPanel* p = w.experiments()->panel(QStringLiteral("cumulative_removal"));
    QVERIFY(p);
    const QString missing = m_dir.filePath(QStringLiteral("ranking/result.json"));
    const QString broken = m_dir.filePath(QStringLiteral("broken.json"));
    QFile f(broken);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("{ \"format\": ");
    f.close();
    for (const QString& file : {missing, broken}) {
        p->findChild<QLineEdit*>(QStringLiteral("ranking"))->setText(file);
        p->findChild<QLineEdit*>(QStringLiteral("out"))
            ->setText(m_dir.filePath(QStringLiteral("out_") + QFileInfo(file).baseName()));
        QSignalSpy failed(w.experiments()->runner(), &ExperimentRunner::failed);
        p->run();
        QTRY_VERIFY_WITH_TIMEOUT(!p->lastError().isEmpty(), 120000);
        QTRY_VERIFY_WITH_TIMEOUT(!w.experiments()->runner()->isRunning(), 60000);
        const QString shown = p->lastError();
        QVERIFY2(shown.contains(kMark) && shown.contains(file), qPrintable(shown));
        if (file == missing)
            QVERIFY2(shown.contains(QStringLiteral("which is missing")), qPrintable(shown));
        else
            QVERIFY2(shown.contains(QStringLiteral("is corrupted (") + kMark),
                     qPrintable(shown));  // the JSON error too
    }
}

// A model folder whose weights are cut short, opened in the window: the load error shown is translated.
void TestCoreErrors::damagedCheckpoint() {
    const QString dir = m_dir.filePath(QStringLiteral("damaged"));
    QCOMPARE(makeTinyCheckpoint(dir), QString());
    QFile weights(dir + QStringLiteral("/model.safetensors"));
    QVERIFY(weights.open(QIODevice::ReadWrite));
    QVERIFY(weights.resize(5));
    weights.close();
    MainWindow w;
    w.stopAutosave();
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy failed(w.session(), &Session::modelLoadFailed);
    w.openModel(dir);
    QVERIFY(failed.wait(60000));
    const QString shown = w.lastError();
    QVERIFY2(shown.startsWith(kMark) && shown.contains(QStringLiteral("truncated safetensors file")),
             qPrintable(shown));
}

GNA_GUI_TEST_MAIN(TestCoreErrors)
#include "tst_core_errors.moc"
