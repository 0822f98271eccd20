#include "token_flow.h"

#include <QPainter>
#include <algorithm>
#include <QSizePolicy>

namespace gna::views {

QList<QRect> flowTokens(const QFontMetrics& fm, const QStringList& tokens, int width, bool breakAfterNewline) {
    QList<QRect> rects;
    const int h = fm.height() + 2 * kTokenPad;
    int x = kTokenGap, y = kTokenGap;
    for (const QString& t : tokens) {
        const int w = fm.horizontalAdvance(t.isEmpty() ? QStringLiteral(" ") : t) + 2 * kTokenPad;
        if (x + w > width - kTokenGap && x > kTokenGap) {
            x = kTokenGap;
            y += h + kTokenGap;
        }
        rects << QRect(x, y, w, h);
        x += w + kTokenGap;
        if (breakAfterNewline && t.endsWith(QStringLiteral("⏎"))) {
            x = kTokenGap;
            y += h + kTokenGap;
        }
    }
    return rects;
}

TokenFlowWidget::TokenFlowWidget(bool breakAfterNewline, int emptyMargin, QWidget* parent)
    : QWidget(parent), m_breakAfterNewline(breakAfterNewline), m_emptyMargin(emptyMargin) {
    setFocusPolicy(Qt::StrongFocus);
    QSizePolicy policy(QSizePolicy::Preferred, QSizePolicy::Preferred);
    policy.setHeightForWidth(true);
    setSizePolicy(policy);
}

QList<QRect> TokenFlowWidget::layoutTokens(int width) const {
    return flowTokens(QFontMetrics(font()), flowedTokens(), width, m_breakAfterNewline);
}

int TokenFlowWidget::heightForWidth(int width) const {
    const QList<QRect> r = layoutTokens(width);
    if (!r.isEmpty()) return r.back().bottom() + kTokenGap + 1;
    const QFontMetrics fm(font());
    const int text = m_emptyMessage.isEmpty()
        ? fm.height()
        : fm.boundingRect(QRect(0, 0, std::max(1, width - 2 * kTokenGap), 1 << 20), Qt::AlignCenter | Qt::TextWordWrap,
                          m_emptyMessage)
              .height();
    return std::max(fm.height(), text) + m_emptyMargin;
}

void TokenFlowWidget::setEmptyMessage(const QString& message) {
    m_emptyMessage = message;
    relayout();
}

bool TokenFlowWidget::paintEmptyMessage(QPainter& painter) const {
    if (!flowedTokens().isEmpty()) return false;
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(rect().adjusted(kTokenGap, 0, -kTokenGap, 0), Qt::AlignCenter | Qt::TextWordWrap, m_emptyMessage);
    return true;
}

int TokenFlowWidget::tokenAt(const QPoint& pos) const {
    for (int i = 0; i < m_rects.size(); ++i)
        if (m_rects[i].contains(pos)) return i;
    return -1;
}

void TokenFlowWidget::relayout() {
    m_rects = layoutTokens(width());
    updateGeometry();
    update();
}

void TokenFlowWidget::resizeEvent(QResizeEvent* event) {
    m_rects = layoutTokens(width());
    QWidget::resizeEvent(event);
}

}  // namespace gna::views
