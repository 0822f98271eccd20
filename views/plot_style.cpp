#include "plot_style.h"

#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <limits>
#include <qcustomplot.h>

#include "number_format.h"

namespace gna::views {

void applyPlotStyle(QCustomPlot* plot, const QPalette& palette) {
    const QColor bg = palette.color(QPalette::Base);
    const QColor fg = palette.color(QPalette::Text);
    QColor grid = palette.color(QPalette::Mid);
    grid.setAlpha(90);
    plot->setLocale(QLocale());  // tick labels in the UI language's number format ("0,25" in German)
    plot->setBackground(bg);
    plot->setProperty("gnaBackground", bg);
    QList<QCPAxis*> all;
    for (int i = 0; i < plot->axisRectCount(); ++i) all << plot->axisRect(i)->axes();
    // Colour scales own their own axis.
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
        if (auto* scale = qobject_cast<QCPColorScale*>(e)) all << scale->axis();
    for (QCPAxis* a : all) {
        a->setBasePen(QPen(fg, 1));
        a->setTickPen(QPen(fg, 1));
        a->setSubTickPen(QPen(fg, 1));
        a->setTickLabelColor(fg);
        a->setLabelColor(fg);
        a->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        a->grid()->setZeroLinePen(Qt::NoPen);
    }
    if (plot->legend) {
        // A legend outside the axis rect (legendAbovePlot) needs no box; one inside covers what is under it.
        const bool outside = plot->legend->property("gnaOutside").toBool();
        plot->legend->setBrush(outside ? QBrush(Qt::NoBrush) : QBrush(bg));
        plot->legend->setTextColor(fg);
        plot->legend->setBorderPen(outside ? QPen(Qt::NoPen) : QPen(palette.color(QPalette::Mid)));
    }
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
        if (auto* text = qobject_cast<QCPTextElement*>(e)) text->setTextColor(fg);
}

void fillWithPlot(QWidget* owner, QCustomPlot* plot, QSize minimum) {
    auto* layout = new QVBoxLayout(owner);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot);
    owner->setMinimumSize(minimum);
}

void restyleOnPaletteChange(const QEvent* event, QCustomPlot* plot, const QPalette& palette) {
    if (event->type() != QEvent::PaletteChange) return;
    applyPlotStyle(plot, palette);
    plot->replot(QCustomPlot::rpQueuedReplot);
}

