// The main window's layout on the three bundled demo models, measured on the real window (offscreen):
// at 1024x640 with the Model dock alone, the guided tour or the G&A mask editor open, the two attention
// maps' plot rectangles are in sight (not scrolled away, not cut by a parent) and at least 120x120 px;
// the Experiments dock takes a 1024x640 window (Run button and results in sight) and its key shows the
// main view again, at 1600x1000 it sits under readable maps; at 1600x1000 the next-token chart shows
// every row; side by side, the two maps' axis rectangles line up; the board's keyboard focus starts on a
// head the model has; at 1600x1000 the prompt shows all its lines. Tabified docks show their titles'
// '&' (G&A), in the tab and in the title bar; a combo box narrower than its text elides it. Back at
// 1600x1000 after 1024x640, the left column (prompt, board, chart) is laid out as before. The board's legend,
// wrapped to its width in English, German, Chinese and a long text, covers neither the board nor its buttons.
// Beside the Model dock, a 1024x640 window's Experiments dock shows every form row and the Run button
// (the Model dock a tab beside it, back in its column with the main view), also when the window is made
// smaller with both open. No two query or key labels of a map overlap (the SSM demo's difference maps at 1024x640).
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QImage>
#include <QMenuBar>
#include <QPainter>
#include <QPlainTextEdit>
#include <QTextDocument>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStyleFactory>
#include <QStyleOption>
#include <QTabBar>
#include <QTest>
#include <QTranslator>
#include <algorithm>
#include <functional>
#include <memory>
#include <qcustomplot.h>

#include "experiment_dock.h"
#include "attention_heatmap.h"
#include "experiment_panel.h"
#include "gather_aggregate_pair.h"
#include "guided_tour.h"
#include "layout_checks.h"
#include "head_board_legend.h"
#include "main_window.h"
#include "mask_panel.h"
#include "next_token_chart.h"
#include "prompt_editor.h"
#include "theme.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::studio;
using gna::testing::waitForLayout;

