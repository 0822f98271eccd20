#include "mask_editor.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QUndoCommand>

#include "palettes.h"

namespace gna::views {

namespace {

class SetKeysCommand : public QUndoCommand {
public:
    SetKeysCommand(MaskEditor* editor, QSet<int> before, QSet<int> after, const QString& text)
        : QUndoCommand(text), m_editor(editor), m_before(std::move(before)), m_after(std::move(after)) {}
    void redo() override { m_editor->setKeys(m_after); }
    void undo() override { m_editor->setKeys(m_before); }

private:
    MaskEditor* m_editor;
    QSet<int> m_before, m_after;
};

// Okabe-Ito colours for option segments, light enough to read text on.
const QColor kSegment[] = {QColor(86, 180, 233, 90), QColor(230, 159, 0, 90), QColor(0, 158, 115, 90),
                           QColor(204, 121, 167, 90)};
}  // namespace

// A line break after newline tokens: options on their own line.
MaskEditor::MaskEditor(QWidget* parent) : TokenFlowWidget(true, 4 * kTokenPad, parent), m_undo(new QUndoStack(this)) {
    setAccessibleName(tr("Mask editor"));
    setToolTip(
        tr("Click a token to mask or unmask it for the selected head. Struck-through tokens are masked; a framed "
           "token is an option's summary token (its last one): a Gather head condenses the option into it, an "
           "Aggregate head reads the options there."));
}

void MaskEditor::setSample(const MaskSample& sample) {
    m_sample = sample;
    m_undo->clear();
    m_current = 0;
    relayout();
}

void MaskEditor::setKeys(const QSet<int>& keys) {
    m_sample.keys = keys;
    update();
    Q_EMIT maskChanged(keys);
}

void MaskEditor::pushKeys(const QSet<int>& keys, const QString& text) {
    if (keys == m_sample.keys) return;
    m_undo->push(new SetKeysCommand(this, m_sample.keys, keys, text));
}

void MaskEditor::toggleToken(int token) {
    if (token < 0 || token >= m_sample.tokens.size()) return;
    QSet<int> keys = m_sample.keys;
    if (keys.contains(token))
        keys.remove(token);
    else
        keys.insert(token);
    pushKeys(keys, isMasked(token) ? tr("Unmask token %1").arg(token) : tr("Mask token %1").arg(token));
}

void MaskEditor::keepOnlySegments() {
    QSet<int> keys;
    for (const auto& s : m_sample.segments)
        for (int i = s.first; i <= s.second; ++i) keys.insert(i);
    pushKeys(keys, tr("Keep only answer segments"));
}

void MaskEditor::keepOnlySummaries() {
    pushKeys(QSet<int>(m_sample.summaryTokens.begin(), m_sample.summaryTokens.end()), tr("Keep only summary tokens"));
}

QColor MaskEditor::chipColor(int segment) const {
    // The tint drawn over the base colour, composited.
    const QColor tint = kSegment[segment % 4], base = palette().color(QPalette::Base);
    const double a = tint.alphaF();
    return QColor::fromRgbF(float(base.redF() * (1 - a) + tint.redF() * a),
                            float(base.greenF() * (1 - a) + tint.greenF() * a),
                            float(base.blueF() * (1 - a) + tint.blueF() * a));
}

QColor MaskEditor::maskedTextColor(int token) const {
    const int seg = segmentOf(token);
    // Dimmer than a kept token, but at the contrast of body text (4.5:1): struck through and
    // antialiased, a 3:1 grey reads as barely there on a dark chip.
    return mutedText(palette().color(QPalette::Text), seg >= 0 ? chipColor(seg) : palette().color(QPalette::Base), 4.5);
}

int MaskEditor::segmentOf(int token) const {
    for (int i = 0; i < m_sample.segments.size(); ++i)
        if (token >= m_sample.segments[i].first && token <= m_sample.segments[i].second) return i;
    return -1;
}

void MaskEditor::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().base());
    if (paintEmptyMessage(p)) return;
    const QColor text = palette().color(QPalette::Text);
    for (int i = 0; i < m_sample.tokens.size() && i < tokenRects().size(); ++i) {
        const QRect r = tokenRects()[i];
        const int seg = segmentOf(i);
        if (seg >= 0) p.fillRect(r, kSegment[seg % 4]);
        const bool masked = isMasked(i);
        const QColor dim = maskedTextColor(i);
        if (m_sample.summaryTokens.contains(i)) {
            p.setPen(QPen(text, 2));
            p.setBrush(Qt::NoBrush);
            p.drawRect(r.adjusted(1, 1, -1, -1));
        }
        QFont f = font();
        f.setStrikeOut(masked);
        p.setFont(f);
        p.setPen(masked ? dim : text);
        p.drawText(r, Qt::AlignCenter, m_sample.tokens[i]);
        if (i == m_current && hasFocus()) {
            p.setPen(QPen(palette().color(QPalette::Highlight), 1, Qt::DotLine));
            p.drawRect(r.adjusted(0, 0, -1, -1));
        }
    }
}

void MaskEditor::mousePressEvent(QMouseEvent* event) {
    const int i = tokenAt(event->position().toPoint());
    if (i < 0) return;
    m_current = i;
    toggleToken(i);
}

void MaskEditor::keyPressEvent(QKeyEvent* event) {
    const int n = static_cast<int>(m_sample.tokens.size());
    if (n == 0) return QWidget::keyPressEvent(event);
    switch (event->key()) {
        case Qt::Key_Left:
            m_current = std::max(0, m_current - 1);
            update();
            return;
        case Qt::Key_Right:
            m_current = std::min(n - 1, m_current + 1);
            update();
            return;
        case Qt::Key_Space:
            toggleToken(m_current);
            return;
        default:
            if (event->matches(QKeySequence::Undo)) {
                m_undo->undo();
                return;
            }
            if (event->matches(QKeySequence::Redo)) {
                m_undo->redo();
                return;
            }
            QWidget::keyPressEvent(event);
    }
}

}  // namespace gna::views
