// Experiment panels in the real MainWindow with a tiny Llama: a retrieval map drawn from a result
// file (cells checked against the file, read independently with QJsonDocument); clicking a cell
// opens its prompt; a head ranking run on the worker thread, cancelled, leaves the window usable
// and resumes to a ranking that colours the head board; cumulative removal curves with the
// random control and error bars; the G&A mask editor's letter probabilities against the core; the
// result screenshots of ranking, removal and layer pruning on the bundled demo transformer.
#include <QClipboard>
#include <QCryptographicHash>
#include <QDir>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QLineEdit>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <cmath>

#include "ablation_curve.h"
#include "experiment_dock.h"
#include "experiment_panel.h"
#include "experiment_runner.h"
#include "gna/experiments.h"
#include "gna/model.h"
#include "gna/tasks.h"
#include "head_board.h"
#include "layout_checks.h"
#include "main_window.h"
#include "mask_editor.h"
#include "mask_panel.h"
#include "prompt_editor.h"
#include "results_table.h"
#include "retrieval_map.h"
#include "startup.h"
#include "app_test_util.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::studio;

class TestExperiments : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void retrievalMapMatchesResultFile();
    void cancelledExperimentLeavesWindowUsable();
    void staleStateLeavesWithItsRunAndModel();
    void cumulativeRemovalCurves();
    void maskEditorLetterProbabilities();
    void resultFileOnTheCommandLine();
    void mergedShardsOpenLikeAnyResult();
    void screenshots();
    void demoResultScreenshots();

private:
    void openTiny(MainWindow& w);
    QString writeNiahResult();
    void shoot(QWidget* w, const QString& name);
    QTemporaryDir m_dir;
    QString m_model;
    QString m_shots;
};

void TestExperiments::initTestCase() {
    m_model = m_dir.filePath(QStringLiteral("tiny-llama"));
    const QString error = makeTinyCheckpoint(m_model);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_shots = QStringLiteral(GNA_TEST_DATA_DIR "/../../screenshots");
    QDir().mkpath(m_shots);
}

void TestExperiments::openTiny(MainWindow& w) {
    QVERIFY(showAndOpenModel(
        w, 1280, 900, m_model,
        QStringLiteral("Memorize the following dictionary:\napple:42\nriver:17\n\nThe value of the key 'river' is")));
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation > 0, 60000);
}

void TestExperiments::shoot(QWidget* w, const QString& name) {
    gna::testing::waitForLayout(*w->window());  // queued replots
    QVERIFY(w->grab().toImage().save(QDir(m_shots).filePath(name + QStringLiteral(".png"))));
}

