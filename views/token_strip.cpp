#include "token_strip.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include "number_format.h"
#include "token_flow.h"

namespace gna::views {

TokenStrip::TokenStrip(QWidget* parent) : QWidget(parent) {
    makeTokenFlowWidget(this);
    setAccessibleName(tr("Prompt tokens"));
}

void TokenStrip::setTokens(const QStringList& tokens) {
    m_tokens = tokens;
    m_weights.clear();
    if (m_selected >= m_tokens.size()) m_selected = -1;
    m_rects = layoutTokens(width());
    updateGeometry();
    update();
}

void TokenStrip::setHighlights(const std::vector<double>& weights) {
    m_weights = weights;
    update();
}

void TokenStrip::setSelectedToken(int index) {
    m_selected = (index >= 0 && index < m_tokens.size()) ? index : -1;
    update();
}

QRect TokenStrip::tokenRect(int index) const { return index >= 0 && index < m_rects.size() ? m_rects[index] : QRect(); }

QList<QRect> TokenStrip::layoutTokens(int width) const {
    return flowTokens(QFontMetrics(font()), m_tokens, width, false);
}

int TokenStrip::heightForWidth(int width) const {
    const QList<QRect> r = layoutTokens(width);
    const QFontMetrics fm(font());
    return r.isEmpty() ? fm.height() + 2 * kTokenPad + 2 * kTokenGap : r.back().bottom() + kTokenGap + 1;
}

QSize TokenStrip::sizeHint() const { return {400, heightForWidth(400)}; }

void TokenStrip::resizeEvent(QResizeEvent* event) {
    m_rects = layoutTokens(width());
    QWidget::resizeEvent(event);
}

void TokenStrip::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (m_tokens.isEmpty()) {
        p.setPen(palette().color(QPalette::PlaceholderText));
        p.drawText(rect(), Qt::AlignCenter, tr("No prompt tokens yet"));
        return;
    }
    const QColor hl = palette().color(QPalette::Highlight);
    for (int i = 0; i < m_tokens.size() && i < m_rects.size(); ++i) {
        const QRect r = m_rects[i];
        QColor bg = palette().color(QPalette::AlternateBase);
        QColor fg = palette().color(QPalette::Text);
        if (i < static_cast<int>(m_weights.size())) {
            const double w = std::clamp(m_weights[i], 0.0, 1.0);
            bg = QColor::fromRgbF(bg.redF() + (hl.redF() - bg.redF()) * w, bg.greenF() + (hl.greenF() - bg.greenF()) * w,
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
    for (int i = 0; i < m_rects.size(); ++i)
        if (m_rects[i].contains(event->position().toPoint())) {
            setSelectedToken(i);
            Q_EMIT tokenClicked(i);
            return;
        }
}

void TokenStrip::keyPressEvent(QKeyEvent* event) {
    if (m_tokens.isEmpty()) return QWidget::keyPressEvent(event);
    int next = m_selected;
    if (event->key() == Qt::Key_Left) next = std::max(0, m_selected - 1);
    else if (event->key() == Qt::Key_Right) next = std::min<int>(m_tokens.size() - 1, m_selected + 1);
    else return QWidget::keyPressEvent(event);
    setSelectedToken(next);
    Q_EMIT tokenClicked(next);
}

bool TokenStrip::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        for (int i = 0; i < m_rects.size(); ++i)
            if (m_rects[i].contains(help->pos())) {
                QString tip = tr("Token %1: “%2”").arg(i).arg(m_tokens[i]);
                if (i < static_cast<int>(m_weights.size())) tip += QStringLiteral("\n") + tr("Weight %1").arg(formatNumber(m_weights[i], 3, 1e-4));
                QToolTip::showText(help->globalPos(), tip, this, m_rects[i]);
                return true;
            }
        QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

}  // namespace gna::views