namespace {

const char* const kEmptyLabel = "gnaEmptyMessage";

// A legend that, whenever its parent lays it out, puts as many entries on a line as the plot's
// width holds (the legend sits in a full-width row), so that no entry is ever clipped.
class FittingLegend : public QCPLegend {
public:
    QSize minimumOuterSizeHint() const override {
        const_cast<FittingLegend*>(this)->fit();
        return QCPLegend::minimumOuterSizeHint();
    }

private:
    void fit() {
        int n = 0;  // cells of the grid may be empty: count the entries
        for (int i = 0; i < itemCount(); ++i) n += item(i) != nullptr;
        if (n == 0 || !mParentPlot) return;
        const int available = mParentPlot->viewport().width() - 4;
        int columns = n;
        for (; columns > 1; --columns) {
            arrange(columns);
            if (QCPLegend::minimumOuterSizeHint().width() <= available) break;
        }
        arrange(columns);
        // The columns share the legend's width equally: a spacing that leaves a width they divide
        // keeps the rounded columns inside the legend.
        const int inner = mParentPlot->viewport().width() - margins().left() - margins().right();
        int spacing = 8;
        while (columns > 1 && (inner - spacing * (columns - 1)) % columns != 0) ++spacing;
        if (columnSpacing() != spacing) setColumnSpacing(spacing);
    }
    void arrange(int columns) {
        if (wrap() == columns && fillOrder() == foColumnsFirst) return;
        setWrap(columns);
        setFillOrder(foColumnsFirst, true);
    }
};

// Keeps every n-th of the inner ticker's ticks, n as small as keeps neighbouring labels apart.
class NonOverlappingTicker : public QCPAxisTicker {
public:
    NonOverlappingTicker(QCPAxis* axis, QSharedPointer<QCPAxisTicker> inner, int pixelsPerTick, bool keepLast)
        : m_axis(axis), m_inner(std::move(inner)), m_pixelsPerTick(pixelsPerTick), m_keepLast(keepLast) {}
    ~NonOverlappingTicker() override { QObject::disconnect(m_relayout); }
    // The plot makes its ticks before it lays out the axis rect for a new size, so they were made for
    // the old length: after a layout that changed the length, the plot is drawn again (a few times at
    // most in a row, should labels and margins keep trading places).
    void watchLayout(QMetaObject::Connection c) { m_relayout = c; }
    void afterLayout() {
        if (std::abs(axisLength() - m_length) > 2 && m_requeued < 3) {
            ++m_requeued;
            m_axis->parentPlot()->replot(QCustomPlot::rpQueuedReplot);
        } else {
            m_requeued = 0;
        }
    }
    void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision, QVector<double>& ticks,
                  QVector<double>* subTicks, QVector<QString>* tickLabels) override {
        m_length = axisLength();
        if (m_pixelsPerTick > 0) m_inner->setTickCount(std::max(3, m_length / m_pixelsPerTick));
        m_inner->generate(range, locale, formatChar, precision, ticks, subTicks, tickLabels);
        if (!tickLabels || tickLabels->size() != ticks.size() || ticks.size() < 2) return;
        const QFontMetrics fm(m_axis->tickLabelFont());
        const bool horizontal = m_axis->orientation() == Qt::Horizontal;
        const double angle = std::abs(m_axis->tickLabelRotation()) * M_PI / 180.0;
        // About one and a half characters between labels along a horizontal axis: the drawn label can be
        // a little wider than its text (1.5e-10 is drawn as 1.5·10 with a raised exponent); on a vertical
        // axis a line's height apart with 2 px between (token labels as dense as they stay readable);
        // slanted labels (key tokens) 4 px apart along the axis, as the token ticker plans them.
        const double gap = !horizontal ? 2.0 : angle >= 1e-3 ? 4.0 : fm.averageCharWidth() * 1.5 + 1.0;
        // Each label's extent along the axis; slanted labels collide through their height.
        auto extent = [&](const QString& label) -> double {
            const double w = fm.horizontalAdvance(label), h = fm.height();
            if (!horizontal) return h;
            if (angle < 1e-3) return w;
            return std::min(w * std::cos(angle) + h * std::sin(angle), h / std::sin(angle));
        };
        // Every n-th tick, for the smallest n whose labels keep their distance: evenly spaced ticks.
        // Every n-th tick from the first, or back from the last (a token axis: its last token is the row
        // the maps are read at).
        auto picked = [&](int n) {
            QList<int> at;
            if (m_keepLast)
                for (int i = static_cast<int>(ticks.size()) - 1; i >= 0; i -= n) at.prepend(i);
            else
                for (int i = 0; i < ticks.size(); i += n) at << i;
            return at;
        };
        auto fits = [&](int n) {
            double end = -std::numeric_limits<double>::infinity();
            const QList<int> at = picked(n);
            QList<double> px;
            for (int i : at) px << m_axis->coordToPixel(ticks[i]);
            const bool reversed = px.size() > 1 && px.last() < px.first();
            for (int k = 0; k < px.size(); ++k) {
                const int i = at[reversed ? static_cast<int>(px.size()) - 1 - k : k];
                const double at = m_axis->coordToPixel(ticks[i]), half = extent((*tickLabels)[i]) / 2.0;
                if (at - half < end + gap) return false;
                end = at + half;
            }
            return true;
        };
        int step = 1;
        while (step < ticks.size() && !fits(step)) ++step;
        QVector<double> t;
        QVector<QString> l;
        for (int i : picked(step)) {
            t << ticks[i];
            l << (*tickLabels)[i];
        }
        ticks = t;
        *tickLabels = l;
    }

private:
    int axisLength() const {
        return m_axis->orientation() == Qt::Horizontal ? m_axis->axisRect()->width() : m_axis->axisRect()->height();
    }

