#pragma once
// HeadBoard: the layers x heads grid. Each cell is coloured by a per-head score and shows whether
// the head is ablated. Click toggles a head; drag selects a rectangle; arrows move, Space toggles
// (the selection if any, else the current head); Ctrl+Z / Ctrl+Shift+Z undo and redo. Cells are never
// smaller than minimumCellSize() (the board's minimum size; a surrounding scroll area scrolls a larger
// board); what the colours mean is drawn by a HeadBoardLegend beside it.
#include <QPointer>
#include <optional>
#include <QUndoStack>
#include <QWidget>

#include "head_board_model.h"
#include "palettes.h"

namespace gna::views {

class HeadBoard : public QWidget {
    Q_OBJECT
public:
    explicit HeadBoard(QWidget* parent = nullptr);

    HeadBoardModel* model() const { return m_model; }
    QUndoStack* undoStack() const { return m_undo; }

    // rowHeads: the heads each layer has (HeadBoardModel::setShape).
    void setShape(int layers, int heads, bool ssm = false, const std::vector<int>& rowHeads = {});
    // Attention heads and SSM heads on one board (HeadBoardModel::setMixedShape).
    void setMixedShape(int layers, int attention, int ssm, const std::vector<int>& rowAttention,
                       const std::vector<int>& rowSsm);
    // differences: signed changes, drawn with the diverging palette around 0.
    void setScores(const std::vector<double>& scores, const QString& label, bool differences = false);
    // A second quantity beside the scores (HeadBoardModel::setEstimates), after setScores: the heads
    // without a score show it hatched and muted, on its own range of the diverging palette.
    void setEstimates(const std::vector<double>& estimates, const QString& label);
    // The colour an estimate-only cell is drawn with (under its hatching), and its hatching.
    QColor estimateColor(double value) const;
    QBrush estimateHatch() const;
    void setColorPalette(Palette palette);
    // The gradient the cells are drawn with now (the diverging one for score differences).
    const QCPColorGradient& colorGradient() const { return m_model->scoresAreDifferences() ? m_diverging : m_gradient; }
    // Replaces the ablated set without undo history (loading a session).
    void setAblatedHeads(const HeadCells& heads);
    HeadCells ablatedHeads() const { return m_model->ablatedHeads(); }

    // Undoable edits.
    void toggleHead(int layer, int head);
    void setHeads(const HeadCells& cells, bool ablated, const QString& text);
    void ablateLayer(int layer);
    void invert();
    void clearAblations();
    void toggleSelection();

    // Rows = layers, columns = heads, in cell coordinates (x = head, y = layer). Empty = none.
    QRect selection() const { return m_selection; }
    void setSelection(const QRect& cells);
    HeadCell currentHead() const { return m_model->cell(m_current.y(), m_current.x()); }
    void setCurrentHead(int layer, int head);

    // The heads the maps show now (the main window's Gather and Aggregate fields; a head the board
    // lacks is not marked): drawn with a "G" / "A" mark and a solid outline. The keyboard's current
    // head moves to the shown Gather head. A new shape clears them.
    void setDisplayedHeads(const std::optional<HeadCell>& gather, const std::optional<HeadCell>& aggregate);
    // (column, layer) of the shown Gather and Aggregate heads; (-1, -1) = none.
    QPoint displayedGather() const { return m_shownGather; }
    QPoint displayedAggregate() const { return m_shownAggregate; }
    // The mark drawn on a cell: "G", "A", "G A" (both shown heads are one head) or empty.
    QString displayedMark(int layer, int column) const;

    // Drawn (wrapped) while the board has no heads (default: no model loaded).
    void setEmptyMessage(const QString& message);
    QString emptyMessage() const { return m_emptyMessage; }

    // Merge window for rapid toggles (ms); 0 disables merging.
    void setMergeInterval(int ms) { m_mergeMs = ms; }

    // Cells by column (attention heads, then SSM heads: HeadBoardModel); signals carry columns too.
    QRect cellRect(int layer, int head) const;  // widget coordinates
    HeadCell cellAt(const QPoint& pos, bool* ok) const;  // the head under a point

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;
    static int minimumCellSize();  // pixels: a cell a pointer hits and a label reads
    // Overview: every head at once (a 1,024- or 4,096-head model in the pane), cells down to
    // overviewCellSize() pixels, their values on hover; clicks and keys work as on larger cells. Off, cells
    // keep minimumCellSize() and a surrounding scroll area scrolls the board. '+' / Ctrl+wheel up zooms into
    // the current head's region (overview off, scrolled to it), '-' / Ctrl+wheel down back to the overview.
    void setOverview(bool on);
    bool overview() const { return m_overview; }
    static int overviewCellSize();
    // The column labels drawn above the grid (widget x of the text's left edge): all of them where the
    // cells are wide enough, every k-th where they would overlap.
    struct ColumnLabel {
        int column;
        int left;
        QString text;
    };
    QList<ColumnLabel> columnLabels() const;

Q_SIGNALS:
    void headToggled(int layer, int head, bool ablated);
    void planChanged(const gna::views::HeadCells& ablated);
    void currentHeadChanged(int layer, int head);
    void headActivated(int layer, int head);  // double click / Enter: "show this head"
    void colorsChanged();  // the palette changed (scores and shape: the model's signals)
    void displayedHeadsChanged();
    void overviewChanged(bool on);

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    bool event(QEvent* event) override;
    void contextMenuEvent(QContextMenuEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    void showCurrentInScrollArea();  // after zooming in: the current head in sight
    void onAblationChanged(const HeadCells& changed);
    void pushSet(const HeadCells& cells, const QList<bool>& states, const QString& text, bool mergeable);
    QRect gridRect() const;
    QPoint gridPosAt(const QPoint& pos, bool* ok) const;  // (column, layer) under a point
    int cellSize() const;
    QPoint gridOrigin() const;  // the first cell's top-left corner
    QSize sizeForCell(int cell) const;  // the whole board with cells of `cell` pixels

    HeadBoardModel* m_model;
    QUndoStack* m_undo;
    QCPColorGradient m_gradient;
    mutable QCPColorGradient m_diverging;  // color() fills its lookup table (estimateColor is const)
    QPoint firstHead() const;  // (head, layer) of the first cell the model has, row by row
    QPoint m_current{0, 0};  // (head, layer)
    QRect m_selection;  // cell coordinates
    QPoint m_pressCell{-1, -1};
    QPoint m_shownGather{-1, -1};  // (column, layer)
    QPoint m_shownAggregate{-1, -1};
    bool m_dragging = false;
    bool m_overview = false;
    int m_mergeMs = 600;
    QString m_emptyMessage;
};

}  // namespace gna::views
