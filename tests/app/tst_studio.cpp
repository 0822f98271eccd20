// The real MainWindow with a tiny Llama made by `gna make-tiny-model`: load it, toggle a head by
// clicking the HeadBoard, wait for the rerun, check plan, scores and heatmaps against an
// independent gna::Model::run; workspace round trip; cancel; screenshots into the build dir.
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QUrl>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

#include "gather_aggregate_pair.h"
#include "gna/model.h"
#include "head_board.h"
#include "main_window.h"
#include "next_token_chart.h"
#include "prompt_editor.h"
#include "startup.h"
#include "studio_settings.h"
#include "theme.h"

using namespace gna::studio;

class TestStudio : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void loadToggleRerun();
    void heatmapEqualsCoreCapture();
    void ssmHeadMapIsHiddenAttention();
    void ssmModelBoardTogglesSsmHeads();
    void hybridBoardShowsEitherKind();
    void headScoresMatchCoreInOneOrTwoPasses();
    void lineScoresColourGatherAndAggregateHeads();
    void compareModeColoursByScoreChange();
    void compareCheckboxOnEveryDemo_data();
    void compareCheckboxOnEveryDemo();
    void anotherModelStartsWithItsOwnHeads();
    void demoOpensWithItsCardHeads();
    void deviceMenuLoadsOnChosenDevice();
    void workspaceRoundTrip();
    void cancelLeavesWindowUsable();
    void badModelShowsCoreError();
    void positionalModelArgument();
    void workspaceOption();
    void autosaveRestoreAfterCrash();
    void dropModelFolderLoadsIt();
    void recentModelsUpdated();
    void screenshots();

private:
    bool waitForResult(MainWindow& w, int timeoutMs = 60000);
    void openTiny(MainWindow& w);
    // Writes a tiny checkpoint of `arch` with gna make-tiny-model and opens it in `w` (shown).
    void openArch(MainWindow& w, const QString& arch, QString* dir);
    QTemporaryDir m_dir;
    QString m_model;
    const QString m_prompt = QStringLiteral("Memorize the following dictionary:\napple:42\nriver:17\n\nThe value of the key 'river' is");
};

void TestStudio::initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    m_model = m_dir.filePath(QStringLiteral("tiny-llama"));
    QProcess p;
    p.start(QStringLiteral(GNA_CLI_PATH), {QStringLiteral("make-tiny-model"), QStringLiteral("--arch"), QStringLiteral("llama"), m_model});
    QVERIFY2(p.waitForFinished(120000), "gna make-tiny-model timed out");
    QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
    QVERIFY(QFileInfo::exists(m_model + QStringLiteral("/config.json")));
}