    QCPAxis* m_axis;
    QSharedPointer<QCPAxisTicker> m_inner;
    int m_pixelsPerTick;
    bool m_keepLast;
    int m_length = 0;  // the axis length the last ticks were made for
    int m_requeued = 0;  // replots queued in a row for a changed length
    QMetaObject::Connection m_relayout;
};

// The inner ticker's ticks, labelled by formatTickNumber.
class NumberTicker : public QCPAxisTicker {
public:
    explicit NumberTicker(QSharedPointer<QCPAxisTicker> inner) : m_inner(std::move(inner)) {}
    void generate(const QCPRange& range, const QLocale& locale, QChar formatChar, int precision, QVector<double>& ticks,
                  QVector<double>* subTicks, QVector<QString>* tickLabels) override {
        m_inner->generate(range, locale, formatChar, precision, ticks, subTicks, tickLabels);
        if (!tickLabels) return;
        tickLabels->resize(ticks.size());
        for (qsizetype i = 0; i < ticks.size(); ++i) (*tickLabels)[i] = formatTickNumber(ticks[i], precision);
    }

private:
    QSharedPointer<QCPAxisTicker> m_inner;
};

}  // namespace

QSharedPointer<QCPAxisTicker> numberTicker(QSharedPointer<QCPAxisTicker> inner) {
    return QSharedPointer<NumberTicker>::create(std::move(inner));
}

void setEmptyMessage(QCustomPlot* plot, const QString& message) {
    auto* label = plot->findChild<QLabel*>(QLatin1String(kEmptyLabel), Qt::FindDirectChildrenOnly);
    if (!label && message.isEmpty()) return;
    if (!label) {
        label = new QLabel(plot);
        label->setObjectName(QLatin1String(kEmptyLabel));
        label->setAlignment(Qt::AlignCenter);
        label->setWordWrap(true);
        label->setMargin(12);
        label->setAutoFillBackground(true);
        label->setBackgroundRole(QPalette::Base);
        label->setForegroundRole(QPalette::PlaceholderText);
        auto* layout = new QVBoxLayout(plot);
        layout->setContentsMargins(0, 0, 0, 0);
        layout->addWidget(label);
    }
    label->setText(message);
    label->setVisible(!message.isEmpty());
    plot->setProperty(kEmptyLabel, message);
}

QString emptyMessage(const QCustomPlot* plot) { return plot->property(kEmptyLabel).toString(); }

QCPLegend* legendAbovePlot(QCustomPlot* plot) {
    if (plot->legend) {
        plot->axisRect()->insetLayout()->take(plot->legend);
        delete plot->legend;
    }
    auto* legend = new FittingLegend;
    plot->plotLayout()->insertRow(0);
    auto* row = new QCPLayoutGrid;
    plot->plotLayout()->addElement(0, 0, row);
    row->addElement(0, 0, legend);
    plot->plotLayout()->setRowStretchFactor(0, 0.001);
    plot->legend = legend;
    legend->setLayer(QLatin1String("legend"));
    legend->setProperty("gnaOutside", true);
    legend->setVisible(true);
    return legend;
}

QSharedPointer<QCPAxisTicker> nonOverlappingTicker(QCPAxis* axis, QSharedPointer<QCPAxisTicker> inner,
                                                   int pixelsPerTick, bool keepLast) {
    auto ticker = QSharedPointer<NonOverlappingTicker>::create(axis, std::move(inner), pixelsPerTick, keepLast);
    ticker->watchLayout(
        QObject::connect(axis->parentPlot(), &QCustomPlot::afterLayout, axis, [weak = ticker.toWeakRef()] {
            if (const auto t = weak.toStrongRef()) t->afterLayout();
        }));
    return ticker;
}

}  // namespace gna::views
