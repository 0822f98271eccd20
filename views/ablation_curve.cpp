#include "ablation_curve.h"

#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

#include "plot_style.h"

namespace gna::views {

namespace {
// Okabe-Ito: distinguishable with every common colour-vision deficiency.
const QColor kColours[] = {QColor(0, 114, 178),   QColor(213, 94, 0),  QColor(0, 158, 115),
                           QColor(204, 121, 167), QColor(230, 159, 0), QColor(86, 180, 233)};
}  // namespace

AblationCurve::AblationCurve(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    fillWithPlot(this, m_plot, QSize(240, 180));
    m_plot->setAccessibleName(tr("Ablation curve"));
    legendAbovePlot(m_plot);  // above the axis rect: never over a curve or its error bars
    m_plot->legend->setVisible(false);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    for (QCPAxis* a : {m_plot->xAxis, m_plot->yAxis})
        a->setTicker(nonOverlappingTicker(a, QSharedPointer<QCPAxisTicker>::create()));
    setEmptyMessage(m_plot, tr("Run the experiment (or open a result) to draw this curve"));
    applyPlotStyle(m_plot, palette());
}

void AblationCurve::setSeries(const QList<CurveSeries>& series, const QString& xLabel, const QString& yLabel,
                              std::pair<double, double> valueBounds) {
    m_series = series;
    m_bounds = valueBounds;
    m_plot->clearPlottables();
    // Controls (and their error bars) on a layer below the results: a result that coincides with its
    // control is drawn over it, never hidden by it.
    if (!m_plot->layer(QStringLiteral("controls")))
        m_plot->addLayer(QStringLiteral("controls"), m_plot->layer(QStringLiteral("main")), QCustomPlot::limBelow);
    int colour = 0;
    const QList<QCPScatterStyle::ScatterShape> shapes{QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare,
                                                      QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond};
    for (int i = 0; i < series.size(); ++i) {
        const CurveSeries& s = series[i];
        QCPGraph* g = m_plot->addGraph();
        g->setName(s.name);
        if (s.name.isEmpty()) g->removeFromLegend();  // a lone, unnamed curve needs no legend
        const int k = s.control ? 0 : colour++;
        const QColor c = s.control ? QColor(128, 128, 128) : kColours[k % 6];
        // Results drawn later lie on earlier ones: each later one thinner, dash-dotted, with smaller,
        // hollow markers of another shape, so that the earlier one shows around it where they coincide.
        // A control: dashed, with large hollow squares and wide whiskers that stick out around a result
        // drawn over it.
        QPen pen(c,
                 s.control    ? 1.6
                     : k == 0 ? 3.5
                              : 1.5,
                 s.control    ? Qt::DashLine
                     : k == 0 ? Qt::SolidLine
                              : Qt::DashDotLine);
        g->setPen(pen);
        if (s.control)
            g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(c, 1.5), Qt::NoBrush, 11));
        else if (k == 0)
            g->setScatterStyle(QCPScatterStyle(shapes[0], c, c, 9));
        else
            g->setScatterStyle(
                QCPScatterStyle(shapes[k % shapes.size()], QPen(c, 1.5), Qt::NoBrush, std::max(5.0, 9.0 - k)));
        if (s.control) g->setLayer(QStringLiteral("controls"));
        g->setData(QVector<double>(s.x.begin(), s.x.end()), QVector<double>(s.y.begin(), s.y.end()));
        if (!s.error.empty() && s.error.size() == s.y.size()) {
            auto* bars = new QCPErrorBars(m_plot->xAxis, m_plot->yAxis);
            bars->removeFromLegend();
            bars->setDataPlottable(g);
            bars->setData(QVector<double>(s.error.begin(), s.error.end()));
            bars->setPen(QPen(c, s.control ? 1.2 : 1.0));
            bars->setWhiskerWidth(s.control ? 20 : 7);
            if (s.control) bars->setLayer(QStringLiteral("controls"));
        }
    }
    // Counts (heads, layers, k) get integer ticks.
    bool integers = true;
    for (const CurveSeries& s : series)
        for (double x : s.x) integers = integers && x == std::floor(x);
    if (integers) {
        auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
        ticker->setTickStep(1.0);
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssMultiples);
        m_plot->xAxis->setTicker(nonOverlappingTicker(m_plot->xAxis, ticker));
    } else {
        m_plot->xAxis->setTicker(nonOverlappingTicker(m_plot->xAxis, QSharedPointer<QCPAxisTicker>::create()));
    }
    m_plot->xAxis->setLabel(xLabel);
    m_plot->yAxis->setLabel(yLabel);
    // Ranges from the data (points and error bars); one x or one value (a flat curve) still gets a
    // readable range rather than the plotting library's guess.
    double x0 = INFINITY, x1 = -INFINITY, y0 = INFINITY, y1 = -INFINITY;
    for (const CurveSeries& s : series)
        for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i) {
            if (!std::isfinite(s.x[i]) || !std::isfinite(s.y[i])) continue;
            const double e = i < s.error.size() && std::isfinite(s.error[i]) ? std::abs(s.error[i]) : 0.0;
            x0 = std::min(x0, s.x[i]);
            x1 = std::max(x1, s.x[i]);
            y0 = std::min(y0, s.y[i] - e);
            y1 = std::max(y1, s.y[i] + e);
        }
    if (!std::isfinite(x0)) x0 = 0.0, x1 = 1.0, y0 = 0.0, y1 = 1.0;
    const double xPad = x1 > x0 ? 0.025 * (x1 - x0) : 0.5;
    m_plot->xAxis->setRange(x0 - xPad, x1 + xPad);
    const auto [lo, hi] = m_bounds;
    if (std::isfinite(lo) && std::isfinite(hi) && hi > lo) {
        // A bounded metric: its whole range, so that curves compare across figures.
        const double pad = 0.05 * (hi - lo);
        m_plot->yAxis->setRange(lo - pad, hi + pad);
    } else {
        // Scores are drawn from 0 (so a drop reads as a drop); a flat curve still gets a unit range.
        y0 = std::min(0.0, y0);
        if (y1 - y0 < 1e-9) y1 = y0 + 1.0;
        const double pad = 0.05 * (y1 - y0);
        m_plot->yAxis->setRange(y0 - pad, y1 + pad);
    }
    m_plot->legend->setVisible(
        std::any_of(series.begin(), series.end(), [](const CurveSeries& s) { return !s.name.isEmpty(); }));
    gna::views::setEmptyMessage(
        m_plot, series.isEmpty() ? tr("Run the experiment (or open a result) to draw this curve") : QString());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void AblationCurve::changeEvent(QEvent* event) {
    restyleOnPaletteChange(event, m_plot, palette());
    QWidget::changeEvent(event);
}

}  // namespace gna::views
