// "Rank heads" with the fast method in the real window (offscreen, real clicks and keys) on the bundled
// transformer demo: the head board shows an attribution estimate for every head as soon as the
// attribution phase ends, before any head is verified; the verified cells then take the exact
// importance batch by batch, and at the end hold the exact ablation effects computed here through
// the core API (score_continuations with and without each head, not the experiment runner), alone on
// the colour scale: the unverified heads keep their estimate, hatched on a scale of their own that the
// legend names (issue 44: estimates of -112..149 drowned exact drops of 0.03 on one scale); the
// ranking table lists the verified heads by exact importance, then the others marked as estimates;
// the board and the table export with "Export figure set"; the form estimates both methods' cost
// and recommends one; Cancel stops a fast ranking.
#include <QComboBox>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QFile>
#include <QLineEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QSet>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <functional>
#include <map>

#include "experiment_dock.h"
#include "experiment_panel.h"
#include "experiment_runner.h"
#include "gna/experiments.h"
#include "gna/model.h"
#include "gna/tasks.h"
#include "head_board.h"
#include "head_board_legend.h"
#include "main_window.h"
#include "paper_figures.h"
#include "results_table.h"
#include "gui_test_main.h"

using namespace gna::studio;

namespace {

const QString kDemo = QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/transformer");

// One board snapshot per ranking update, taken after the window has drawn it.
struct Snapshot {
    int verified = 0;
    std::vector<double> cells;  // layers x heads: the scores on the board's colour scale (NaN: none)
    std::vector<double> estimates;  // layers x heads: the estimates drawn hatched (NaN: none)
};

}  // namespace

class TestRankHeads : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void fastRankingColoursThenVerifies();
    void formEstimatesEachMethodsCost();
    void cancelStopsTheFastRanking();

private:
    ExperimentPanel* openPanel(MainWindow& w);
    void fillForm(ExperimentPanel* panel, int samples, int top, const QString& out);
    QTemporaryDir m_dir;
};

ExperimentPanel* TestRankHeads::openPanel(MainWindow& w) {
    w.resize(1280, 900);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) return nullptr;
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.openModel(kDemo);
    if (!loaded.wait(60000)) return nullptr;
    for (int waited = 0; w.session()->isRunning() && waited < 60000; waited += 20) QTest::qWait(20);
    if (w.session()->isRunning()) return nullptr;
    w.experiments()->showPanel(QStringLiteral("head_ranking"));
    return w.experiments()->panel(QStringLiteral("head_ranking"));
}

