#pragma once
// Layout checks of the GUI suites on the real main window: what part of a widget is in sight, and
// whether the head board is usable (cells, legend) in the window as it is laid out now.
#include <QAbstractItemView>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QFormLayout>
#include <QFontMetrics>
#include <QTest>
#include <QRect>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalSpy>
#include <QStringList>
#include <QWidget>
#include <cmath>
#include <cstdlib>
#include <tuple>

#include <qcustomplot.h>

#include "experiment_dock.h"
#include "experiment_panel.h"
#include "gather_aggregate_pair.h"
#include "head_board.h"
#include "head_board_legend.h"
#include "main_window.h"
#include "next_token_chart.h"
#include "number_format.h"
#include "results_table.h"
#include "layout_wait.h"

namespace gna::studio {

// Waits until the session has drawn its latest run (false when it still runs after `ms`).
inline bool waitIdle(MainWindow& w, int ms = 60000) {
    QElapsedTimer t;
    t.start();
    while ((w.session()->isRunning() || w.session()->lastOutcome().generation != w.session()->generation()) &&
           t.elapsed() < ms)
        QTest::qWait(10);
    gna::testing::waitForLayout(w);  // queued replots and layouts
    return !w.session()->isRunning();
}

// One data row per bundled demo model (column "demo").
inline void addDemoRows() {
    QTest::addColumn<QString>("demo");
    for (const char* demo : {"transformer", "ssm", "hybrid"}) QTest::newRow(demo) << QString::fromLatin1(demo);
}

// Shows `w` (no autosave), opens the bundled demo `demo` and waits for its first run; false when it did not load or run.
inline bool openDemo(MainWindow& w, const QString& demo) {
    w.stopAutosave();
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) return false;
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.openModel(QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/") + demo);
    return loaded.wait(60000) && waitIdle(w);
}

// `child`'s rectangle in the window's coordinates, clipped by every ancestor (scroll areas).
inline QRect visibleRect(const QWidget* child, const QWidget* window) {
    if (!child->isVisibleTo(window)) return {};
    QRect r(child->mapTo(window, QPoint(0, 0)), child->size());
    for (const QWidget* p = child->parentWidget(); p && p != window; p = p->parentWidget())
        r &= QRect(p->mapTo(window, QPoint(0, 0)), p->size());
    return r & window->rect();
}

// How the window is laid out now: the main view's, the head board's and the next-token chart's rectangles
// in sight, the board's cell size and its column labels, the visible docks' sizes and tabs.
struct WindowLayout {
    QRect central, board, chart;
    int cell = 0;
    QStringList labels, docks;
};

inline WindowLayout layoutOf(const MainWindow& w) {
    WindowLayout out;
    out.central = visibleRect(w.centralWidget(), &w);
    out.board = visibleRect(w.headBoard(), &w);
    out.chart = visibleRect(w.nextTokenChart(), &w);
    out.cell = w.headBoard()->cellRect(0, 0).width();
    for (const auto& label : w.headBoard()->columnLabels()) out.labels << label.text;
    for (QDockWidget* d : w.findChildren<QDockWidget*>())
        if (d->isVisible())
            out.docks << QStringLiteral("%1 %2x%3 tabbed with %4")
                             .arg(d->objectName())
                             .arg(d->width())
                             .arg(d->height())
                             .arg(w.tabifiedDockWidgets(d).size());
    out.docks.sort();
    return out;
}

// "" when `got` is laid out as `want` (rectangles and sizes within a few pixels: texts in two languages
// differ a little), else how it is not.
inline QString layoutDifferences(const WindowLayout& got, const WindowLayout& want) {
    constexpr int kSlack = 4;
    auto near = [](const QRect& a, const QRect& b) {
        return std::abs(a.left() - b.left()) <= kSlack && std::abs(a.top() - b.top()) <= kSlack &&
            std::abs(a.right() - b.right()) <= kSlack && std::abs(a.bottom() - b.bottom()) <= kSlack;
    };
    auto text = [](const QRect& r) {
        return QStringLiteral("%1x%2 at %3,%4").arg(r.width()).arg(r.height()).arg(r.x()).arg(r.y());
    };
    QStringList bad;
    for (const auto& [name, a, b] :
         {std::tuple{"main view", got.central, want.central}, std::tuple{"head board", got.board, want.board},
          std::tuple{"next-token chart", got.chart, want.chart}})
        if (!near(a, b)) bad << QStringLiteral("%1 %2, not %3").arg(QLatin1String(name), text(a), text(b));
    if (std::abs(got.cell - want.cell) > kSlack)
        bad << QStringLiteral("board cells of %1 px, not %2").arg(got.cell).arg(want.cell);
    if (got.labels != want.labels)
        bad << QStringLiteral("column labels %1, not %2").arg(got.labels.join(u','), want.labels.join(u','));
    bool docksMatch = got.docks.size() == want.docks.size();
    for (qsizetype i = 0; docksMatch && i < got.docks.size(); ++i) {
        const QStringList a = got.docks[i].split(u' '), b = want.docks[i].split(u' ');
        const QStringList sa = a.value(1).split(u'x'), sb = b.value(1).split(u'x');
        docksMatch = a.value(0) == b.value(0) && a.mid(2) == b.mid(2) &&
            std::abs(sa.value(0).toInt() - sb.value(0).toInt()) <= kSlack &&
            std::abs(sa.value(1).toInt() - sb.value(1).toInt()) <= kSlack;
    }
    if (!docksMatch) bad << QStringLiteral("docks [%1], not [%2]").arg(got.docks.join(u';'), want.docks.join(u';'));
    return bad.join(QStringLiteral("; "));
}

// Both attention maps' plot rectangles wholly in sight and at least `minSize`; "" when so, else what is wrong.
inline QString mapProblems(const MainWindow& w, QSize minSize) {
    QStringList bad;
    for (gna::views::AttentionHeatmap* map : {w.heatmaps()->gather(), w.heatmaps()->aggregate()}) {
        const QRect plot = map->plot()->axisRect()->rect();
        const QRect inWindow(map->plot()->mapTo(&w, plot.topLeft()), plot.size());
        const QRect shown = visibleRect(map->plot(), &w) & inWindow;
        if (shown != inWindow)
            bad << QStringLiteral("a map's plot (%1x%2 at %3,%4) shows as %5x%6")
                       .arg(plot.width())
                       .arg(plot.height())
                       .arg(inWindow.x())
                       .arg(inWindow.y())
                       .arg(shown.width())
                       .arg(shown.height());
        if (plot.width() < minSize.width() || plot.height() < minSize.height())
            bad << QStringLiteral("a map's plot is %1x%2 px").arg(plot.width()).arg(plot.height());
    }
    return bad.join(QStringLiteral("; "));
}

// No horizontal scroll bar in sight in `w` (an item view may scroll its columns); "" when so.
inline QString horizontalScrollBars(const QWidget& w) {
    QStringList bad;
    for (const QScrollBar* bar : w.findChildren<QScrollBar*>()) {
        if (bar->orientation() != Qt::Horizontal || !bar->isVisibleTo(&w) || visibleRect(bar, &w).isEmpty()) continue;
        const QWidget* area = bar->parentWidget() ? bar->parentWidget()->parentWidget() : nullptr;
        if (!qobject_cast<const QAbstractItemView*>(area))
            bad << QStringLiteral("a horizontal scroll bar in ") + (area ? area->metaObject()->className() : "?");
    }
    return bad.join(QStringLiteral("; "));
}

// The experiment form shows whole rows: each row (label and field) wholly inside its scrolling pane or
// wholly outside it, never cut at the pane's edge (with `allInSight`, every row inside it); "" when so.
inline QString formRowProblems(const ExperimentPanel* p, bool allInSight = false) {
    const auto* scroll = p->findChild<QScrollArea*>(QStringLiteral("formScroll"));
    const auto* form = p->form()->findChild<QFormLayout*>();
    if (!scroll || !form) return QStringLiteral("no scrolling form");
    const QRect pane = scroll->viewport()->rect();
    QStringList bad;
    for (int row = 0; row < form->rowCount(); ++row) {
        QRect r;
        for (const auto role : {QFormLayout::LabelRole, QFormLayout::FieldRole})
            if (const QLayoutItem* item = form->itemAt(row, role); item && !item->isEmpty()) r |= item->geometry();
        if (r.isEmpty()) continue;
        r.moveTopLeft(p->form()->mapTo(scroll->viewport(), r.topLeft()));
        if ((allInSight || r.intersects(pane)) && !pane.contains(r))
            bad << QStringLiteral("%1: form row %2 (%3 px high) shows %4 px")
                       .arg(p->kind())
                       .arg(row)
                       .arg(r.height())
                       .arg((r & pane).height());
    }
    return bad.join(QStringLiteral("; "));
}

// The experiment panel of `kind` usable in `w`: shown, its Run button and its result pages wholly in
// sight (results at least 240x150 px), its form rows whole, no horizontal scroll bar; "" when so, else what is wrong.
inline QString experimentProblems(const MainWindow& w, const QString& kind) {
    const ExperimentPanel* p = w.experiments()->panel(kind);
    if (!p || !p->isVisible()) return kind + QStringLiteral(" is not shown");
    QStringList bad;
    if (visibleRect(p->runButton(), &w).size() != p->runButton()->size())
        bad << QStringLiteral("its Run button is not in sight");
    const QWidget* results =
        p->table()->parentWidget()->parentWidget()->parentWidget();  // table page, stack, tab widget
    const QRect shown = visibleRect(results, &w);
    if (shown.size() != results->size() || results->width() < 240 || results->height() < 150)
        bad << QStringLiteral("its results (%1x%2) show as %3x%4")
                   .arg(results->width())
                   .arg(results->height())
                   .arg(shown.width())
                   .arg(shown.height());
    const QString bars = horizontalScrollBars(w);
    if (!bars.isEmpty()) bad << bars;
    const QString rows = formRowProblems(p);
    if (!rows.isEmpty()) bad << rows;
    return bad.join(QStringLiteral("; "));
}

// The head board usable in `w`: every head's cell at least `minCell` pixels and in sight (not cut by a
// scroll area or a splitter pane), the legend's whole text inside its rectangle and the legend in sight,
// its colour ranges those of the run's scores (with `cellsOnly`, the cells alone). "" when all holds, else what does not.
inline QString boardProblems(const MainWindow& w, int minCell, bool cellsOnly = false) {
    const gna::views::HeadBoard* board = w.headBoard();
    const gna::views::HeadBoardModel* m = board->model();
    const QRect shown = visibleRect(board, &w);
    QStringList bad;
    for (int l = 0; l < m->layers(); ++l)
        for (int h = 0; h < m->heads(); ++h) {
            if (!m->contains(l, h)) continue;
            const QRect r = board->cellRect(l, h);
            const QString name = m->cell(l, h).name();
            if (r.width() < minCell || r.height() < minCell)
                bad << QStringLiteral("%1 is %2x%3 px").arg(name).arg(r.width()).arg(r.height());
            if (!shown.contains(QRect(board->mapTo(&w, r.topLeft()), r.size())))
                bad << name + QStringLiteral(" is cut off or out of sight");
        }
    if (cellsOnly) return bad.join(QStringLiteral("; "));
    const gna::views::HeadBoardLegend* legend = w.headBoardLegend();
    if (!legend) return QStringLiteral("no legend");
    if (visibleRect(legend, &w).size() != legend->size())
        bad << QStringLiteral("the legend (%1x%2) is cut to %3x%4")
                   .arg(legend->width())
                   .arg(legend->height())
                   .arg(visibleRect(legend, &w).width())
                   .arg(visibleRect(legend, &w).height());
    if (legend->heightForWidth(legend->width()) > legend->height() ||
        legend->minimumSizeHint().width() > legend->width())
        bad << QStringLiteral("the legend needs %1x%2 and has %3x%4")
                   .arg(legend->minimumSizeHint().width())
                   .arg(legend->heightForWidth(legend->width()))
                   .arg(legend->width())
                   .arg(legend->height());
    // Its text, wrapped to its width by the font metrics alone, fits too (the colour bars only add to it).
    // Nothing laid over the board's pane or the legend (a box layout given less than its minimum overlaps them).
    for (const QWidget* x :
         {static_cast<const QWidget*>(board->parentWidget()->parentWidget()), static_cast<const QWidget*>(legend)})
        for (const QWidget* sibling : x->parentWidget()->findChildren<QWidget*>(Qt::FindDirectChildrenOnly))
            if (sibling != x && sibling->isVisibleTo(&w) && sibling->geometry().intersects(x->geometry()))
                bad << QStringLiteral("%1 overlaps %2")
                           .arg(sibling->metaObject()->className(), x->metaObject()->className());
    const QString text = legend->text();
    const QRect need =
        QFontMetrics(legend->font()).boundingRect(QRect(0, 0, legend->width(), 10000), Qt::TextWordWrap, text);
    if (need.width() > legend->width() || need.height() > legend->height())
        bad << QStringLiteral("the legend's text needs %1x%2 in %3x%4")
                   .arg(need.width())
                   .arg(need.height())
                   .arg(legend->width())
                   .arg(legend->height());
    // The ranges it states: the lowest and highest score of each kind of head in the last run.
    const std::vector<double>& scores = w.session()->lastOutcome().headScores;
    for (const bool ssm : {false, true}) {
        double lo = INFINITY, hi = -INFINITY;
        for (int l = 0; l < m->layers(); ++l)
            for (int h = 0; h < m->heads(); ++h) {
                const double v = scores.empty() ? NAN : scores[std::size_t(l) * m->heads() + h];
                if (m->contains(l, h) && m->cell(l, h).ssm == ssm && !std::isnan(v)) {
                    lo = std::min(lo, v);
                    hi = std::max(hi, v);
                }
            }
        // as the UI writes numbers (views/number_format.h, tested on its own in app.model_defaults)
        if (std::isfinite(lo) &&
            (!text.contains(gna::views::formatNumber(lo)) || !text.contains(gna::views::formatNumber(hi))))
            bad << QStringLiteral("the legend '%1' lacks the range %2 .. %3").arg(text).arg(lo).arg(hi);
    }
    if (!text.contains(QStringLiteral("✕")) || (m->mixed() && !text.contains(QStringLiteral("◥"))))
        bad << QStringLiteral("the legend '%1' lacks a mark's meaning").arg(text);
    return bad.join(QStringLiteral("; "));
}

}  // namespace gna::studio