void TestStudio::openArch(MainWindow& w, const QString& arch, QString* dir) {
    *dir = m_dir.filePath(QStringLiteral("tiny-") + arch);
    QProcess p;
    p.start(QStringLiteral(GNA_CLI_PATH), {QStringLiteral("make-tiny-model"), QStringLiteral("--arch"), arch, *dir});
    QVERIFY(p.waitForFinished(120000) && p.exitCode() == 0);
    w.resize(1280, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.promptEditor()->setPrompt(m_prompt);
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.openModel(*dir);
    QVERIFY(loaded.wait(60000));
}

bool TestStudio::waitForResult(MainWindow& w, int timeoutMs) {
    QSignalSpy spy(w.session(), &Session::resultReady);
    return spy.wait(timeoutMs);
}

void TestStudio::openTiny(MainWindow& w) {
    w.resize(1280, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.promptEditor()->setPrompt(m_prompt);
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    QSignalSpy result(w.session(), &Session::resultReady);
    QSignalSpy progress(w.session(), &Session::modelLoadProgress);
    w.openModel(m_model);
    QVERIFY(loaded.wait(60000));
    // the status bar's load progress reached 100% (queued from the loading thread before it finished)
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(0).toInt(), 100);
    QTRY_VERIFY_WITH_TIMEOUT(result.count() > 0 && !w.session()->isRunning(), 60000);
}

void TestStudio::loadToggleRerun() {
    MainWindow w;
    openTiny(w);
    const gna::ModelInfo* info = w.session()->modelInfo();
    QVERIFY(info);
    QCOMPARE(w.headBoard()->model()->layers(), info->num_layers);
    QCOMPARE(w.headBoard()->model()->heads(), info->num_heads);
    const std::vector<float> before = w.session()->lastOutcome().lastLogits;
    QVERIFY(!before.empty());
    QVERIFY(!w.nextTokenChart()->probabilities().isEmpty());
    QVERIFY(w.headBoard()->model()->hasScores());

    const int layer = 0, head = 1;
    const QRect cell = w.headBoard()->cellRect(layer, head);
    QSignalSpy result(w.session(), &Session::resultReady);
    QTest::mouseClick(w.headBoard(), Qt::LeftButton, {}, cell.center());
    QVERIFY(result.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
    const gna::InterventionPlan plan = w.session()->plan();
    QCOMPARE(plan.ablations.size(), std::size_t(1));
    QCOMPARE(plan.ablations[0].head.layer, layer);
    QCOMPARE(plan.ablations[0].head.head, head);
    QCOMPARE(plan.ablations[0].alpha, 0.0f);
    const std::vector<float> after = w.session()->lastOutcome().lastLogits;
    QCOMPARE(after.size(), before.size());
    double maxDiff = 0.0;
    for (std::size_t i = 0; i < after.size(); ++i) maxDiff = std::max(maxDiff, double(std::abs(after[i] - before[i])));
    QVERIFY2(maxDiff > 1e-5, qPrintable(QString::number(maxDiff)));

    // Independent check: the core with the same plan gives the same logits.
    auto model = gna::Model::load(m_model.toStdString());
    gna::RunRequest req;
    req.tokens = model->tokenizer().encode(m_prompt.toStdString(), true);
    req.plan.ablate({layer, head});
    const gna::RunResult ref = model->run(req);
    QCOMPARE(ref.last_logits.size(), after.size());
    for (std::size_t i = 0; i < after.size(); ++i) QVERIFY(std::abs(ref.last_logits[i] - after[i]) < 1e-4);
}

void TestStudio::heatmapEqualsCoreCapture() {
    MainWindow w;
    openTiny(w);
    w.setShownHeads({{1, 2}, {0, 3}});
    QTRY_VERIFY_WITH_TIMEOUT(w.heatmaps()->gather()->data().title.contains(QStringLiteral("L1.H2")) && !w.session()->isRunning(), 60000);
    w.headBoard()->toggleHead(0, 0);
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().size() == 1 && !w.session()->isRunning(), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->lastOutcome().generation == w.session()->generation(), 60000);

    auto model = gna::Model::load(m_model.toStdString());
    gna::RunRequest req;
    req.tokens = model->tokenizer().encode(m_prompt.toStdString(), true);
    req.plan.ablate({0, 0});
    req.capture = {{1, 2}, {0, 3}};
    const gna::RunResult ref = model->run(req);
    QCOMPARE(ref.attention.size(), std::size_t(2));
    const auto* maps = w.heatmaps();
    for (int k = 0; k < 2; ++k) {
        const gna::views::AttentionHeatmap* view = k == 0 ? maps->gather() : maps->aggregate();
        const gna::AttentionMap& m = ref.attention[k];
        QCOMPARE(view->data().rows, int(m.rows.size()));
        QCOMPARE(view->data().cols, m.cols);
        for (std::size_t r = 0; r < m.rows.size(); ++r)
            for (int c = 0; c < m.cols; ++c) QVERIFY(std::abs(view->cellValue(int(r), c) - m.at(r, c)) < 1e-5);
    }
}

// In a hybrid (tiny Zamba2: layer 0 Mamba-2 with 8 SSM heads, layer 1 hybrid with 4 attention and 8
// SSM heads) a head field naming L0.S5 shows that SSM head's hidden-attention map, not an attention
// head's; an attention head of a layer without attention (L0.H1) is refused, not drawn.
void TestStudio::ssmHeadMapIsHiddenAttention() {
    MainWindow w;
    QString dir;
    openArch(w, QStringLiteral("zamba2"), &dir);
    if (QTest::currentTestFailed()) return;
    w.setShownHeads({{0, 5, true}, {1, 2}});
    QTRY_VERIFY_WITH_TIMEOUT(w.heatmaps()->gather()->data().title.contains(QStringLiteral("L0.S5")) && !w.session()->isRunning(), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->lastOutcome().generation == w.session()->generation(), 60000);

    auto model = gna::Model::load(dir.toStdString());
    gna::RunRequest req;
    req.tokens = model->tokenizer().encode(m_prompt.toStdString(), true);
    req.capture = {{0, 5, gna::HeadKind::SSM}, {1, 2, gna::HeadKind::Attention}};
    const gna::RunResult ref = model->run(req);
    QCOMPARE(ref.attention.size(), std::size_t(2));
    // The SSM map is a hidden-attention matrix: causal, not a softmax (rows need not sum to 1).
    const gna::AttentionMap& ssm = ref.attention[0];
    double rowSumError = 0;
    for (std::size_t r = 0; r < ssm.rows.size(); ++r) {
        double sum = 0;
        for (int c = 0; c < ssm.cols; ++c) {
            if (c > ssm.rows[r]) QCOMPARE(ssm.at(r, c), 0.f);
            sum += ssm.at(r, c);
        }
        rowSumError = std::max(rowSumError, std::abs(sum - 1.0));
    }
    QVERIFY2(rowSumError > 1e-3, "an SSM head's hidden attention should not look like a softmax row");
    for (int k = 0; k < 2; ++k) {
        const gna::views::AttentionHeatmap* view = k == 0 ? w.heatmaps()->gather() : w.heatmaps()->aggregate();
        const gna::AttentionMap& m = ref.attention[k];
        QCOMPARE(view->data().rows, int(m.rows.size()));
        QCOMPARE(view->data().cols, m.cols);
        for (std::size_t r = 0; r < m.rows.size(); ++r)
            for (int c = 0; c < m.cols; ++c) QVERIFY(std::abs(view->cellValue(int(r), c) - m.at(r, c)) < 1e-5);
    }
    QVERIFY(w.heatmaps()->aggregate()->data().title.contains(QStringLiteral("L1.H2")));
    // L0 is a Mamba-2 layer: L0.H1 does not exist, so the field is refused and nothing is drawn for it.
    w.setShownHeads({{0, 1}, {1, 2}});
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
    for (const auto& h : w.session()->shownHeads()) QVERIFY2(!(h.layer == 0 && !h.ssm), qPrintable(h.name()));

    // An SSM head switched off by a workspace: not drawn as an attention cell, kept in the plan when a
    // board cell is clicked, saved as L0.S5, and switched back on by Restore all.
    Workspace ws = w.workspace();
    ws.ablated = {{0, 5, true}};
    w.applyWorkspace(ws);
    QVERIFY(w.headBoard()->model()->ablatedHeads().isEmpty());
    w.headBoard()->toggleHead(1, 2);
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().size() == 2 && !w.session()->isRunning(), 60000);
    QVERIFY(w.session()->ablatedHeads().contains(gna::views::HeadCell{0, 5, true}));
    QVERIFY(w.session()->ablatedHeads().contains(gna::views::HeadCell{1, 2, false}));
    QVERIFY(w.workspace().ablated.contains(gna::views::HeadCell{0, 5, true}));
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    // The run used the SSM head's ablation: the next-token distribution equals the core's with that plan.
    gna::RunRequest both;
    both.tokens = req.tokens;
    both.plan.ablate({0, 5, gna::HeadKind::SSM});
    both.plan.ablate({1, 2, gna::HeadKind::Attention});
    const std::vector<float> logits = model->run(both).last_logits;
    QCOMPARE(w.session()->lastOutcome().lastLogits.size(), logits.size());
    for (std::size_t i = 0; i < logits.size(); ++i) QVERIFY(std::abs(w.session()->lastOutcome().lastLogits[i] - logits[i]) < 1e-4);
    w.restoreAllHeads();
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().isEmpty(), 10000);
}