// A NIAH result with known scores: 3 lengths x 2 depths, two prompts in one cell (mean 2.5),
// one cell never run (NaN), for two conditions. The checksum is computed here (SHA-256 of the
// compact samples JSON), not by the code under test.
QString TestExperiments::writeNiahResult() {
    QJsonArray samples;
    const int lengths[] = {300, 400, 500};
    const double depths[] = {0.0, 50.0};
    int id = 0;
    for (double d : depths)
        for (int l : lengths) {
            if (l == 500 && d == 50.0) continue;  // not run
            const int copies = (l == 400 && d == 0.0) ? 2 : 1;
            for (int c = 0; c < copies; ++c) {
                const double s0 = (l == 400 && d == 0.0) ? (c == 0 ? 2.0 : 3.0) : (l / 100 - 3) + d / 50.0;
                samples.append(QJsonObject{{QStringLiteral("id"), QStringLiteral("niah-%1").arg(id++)},
                                           {QStringLiteral("task"), QStringLiteral("niah")},
                                           {QStringLiteral("group"), QString::number(l)},
                                           {QStringLiteral("length"), l},
                                           {QStringLiteral("depth"), d},
                                           {QStringLiteral("outputs"),
                                            QJsonArray{QStringLiteral("eat a sandwich"), QStringLiteral("no idea")}},
                                           {QStringLiteral("scores"), QJsonArray{s0, 5.0 - s0}}});
            }
        }
    // nlohmann's compact dump of these samples, as the core writes them, hashed independently.
    const gna::Json parsed = gna::Json::parse(QJsonDocument(samples).toJson(QJsonDocument::Compact).toStdString());
    const QByteArray sha =
        QCryptographicHash::hash(QByteArray::fromStdString(parsed.dump()), QCryptographicHash::Sha256).toHex();
    QJsonObject result{
        {QStringLiteral("format"), QStringLiteral("gna-experiment-result")},
        {QStringLiteral("format_version"), 1},
        {QStringLiteral("spec"),
         QJsonObject{{QStringLiteral("experiment"), QStringLiteral("evaluate")},
                     {QStringLiteral("task"),
                      QJsonObject{{QStringLiteral("name"), QStringLiteral("niah")},
                                  {QStringLiteral("lengths"), QJsonArray{300, 400, 500}},
                                  {QStringLiteral("depths"), QJsonArray{0.0, 50.0}}}}}},
        {QStringLiteral("model"), QJsonObject{{QStringLiteral("path"), m_model}}},
        {QStringLiteral("conditions"), QJsonArray{QStringLiteral("baseline"), QStringLiteral("ablated")}},
        {QStringLiteral("samples"), samples},
        {QStringLiteral("aggregates"), QJsonObject{{QStringLiteral("rows"), QJsonArray{}}}},
        {QStringLiteral("checksum"), QString::fromLatin1(sha)},
        {QStringLiteral("complete"), true}};
    const QString path = m_dir.filePath(QStringLiteral("niah-result.json"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(QJsonDocument(result).toJson());
    return path;
}

void TestExperiments::retrievalMapMatchesResultFile() {
    const QString path = writeNiahResult();
    QVERIFY(!path.isEmpty());
    MainWindow w;
    openTiny(w);
    ExperimentPanel* panel = w.experiments()->panel(QStringLiteral("niah"));
    QVERIFY(panel);
    w.experiments()->showPanel(QStringLiteral("niah"));
    QString error;
    QVERIFY2(panel->openResultFile(path, &error), qPrintable(error));
    // The result's spec in the spec editor and in the form.
    QCOMPARE(panel->findChild<QLineEdit*>(QStringLiteral("lengths"))->text(), QStringLiteral("300, 400, 500"));
    QCOMPARE(panel->findChild<QLineEdit*>(QStringLiteral("depths"))->text(), QStringLiteral("0, 50"));
    QCOMPARE(panel->spec()["task"]["lengths"], gna::Json::parse("[300, 400, 500]"));
    QVERIFY(panel->formShowsSpec() && panel->form()->isEnabled());
    const gna::views::RetrievalMap* map = panel->retrievalMap();
    QVERIFY(map->grid().isValid());
    QCOMPARE(map->grid().contextLengths, (std::vector<int>{300, 400, 500}));
    QCOMPARE(map->grid().depths, (std::vector<double>{0.0, 50.0}));
    // Expected cells from the file itself, read with QJsonDocument.
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonArray samples = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("samples")).toArray();
    const int lengths[] = {300, 400, 500};
    const double depths[] = {0.0, 50.0};
    for (int di = 0; di < 2; ++di)
        for (int li = 0; li < 3; ++li) {
            double sum = 0;
            int n = 0;
            for (const QJsonValue& v : samples) {
                const QJsonObject o = v.toObject();
                if (o.value(QStringLiteral("length")).toInt() == lengths[li] &&
                    o.value(QStringLiteral("depth")).toDouble() == depths[di]) {
                    sum += o.value(QStringLiteral("scores")).toArray().at(0).toDouble();
                    ++n;
                }
            }
            const double got = map->cellValue(di, li);
            if (n == 0)
                QVERIFY2(std::isnan(got), qPrintable(QString::number(got)));
            else
                QVERIFY2(std::abs(got - sum / n) < 1e-9,
                         qPrintable(QStringLiteral("cell %1,%2: %3 vs %4").arg(di).arg(li).arg(got).arg(sum / n)));
        }
    QCOMPARE(map->cellValue(0, 1), 2.5);  // the two prompts of that cell, averaged

    // Clicking a cell opens its prompt in the window (rebuilt with the open model's tokenizer).
    QSignalSpy requested(panel, &ExperimentPanel::niahPromptRequested);
    gna::testing::waitForLayout(*panel->window());
    map->plot()->replot();
    const QPointF at = map->cellCenterPixel(1, 0);
    QTest::mouseClick(map->plot(), Qt::LeftButton, {}, at.toPoint());
    QCOMPARE(requested.count(), 1);
    QVERIFY(panel->outputLabel()->text().contains(QStringLiteral("eat a sandwich")));
    QTRY_VERIFY_WITH_TIMEOUT(w.promptEditor()->prompt().contains(QStringLiteral("sandwich")), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
    QVERIFY(w.lastError().isEmpty());
    // Exactly that cell's prompt (300 tokens, needle at 50%) out of the result's whole grid, as the
    // core builds the grid for the run.
    {
        auto core = gna::Model::load(m_model.toStdString());
        gna::NiahOptions o;
        o.lengths = {300, 400, 500};
        o.depths = {0.0, 50.0};
        o.needle.rules = gna::needle_table_2_1();
        QString expected;
        for (const auto& p : gna::make_niah_prompts(core->tokenizer(), o, core->info().max_positions))
            if (p.length == 300 && p.depth == 50.0)
                expected = QString::fromStdString(core->tokenizer().decode(p.tokens, true));
        QVERIFY(!expected.isEmpty());
        QCOMPARE(w.promptEditor()->prompt(), expected);
    }
}

void TestExperiments::cancelledExperimentLeavesWindowUsable() {
    MainWindow w;
    openTiny(w);
    ExperimentPanel* panel = w.experiments()->panel(QStringLiteral("head_ranking"));
    w.experiments()->showPanel(QStringLiteral("head_ranking"));
    const QString out = m_dir.filePath(QStringLiteral("ranking"));
    panel->setSpecText(QStringLiteral(
        R"({"experiment": "head_ranking", "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 1000}})"));
    panel->findChild<QLineEdit*>();  // the form exists
    // Run into a fixed folder (so the second run resumes). A tiny-model sample takes about 2 ms: 1000
    // of them leave the click on Cancel seconds to land before the run ends, even on a loaded machine.
    const auto edits = panel->findChildren<QLineEdit*>();
    QLineEdit* outEdit = nullptr;
    for (QLineEdit* e : edits)
        if (e->toolTip().contains(QStringLiteral("Results folder"))) outEdit = e;
    QVERIFY(outEdit);
    outEdit->setText(out);
    QSignalSpy progress(w.experiments()->runner(), &ExperimentRunner::progress);
    QSignalSpy cancelled(w.experiments()->runner(), &ExperimentRunner::cancelled);
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QVERIFY(panel->isRunning());
    QVERIFY(panel->cancelButton()->isEnabled());
    QVERIFY(!panel->runButton()->isEnabled());
    QVERIFY(progress.wait(60000));
    QTest::mouseClick(panel->cancelButton(), Qt::LeftButton);
    QVERIFY(cancelled.wait(60000));
    QVERIFY(!panel->isRunning());
    QVERIFY(panel->runButton()->isEnabled());
    QVERIFY(!panel->cancelButton()->isEnabled());
    QVERIFY(panel->lastError().isEmpty());
    QCOMPARE(panel->findChild<QSpinBox*>(QStringLiteral("samples_per_size"))->value(),
             1000);  // the form shows the spec that ran
    // The finished samples were saved, the result is incomplete.
    const gna::ExperimentResult partial =
        gna::read_experiment_result(QString(out + QStringLiteral("/result.json")).toStdString());
    QVERIFY(!partial.complete);
    const int saved = static_cast<int>(partial.samples.size());
    QVERIFY2(saved >= 1 && saved < 1000, qPrintable(QString::number(saved)));

    // The window is still usable: a head toggle reruns.
    QSignalSpy again(w.session(), &Session::resultReady);
    QTest::mouseClick(w.headBoard(), Qt::LeftButton, {}, w.headBoard()->cellRect(1, 1).center());
    QVERIFY(again.wait(60000));
    QCOMPARE(w.session()->plan().ablations.size(), std::size_t(1));

    // Run again: it resumes and finishes; the ranking colours the head board.
    QSignalSpy finished(w.experiments()->runner(), &ExperimentRunner::finished);
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QVERIFY(finished.wait(120000));
    const gna::ExperimentResult full =
        gna::read_experiment_result(QString(out + QStringLiteral("/result.json")).toStdString());
    QVERIFY(full.complete);
    QCOMPARE(static_cast<int>(full.samples.size()), 1000);
    const auto ranking = full.aggregates.ranking.value();
    QCOMPARE(panel->table()->tableModel()->rowCount(), static_cast<int>(ranking.size()));
    QVERIFY(w.headBoard()->model()->hasScores());
    for (const auto& r : ranking) {
        gna::HeadRef h = gna::parse_head(r.head);
        QVERIFY(std::abs(w.headBoard()->model()->score(h.layer, h.head) - r.importance) < 1e-9);
    }
    // The ranking feeds the cumulative removal panel.
    QCOMPARE(w.experiments()->panel(QStringLiteral("cumulative_removal"))->ranking(),
             out + QStringLiteral("/result.json"));
}

// Nothing in the Experiments dock outlives what it describes: Cancel with an empty results folder fills
// the field with the run's folder, which Run resumes; a new run empties the last run's table at once;
// opening another model closes the previous model's ranking (its table, the progress bar, the head
// board's importance).
void TestExperiments::staleStateLeavesWithItsRunAndModel() {
    MainWindow w;
    openTiny(w);
    ExperimentPanel* panel = w.experiments()->panel(QStringLiteral("head_ranking"));
    w.experiments()->showPanel(QStringLiteral("head_ranking"));
    panel->setSpecText(QStringLiteral(
        R"({"experiment": "head_ranking", "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 1000}})"));
    auto* out = panel->findChild<QLineEdit*>(QStringLiteral("out"));
    QVERIFY(out);
    QVERIFY(out->text().isEmpty());  // each run makes its own folder
    ExperimentRunner* runner = w.experiments()->runner();
    QSignalSpy progress(runner, &ExperimentRunner::progress);
    QSignalSpy cancelled(runner, &ExperimentRunner::cancelled);
    QSignalSpy finished(runner, &ExperimentRunner::finished);
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QVERIFY(progress.wait(60000));
    QTest::mouseClick(panel->cancelButton(), Qt::LeftButton);
    QVERIFY(cancelled.wait(60000));
    const QString dir = QFileInfo(cancelled.at(0).at(0).toString()).absolutePath();
    QCOMPARE(QFileInfo(QDir::fromNativeSeparators(out->text())).canonicalFilePath(),
             QFileInfo(dir).canonicalFilePath());
    const QString said = panel->etaLabel()->text();
    QVERIFY2(said.contains(QStringLiteral("Run again to resume")) && !said.contains(QStringLiteral("same folder")),
             qPrintable(said));
    const gna::ExperimentResult partial =
        gna::read_experiment_result(QDir(dir).filePath(QStringLiteral("result.json")).toStdString());
    QVERIFY(!partial.complete && !partial.samples.empty());

    // Run resumes it: the same folder, complete, the ranking in the table and on the board.
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QVERIFY(finished.wait(120000));
    QCOMPARE(QFileInfo(finished.last().at(0).toString()).absolutePath(), dir);
    QVERIFY(gna::read_experiment_result(QDir(dir).filePath(QStringLiteral("result.json")).toStdString()).complete);
    QVERIFY(panel->table()->tableModel()->rowCount() > 0);
    QVERIFY(w.headBoard()->model()->hasScores());

    // A new run into a new folder: the last run's table leaves as it starts, not when it ends.
    out->clear();
    progress.clear();
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QCOMPARE(panel->table()->tableModel()->rowCount(), 0);
    QVERIFY(!panel->hasResult());
    QVERIFY(progress.wait(60000));
    QTest::mouseClick(panel->cancelButton(), Qt::LeftButton);
    QVERIFY(cancelled.wait(60000));

    // The finished ranking opened again, then another model: the ranking leaves with its model.
    QString error;
    QVERIFY2(w.experiments()->openResult(QDir(dir).filePath(QStringLiteral("result.json")), &error), qPrintable(error));
    QVERIFY(panel->table()->tableModel()->rowCount() > 0);
    QTRY_VERIFY(w.headBoard()->model()->hasScores());
    const QString other = m_dir.filePath(QStringLiteral("tiny-other"));
    const QString made = makeTinyCheckpoint(other);
    QVERIFY2(made.isEmpty(), qPrintable(made));
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    QSignalSpy result(w.session(), &Session::resultReady);
    w.openModel(other);
    QVERIFY(loaded.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(result.count() > 0 && !w.session()->isRunning(), 60000);
    QCOMPARE(panel->table()->tableModel()->rowCount(), 0);
    QVERIFY(!panel->hasResult());
    QCOMPARE(panel->progressBar()->value(), 0);
    QVERIFY(!w.headBoard()->model()->hasScores());
}

void TestExperiments::cumulativeRemovalCurves() {
    MainWindow w;
    openTiny(w);
    ExperimentPanel* panel = w.experiments()->panel(QStringLiteral("cumulative_removal"));
    w.experiments()->showPanel(QStringLiteral("cumulative_removal"));
    w.experiments()->resize(1100, 520);
    // Copy table: off while the table is empty (nothing run yet), on with the result's rows (below).
    auto* copy = panel->findChild<QPushButton*>(QStringLiteral("copyTable"));
    QVERIFY(copy);
    QCOMPARE(panel->table()->tableModel()->rowCount(), 0);
    QVERIFY(!copy->isEnabled());
    panel->setSpecText(QStringLiteral(
        R"({"experiment": "cumulative_removal", "ranking": ["L1.H0", "L0.H2", "L1.H3"], "steps": [0, 1, 2, 3],
        "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 12}})"));
    QCOMPARE(panel->findChild<QLineEdit*>(QStringLiteral("ranking"))->text(), QStringLiteral("L1.H0, L0.H2, L1.H3"));
    QCOMPARE(panel->findChild<QLineEdit*>(QStringLiteral("sizes"))->text(), QStringLiteral("10"));
    QCOMPARE(panel->findChild<QSpinBox*>(QStringLiteral("samples_per_size"))->value(), 12);
    QSignalSpy finished(w.experiments()->runner(), &ExperimentRunner::finished);
    panel->run();
    QVERIFY(finished.wait(120000));
    QVERIFY2(panel->lastError().isEmpty(), qPrintable(panel->lastError()));
    const auto& series = panel->curve()->series();
    QCOMPARE(series.size(), 2);
    QVERIFY(!series[0].control);
    QVERIFY(series[1].control);
    QCOMPARE(series[0].x, (std::vector<double>{0, 1, 2, 3}));
    QCOMPARE(series[0].error.size(), std::size_t(4));
    // Each point = mean of the per-sample scores of its condition in the file; error = s.e.m.
    const gna::ExperimentResult r = gna::read_experiment_result(finished.at(0).at(0).toString().toStdString());
    const auto conds = r.conditions;
    for (int s = 0; s < 2; ++s)
        for (int i = 0; i < 4; ++i) {
            const std::string name = (s == 0 ? "top-" : "random-") + std::to_string(i);
            int c = 0;
            while (conds[c] != name) ++c;
            double sum = 0, sq = 0;
            int n = 0;
            for (const auto& o : r.samples) {
                const double v = o.scores[c];
                sum += v;
                sq += v * v;
                ++n;
            }
            const double mean = sum / n, var = (sq - n * mean * mean) / (n - 1);
            QVERIFY(std::abs(series[s].y[i] - mean) < 1e-9);
            QVERIFY(std::abs(series[s].error[i] - std::sqrt(std::max(0.0, var) / n)) < 1e-6);
        }
    // The table copies as tab-separated text: a click on Copy table puts its rows on the clipboard.
    QVERIFY(panel->table()->toTsv(false).contains(QStringLiteral("top-3")));
    QVERIFY(panel->table()->tableModel()->rowCount() > 0);
    QVERIFY(copy->isEnabled());
    panel->table()->clearSelection();
    QGuiApplication::clipboard()->clear();
    QTabWidget* tabs = panel->findChild<QTabWidget*>();
    const int shownTab = tabs->currentIndex();
    tabs->setCurrentWidget(tabs->widget(2));  // the table's tab, where the button is
    gna::testing::waitForLayout(*panel->window());
    QTest::mouseClick(copy, Qt::LeftButton);
    QCOMPARE(QGuiApplication::clipboard()->text().count(QLatin1Char('\n')),
             panel->table()->tableModel()->rowCount() + 1);
    QVERIFY(QGuiApplication::clipboard()->text().contains(QStringLiteral("top-3")));
    tabs->setCurrentIndex(shownTab);
    // The curve readable on its page: its plot area at least 200x120 px and wholly in sight (it was cut
    // to a strip under its legend).
    gna::testing::waitForLayout(*panel->window());  // queued replots
    const QCustomPlot* plot = panel->curve()->plot();
    const QRect area = plot->axisRect()->rect();
    const QRect inWindow(plot->mapTo(&w, area.topLeft()), area.size());
    QVERIFY2(area.width() >= 200 && area.height() >= 120 && (visibleRect(plot, &w) & inWindow) == inWindow,
             qPrintable(QStringLiteral("the plot area is %1x%2, %3x%4 in sight")
                            .arg(area.width())
                            .arg(area.height())
                            .arg((visibleRect(plot, &w) & inWindow).width())
                            .arg((visibleRect(plot, &w) & inWindow).height())));
}

void TestExperiments::maskEditorLetterProbabilities() {
    MainWindow w;
    openTiny(w);
    MaskPanel* panel = w.maskPanel();
    QTRY_VERIFY_WITH_TIMEOUT(panel->questionCount() > 0, 60000);
    QVERIFY(panel->currentItem());
    const gna::AttentionMask& mask = panel->mask();
    QCOMPARE(mask.rules.size(), std::size_t(5));  // the Gather head at A..D, the Aggregate head at the end
    // Rule 0: the Gather head's summary row of option A sees only option A's line.
    const QSet<int> keys = panel->editor()->keys();
    QCOMPARE(keys.size(), static_cast<qsizetype>(mask.rules[0].keys.size()));
    const int masked = *std::min_element(keys.begin(), keys.end());
    QVERIFY(!panel->editor()->isMasked(masked));
    // Click a kept token: it is masked, and the rule loses that key.
    panel->editor()->resize(600, 400);
    QTest::mouseClick(panel->editor(), Qt::LeftButton, {}, panel->editor()->tokenRect(masked).center());
    QVERIFY(panel->editor()->isMasked(masked));
    QVERIFY(std::find(panel->mask().rules[0].keys.begin(), panel->mask().rules[0].keys.end(), masked) ==
            panel->mask().rules[0].keys.end());

    QSignalSpy done(panel, &MaskPanel::runFinished);
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QVERIFY(done.wait(60000));
    // Independent check: the core, with and without the same mask.
    auto model = gna::Model::load(m_model.toStdString());
    const gna::ChoiceItem& item = *panel->currentItem();
    for (int withMask = 0; withMask < 2; ++withMask) {
        gna::RunRequest req;
        req.tokens = item.prompt;
        if (withMask) req.plan.hooks.push_back(gna::mask_hook(panel->mask()));
        const auto logits = model->run(req).last_logits;
        double m = -1e30, z = 0;
        for (float v : logits) m = std::max<double>(m, v);
        for (float v : logits) z += std::exp(v - m);
        const std::vector<double>& got = withMask ? panel->maskedProbabilities() : panel->plainProbabilities();
        QCOMPARE(got.size(), item.choices.size());
        for (std::size_t i = 0; i < got.size(); ++i)
            QVERIFY(std::abs(got[i] - std::exp(logits[item.choices[i][0]] - m) / z) < 1e-6);
    }
    QVERIFY(panel->maskedProbabilities() != panel->plainProbabilities());
}

void TestExperiments::mergedShardsOpenLikeAnyResult() {
    // gna experiment --shard I/N twice, gna experiment merge: the merged result.json opens like any
    // other result; one shard's result.json alone is refused with the core's message.
    if (qEnvironmentVariableIsEmpty("GNA_DATA_DIR")) qputenv("GNA_DATA_DIR", GNA_SOURCE_DIR "/resources/data");
    const QString spec = m_dir.filePath(QStringLiteral("sharded_ranking.json"));
    QFile f(spec);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(
        R"({"experiment": "head_ranking", "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 3}, "batch_rows": 8})");
    f.close();
    QStringList merge = {QStringLiteral("experiment"), QStringLiteral("merge"),
                         m_dir.filePath(QStringLiteral("sharded-merged"))};
    QProcess p;
    for (int i = 0; i < 2; ++i) {
        const QString out = m_dir.filePath(QStringLiteral("sharded-%1").arg(i));
        p.start(QStringLiteral(GNA_CLI_PATH),
                {QStringLiteral("experiment"), spec, QStringLiteral("--model"), m_model, QStringLiteral("--out"), out,
                 QStringLiteral("--shard"), QStringLiteral("%1/2").arg(i), QStringLiteral("--quiet")});
        QVERIFY(p.waitForFinished(120000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        merge << out;
    }
    p.start(QStringLiteral(GNA_CLI_PATH), merge);
    QVERIFY(p.waitForFinished(60000));
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());

    MainWindow w;
    w.show();
    w.applyStartup(parseStartup({m_dir.filePath(QStringLiteral("sharded-merged/result.json"))}, QString()));
    QVERIFY2(w.lastError().isEmpty(), qPrintable(w.lastError()));
    ExperimentPanel* panel = w.experiments()->panel(QStringLiteral("head_ranking"));
    QVERIFY(panel && w.experiments()->isVisible());
    const QString tsv = panel->table()->toTsv(false);
    for (const char* head : {"L0.H0", "L1.H3"}) QVERIFY2(tsv.contains(QLatin1String(head)), qPrintable(tsv));

    MainWindow w2;
    w2.show();
    w2.applyStartup(parseStartup({m_dir.filePath(QStringLiteral("sharded-0/result.json"))}, QString()));
    QVERIFY2(w2.lastError().contains(QStringLiteral("is shard 0/2 of a sharded experiment")) &&
                 w2.lastError().contains(QStringLiteral("merge every shard first")),
             qPrintable(w2.lastError()));
}

