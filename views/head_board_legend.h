#pragma once
// HeadBoardLegend: what the head board's colours and marks mean, beside or below the board: the
// score's name, a colour bar with its range per kind of head (a hybrid's attention and SSM heads
// have a scale each), the hatched scale of a second quantity on the heads without a score (an
// attribution ranking's unverified estimates), "✕ = ablated", on a hybrid's board the SSM heads' corner mark and the hatched
// cells of heads a layer lacks, and the "G" / "A" marks of the heads the maps show. The text
// wraps to the widget's width; the widget asks for the height its width needs.
#include <QWidget>

namespace gna::views {

class HeadBoard;

class HeadBoardLegend : public QWidget {
    Q_OBJECT
public:
    explicit HeadBoardLegend(HeadBoard* board, QWidget* parent = nullptr);

    // Everything the legend says, as plain text (also its accessible description).
    QString text() const;
    // The text as drawn at the current width: one string per line (a colour bar drawn as its range).
    QStringList lines() const;

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    // One unbreakable piece of the legend (a word, a mark with its first word, a colour bar): text, optionally with a colour bar before `suffix`.
    struct Piece {
        QString text;
        int scale = -1;  // -1: none; 0: the attention heads' (or the only) scale; 1: the SSM heads'; 2: the estimates'
        QString suffix;
        bool newLine = false;  // starts a line of its own
        bool wide = false;  // a wider gap before it (between legend items, not between words)
        int item = 0;  // the legend item it belongs to: an item breaks only when it alone is wider than a line
    };
    QList<Piece> pieces() const;
    int pieceWidth(const Piece& p) const;
    // Each piece's top-left corner when laid out in `width`; *height: the height used.
    QList<QPoint> layout(const QList<Piece>& pieces, int width, int* height) const;
    void refresh();  // the board's scores, shape or palette changed

    HeadBoard* m_board;
};

}  // namespace gna::views
