// Every spec file shipped in resources/data/experiments, cut to a few samples, opened in its
// experiment panel of the real MainWindow with the bundled transformer demo: the form shows the
// file's values (read here from the file, not from the panel's parser), all of them, and Run finishes.
#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <ctime>

#include "../core/few_samples.h"
#include "app_test_util.h"
#include "experiment_dock.h"
#include "experiment_panel.h"
#include "experiment_runner.h"
#include "gna/cpu_runtime.h"
#include "gna/experiments.h"
#include "main_window.h"
#include "session.h"
#include "gui_test_main.h"

using namespace gna::studio;

namespace {
// "10, 20" from a JSON list, as a person would type it into the form
QString listText(const gna::Json& a) {
    QStringList parts;
    for (const auto& v : a) parts << QString::number(v.get<double>());
    return parts.join(QStringLiteral(", "));
}
}  // namespace

class TestShippedSpecs : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

    // The window with the demo transformer open and the spec file in `kind`'s panel (*panel: null on failure).
    void openDemoWithSpec(MainWindow& w, const QString& kind, const std::filesystem::path& spec,
                          ExperimentPanel** panel) {
        w.show();
        QSignalSpy loaded(w.session(), &Session::modelLoaded);
        w.openModel(QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/transformer"));
        QVERIFY(loaded.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
        ExperimentPanel* p = w.experiments()->panel(kind);
        QVERIFY(p);
        w.experiments()->showPanel(p->kind());
        QString error;
        QVERIFY2(p->openSpecFile(QString::fromStdString(spec.string()), &error), qPrintable(error));
        *panel = p;
    }

private Q_SLOTS:
    void everyShippedSpecFillsTheFormAndRuns() {
        const auto root = std::filesystem::path(GNA_SOURCE_DIR);
        MainWindow w;
        QVERIFY(showAndOpenModel(w, 1280, 900,
                                 QString::fromStdString((root / "resources/demo-models/transformer").string())));
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
        const std::filesystem::path dir = m_dir.path().toStdString();
        std::vector<std::filesystem::path> specs;
        for (const auto& f : std::filesystem::directory_iterator(root / "resources/data/experiments"))
            specs.push_back(f.path());
        std::sort(specs.begin(), specs.end(), [](const auto& a, const auto& b) {
            const bool ra = a.filename() == "head_ranking_kv.json", rb = b.filename() == "head_ranking_kv.json";
            return ra != rb ? ra : a < b;
        });
        QVERIFY(specs.size() >= 5);
        for (const auto& f : specs) {
            const gna::ExperimentSpec s =
                gna::test::few_samples(gna::parse_experiment_spec(gna::read_json_file(f)), dir);
            const auto small = dir / f.filename();
            gna::write_json_file_atomic(small, gna::to_json(s));
            const gna::Json j = gna::read_json_file(small);  // what the form must show
            ExperimentPanel* p = w.experiments()->panel(QString::fromStdString(s.experiment));
            QVERIFY(p);
            w.experiments()->showPanel(p->kind());
            QString error;
            QVERIFY2(p->openSpecFile(QString::fromStdString(small.string()), &error), qPrintable(error));
            QVERIFY(gna::Json::parse(
                        p->findChild<QPlainTextEdit*>(QStringLiteral("specEditor"))->toPlainText().toStdString()) == j);
            const gna::Json& task = j.contains("tasks") ? j["tasks"][0] : j.value("task", gna::Json::object());
            if (task.value("name", "") == "kv_retrieval" && p->findChild<QLineEdit*>(QStringLiteral("sizes"))) {
                QCOMPARE(p->findChild<QLineEdit*>(QStringLiteral("sizes"))->text(), listText(task["sizes"]));
                QCOMPARE(p->findChild<QSpinBox*>(QStringLiteral("samples_per_size"))->value(),
                         task["samples_per_size"].get<int>());
            }
            if (task.value("name", "") == "niah") {
                QCOMPARE(p->findChild<QLineEdit*>(QStringLiteral("lengths"))->text(), listText(task["lengths"]));
                QCOMPARE(p->findChild<QLineEdit*>(QStringLiteral("depths"))->text(), listText(task["depths"]));
                QCOMPARE(p->findChild<QSpinBox*>(QStringLiteral("generate"))->value(), task["generate"].get<int>());
            }
            QVERIFY2(p->formShowsSpec() && p->specProblem().isEmpty(), qPrintable(p->specProblem()));
            if (j.contains("tasks") && j["tasks"].size() > 1) {
                QStringList names;  // the spec's task list, as the form's task field holds it
                for (const auto& t : j["tasks"]) names << QString::fromStdString(t["name"].get<std::string>());
                QCOMPARE(p->findChild<QComboBox*>(QStringLiteral("task"))->currentData().toString(),
                         names.join(QLatin1Char('+')));
            }
            if (s.experiment == "cumulative_removal")
                QCOMPARE(p->findChild<QLineEdit*>(QStringLiteral("ranking"))->text(),
                         QString::fromStdString(j["ranking"].get<std::string>()));
            if (s.experiment == "sparsification")
                QCOMPARE(p->findChild<QComboBox*>(QStringLiteral("stages"))->currentData().toString(),
                         j["stages"].size() == 2 ? QStringLiteral("both")
                                                 : QString::fromStdString(j["stages"][0].get<std::string>()));
            if (s.experiment == "memory_table")
                QCOMPARE(p->findChild<QLineEdit*>(QStringLiteral("lengths"))->text(), listText(j["lengths"]));
            const auto out = f.filename() == "head_ranking_kv.json" ? dir / "head_ranking_out" : dir / f.stem();
            p->findChild<QLineEdit*>(QStringLiteral("out"))->setText(QString::fromStdString(out.string()));
            QSignalSpy finished(w.experiments()->runner(), &ExperimentRunner::finished);
            p->run();
            QVERIFY2(finished.wait(300000),
                     qPrintable(QString::fromStdString(f.filename().string()) + QStringLiteral(": ") + p->lastError()));
            QVERIFY2(p->lastError().isEmpty(), qPrintable(p->lastError()));
            QVERIFY(gna::read_experiment_result(out / "result.json").complete);
        }
    }

    // cumulative_removal.json names the head ranking's result.json: when that file is not there, the panel
    // and the CLI say it is missing (and which experiment writes it), not that a result is corrupted.
    void missingDependencyIsReportedAsMissing() {
        const auto root = std::filesystem::path(GNA_SOURCE_DIR);
        const std::filesystem::path dir = std::filesystem::path(m_dir.path().toStdString()) / "missing";
        std::filesystem::create_directories(dir);
        gna::ExperimentSpec s = gna::test::few_samples(
            gna::parse_experiment_spec(
                gna::read_json_file(root / "resources/data/experiments/cumulative_removal.json")),
            dir);
        s.ranking_file = dir / "head_ranking_out" / "result.json";  // never written
        const auto spec = dir / "cumulative_removal.json";
        gna::write_json_file_atomic(spec, gna::to_json(s));
        MainWindow w;
        ExperimentPanel* p = nullptr;
        openDemoWithSpec(w, QStringLiteral("cumulative_removal"), spec, &p);
        if (!p) return;
        p->findChild<QLineEdit*>(QStringLiteral("out"))->setText(QString::fromStdString((dir / "out").string()));
        QSignalSpy failed(w.experiments()->runner(), &ExperimentRunner::failed);
        p->run();
        QTRY_VERIFY_WITH_TIMEOUT(!p->lastError().isEmpty() || !failed.isEmpty(), 120000);
        QTRY_VERIFY_WITH_TIMEOUT(!w.experiments()->runner()->isRunning(), 60000);
        const QString gui = p->lastError();
        QVERIFY2(gui.contains(QStringLiteral("missing")) && !gui.contains(QStringLiteral("corrupt")), qPrintable(gui));
        QVERIFY2(gui.contains(QString::fromStdString(s.ranking_file.filename().string())), qPrintable(gui));

        QProcess cli;
        cli.start(QStringLiteral(GNA_CLI_PATH),
                  {QStringLiteral("experiment"), QString::fromStdString(spec.string()), QStringLiteral("--model"),
                   QString::fromStdString((root / "resources/demo-models/transformer").string()),
                   QStringLiteral("--out"), QString::fromStdString((dir / "cli").string())});
        QVERIFY(cli.waitForFinished(120000));
        QVERIFY(cli.exitCode() != 0);
        const QString err = QString::fromUtf8(cli.readAllStandardError());
        QVERIFY2(err.contains(QStringLiteral("missing")) && !err.contains(QStringLiteral("corrupt")), qPrintable(err));
    }

    // The panel's time-left estimate in a real run: a head ranking of the demo transformer over
    // dictionaries of growing size (later samples cost more), run from the panel, timed by the CPU
    // clock of the thread that runs the experiment (the runner reads its clock there): neither
    // another job's load on a shared machine nor the studio's other threads stretch it, as they do
    // the wall clock. Every estimate from 10% of the samples on is within a factor 1.5 of the time
    // the run really took from then on, and the panel shows it.
    void timeLeftFollowsTheRealTime() {
        const std::filesystem::path dir = std::filesystem::path(m_dir.path().toStdString()) / "eta";
        std::filesystem::create_directories(dir);
        const gna::Json spec = {
            {"experiment", "head_ranking"},
            {"task", {{"name", "kv_retrieval"}, {"sizes", {8, 16, 24, 32}}, {"samples_per_size", 30}, {"seed", 3}}},
            {"metric", "accuracy"}};
        gna::write_json_file_atomic(dir / "spec.json", spec);
        // one thread: the run's work is all on the thread whose clock is read (no OpenBLAS worker it waits for)
        gna::set_cpu_threads(1);
        const auto restore = qScopeGuard([] { gna::set_cpu_threads(0); });
        MainWindow w;
        ExperimentPanel* p = nullptr;
        openDemoWithSpec(w, QStringLiteral("head_ranking"), dir / "spec.json", &p);
        if (!p) return;
        p->findChild<QLineEdit*>(QStringLiteral("out"))->setText(QString::fromStdString((dir / "out").string()));
        w.experiments()->runner()->setClock([] {
            timespec t{};
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
            return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
        });
        struct Report {
            int done, total;
            double elapsed, eta;
            QString shown;
        };
        QList<Report> reports;
        connect(w.experiments()->runner(), &ExperimentRunner::progress, this,
                [&](int done, int total, double elapsed, double eta, const QString&) {
                    // the panel's slot ran first (connected earlier): its label holds this report
                    reports << Report{done, total, elapsed, eta, p->etaLabel()->text()};
                });
        QSignalSpy finished(w.experiments()->runner(), &ExperimentRunner::finished);
        p->run();
        QVERIFY2(finished.wait(300000), qPrintable(p->lastError()));
        QVERIFY(reports.size() >= 20);
        const double end = reports.back().elapsed;
        int checked = 0;
        QString worst;
        double worstFactor = 1;
        for (const Report& r : reports) {
            if (r.done * 10 < r.total || r.done == r.total) continue;
            const double real = end - r.elapsed, factor = std::max(r.eta / real, real / r.eta);
            qInfo("after %d of %d: estimate %.2f s, real %.2f s", r.done, r.total, r.eta, real);
            if (factor > worstFactor) {
                worstFactor = factor;
                worst = QStringLiteral("after %1 of %2 samples: estimate %3 s, real %4 s")
                            .arg(r.done)
                            .arg(r.total)
                            .arg(r.eta)
                            .arg(real);
            }
            // the label shows the count and a time left (m:ss or h:mm:ss, as the panel writes it)
            QVERIFY2(r.shown.startsWith(QStringLiteral("%1 of %2 ").arg(r.done).arg(r.total)) &&
                         r.shown.contains(QStringLiteral(" left")),
                     qPrintable(r.shown));
            ++checked;
        }
        // The estimate's goal is 1.5x (measured: 1.2-1.6x on a loaded 2-core machine, the worst early on);
        // the test fails at 2.5x: a wrong estimate (the work done in place of the work left, no estimate
        // at all), not the noise of a shared machine's caches, which the thread's CPU clock does not hide.
        qInfo("worst factor: %.2f (%s)", worstFactor, qPrintable(worst));
        QVERIFY2(worstFactor < 2.5, qPrintable(worst));
        QVERIFY(checked > 10);
    }
};

GNA_GUI_TEST_MAIN(TestShippedSpecs)
#include "tst_shipped_specs.moc"
