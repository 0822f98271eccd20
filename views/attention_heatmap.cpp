#include "attention_heatmap.h"

#include <QFontMetrics>
#include <QToolTip>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

#include "number_format.h"
#include "plot_style.h"

namespace gna::views {

namespace {
// The round step (1, 2 or 5 times a power of ten) nearest above `raw`.
double niceStep(double raw) {
    const double p = std::pow(10.0, std::floor(std::log10(raw)));
    for (const double m : {1.0, 2.0, 5.0})
        if (m * p >= raw * (1 - 1e-9)) return m * p;
    return 10.0 * p;
}

// Labels every n-th token, "position token", so that neighbouring labels do not overlap on an axis of
// `lengthPx` pixels with text `pitchPx` high (0 = unknown size: at most 16 labels); each label shown
// is elided to `room` pixels of `font`, its token only (only those: eliding every token of a long
// prompt on each toggle cost milliseconds).
QSharedPointer<QCPAxisTickerText> tokenTicker(const QList<int>& positions, const QStringList& tokens, int lengthPx,
                                              int pitchPx, const QFontMetrics& font, int room) {
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    const int maxTicks = lengthPx > 0 ? std::max(2, lengthPx / std::max(1, pitchPx)) : 16;
    const int step = std::max<int>(1, static_cast<int>(std::ceil(tokens.size() / double(maxTicks))));
    // Counted back from the last token: the row (and key) a reader of the map looks at is always labelled.
    for (int i = static_cast<int>(tokens.size()) - 1 - ((static_cast<int>(tokens.size()) - 1) / step) * step;
         i < tokens.size(); i += step) {
        const QString index = QString::number(positions.value(i, i));
        if (tokens[i].isEmpty()) {
            ticker->addTick(i, index);
            continue;
        }
        const int tokenRoom = std::max(font.horizontalAdvance(QStringLiteral("ab…")),
                                       room - font.horizontalAdvance(index + QLatin1Char(' ')));
        ticker->addTick(i, index + QLatin1Char(' ') + font.elidedText(tokens[i], Qt::ElideRight, tokenRoom));
    }
    ticker->setSubTickCount(0);
    return ticker;
}
}  // namespace

AttentionHeatmap::AttentionHeatmap(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    fillWithPlot(this, m_plot, QSize(220, 200));

    m_plot->plotLayout()->insertRow(0);
    m_title = new QCPTextElement(m_plot, QString(), QFont(font().family(), font().pointSize(), QFont::Bold));
    m_plot->plotLayout()->addElement(0, 0, m_title);
    // The title wraps to its column (updateTitle): its text must not widen the column it is laid out in.
    m_title->setMinimumSize(1, 0);

    m_map = new QCPColorMap(m_plot->xAxis, m_plot->yAxis);
    m_map->setInterpolate(false);
    m_map->setTightBoundary(false);
    m_scale = new QCPColorScale(m_plot);
    m_plot->plotLayout()->addElement(1, 1, m_scale);
    m_scale->setType(QCPAxis::atRight);
    m_scale->setBarWidth(12);
    m_map->setColorScale(m_scale);
    m_scale->axis()->setLabel(tr("Attention weight"));
    auto* group = new QCPMarginGroup(m_plot);
    m_plot->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);

    m_plot->yAxis->setRangeReversed(true);  // first query token at the top
    m_plot->xAxis->setTickLabelRotation(60);
    m_plot->xAxis->setLabel(tr("Key token"));
    m_plot->yAxis->setLabel(tr("Query token"));
    m_plot->xAxis->grid()->setVisible(false);
    m_plot->yAxis->grid()->setVisible(false);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->setAccessibleName(tr("Attention heatmap"));
    m_plot->setToolTip(tr("Scroll to zoom, drag to pan, double-click to reset the view"));
    setColorPalette(Palette::Viridis);
    applyPlotStyle(m_plot, QWidget::palette());
    // Masked cells (a key after its query) are left transparent over this grey: neither a weight of 0 nor
    // the white middle of the diverging scale; a dark grey in the dark palette (changeEvent follows it).
    m_plot->axisRect()->setBackground(QBrush(maskedCellColor()));
    m_emptyMessage = tr("No model loaded");
    clear();  // never the plotting library's placeholder map

