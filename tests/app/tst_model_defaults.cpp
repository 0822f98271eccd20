// What the studio states about the open model, on the bundled demos in a real offscreen window:
// - every head field (main view, G&A mask editor, G&A-mask experiment form and its spec) opens with
//   heads the model has: the card's, else the first and last layer's (attention heads for a mask, none
//   on the Mamba demo), worked out here from the model's layers;
// - an SSM heatmap's title states the same score of the same row as the head board (|a| / sum |a|,
//   recomputed here by a naive loop over the drawn map);
// - the head board marks the heads the main view shows (Gather, Aggregate) and starts its keyboard there;
// - the Model dock lists attention and SSM heads per layer (saying so) and shows every value whole;
// - numbers in the German UI use German separators and no scientific notation.
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QComboBox>
#include <QTemporaryDir>
#include <QScrollBar>
#include <QCheckBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSignalSpy>
#include <QTest>
#include <cmath>
#include <qcustomplot.h>

#include "gna/error.h"
#include "gna/heads.h"
#include "gna/model.h"
#include "app_test_util.h"
#include "layout_checks.h"
#include "attention_heatmap.h"
#include "experiment_dock.h"
#include "experiment_panel.h"
#include "gather_aggregate_pair.h"
#include "head_board.h"
#include "head_board_model.h"
#include "language.h"
#include "mask_panel.h"
#include "model_info_panel.h"
#include "next_token_chart.h"
#include "number_format.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::studio;
namespace views = gna::views;

namespace {

QString demoDir(const QString& kind) { return QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/") + kind; }

// Head 0 of the first and of the last layer with heads of that kind ("" when none), from the core's layers.
QPair<QString, QString> firstAndLast(const gna::ModelInfo& info, bool ssm) {
    int first = -1, last = -1;
    for (const gna::LayerInfo& l : info.layers)
        if ((ssm ? l.ssm_heads : l.attention_heads) > 0) {
            if (first < 0) first = l.index;
            last = l.index;
        }
    if (first < 0) return {};
    const QChar k = ssm ? QLatin1Char('S') : QLatin1Char('H');
    return {QStringLiteral("L%1.%2%3").arg(first).arg(k).arg(0), QStringLiteral("L%1.%2%3").arg(last).arg(k).arg(0)};
}

// The card's two heads that matter most for KV-retrieval (evaluation.top2_by_kv_drop), the earlier layer's
// first, read from the JSON here.
QPair<QString, QString> cardTopTwo(const QString& dir) {
    QFile f(QDir(dir).filePath(QStringLiteral("model_card.json")));
    if (!f.open(QIODevice::ReadOnly)) return {};
    const QJsonArray heads = QJsonDocument::fromJson(f.readAll())
                                 .object()[QStringLiteral("evaluation")]
                                 .toObject()[QStringLiteral("top2_by_kv_drop")]
                                 .toObject()[QStringLiteral("heads")]
                                 .toArray();
    if (heads.size() != 2) return {};
    QString a = heads[0].toString(), b = heads[1].toString();
    const auto layer = [](const QString& h) { return h.mid(1, h.indexOf(QLatin1Char('.')) - 1).toInt(); };
    if (layer(b) < layer(a)) std::swap(a, b);
    return {a, b};
}

QLineEdit* field(QWidget* w, const char* name) { return w->findChild<QLineEdit*>(QLatin1String(name)); }

// Naive |a| / sum |a| of a row (a softmax row sums to one already): entropy in bits and largest share.
std::pair<double, double> naiveRow(const views::HeatmapData& d, int row) {
    double sum = 0.0;
    for (int c = 0; c < d.cols; ++c) sum += std::abs(double(d.at(row, c)));
    double h = 0.0, best = 0.0;
    for (int c = 0; c < d.cols; ++c) {
        const double p = std::abs(double(d.at(row, c))) / sum;
        if (p > 0) h -= p * std::log2(p);
        best = std::max(best, p);
    }
    return {h, best};
}

}  // namespace

class TestModelDefaults : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { installLanguage(QStringLiteral("en")); }
    void headFieldsFollowTheModel_data();
    void headFieldsFollowTheModel();
    void ssmTitleStatesTheBoardsScore();
    void modelDockShowsEveryValueWhole_data();
    void modelDockShowsEveryValueWhole();
    void germanNumbers();
    void aHeadTheModelLacksLeavesItsOwnPaneEmpty();
    void aThousandHeadsAtOnce();
};

