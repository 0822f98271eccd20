// The real MainWindow with a tiny Llama made by `gna make-tiny-model`: load it, toggle a head by
// clicking the HeadBoard, wait for the rerun, check plan and heatmaps against an independent
// gna::Model::run (attention and SSM heads, hybrids); cancel; a bad model; the device menu; the
// window before a model: what its empty views say and which controls are off.
#include <QApplication>
#include <QDockWidget>
#include <QMenuBar>
#include <QStatusBar>
#include <QTimer>
#include <functional>

#include "attention_heatmap.h"
#include "experiment_dock.h"
#include "figure_export.h"
#include "kv_map_panel.h"
#include "mask_editor.h"
#include "mask_panel.h"
#include "plot_style.h"
#include "retrieval_map.h"
#include "studio_fixture.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::studio;

class TestStudio : public StudioFixture {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { makeTinyLlama(); }
    void loadToggleRerun();
    void heatmapEqualsCoreCapture();
    void ssmHeadMapIsHiddenAttention();
    void ssmModelBoardTogglesSsmHeads();
    void hybridBoardShowsBothKinds();
    void cancelLeavesWindowUsable();
    void overLongPromptSaysSoInPlace();
    void badModelShowsCoreError();
    void deviceMenuLoadsOnChosenDevice();
    void emptyViewsSayHowToOpenAModel();
    void modelControlsNeedAModel();
    void statusCancelOnlyWhileRunning();
};

namespace {
// The menu bar's item `text` (with its '&') inside the menu titled `menu`, searched into submenus.
QAction* menuItem(QMainWindow& w, const QString& menu, const QString& text) {
    std::function<QAction*(QMenu*)> find = [&](QMenu* m) -> QAction* {
        for (QAction* a : m->actions()) {
            if (a->text() == text) return a;
            if (a->menu())
                if (QAction* found = find(a->menu())) return found;
        }
        return nullptr;
    };
    for (QAction* top : w.menuBar()->actions())
        if (top->text() == menu && top->menu()) return find(top->menu());
    return nullptr;
}

void closeMessageBoxes(QWidget& w) {
    for (QMessageBox* box : w.findChildren<QMessageBox*>()) box->close();
    gna::testing::waitForLayout(w);
}
}  // namespace

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
    QTRY_VERIFY_WITH_TIMEOUT(
        w.heatmaps()->gather()->data().title.contains(QStringLiteral("L1.H2")) && !w.session()->isRunning(), 60000);
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
    const auto model = openArch(w, QStringLiteral("zamba2"));
    if (!model) return;
    w.setShownHeads({{0, 5, true}, {1, 2}});
    QTRY_VERIFY_WITH_TIMEOUT(
        w.heatmaps()->gather()->data().title.contains(QStringLiteral("L0.S5")) && !w.session()->isRunning(), 60000);
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->lastOutcome().generation == w.session()->generation(), 60000);

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

    // An SSM head switched off by a workspace: drawn in its SSM cell (not an attention cell), kept in the
    // plan when an attention cell is clicked, saved as L0.S5, and switched back on by Restore all.
    Workspace ws = w.workspace();
    ws.ablated = {{0, 5, true}};
    w.applyWorkspace(ws);
    QCOMPARE(w.headBoard()->model()->ablatedHeads(), (gna::views::HeadCells{{0, 5, true}}));
    QVERIFY(w.headBoard()->model()->isAblated(0, w.headBoard()->model()->attentionColumns() + 5));
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
    for (std::size_t i = 0; i < logits.size(); ++i)
        QVERIFY(std::abs(w.session()->lastOutcome().lastLogits[i] - logits[i]) < 1e-4);
    w.restoreAllHeads();
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().isEmpty(), 10000);
}

// A model without attention (tiny Mamba-2): the board's cells are its SSM heads, the head fields
// fall back to SSM heads, and clicking a cell switches that SSM head off in a real rerun.
void TestStudio::ssmModelBoardTogglesSsmHeads() {
    MainWindow w;
    const auto model = openArch(w, QStringLiteral("mamba2"));
    if (!model) return;
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
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().isEmpty() && w.headBoard()->model()->ablatedHeads().isEmpty(),
                             10000);
}

