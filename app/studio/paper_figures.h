#pragma once
// PaperFigures: every figure the window shows (the Gather/Aggregate maps, their difference maps in
// compare mode, the next-token chart, the head board with its colour scale), redrawn at a paper's
// size in the requested formats, each with a CSV of exactly the plotted data.
#include <QList>
#include <QString>
#include <QStringList>
#include <memory>
#include <vector>

#include "figure_export.h"

class QWidget;
class QCustomPlot;

namespace gna::views {
class HeadBoardFigure;
}

namespace gna::studio {

class MainWindow;

// One figure of the window, redrawn off screen at a paper's size: `name` is its file stem, `title` names it
// for the reader (translated: "Gather L1.H0", "Head board", "Head ranking: curves"), `shownIn` is the view
// of the window it comes from (what the user points at); `csv` is exactly its plotted data.
struct PaperFigure {
    QString name, title;
    const QWidget* shownIn = nullptr;
    std::unique_ptr<QWidget> view;  // laid out at the figure's size (token labels thinned for it)
    QCustomPlot* plot = nullptr;
    QString csv;
    double heightInches = 0.0;
};
// Every figure the window shows now, at `options`' width and font size (figures without data left out).
std::vector<PaperFigure> paperFigures(const MainWindow& window, const views::FigureOptions& options);

// Writes <dir>/<figure>.<format> and <dir>/<figure>.csv for gather, aggregate, difference_gather and
// difference_aggregate (compare mode with a head ablated), next_token and head_board, and for every experiment panel holding a result
// <kind>_curves and <kind>_map (with their CSVs) and <kind>_table.csv/.tex; returns the files written. On failure fills `error` (translated,
// naming the file) and returns what was written before it.
QStringList writePaperFigures(const MainWindow& window, const QString& dir, const QList<views::FigureFormat>& formats,
                              const views::FigureOptions& options, QString* error);

// The window's head board as the paper figure head_board: laid out (off screen) at `widthInches` with
// print fonts of `fontPoints`; its height in inches in *heightInches.
std::unique_ptr<views::HeadBoardFigure> paperHeadBoard(const MainWindow& window, double widthInches, double fontPoints,
                                                       double* heightInches);

}  // namespace gna::studio