// Issue 44: on the 3-layer demo, L7.H9 in the Gather field showed the Aggregate map on the left under
// "Gather" and the right pane claimed there was no prompt (the model has layers L0 to L2). Each pane shows its own field's head or,
// for a head the model lacks, says what is wrong; so does the field's tooltip.
void TestModelDefaults::aHeadTheModelLacksLeavesItsOwnPaneEmpty() {
    MainWindow w;
    QVERIFY(showAndOpenModel(
        w, 1366, 768, demoDir(QStringLiteral("transformer")),
        QStringLiteral("Memorize the following dictionary:\napple:42\nriver:17\n\nThe value of the key 'river' is")));
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.heatmaps()->aggregate()->data().isValid(), 60000);
    auto* gatherField = w.findChild<QLineEdit*>(QStringLiteral("gatherHead"));
    auto* aggregateField = w.findChild<QLineEdit*>(QStringLiteral("aggregateHead"));
    const QString aggregateHead = aggregateField->text();
    const views::GatherAggregatePair* pair = w.heatmaps();
    QSignalSpy result(w.session(), &Session::resultReady);
    gatherField->selectAll();
    QTest::keyClicks(gatherField, QStringLiteral("L7.H9"));
    QTest::keyClick(gatherField, Qt::Key_Return);
    QVERIFY(result.wait(60000));
    QVERIFY(!pair->gather()->data().isValid());
    QVERIFY2(pair->gather()->emptyMessage().contains(QStringLiteral("L0 to L2")),
             qPrintable(pair->gather()->emptyMessage()));
    QVERIFY(gatherField->toolTip().contains(QStringLiteral("L0 to L2")));
    QCOMPARE(pair->aggregate()->data().title, QStringLiteral("Aggregate ") + aggregateHead);
    // a head number past the layer's heads, and text that is no head name
    for (const auto& [text, reason] : {std::pair{QStringLiteral("L1.H9"), QStringLiteral("H0 to H3")},
                                       std::pair{QStringLiteral("bogus"), QStringLiteral("not a head name")}}) {
        gatherField->selectAll();
        QTest::keyClicks(gatherField, text);
        QTest::keyClick(gatherField, Qt::Key_Return);
        QTRY_VERIFY2(pair->gather()->emptyMessage().contains(reason), qPrintable(pair->gather()->emptyMessage()));
        QVERIFY(!pair->gather()->data().isValid());
        QCOMPARE(pair->aggregate()->data().title, QStringLiteral("Aggregate ") + aggregateHead);
    }
}

void TestModelDefaults::headFieldsFollowTheModel_data() { addDemoRows(); }

// The head board marks the heads the main view's fields show (found here by name, cell by cell), and
// its keyboard starts on the Gather head; an edited field moves the mark.
static void checkBoardMarksShownHeads(MainWindow& w) {
    const views::HeadBoard* board = w.headBoard();
    auto cellOf = [&](const QString& name) {
        for (int l = 0; l < board->model()->layers(); ++l)
            for (int c = 0; c < board->model()->heads(); ++c)
                if (board->model()->contains(l, c) && board->model()->cell(l, c).name() == name) return QPoint(c, l);
        return QPoint(-1, -1);
    };
    QLineEdit* gather = field(&w, "gatherHead");
    const QPoint g = cellOf(gather->text()), a = cellOf(field(&w, "aggregateHead")->text());
    QVERIFY2(g.x() >= 0 && a.x() >= 0, qPrintable(gather->text()));
    QCOMPARE(board->displayedGather(), g);
    QCOMPARE(board->displayedAggregate(), a);
    QCOMPARE(board->currentHead().name(), gather->text());
    QCOMPARE(board->displayedMark(g.y(), g.x()).contains(QStringLiteral("G")), true);
    // Another head typed into the Gather field: the mark and the keyboard follow it.
    const QString old = gather->text();
    const QString other = board->model()->cell(a.y(), a.x()).name();
    gather->setText(other);
    QMetaObject::invokeMethod(gather, "editingFinished");
    QCOMPARE(board->displayedGather(), a);
    QCOMPARE(board->displayedMark(a.y(), a.x()), QStringLiteral("G A"));
    gather->setText(old);
    QMetaObject::invokeMethod(gather, "editingFinished");
    QCOMPARE(board->displayedGather(), g);
}