// A hybrid's board holds both kinds on one grid: its attention heads (H), then its SSM heads (S); the
// cells a layer lacks (attention in a Mamba layer) are hatched and cannot be switched. A real click on
// an attention cell and on an SSM cell switches both off in a real rerun; the keyboard walks across both.
void TestStudio::hybridBoardShowsBothKinds() {
    MainWindow w;
    const auto model = openArch(w, QStringLiteral("zamba2"));
    if (!model) return;
    const gna::ModelInfo& info = model->info();
    const gna::views::HeadBoardModel* board = w.headBoard()->model();
    int attention = 0, ssm = 0, withoutAttention = -1, withAttention = -1;
    for (const gna::LayerInfo& l : info.layers) {
        attention = std::max(attention, l.attention_heads);
        ssm = std::max(ssm, l.ssm_heads);
        if (l.attention_heads == 0 && withoutAttention < 0) withoutAttention = l.index;
        if (l.attention_heads > 1 && withAttention < 0) withAttention = l.index;
    }
    QVERIFY(attention > 0 && ssm > 0 && withoutAttention >= 0 && withAttention >= 0);
    QVERIFY(board->mixed() && !board->ssm());
    QCOMPARE(board->heads(), attention + ssm);
    QCOMPARE(board->attentionColumns(), attention);
    for (const gna::LayerInfo& l : info.layers)
        for (int c = 0; c < board->heads(); ++c) {
            const bool has = c < attention ? c < l.attention_heads : c - attention < l.ssm_heads;
            QCOMPARE(board->contains(l.index, c), has);
            QCOMPARE(board->flags(board->index(l.index, c)) == Qt::NoItemFlags, !has);
            QCOMPARE(board->cell(l.index, c),
                     (gna::views::HeadCell{l.index, c < attention ? c : c - attention, c >= attention}));
        }
    w.headBoard()->toggleHead(withoutAttention, 0);  // a hatched cell: nothing happens
    QVERIFY(board->ablatedHeads().isEmpty());
    QVERIFY(w.session()->ablatedHeads().isEmpty());

    // Real clicks: attention head 1 of a layer with attention, SSM head 1 of a Mamba layer.
    QTest::mouseClick(w.headBoard(), Qt::LeftButton, {}, w.headBoard()->cellRect(withAttention, 1).center());
    QTest::mouseClick(w.headBoard(), Qt::LeftButton, {},
                      w.headBoard()->cellRect(withoutAttention, attention + 1).center());
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().size() == 2 && !w.session()->isRunning(), 60000);
    QVERIFY(w.session()->ablatedHeads().contains(gna::views::HeadCell{withoutAttention, 1, true}));
    QVERIFY(w.session()->ablatedHeads().contains(gna::views::HeadCell{withAttention, 1, false}));
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    gna::RunRequest req;
    req.tokens = model->tokenizer().encode(m_prompt.toStdString(), true);
    req.plan.ablate({withoutAttention, 1, gna::HeadKind::SSM});
    req.plan.ablate({withAttention, 1, gna::HeadKind::Attention});
    const std::vector<float> logits = model->run(req).last_logits;
    QCOMPARE(w.session()->lastOutcome().lastLogits.size(), logits.size());
    for (std::size_t i = 0; i < logits.size(); ++i)
        QVERIFY(std::abs(w.session()->lastOutcome().lastLogits[i] - logits[i]) < 1e-4);
    // Both kinds coloured: every head of either kind has a score, the hatched cells none.
    QVERIFY(board->hasScores());
    for (const gna::LayerInfo& l : info.layers)
        for (int c = 0; c < board->heads(); ++c)
            QCOMPARE(std::isnan(board->score(l.index, c)), !board->contains(l.index, c));

    // The keyboard walks from the last attention column into the SSM heads; Space switches one back on.
    w.headBoard()->setFocus();
    w.headBoard()->setCurrentHead(withoutAttention, attention);  // S0 of the Mamba layer
    QTest::keyClick(w.headBoard(), Qt::Key_Right);
    QCOMPARE(w.headBoard()->currentHead(), (gna::views::HeadCell{withoutAttention, 1, true}));
    QTest::keyClick(w.headBoard(), Qt::Key_Space);
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().size() == 1 && !w.session()->isRunning(), 60000);
    QCOMPARE(w.session()->ablatedHeads(), (gna::views::HeadCells{{withAttention, 1, false}}));
    const QString shots = QStringLiteral(GNA_TEST_DATA_DIR "/../../screenshots");
    QDir().mkpath(shots);
    gna::testing::waitForLayout(w);
    QVERIFY(w.grab().toImage().save(QDir(shots).filePath(QStringLiteral("hybrid_board_both.png"))));
    applyTheme(Theme::Dark);  // the hatched cells and the SSM marks in the dark palette
    gna::testing::waitForLayout(w);
    QVERIFY(w.grab().toImage().save(QDir(shots).filePath(QStringLiteral("hybrid_board_both_dark.png"))));
    applyTheme(Theme::Light);
    w.restoreAllHeads();
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().isEmpty() && board->ablatedHeads().isEmpty(), 10000);
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