// A model without attention (tiny Mamba-2): the board's cells are its SSM heads, the head fields
// fall back to SSM heads, and clicking a cell switches that SSM head off in a real rerun.
void TestStudio::ssmModelBoardTogglesSsmHeads() {
    MainWindow w;
    QString dir;
    openArch(w, QStringLiteral("mamba2"), &dir);
    if (QTest::currentTestFailed()) return;
    auto model = gna::Model::load(dir.toStdString());
    const gna::ModelInfo& info = model->info();
    QCOMPARE(w.headBoard()->model()->layers(), info.num_layers);
    QCOMPARE(w.headBoard()->model()->heads(), info.layers[0].ssm_heads);
    QVERIFY(w.headBoard()->model()->cell(0, 1).ssm);
    const QString last = QStringLiteral("L%1.S0").arg(info.num_layers - 1);
    QTRY_VERIFY_WITH_TIMEOUT(w.heatmaps()->gather()->data().title.contains(QStringLiteral("L0.S0")) &&
                                 w.heatmaps()->aggregate()->data().title.contains(last) && !w.session()->isRunning(),
                             60000);
    w.headBoard()->toggleHead(0, 1);
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().size() == 1 && !w.session()->isRunning(), 60000);
    QCOMPARE(w.session()->ablatedHeads().value(0).name(), QStringLiteral("L0.S1"));
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    gna::RunRequest req;
    req.tokens = model->tokenizer().encode(m_prompt.toStdString(), true);
    req.plan.ablate({0, 1, gna::HeadKind::SSM});
    const std::vector<float> logits = model->run(req).last_logits;
    gna::RunRequest plain = req;
    plain.plan = {};
    const std::vector<float> unablated = model->run(plain).last_logits;
    QCOMPARE(w.session()->lastOutcome().lastLogits.size(), logits.size());
    double moved = 0;
    for (std::size_t i = 0; i < logits.size(); ++i) {
        QVERIFY(std::abs(w.session()->lastOutcome().lastLogits[i] - logits[i]) < 1e-4);
        moved = std::max(moved, double(std::abs(logits[i] - unablated[i])));
    }
    QVERIFY2(moved > 1e-4, "switching the SSM head off changes the logits");
    w.restoreAllHeads();
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().isEmpty() && w.headBoard()->model()->ablatedHeads().isEmpty(), 10000);
}