void TestModelDefaults::headFieldsFollowTheModel() {
    QFETCH(QString, demo);
    const QString& kind = demo;
    const QString dir = demoDir(kind);
    const auto model = gna::Model::load(dir.toStdString());
    const gna::ModelInfo& info = model->info();
    MainWindow w;
    QVERIFY(showAndOpenModel(w, 1600, 1000, dir));
    MaskPanel* masks = w.maskPanel();
    QTRY_VERIFY_WITH_TIMEOUT(masks->questionCount() > 0, 60000);
    ExperimentPanel* form = w.experiments()->panel(QStringLiteral("gna_masks"));
    QVERIFY(form);
    const QPair<QString, QString> attention = firstAndLast(info, false);
    if (kind == QLatin1String("ssm")) {
        // No attention head: nothing to mask. Empty fields, no rule, Run off, and a spec that says why.
        QVERIFY(attention.first.isEmpty());
        QCOMPARE(masks->gatherHead(), QString());
        QCOMPARE(masks->aggregateHead(), QString());
        QCOMPARE(masks->ruleBox()->count(), 0);
        QVERIFY(!masks->runButton()->isEnabled());
        QCOMPARE(field(form, "gather")->text(), QString());
        QCOMPARE(field(form, "aggregate")->text(), QString());
        try {
            form->spec();
            QFAIL("a G&A-mask spec without heads was accepted");
        } catch (const gna::Error& e) {
            QVERIFY2(QString::fromUtf8(e.what()).contains(QStringLiteral("attention head")), e.what());
        }
        // The main view shows the SSM heads its card names (their maps are their hidden attention).
        const QPair<QString, QString> card = cardTopTwo(dir);
        QVERIFY(card.first.contains(QLatin1Char('S')) && card.second.contains(QLatin1Char('S')));
        QCOMPARE(field(&w, "gatherHead")->text(), card.first);
        QCOMPARE(field(&w, "aggregateHead")->text(), card.second);
        checkBoardMarksShownHeads(w);
        return;
    }
    // The mask editor, the experiment form and its spec show the same heads, all of them attention heads the
    // model has; without a card naming two (the hybrid's names one), the first and last layer's with
    // attention (the hybrid's layer 0 has none).
    const QString gather = masks->gatherHead(), aggregate = masks->aggregateHead();
    if (kind == QLatin1String("hybrid")) {
        QCOMPARE(gather, attention.first);
        QCOMPARE(aggregate, attention.second);
        QVERIFY(info.layers[0].attention_heads == 0 && gather != QStringLiteral("L0.H0"));
    }
    for (const QString& h : {gather, aggregate}) {
        const gna::HeadRef r = gna::parse_head(h.toStdString());
        QVERIFY2(r.kind == gna::HeadKind::Attention && r.layer < info.num_layers &&
                     r.head < info.layers[r.layer].attention_heads,
                 qPrintable(h));
    }
    QCOMPARE(field(form, "gather")->text(), gather);
    QCOMPARE(field(form, "aggregate")->text(), aggregate);
    const gna::Json spec = form->spec();
    QCOMPARE(QString::fromStdString(spec.at("gather").at(0).get<std::string>()), gather);
    QCOMPARE(QString::fromStdString(spec.at("aggregate").at(0).get<std::string>()), aggregate);
    // The main view: the same heads; the hybrid's card names an SSM head and an attention head, which
    // the main view shows (the masks need attention heads).
    const QPair<QString, QString> shown =
        kind == QLatin1String("hybrid") ? cardTopTwo(dir) : QPair<QString, QString>{gather, aggregate};
    if (kind == QLatin1String("hybrid")) QVERIFY(shown.first.contains(QLatin1Char('S')));
    QCOMPARE(field(&w, "gatherHead")->text(), shown.first);
    QCOMPARE(field(&w, "aggregateHead")->text(), shown.second);
    checkBoardMarksShownHeads(w);
    if (QTest::currentTestFailed()) return;
    QVERIFY(masks->ruleBox()->count() >= 2);
    QVERIFY2(masks->ruleBox()->itemText(0).contains(gather), qPrintable(masks->ruleBox()->itemText(0)));
    QVERIFY(masks->runButton()->isEnabled());
    // An SSM head typed into the mask editor is not an attention head: no rule, no run.
    if (kind == QLatin1String("hybrid")) {
        masks->setHeads(QStringLiteral("L0.S1"), QStringLiteral("L2.S0"));
        QCOMPARE(masks->ruleBox()->count(), 0);
        QVERIFY(!masks->runButton()->isEnabled());
    }
}

