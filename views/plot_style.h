#pragma once
// Makes a QCustomPlot follow the widget palette (dark or light): background, axes, grid, text.
#include <QPalette>
#include <QSize>

class QCustomPlot;
class QEvent;
class QWidget;

namespace gna::views {

void applyPlotStyle(QCustomPlot* plot, const QPalette& palette);

// Lays `plot` out to fill `owner` (no margins) and gives `owner` its minimum size.
void fillWithPlot(QWidget* owner, QCustomPlot* plot, QSize minimum);

// For a widget's changeEvent: on a palette change (a theme switch), restyles `plot` and queues a replot.
void restyleOnPaletteChange(const QEvent* event, QCustomPlot* plot, const QPalette& palette);

}  // namespace gna::views