// A hybrid (tiny Zamba2): the board's attention cells exist only in the layers with attention (the others
// are hatched and cannot be switched); View > Head board: SSM heads puts the SSM heads on the board, and a
// click there switches an SSM head off in a real rerun while attention ablations stay in the plan.
void TestStudio::hybridBoardShowsEitherKind() {
    MainWindow w;
    QString dir;
    openArch(w, QStringLiteral("zamba2"), &dir);
    if (QTest::currentTestFailed()) return;
    auto model = gna::Model::load(dir.toStdString());
    const gna::ModelInfo& info = model->info();
    const gna::views::HeadBoardModel* board = w.headBoard()->model();
    int attention = 0, ssm = 0, withoutAttention = -1;
    for (const gna::LayerInfo& l : info.layers) {
        attention = std::max(attention, l.attention_heads);
        ssm = std::max(ssm, l.ssm_heads);
        if (l.attention_heads == 0 && withoutAttention < 0) withoutAttention = l.index;
    }
    QVERIFY(attention > 0 && ssm > 0 && withoutAttention >= 0);
    QVERIFY(!board->ssm());
    QCOMPARE(board->heads(), attention);
    for (const gna::LayerInfo& l : info.layers)
        for (int h = 0; h < board->heads(); ++h) {
            QCOMPARE(board->contains(l.index, h), h < l.attention_heads);
            QCOMPARE(board->flags(board->index(l.index, h)) == Qt::NoItemFlags, h >= l.attention_heads);
        }
    w.headBoard()->toggleHead(withoutAttention, 0);  // a hatched cell: nothing happens
    QVERIFY(board->ablatedHeads().isEmpty());
    QVERIFY(w.session()->ablatedHeads().isEmpty());

    // Through the View menu, as a person would.
    QAction* toSsm = nullptr;
    for (QAction* a : w.findChildren<QAction*>())
        if (a->text() == MainWindow::tr("Head board: &SSM heads")) toSsm = a;
    QVERIFY(toSsm && toSsm->isEnabled() && toSsm->isCheckable() && !toSsm->isChecked());
    const int attnLayer = info.layers[1].attention_heads > 0 ? 1 : info.num_layers - 1;
    w.headBoard()->toggleHead(attnLayer, 1);
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().size() == 1 && !w.session()->isRunning(), 60000);
    toSsm->trigger();
    QVERIFY(board->ssm());
    QCOMPARE(board->heads(), ssm);
    for (const gna::LayerInfo& l : info.layers)
        for (int h = 0; h < board->heads(); ++h) QCOMPARE(board->contains(l.index, h), h < l.ssm_heads);
    QVERIFY(board->ablatedHeads().isEmpty());  // the attention head is not drawn here, and stays off
    w.headBoard()->toggleHead(withoutAttention, 1);
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().size() == 2 && !w.session()->isRunning(), 60000);
    QVERIFY(w.session()->ablatedHeads().contains(gna::views::HeadCell{withoutAttention, 1, true}));
    QVERIFY(w.session()->ablatedHeads().contains(gna::views::HeadCell{attnLayer, 1, false}));
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    gna::RunRequest req;
    req.tokens = model->tokenizer().encode(m_prompt.toStdString(), true);
    req.plan.ablate({withoutAttention, 1, gna::HeadKind::SSM});
    req.plan.ablate({attnLayer, 1, gna::HeadKind::Attention});
    const std::vector<float> logits = model->run(req).last_logits;
    QCOMPARE(w.session()->lastOutcome().lastLogits.size(), logits.size());
    for (std::size_t i = 0; i < logits.size(); ++i) QVERIFY(std::abs(w.session()->lastOutcome().lastLogits[i] - logits[i]) < 1e-4);
    const QString shots = QStringLiteral(GNA_TEST_DATA_DIR "/../../screenshots");
    QDir().mkpath(shots);
    QTest::qWait(200);
    QVERIFY(w.grab().toImage().save(QDir(shots).filePath(QStringLiteral("hybrid_board_ssm.png"))));
    // Back to the attention heads: the attention ablation is drawn again, the SSM one kept.
    toSsm->trigger();
    QVERIFY(!board->ssm());
    QCOMPARE(board->ablatedHeads(), (gna::views::HeadCells{{attnLayer, 1, false}}));
    QTest::qWait(200);
    QVERIFY(w.grab().toImage().save(QDir(shots).filePath(QStringLiteral("hybrid_board_attention.png"))));
    applyTheme(Theme::Dark);  // the hatched cells in the dark palette
    QTest::qWait(200);
    QVERIFY(w.grab().toImage().save(QDir(shots).filePath(QStringLiteral("hybrid_board_attention_dark.png"))));
    applyTheme(Theme::Light);
    QCOMPARE(w.session()->ablatedHeads().size(), qsizetype(2));
    w.restoreAllHeads();
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().isEmpty() && board->ablatedHeads().isEmpty(), 10000);
}

void TestStudio::headScoresMatchCoreInOneOrTwoPasses() {
    // The head scores come from the same pass as the run (every head's map captured) when that is
    // small, else from a second pass of last rows; both must equal the core's own last-row entropy.
    MainWindow w;
    openTiny(w);
    w.headBoard()->toggleHead(0, 2);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    auto model = gna::Model::load(m_model.toStdString());
    const gna::ModelInfo& info = model->info();
    gna::RunRequest req;
    req.tokens = model->tokenizer().encode(m_prompt.toStdString(), true);
    req.plan.ablate({0, 2});
    for (int l = 0; l < info.num_layers; ++l)
        for (int h = 0; h < info.num_heads; ++h) req.capture.push_back({l, h});
    req.capture_rows = {static_cast<int>(req.tokens.size()) - 1};
    const gna::RunResult ref = model->run(req);
    for (int pass = 1; pass <= 2; ++pass) {
        const RunOutcome& o = w.session()->lastOutcome();
        QCOMPARE(o.forwardPasses, pass);
        QCOMPARE(o.headScores.size(), std::size_t(info.num_layers * info.num_heads));
        for (const gna::AttentionMap& m : ref.attention) {
            double entropy = 0;
            for (int c = 0; c < m.cols; ++c)
                if (m.at(0, c) > 0) entropy -= m.at(0, c) * std::log2(double(m.at(0, c)));
            QVERIFY(std::abs(o.headScores[m.head.layer * info.num_heads + m.head.head] - entropy) < 1e-4);
        }
        w.session()->setFullCaptureBudget(0);  // force the separate score pass
        w.session()->requestRun();
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    }
}