namespace {

// A map a user can read: its plot rectangle at least this large (about 4 px a token on the demos'
// 29-token prompt; beside the Experiments dock they were 40-55 px high, beside the Model dock 55-85 px wide).
constexpr QSize kReadableMap(120, 120);

// The prompt editor shows every line of the demos' six-line prompt, none cut; "" when so.
QString promptProblems(const MainWindow& w) {
    const auto* edit = w.promptEditor()->findChild<QPlainTextEdit*>();
    const int lines = edit->document()->blockCount();  // no line wraps at these widths
    const int need = lines * edit->fontMetrics().lineSpacing() + 2 * int(edit->document()->documentMargin());
    if (lines >= 6 && edit->viewport()->height() >= need) return {};
    return QStringLiteral("the prompt's %1 lines need %2 px and have %3")
        .arg(lines)
        .arg(need)
        .arg(edit->viewport()->height());
}

// A language whose text for the board legend's last item is long: it wraps to more lines than the
// shipped catalogues' texts at any window size.
class LongLegendTranslator : public QTranslator {
public:
    static QString text() {
        return QStringLiteral(
            "G, A = the Gather head and the Aggregate head whose attention maps the window shows beside the board");
    }
    bool isEmpty() const override { return false; }
    QString translate(const char* context, const char* source, const char*, int) const override {
        return qstrcmp(context, "gna::views::HeadBoardLegend") == 0 && qstrcmp(source, "G, A = shown heads") == 0
            ? text()
            : QString();
    }
};

// The board legend laid out in the window: as high as its wrapped text (at its width), over neither the
// board's cells nor the buttons below it; "" when so.
QString legendProblems(const MainWindow& w) {
    const gna::views::HeadBoardLegend* legend = w.headBoardLegend();
    const gna::views::HeadBoard* board = w.headBoard();
    const gna::views::HeadBoardModel* m = board->model();
    const QRect at(legend->mapTo(&w, QPoint(0, 0)), legend->size());
    QRect cells;
    for (int l = 0; l < m->layers(); ++l)
        for (int h = 0; h < m->heads(); ++h) cells |= board->cellRect(l, h);
    cells.moveTopLeft(board->mapTo(&w, cells.topLeft()));
    cells &= visibleRect(board, &w);  // as far as the board's scroll area shows them
    QStringList bad;
    if (legend->height() < legend->heightForWidth(legend->width()))
        bad << QStringLiteral("the legend is %1 px high and its text needs %2")
                   .arg(legend->height())
                   .arg(legend->heightForWidth(legend->width()));
    if (at.intersects(cells))
        bad << QStringLiteral("the legend (y %1..%2) overlaps the cells (y %3..%4)")
                   .arg(at.top())
                   .arg(at.bottom())
                   .arg(cells.top())
                   .arg(cells.bottom());
    for (const char* name : {"invertButton", "restoreButton"}) {
        const auto* b = w.findChild<QWidget*>(QLatin1String(name));
        if (at.intersects(QRect(b->mapTo(&w, QPoint(0, 0)), b->size())))
            bad << QStringLiteral("the legend overlaps ") + QLatin1String(name);
    }
    return bad.join(QStringLiteral("; "));
}

// Where two of `map`'s labels overlap as drawn, on its query axis (each label its font's line high,
// centred on its tick) or its key axis (slanted: two neighbours clear each other when their ticks are at
// least height / sin(angle) apart along the axis, the slanted text bands then a line apart); "" when none does.
QString labelOverlaps(const gna::views::AttentionHeatmap* map, bool keys) {
    const QCPAxis* axis = keys ? map->plot()->xAxis : map->plot()->yAxis;
    const int height = QFontMetrics(axis->tickLabelFont()).height();
    const double angle = std::abs(axis->tickLabelRotation()) * M_PI / 180.0;
    const double need = keys && angle > 1e-3 ? height / std::sin(angle) : height;
    const QString kind = keys ? QStringLiteral("key") : QStringLiteral("query");
    QList<double> at;
    for (const double t : axis->tickVector())
        if (axis->range().contains(t)) at << axis->coordToPixel(t);
    std::sort(at.begin(), at.end());
    if (at.size() < 2) return QStringLiteral("%1 %2 labels").arg(at.size()).arg(kind);
    QStringList bad;
    for (qsizetype i = 1; i < at.size(); ++i)
        if (at[i] - at[i - 1] < need)
            bad << QStringLiteral("%1 labels at %2 and %3 (need %4 px)")
                       .arg(kind)
                       .arg(at[i - 1], 0, 'f', 1)
                       .arg(at[i], 0, 'f', 1)
                       .arg(need, 0, 'f', 1);
    return bad.join(QStringLiteral("; "));
}

}  // namespace

class TestMainLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void layoutOnEveryDemo_data();
    void layoutOnEveryDemo();
    void tabifiedDockTitlesKeepTheirAmpersand();
    void comboBoxesElideTheirText();
    void kvMapDockCoversASmallWindow();
    void leftColumnComesBackFromASmallWindow();
    void legendKeepsOffTheBoard();
    void modelDockLeavesTheExperimentsTheirForm();
    void queryLabelsNeverOverlap();
};

void TestMainLayout::layoutOnEveryDemo_data() { addDemoRows(); }

