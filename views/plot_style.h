#pragma once
// Makes a QCustomPlot follow the widget palette (dark or light): background, axes, grid, text; and
// the shared pieces every plot view uses: the empty-state message, a legend above the axis rect
// that never clips its names, and tick labels that never overlap.
#include <QPalette>
#include <QSharedPointer>
#include <QSize>
#include <QString>

class QCustomPlot;
class QCPAxis;
class QCPAxisTicker;
class QCPLegend;
class QEvent;
class QWidget;

namespace gna::views {

void applyPlotStyle(QCustomPlot* plot, const QPalette& palette);

// Lays `plot` out to fill `owner` (no margins) and gives `owner` its minimum size.
void fillWithPlot(QWidget* owner, QCustomPlot* plot, QSize minimum);

// For a widget's changeEvent: on a palette change (a theme switch), restyles `plot` and queues a replot.
void restyleOnPaletteChange(const QEvent* event, QCustomPlot* plot, const QPalette& palette);

// Empty state: a non-empty `message` covers the plot (in the palette's placeholder colour) instead
// of axes without data; figure exports refuse a plot that shows one. An empty message shows the plot.
void setEmptyMessage(QCustomPlot* plot, const QString& message);
QString emptyMessage(const QCustomPlot* plot);

// Replaces the plot's legend by one in its own row above the axis rect (never over the data) that
// puts as many entries on a line as fit the plot's width, one per line when two do not fit. Call it
// before adding plottables (they enter the new legend).
QCPLegend* legendAbovePlot(QCustomPlot* plot);

// Wraps `inner` so that the axis keeps only tick labels that do not overlap (with a gap of about
// half a character) at the axis's current length and tick-label font. With `pixelsPerTick` > 0 the
// inner ticker aims at one tick per that many pixels of the axis's length (at least 3), so that a
// long axis gets more ticks than a short one. With `keepLast` the ticks kept are counted back from the
// last one, which is always labelled (a map's last token).
QSharedPointer<QCPAxisTicker> nonOverlappingTicker(QCPAxis* axis, QSharedPointer<QCPAxisTicker> inner,
                                                   int pixelsPerTick = 0, bool keepLast = false);

// Wraps `inner` so that its tick labels read as the app writes numbers (formatTickNumber): "−0.5",
// "−5·10⁻⁷", never a hyphen for the minus.
QSharedPointer<QCPAxisTicker> numberTicker(QSharedPointer<QCPAxisTicker> inner);

}  // namespace gna::views
