#pragma once
// AblationCurve: metric vs number of removed heads/layers (or k of top-k sparsification), one
// graph per task with error bars, and a dashed random-heads control curve.
#include <QWidget>
#include <vector>

class QCustomPlot;

namespace gna::views {

struct CurveSeries {
    QString name;             // "KV-retrieval", "MMLU", "random heads (control)"
    std::vector<double> x;    // e.g. number of heads removed
    std::vector<double> y;    // metric
    std::vector<double> error; // +- error (std or CI half-width); empty = none
    bool control = false;     // drawn dashed, grey
};

class AblationCurve : public QWidget {
    Q_OBJECT
public:
    explicit AblationCurve(QWidget* parent = nullptr);

    void setSeries(const QList<CurveSeries>& series, const QString& xLabel, const QString& yLabel);
    const QList<CurveSeries>& series() const { return m_series; }
    QCustomPlot* plot() const { return m_plot; }

protected:
    void changeEvent(QEvent* event) override;

private:
    QCustomPlot* m_plot;
    QList<CurveSeries> m_series;
};

}  // namespace gna::views
