#pragma once
// HeadBoardFigure: the head board as a plot for papers: layers x heads coloured by the board's
// score with its colour scale, ablated heads marked with a cross. Built from the board's model.
#include <QWidget>

#include "palettes.h"

class QCustomPlot;

namespace gna::views {

class HeadBoardModel;

class HeadBoardFigure : public QWidget {
    Q_OBJECT
public:
    explicit HeadBoardFigure(QWidget* parent = nullptr);
    // palette: the heatmap palette (score differences always use the diverging one).
    void setBoard(const HeadBoardModel& board, Palette palette);
    QCustomPlot* plot() const { return m_plot; }

protected:
    void changeEvent(QEvent* event) override;  // a palette change (theme switch, paper colours) restyles the plot

private:
    QCustomPlot* m_plot;
};

}  // namespace gna::views
