// Teaching on the bundled demos: the open dialog's memory estimate (against the safetensors header
// read here), the G&A-mask panel's and the prompt editor's defaults on a demo (the card's heads and
// the demo world's questions, read here from the card and the core's demo data), and the
// KV-retrieval map panel on all three demos (cells against the core's per-sample scoring, the drawn
// cells against the numbers, export, cancel); screenshots into /tmp.
#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <cstring>

#include "gna/kv_map.h"
#include "gna/memory_estimate.h"
#include "gna/model.h"
#include "gna/tasks.h"
#include "gna/tiny_model.h"
#include "app_test_util.h"
#include "layout_checks.h"
#include "guided_tour.h"
#include "head_board.h"
#include "head_board_model.h"
#include "kv_map_panel.h"
#include "main_window.h"
#include "mask_panel.h"
#include "open_model_dialog.h"
#include "paper_figures.h"
#include "prompt_editor.h"
#include "retrieval_map.h"
#include "session.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::studio;
namespace views = gna::views;

namespace {

QString demoDir(const QString& kind) { return QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/") + kind; }

QJsonObject card(const QString& dir) {
    QFile f(dir + QStringLiteral("/model_card.json"));
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// The card's top two heads by KV drop, as written there.
QStringList cardTopTwo(const QString& dir) {
    QStringList out;
    for (const QJsonValue& h : card(dir)
                                   .value(QStringLiteral("evaluation"))
                                   .toObject()
                                   .value(QStringLiteral("top2_by_kv_drop"))
                                   .toObject()
                                   .value(QStringLiteral("heads"))
                                   .toArray())
        out << h.toString();
    return out;
}

void shoot(QWidget* w, const QString& name) {
    gna::testing::waitForLayout(*w->window());  // queued replots
    QVERIFY(w->grab().toImage().save(QStringLiteral("/tmp/") + name + QStringLiteral(".png")));
}

}  // namespace

class TestTeaching : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;

private Q_SLOTS:
    void openDialogShowsTheMemoryEstimate();
    void maskPanelAndSamplesFollowTheDemo();
    void realCheckpointKeepsTheMmluSample();
    void kvMapOnEveryDemo_data();
    void kvMapOnEveryDemo();
    void kvMapCancelAndBadInput();
    void rankingColoursSsmAndHybridBoards();
    void hybridDemoBoardHoldsBothKinds();
    void demoOpensOnItsCardsStory_data() { addDemoRows(); }
    void demoOpensOnItsCardsStory();
    void tourWordsFitTheModel_data() { addDemoRows(); }
    void tourWordsFitTheModel();
};

void TestTeaching::openDialogShowsTheMemoryEstimate() {
    // Independent: the weights in f32 from the safetensors header (8-byte length, then JSON).
    const QString dir = demoDir(QStringLiteral("transformer"));
    QFile st(dir + QStringLiteral("/model.safetensors"));
    QVERIFY(st.open(QIODevice::ReadOnly));
    const QByteArray lenBytes = st.read(8);
    quint64 len = 0;
    std::memcpy(&len, lenBytes.constData(), 8);  // little-endian on every machine this runs on
    const QJsonObject header = QJsonDocument::fromJson(st.read(qint64(len))).object();
    quint64 weights = 0;
    for (auto it = header.begin(); it != header.end(); ++it) {
        if (it.key() == QLatin1String("__metadata__")) continue;
        const QJsonObject t = it.value().toObject();
        quint64 numel = 1;
        for (const QJsonValue& d : t.value(QStringLiteral("shape")).toArray()) numel *= quint64(d.toInteger());
        const QString dtype = t.value(QStringLiteral("dtype")).toString();
        const QJsonArray off = t.value(QStringLiteral("data_offsets")).toArray();
        weights += (dtype == QLatin1String("F32") || dtype == QLatin1String("F16") || dtype == QLatin1String("BF16") ||
                    dtype == QLatin1String("F64"))
            ? numel * 4
            : quint64(off[1].toInteger() - off[0].toInteger());
    }
    QFile cfg(dir + QStringLiteral("/config.json"));
    QVERIFY(cfg.open(QIODevice::ReadOnly));
    const int maxPos =
        QJsonDocument::fromJson(cfg.readAll()).object().value(QStringLiteral("max_position_embeddings")).toInt(2048);
    const int context = std::min(2048, maxPos);

    OpenModelDialog d(m_dir.path());
    QVERIFY(d.estimate().isEmpty());  // no folder yet
    d.setModelDir(dir);
    const QString weightsText = QString::fromStdString(gna::format_bytes(weights));
    QVERIFY2(d.estimate().contains(QStringLiteral("weights ") + weightsText),
             qPrintable(d.estimate() + QStringLiteral(" / ") + weightsText));
    QVERIFY2(d.estimate().contains(QStringLiteral("for %1 tokens").arg(context)), qPrintable(d.estimate()));
    d.resize(640, 260);
    d.show();
    QVERIFY(QTest::qWaitForWindowExposed(&d));
    shoot(&d, QStringLiteral("open_dialog_estimate"));

    // A folder without config.json, and one whose config is broken: said so, nothing thrown.
    d.setModelDir(m_dir.path());
    QVERIFY2(d.estimate().contains(QStringLiteral("has no config.json")), qPrintable(d.estimate()));
    const QString broken = m_dir.filePath(QStringLiteral("broken"));
    QDir().mkpath(broken);
    QFile bad(broken + QStringLiteral("/config.json"));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("{");
    bad.close();
    d.setModelDir(broken);
    QVERIFY2(d.estimate().startsWith(QStringLiteral("No memory estimate: ")), qPrintable(d.estimate()));
    QVERIFY2(d.estimate().contains(QStringLiteral("config.json")), qPrintable(d.estimate()));
}

void TestTeaching::maskPanelAndSamplesFollowTheDemo() {
    // The card's Gather head: of its ranking's top two, the one with the larger measured Gather mass.
    const QString dir = demoDir(QStringLiteral("transformer"));
    const QJsonObject c = card(dir);
    const QStringList top = cardTopTwo(dir);
    QCOMPARE(top.size(), 2);
    QMap<QString, double> gatherMass;
    for (const QJsonValue& h :
         c.value(QStringLiteral("evaluation")).toObject().value(QStringLiteral("single_head_ablation")).toArray())
        gatherMass[h.toObject().value(QStringLiteral("head")).toString()] =
            h.toObject().value(QStringLiteral("gather_mass")).toDouble();
    const QString gather = gatherMass[top[0]] > gatherMass[top[1]] ? top[0] : top[1];
    const QString aggregate = gather == top[0] ? top[1] : top[0];
    // The demo world's first MMLU-format question, as its trainer wrote them next to the model.
    QFile questions(QDir(dir).filePath(QStringLiteral("mmlu_format_questions.json")));
    QVERIFY(questions.open(QIODevice::ReadOnly));
    const QJsonObject q0 = QJsonDocument::fromJson(questions.readAll()).array().at(0).toObject();
    struct {
        std::string prompt;
        int answer;
    } first{q0.value(QStringLiteral("prompt")).toString().toStdString(), q0.value(QStringLiteral("answer")).toInt(-1)};
    QVERIFY(!first.prompt.empty() && first.answer >= 0);

    MainWindow w;
    QVERIFY(showAndOpenModel(w, 1400, 900, dir));
    MaskPanel* panel = w.maskPanel();
    QTRY_VERIFY_WITH_TIMEOUT(panel->questionCount() > 0, 60000);
    QCOMPARE(panel->gatherHead(), gather);
    QCOMPARE(panel->aggregateHead(), aggregate);
    QVERIFY(panel->currentItem());
    QCOMPARE(QString::fromStdString(panel->currentItem()->prompt_text), QString::fromStdString(first.prompt));
    QCOMPARE(panel->currentItem()->answer, first.answer);
    QCOMPARE(w.promptEditor()->samplePrompt(1), QString::fromStdString(first.prompt));
    // The mask's rules name the card's heads (a Gather rule per option, one Aggregate rule).
    QVERIFY(panel->ruleBox()->count() >= 2);
    QVERIFY2(panel->ruleBox()->itemText(0).contains(gather), qPrintable(panel->ruleBox()->itemText(0)));
    QVERIFY(panel->ruleBox()->itemText(panel->ruleBox()->count() - 1).contains(aggregate));
    // The letter probabilities mean something here: without the mask the right letter leads.
    QSignalSpy ran(panel, &MaskPanel::runFinished);
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QVERIFY(ran.wait(60000));
    const auto& plain = panel->plainProbabilities();
    QCOMPARE(plain.size(), std::size_t(4));
    QCOMPARE(int(std::max_element(plain.begin(), plain.end()) - plain.begin()), first.answer);
    QVERIFY2(plain[std::size_t(first.answer)] > 0.25, qPrintable(QString::number(plain[std::size_t(first.answer)])));
    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("maskDock"));
    dock->show();
    dock->resize(700, 800);
    shoot(panel, QStringLiteral("mask_panel_demo"));
}

