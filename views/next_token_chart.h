#pragma once
// NextTokenChart: the model's top-k next tokens as horizontal bars, plus the probabilities of the
// answer candidates (marked), optionally next to a baseline run (compare mode).
#include <QWidget>

class QCustomPlot;
class QCPBars;
class QCPBarsGroup;

namespace gna::views {

struct TokenProbability {
    QString label;
    double probability = 0.0;
    bool candidate = false;  // one of the answer candidates
};

class NextTokenChart : public QWidget {
    Q_OBJECT
public:
    explicit NextTokenChart(QWidget* parent = nullptr);

    // Rows drawn top to bottom in the given order.
    void setProbabilities(const QList<TokenProbability>& rows);
    // Baseline probabilities per label (empty = no comparison).
    void setBaseline(const QList<TokenProbability>& rows);
    // Legend texts (defaults: top tokens, answer candidates, baseline without ablation).
    // `shortNames` (same order): what a short chart's one-line legend says instead (empty: the names).
    void setSeriesNames(const QString& bars, const QString& candidates, const QString& baseline,
                        const QStringList& shortNames = {});
    const QList<TokenProbability>& probabilities() const { return m_rows; }
    const QList<TokenProbability>& baseline() const { return m_baseline; }
    // Shown instead of the chart while it has no rows (default: no prediction yet).
    void setEmptyMessage(const QString& message);
    // The legend's names: top tokens, answer candidates, baseline (the full ones, also in a compact legend).
    QStringList seriesNames() const;
    // Whether the chart is too short for its full legend: then the legend is one line of short names
    // and small icons (the full names in the chart's tooltip).
    bool compactLegend() const { return m_compact; }
    // true (default): only the rows that fit the chart's height are drawn; false: every row
    // (figures for papers, sized for them).
    void setFitRowsToHeight(bool fit);
    // The rows drawn: all of them when they fit, else the one or two most probable top tokens, then
    // every candidate that fits, then more top tokens, so that labels never overlap (resize the chart
    // to see more).
    const QList<TokenProbability>& shownRows() const { return m_shown; }
    QCustomPlot* plot() const { return m_plot; }
    // The text a row's label is drawn with on the token axis (a token of visible spaces in words).
    static QString tickText(const QString& label);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuild();
    int rowsThatFit() const;
    bool wantsCompactLegend() const;

    QCustomPlot* m_plot;
    QCPBars* m_bars;
    QCPBars* m_candidateBars;
    QCPBars* m_baselineBars;
    QCPBarsGroup* m_group;
    QString m_emptyMessage;
    QList<TokenProbability> m_rows;
    QList<TokenProbability> m_shown;
    QList<TokenProbability> m_baseline;
    bool m_fitRows = true;
    bool m_compact = false;
    QStringList m_names, m_shortNames;
};

}  // namespace gna::views
