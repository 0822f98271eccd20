#include "retrieval_map.h"

#include <QToolTip>
#include <cmath>
#include <qcustomplot.h>

#include "number_format.h"
#include "palettes.h"
#include "plot_style.h"

namespace gna::views {

RetrievalMap::RetrievalMap(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    fillWithPlot(this, m_plot, QSize(240, 200));
    m_plot->setAccessibleName(tr("Retrieval map"));
    m_plot->plotLayout()->insertRow(0);
    m_title = new QCPTextElement(m_plot, QString(), QFont(font().family(), font().pointSize(), QFont::Bold));
    m_plot->plotLayout()->addElement(0, 0, m_title);
    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);
    m_scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(1, 1, m_scale);
    m_map->setColorScale(m_scale);
    // Cividis: the score in the colours' lightness, readable without telling red from green (the earlier
    // red-yellow-green put scores 0 and 5 at a lightness contrast of 1.3:1)
    QCPColorGradient gradient = makeGradient(Palette::Cividis);
    gradient.setNanHandling(QCPColorGradient::nhTransparent);  // a prompt that was not run is not a zero
    m_map->setGradient(gradient);
    m_scale->axis()->setLabel(tr("Score"));
    auto* group = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    m_plot->xAxis->setLabel(tr("Context length (tokens)"));
    m_plot->yAxis->setLabel(tr("Needle depth (%, 0 = start of the context)"));
    m_plot->yAxis->setRangeReversed(true);
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->yAxis->grid()->setVisible(false);
    // Cells never run are hatched (on screen and in exports); the legend names the hatch.
    legendAbovePlot(m_plot);
    m_missing = new QCPBars(m_plot->xAxis, m_plot->yAxis);
    m_missing->setName(tr("not run"));
    m_missing->setPen(QPen(QColor(128, 128, 128), 1));
    m_missing->setBrush(missingBrush());
    m_plot->legend->setVisible(false);
    m_emptyMessage = tr("Run the experiment (or open a result) to fill this map");
    gna::views::setEmptyMessage(m_plot, m_emptyMessage);
    applyPlotStyle(m_plot, palette());
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        if (!m_grid.isValid()) return;
        const int c = static_cast<int>(std::lround(m_plot->xAxis->pixelToCoord(e->position().x())));
        const int r = static_cast<int>(std::lround(m_plot->yAxis->pixelToCoord(e->position().y())));
        if (c >= 0 && r >= 0 && c < static_cast<int>(m_grid.contextLengths.size()) &&
            r < static_cast<int>(m_grid.depths.size()))
            Q_EMIT cellClicked(r, c);
    });
    m_plot->setMouseTracking(true);
    connect(m_plot, &QCustomPlot::mouseMove, this, [this](QMouseEvent* e) {
        if (!m_grid.isValid()) return;
        const int c = static_cast<int>(std::lround(m_plot->xAxis->pixelToCoord(e->position().x())));
        const int r = static_cast<int>(std::lround(m_plot->yAxis->pixelToCoord(e->position().y())));
        if (c < 0 || r < 0 || c >= static_cast<int>(m_grid.contextLengths.size()) ||
            r >= static_cast<int>(m_grid.depths.size()))
            return QToolTip::hideText();
        const double v = m_grid.at(r, c);
        if (m_grid.kind != RetrievalGrid::Kind::Needle)
            return QToolTip::showText(e->globalPosition().toPoint(),
                                      std::isnan(v) ? tr("%1 lines, key on line %2%\nnot run")
                                                          .arg(m_grid.contextLengths[c])
                                                          .arg(m_grid.depths[r], 0, 'f', 0)
                                                    : (m_grid.kind == RetrievalGrid::Kind::KvAccuracy
                                                           ? tr("%1 lines, key on line %2%\nAccuracy %3")
                                                           : tr("%1 lines, key on line %2%\nProbability %3"))
                                                          .arg(m_grid.contextLengths[c])
                                                          .arg(m_grid.depths[r], 0, 'f', 0)
                                                          .arg(formatFixed(v, 2)),
                                      m_plot);
        QToolTip::showText(e->globalPosition().toPoint(),
                           std::isnan(v) ? tr("Context %1 tokens, depth %2%\nnot run")
                                               .arg(m_grid.contextLengths[c])
                                               .arg(m_grid.depths[r], 0, 'f', 0)
                                         : tr("Context %1 tokens, depth %2%\nScore %3 / %4")
                                               .arg(m_grid.contextLengths[c])
                                               .arg(m_grid.depths[r], 0, 'f', 0)
                                               .arg(formatFixed(v, 2))
                                               .arg(m_grid.maxScore),
                           m_plot);
    });
}

void RetrievalMap::setEmptyMessage(const QString& message) {
    m_emptyMessage = message;
    if (!m_grid.isValid()) gna::views::setEmptyMessage(m_plot, m_emptyMessage);
}