void TestStudio::lineScoresColourGatherAndAggregateHeads() {
    // "Colour heads by" Gather score / Aggregate score: per head, the mean attention of each line end
    // on the tokens of its own line, and the last token's attention on the line ends; counted here by
    // hand from the core's full maps, in the run's own pass and in a separate score pass.
    MainWindow w;
    openTiny(w);
    QComboBox* mode = nullptr;
    for (QComboBox* c : w.findChildren<QComboBox*>())
        if (c->findText(QStringLiteral("Gather score"), Qt::MatchStartsWith) >= 0) mode = c;
    QVERIFY(mode);
    auto model = gna::Model::load(m_model.toStdString());
    const gna::ModelInfo& info = model->info();
    gna::RunRequest req;
    req.tokens = model->tokenizer().encode(m_prompt.toStdString(), true);
    for (int l = 0; l < info.num_layers; ++l)
        for (int h = 0; h < info.num_heads; ++h) req.capture.push_back({l, h});
    const gna::RunResult ref = model->run(req);
    const int last = static_cast<int>(req.tokens.size()) - 1;
    std::vector<int> ends;
    for (int t = 0; t < last; ++t)
        if (model->tokenizer().decode({req.tokens[t]}).find('\n') != std::string::npos) ends.push_back(t);
    QVERIFY(ends.size() >= 3);  // the header, two dictionary lines (and the blank line)
    std::vector<double> gather(std::size_t(info.num_layers * info.num_heads)), aggregate(gather.size());
    for (const gna::AttentionMap& m : ref.attention) {
        const std::size_t i = std::size_t(m.head.layer * info.num_heads + m.head.head);
        int lines = 0, previous = -1;
        for (int r : ends) {
            if (r - previous > 1) {
                double w = 0;
                for (int c = previous + 1; c < r; ++c) w += m.at(r, c);  // full map: row index = position
                gather[i] += w;
                ++lines;
            }
            previous = r;
            aggregate[i] += m.at(last, r);
        }
        gather[i] /= lines;
    }
    double spread = 0;
    for (double g : gather) spread = std::max(spread, std::abs(g - gather[0]));
    QVERIFY(spread > 1e-3);  // the heads differ: the comparison below can fail
    for (const auto& [item, want] : {std::pair{5, &gather}, std::pair{6, &aggregate}}) {
        w.session()->setFullCaptureBudget(kFullCaptureBudget);
        mode->setCurrentIndex(item);
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
        for (int pass = 1; pass <= 2; ++pass) {
            const RunOutcome& o = w.session()->lastOutcome();
            QCOMPARE(o.forwardPasses, pass);
            QVERIFY2(o.scoreLabel.startsWith(item == 5 ? QStringLiteral("Gather score") : QStringLiteral("Aggregate score")),
                     qPrintable(o.scoreLabel));
            QCOMPARE(o.headScores.size(), want->size());
            for (std::size_t i = 0; i < want->size(); ++i)
                QVERIFY2(std::abs(o.headScores[i] - (*want)[i]) < 1e-4,
                         qPrintable(QStringLiteral("item %1 head %2: %3, by hand %4").arg(item).arg(i).arg(o.headScores[i]).arg((*want)[i])));
            w.session()->setFullCaptureBudget(0);  // force the separate score pass (line-end rows and the last)
            w.session()->requestRun();
            QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
        }
    }
    QVERIFY(w.headBoard()->model()->maxScore() > 0);
    QTest::qWait(200);
    QVERIFY(w.grab().toImage().save(QDir(QStringLiteral(GNA_TEST_DATA_DIR "/../../screenshots")).filePath(QStringLiteral("board_aggregate_score.png"))));
    // Compare mode with a head off: the unablated scores are the line scores above (the baseline pass
    // captures the line-end rows too, not only the last row).
    mode->setCurrentIndex(5);
    w.session()->setCompare(true);
    w.headBoard()->toggleHead(0, 2);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    const RunOutcome& o = w.session()->lastOutcome();
    QVERIFY(o.scoresAreDeltas);
    QCOMPARE(o.baselineHeadScores.size(), gather.size());
    for (std::size_t i = 0; i < gather.size(); ++i) QVERIFY(std::abs(o.baselineHeadScores[i] - gather[i]) < 1e-4);
}

void TestStudio::compareModeColoursByScoreChange() {
    // Compare mode with a head ablated: the board shows, per head, entropy(ablated) minus
    // entropy(unablated) of the last row, each computed here from the core's own capture.
    MainWindow w;
    openTiny(w);
    w.session()->setCompare(true);
    w.headBoard()->toggleHead(0, 2);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    auto model = gna::Model::load(m_model.toStdString());
    const gna::ModelInfo& info = model->info();
    auto entropies = [&](bool ablated) {
        gna::RunRequest req;
        req.tokens = model->tokenizer().encode(m_prompt.toStdString(), true);
        if (ablated) req.plan.ablate({0, 2});
        for (int l = 0; l < info.num_layers; ++l)
            for (int h = 0; h < info.num_heads; ++h) req.capture.push_back({l, h});
        req.capture_rows = {static_cast<int>(req.tokens.size()) - 1};
        std::vector<double> e(std::size_t(info.num_layers * info.num_heads), 0.0);
        for (const gna::AttentionMap& m : model->run(req).attention)
            for (int c = 0; c < m.cols; ++c)
                if (m.at(0, c) > 0) e[m.head.layer * info.num_heads + m.head.head] -= m.at(0, c) * std::log2(double(m.at(0, c)));
        return e;
    };
    const std::vector<double> after = entropies(true), before = entropies(false);
    const RunOutcome& o = w.session()->lastOutcome();
    QVERIFY(o.scoresAreDeltas);
    double largest = 0;
    for (std::size_t i = 0; i < after.size(); ++i) {
        QVERIFY2(std::abs(o.headScores[i] - (after[i] - before[i])) < 1e-4, qPrintable(QString::number(i)));
        QVERIFY(std::abs(o.baselineHeadScores[i] - before[i]) < 1e-4);
        largest = std::max(largest, std::abs(after[i] - before[i]));
    }
    QVERIFY(largest > 1e-3);  // ablating a layer-0 head changes later heads' rows
    QVERIFY(w.headBoard()->model()->scoresAreDifferences());
    QCOMPARE(w.headBoard()->model()->minScore(), -w.headBoard()->model()->maxScore());
    QVERIFY(std::abs(w.headBoard()->model()->maxScore() - largest) < 1e-9);
    // Without an intervention there is nothing to compare: plain scores again.
    w.headBoard()->toggleHead(0, 2);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    QVERIFY(!w.session()->lastOutcome().scoresAreDeltas);
    QVERIFY(!w.headBoard()->model()->scoresAreDifferences());
    for (std::size_t i = 0; i < before.size(); ++i) QVERIFY(std::abs(w.session()->lastOutcome().headScores[i] - before[i]) < 1e-4);
}

