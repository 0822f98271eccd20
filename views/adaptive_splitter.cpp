#include "adaptive_splitter.h"

#include <QResizeEvent>
#include <algorithm>

namespace gna::views {

namespace {
constexpr int kDeadBand = 48;  // more than a scroll bar's width
}

AdaptiveSplitter::AdaptiveSplitter(int sideBySideWidth, QWidget* parent)
    : QSplitter(Qt::Horizontal, parent), m_width(sideBySideWidth) {
    setChildrenCollapsible(false);  // a squeezed pane would draw over its neighbours
    connect(this, &QSplitter::splitterMoved, this, [this] { m_userSized = true; });
}

QSize AdaptiveSplitter::minimumSizeHint() const {
    QSize s = QSplitter::minimumSizeHint();
    int widest = 0;
    for (int i = 0; i < count(); ++i)
        if (!widget(i)->isHidden())
            widest = std::max(widest, widget(i)->minimumSizeHint().expandedTo(widget(i)->minimumSize()).width());
    // The contents margins around the panes, across and along (QSplitter leaves them out: a pane
    // would get less than its minimum height by the margins, and a box layout in it would overlap).
    const QMargins m = contentsMargins();
    s.setWidth(widest + m.left() + m.right());
    s.setHeight(s.height() + m.top() + m.bottom());
    return s;
}

void AdaptiveSplitter::setStackedMinimumHeight(int height) {
    m_stackedHeight = height;
    if (orientation() == Qt::Vertical) setMinimumHeight(height);
}

void AdaptiveSplitter::setStackedSizes(std::function<QList<int>(int length)> sizes) {
    m_stackedSizes = std::move(sizes);
    if (orientation() == Qt::Vertical && !m_userSized) applyShares();
}

bool AdaptiveSplitter::event(QEvent* event) {
    const bool done = QSplitter::event(event);
    if (event->type() == QEvent::LayoutRequest || event->type() == QEvent::Show) {
        const QSize min = minimumSizeHint();
        if (min.width() != m_minimumWidth) Q_EMIT minimumWidthChanged(m_minimumWidth = min.width());
        if (min.height() != m_minimumHeight) Q_EMIT minimumHeightChanged(m_minimumHeight = min.height());
    }
    return done;
}

void AdaptiveSplitter::resizeEvent(QResizeEvent* event) {
    const int w = event->size().width();
    if (orientation() == Qt::Horizontal && w < m_width - kDeadBand / 2)
        applyOrientation(Qt::Vertical);
    else if (orientation() == Qt::Vertical && w >= m_width + kDeadBand / 2)
        applyOrientation(Qt::Horizontal);
    QSplitter::resizeEvent(event);
    if (!m_userSized && !event->size().isEmpty()) applyShares();
}

void AdaptiveSplitter::applyOrientation(Qt::Orientation o) {
    setOrientation(o);
    setMinimumHeight(o == Qt::Vertical ? m_stackedHeight : 0);
    applyShares();
    Q_EMIT orientationChanged(o);
}

void AdaptiveSplitter::applyShares() {
    // The panes share the length by their stretch factors (setStretchFactor), each at least its minimum.
    const bool across = orientation() == Qt::Horizontal;
    const QMargins m = contentsMargins();
    const int length =
        (across ? width() - m.left() - m.right() : height() - m.top() - m.bottom()) - handleWidth() * (count() - 1);
    if (!across && m_stackedSizes) return setSizes(m_stackedSizes(length));
    int total = 0;
    QList<int> stretch;
    for (int i = 0; i < count(); ++i) {
        const QSizePolicy p = widget(i)->sizePolicy();
        stretch << std::max(1, across ? p.horizontalStretch() : p.verticalStretch());
        total += stretch.back();
    }
    QList<int> sizes;
    for (int i = 0; i < count(); ++i) {
        const QSize min = widget(i)->minimumSizeHint().expandedTo(widget(i)->minimumSize());
        sizes << std::max(across ? min.width() : min.height(), length * stretch[i] / std::max(1, total));
    }
    setSizes(sizes);
}

}  // namespace gna::views
