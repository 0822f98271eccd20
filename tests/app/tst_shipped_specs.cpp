// Every spec file shipped in resources/data/experiments, cut to a few samples, opened in its
// experiment panel of the real MainWindow with the bundled transformer demo: the form shows the
// file's values (read here from the file, not from the panel's parser) and Run finishes.
#include <QComboBox>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "../core/few_samples.h"
#include "app_test_util.h"
#include "experiment_dock.h"
#include "experiment_panel.h"
#include "experiment_runner.h"
#include "gna/experiments.h"
#include "main_window.h"
#include "session.h"

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

private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

    void everyShippedSpecFillsTheFormAndRuns() {
        const auto root = std::filesystem::path(GNA_SOURCE_DIR);
        MainWindow w;
        QVERIFY(showAndOpenModel(w, 1280, 900, QString::fromStdString((root / "resources/demo-models/transformer").string())));
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
        const std::filesystem::path dir = m_dir.path().toStdString();
        std::vector<std::filesystem::path> specs;
        for (const auto& f : std::filesystem::directory_iterator(root / "resources/data/experiments")) specs.push_back(f.path());
        std::sort(specs.begin(), specs.end(), [](const auto& a, const auto& b) {
            const bool ra = a.filename() == "head_ranking_kv.json", rb = b.filename() == "head_ranking_kv.json";
            return ra != rb ? ra : a < b;
        });
        QVERIFY(specs.size() >= 5);
        for (const auto& f : specs) {
            const gna::ExperimentSpec s = gna::test::few_samples(gna::parse_experiment_spec(gna::read_json_file(f)), dir);
            const auto small = dir / f.filename();
            gna::write_json_file_atomic(small, gna::to_json(s));
            const gna::Json j = gna::read_json_file(small);  // what the form must show
            ExperimentPanel* p = w.experiments()->panel(QString::fromStdString(s.experiment));
            QVERIFY(p);
            w.experiments()->showPanel(p->kind());
            QString error;
            QVERIFY2(p->openSpecFile(QString::fromStdString(small.string()), &error), qPrintable(error));
            QVERIFY(gna::Json::parse(p->findChild<QPlainTextEdit*>(QStringLiteral("specEditor"))->toPlainText().toStdString()) == j);
            const gna::Json& task = j.contains("tasks") ? j["tasks"][0] : j.value("task", gna::Json::object());
            if (task.value("name", "") == "kv_retrieval" && p->findChild<QLineEdit*>(QStringLiteral("sizes"))) {
                QCOMPARE(p->findChild<QLineEdit*>(QStringLiteral("sizes"))->text(), listText(task["sizes"]));
                QCOMPARE(p->findChild<QSpinBox*>(QStringLiteral("samples_per_size"))->value(), task["samples_per_size"].get<int>());
            }
            if (task.value("name", "") == "niah") {
                QCOMPARE(p->findChild<QLineEdit*>(QStringLiteral("lengths"))->text(), listText(task["lengths"]));
                QCOMPARE(p->findChild<QLineEdit*>(QStringLiteral("depths"))->text(), listText(task["depths"]));
                QCOMPARE(p->findChild<QSpinBox*>(QStringLiteral("generate"))->value(), task["generate"].get<int>());
            }
            if (j.contains("tasks") && j["tasks"].size() > 1)
                QCOMPARE(p->findChild<QComboBox*>(QStringLiteral("task"))->currentData().toString(), QStringLiteral("all"));
            if (s.experiment == "cumulative_removal")
                QCOMPARE(p->findChild<QLineEdit*>(QStringLiteral("ranking"))->text(), QString::fromStdString(j["ranking"].get<std::string>()));
            if (s.experiment == "sparsification")
                QCOMPARE(p->findChild<QComboBox*>(QStringLiteral("stages"))->currentData().toString(),
                         j["stages"].size() == 2 ? QStringLiteral("both") : QString::fromStdString(j["stages"][0].get<std::string>()));
            if (s.experiment == "memory_table")
                QCOMPARE(p->findChild<QLineEdit*>(QStringLiteral("lengths"))->text(), listText(j["lengths"]));
            const auto out = f.filename() == "head_ranking_kv.json" ? dir / "head_ranking_out" : dir / f.stem();
            p->findChild<QLineEdit*>(QStringLiteral("out"))->setText(QString::fromStdString(out.string()));
            QSignalSpy finished(w.experiments()->runner(), &ExperimentRunner::finished);
            p->run();
            QVERIFY2(finished.wait(300000), qPrintable(QString::fromStdString(f.filename().string()) + QStringLiteral(": ") + p->lastError()));
            QVERIFY2(p->lastError().isEmpty(), qPrintable(p->lastError()));
            QVERIFY(gna::read_experiment_result(out / "result.json")["complete"].get<bool>());
        }
    }
};

QTEST_MAIN(TestShippedSpecs)
#include "tst_shipped_specs.moc"
