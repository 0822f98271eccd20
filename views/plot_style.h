#pragma once
// Makes a QCustomPlot follow the widget palette (dark or light): background, axes, grid, text.
#include <QPalette>

class QCustomPlot;

namespace gna::views {

void applyPlotStyle(QCustomPlot* plot, const QPalette& palette);

}  // namespace gna::views