void TestMainLayout::layoutOnEveryDemo() {
    QFETCH(QString, demo);
    applyTheme(Theme::Light);
    MainWindow w;
    w.resize(1600, 1000);
    QVERIFY2(openDemo(w, demo), qPrintable(demo));

    // The keyboard's current head is one the model has (the hybrid's L0.H0 is a hatched, absent cell).
    const gna::views::HeadCell current = w.headBoard()->currentHead();
    QVERIFY2(w.headBoard()->model()->column(current) >= 0, qPrintable(current.name()));

    auto* scroll = w.findChild<QScrollArea*>(QStringLiteral("centralScroll"));
    QVERIFY(scroll);
    const auto docks = w.findChildren<QDockWidget*>();
    QDockWidget* modelDock = w.findChild<QDockWidget*>(QStringLiteral("modelDock"));
    QVERIFY(modelDock);
    auto settle = [&](QSize size) {
        w.resize(size);
        waitForLayout(w);
        scroll->verticalScrollBar()->setValue(0);
        QCoreApplication::processEvents();
    };

    // 1600x1000, no dock: every row of the next-token chart, the maps' axis rectangles side by side and level.
    for (QDockWidget* d : docks) d->hide();
    settle(QSize(1600, 1000));
    QCOMPARE(w.size(), QSize(1600, 1000));
    const gna::views::NextTokenChart* chart = w.nextTokenChart();
    QVERIFY(!chart->probabilities().isEmpty());
    QVERIFY2(chart->shownRows().size() == chart->probabilities().size(),
             qPrintable(QStringLiteral("%1 of %2 rows in a chart %3 px high")
                            .arg(chart->shownRows().size())
                            .arg(chart->probabilities().size())
                            .arg(chart->height())));
    QString bad = mapProblems(w, QSize(250, 250));
    QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("1600x1000: ") + bad));
    bad = promptProblems(w);
    QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("1600x1000: ") + bad));
    const QRect g = w.heatmaps()->gather()->plot()->axisRect()->rect();
    const QRect a = w.heatmaps()->aggregate()->plot()->axisRect()->rect();
    QCOMPARE(w.heatmaps()->gather()->plot()->mapTo(&w, g.bottomLeft()).y(),
             w.heatmaps()->aggregate()->plot()->mapTo(&w, a.bottomLeft()).y());
    QCOMPARE(w.heatmaps()->gather()->plot()->mapTo(&w, g.topLeft()).y(),
             w.heatmaps()->aggregate()->plot()->mapTo(&w, a.topLeft()).y());

    // 1600x1000 with the Model dock and the mask editor: the prompt still whole.
    modelDock->show();
    w.maskPanel()->parentWidget()->show();
    settle(QSize(1600, 1000));
    bad = promptProblems(w);
    QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("1600x1000 with the mask editor: ") + bad));

    // 1024x640 with the Model dock alone and with each right dock as a user opens them: the maps beside them readable.
    struct Dock {
        const char* name;
        std::function<void()> open;
    };
    const QList<Dock> opened = {
        {"Model dock", [] {}},
        {"guided tour", [&] { w.tour()->start(); }},
        {"mask editor", [&] { w.maskPanel()->parentWidget()->show(); }},
    };
    for (const Dock& d : opened) {
        for (QDockWidget* x : docks) x->hide();
        settle(QSize(1024, 640));
        modelDock->show();
        d.open();
        settle(QSize(1024, 640));
        const QString where =
            demo + QStringLiteral(" at 1024x640 with the ") + QLatin1String(d.name) + QStringLiteral(": ");
        QVERIFY2(w.size() == QSize(1024, 640),
                 qPrintable(where + QStringLiteral("the window grew to %1x%2").arg(w.width()).arg(w.height())));
        bad = mapProblems(w, kReadableMap);
        QVERIFY2(bad.isEmpty(), qPrintable(where + bad));
    }

    // The Experiments dock in a 1024x640 window takes the window (beside it the maps were thumbnails): its
    // Run button and result page in sight, no horizontal scroll bar; its View key shows the main view with
    // readable maps, and again the same experiment.
    for (QDockWidget* x : docks) x->hide();
    settle(QSize(1024, 640));
    modelDock->show();
    w.experiments()->showPanel(QStringLiteral("head_ranking"));
    settle(QSize(1024, 640));
    QString where = demo + QStringLiteral(" at 1024x640 with the experiments: ");
    QCOMPARE(w.size(), QSize(1024, 640));
    QCOMPARE(w.coveringDock(), static_cast<QDockWidget*>(w.experiments()));
    QVERIFY2(!w.heatmaps()->isVisible(),
             qPrintable(where + QStringLiteral("the maps are drawn under the experiments")));
    bad = experimentProblems(w, QStringLiteral("head_ranking"));
    QVERIFY2(bad.isEmpty(), qPrintable(where + bad));
    const QKeySequence key = w.experiments()->toggleViewAction()->shortcut();
    QVERIFY2(!key.isEmpty(), "the Experiments dock has no key");
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keySequence(&w, key);
    settle(QSize(1024, 640));
    QVERIFY2(!w.experiments()->isVisible() && !w.coveringDock(),
             qPrintable(where + QStringLiteral("its key left it open")));
    bad = mapProblems(w, kReadableMap);
    QVERIFY2(bad.isEmpty(), qPrintable(where + QStringLiteral("after its key: ") + bad));
    QTest::keySequence(&w, key);
    settle(QSize(1024, 640));
    QCOMPARE(w.coveringDock(), static_cast<QDockWidget*>(w.experiments()));
    QCOMPARE(w.experiments()->tabs()->currentWidget(),
             static_cast<QWidget*>(w.experiments()->panel(QStringLiteral("head_ranking"))));

    // 1600x1000: the dock under the main view, whose maps stay readable; its Run button and results in sight.
    settle(QSize(1600, 1000));
    where = demo + QStringLiteral(" at 1600x1000 with the experiments: ");
    QVERIFY2(!w.coveringDock() && w.heatmaps()->isVisible(),
             qPrintable(where + QStringLiteral("the main view is covered")));
    bad = mapProblems(w, kReadableMap);
    QVERIFY2(bad.isEmpty(), qPrintable(where + bad));
    bad = experimentProblems(w, QStringLiteral("head_ranking"));
    QVERIFY2(bad.isEmpty(), qPrintable(where + bad));
}