void TestExperiments::resultFileOnTheCommandLine() {
    // gna-studio result.json: opens the experiment result in its panel (not as a workspace).
    const QString path = writeNiahResult();
    MainWindow w;
    w.show();
    const StartupRequest r = parseStartup({path}, QString());
    QCOMPARE(r.workspaceFile, path);
    w.applyStartup(r);
    QVERIFY2(w.lastError().isEmpty(), qPrintable(w.lastError()));
    ExperimentPanel* panel = w.experiments()->panel(QStringLiteral("niah"));
    QVERIFY(w.experiments()->isVisible());
    QVERIFY(panel->retrievalMap()->grid().isValid());
    QCOMPARE(panel->retrievalMap()->cellValue(0, 0), 0.0);
    QCOMPARE(panel->retrievalMap()->cellValue(1, 1), 2.0);
    // A corrupted result (edited samples) is refused with the core's message.
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadWrite));
    QByteArray text = f.readAll().replace("\"no idea\"", "\"edited\"");
    f.resize(0);
    f.write(text);
    f.close();
    QString error;
    QVERIFY(!w.experiments()->openResult(path, &error));
    QVERIFY2(error.contains(QStringLiteral("checksum")), qPrintable(error));
}

void TestExperiments::screenshots() {
    MainWindow w;
    openTiny(w);
    ExperimentDock* dock = w.experiments();
    dock->setFloating(true);
    dock->resize(1150, 560);
    dock->showPanel(QStringLiteral("niah"));
    QString error;
    QVERIFY2(dock->panel(QStringLiteral("niah"))->openResultFile(writeNiahResult(), &error), qPrintable(error));
    shoot(dock, QStringLiteral("experiment_niah_map"));
    dock->showPanel(QStringLiteral("sparsification"));
    shoot(dock, QStringLiteral("experiment_sparsification_form"));
    // Real runs: the manipulation grid (thesis Table 6.1 layout), G&A masks and the memory table (the
    // curves come from the demo model: demoResultScreenshots).
    struct Run {
        const char* kind;
        const char* spec;
    };
    for (
        const Run& r :
        {Run{"manipulation_grid",
             R"({"experiment": "manipulation_grid", "task": {"name": "niah", "lengths": [300], "depths": [50], "generate": 3}})"},
         Run{"gna_masks",
             R"({"experiment": "gna_masks", "gather": ["L0.H1"], "aggregate": ["L1.H2"], "task": {"name": "mmlu", "limit_per_subject": 2}})"},
         Run{"memory_table", R"({"experiment": "memory_table", "lengths": [128, 2048, 4096]})"}}) {
        ExperimentPanel* p = dock->panel(QString::fromLatin1(r.kind));
        dock->showPanel(p->kind());
        p->setSpecText(QString::fromLatin1(r.spec));
        QSignalSpy finished(dock->runner(), &ExperimentRunner::finished);
        p->run();
        QVERIFY2(finished.wait(120000), qPrintable(p->lastError()));
        // The form shows the spec that ran (the same as the result's).
        QVERIFY(p->formShowsSpec() && p->specProblem().isEmpty());
        const gna::Json ran = gna::read_experiment_result(finished.at(0).at(0).toString().toStdString()).spec;
        QCOMPARE(ran, gna::Json::parse(r.spec));
        auto text = [p](const char* name) { return p->findChild<QLineEdit*>(QLatin1String(name))->text(); };
        auto value = [p](const char* name) { return p->findChild<QSpinBox*>(QLatin1String(name))->value(); };
        if (p->kind() == QLatin1String("manipulation_grid")) {
            QCOMPARE(text("lengths"), QStringLiteral("300"));
            QCOMPARE(text("depths"), QStringLiteral("50"));
            QCOMPARE(value("generate"), 3);
        } else if (p->kind() == QLatin1String("gna_masks")) {
            QCOMPARE(text("gather"), QStringLiteral("L0.H1"));
            QCOMPARE(text("aggregate"), QStringLiteral("L1.H2"));
            QCOMPARE(value("limit"), 2);
        } else {
            QCOMPARE(text("lengths"), QStringLiteral("128, 2048, 4096"));
        }
        if (p->kind() == QLatin1String("manipulation_grid")) {
            // Rows: prefill modes; columns: generation modes.
            const auto* m = p->table()->tableModel();
            QCOMPARE(m->rowCount(), 5);
            QCOMPARE(m->columnCount(), 5);
            QCOMPARE(m->headerData(1, Qt::Horizontal).toString(), QStringLiteral("Keep"));
            QCOMPARE(m->data(m->index(1, 0)).toString(), QStringLiteral("Omit"));
        } else if (p->kind() == QLatin1String("gna_masks")) {
            // Slides layout: one row per subject (and the total), columns baseline / ablated / masked.
            const QStringList h = p->table()->tableModel()->headers();
            QVERIFY2(h.contains(QStringLiteral("G&A masked")) && h.contains(QStringLiteral("baseline")),
                     qPrintable(h.join(u',')));
        } else {
            QCOMPARE(p->table()->tableModel()->rowCount(), 3);
        }
        shoot(dock, QStringLiteral("experiment_%1").arg(p->kind()));
    }
    QDockWidget* maskDock = qobject_cast<QDockWidget*>(w.maskPanel()->parentWidget());
    QVERIFY(maskDock);
    maskDock->setFloating(true);
    maskDock->show();
    maskDock->resize(700, 760);
    QTRY_VERIFY_WITH_TIMEOUT(w.maskPanel()->questionCount() > 0, 60000);
    QSignalSpy done(w.maskPanel(), &MaskPanel::runFinished);
    w.maskPanel()->run();
    QVERIFY(done.wait(60000));
    shoot(maskDock, QStringLiteral("mask_editor_panel"));
}