void TestModelDefaults::ssmTitleStatesTheBoardsScore() {
    // The SSM demo's maps are signed hidden attention. The title's entropy and maximum, the board's cell
    // for the same head (last-row entropy, the default score) and a naive |a| / sum |a| of the drawn map's
    // last row must agree.
    MainWindow w;
    QVERIFY(showAndOpenModel(w, 1600, 1000, demoDir(QStringLiteral("ssm"))));
    QTRY_VERIFY_WITH_TIMEOUT(
        !w.session()->isRunning() && w.headBoard()->model()->hasScores() && w.heatmaps()->gather()->data().isValid(),
        60000);
    const QRegularExpression stats(
        QStringLiteral("entropy\\s+([0-9.]+)\\s+bits,\\s*max\\s+([0-9.]+)\\s+on"));  // wrapped anywhere
    for (views::AttentionHeatmap* map : {w.heatmaps()->gather(), w.heatmaps()->aggregate()}) {
        const views::HeatmapData& d = map->data();
        QVERIFY(d.isValid());
        const auto [entropy, max] = naiveRow(d, d.rows - 1);
        const QRegularExpressionMatch m = stats.match(map->titleText());
        QVERIFY2(m.hasMatch(), qPrintable(map->titleText()));
        QVERIFY2(std::abs(m.captured(1).toDouble() - entropy) <= 0.006,
                 qPrintable(map->titleText() + QStringLiteral(" vs %1").arg(entropy)));
        QVERIFY2(std::abs(m.captured(2).toDouble() - max) <= 0.006,
                 qPrintable(map->titleText() + QStringLiteral(" vs %1").arg(max)));
        QVERIFY2(map->titleText().contains(QStringLiteral("|a|")),
                 qPrintable(map->titleText()));  // says how it reads the row
        // The board's cell of the shown head: the same number.
        const QString name = QRegularExpression(QStringLiteral("L\\d+\\.S\\d+")).match(d.title).captured(0);
        QVERIFY2(!name.isEmpty(), qPrintable(d.title));
        const gna::HeadRef h = gna::parse_head(name.toStdString());
        const views::HeadBoardModel* board = w.headBoard()->model();
        const double cell = board->score(h.layer, board->column(views::HeadCell{h.layer, h.head, true}));
        QVERIFY2(std::abs(cell - entropy) < 1e-4,
                 qPrintable(QStringLiteral("%1: board %2, naive %3").arg(d.title).arg(cell).arg(entropy)));
    }
}

void TestModelDefaults::modelDockShowsEveryValueWhole_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    for (const char* k : {"transformer", "ssm", "hybrid"}) {
        QTest::addRow("%s_1600", k) << QString::fromLatin1(k) << 1600 << 1000;
        QTest::addRow("%s_1024", k) << QString::fromLatin1(k) << 1024 << 640;
    }
}