void TestMainLayout::tabifiedDockTitlesKeepTheirAmpersand() {
    applyTheme(Theme::Light);
    MainWindow w;
    w.resize(1024, 640);
    QVERIFY(openDemo(w, QStringLiteral("transformer")));
    for (QDockWidget* d : w.findChildren<QDockWidget*>()) d->hide();
    QDockWidget* modelDock = w.findChild<QDockWidget*>(QStringLiteral("modelDock"));
    auto* maskDock = qobject_cast<QDockWidget*>(w.maskPanel()->parentWidget());
    QVERIFY(modelDock && maskDock);
    modelDock->show();
    maskDock->show();  // a small window: the Model dock becomes a tab beside it
    waitForLayout(w);
    QVERIFY(w.tabifiedDockWidgets(maskDock).contains(modelDock));
    // The tab texts as a tab bar draws them: "&x" shows x, "&&" shows one '&'.
    QStringList shown;
    for (const QTabBar* bar : w.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly))
        for (int i = 0; i < bar->count(); ++i)
            if (bar->isVisible())
                shown << QString(bar->tabText(i))
                             .replace(QRegularExpression(QStringLiteral("&(.)")), QStringLiteral("\\1"));
    QVERIFY2(shown.contains(QStringLiteral("G&A mask editor")) && shown.contains(QStringLiteral("Model")),
             qPrintable(shown.join(u'|')));
    // Its View menu item the same; its title bar (drawn by the style) shows what a plain Fusion title shows for "G&A mask editor".
    QCOMPARE(QString(maskDock->toggleViewAction()->text())
                 .replace(QRegularExpression(QStringLiteral("&(.)")), QStringLiteral("\\1")),
             QStringLiteral("G&A mask editor"));
    auto title = [&](QStyle* style, const QString& text) {
        QStyleOptionDockWidget o;
        o.initFrom(maskDock);
        o.rect = QRect(0, 0, 240, 24);
        o.title = text;
        QImage img(o.rect.size(), QImage::Format_ARGB32);
        img.fill(Qt::white);
        QPainter p(&img);
        style->drawControl(QStyle::CE_DockWidgetTitle, &o, &p, maskDock);
        return img;
    };
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    const QImage drawn = title(maskDock->style(), maskDock->windowTitle());
    QVERIFY(drawn != title(fusion.get(), QStringLiteral("G&A")));  // text is drawn at all
    QVERIFY(drawn == title(fusion.get(), QStringLiteral("G&A mask editor")));
}

