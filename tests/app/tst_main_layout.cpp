// The main window's layout on the three bundled demo models, measured on the real window (offscreen):
// at 1024x640 with the Model dock alone, the guided tour or the G&A mask editor open, the two attention
// maps' plot rectangles are in sight (not scrolled away, not cut by a parent) and at least 120x120 px;
// the Experiments dock takes a 1024x640 window (Run button and results in sight) and its key shows the
// main view again, at 1600x1000 it sits under readable maps; at 1600x1000 the next-token chart shows
// every row; side by side, the two maps' axis rectangles line up; the board's keyboard focus starts on a
// head the model has; at 1600x1000 the prompt shows all its lines. Tabified docks show their titles'
// '&' (G&A), in the tab and in the title bar; a combo box narrower than its text elides it. Back at
// 1600x1000 after 1024x640, the left column (prompt, board, chart) is laid out as before.
#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QImage>
#include <QPainter>
#include <QPlainTextEdit>
#include <QTextDocument>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStyleFactory>
#include <QStyleOption>
#include <QTabBar>
#include <QTest>
#include <functional>
#include <memory>
#include <qcustomplot.h>

#include "experiment_dock.h"
#include "experiment_panel.h"
#include "gather_aggregate_pair.h"
#include "guided_tour.h"
#include "layout_checks.h"
#include "main_window.h"
#include "mask_panel.h"
#include "next_token_chart.h"
#include "prompt_editor.h"
#include "theme.h"

using namespace gna::studio;

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
    return QStringLiteral("the prompt's %1 lines need %2 px and have %3").arg(lines).arg(need).arg(edit->viewport()->height());
}

}  // namespace


class TestMainLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void layoutOnEveryDemo_data();
    void layoutOnEveryDemo();
    void tabifiedDockTitlesKeepTheirAmpersand();
    void comboBoxesElideTheirText();
    void kvMapDockCoversASmallWindow();
    void leftColumnComesBackFromASmallWindow();
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
        QTest::qWait(60);
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
             qPrintable(QStringLiteral("%1 of %2 rows in a chart %3 px high").arg(chart->shownRows().size())
                            .arg(chart->probabilities().size()).arg(chart->height())));
    QString bad = mapProblems(w, QSize(250, 250));
    QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("1600x1000: ") + bad));
    bad = promptProblems(w);
    QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("1600x1000: ") + bad));
    const QRect g = w.heatmaps()->gather()->plot()->axisRect()->rect();
    const QRect a = w.heatmaps()->aggregate()->plot()->axisRect()->rect();
    QCOMPARE(w.heatmaps()->gather()->plot()->mapTo(&w, g.bottomLeft()).y(), w.heatmaps()->aggregate()->plot()->mapTo(&w, a.bottomLeft()).y());
    QCOMPARE(w.heatmaps()->gather()->plot()->mapTo(&w, g.topLeft()).y(), w.heatmaps()->aggregate()->plot()->mapTo(&w, a.topLeft()).y());

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
        const QString where = demo + QStringLiteral(" at 1024x640 with the ") + QLatin1String(d.name) + QStringLiteral(": ");
        QVERIFY2(w.size() == QSize(1024, 640), qPrintable(where + QStringLiteral("the window grew to %1x%2").arg(w.width()).arg(w.height())));
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
    QVERIFY2(!w.heatmaps()->isVisible(), qPrintable(where + QStringLiteral("the maps are drawn under the experiments")));
    bad = experimentProblems(w, QStringLiteral("head_ranking"));
    QVERIFY2(bad.isEmpty(), qPrintable(where + bad));
    const QKeySequence key = w.experiments()->toggleViewAction()->shortcut();
    QVERIFY2(!key.isEmpty(), "the Experiments dock has no key");
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QTest::keySequence(&w, key);
    settle(QSize(1024, 640));
    QVERIFY2(!w.experiments()->isVisible() && !w.coveringDock(), qPrintable(where + QStringLiteral("its key left it open")));
    bad = mapProblems(w, kReadableMap);
    QVERIFY2(bad.isEmpty(), qPrintable(where + QStringLiteral("after its key: ") + bad));
    QTest::keySequence(&w, key);
    settle(QSize(1024, 640));
    QCOMPARE(w.coveringDock(), static_cast<QDockWidget*>(w.experiments()));
    QCOMPARE(w.experiments()->tabs()->currentWidget(), static_cast<QWidget*>(w.experiments()->panel(QStringLiteral("head_ranking"))));

    // 1600x1000: the dock under the main view, whose maps stay readable; its Run button and results in sight.
    settle(QSize(1600, 1000));
    where = demo + QStringLiteral(" at 1600x1000 with the experiments: ");
    QVERIFY2(!w.coveringDock() && w.heatmaps()->isVisible(), qPrintable(where + QStringLiteral("the main view is covered")));
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
    QTest::qWait(60);
    QVERIFY(w.tabifiedDockWidgets(maskDock).contains(modelDock));
    // The tab texts as a tab bar draws them: "&x" shows x, "&&" shows one '&'.
    QStringList shown;
    for (const QTabBar* bar : w.findChildren<QTabBar*>(Qt::FindDirectChildrenOnly))
        for (int i = 0; i < bar->count(); ++i)
            if (bar->isVisible()) shown << QString(bar->tabText(i)).replace(QRegularExpression(QStringLiteral("&(.)")), QStringLiteral("\\1"));
    QVERIFY2(shown.contains(QStringLiteral("G&A mask editor")) && shown.contains(QStringLiteral("Model")), qPrintable(shown.join(u'|')));
    // Its View menu item the same; its title bar (drawn by the style) shows what a plain Fusion title shows for "G&A mask editor".
    QCOMPARE(QString(maskDock->toggleViewAction()->text()).replace(QRegularExpression(QStringLiteral("&(.)")), QStringLiteral("\\1")),
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
    QTest::qWait(60);
    QCOMPARE(w.size(), QSize(1024, 640));
    QCOMPARE(w.coveringDock(), kv);
    QVERIFY(!w.heatmaps()->isVisible());
    QVERIFY(kv->height() > 400);
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QVERIFY(!kv->toggleViewAction()->shortcut().isEmpty());
    QTest::keySequence(&w, kv->toggleViewAction()->shortcut());
    QTest::qWait(60);
    QVERIFY(!kv->isVisible() && !w.coveringDock() && w.heatmaps()->isVisible());
}

// Side by side again after a small window stacked the columns, the left column's panes get their heights
// of before back: the head board its cells and every column label, the prompt no more than before.
void TestMainLayout::leftColumnComesBackFromASmallWindow() {
    MainWindow w;
    w.resize(1600, 1000);
    QVERIFY(openDemo(w, QStringLiteral("transformer")));
    const WindowLayout before = layoutOf(w);
    QCOMPARE(before.labels, QStringList({QStringLiteral("H0"), QStringLiteral("H1"), QStringLiteral("H2"), QStringLiteral("H3")}));
    for (const QSize size : {QSize(1024, 640), QSize(1600, 1000)}) {
        w.resize(size);
        QTest::qWait(60);
    }
    const QString bad = layoutDifferences(layoutOf(w), before);
    QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("1600x1000 after 1024x640: ") + bad));
    // A window opened small, then enlarged: the same board.
    MainWindow small;
    small.resize(1024, 640);
    QVERIFY(openDemo(small, QStringLiteral("transformer")));
    small.resize(1600, 1000);
    QTest::qWait(60);
    const WindowLayout enlarged = layoutOf(small);
    QCOMPARE(enlarged.cell, before.cell);
    QCOMPARE(enlarged.labels, before.labels);
}

QTEST_MAIN(TestMainLayout)
#include "tst_main_layout.moc"
