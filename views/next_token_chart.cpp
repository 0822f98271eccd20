#include "next_token_chart.h"

#include <qcustomplot.h>

#include "palettes.h"
#include "plot_style.h"

namespace gna::views {

namespace {
// The unablated baseline in the palette's grey (palettes.h), solid: a translucent fill vanished on a dark plot.
void styleBaselineBars(QCPBars* bars, const QPalette& palette) {
    const QColor grey = baselineBarColor(palette.color(QPalette::Base));
    bars->setPen(QPen(grey, 1));
    bars->setBrush(grey);
}
}  // namespace

NextTokenChart::NextTokenChart(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    fillWithPlot(this, m_plot, QSize(200, 160));
    m_plot->setAccessibleName(tr("Next-token probabilities"));
    // Legend above the plot, never over the bars; as many entries per line as fit.
    legendAbovePlot(m_plot);
    // Horizontal bars: key axis = yAxis (tokens), value axis = xAxis (probability).
    m_baselineBars = new QCPBars(m_plot->yAxis, m_plot->xAxis);
    m_bars = new QCPBars(m_plot->yAxis, m_plot->xAxis);
    m_candidateBars = new QCPBars(m_plot->yAxis, m_plot->xAxis);
    // Two different probabilities on one axis: a top token's is that of one next token, a candidate's
    // that of its whole (possibly multi-token) answer; the legend says which is which.
    m_names = {tr("Top next tokens (one token)"), tr("Answer candidates (whole answer)"), tr("Baseline (no ablation)")};
    m_shortNames = {tr("Top tokens"), tr("Candidates"), tr("Baseline")};
    m_bars->setPen(Qt::NoPen);
    m_bars->setBrush(QColor(0, 114, 178));  // Okabe-Ito blue
    m_candidateBars->setPen(Qt::NoPen);
    m_candidateBars->setBrush(QColor(230, 159, 0));  // Okabe-Ito orange
    styleBaselineBars(m_baselineBars, palette());
    m_group = new QCPBarsGroup(m_plot);
    // The baseline and the current bar of a row share the row's band: 0.4 + 0.05 + 0.4 of it at any height.
    m_group->setSpacingType(QCPBarsGroup::stPlotCoords);
    m_group->setSpacing(0.05);
    // Candidates take the top-token slot (a token is one or the other): stacked on the top-token
    // bars, which have no value at a candidate's row, so both share one position per row.
    m_candidateBars->moveAbove(m_bars);
    m_plot->xAxis->setLabel(tr("Probability"));
    m_plot->xAxis->setRange(0, 1);
    m_plot->yAxis->setRangeReversed(true);
    m_plot->yAxis->grid()->setVisible(false);
    // A probability tick about every 100 px of the axis, and never two labels that touch (1.5·10⁻¹⁰ is wide).
    m_plot->xAxis->setTicker(nonOverlappingTicker(m_plot->xAxis, QSharedPointer<QCPAxisTicker>::create(), 100));
    setEmptyMessage(tr("No prediction yet"));
    applyPlotStyle(m_plot, palette());
    rebuild();
}

void NextTokenChart::setProbabilities(const QList<TokenProbability>& rows) {
    m_rows = rows;
    rebuild();
}

void NextTokenChart::setBaseline(const QList<TokenProbability>& rows) {
    m_baseline = rows;
    rebuild();
}

void NextTokenChart::setSeriesNames(const QString& bars, const QString& candidates, const QString& baseline,
                                    const QStringList& shortNames) {
    m_names = {bars, candidates, baseline};
    m_shortNames = shortNames.size() == 3 ? shortNames : m_names;
    rebuild();
}

QStringList NextTokenChart::seriesNames() const { return m_names; }

void NextTokenChart::setEmptyMessage(const QString& message) {
    m_emptyMessage = message;
    rebuild();
}

void NextTokenChart::setFitRowsToHeight(bool fit) {
    m_fitRows = fit;
    rebuild();
}

bool NextTokenChart::wantsCompactLegend() const {
    // Short: every row and a legend line per series would not fit.
    if (!m_fitRows) return false;
    const QFontMetrics fm(m_plot->yAxis->tickLabelFont());
    const int line = fm.height() + 2;
    return height() < (static_cast<int>(m_rows.size()) + 4 + 3) * line + 16;
}

int NextTokenChart::rowsThatFit() const {
    // The legend, the probability ticks, the axis label and the margins take about three lines and
    // the legend's height more; each bar needs a line.
    const QFontMetrics fm(m_plot->yAxis->tickLabelFont());
    const int line = fm.height() + 2;
    const int legend = m_plot->legend->visible() ? m_plot->legend->minimumOuterSizeHint().height() : 0;
    return std::max(3, (height() - legend - 3 * line - 8) / line);
}

QString NextTokenChart::tickText(const QString& label) {
    // A token of visible spaces alone ("␣", a small glyph on the baseline) is named in words, readable
    // and centred on its row like any other label.
    const QChar visibleSpace(0x2423), newline(0x23CE);
    if (!label.isEmpty() && label.count(visibleSpace) == label.size())
        return label.size() == 1 ? tr("␣ (space)") : tr("␣ (%n spaces)", nullptr, static_cast<int>(label.size()));
    // The same for a newline token (its glyph sits high in most fonts).
    if (!label.isEmpty() && label.count(newline) == label.size())
        return label.size() == 1 ? tr("⏎ (newline)") : tr("⏎ (%n newlines)", nullptr, static_cast<int>(label.size()));
    return label;
}

void NextTokenChart::rebuild() {
    // Which rows fit: the most probable top tokens (one, two from four rows on: what the model
    // predicts), then the candidates (what the user asked about), then more top tokens in the given
    // (descending) order; drawn in the original order.
    m_compact = wantsCompactLegend();
    m_shown = m_rows;
    const int fit = m_fitRows ? rowsThatFit() : static_cast<int>(m_rows.size());
    if (m_rows.size() > fit) {
        QList<bool> keep(m_rows.size(), false);
        int kept = 0;
        const int leadingTop = fit >= 4 ? 2 : 1;
        for (int pass = 0; pass < 3; ++pass) {
            const int limit = pass == 0 ? std::min(fit, leadingTop) : fit;
            for (int i = 0; i < m_rows.size() && kept < limit; ++i)
                if (!keep[i] && m_rows[i].candidate == (pass == 1)) {
                    keep[i] = true;
                    ++kept;
                }
        }
        m_shown.clear();
        for (int i = 0; i < m_rows.size(); ++i)
            if (keep[i]) m_shown << m_rows[i];
    }
    // The axis title says how many rows are hidden, as briefly as the chart's width needs.
    QString label = tr("Probability");
    if (m_shown.size() < m_rows.size()) {
        const QFontMetrics fm(m_plot->xAxis->labelFont());
        for (const QString& text :
             {tr("Probability (%1 of %2 rows; enlarge to see all)"), tr("Probability (%1 of %2 rows)")}) {
            const QString candidate = text.arg(m_shown.size()).arg(m_rows.size());
            if (fm.horizontalAdvance(candidate) <= m_plot->width() - 12) {
                label = candidate;
                break;
            }
        }
    }
    m_plot->xAxis->setLabel(label);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    QVector<double> keys, values, ckeys, cvalues, bkeys, bvalues;
    double maxP = 0.0;
    for (int i = 0; i < m_shown.size(); ++i) {
        const TokenProbability& r = m_shown[i];
        ticker->addTick(i, r.candidate ? QStringLiteral("★ ") + tickText(r.label) : tickText(r.label));
        (r.candidate ? ckeys : keys) << i;
        (r.candidate ? cvalues : values) << r.probability;
        maxP = std::max(maxP, r.probability);
        for (const TokenProbability& b : m_baseline)
            if (b.label == r.label) {
                bkeys << i;
                bvalues << b.probability;
                maxP = std::max(maxP, b.probability);
            }
    }
    m_bars->setData(keys, values, true);
    m_candidateBars->setData(ckeys, cvalues, true);
    m_baselineBars->setData(bkeys, bvalues, true);
    // Side by side only when a baseline is drawn: a bars group keeps a slot for each of its bars,
    // data or not, which would push a lone series half a slot off its label.
    const bool compare = !bkeys.isEmpty();
    m_baselineBars->setVisible(compare);
    m_baselineBars->setBarsGroup(compare ? m_group : nullptr);
    m_bars->setBarsGroup(compare ? m_group : nullptr);
    m_candidateBars->setBarsGroup(compare ? m_group : nullptr);  // stacked on m_bars: in its slot
    for (QCPBars* b : {m_baselineBars, m_bars, m_candidateBars}) b->setWidth(compare ? 0.4 : 0.6);
    // The legend names the series that have a bar in the chart; on a short chart briefly, in one line.
    const QList<QCPBars*> series{m_bars, m_candidateBars, m_baselineBars};
    int named = 0;
    QStringList fullNames;
    for (qsizetype i = 0; i < series.size(); ++i) {
        QCPBars* b = series[i];
        b->setName(m_compact ? m_shortNames.value(i) : m_names.value(i));
        b->removeFromLegend();
        if (!b->data()->isEmpty() && b->addToLegend()) {
            ++named;
            fullNames << m_names.value(i);
        }
    }
    const QFontMetrics legendFm(m_plot->legend->font());
    m_plot->legend->setIconSize(m_compact ? QSize(legendFm.height(), legendFm.height() * 2 / 3) : QSize(32, 18));
    m_plot->setToolTip(m_compact ? fullNames.join(QLatin1Char('\n')) : QString());
    m_plot->legend->setVisible(named > 0);
    gna::views::setEmptyMessage(m_plot, m_rows.isEmpty() ? m_emptyMessage : QString());
    m_plot->yAxis->setTicker(ticker);
    m_plot->yAxis->setRange(-0.5, std::max<int>(1, m_shown.size()) - 0.5);
    m_plot->xAxis->setRange(0, maxP > 0 ? std::min(1.0, maxP * 1.15) : 1.0);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void NextTokenChart::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (rowsThatFit() < m_rows.size() || m_shown.size() < m_rows.size() || wantsCompactLegend() != m_compact) rebuild();
}

void NextTokenChart::changeEvent(QEvent* event) {
    if (event->type() == QEvent::PaletteChange) styleBaselineBars(m_baselineBars, palette());
    restyleOnPaletteChange(event, m_plot, palette());
    QWidget::changeEvent(event);
}

}  // namespace gna::views