void TestMainLayout::comboBoxesElideTheirText() {
    applyTheme(Theme::Light);
    const QString text = QStringLiteral("demo world: What is the favourite colour of Pell?");
    QComboBox box;
    box.addItem(text);
    box.resize(160, box.sizeHint().height());
    QStyleOptionComboBox o;
    o.initFrom(&box);
    o.rect = box.rect();
    o.currentText = text;
    o.editable = false;
    o.frame = true;
    const QRect field = box.style()->subControlRect(QStyle::CC_ComboBox, &o, QStyle::SC_ComboBoxEditField, &box);
    auto label = [&](QStyle* style, const QString& shown) {
        QStyleOptionComboBox x(o);
        x.currentText = shown;
        QImage img(o.rect.size(), QImage::Format_ARGB32);
        img.fill(Qt::white);
        QPainter p(&img);
        style->drawControl(QStyle::CE_ComboBoxLabel, &x, &p, &box);
        return img;
    };
    // What the studio's style draws for the long text is what Fusion draws for the text ending in "…"
    // within the edit field (and not the text cut off at the arrow).
    const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
    const QString elided = box.fontMetrics().elidedText(text, Qt::ElideRight, field.width() - 2);
    QVERIFY(elided.endsWith(QChar(0x2026)) && elided.size() < text.size());
    const QImage drawn = label(box.style(), text);
    QVERIFY(drawn != label(fusion.get(), text));
    QVERIFY(drawn == label(fusion.get(), elided));
}

// The KV-retrieval map, the other bottom dock, covers a 1024x640 window too; its key shows the main view.
void TestMainLayout::kvMapDockCoversASmallWindow() {
    MainWindow w;
    w.stopAutosave();
    for (QDockWidget* d : w.findChildren<QDockWidget*>()) d->hide();
    w.resize(1024, 640);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    auto* kv = w.findChild<QDockWidget*>(QStringLiteral("kvMapDock"));
    QVERIFY(kv);
    kv->show();
    waitForLayout(w);
    QCOMPARE(w.size(), QSize(1024, 640));
    QCOMPARE(w.coveringDock(), kv);
    QVERIFY(!w.heatmaps()->isVisible());
    QVERIFY(kv->height() > 400);
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QVERIFY(!kv->toggleViewAction()->shortcut().isEmpty());
    QTest::keySequence(&w, kv->toggleViewAction()->shortcut());
    waitForLayout(w);
    QVERIFY(!kv->isVisible() && !w.coveringDock() && w.heatmaps()->isVisible());
}

// Side by side again after a small window stacked the columns, the left column's panes get their heights
// of before back: the head board its cells and every column label, the prompt no more than before.
void TestMainLayout::leftColumnComesBackFromASmallWindow() {
    MainWindow w;
    w.resize(1600, 1000);
    QVERIFY(openDemo(w, QStringLiteral("transformer")));
    const WindowLayout before = layoutOf(w);
    QCOMPARE(before.labels,
             QStringList({QStringLiteral("H0"), QStringLiteral("H1"), QStringLiteral("H2"), QStringLiteral("H3")}));
    for (const QSize size : {QSize(1024, 640), QSize(1600, 1000)}) {
        w.resize(size);
        waitForLayout(w);
    }
    const QString bad = layoutDifferences(layoutOf(w), before);
    QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("1600x1000 after 1024x640: ") + bad));
    // A window opened small, then enlarged: the same board.
    MainWindow small;
    small.resize(1024, 640);
    QVERIFY(openDemo(small, QStringLiteral("transformer")));
    small.resize(1600, 1000);
    waitForLayout(small);
    const WindowLayout enlarged = layoutOf(small);
    QCOMPARE(enlarged.cell, before.cell);
    QCOMPARE(enlarged.labels, before.labels);
}

