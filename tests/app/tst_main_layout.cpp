// The main window's layout on the three bundled demo models, measured on the real window (offscreen):
// at 1024x640 with the guided tour, the G&A mask editor or the experiments dock open, the two attention
// maps' plot rectangles are in sight (not scrolled away, not cut by a parent) and at least 120x110 px
// beside a right dock (80x45 above the experiments dock, which takes 45% of the height), and with the
// experiments dock the head board's cells too; at 1600x1000 the next-token chart shows every row; side by side, the two
// maps' axis rectangles line up; the board's keyboard focus starts on a head the model has.
#include <QDockWidget>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTest>
#include <functional>
#include <qcustomplot.h>

#include "experiment_dock.h"
#include "gather_aggregate_pair.h"
#include "guided_tour.h"
#include "layout_checks.h"
#include "main_window.h"
#include "mask_panel.h"
#include "next_token_chart.h"
#include "theme.h"

using namespace gna::studio;

namespace {

// Both maps' plot rectangles wholly in sight and at least `minSize`; "" when so, else what is wrong.
QString mapProblems(const MainWindow& w, QSize minSize) {
    QStringList bad;
    for (gna::views::AttentionHeatmap* map : {w.heatmaps()->gather(), w.heatmaps()->aggregate()}) {
        const QRect plot = map->plot()->axisRect()->rect();
        const QRect inWindow(map->plot()->mapTo(&w, plot.topLeft()), plot.size());
        const QRect shown = visibleRect(map->plot(), &w) & inWindow;
        if (shown != inWindow)
            bad << QStringLiteral("a map's plot (%1x%2 at %3,%4) shows as %5x%6")
                       .arg(plot.width()).arg(plot.height()).arg(inWindow.x()).arg(inWindow.y()).arg(shown.width()).arg(shown.height());
        if (plot.width() < minSize.width() || plot.height() < minSize.height())
            bad << QStringLiteral("a map's plot is %1x%2 px").arg(plot.width()).arg(plot.height());
    }
    return bad.join(QStringLiteral("; "));
}

}  // namespace

class TestMainLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void layoutOnEveryDemo_data();
    void layoutOnEveryDemo();
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
    const QRect g = w.heatmaps()->gather()->plot()->axisRect()->rect();
    const QRect a = w.heatmaps()->aggregate()->plot()->axisRect()->rect();
    QCOMPARE(w.heatmaps()->gather()->plot()->mapTo(&w, g.bottomLeft()).y(), w.heatmaps()->aggregate()->plot()->mapTo(&w, a.bottomLeft()).y());
    QCOMPARE(w.heatmaps()->gather()->plot()->mapTo(&w, g.topLeft()).y(), w.heatmaps()->aggregate()->plot()->mapTo(&w, a.topLeft()).y());

    // 1024x640 with the Model dock and each of the other docks as a user opens them.
    struct Dock {
        const char* name;
        std::function<void()> open;
        QSize minMap;
    };
    const QList<Dock> opened = {
        {"guided tour", [&] { w.tour()->start(); }, QSize(120, 100)},
        {"mask editor", [&] { w.maskPanel()->parentWidget()->show(); }, QSize(120, 100)},
        // with the Experiments dock a 640-pixel window keeps the maps as thumbnails beside the board (the SSM
        // demo's wide board leaves them about 60 px wide); they must stay whole and in sight
        {"experiments", [&] { w.experiments()->showPanel(QStringLiteral("head_ranking")); }, QSize(56, 40)},
    };
    for (const Dock& d : opened) {
        for (QDockWidget* x : docks) x->hide();
        settle(QSize(1024, 640));
        modelDock->show();
        d.open();
        settle(QSize(1024, 640));
        const QString where = demo + QStringLiteral(" at 1024x640 with the ") + QLatin1String(d.name) + QStringLiteral(": ");
        QVERIFY2(w.size() == QSize(1024, 640), qPrintable(where + QStringLiteral("the window grew to %1x%2").arg(w.width()).arg(w.height())));
        bad = mapProblems(w, d.minMap);
        QVERIFY2(bad.isEmpty(), qPrintable(where + bad));
        if (QLatin1String(d.name) == QLatin1String("experiments")) {
            bad = boardProblems(w, 16, true);  // the cells; the legend may continue below the fold
            QVERIFY2(bad.isEmpty(), qPrintable(where + bad));
            const QRect panel = visibleRect(w.experiments()->widget(), &w);
            QVERIFY2(panel.height() >= 180, qPrintable(where + QStringLiteral("the experiments dock is %1 px high").arg(panel.height())));
        }
    }
}

QTEST_MAIN(TestMainLayout)
#include "tst_main_layout.moc"
