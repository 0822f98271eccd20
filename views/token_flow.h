#pragma once
// Token boxes in reading order, wrapped at a width: the layout and the widget base the token strip
// and the mask editor share.
#include <QFontMetrics>
#include <QList>
#include <QRect>
#include <QStringList>
#include <QWidget>

class QPainter;

namespace gna::views {

constexpr int kTokenPad = 3;  // inside a box, around its text
constexpr int kTokenGap = 2;  // between boxes and around them

// One box per token; with `breakAfterNewline`, a token ending in "⏎" also ends its line.
QList<QRect> flowTokens(const QFontMetrics& fm, const QStringList& tokens, int width, bool breakAfterNewline);

// A focusable widget of token boxes flowed into lines: its height follows its width (the layouts ask
// heightForWidth()), and the boxes are laid out again when it resizes or its tokens change (relayout()).
class TokenFlowWidget : public QWidget {
    Q_OBJECT
public:
    QRect tokenRect(int index) const { return index >= 0 && index < m_rects.size() ? m_rects[index] : QRect(); }
    // Drawn (wrapped, in the placeholder colour) while there are no tokens; the widget is as high as it needs.
    void setEmptyMessage(const QString& message);
    QString emptyMessage() const { return m_emptyMessage; }
    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;

protected:
    // `breakAfterNewline` as in flowTokens; without tokens the widget is one text line plus `emptyMargin` pixels high.
    TokenFlowWidget(bool breakAfterNewline, int emptyMargin, QWidget* parent);
    virtual const QStringList& flowedTokens() const = 0;
    const QList<QRect>& tokenRects() const { return m_rects; }
    int tokenAt(const QPoint& pos) const;  // the token whose box holds `pos`, -1 if none
    void relayout();  // after the tokens changed: new boxes, new height, repaint
    // Without tokens: draws the empty message and returns true (the widget has nothing else to draw).
    bool paintEmptyMessage(QPainter& painter) const;
    void resizeEvent(QResizeEvent* event) override;

private:
    QList<QRect> layoutTokens(int width) const;

    bool m_breakAfterNewline;
    int m_emptyMargin;
    QList<QRect> m_rects;
    QString m_emptyMessage;
};

}  // namespace gna::views
