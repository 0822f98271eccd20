#include "token_strip.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include "number_format.h"

namespace gna::views {

TokenStrip::TokenStrip(QWidget* parent) : TokenFlowWidget(false, 2 * kTokenPad + 2 * kTokenGap, parent) {
    setAccessibleName(tr("Prompt tokens"));
    setEmptyMessage(tr("No prompt tokens yet"));
}

void TokenStrip::setTokens(const QStringList& tokens) {
    m_tokens = tokens;
    m_weights.clear();
    if (m_selected >= m_tokens.size()) m_selected = -1;
    relayout();
}

void TokenStrip::setHighlights(const std::vector<double>& weights) {
    m_weights = weights;
    update();
}

void TokenStrip::setSelectedToken(int index) {
    m_selected = (index >= 0 && index < m_tokens.size()) ? index : -1;
    update();
}

QSize TokenStrip::sizeHint() const { return {400, heightForWidth(400)}; }

void TokenStrip::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (paintEmptyMessage(p)) return;
    const QColor hl = palette().color(QPalette::Highlight);
    for (int i = 0; i < m_tokens.size() && i < tokenRects().size(); ++i) {
        const QRect r = tokenRects()[i];
        QColor bg = palette().color(QPalette::AlternateBase);
        QColor fg = palette().color(QPalette::Text);
        if (i < static_cast<int>(m_weights.size())) {
            const double w = std::clamp(m_weights[i], 0.0, 1.0);
            bg =
                QColor::fromRgbF(bg.redF() + (hl.redF() - bg.redF()) * w, bg.greenF() + (hl.greenF() - bg.greenF()) * w,
                                 bg.blueF() + (hl.blueF() - bg.blueF()) * w);
            if (w > 0.5) fg = palette().color(QPalette::HighlightedText);
        }
        p.setPen(Qt::NoPen);
        p.setBrush(bg);
        p.drawRoundedRect(r, 3, 3);
        if (i == m_selected) {
            p.setPen(QPen(hl, 2));
            p.setBrush(Qt::NoBrush);
            p.drawRoundedRect(r.adjusted(1, 1, -1, -1), 3, 3);
        }
        p.setPen(fg);
        p.drawText(r, Qt::AlignCenter, m_tokens[i]);
    }
}

void TokenStrip::mousePressEvent(QMouseEvent* event) {
    const int i = tokenAt(event->position().toPoint());
    if (i < 0) return;
    setSelectedToken(i);
    Q_EMIT tokenClicked(i);
}

void TokenStrip::keyPressEvent(QKeyEvent* event) {
    if (m_tokens.isEmpty()) return QWidget::keyPressEvent(event);
    int next = m_selected;
    if (event->key() == Qt::Key_Left)
        next = std::max(0, m_selected - 1);
    else if (event->key() == Qt::Key_Right)
        next = std::min<int>(m_tokens.size() - 1, m_selected + 1);
    else
        return QWidget::keyPressEvent(event);
    setSelectedToken(next);
    Q_EMIT tokenClicked(next);
}

bool TokenStrip::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const int i = tokenAt(help->pos());
        if (i >= 0) {
            QString tip = tr("Token %1: “%2”").arg(i).arg(m_tokens[i]);
            if (i < static_cast<int>(m_weights.size()))
                tip += QStringLiteral("\n") + tr("Weight %1").arg(formatNumber(m_weights[i], 3, 1e-4));
            QToolTip::showText(help->globalPos(), tip, this, tokenRect(i));
            return true;
        }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

}  // namespace gna::views