QBrush RetrievalMap::missingBrush() { return QBrush(QColor(128, 128, 128), Qt::BDiagPattern); }

int RetrievalMap::missingCells() const {
    int n = 0;
    for (int i = 0; i < m_plot->itemCount(); ++i)
        if (m_plot->item(i)->property("gnaMissingCell").toBool()) ++n;
    return n;
}

void RetrievalMap::setGrid(const RetrievalGrid& grid) {
    m_grid = grid;
    auto* d = m_map->data();
    for (int i = m_plot->itemCount() - 1; i >= 0; --i)
        if (m_plot->item(i)->property("gnaMissingCell").toBool()) m_plot->removeItem(i);
    m_plot->legend->setVisible(false);
    if (!m_grid.isValid()) {
        d->clear();
        gna::views::setEmptyMessage(m_plot, m_emptyMessage);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    gna::views::setEmptyMessage(m_plot, QString());
    const int nx = static_cast<int>(m_grid.contextLengths.size());
    const int ny = static_cast<int>(m_grid.depths.size());
    d->setSize(nx, ny);
    d->setRange(QCPRange(0, std::max(1, nx - 1)), QCPRange(0, std::max(1, ny - 1)));
    if (nx == 1) d->setKeyRange(QCPRange(-0.5, 0.5));
    if (ny == 1) d->setValueRange(QCPRange(-0.5, 0.5));
    bool missing = false;
    for (int r = 0; r < ny; ++r)
        for (int c = 0; c < nx; ++c) {
            d->setCell(c, r, m_grid.at(r, c));
            if (!std::isnan(m_grid.at(r, c))) continue;
            auto* hatch = new QCPItemRect(m_plot);
            hatch->setProperty("gnaMissingCell", true);
            hatch->topLeft->setCoords(c - 0.5, r - 0.5);
            hatch->bottomRight->setCoords(c + 0.5, r + 0.5);
            hatch->setPen(QPen(QColor(128, 128, 128), 1));
            hatch->setBrush(missingBrush());
            missing = true;
        }
    m_plot->legend->setVisible(missing);
    m_map->setDataRange(QCPRange(0, m_grid.maxScore));
    const bool kv = m_grid.kind != RetrievalGrid::Kind::Needle;
    m_plot->xAxis->setLabel(kv ? tr("Dictionary size (key:value lines)") : tr("Context length (tokens)"));
    m_plot->yAxis->setLabel(kv                        ? tr("Key depth (%, 0 = first line)")
                                : m_grid.depthFromEnd ? tr("Needle depth (%, 0 = end of the context)")
                                                      : tr("Needle depth (%, 0 = start of the context)"));
    m_scale->axis()->setLabel(m_grid.kind == RetrievalGrid::Kind::KvAccuracy ? tr("Accuracy")
                                  : m_grid.kind == RetrievalGrid::Kind::KvProbability
                                  ? tr("Probability of the right value")
                                  : tr("Score"));
    auto xt = QSharedPointer<QCPAxisTickerText>::create();
    for (int c = 0; c < nx; ++c) xt->addTick(c, QString::number(m_grid.contextLengths[c]));
    auto yt = QSharedPointer<QCPAxisTickerText>::create();
    for (int r = 0; r < ny; ++r) yt->addTick(r, QString::number(m_grid.depths[r], 'f', 0));
    m_plot->xAxis->setTicker(xt);
    m_plot->yAxis->setTicker(yt);
    m_plot->xAxis->setRange(-0.5, nx - 0.5);
    m_plot->yAxis->setRange(-0.5, ny - 0.5);
    if (kv)
        m_title->setText(m_grid.kind == RetrievalGrid::Kind::KvAccuracy
                             ? tr("%1 (mean accuracy %2)").arg(m_grid.title).arg(formatFixed(meanScore(), 2))
                             : tr("%1 (mean probability %2)").arg(m_grid.title).arg(formatFixed(meanScore(), 2)));
    else
        m_title->setText(m_grid.title.isEmpty()
                             ? tr("Mean score %1").arg(formatFixed(meanScore(), 2))
                             : tr("%1 (mean score %2)").arg(m_grid.title).arg(formatFixed(meanScore(), 2)));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

double RetrievalMap::cellValue(int depthIndex, int lengthIndex) const {
    return m_map->data()->cell(lengthIndex, depthIndex);
}

QPointF RetrievalMap::cellCenterPixel(int depthIndex, int lengthIndex) const {
    return {m_plot->xAxis->coordToPixel(lengthIndex), m_plot->yAxis->coordToPixel(depthIndex)};
}

double RetrievalMap::meanScore() const {
    double sum = 0.0;
    int n = 0;
    for (double s : m_grid.scores)
        if (!std::isnan(s)) {
            sum += s;
            ++n;
        }
    return n ? sum / n : 0.0;
}

void RetrievalMap::changeEvent(QEvent* event) {
    restyleOnPaletteChange(event, m_plot, palette());
    QWidget::changeEvent(event);
}

}  // namespace gna::views