void TestModelDefaults::modelDockShowsEveryValueWhole() {
    QFETCH(QString, kind);
    QFETCH(int, width);
    QFETCH(int, height);
    const QString dir = demoDir(kind);
    const auto model = gna::Model::load(dir.toStdString());
    const gna::ModelInfo& info = model->info();
    MainWindow w;
    QVERIFY(showAndOpenModel(w, width, height, dir));
    gna::testing::waitForLayout(w);  // the dock's layout after the new values
    ModelInfoPanel* panel = w.infoPanel();
    QVERIFY(panel->isVisible());
    // Heads per layer of each kind, from the core's layers.
    int attention = 0, ssm = 0;
    for (const gna::LayerInfo& l : info.layers)
        attention = std::max(attention, l.attention_heads), ssm = std::max(ssm, l.ssm_heads);
    const QString heads = panel->text(QStringLiteral("heads")), ssmHeads = panel->text(QStringLiteral("ssm"));
    if (attention == 0)
        QCOMPARE(heads, QStringLiteral("none"));
    else
        QVERIFY2(heads.startsWith(QStringLiteral("%1\u00a0/\u00a0%2").arg(attention).arg(info.num_kv_heads)),
                 qPrintable(heads));
    if (ssm == 0)
        QCOMPARE(ssmHeads, QStringLiteral("none"));
    else
        QVERIFY2(ssmHeads.startsWith(QString::number(ssm) + QStringLiteral(" per layer")), qPrintable(ssmHeads));
    // Counts per layer, said so (not the model's total): "4 / 4 per layer", "8 per layer".
    if (attention > 0)
        QVERIFY2(heads.contains(QStringLiteral("\u00a0/\u00a0%1 per layer").arg(info.num_kv_heads)), qPrintable(heads));
    if (kind == QLatin1String("hybrid")) {  // attention in some layers only: named
        QStringList with;
        for (const gna::LayerInfo& l : info.layers)
            if (l.attention_heads > 0) with << QString::number(l.index);
        QVERIFY2(heads.endsWith(QStringLiteral("in layers ") + with.join(QStringLiteral(",\u00a0"))),
                 qPrintable(heads));
    }
    QCOMPARE(panel->text(QStringLiteral("hidden")), QString::number(info.hidden_size));
    QCOMPARE(panel->text(QStringLiteral("path")), QString::fromStdString(info.dir.string()));
    // Every value whole at the dock's own width: inside its label, the label inside the visible viewport.
    auto* scroll = qobject_cast<QScrollArea*>(panel->parentWidget()->parentWidget());
    QVERIFY(scroll);
    for (QLabel* label : panel->valueLabels()) {
        const QRect cr = label->contentsRect();
        const QFontMetrics fm(label->font());
        const QRect need =
            fm.boundingRect(QRect(0, 0, cr.width(), 100000), Qt::TextWordWrap | Qt::AlignLeft, label->text());
        QVERIFY2(need.width() <= cr.width() && need.height() <= cr.height(),
                 qPrintable(QStringLiteral("%1: needs %2x%3, has %4x%5")
                                .arg(label->text())
                                .arg(need.width())
                                .arg(need.height())
                                .arg(cr.width())
                                .arg(cr.height())));
        if (!label->wordWrap())  // numbers and names: on one line
            QVERIFY2(fm.horizontalAdvance(label->text()) <= cr.width(), qPrintable(label->text()));
        const QPoint right = label->mapTo(scroll->viewport(), QPoint(label->width(), 0));
        QVERIFY2(right.x() <= scroll->viewport()->width(), qPrintable(label->text()));
    }
}

