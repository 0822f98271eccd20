#pragma once
// Makes a QCustomPlot follow the widget palette (dark or light): background, axes, grid, text.
#include <QPalette>

class QCustomPlot;
class QEvent;

namespace gna::views {

void applyPlotStyle(QCustomPlot* plot, const QPalette& palette);

// For a widget's changeEvent: on a palette change (a theme switch), restyles `plot` and queues a replot.
void restyleOnPaletteChange(const QEvent* event, QCustomPlot* plot, const QPalette& palette);

}  // namespace gna::views
