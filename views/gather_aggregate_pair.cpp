#include "gather_aggregate_pair.h"

#include "adaptive_splitter.h"

#include <QCheckBox>
#include <algorithm>
#include <QHBoxLayout>
#include <QLabel>
#include <QTimer>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace gna::views {

GatherAggregatePair::GatherAggregatePair(QWidget* parent)
    : QWidget(parent),
      m_gather(new AttentionHeatmap),
      m_aggregate(new AttentionHeatmap),
      m_shared(new QCheckBox(tr("Same colour range"))),
      m_log(new QCheckBox(tr("Log colour scale"))) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* bar = new QHBoxLayout;
    bar->addWidget(m_shared);
    bar->addWidget(m_log);
    bar->addStretch();
    layout->addLayout(bar);
    // Side by side (attention maps are about square) unless the pair is too narrow for two.
    auto* split = new AdaptiveSplitter(2 * 220 + 48);
    split->addWidget(m_gather);
    split->addWidget(m_aggregate);
    layout->addWidget(split, 1);
    m_emptyMessage = m_gather->emptyMessage();
    m_shared->setChecked(true);
    m_shared->setToolTip(tr("Draw both maps on one colour range so their weights compare directly"));
    connect(m_shared, &QCheckBox::toggled, this, &GatherAggregatePair::setSharedRange);
    connect(m_shared, &QCheckBox::toggled, this, &GatherAggregatePair::sharedRangeToggled);
    connect(m_log, &QCheckBox::toggled, this, &GatherAggregatePair::setLogScale);
}

void GatherAggregatePair::setMaps(const HeatmapData& gather, const HeatmapData& aggregate) {
    if (!m_message.isEmpty()) {
        m_message.clear();
        m_aggregate->show();
        setEmptyMessage(m_emptyMessage);
    }
    m_gather->setData(gather);
    m_aggregate->setData(aggregate);
    applySharedRange();
    scheduleAlign();
}

void GatherAggregatePair::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    scheduleAlign();
}

void GatherAggregatePair::scheduleAlign() {
    if (m_alignPending) return;
    m_alignPending = true;
    QTimer::singleShot(0, this, [this] {
        m_alignPending = false;
        alignAxisRects();
    });
}

void GatherAggregatePair::alignAxisRects() {
    QCustomPlot* const plots[2] = {m_gather->plot(), m_aggregate->plot()};
    for (AttentionHeatmap* m : {m_gather, m_aggregate}) m->layOutOwnMargins();  // each map's own margins first
    const bool sideBySide = plots[0]->height() == plots[1]->height() &&
        plots[0]->mapTo(this, QPoint()).y() == plots[1]->mapTo(this, QPoint()).y();
    if (!sideBySide) return;
    int top = 0, bottom = 0;
    for (QCustomPlot* p : plots) {
        top = std::max(top, p->axisRect()->top());
        bottom = std::max(bottom, p->height() - p->axisRect()->bottom());
    }
    for (QCustomPlot* p : plots) {
        QCPAxisRect* r = p->axisRect();
        const QMargins m = r->margins();
        const QMargins want(0, m.top() + top - r->top(), 0, m.bottom() + bottom - (p->height() - r->bottom()));
        if (want.top() == m.top() && want.bottom() == m.bottom()) continue;
        r->setMinimumMargins(want);
        p->replot(QCustomPlot::rpQueuedReplot);
    }
}

void GatherAggregatePair::setSharedRange(bool on) {
    if (m_shared->isChecked() != on) m_shared->setChecked(on);
    applySharedRange();
}

bool GatherAggregatePair::sharedRange() const { return m_shared->isChecked(); }

bool GatherAggregatePair::logScale() const { return m_log->isChecked(); }

void GatherAggregatePair::setLogScale(bool on) {
    if (m_log->isChecked() != on) m_log->setChecked(on);
    m_gather->setLogScale(on);
    m_aggregate->setLogScale(on);
}

void GatherAggregatePair::setColorPalette(Palette palette) {
    m_gather->setColorPalette(palette);
    m_aggregate->setColorPalette(palette);
}

void GatherAggregatePair::setEmptyMessage(const QString& message) {
    m_emptyMessage = message;
    if (!m_message.isEmpty()) return;  // shown instead until the next maps
    m_gather->setEmptyMessage(message);
    m_aggregate->setEmptyMessage(message);
}

void GatherAggregatePair::showMessage(const QString& message) {
    if (message.isEmpty()) {
        setMaps({}, {});
        return;
    }
    m_message = message;
    for (AttentionHeatmap* m : {m_gather, m_aggregate}) {
        m->setEmptyMessage(message);
        m->clear();
    }
    m_aggregate->hide();  // the Gather map's place shows the message once, across the pair
}

void GatherAggregatePair::setLogScaleOffered(bool offered) {
    if (!offered) setLogScale(false);
    m_log->setVisible(offered);
}

void GatherAggregatePair::applySharedRange() {
    // An attention head's weights and an SSM head's signed hidden attention do not compare: each its own
    // range; so does a map shown alone (the other head's field names no head).
    if (!m_shared->isChecked() || m_gather->data().hiddenAttention != m_aggregate->data().hiddenAttention ||
        !m_gather->data().isValid() || !m_aggregate->data().isValid()) {
        m_gather->setAutoRange();
        m_aggregate->setAutoRange();
        return;
    }
    const auto a = colourRange(m_gather->data());  // an SSM head's few largest cells left out (colourRange)
    const auto b = colourRange(m_aggregate->data());
    const double lo = std::min({a.first, b.first, 0.0});
    const double hi = std::max(a.second, b.second);
    m_gather->setFixedRange(lo, hi);
    m_aggregate->setFixedRange(lo, hi);
}

}  // namespace gna::views