// The hybrid's legend (the longest: two colour bars, four marks) wraps to as many lines as its width needs
// and the board's column gives it them: in English, German, Chinese and a language with a long text, at
// 1024x640 and 1600x1000, it covers neither a cell nor a button.
void TestMainLayout::legendKeepsOffTheBoard() {
    applyTheme(Theme::Light);
    MainWindow w;
    w.resize(1024, 640);
    QVERIFY(openDemo(w, QStringLiteral("hybrid")));
    LongLegendTranslator longText;
    // As the screenshots see it: the docks opened and closed again, then the window at each size, and
    // at 1024x640 also beside the Model dock (the columns stacked).
    int germanWidth = 0;  // the width the legend needs in German
    auto check = [&](const QString& language) {
        for (const QSize size : {QSize(1024, 640), QSize(1600, 1000), QSize(1024, 640)}) {
            for (QWidget* d : {w.maskPanel()->parentWidget(), static_cast<QWidget*>(w.experiments())}) {
                d->show();
                waitForLayout(w);
                d->hide();
            }
            for (QDockWidget* d : w.findChildren<QDockWidget*>()) d->hide();
            waitForLayout(w);
            w.resize(size);
            for (const bool modelDock : {false, true}) {
                if (modelDock && size.width() >= MainWindow::kRoomyWidth) continue;
                w.findChild<QDockWidget*>(QStringLiteral("modelDock"))->setVisible(modelDock);
                waitForLayout(w);
                QCOMPARE(w.size(), size);
                const QString where = QStringLiteral("%1 at %2x%3%4: ")
                                          .arg(language)
                                          .arg(size.width())
                                          .arg(size.height())
                                          .arg(modelDock ? QStringLiteral(" with the Model dock") : QString());
                const QString bad = legendProblems(w);
                QVERIFY2(bad.isEmpty(), qPrintable(where + bad));
                if (size.width() == 1024) {
                    // A mark's meaning ("◥ = SSM head") on one line whenever it fits a line alone.
                    const gna::views::HeadBoardLegend* legend = w.headBoardLegend();
                    const QStringList lines = legend->lines();
                    const QFontMetrics fm(legend->font());
                    for (const QString& line : legend->text().split(QLatin1Char('\n')))
                        for (const QString& item : line.split(QStringLiteral("   "), Qt::SkipEmptyParts)) {
                            if (!item.contains(QStringLiteral(" = ")) ||
                                fm.horizontalAdvance(item) + 10 > legend->width())
                                continue;
                            bool whole = false;
                            for (const QString& l : lines) whole = whole || l.contains(item);
                            QVERIFY2(whole,
                                     qPrintable(where +
                                                QStringLiteral("“%1” (%2 px) is split in a %3 px legend: %4")
                                                    .arg(item)
                                                    .arg(fm.horizontalAdvance(item))
                                                    .arg(legend->width())
                                                    .arg(lines.join(QStringLiteral(" | ")))));
                        }
                }
                // A long text wraps to more lines instead of widening the board's column: the legend asks for
                // no more width than the German one.
                const int width = w.headBoardLegend()->minimumSizeHint().width();
                if (language == QLatin1String("de")) germanWidth = width;
                if (germanWidth > 0)
                    QVERIFY2(width <= germanWidth,
                             qPrintable(where +
                                        QStringLiteral("the legend needs %1 px of width, in German %2")
                                            .arg(width)
                                            .arg(germanWidth)));
            }
        }
    };
    check(QStringLiteral("en"));
    if (QTest::currentTestFailed()) return;
    for (const QString& code : {QStringLiteral("zh_CN"), QStringLiteral("de")}) {
        const QString file = QCoreApplication::translate("gna::studio::MainWindow", "&File");
        w.setLanguage(code);
        QTRY_VERIFY_WITH_TIMEOUT(w.menuBar()->actions().value(0)->text() != file, 20000);  // the window rebuilt
        QTRY_VERIFY_WITH_TIMEOUT(waitIdle(w), 60000);  // (the rebuilt views' first run)
        check(code);
        if (QTest::currentTestFailed()) return;
    }
    // German with a long text for the shown heads' mark (as "G, A = angezeigte Köpfe" took a fourth line).
    QCoreApplication::installTranslator(&longText);
    QTRY_VERIFY_WITH_TIMEOUT(w.headBoardLegend()->text().contains(LongLegendTranslator::text()), 20000);
    QTRY_VERIFY_WITH_TIMEOUT(waitIdle(w), 60000);
    check(QStringLiteral("a long legend"));
    QCoreApplication::removeTranslator(&longText);
    w.setLanguage(QStringLiteral("en"));
    QTRY_COMPARE_WITH_TIMEOUT(w.menuBar()->actions().value(0)->text(), QStringLiteral("&File"), 20000);
}