// The result screenshots of the ranking, the removal curve and layer pruning come from the bundled demo
// transformer (a few samples each), where the Gather and Aggregate heads have an effect to show: its
// card measures KV retrieval at 100% with all heads and 16% without L2.H2, 18% without L2.H2 and L1.H3.
void TestExperiments::demoResultScreenshots() {
    MainWindow w;
    QVERIFY(showAndOpenModel(
        w, 1280, 900, QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/transformer"),
        QStringLiteral("Memorize the following dictionary:\napple:42\nriver:17\n\nThe value of the key 'river' is")));
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation > 0, 60000);
    ExperimentDock* dock = w.experiments();
    dock->setFloating(true);
    dock->resize(1150, 560);
    auto run = [&](const QString& kind, const QString& spec) -> QString {
        ExperimentPanel* p = dock->panel(kind);
        dock->showPanel(kind);
        p->setSpecText(spec);
        QSignalSpy finished(dock->runner(), &ExperimentRunner::finished);
        p->run();
        if (!finished.wait(120000) || !p->lastError().isEmpty()) return {};
        return finished.at(0).at(0).toString();
    };
    const QString ranking = run(
        QStringLiteral("head_ranking"),
        QStringLiteral(
            R"({"experiment": "head_ranking", "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 10}})"));
    QVERIFY(!ranking.isEmpty());
    // The table's first row is the head whose ablation costs most, its importance the baseline's mean
    // score minus the ablated one, both read here from the result's samples.
    const gna::ExperimentResult r = gna::read_experiment_result(ranking.toStdString());
    const auto* table = dock->panel(QStringLiteral("head_ranking"))->table()->tableModel();
    const QString top = table->data(table->index(0, 1)).toString();
    auto mean = [&](const std::string& condition) {
        const auto c = std::find(r.conditions.begin(), r.conditions.end(), condition) - r.conditions.begin();
        double sum = 0;
        for (const auto& sample : r.samples) sum += sample.scores[static_cast<std::size_t>(c)];
        return sum / static_cast<double>(r.samples.size());
    };
    QCOMPARE(top, QStringLiteral("L2.H2"));
    const double importance = mean("baseline") - mean(top.toStdString());
    QVERIFY2(importance >= 0.5, qPrintable(QString::number(importance)));
    QCOMPARE(table->data(table->index(0, 2), Qt::EditRole).toDouble(), importance);
    shoot(dock, QStringLiteral("experiment_head_ranking"));

    QVERIFY(!run(QStringLiteral("cumulative_removal"),
                 QStringLiteral(R"({"experiment": "cumulative_removal", "ranking": "%1", "steps": [0, 1, 2, 3, 4],
                    "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 10}})")
                     .arg(ranking))
                 .isEmpty());
    const QList<gna::views::CurveSeries> removal = dock->panel(QStringLiteral("cumulative_removal"))->curve()->series();
    QCOMPARE(removal.size(), 2);
    QVERIFY2(removal[0].y.back() <= 0.5, qPrintable(QString::number(removal[0].y.back())));  // G&A heads gone
    shoot(dock, QStringLiteral("experiment_cumulative_removal"));

    QVERIFY(
        !run(QStringLiteral("layer_pruning"),
             QStringLiteral(
                 R"({"experiment": "layer_pruning", "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 10}})"))
             .isEmpty());
    ExperimentPanel* pruning = dock->panel(QStringLiteral("layer_pruning"));
    QCOMPARE(pruning->findChild<QLineEdit*>(QStringLiteral("sizes"))->text(), QStringLiteral("10"));
    QCOMPARE(pruning->findChild<QSpinBox*>(QStringLiteral("samples_per_size"))->value(), 10);
    // One axis, n, and series that say what n is: the demo's 3 layers give n = 0..3 removed from the end
    // (0: the baseline) and each of the layers 0..2 skipped alone.
    const QList<gna::views::CurveSeries> layers = pruning->curve()->series();
    QCOMPARE(layers.size(), 2);
    QCOMPARE(layers[0].name, QStringLiteral("gradual: last n layers removed"));
    QCOMPARE(layers[1].name, QStringLiteral("individual: only layer n skipped"));
    QCOMPARE(layers[0].x, (std::vector<double>{0, 1, 2, 3}));
    QCOMPARE(layers[1].x, (std::vector<double>{0, 1, 2}));
    QCOMPARE(pruning->curve()->plot()->xAxis->label(), QStringLiteral("n"));
    shoot(dock, QStringLiteral("experiment_layer_pruning"));
}

GNA_GUI_TEST_MAIN(TestExperiments)
#include "tst_experiments.moc"