void TestTeaching::realCheckpointKeepsTheMmluSample() {
    const QString dir = m_dir.filePath(QStringLiteral("tiny"));
    gna::TinyModelSpec s;
    s.layers = 3;
    s.hidden = 32;
    s.seed = 9;
    gna::write_tiny_model(s, dir.toStdString());
    MainWindow w;
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.openModel(dir);
    QVERIFY(loaded.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(w.maskPanel()->questionCount() > 0, 60000);
    QCOMPARE(w.maskPanel()->gatherHead(), QStringLiteral("L0.H0"));
    QCOMPARE(w.maskPanel()->aggregateHead(), QStringLiteral("L2.H0"));
    QVERIFY(QString::fromStdString(w.maskPanel()->currentItem()->prompt_text)
                .startsWith(QStringLiteral("The following are multiple choice questions")));
    QVERIFY(w.promptEditor()->samplePrompt(1).contains(QStringLiteral("Red Planet")));
    auto* kv = w.findChild<KvMapPanel*>();
    QVERIFY(kv);
    QVERIFY(kv->headsEdit()->text().isEmpty());  // no card: the user names the heads
}

void TestTeaching::kvMapOnEveryDemo_data() { addDemoRows(); }

void TestTeaching::kvMapOnEveryDemo() {
    QFETCH(QString, demo);
    const QString& kind = demo;
    const QString dir = demoDir(kind);
    const QStringList top = cardTopTwo(dir);
    QCOMPARE(top.size(), 2);
    MainWindow w;
    QVERIFY(showAndOpenModel(w, 1400, 1000, dir));
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
    auto* dock = w.findChild<QDockWidget*>(QStringLiteral("kvMapDock"));
    QVERIFY(dock);
    dock->show();
    auto* panel = w.findChild<KvMapPanel*>();
    QCOMPARE(panel->headsEdit()->text(), top.join(QStringLiteral(", ")));
    panel->sizesEdit()->setText(QStringLiteral("4, 16"));
    panel->depthsEdit()->setText(QStringLiteral("0, 100"));
    panel->samplesBox()->setValue(3);
    QSignalSpy finished(panel, &KvMapPanel::finished);
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QVERIFY(finished.wait(120000));
    QCOMPARE(panel->maps().size(), std::size_t(2));

    // Independent: each sample scored alone by the core's choice scorer (no sweep), with the card's
    // heads switched off by name.
    auto model = gna::Model::load(dir.toStdString());
    gna::InterventionPlan off;
    for (const QString& h : top) off.ablate(gna::parse_head(h.toStdString()));
    gna::KvMapOptions opt;
    opt.samples_per_cell = 3;
    const int sizes[2] = {4, 16};
    const double depths[2] = {0, 100};
    double meanOn = 0, meanOff = 0;
    for (int d = 0; d < 2; ++d)
        for (int x = 0; x < 2; ++x) {
            double acc[2] = {0, 0}, prob[2] = {0, 0};
            for (const gna::KvSample& s : gna::kv_map_samples(opt, sizes[x], depths[d])) {
                QCOMPARE(s.query, d == 0 ? 0 : sizes[x] - 1);
                const gna::ChoiceItem item = gna::kv_choice_item(model->tokenizer(), s);
                for (int p = 0; p < 2; ++p) {
                    const gna::ChoiceOutcome o =
                        gna::score_choices(*model, item, p == 0 ? gna::InterventionPlan{} : off);
                    const double mx = *std::max_element(o.logprobs.begin(), o.logprobs.end());
                    double z = 0;
                    for (double l : o.logprobs) z += std::exp(l - mx);
                    acc[p] += o.logprobs[std::size_t(s.query)] >= mx ? 1.0 : 0.0;
                    prob[p] += std::exp(o.logprobs[std::size_t(s.query)] - mx) / z;
                }
            }
            for (int p = 0; p < 2; ++p) {
                const gna::KvMapCell& cell = panel->maps()[std::size_t(p)].at(std::size_t(d), std::size_t(x));
                QVERIFY2(std::abs(cell.accuracy - acc[p] / 3) < 1e-9,
                         qPrintable(QStringLiteral("%1 %2 %3").arg(p).arg(d).arg(x)));
                QVERIFY2(std::abs(cell.probability - prob[p] / 3) < 1e-4,
                         qPrintable(QStringLiteral("%1 %2 %3").arg(p).arg(d).arg(x)));
            }
            meanOn += prob[0] / 12;
            meanOff += prob[1] / 12;
            // What is drawn is what was computed: accuracy first, then the probability.
            QCOMPARE(panel->allHeadsMap()->cellValue(d, x),
                     panel->maps()[0].at(std::size_t(d), std::size_t(x)).accuracy);
            QCOMPARE(panel->headsOffMap()->cellValue(d, x),
                     panel->maps()[1].at(std::size_t(d), std::size_t(x)).accuracy);
        }
    QVERIFY2(meanOn > meanOff,
             qPrintable(QStringLiteral("mean probability %1 with all heads, %2 with %3 off")
                            .arg(meanOn)
                            .arg(meanOff)
                            .arg(top.join(QStringLiteral(", ")))));
    panel->valueBox()->setCurrentIndex(1);
    QCOMPARE(panel->allHeadsMap()->cellValue(1, 1), panel->maps()[0].at(1, 1).probability);
    QCOMPARE(panel->allHeadsMap()->grid().contextLengths, (std::vector<int>{4, 16}));
    shoot(panel, QStringLiteral("kv_map_") + kind);

    // Export: both maps in PDF, SVG, PNG and CSV.
    QTemporaryDir out;
    QString error;
    const QStringList files = panel->exportFigures(out.path(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(files.size(), 8);
    for (const QString& f : files) QVERIFY2(QFileInfo(f).size() > 0, qPrintable(f));
}

void TestTeaching::kvMapCancelAndBadInput() {
    MainWindow w;
    w.show();
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.openModel(demoDir(QStringLiteral("transformer")));
    QVERIFY(loaded.wait(60000));
    auto* panel = w.findChild<KvMapPanel*>();
    panel->sizesEdit()->setText(QStringLiteral("4, x"));
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QVERIFY2(panel->status().contains(QStringLiteral("'x' is not a number")), qPrintable(panel->status()));
    panel->sizesEdit()->setText(QStringLiteral("4"));
    panel->headsEdit()->setText(QStringLiteral("L9.H0"));
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QVERIFY2(panel->status().contains(QStringLiteral("'L9.H0' is not a head of this model")),
             qPrintable(panel->status()));
    panel->headsEdit()->setText(QStringLiteral("L2.H2"));
    panel->sizesEdit()->setText(QStringLiteral("150"));
    QSignalSpy finished(panel, &KvMapPanel::finished);
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QVERIFY(finished.wait(60000));
    QVERIFY2(panel->status().contains(QStringLiteral("dictionary size 150")), qPrintable(panel->status()));
    // A long grid, cancelled at once: said so, no maps.
    panel->sizesEdit()->setText(QStringLiteral("10, 20, 30, 40, 50, 60, 70, 80"));
    panel->samplesBox()->setValue(50);
    QTest::mouseClick(panel->runButton(), Qt::LeftButton);
    QVERIFY(panel->cancelButton()->isEnabled());
    QTest::mouseClick(panel->cancelButton(), Qt::LeftButton);
    QVERIFY(finished.wait(60000));
    QVERIFY2(panel->status().startsWith(QStringLiteral("Cancelled")), qPrintable(panel->status()));
    QVERIFY(panel->maps().empty());
    QVERIFY(panel->runButton()->isEnabled());
}

void TestTeaching::rankingColoursSsmAndHybridBoards() {
    // A head ranking read from the card (importance = baseline KV accuracy - KV with the head off),
    // shown on the board: SSM heads in SSM cells, attention heads in attention cells, never swapped.
    for (const QString& kind : {QStringLiteral("ssm"), QStringLiteral("hybrid")}) {
        const QString dir = demoDir(kind);
        const QJsonObject e = card(dir).value(QStringLiteral("evaluation")).toObject();
        const double base = e.value(QStringLiteral("baseline")).toObject().value(QStringLiteral("kv")).toDouble();
        QMap<QString, double> expected;
        gna::ExperimentResult result;
        std::vector<gna::HeadRankingRow>& ranking = result.aggregates.ranking.emplace();
        for (const QJsonValue& v : e.value(QStringLiteral("single_head_ablation")).toArray()) {
            const QString head = v.toObject().value(QStringLiteral("head")).toString();
            expected[head] = base - v.toObject().value(QStringLiteral("kv")).toDouble();
            ranking.push_back({head.toStdString(), expected[head], 0.0, 0.0, std::nullopt});
        }
        MainWindow w;
        w.show();
        QSignalSpy loaded(w.session(), &Session::modelLoaded);
        w.openModel(dir);
        QVERIFY(loaded.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
        w.showImportance(result);
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
        const gna::views::HeadBoardModel* board = w.headBoard()->model();
        // The SSM demo's board holds SSM heads only, the hybrid's both kinds; each ranked head in its own cell.
        QCOMPARE(board->ssm(), kind == QLatin1String("ssm"));
        QCOMPARE(board->mixed(), kind == QLatin1String("hybrid"));
        QVERIFY(board->hasScores());
        int seen = 0;
        for (int l = 0; l < board->layers(); ++l)
            for (int h = 0; h < board->heads(); ++h) {
                if (!board->contains(l, h)) continue;
                const QString name = board->cell(l, h).name();
                const double got = board->score(l, h);
                if (!expected.contains(name)) {
                    QVERIFY2(std::isnan(got), qPrintable(name));
                    continue;
                }
                QVERIFY2(std::abs(got - expected[name]) < 1e-9,
                         qPrintable(QStringLiteral("%1: %2 vs %3").arg(name).arg(got).arg(expected[name])));
                ++seen;
            }
        QCOMPARE(seen, static_cast<int>(expected.size()));
        if (kind == QLatin1String("hybrid")) shoot(w.headBoard(), QStringLiteral("hybrid_board_importance"));
    }
}

// A bundled demo opens where its story is: the first prompt ends where the model answers (after "... is" the
// demos' next token is a bare space, so the prompt ends with it and the chart's top bar is the value), and
// "Importance" colours the board with the card's single-head ablations (baseline − each head off alone,
// read from the card's JSON here) instead of leaving it blank.
void TestTeaching::demoOpensOnItsCardsStory() {
    QFETCH(QString, demo);
    const QString dir = demoDir(demo);
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    QSignalSpy result(w.session(), &Session::resultReady);
    w.openModel(dir);
    QVERIFY(loaded.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(result.count() > 0 && !w.session()->isRunning(), 60000);
    const QString prompt = w.promptEditor()->prompt();
    QVERIFY2(prompt.endsWith(QStringLiteral("'candle' is ")), qPrintable(prompt));
    const RunOutcome& o = w.session()->lastOutcome();
    QVERIFY(!o.next.isEmpty());
    QCOMPARE(o.next.front().label, QStringLiteral("88"));

    auto* mode = w.findChild<QComboBox*>(QStringLiteral("scoreMode"));
    mode->setFocus();
    while (mode->currentIndex() < 4) QTest::keyClick(mode, Qt::Key_Down);
    QCOMPARE(mode->currentIndex(), 4);  // Importance
    const views::HeadBoardModel* m = w.headBoard()->model();
    QTRY_VERIFY(m->hasScores());
    QFile f(QDir(dir).filePath(QStringLiteral("model_card.json")));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QJsonObject e = QJsonDocument::fromJson(f.readAll()).object()[QStringLiteral("evaluation")].toObject();
    const double baseline = e[QStringLiteral("baseline")].toObject()[QStringLiteral("kv")].toDouble();
    int checked = 0;
    for (const QJsonValue& v : e[QStringLiteral("single_head_ablation")].toArray()) {
        const QJsonObject h = v.toObject();
        const gna::HeadRef r = gna::parse_head(h[QStringLiteral("head")].toString().toStdString());
        const views::HeadCell cell{r.layer, r.head, r.kind == gna::HeadKind::SSM};
        const double want = baseline - h[QStringLiteral("kv")].toDouble();
        QVERIFY2(std::abs(m->score(r.layer, m->column(cell)) - want) < 1e-9, qPrintable(cell.name()));
        ++checked;
    }
    QVERIFY(checked >= 8);
}

// The hybrid demo's one board with both kinds: real clicks switch an attention head and an SSM head off,
// every score mode colours every head of either kind (the entropy checked against the captured maps),
// and the exported head-board figure and its CSV hold both kinds with their ablations.
void TestTeaching::hybridDemoBoardHoldsBothKinds() {
    const QString dir = demoDir(QStringLiteral("hybrid"));
    MainWindow w;
    w.resize(1600, 1000);
    w.show();
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.openModel(dir);
    QVERIFY(loaded.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
    views::HeadBoard* board = w.headBoard();
    const views::HeadBoardModel* m = board->model();
    QVERIFY(m->mixed());
    auto model = gna::Model::load(dir.toStdString());
    views::HeadCell attention{-1, 0, false}, ssm{-1, 0, true};
    for (const gna::LayerInfo& l : model->info().layers) {
        if (l.attention_heads > 0 && attention.layer < 0) attention.layer = l.index;
        if (l.ssm_heads > 2 && ssm.layer < 0) ssm = {l.index, 2, true};
    }
    QVERIFY(attention.layer >= 0 && ssm.layer >= 0);
    QTest::mouseClick(board, Qt::LeftButton, {}, board->cellRect(attention.layer, m->column(attention)).center());
    QTest::mouseClick(board, Qt::LeftButton, {}, board->cellRect(ssm.layer, m->column(ssm)).center());
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().size() == 2 && !w.session()->isRunning(), 60000);
    QVERIFY(w.session()->ablatedHeads().contains(attention) && w.session()->ablatedHeads().contains(ssm));

    auto* mode = w.findChild<QComboBox*>(QStringLiteral("scoreMode"));
    QVERIFY(mode);
    for (int i : {1, 2, 3, 5, 6, 7, 8}) {
        mode->setCurrentIndex(i);
        QTRY_VERIFY_WITH_TIMEOUT(
            !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
        for (int l = 0; l < m->layers(); ++l)
            for (int c = 0; c < m->heads(); ++c)
                QVERIFY2(std::isnan(m->score(l, c)) != m->contains(l, c),
                         qPrintable(QStringLiteral("mode %1, %2").arg(i).arg(m->cell(l, c).name())));
    }
    // Entropy of the last row, from the maps the core captures under the same plan.
    mode->setCurrentIndex(1);
    QTRY_VERIFY_WITH_TIMEOUT(
        !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    gna::RunRequest req;
    req.tokens = model->tokenizer().encode(w.session()->prompt().toStdString(), true);
    req.plan = w.session()->plan();
    req.capture = {{attention.layer, 1, gna::HeadKind::Attention}, {ssm.layer, 1, gna::HeadKind::SSM}};
    const gna::RunResult res = model->run(req);
    QCOMPARE(res.attention.size(), std::size_t(2));
    for (const gna::AttentionMap& map : res.attention) {
        const float* row = map.weights.data() + (map.rows.size() - 1) * static_cast<std::size_t>(map.cols);
        // an attention row as it is; a hidden-attention row (SSM head) as |a| / sum |a|
        double abs_sum = 0;
        for (int c = 0; c < map.cols; ++c) abs_sum += std::abs(double(row[c]));
        const double norm = map.head.kind == gna::HeadKind::SSM ? abs_sum : 1.0;
        double bits = 0;
        for (int c = 0; c < map.cols; ++c) {
            const double p = std::abs(double(row[c])) / norm;
            bits -= p > 0 ? p * std::log2(p) : 0.0;
        }
        QVERIFY2(map.head.kind != gna::HeadKind::SSM || bits >= 0, "an SSM head's entropy is a distribution's");
        const views::HeadCell cell{map.head.layer, map.head.head, map.head.kind == gna::HeadKind::SSM};
        QVERIFY2(
            std::abs(m->score(cell.layer, m->column(cell)) - bits) < 1e-3,
            qPrintable(
                QStringLiteral("%1: %2 vs %3").arg(cell.name()).arg(m->score(cell.layer, m->column(cell))).arg(bits)));
    }
    shoot(board, QStringLiteral("hybrid_board_both_kinds"));

    QTemporaryDir out;
    QString error;
    const QStringList files = writePaperFigures(w, out.path(), {views::FigureFormat::PNG, views::FigureFormat::SVG},
                                                views::FigureOptions{}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(QFile::exists(out.filePath(QStringLiteral("head_board.png"))) &&
            QFile::exists(out.filePath(QStringLiteral("head_board.svg"))));
    QFile csv(out.filePath(QStringLiteral("head_board.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    int rows = 0, ablated = 0;
    for (const QString& line : lines.mid(1)) {
        const QStringList f = line.split(QLatin1Char(','));
        const QString name = f.value(f.size() - 3);
        rows += 1;
        if (f.last() == QLatin1String("1")) {
            ++ablated;
            QVERIFY2(name == attention.name() || name == ssm.name(), qPrintable(line));
        }
    }
    int heads = 0;
    for (const gna::LayerInfo& l : model->info().layers) heads += l.attention_heads + l.ssm_heads;
    QCOMPARE(rows, heads);
    QCOMPARE(ablated, 2);
}

// The tour speaks of the heads the open demo has: attention heads on the transformer, SSM heads and their
// hidden attention on the Mamba model (no attention head, nothing that "attends"), both on the hybrid;
// so does the maps' tab.
void TestTeaching::tourWordsFitTheModel() {
    QFETCH(QString, demo);
    MainWindow w;
    QVERIFY(openDemo(w, demo));
    const tour::ModelKind kind = demo == QLatin1String("ssm") ? tour::ModelKind::Ssm
        : demo == QLatin1String("hybrid")                     ? tour::ModelKind::Hybrid
                                                              : tour::ModelKind::Attention;
    QCOMPARE(tour::modelKind(w.session()->modelInfo()), kind);
    // The maps' tab names what they show: an SSM head's map is hidden attention.
    QTabWidget* tabs = nullptr;
    for (QWidget* p = w.heatmaps()->parentWidget(); p && !tabs; p = p->parentWidget())
        tabs = qobject_cast<QTabWidget*>(p);
    QVERIFY(tabs);
    QCOMPARE(tabs->tabText(tabs->indexOf(w.heatmaps())),
             kind == tour::ModelKind::Ssm          ? QStringLiteral("Hidden attention")
                 : kind == tour::ModelKind::Hybrid ? QStringLiteral("Attention / hidden attention")
                                                   : QStringLiteral("Attention"));
    w.tour()->start();
    QCOMPARE(w.tour()->text(), GuidedTour::stepText(0, kind));
    for (int step = 0; step < GuidedTour::kSteps; ++step) {  // the last step compares the three demos by name
        const QString text = GuidedTour::stepText(step, kind);
        const QString where = demo + QStringLiteral(" step %1: ").arg(step) + text;
        const bool headsStep = step == 0 || step == 2 || step == 3 || step == 4;
        if (kind == tour::ModelKind::Attention) {
            QVERIFY2(!text.contains(QLatin1String("SSM")) && !text.contains(QLatin1String("hidden attention")),
                     qPrintable(where));
        } else if (kind == tour::ModelKind::Ssm) {
            QVERIFY2(!text.contains(QLatin1String("attention head")) && !text.contains(QLatin1String("attends")),
                     qPrintable(where));
            if (headsStep) QVERIFY2(text.contains(QLatin1String("SSM head")), qPrintable(where));
            if (step == 3 || step == 4) QVERIFY2(text.contains(QLatin1String("hidden attention")), qPrintable(where));
        } else if (headsStep) {
            QVERIFY2(text.contains(QLatin1String("SSM head")) && text.contains(QLatin1String("attention")),
                     qPrintable(where));
        }
    }
    w.tour()->leave();
    QVERIFY(waitIdle(w));
}

GNA_GUI_TEST_MAIN(TestTeaching)
#include "tst_teaching.moc"