// The query and key axes of every map, as a user sees them on the SSM demo (29 tokens): the attention maps
// and both difference maps after "Compare with the unablated run" (laid out behind the attention tab, then
// shown), at 1600x1000 and 1024x640, never two labels over each other.
void TestMainLayout::queryLabelsNeverOverlap() {
    applyTheme(Theme::Light);
    MainWindow w;
    w.resize(1600, 1000);
    QVERIFY(openDemo(w, QStringLiteral("ssm")));
    w.headBoard()->toggleHead(0, 0);
    QVERIFY(waitIdle(w));
    auto* tabs = qobject_cast<QTabWidget*>(w.differences()->parentWidget()->parentWidget());  // (stack, tabs)
    auto* compare = w.findChild<QCheckBox*>(QStringLiteral("compareCheck"));
    QVERIFY(tabs && compare);
    for (const QSize size : {QSize(1600, 1000), QSize(1024, 640)}) {
        for (QDockWidget* d : w.findChildren<QDockWidget*>()) d->hide();
        w.resize(size);
        waitForLayout(w);
        const QString where = QStringLiteral("%1x%2 ").arg(size.width()).arg(size.height());
        const qsizetype attentionKeys = w.heatmaps()->gather()->plot()->xAxis->tickVector().size();
        for (const auto* map : {w.heatmaps()->gather(), w.heatmaps()->aggregate()}) {
            w.grab();
            const QString bad = labelOverlaps(map, false) + labelOverlaps(map, true);
            QVERIFY2(bad.isEmpty(), qPrintable(where + map->titleText() + QStringLiteral(": ") + bad));
        }
        compare->setChecked(true);
        QVERIFY(waitIdle(w));
        tabs->setCurrentIndex(1);
        waitForLayout(w);
        w.grab();
        for (const auto* map : {w.differences()->gather(), w.differences()->aggregate()}) {
            QVERIFY2(map->isVisible() && map->data().isValid(), qPrintable(where + w.differences()->message()));
            const QString bad = labelOverlaps(map, false) + labelOverlaps(map, true);
            QVERIFY2(bad.isEmpty(), qPrintable(where + map->titleText() + QStringLiteral(": ") + bad));
            // Thinned for the axis as shown, like the attention map of the same width (not for the size
            // it was laid out at behind the attention tab).
            const qsizetype keys = map->plot()->xAxis->tickVector().size();
            QVERIFY2(
                3 * keys >= 2 * attentionKeys,
                qPrintable(where + QStringLiteral("%1 key labels, the attention map %2").arg(keys).arg(attentionKeys)));
        }
        tabs->setCurrentIndex(0);
        compare->setChecked(false);
        QVERIFY(waitIdle(w));
    }
}