// The form, as a user fills it: KV-retrieval with one dictionary size, the fast method, `top` heads
// wanted (3 x top verified), the log-probability metric, a results folder.
void TestRankHeads::fillForm(ExperimentPanel* panel, int samples, int top, const QString& out) {
    auto* sizes = panel->findChild<QLineEdit*>(QStringLiteral("sizes"));
    auto* perSize = panel->findChild<QSpinBox*>(QStringLiteral("samples_per_size"));
    auto* method = panel->findChild<QComboBox*>(QStringLiteral("method"));
    auto* wanted = panel->findChild<QSpinBox*>(QStringLiteral("top"));
    auto* metric = panel->findChild<QComboBox*>(QStringLiteral("metric"));
    auto* folder = panel->findChild<QLineEdit*>(QStringLiteral("out"));
    QVERIFY(sizes && perSize && method && wanted && metric && folder);
    auto retype = [](QWidget* field, const QString& text) {
        field->setFocus();
        QTest::keyClick(field, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(field, text);
    };
    retype(sizes, QStringLiteral("10"));
    retype(perSize, QString::number(samples));
    method->setFocus();
    QTest::keyClick(method, Qt::Key_Down);  // "Fast: attribution, then the top heads exactly"
    QCOMPARE(method->currentData().toString(), QStringLiteral("attribution+verify"));
    QVERIFY(wanted->isVisibleTo(panel));
    retype(wanted, QString::number(top));
    metric->setFocus();
    QTest::keyClick(metric, Qt::Key_Down);
    QCOMPARE(metric->currentData().toString(), QStringLiteral("logprob"));
    retype(folder, out);
    const gna::Json spec = panel->spec();
    QCOMPARE(spec.value("method", std::string()), std::string("attribution+verify"));
    QCOMPARE(spec.value("top", 0), top);
    QCOMPARE(spec.value("metric", std::string()), std::string("logprob"));
}

void TestRankHeads::fastRankingColoursThenVerifies() {
    MainWindow w;
    ExperimentPanel* panel = openPanel(w);
    QVERIFY(panel);
    // K = min(3 x top, max(top, ceil(12 heads / 4))) = min(6, 3) = 3, verified in min(K, 6) = 3 batches
    const int N = 12, top = 2, K = 3, batches = 3;
    const QString out = m_dir.filePath(QStringLiteral("fast"));
    fillForm(panel, N, top, out);
    if (QTest::currentTestFailed()) return;

    // The estimates and the exact effects, through the core API on the same prompts.
    auto model = gna::Model::load(kDemo.toStdString());
    const gna::ModelInfo& info = model->info();
    const int L = info.num_layers, H = info.num_heads;
    gna::KvRetrievalOptions ko;
    ko.sizes = {10};
    ko.samples_per_size = N;
    std::vector<gna::ChoiceItem> items;
    for (const gna::KvSample& s : gna::make_kv_samples(ko)) items.push_back(gna::kv_choice_item(model->tokenizer(), s));
    std::vector<double> estimate(static_cast<std::size_t>(L * H), 0.0);
    for (const gna::ChoiceItem& item : items) {
        gna::AttributionRequest r;
        r.prompt = item.prompt;
        r.continuation = item.choices[static_cast<std::size_t>(item.answer)];
        const gna::AttributionResult a = model->attribute_heads({r}).front();
        for (std::size_t i = 0; i < a.heads.size(); ++i)
            estimate[static_cast<std::size_t>(a.heads[i].layer * H + a.heads[i].head)] += a.effect[i] / N;
    }
    auto exactImportance = [&](int layer, int head) {
        double base = 0, ablated = 0;
        gna::InterventionPlan plan;
        plan.ablate(gna::HeadRef{layer, head});
        for (const gna::ChoiceItem& item : items) {
            base +=
                model->score_continuations(item.prompt, item.choices, {})[static_cast<std::size_t>(item.answer)] / N;
            ablated +=
                model->score_continuations(item.prompt, item.choices, plan)[static_cast<std::size_t>(item.answer)] / N;
        }
        return base - ablated;
    };

    std::vector<Snapshot> snaps;
    connect(w.experiments()->runner(), &ExperimentRunner::rankingProgress, this, [&](const RankingScores& r) {
        Snapshot s{static_cast<int>(r.exact.size()), {}, {}};
        for (int l = 0; l < L; ++l)
            for (int h = 0; h < H; ++h) {
                s.cells.push_back(w.headBoard()->model()->score(l, h));
                s.estimates.push_back(w.headBoard()->model()->isEstimateOnly(l, h)
                                          ? w.headBoard()->model()->estimate(l, h)
                                          : std::nan(""));
            }
        snaps.push_back(std::move(s));
    });
    QSignalSpy finished(w.experiments()->runner(), &ExperimentRunner::finished);
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QVERIFY(panel->isRunning());
    QVERIFY(panel->cancelButton()->isEnabled());
    QVERIFY(finished.wait(300000));
    QVERIFY2(panel->lastError().isEmpty(), qPrintable(panel->lastError()));

    // First the estimates alone, on every head, on the colour scale (the only quantity yet); then one
    // more verified head per batch.
    QCOMPARE(static_cast<int>(snaps.size()), 1 + batches);
    QCOMPARE(snaps.front().verified, 0);
    for (std::size_t i = 0; i < estimate.size(); ++i)
        QVERIFY2(
            std::abs(snaps.front().cells[i] - estimate[i]) < 1e-6 * (1 + std::abs(estimate[i])),
            qPrintable(
                QStringLiteral("cell %1: board %2, estimate %3").arg(i).arg(snaps.front().cells[i]).arg(estimate[i])));
    for (std::size_t k = 1; k < snaps.size(); ++k) QCOMPARE(snaps[k].verified, static_cast<int>(k) * K / batches);

    // The verified heads (the top K by estimate) hold the exact effects; the others keep their estimate.
    std::vector<int> order(estimate.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return estimate[a] > estimate[b]; });
    const gna::views::HeadBoardModel* board = w.headBoard()->model();
    std::map<int, double> exact;
    for (int k = 0; k < K; ++k) {
        const int l = order[k] / H, h = order[k] % H;
        exact[order[k]] = exactImportance(l, h);
        QVERIFY2(std::abs(board->score(l, h) - exact[order[k]]) < 1e-4,
                 qPrintable(QStringLiteral("L%1.H%2: board %3, exact %4")
                                .arg(l)
                                .arg(h)
                                .arg(board->score(l, h))
                                .arg(exact[order[k]])));
        QVERIFY2(std::abs(exact[order[k]] - estimate[order[k]]) > 1e-3,
                 "the estimate equals the exact value: the test cannot tell them apart");
    }
    // The other heads are not on the colour scale: no score, their estimate drawn apart.
    double exactMax = 0, estimateMax = 0;
    for (const auto& [cell, value] : exact) exactMax = std::max(exactMax, std::abs(value));
    for (std::size_t k = K; k < order.size(); ++k) {
        const int l = order[k] / H, h = order[k] % H;
        QVERIFY2(std::isnan(board->score(l, h)),
                 qPrintable(QStringLiteral("L%1.H%2 is on the exact scale").arg(l).arg(h)));
        QVERIFY(board->isEstimateOnly(l, h));
        QVERIFY(std::abs(board->estimate(l, h) - estimate[order[k]]) < 1e-6 * (1 + std::abs(estimate[order[k]])));
        estimateMax = std::max(estimateMax, std::abs(estimate[order[k]]));
    }
    // The colour scale spans the exact drops alone; the estimates' scale is their own.
    QVERIFY2(std::abs(board->maxScore() - exactMax) < 1e-6 * (1 + exactMax),
             qPrintable(
                 QStringLiteral("colour scale up to %1, largest exact drop %2").arg(board->maxScore()).arg(exactMax)));
    QVERIFY(std::abs(board->maxEstimate() - estimateMax) < 1e-6 * (1 + estimateMax));
    // The legend names each quantity and its unit; a cell's tooltip names what it shows.
    const auto* legend = w.findChild<gna::views::HeadBoardLegend*>();
    QVERIFY(legend);
    const QString legendText = legend->text();
    QVERIFY2(legendText.contains(QStringLiteral("exact drop in log-probability")), qPrintable(legendText));
    QVERIFY2(legendText.contains(QStringLiteral("Hatched, not measured: attribution estimate (logit difference)")),
             qPrintable(legendText));
    const int ul = order[K] / H, uh = order[K] % H;  // an unverified head
    const QString tip = board->data(board->index(ul, uh), Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("attribution estimate (logit difference)")) &&
                 tip.contains(QStringLiteral("not measured exactly")) && !tip.contains(QStringLiteral("exact drop")),
             qPrintable(tip));
    const QString verifiedTip = board->data(board->index(order[0] / H, order[0] % H), Qt::ToolTipRole).toString();
    QVERIFY2(verifiedTip.contains(QStringLiteral("exact drop in log-probability")), qPrintable(verifiedTip));
    // Drawn hatched: the unverified cell holds two colours (its muted fill and the hatching), a verified
    // cell without marks one.
    auto colours = [&](int l, int h) {
        const QImage image = w.headBoard()->grab(w.headBoard()->cellRect(l, h).adjusted(2, 2, -3, -3)).toImage();
        QSet<QRgb> seen;
        for (int y = 0; y < image.height(); ++y)
            for (int x = 0; x < image.width(); ++x) seen.insert(image.pixel(x, y));
        return seen.size();
    };
    QTRY_VERIFY(w.headBoard()->isVisible());
    QVERIFY2(colours(ul, uh) >= 2, qPrintable(QString::number(colours(ul, uh))));
    // The same values in the middle of the run: after the first batch exactly one exact cell, the
    // next head by estimate hatched and off the colour scale.
    const Snapshot& mid = snaps[1];
    QVERIFY(std::abs(mid.cells[order[0]] - exact[order[0]]) < 1e-4);
    QVERIFY(std::isnan(mid.cells[order[1]]));
    QVERIFY(std::abs(mid.estimates[order[1]] - estimate[order[1]]) < 1e-6 * (1 + std::abs(estimate[order[1]])));
    QCOMPARE(panel->progressBar()->value(), panel->progressBar()->maximum());

    // The ranking table: the K verified heads by exact importance (largest first), then every other
    // head by estimate, with no importance and marked as an estimate.
    const QAbstractItemModel* rankingTable = panel->table()->tableModel();
    QCOMPARE(rankingTable->rowCount(), L * H);
    int measured = -1, importanceColumn = -1, estimateColumn = -1;
    for (int c = 0; c < rankingTable->columnCount(); ++c) {
        const QString header = rankingTable->headerData(c, Qt::Horizontal).toString();
        if (header == QLatin1String("Measured")) measured = c;
        if (header == QLatin1String("Importance")) importanceColumn = c;
        if (header == QLatin1String("Attribution estimate")) estimateColumn = c;
    }
    QVERIFY(measured >= 0 && importanceColumn >= 0 && estimateColumn >= 0);
    std::vector<double> byExact;
    for (const auto& [cell, value] : exact) byExact.push_back(value);
    std::sort(byExact.begin(), byExact.end(), std::greater<>());
    for (int row = 0; row < rankingTable->rowCount(); ++row) {
        const QString what = rankingTable->index(row, measured).data().toString();
        const QVariant importance = rankingTable->index(row, importanceColumn).data(Qt::EditRole);
        if (row < K) {
            QVERIFY2(what.startsWith(QStringLiteral("exact")), qPrintable(what));
            QVERIFY2(std::abs(importance.toDouble() - byExact[static_cast<std::size_t>(row)]) < 1e-4,
                     qPrintable(QStringLiteral("row %1: %2, exact %3")
                                    .arg(row)
                                    .arg(importance.toDouble())
                                    .arg(byExact[static_cast<std::size_t>(row)])));
        } else {
            QVERIFY2(what.contains(QStringLiteral("estimate only")), qPrintable(what));
            QVERIFY(!importance.isValid());
            const double e = rankingTable->index(row, estimateColumn).data(Qt::EditRole).toDouble();
            QVERIFY(std::abs(e - estimate[order[static_cast<std::size_t>(row)]]) < 1e-6 * (1 + std::abs(e)));
        }
    }

    // Sorted by importance, either way, the heads without one stay last.
    for (const Qt::SortOrder order : {Qt::AscendingOrder, Qt::DescendingOrder}) {
        panel->table()->sortByColumn(importanceColumn, order);
        for (int row = 0; row < rankingTable->rowCount(); ++row)
            QCOMPARE(rankingTable->index(row, importanceColumn).data(Qt::EditRole).isValid(), row < K);
    }
    panel->table()->sortByColumn(-1, Qt::AscendingOrder);  // as given, for the export below
    // Export figure set: the board with those values and the ranking table (with the estimates).
    const QString figs = m_dir.filePath(QStringLiteral("figures"));
    QDir().mkpath(figs);
    QString error;
    const QStringList files = writePaperFigures(w, figs, {gna::views::FigureFormat::PNG}, {}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(files.contains(QDir(figs).filePath(QStringLiteral("head_board.png"))));
    QFile csv(QDir(figs).filePath(QStringLiteral("head_board.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    int checked = 0;
    for (const QByteArray& line : csv.readAll().split('\n')) {
        // series,layer,head,head_name,score,ablated (the series, the scale's label, may hold commas)
        const QList<QByteArray> f = line.split(',');
        const qsizetype n = f.size();
        if (n < 6 || f[n - 5] == "layer") continue;
        const int cell = f[n - 5].toInt() * H + f[n - 4].toInt();
        const double want = exact.count(cell) ? exact[cell] : estimate[static_cast<std::size_t>(cell)];
        QVERIFY2(std::abs(f[n - 2].toDouble() - want) < 1e-4, line.constData());
        // each row names its quantity
        QVERIFY2(line.contains(exact.count(cell) ? "exact drop" : "attribution estimate"), line.constData());
        ++checked;
    }
    QCOMPARE(checked, L * H);
    QFile table(QDir(figs).filePath(QStringLiteral("head_ranking_table.csv")));
    QVERIFY(table.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = table.readAll().trimmed().split('\n');
    QCOMPARE(rows.size(), 1 + L * H);
    QVERIFY2(rows[0].contains("Attribution estimate"), rows[0].constData());
}

// Beside the method: what each method is estimated to cost on the open demo (3 layers of 4 heads) and
// the spec, and the recommendation, following the form. By hand: exact = 1 + 4 x (3 + 2 + 1) / 3 = 9
// passes per prompt; Fast at top 2 verifies min(6, max(2, 3)) = 3 heads at the mean depth 2/3:
// 3 + 1 + 3 x 2/3 = 6, only 1.5x fewer: Exact recommended. At top 16 Fast would verify all 12.
void TestRankHeads::formEstimatesEachMethodsCost() {
    MainWindow w;
    ExperimentPanel* panel = openPanel(w);
    QVERIFY(panel);
    fillForm(panel, 12, 2, m_dir.filePath(QStringLiteral("cost")));
    if (QTest::currentTestFailed()) return;
    QLabel* cost = panel->costLabel();
    QVERIFY(cost && cost->isVisibleTo(panel));
    QTRY_VERIFY2(cost->toolTip().contains(QStringLiteral("Exact ablates 12 heads, ≈108 forward passes")),
                 qPrintable(cost->toolTip()));  // 12 prompts x 9
    QVERIFY2(cost->toolTip().contains(QStringLiteral("Fast verifies 3, ≈72 forward passes")),
             qPrintable(cost->toolTip()));
    QVERIFY2(cost->toolTip().contains(QStringLiteral("of activations")), qPrintable(cost->toolTip()));
    QVERIFY2(cost->toolTip().contains(QStringLiteral("Recommended: Exact")) &&
                 cost->toolTip().contains(QStringLiteral("1.5")),
             qPrintable(cost->toolTip()));
    QVERIFY(cost->toolTip().contains(QStringLiteral("not measured")));
    // on one line beside the method (the form is no higher), the recommendation first
    QVERIFY2(cost->text().startsWith(QStringLiteral("Recommended: Exact")), qPrintable(cost->text()));
    QVERIFY(!cost->wordWrap());
    auto* method = panel->findChild<QComboBox*>(QStringLiteral("method"));
    QVERIFY(method);
    const int costMiddle = cost->mapTo(panel, cost->rect().center()).y(),
              methodMiddle = method->mapTo(panel, method->rect().center()).y();
    QVERIFY2(std::abs(costMiddle - methodMiddle) <= method->height() / 2,
             qPrintable(QStringLiteral("the estimate at y %1, the method at %2").arg(costMiddle).arg(methodMiddle)));
    // more samples, more heads wanted: the estimate follows the form
    auto* perSize = panel->findChild<QSpinBox*>(QStringLiteral("samples_per_size"));
    auto* wanted = panel->findChild<QSpinBox*>(QStringLiteral("top"));
    QVERIFY(perSize && wanted);
    perSize->setFocus();
    QTest::keyClick(perSize, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(perSize, QStringLiteral("20"));
    QTRY_VERIFY2(cost->toolTip().contains(QStringLiteral("≈180 forward passes")), qPrintable(cost->toolTip()));
    wanted->setFocus();
    QTest::keyClick(wanted, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(wanted, QStringLiteral("16"));
    QTRY_VERIFY2(cost->toolTip().contains(QStringLiteral("Fast verifies 12")) &&
                     cost->toolTip().contains(QStringLiteral("would verify every head")),
                 qPrintable(cost->toolTip()));
}

void TestRankHeads::cancelStopsTheFastRanking() {
    MainWindow w;
    ExperimentPanel* panel = openPanel(w);
    QVERIFY(panel);
    const QString out = m_dir.filePath(QStringLiteral("cancelled"));
    fillForm(panel, 150, 4, out);
    if (QTest::currentTestFailed()) return;
    QSignalSpy ranking(w.experiments()->runner(), &ExperimentRunner::rankingProgress);
    QSignalSpy cancelled(w.experiments()->runner(), &ExperimentRunner::cancelled);
    QSignalSpy finished(w.experiments()->runner(), &ExperimentRunner::finished);
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QVERIFY(ranking.wait(300000));  // the estimates are on the board
    QTest::mouseClick(panel->cancelButton(), Qt::LeftButton);
    QVERIFY(cancelled.wait(120000));
    QCOMPARE(finished.count(), 0);
    QVERIFY(!panel->isRunning());
    QVERIFY(panel->runButton()->isEnabled());
    QVERIFY(!panel->cancelButton()->isEnabled());
    const RankingScores last = ranking.last().at(0).value<RankingScores>();
    QVERIFY2(last.exact.size() < 12, qPrintable(QString::number(last.exact.size())));
    QVERIFY(w.headBoard()->model()->hasScores());  // the estimates stay: on the colour scale, or hatched
    QVERIFY(!std::isnan(w.headBoard()->model()->score(0, 0)) || w.headBoard()->model()->isEstimateOnly(0, 0));
    // what was saved (the batches verified before Cancel, if any) is marked unfinished
    const QString saved = QDir(out).filePath(QStringLiteral("result.json"));
    if (QFile::exists(saved)) QVERIFY(!gna::read_experiment_result(saved.toStdString()).complete);
    QVERIFY(panel->etaLabel()->text().contains(QStringLiteral("Cancelled")));
    // The window is still usable: a head toggle reruns.
    QSignalSpy again(w.session(), &Session::resultReady);
    QTest::mouseClick(w.headBoard(), Qt::LeftButton, {}, w.headBoard()->cellRect(1, 1).center());
    QVERIFY(again.wait(60000));
}

GNA_GUI_TEST_MAIN(TestRankHeads)
#include "tst_rank_heads.moc"