    connect(m_plot, &QCustomPlot::mouseMove, this, &AttentionHeatmap::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this] { resetView(); });
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        int r = 0, c = 0;
        if (cellAtPixel(e->position(), &r, &c)) Q_EMIT cellClicked(r, c);
    });
}

void AttentionHeatmap::setData(const HeatmapData& data) {
    m_data = data;
    if (!m_data.isValid()) {
        clear();
        return;
    }
    applyGradient();
    auto* d = m_map->data();
    d->setSize(m_data.cols, m_data.rows);
    d->clearAlpha();  // every cell opaque until the mask below
    d->setRange(QCPRange(0, std::max(1, m_data.cols - 1)), QCPRange(0, std::max(1, m_data.rows - 1)));
    if (m_data.cols == 1) d->setKeyRange(QCPRange(-0.5, 0.5));
    if (m_data.rows == 1) d->setValueRange(QCPRange(-0.5, 0.5));
    for (int r = 0; r < m_data.rows; ++r)
        for (int c = 0; c < m_data.cols; ++c) {
            d->setCell(c, r, m_data.at(r, c));
            if (isMaskedCell(r, c)) d->setAlpha(c, r, 0);
        }
    gna::views::setEmptyMessage(m_plot, QString());
    applyTicks();
    applyRange();
    updateTitle();
    resetView();
    if (isVisible()) {
        // The labels' widths set the axis rect's size: thin the token labels again for the new layout,
        // and wrap the title to the column it now has.
        m_plot->replot();
        updateTitle();
        applyTicks();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void AttentionHeatmap::clear() {
    m_data = {};
    m_map->data()->clear();
    m_title->setText(QString());
    gna::views::setEmptyMessage(m_plot, m_emptyMessage);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void AttentionHeatmap::setEmptyMessage(const QString& message) {
    m_emptyMessage = message;
    if (!m_data.isValid()) gna::views::setEmptyMessage(m_plot, m_emptyMessage);
}

void AttentionHeatmap::setFixedRange(double lower, double upper) {
    m_fixed = true;
    m_lower = lower;
    m_upper = upper > lower ? upper : lower + 1e-6;
    applyRange();
}

void AttentionHeatmap::setAutoRange() {
    m_fixed = false;
    applyRange();
}

void AttentionHeatmap::setLogScale(bool on) {
    m_log = on;
    applyRange();
}

void AttentionHeatmap::setColorPalette(Palette palette) {
    m_palette = palette;
    applyGradient();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

bool AttentionHeatmap::isSignedMap() const {
    return m_data.isDifference || (m_data.isValid() && valueRange(m_data).first < 0.0);
}

QColor AttentionHeatmap::maskedCellColor() const {
    return gna::views::maskedCellColor(QWidget::palette().color(QPalette::Base));
}

void AttentionHeatmap::applyGradient() {
    // Signed values (a difference, an SSM head's hidden attention) take the diverging scale, white at 0.
    m_map->setGradient(makeGradient(isSignedMap() ? Palette::Diverging : m_palette));
}

void AttentionHeatmap::applyRange() {
    double lo = m_lower, hi = m_upper;
    if (!m_fixed) {
        const auto r = colourRange(m_data);
        lo = std::min(r.first, 0.0);
        hi = r.second;
    }
    const bool isSigned = isSignedMap();
    if (isSigned) {  // symmetric limits: 0 is the diverging scale's white middle
        const double m = std::max({std::abs(lo), std::abs(hi), 1e-6});
        lo = -m;
        hi = m;
    }
    // Cells beyond the scale's ends (an SSM head's few largest, colourRange) take the end colour: the bar says so.
    const auto [least, most] = valueRange(m_data);
    const bool beyond = m_data.hiddenAttention && !m_data.isDifference && (most > hi * 1.0001 || least < lo * 1.0001);
    m_scale->axis()->setLabel(
        m_data.isDifference ? (m_data.hiddenAttention ? tr("Hidden attention difference") : tr("Weight difference"))
            : !m_data.hiddenAttention ? tr("Attention weight")
            : beyond                  ? tr("Hidden attention (larger |a| in the end colours)")
                                      : tr("Hidden attention"));
    const bool log = m_log && !isSigned;
    if (log) {
        // Log colour needs a positive lower end: the smallest positive weight, at least 1e-6.
        double minPos = hi;
        for (float v : m_data.values)
            if (v > 0.0f) minPos = std::min<double>(minPos, v);
        lo = std::max({lo, minPos, 1e-6});
        if (hi <= lo) hi = lo * 10.0;
    }
    if (hi <= lo) hi = lo + 1e-6;
    m_scale->setDataScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    if (log) {
        m_scale->axis()->setTicker(QSharedPointer<QCPAxisTickerLog>::create());
    } else if (lo < 0.0 && hi > 0.0) {
        // A signed range (hidden attention, a difference): ticks at multiples of a round step through 0,
        // the lower end moved down to the next multiple so that the bar shows a negative tick.
        const double step = niceStep((hi - lo) / 5.0);
        lo = -step * std::ceil(-lo / step - 1e-9);
        if (isSigned) hi = -lo;
        auto ticker = QSharedPointer<QCPAxisTickerFixed>::create();
        ticker->setTickStep(step);
        ticker->setScaleStrategy(QCPAxisTickerFixed::ssNone);
        m_scale->axis()->setTicker(numberTicker(ticker));
    } else {
        m_scale->axis()->setTicker(numberTicker(QSharedPointer<QCPAxisTicker>::create()));
    }
    m_map->setDataScaleType(log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    m_map->setDataRange(QCPRange(lo, hi));
    m_scale->setDataRange(QCPRange(lo, hi));
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void AttentionHeatmap::applyTicks() {
    // A long token ("<|begin_of_text|>") is elided so that the labels take at most a fifth of the map's
    // width (query tokens) or a sixth of its height (slanted key tokens): the cells keep the rest; hovering
    // shows the whole token.
    const QFontMetrics yFont(m_plot->yAxis->tickLabelFont()), xFont(m_plot->xAxis->tickLabelFont());
    const int yRoom = std::max(yFont.horizontalAdvance(QStringLiteral("000 ab…")), width() / 5);
    const int xRoom = std::max(xFont.horizontalAdvance(QStringLiteral("000 ab…")),
                               static_cast<int>(height() / 6 / std::sin(M_PI / 3.0)));
    // Both axes label a token with its position in the prompt ("12 Paris"): a key token alone (":")
    // could be any of the prompt's.
    QStringList rows, cols;
    QList<int> rowPositions, colPositions;
    for (int r = 0; r < m_data.rows; ++r) {
        rows << (r < m_data.rowLabels.size() ? m_data.rowLabels[r] : QString());
        rowPositions << (r < m_data.rowPositions.size() ? m_data.rowPositions[r] : r);
    }
    for (int c = 0; c < m_data.cols; ++c) {
        cols << (c < m_data.colLabels.size() ? m_data.colLabels[c] : QString());
        colPositions << c;  // keys are the prompt's tokens from its start
    }
    const int pitch = yFont.height() + 2;
    // Key labels are slanted by 60°: neighbours need the text's height / sin 60° and a gap between them.
    const int slantPitch = static_cast<int>(std::ceil(xFont.height() / std::sin(M_PI / 3.0))) + 4;
    m_plot->xAxis->setTicker(tokenTicker(colPositions, cols, m_plot->axisRect()->width(), slantPitch, xFont, xRoom));
    m_plot->yAxis->setTicker(tokenTicker(rowPositions, rows, m_plot->axisRect()->height(), pitch, yFont, yRoom));
    // The colour scale shares the map's top and bottom margins, and reports the margin it was last given
    // as the one it needs: without this, a margin once grown for long key labels would never shrink.
    m_scale->setMargins(QMargins());
    // Both axes' labels are thinned again as the axis is drawn, at its length then: the axis rect the
    // lengths above were read from shrinks when the key labels grow, and a map laid out while hidden (the
    // difference tab behind the attention tab) read a length it does not have when shown.
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis})
        axis->setTicker(nonOverlappingTicker(axis, axis->ticker(), 0, /*keepLast=*/true));
}

void AttentionHeatmap::layOutOwnMargins() {
    m_plot->axisRect()->setMinimumMargins(QMargins());
    m_scale->setMargins(QMargins());  // (see applyTicks)
    m_plot->replot(QCustomPlot::rpImmediateRefresh);
}

void AttentionHeatmap::setTitleStats(bool on) {
    m_titleStats = on;
    updateTitle();
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

QString AttentionHeatmap::titleText() const { return m_title->text(); }

QString AttentionHeatmap::keyName(const QStringList& labels, int at) {
    if (at < 0 || at >= labels.size()) return QString();
    const QString& label = labels[at];
    // A token the row holds more than once (a newline, a space) is told apart by the text before it:
    // “⏎” after “dictionary:” is the header line's newline, not the answering line's.
    if (at == 0 || labels.count(label) < 2) return tr("“%1”").arg(label);
    QString before;
    for (int i = std::max(0, at - 2); i < at; ++i) before += labels[i];
    before.replace(QChar(0x2423), QLatin1Char(' ')).replace(QChar(0x23CE), QLatin1Char(' '));
    return tr("“%1” after “%2”").arg(label, before.trimmed());
}

void AttentionHeatmap::updateTitle() {
    // A narrow map: the head line (a difference's "Gather L1.H0: ablated − unablated") and the statistics
    // wrap at spaces to the map's column (the title's column, the colour scale's is beside it; a decimal
    // comma has no space after it), and a word wider than the column is elided, never clipped at both ends.
    const int column = m_plot->axisRect()->outerRect().width();
    const int room = std::max(40, (column > 0 ? column : width() - 80) - 8);  // before the first layout: a guess
    const QFontMetrics fm(m_title->font());
    auto wrapped = [&](const QString& text) {
        QStringList lines;
        for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            if (!lines.isEmpty() && fm.horizontalAdvance(lines.back() + QLatin1Char(' ') + word) <= room)
                lines.back() += QLatin1Char(' ') + word;
            else
                lines << word;
        }
        for (QString& line : lines) line = fm.elidedText(line, Qt::ElideRight, room);
        return lines.join(QLatin1Char('\n'));
    };
    QString text = wrapped(m_data.title);
    if (m_titleStats && !m_data.isDifference && m_data.lastRow) {
        const RowStats& s = *m_data.lastRow;
        const QString key = keyName(m_data.colLabels, s.argmax);
        // A hidden-attention row (not summing to 1) is stated as the distribution of its magnitudes, as it is
        // scored, while the map draws the weights a themselves: a signed map says so (its colour scale runs
        // through 0), a map without negative cells reads a / Σa (the same as |a| / Σ|a| there).
        const QString entropy = formatFixed(s.entropyBits, 2), max = formatFixed(s.maxWeight, 2);
        const QString stats = !s.magnitudes ? tr("last row: entropy %1 bits, max %2 on %3").arg(entropy, max, key)
            : isSignedMap()
            ? tr("colour: signed a; last row as |a| / Σ|a|: entropy %1 bits, max %2 on %3").arg(entropy, max, key)
            : tr("last row as a / Σa: entropy %1 bits, max %2 on %3").arg(entropy, max, key);
        text += QLatin1Char('\n') + wrapped(stats);
    }
    m_title->setText(text);
}

void AttentionHeatmap::resetView() {
    if (!m_data.isValid()) return;
    m_plot->xAxis->setRange(-0.5, m_data.cols - 0.5);
    m_plot->yAxis->setRange(-0.5, m_data.rows - 0.5);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

double AttentionHeatmap::cellValue(int row, int col) const {
    if (!m_data.isValid() || row < 0 || col < 0 || row >= m_data.rows || col >= m_data.cols) return std::nan("");
    return m_map->data()->cell(col, row);
}

bool AttentionHeatmap::isMaskedCell(int row, int col) const {
    if (!m_data.isValid() || row < 0 || col < 0 || row >= m_data.rows || col >= m_data.cols) return false;
    return col > (row < m_data.rowPositions.size() ? m_data.rowPositions[row] : row);  // the key comes after the query
}

QString AttentionHeatmap::cellText(int row, int col) const {
    if (!m_data.isValid() || row < 0 || col < 0 || row >= m_data.rows || col >= m_data.cols) return {};
    const QString q = row < m_data.rowLabels.size() ? m_data.rowLabels[row] : QString::number(row);
    const QString k = col < m_data.colLabels.size() ? m_data.colLabels[col] : QString::number(col);
    const int qpos = row < m_data.rowPositions.size() ? m_data.rowPositions[row] : row;
    // A masked cell has no weight (its stored 0 is not one): the tooltip says why. (One arg() call:
    // a token's own "%1" stays text.)
    const QString weight = isMaskedCell(row, col) ? tr("masked: key after the query (causal)")
                                                  : tr("Weight %1").arg(formatNumber(cellValue(row, col), 4, 1e-4));
    return tr("Query %1 “%2”\nKey %3 “%4”\n%5").arg(QString::number(qpos), q, QString::number(col), k, weight);
}

bool AttentionHeatmap::cellAtPixel(const QPointF& pixel, int* row, int* col) const {
    if (!m_data.isValid() || !m_plot->axisRect()->rect().contains(pixel.toPoint())) return false;
    const double x = m_plot->xAxis->pixelToCoord(pixel.x());
    const double y = m_plot->yAxis->pixelToCoord(pixel.y());
    const int c = static_cast<int>(std::lround(x));
    const int r = static_cast<int>(std::lround(y));
    if (c < 0 || r < 0 || c >= m_data.cols || r >= m_data.rows) return false;
    *row = r;
    *col = c;
    return true;
}

QPointF AttentionHeatmap::cellCenterPixel(int row, int col) const {
    return {m_plot->xAxis->coordToPixel(col), m_plot->yAxis->coordToPixel(row)};
}

void AttentionHeatmap::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    relayOut();
}

void AttentionHeatmap::showEvent(QShowEvent* event) {
    // Data set while hidden (the difference tab behind the attention tab) was laid out for a size the map
    // did not have: the labels are made again for the axes as shown, as dense as the attention tab's.
    QWidget::showEvent(event);
    relayOut();
}

void AttentionHeatmap::relayOut() {
    if (m_data.isValid()) {
        m_plot->replot();  // lays out the axis rect for the new size first
        updateTitle();  // the statistics line wraps to the map's new column
        applyTicks();
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void AttentionHeatmap::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) m_plot->axisRect()->setBackground(QBrush(maskedCellColor()));
    restyleOnPaletteChange(event, m_plot, QWidget::palette());
    QWidget::changeEvent(event);
}

void AttentionHeatmap::onMouseMove(QMouseEvent* event) {
    int r = 0, c = 0;
    if (!cellAtPixel(event->position(), &r, &c)) {
        QToolTip::hideText();
        return;
    }
    QToolTip::showText(event->globalPosition().toPoint(), cellText(r, c), m_plot);
    Q_EMIT cellHovered(r, c, cellValue(r, c));
}

}  // namespace gna::views