void TestModelDefaults::germanNumbers() {
    QVERIFY(installLanguage(QStringLiteral("de")));
    // The one formatting place: German separators, no scientific notation (values worked out by hand).
    QCOMPARE(views::formatNumber(4.4412), QStringLiteral("4,44"));
    QCOMPARE(views::formatNumber(5.05e-8), QStringLiteral("< 0,001"));
    QCOMPARE(views::formatNumber(176240.0, 6), QStringLiteral("176.240"));
    QCOMPARE(views::formatNumber(-0.25), QStringLiteral("−0,25"));
    QCOMPARE(views::formatPercent(0.125, 3), QStringLiteral("12,5\u00a0%"));
    {
        MainWindow w;
        QVERIFY(showAndOpenModel(w, 1600, 1000, demoDir(QStringLiteral("hybrid"))));
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.heatmaps()->gather()->data().isValid(), 60000);
        const QString title = w.heatmaps()->gather()->titleText();
        QVERIFY2(QRegularExpression(QStringLiteral("Entropie \\d+,\\d\\d Bit")).match(title).hasMatch() ||
                     QRegularExpression(QStringLiteral("\\d+,\\d\\d")).match(title).hasMatch(),
                 qPrintable(title));
        QVERIFY2(!QRegularExpression(QStringLiteral("\\d\\.\\d")).match(title).hasMatch(), qPrintable(title));
        // The plots' tick labels: the same locale.
        QCOMPARE(w.nextTokenChart()->plot()->locale().language(), QLocale::German);
        QCOMPARE(w.heatmaps()->gather()->plot()->locale().language(), QLocale::German);
        // Vocabulary 458 and the parameter count with German grouping in the Model dock.
        const auto model = gna::Model::load(demoDir(QStringLiteral("hybrid")).toStdString());
        if (model->info().parameters < 1000000)
            QCOMPARE(w.infoPanel()->text(QStringLiteral("params")),
                     QLocale(QLocale::German).toString(qlonglong(model->info().parameters)));
        QCOMPARE(w.infoPanel()->text(QStringLiteral("vocab")),
                 QLocale(QLocale::German).toString(model->info().vocab_size));
    }
    installLanguage(QStringLiteral("en"));
}

// Issue 44: a 32-layer x 32-head model (Llama-3.1-8B's board) showed 16 x 26 cells and scrolled both ways.
// It opens as the overview of every head, at 1366x768 and at 1920x1080: the "Every head" box is ticked, the
// board's pane does not scroll, and its last cell lies in sight; screenshots for the note.
void TestModelDefaults::aThousandHeadsAtOnce() {
    QTemporaryDir dir;
    const QString model = dir.filePath(QStringLiteral("llama-32x32"));
    const QString made = makeTinyCheckpoint(
        model,
        {QStringLiteral("--layers"), QStringLiteral("32"), QStringLiteral("--heads"), QStringLiteral("32"),
         QStringLiteral("--hidden"), QStringLiteral("64"), QStringLiteral("--intermediate"), QStringLiteral("64")});
    QVERIFY2(made.isEmpty(), qPrintable(made));
    const QString shots = QStringLiteral(GNA_TEST_DATA_DIR "/../../screenshots");
    QDir().mkpath(shots);
    for (const QSize size : {QSize(1366, 768), QSize(1920, 1080)}) {
        MainWindow w;
        QVERIFY(showAndOpenModel(w, size.width(), size.height(), model));
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation > 0, 60000);
        QCOMPARE(w.headBoard()->model()->layers() * w.headBoard()->model()->heads(), 1024);
        auto* overview = w.findChild<QCheckBox*>(QStringLiteral("boardOverview"));
        QVERIFY(overview && overview->isChecked());
        auto* scroll = w.findChild<QScrollArea*>(QStringLiteral("boardScroll"));
        QVERIFY(scroll);
        gna::testing::waitForLayout(w);
        QVERIFY(!scroll->horizontalScrollBar()->isVisible() && !scroll->verticalScrollBar()->isVisible());
        const QRect last = w.headBoard()->cellRect(31, 31);
        QVERIFY(scroll->viewport()->rect().contains(w.headBoard()->mapTo(scroll->viewport(), last.bottomRight())));
        QVERIFY(w.grab().toImage().save(
            QDir(shots).filePath(QStringLiteral("board_32x32_%1x%2.png").arg(size.width()).arg(size.height()))));
    }
}

GNA_GUI_TEST_MAIN(TestModelDefaults)
#include "tst_model_defaults.moc"
