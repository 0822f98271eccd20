#include "ablation_curve.h"

#include <cmath>
#include <qcustomplot.h>

#include "plot_style.h"

namespace gna::views {

namespace {
// Okabe-Ito: distinguishable with every common colour-vision deficiency.
const QColor kColours[] = {QColor(0, 114, 178), QColor(213, 94, 0), QColor(0, 158, 115),
                           QColor(204, 121, 167), QColor(230, 159, 0), QColor(86, 180, 233)};
}

AblationCurve::AblationCurve(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    fillWithPlot(this, m_plot, QSize(240, 180));
    m_plot->setAccessibleName(tr("Ablation curve"));
    m_plot->legend->setVisible(true);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    applyPlotStyle(m_plot, palette());
}

void AblationCurve::setSeries(const QList<CurveSeries>& series, const QString& xLabel, const QString& yLabel) {
    m_series = series;
    m_plot->clearPlottables();
    int colour = 0;
    const QList<QCPScatterStyle::ScatterShape> shapes{QCPScatterStyle::ssCircle, QCPScatterStyle::ssSquare,
                                                      QCPScatterStyle::ssTriangle, QCPScatterStyle::ssDiamond};
    for (int i = 0; i < series.size(); ++i) {
        const CurveSeries& s = series[i];
        QCPGraph* g = m_plot->addGraph();
        g->setName(s.name);
        const QColor c = s.control ? QColor(128, 128, 128) : kColours[colour++ % 6];
        g->setPen(QPen(c, 2, s.control ? Qt::DashLine : Qt::SolidLine));
        g->setScatterStyle(QCPScatterStyle(shapes[i % shapes.size()], c, c, 6));
        g->setData(QVector<double>(s.x.begin(), s.x.end()), QVector<double>(s.y.begin(), s.y.end()));
        if (!s.error.empty() && s.error.size() == s.y.size()) {
            auto* bars = new QCPErrorBars(m_plot->xAxis, m_plot->yAxis);
            bars->removeFromLegend();
            bars->setDataPlottable(g);
            bars->setData(QVector<double>(s.error.begin(), s.error.end()));
            bars->setPen(QPen(c, 1));
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
        m_plot->xAxis->setTicker(ticker);
    } else {
        m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>::create());
    }
    m_plot->xAxis->setLabel(xLabel);
    m_plot->yAxis->setLabel(yLabel);
    m_plot->rescaleAxes();
    m_plot->xAxis->scaleRange(1.05);
    // Scores are drawn from 0 (so a drop reads as a drop); a flat curve still gets a unit range.
    QCPRange y = m_plot->yAxis->range();
    y.lower = std::min(0.0, y.lower);
    if (y.upper - y.lower < 1e-9) y.upper = y.lower + 1.0;
    m_plot->yAxis->setRange(y);
    m_plot->yAxis->scaleRange(1.1);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void AblationCurve::changeEvent(QEvent* event) {
    restyleOnPaletteChange(event, m_plot, palette());
    QWidget::changeEvent(event);
}

}  // namespace gna::views
