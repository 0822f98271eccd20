#pragma once
// HeadBoardFigure: the head board as a plot for papers: layers x heads coloured by the board's
// score with its colour scale, ablated heads marked with a cross. Built from the board's model.
#include <QRect>
#include <QWidget>

#include "palettes.h"

class QCustomPlot;
class QCPTextElement;
class QCPAxisRect;
class QCPLayoutGrid;
class QCPColorScale;

namespace gna::views {

class HeadBoardModel;

class HeadBoardFigure : public QWidget {
    Q_OBJECT
public:
    explicit HeadBoardFigure(QWidget* parent = nullptr);
    // palette: the heatmap palette (score differences always use the diverging one).
    void setBoard(const HeadBoardModel& board, Palette palette);
    QCustomPlot* plot() const { return m_plot; }
    // For a paper figure `widthInches` wide: print fonts of `fontPoints`, the title broken into lines
    // that fit the width, head ticks thinned so that their labels never touch; returns the height in
    // inches that holds the board's rows, the colour scales' labels and ticks without crowding.
    double layOutForPaper(double widthInches, double fontPoints);

protected:
    void changeEvent(QEvent* event) override;  // a palette change (theme switch, paper colours) restyles the plot

private:
    void setHeadTicks(int step);
    void placeScalesBelow();
    QRect laidOutBoard(int width, int height);
    QCustomPlot* m_plot;
    QCPTextElement* m_title = nullptr;
    QCPAxisRect* m_rect = nullptr;
    QCPLayoutGrid* m_body = nullptr;
    QList<QCPColorScale*> m_scales;
    QString m_scoreLabel;
    QStringList m_headLabels;  // per column: "3", or "H3" / "S3" on a hybrid's board
    QList<int> m_kindStarts;  // first column of each kind of head
    int m_layers = 0;
};

}  // namespace gna::views