// A 1024x640 window with the Model dock and the Experiments dock open, opened in either order or come from a
// larger window: the Experiments dock takes the window with the Model dock as a tab beside it, every
// experiment's form shows all its rows and its Run button without scrolling, and hiding the experiments
// puts the Model dock back in its column beside the main view.
void TestMainLayout::modelDockLeavesTheExperimentsTheirForm() {
    applyTheme(Theme::Light);
    MainWindow w;
    w.resize(1024, 640);
    QVERIFY(openDemo(w, QStringLiteral("transformer")));
    QDockWidget* modelDock = w.findChild<QDockWidget*>(QStringLiteral("modelDock"));
    QVERIFY(modelDock);
    int roomyMainView = -1;  // the main view's height at 1600x1000 beside the Experiments dock
    const QList<std::pair<const char*, std::function<void()>>> ways = {
        {"Model dock first",
         [&] {
             w.resize(1024, 640);
             waitForLayout(w);
             modelDock->show();
             waitForLayout(w);
             w.experiments()->show();
         }},
        {"experiments first",
         [&] {
             w.resize(1024, 640);
             waitForLayout(w);
             w.experiments()->show();
             waitForLayout(w);
             modelDock->show();
         }},
        {"from 1600x1000",
         [&] {
             w.resize(1600, 1000);
             waitForLayout(w);
             modelDock->show();
             w.experiments()->show();
             waitForLayout(w);
             roomyMainView = w.centralWidget()->isVisible() ? w.centralWidget()->height() : 0;
             w.resize(1024, 640);
         }},
    };
    for (const auto& [way, open] : ways) {
        for (QDockWidget* d : w.findChildren<QDockWidget*>()) d->hide();
        waitForLayout(w);
        open();
        waitForLayout(w);
        const QString where = QLatin1String(way) + QStringLiteral(": ");
        if (roomyMainView >= 0)  // 45% of the window's height, at most 480 px
            QVERIFY2(
                roomyMainView >= 450,
                qPrintable(where + QStringLiteral("the main view was %1 px high at 1600x1000").arg(roomyMainView)));
        QCOMPARE(w.size(), QSize(1024, 640));
        QCOMPARE(w.coveringDock(), static_cast<QDockWidget*>(w.experiments()));
        QVERIFY2(
            w.tabifiedDockWidgets(w.experiments()).contains(modelDock) && modelDock->toggleViewAction()->isChecked(),
            qPrintable(where +
                       QStringLiteral("the Model dock is not a tab beside the experiments (%1 px high)")
                           .arg(modelDock->height())));
        for (ExperimentPanel* p : w.experiments()->panels()) {
            w.experiments()->showPanel(p->kind());
            waitForLayout(w);
            QString bad = formRowProblems(p, true);
            if (visibleRect(p->runButton(), &w).size() != p->runButton()->size())
                bad += QStringLiteral(" the Run button is not in sight");
            QVERIFY2(bad.isEmpty(), qPrintable(where + p->kind() + QStringLiteral(": ") + bad));
        }
        // The main view back: the Model dock in its column beside it again.
        w.experiments()->hide();
        waitForLayout(w);
        QVERIFY2(!w.coveringDock() && w.dockWidgetArea(modelDock) == Qt::LeftDockWidgetArea && modelDock->isVisible() &&
                     modelDock->width() > 100,
                 qPrintable(where +
                            QStringLiteral("the Model dock did not come back (%1 px wide)").arg(modelDock->width())));
        // In a small window the Model dock takes at most 30% of its width (as a right dock does).
        QVERIFY2(modelDock->width() <= w.width() * 3 / 10,
                 qPrintable(where + QStringLiteral("the Model dock is %1 px wide").arg(modelDock->width())));
        QCOMPARE(w.size(), QSize(1024, 640));
    }
}

GNA_GUI_TEST_MAIN(TestMainLayout)
#include "tst_main_layout.moc"