// A prompt far longer than the context (a paste): the run's refusal is said where the maps are and in the
// status bar, not in a dialog that would come back at every pause while the user shortens it; the views
// drop the previous prompt's result; a prompt that fits runs again.
void TestStudio::overLongPromptSaysSoInPlace() {
    MainWindow w;
    openTiny(w);
    QVERIFY(w.heatmaps()->gather()->data().isValid());
    const int context = w.session()->modelInfo()->max_positions;
    QSignalSpy failed(w.session(), &Session::runFailed);
    for (const int extra : {10, 20}) {  // twice: the second refusal must not open anything either
        const int before = failed.count();
        w.promptEditor()->setPrompt(QString(qsizetype(context) * kMaxCharsPerToken + extra, QLatin1Char('a')));
        QTRY_VERIFY_WITH_TIMEOUT(failed.count() > before, 60000);
        const QString said = failed.last().at(0).toString();
        QVERIFY2(said.contains(QStringLiteral("far more than this model's context of %1 tokens").arg(context)),
                 qPrintable(said));
        for (QMessageBox* box : w.findChildren<QMessageBox*>()) QVERIFY2(!box->isVisible(), qPrintable(box->text()));
        QCOMPARE(w.heatmaps()->gather()->emptyMessage(), said);
        QVERIFY(!w.heatmaps()->gather()->data().isValid());  // not the previous prompt's map
        QVERIFY(!w.headBoard()->model()->hasScores());
        QVERIFY(w.statusBar()->findChild<QLabel*>() != nullptr);
        bool inStatus = false;
        for (QLabel* l : w.statusBar()->findChildren<QLabel*>()) inStatus = inStatus || l->text().contains(said);
        QVERIFY(inStatus);
    }
    QSignalSpy result(w.session(), &Session::resultReady);
    w.promptEditor()->setPrompt(m_prompt);
    QVERIFY(result.wait(60000));
    QVERIFY(w.heatmaps()->gather()->data().isValid());
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

// Before a model: every empty view says how to get one, naming the menu items that exist and the
// shortcut that opens the dialog; an empty map is still not exported.
void TestStudio::emptyViewsSayHowToOpenAModel() {
    MainWindow w;
    w.resize(1280, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    const QString message = w.noModelMessage();
    // The items it names are the real ones: File ▸ Open model… (Ctrl+O) and Help ▸ Open demo model.
    QAction* open = menuItem(w, QStringLiteral("&File"), QStringLiteral("&Open model…"));
    QAction* demos = menuItem(w, QStringLiteral("&Help"), QStringLiteral("Open &demo model"));
    QVERIFY(open && demos && demos->menu());
    QCOMPARE(open->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_O));
    // (The menu paths are written with no-break spaces, so that a wrapped line never splits one.)
    const QString shown = QString(message).replace(QChar(0x00A0), QLatin1Char(' '));
    for (const QString& part : {QStringLiteral("No model loaded"), QStringLiteral("File ▸ Open model…"),
                                QStringLiteral("(Ctrl+O)"), QStringLiteral("Help ▸ Open demo model")})
        QVERIFY2(shown.contains(part), qPrintable(message + QStringLiteral(" lacks ") + part));
    QVERIFY(!message.contains(QLatin1Char('&')));
    // Ctrl+O, pressed on the window, opens the model dialog the message promises.
    bool dialogOpened = false;
    QTimer::singleShot(300, &w, [&] {
        if (QWidget* d = QApplication::activeModalWidget()) {
            dialogOpened = true;
            d->close();
        }
    });
    QTest::keyClick(&w, Qt::Key_O, Qt::ControlModifier);
    QTRY_VERIFY_WITH_TIMEOUT(dialogOpened, 5000);
    QVERIFY(!w.session()->hasModel());

    // Each empty view shows it.
    for (const auto* map :
         {w.heatmaps()->gather(), w.heatmaps()->aggregate(), w.differences()->gather(), w.differences()->aggregate()}) {
        QCOMPARE(map->emptyMessage(), message);
        QCOMPARE(gna::views::emptyMessage(map->plot()), message);
    }
    QCOMPARE(gna::views::emptyMessage(w.nextTokenChart()->plot()), message);
    QCOMPARE(w.headBoard()->emptyMessage(), message);
    QCOMPARE(w.maskPanel()->editor()->emptyMessage(), message);
    QCOMPARE(gna::views::emptyMessage(w.maskPanel()->chart()->plot()), message);
    auto* kv = w.findChild<KvMapPanel*>();
    QVERIFY(kv);
    QCOMPARE(gna::views::emptyMessage(kv->allHeadsMap()->plot()), message);
    QCOMPARE(gna::views::emptyMessage(kv->headsOffMap()->plot()), message);
    QCOMPARE(w.statusBar()->findChildren<QLabel*>().value(0)->text(), message);
    // For a person to look at: the window before a model (1600x1000) in both palettes, and with the
    // mask editor open.
    const QDir shots(QStringLiteral(GNA_TEST_DATA_DIR "/../../screenshots"));
    QDir().mkpath(shots.path());
    w.resize(1600, 1000);
    for (const Theme theme : {Theme::Light, Theme::Dark}) {
        applyTheme(theme);
        gna::testing::waitForLayout(w);
        QVERIFY(w.grab().toImage().save(shots.filePath(theme == Theme::Dark
                                                           ? QStringLiteral("main_window_no_model_dark.png")
                                                           : QStringLiteral("main_window_no_model_light.png"))));
    }
    applyTheme(Theme::Light);
    auto* maskDock = w.findChild<QDockWidget*>(QStringLiteral("maskDock"));
    maskDock->show();
    gna::testing::waitForLayout(w);
    QVERIFY(w.grab().toImage().save(shots.filePath(QStringLiteral("main_window_no_model_masks.png"))));
    maskDock->hide();
    w.resize(1280, 900);

    // An empty map is still refused as a figure, and the menu's export is off.
    QTemporaryDir out;
    for (const auto* map : {w.heatmaps()->gather(), w.differences()->gather(), w.differences()->aggregate()}) {
        QString error;
        const QString path = out.filePath(QStringLiteral("empty.png"));
        QVERIFY(!gna::views::exportFigure(map->plot(), path, gna::views::FigureFormat::PNG, {}, &error));
        QVERIFY2(error.contains(QStringLiteral("No model loaded")), qPrintable(error));
        QVERIFY(!QFileInfo::exists(path));
    }
    QVERIFY(!w.findChild<QAction*>(QStringLiteral("exportFigure"))->isEnabled());

    // With a model the views say what to do next, not that there is no model.
    openTiny(w);
    QVERIFY(w.differences()->gather()->emptyMessage().contains(QStringLiteral("Compare with the unablated run")));
    QVERIFY(!w.maskPanel()->editor()->emptyMessage().contains(QStringLiteral("No model loaded")));
}

// Run, Invert, Restore all, the compare box and the menu items that act on a model are off until a
// model is open; a failed load leaves them as they were (off without a model, on with one).
void TestStudio::modelControlsNeedAModel() {
    MainWindow w;
    w.resize(1280, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* compare = w.findChild<QCheckBox*>(QStringLiteral("compareCheck"));
    QList<QWidget*> buttons{w.promptEditor()->runButton(), w.findChild<QPushButton*>(QStringLiteral("invertButton")),
                            w.findChild<QPushButton*>(QStringLiteral("restoreButton")), compare};
    QList<QAction*> actions{menuItem(w, QStringLiteral("&Edit"), QStringLiteral("&Invert ablation")),
                            menuItem(w, QStringLiteral("&Edit"), QStringLiteral("Restore &all heads")),
                            menuItem(w, QStringLiteral("&Edit"), QStringLiteral("Ablate &current layer")),
                            menuItem(w, QStringLiteral("&Run"), QStringLiteral("&Run now")),
                            menuItem(w, QStringLiteral("&File"), QStringLiteral("&Export figure…"))};
    auto* mask = w.maskPanel();
    QList<QWidget*> maskControls{mask->questionBox(), mask->ruleBox(), mask->resetButton(), mask->runButton()};
    for (QWidget* b : buttons) QVERIFY(b);
    for (QAction* a : actions) QVERIFY(a);
    auto expectEnabled = [&](bool on) {
        for (QWidget* b : buttons) QVERIFY2(b->isEnabled() == on, qPrintable(b->objectName()));
        for (QAction* a : actions) QVERIFY2(a->isEnabled() == on, qPrintable(a->text()));
        for (QWidget* c : maskControls.mid(0, 3)) QVERIFY2(c->isEnabled() == on, qPrintable(c->objectName()));
    };
    expectEnabled(false);
    QVERIFY(!mask->runButton()->isEnabled());
    // Real clicks and keys do nothing without a model.
    QTest::mouseClick(compare, Qt::LeftButton, {}, QPoint(8, compare->height() / 2));  // on its box
    QVERIFY(!compare->isChecked());
    QVERIFY(!w.session()->compare());
    QTest::keyClick(&w, Qt::Key_F5);
    QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);
    QVERIFY(!w.session()->isRunning());

    // A failed load without a model: still off.
    QSignalSpy failed(w.session(), &Session::modelLoadFailed);
    w.openModel(m_dir.filePath(QStringLiteral("no-such-model")));
    QVERIFY(failed.wait(30000));
    closeMessageBoxes(w);
    expectEnabled(false);

    // A model: on; the compare box now takes a real click.
    openTiny(w);
    expectEnabled(true);
    QTRY_VERIFY_WITH_TIMEOUT(mask->runButton()->isEnabled(), 30000);
    QTest::mouseClick(compare, Qt::LeftButton, {}, QPoint(8, compare->height() / 2));  // on its box
    QVERIFY(compare->isChecked());
    QVERIFY(w.session()->compare());

    // A failed load with a model open keeps that model, and the controls stay on.
    w.openModel(m_dir.filePath(QStringLiteral("no-such-model")));
    QVERIFY(failed.wait(30000));
    closeMessageBoxes(w);
    QVERIFY(w.session()->hasModel());
    expectEnabled(true);
}

// The status bar's Cancel is shown only while a run (or a load) is in flight, so that it never stands
// beside the experiment panel's Cancel when nothing runs; Esc (Run ▸ Cancel) stops the run.
void TestStudio::statusCancelOnlyWhileRunning() {
    MainWindow w;
    w.resize(1280, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(!w.cancelButton()->isVisible());
    openTiny(w);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
    QVERIFY(!w.cancelButton()->isVisible());
    // Opened, the experiment panel's Cancel is the only one in sight.
    w.experiments()->show();
    gna::testing::waitForLayout(w);
    int cancels = 0;
    for (QPushButton* b : w.findChildren<QPushButton*>())
        if (b->isVisible() && b->text().remove(QLatin1Char('&')) == QStringLiteral("Cancel")) ++cancels;
    QCOMPARE(cancels, 1);
    w.experiments()->hide();

    bool shownWhileRunning = false;
    QSignalSpy cancelled(w.session(), &Session::runCancelled);
    QSignalSpy result(w.session(), &Session::resultReady);
    auto c = connect(w.session(), &Session::runStarted, &w, [&] {
        shownWhileRunning = w.cancelButton()->isVisible() && w.cancelButton()->isEnabled();
        QTest::keyClick(&w, Qt::Key_Escape);  // before the run starts on the worker: it stops at once
    });
    QTest::mouseClick(w.promptEditor()->runButton(), Qt::LeftButton);
    disconnect(c);
    QVERIFY(shownWhileRunning);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
    QCOMPARE(cancelled.count(), 1);
    QCOMPARE(result.count(), 0);
    QVERIFY(!w.cancelButton()->isVisible());
}

GNA_GUI_TEST_MAIN(TestStudio)
#include "tst_studio.moc"