void TestStudio::compareCheckboxOnEveryDemo_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("ablate");
    for (const char* k : {"transformer", "ssm", "hybrid"}) {
        QTest::newRow((std::string(k) + " unablated").c_str()) << QString::fromLatin1(k) << false;
        QTest::newRow((std::string(k) + " ablated").c_str()) << QString::fromLatin1(k) << true;
    }
}

void TestStudio::compareCheckboxOnEveryDemo() {
    // Ticking "Compare with the unablated run" on the demos' own KV prompt, whose candidates are
    // several SentencePiece tokens (" 88" = "▁" + "88"), with and without an ablated head: each
    // baseline bar equals the unablated model's probability computed here.
    QFETCH(QString, kind);
    QFETCH(bool, ablate);
    const QString dir = QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/") + kind;
    MainWindow w;
    w.resize(1280, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.promptEditor()->setPrompt(m_prompt);
    w.promptEditor()->setCandidates({QStringLiteral("17"), QStringLiteral("42"), QStringLiteral("zebra crossing")});
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.openModel(dir);
    QVERIFY(loaded.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    if (ablate) {
        const QRect r = w.headBoard()->cellRect(w.headBoard()->model()->layers() - 1, 0);
        QTest::mouseClick(w.headBoard(), Qt::LeftButton, {}, r.center());
        QCOMPARE(w.session()->ablatedHeads().size(), 1);
    }
    auto* compare = w.findChild<QCheckBox*>(QStringLiteral("compareCheck"));
    QVERIFY(compare);
    QTest::mouseClick(compare, Qt::LeftButton, {}, QPoint(8, compare->height() / 2));
    QVERIFY(compare->isChecked());
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    const RunOutcome& o = w.session()->lastOutcome();
    QVERIFY2(o.error.isEmpty(), qPrintable(o.error));
    QCOMPARE(o.baseline.size(), o.next.size());
    auto model = gna::Model::load(dir.toStdString());
    const std::vector<int> tokens = model->tokenizer().encode(m_prompt.toStdString(), true);
    // "zebra crossing" is several tokens: its bar is the whole continuation's probability.
    const std::vector<int> zebra = model->tokenizer().encode(" zebra crossing", false);
    QVERIFY(zebra.size() > 1);
    const double pZebra = std::exp(model->score_continuations(tokens, {zebra}, {})[0]);
    bool seen = false;
    for (qsizetype i = 0; i < o.baseline.size(); ++i)
        if (o.baseline[i].label == QLatin1String("zebra crossing")) {
            QVERIFY(std::abs(o.baseline[i].probability - pZebra) < 1e-7);
            seen = true;
        }
    QVERIFY(seen);
    QVERIFY(w.nextTokenChart()->plot()->graphCount() + w.nextTokenChart()->plot()->plottableCount() > 0);
}

void TestStudio::anotherModelStartsWithItsOwnHeads() {
    // A plan and the shown heads belong to one model: opening another starts with every head on and
    // shows heads the new model has; a workspace's plan is applied once its model is open.
    MainWindow w;
    openTiny(w);
    w.headBoard()->toggleHead(1, 3);
    QCOMPARE(w.session()->ablatedHeads().size(), 1);
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.openModel(QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/ssm"));
    QVERIFY(loaded.wait(60000));
    QVERIFY(w.session()->ablatedHeads().isEmpty());
    QVERIFY(w.headBoard()->ablatedHeads().isEmpty());
    for (const auto& h : w.session()->shownHeads()) QVERIFY2(headExists(*w.session()->modelInfo(), h), qPrintable(h.name()));
    QVERIFY(!w.headBoard()->undoStack()->canUndo());  // an undo would toggle the other model's head
    Workspace ws = w.workspace();
    ws.modelPath = m_model;
    ws.ablated = {gna::views::HeadCell{1, 2, false}};
    w.applyWorkspace(ws);
    QVERIFY(loaded.wait(60000));
    QCOMPARE(w.session()->ablatedHeads(), ws.ablated);
    QCOMPARE(w.headBoard()->ablatedHeads(), ws.ablated);
}

void TestStudio::demoOpensWithItsCardHeads() {
    // The transformer demo's card: of its ranking's top two heads, the one with the larger measured
    // Gather mass is the Gather head, the other the Aggregate head; the main view shows both on opening.
    const QString dir = QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/transformer");
    QFile f(dir + QStringLiteral("/model_card.json"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject e = QJsonDocument::fromJson(f.readAll()).object().value(QStringLiteral("evaluation")).toObject();
    const QJsonArray top = e.value(QStringLiteral("top2_by_kv_drop")).toObject().value(QStringLiteral("heads")).toArray();
    QCOMPARE(top.size(), 2);
    QMap<QString, double> gatherMass;
    for (const QJsonValue& h : e.value(QStringLiteral("single_head_ablation")).toArray())
        gatherMass[h.toObject().value(QStringLiteral("head")).toString()] = h.toObject().value(QStringLiteral("gather_mass")).toDouble();
    const QString a = top[0].toString(), b = top[1].toString();
    const QString gather = gatherMass[a] > gatherMass[b] ? a : b, aggregate = gather == a ? b : a;
    MainWindow w;
    w.resize(1280, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.openModel(dir);
    QVERIFY(loaded.wait(60000));
    QCOMPARE(w.session()->shownHeads().size(), 2);
    QCOMPARE(w.session()->shownHeads()[0].name(), gather);
    QCOMPARE(w.session()->shownHeads()[1].name(), aggregate);
    QCOMPARE(w.findChild<QLineEdit*>(QStringLiteral("gatherHead"))->text(), gather);
}

void TestStudio::deviceMenuLoadsOnChosenDevice() {
    // Run > Device: CPU checked; CUDA enabled only where the core has it. Choosing CUDA reloads the
    // open model there (GPU machines); choosing the current device does not reload.
    MainWindow w;
    openTiny(w);
    auto* cpu = w.findChild<QAction*>(QStringLiteral("deviceCpu"));
    auto* cuda = w.findChild<QAction*>(QStringLiteral("deviceCuda"));
    QVERIFY(cpu && cuda);
    QVERIFY(cpu->isChecked());
    QCOMPARE(cuda->isEnabled(), gna::cuda_available());
    QCOMPARE(QString::fromStdString(w.session()->modelInfo()->device), QStringLiteral("cpu"));
    QSignalSpy started(w.session(), &Session::modelLoadStarted);
    cpu->trigger();
    QCOMPARE(started.count(), 0);
    if (!gna::cuda_available()) return;
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    cuda->trigger();
    QVERIFY(loaded.wait(60000));
    QVERIFY(QString::fromStdString(w.session()->modelInfo()->device).startsWith(QStringLiteral("cuda")));
    cpu->trigger();
    QVERIFY(loaded.wait(60000));
}

void TestStudio::workspaceRoundTrip() {
    MainWindow w;
    openTiny(w);
    w.headBoard()->toggleHead(1, 3);
    w.setShownHeads({{1, 0}, {0, 2}});
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
    const QString path = m_dir.filePath(QStringLiteral("ws.gna.json"));
    QString error;
    QVERIFY2(w.saveWorkspace(path, &error), qPrintable(error));
    const Workspace saved = w.workspace();

    MainWindow w2;
    w2.show();
    QSignalSpy loaded(w2.session(), &Session::modelLoaded);
    QVERIFY2(w2.loadWorkspace(path, &error), qPrintable(error));
    QVERIFY(loaded.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!w2.session()->isRunning() && w2.session()->lastOutcome().generation > 0, 60000);
    const Workspace restored = w2.workspace();
    QCOMPARE(restored.modelPath, saved.modelPath);
    QCOMPARE(restored.prompt, m_prompt);
    QCOMPARE(restored.ablated.size(), 1);
    QCOMPARE(restored.ablated.front().name(), QStringLiteral("L1.H3"));
    QCOMPARE(restored.shownHeads.size(), 2);
    QCOMPARE(restored.shownHeads.front().name(), QStringLiteral("L1.H0"));
    QVERIFY(w2.headBoard()->model()->isAblated(1, 3));
    QVERIFY(!Workspace::load(m_dir.filePath(QStringLiteral("missing.json")), nullptr, &error));
    QVERIFY(error.contains(QStringLiteral("missing.json")));
}

void TestStudio::cancelLeavesWindowUsable() {
    MainWindow w;
    openTiny(w);
    QSignalSpy cancelled(w.session(), &Session::runCancelled);
    QSignalSpy result(w.session(), &Session::resultReady);
    w.session()->requestRun();
    w.session()->cancel();
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
    // Either it was stopped (cancelled) or it had already finished; both leave no error.
    QVERIFY(cancelled.count() + result.count() >= 1);
    QVERIFY(w.lastError().isEmpty());
    QVERIFY(!w.cancelButton()->isEnabled());
    // Still usable: a toggle reruns and produces a result.
    QSignalSpy again(w.session(), &Session::resultReady);
    QTest::mouseClick(w.headBoard(), Qt::LeftButton, {}, w.headBoard()->cellRect(1, 1).center());
    QVERIFY(again.wait(60000));
    QVERIFY(w.session()->plan().ablations.size() == 1);
}

void TestStudio::badModelShowsCoreError() {
    MainWindow w;
    w.show();
    QSignalSpy failed(w.session(), &Session::modelLoadFailed);
    w.openModel(m_dir.filePath(QStringLiteral("no-such-model")));
    QVERIFY(failed.wait(30000));
    QVERIFY(!w.lastError().isEmpty());
    QVERIFY(!w.session()->hasModel());
}

void TestStudio::positionalModelArgument() {
    // gna-studio MODEL_DIR: a relative folder name is resolved and opened at start.
    const QString cwd = QDir::currentPath();
    QDir::setCurrent(m_dir.path());
    const StartupRequest r = parseStartup({QStringLiteral("tiny-llama")}, QString());
    QDir::setCurrent(cwd);
    QCOMPARE(r.modelDir, QFileInfo(m_model).absoluteFilePath());
    QVERIFY(r.workspaceFile.isEmpty());
    MainWindow w;
    w.show();
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.applyStartup(r);
    QVERIFY(loaded.wait(60000));
    QCOMPARE(QFileInfo(w.session()->modelPath()).canonicalFilePath(), QFileInfo(m_model).canonicalFilePath());
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation > 0, 60000);
    QVERIFY(w.restoreDialog() == nullptr);  // a requested model is not second-guessed by a restore offer
    QVERIFY(!w.windowTitle().isEmpty() && w.windowTitle().contains(QStringLiteral("tiny-llama")));
}

void TestStudio::workspaceOption() {
    Workspace ws;
    ws.modelPath = m_model;
    ws.prompt = m_prompt;
    ws.candidates = {QStringLiteral("17")};
    ws.ablated = {{1, 2}};
    ws.shownHeads = {{1, 1}, {0, 0}};
    const QString path = m_dir.filePath(QStringLiteral("start.gna.json"));
    QVERIFY(ws.save(path));
    // --workspace FILE, and a positional *.json is a workspace too.
    QCOMPARE(parseStartup({}, path).workspaceFile, path);
    QCOMPARE(parseStartup({path}, QString()).workspaceFile, path);
    QVERIFY(parseStartup({path}, QString()).modelDir.isEmpty());
    MainWindow w;
    w.show();
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.applyStartup(parseStartup({}, path));
    QVERIFY(loaded.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation > 0, 60000);
    QVERIFY(w.headBoard()->model()->isAblated(1, 2));
    QCOMPARE(w.session()->shownHeads().value(0).name(), QStringLiteral("L1.H1"));
    QCOMPARE(w.promptEditor()->prompt(), m_prompt);
}

void TestStudio::autosaveRestoreAfterCrash() {
    {
        // A session autosaves, then "crashes": the window is never closed, so no clean exit is recorded.
        MainWindow w;
        openTiny(w);
        w.headBoard()->toggleHead(1, 3);
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
        QDir().mkpath(QFileInfo(w.autosavePath()).absolutePath());
        QVERIFY(w.saveWorkspace(w.autosavePath()));
        StudioSettings().setLastCleanExit(QDateTime::currentDateTime().addSecs(-120));
    }
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.hasCrashAutosave());
    w.applyStartup(StartupRequest{});  // nothing asked for: the restore is offered
    QMessageBox* box = w.restoreDialog();
    QVERIFY(box);
    QTRY_VERIFY(box->isVisible());
    QCOMPARE(box->windowModality(), Qt::WindowModal);  // non-blocking: we got here while it is open
    QPushButton* restore = nullptr;
    for (QAbstractButton* b : box->buttons())
        if (box->buttonRole(b) == QMessageBox::AcceptRole) restore = qobject_cast<QPushButton*>(b);
    QVERIFY(restore);
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    QTest::mouseClick(restore, Qt::LeftButton);
    QVERIFY(loaded.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation > 0, 60000);
    QVERIFY(w.headBoard()->model()->isAblated(1, 3));
    QCOMPARE(w.session()->ablatedHeads().size(), 1);
    QCOMPARE(w.promptEditor()->prompt(), m_prompt);
    // A clean exit: nothing is offered at the next start.
    w.close();
    MainWindow next;
    QVERIFY(!next.hasCrashAutosave());
    QVERIFY(next.offerAutosaveRestore() == nullptr);
}

void TestStudio::dropModelFolderLoadsIt() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(m_model)});
    const QPoint at(w.width() / 2, w.height() / 2);
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    QVERIFY(loaded.wait(60000));
    QCOMPARE(w.session()->modelPath(), m_model);
    // A file that is not a folder is refused.
    QMimeData file;
    file.setUrls({QUrl::fromLocalFile(m_model + QStringLiteral("/config.json"))});
    QDragEnterEvent refuse(at, Qt::CopyAction, &file, Qt::LeftButton, Qt::NoModifier);
    refuse.setAccepted(false);
    QApplication::sendEvent(&w, &refuse);
    QVERIFY(!refuse.isAccepted());
}

void TestStudio::recentModelsUpdated() {
    StudioSettings().setRecentModels({QStringLiteral("/nowhere/older-model")});
    MainWindow w;
    QCOMPARE(w.recentMenu()->actions().size(), 1);
    openTiny(w);
    const QStringList recent = StudioSettings().recentModels();
    QCOMPARE(recent.size(), 2);
    QCOMPARE(recent.front(), m_model);
    QCOMPARE(recent.at(1), QStringLiteral("/nowhere/older-model"));
    const QList<QAction*> actions = w.recentMenu()->actions();
    QCOMPARE(actions.size(), 2);
    QCOMPARE(actions.front()->text(), QDir::toNativeSeparators(m_model));
    // Opening it again does not duplicate it.
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    actions.front()->trigger();
    QVERIFY(loaded.wait(60000));
    QCOMPARE(StudioSettings().recentModels().size(), 2);
}

void TestStudio::screenshots() {
    const QString dir = QStringLiteral(GNA_TEST_DATA_DIR "/../../screenshots");
    QDir().mkpath(dir);
    for (const auto& [name, theme] : {std::pair{QStringLiteral("light"), Theme::Light}, std::pair{QStringLiteral("dark"), Theme::Dark}}) {
        applyTheme(theme);
        MainWindow w;
        openTiny(w);
        w.headBoard()->toggleHead(1, 2);
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
        QTest::qWait(200);  // queued replots
        const QImage img = w.grab().toImage();
        QVERIFY(img.save(QDir(dir).filePath(QStringLiteral("main_window_%1.png").arg(name))));
    }
    applyTheme(Theme::Light);
    // A small window in compare mode (board coloured by score changes, difference map).
    MainWindow w;
    openTiny(w);
    w.resize(1024, 640);
    for (QCheckBox* c : w.findChildren<QCheckBox*>())
        if (c->text().contains(QStringLiteral("Compare"))) c->click();
    QVERIFY(w.session()->compare());
    w.headBoard()->toggleHead(0, 1);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    QVERIFY(w.session()->lastOutcome().scoresAreDeltas);
    QTest::qWait(200);
    QVERIFY(w.grab().toImage().save(QDir(dir).filePath(QStringLiteral("main_window_compare_small.png"))));
}

QTEST_MAIN(TestStudio)
#include "tst_studio.moc"
