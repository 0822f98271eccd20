#pragma once
// AblationCurve: metric vs number of removed heads/layers (or k of top-k sparsification), one
// graph per task with error bars, and a dashed random-heads control curve.
#include <QWidget>
#include <cmath>
#include <utility>
#include <vector>

class QCustomPlot;

namespace gna::views {

struct CurveSeries {
    QString name;  // "KV-retrieval", "MMLU", "random heads (control)"
    std::vector<double> x;  // e.g. number of heads removed
    std::vector<double> y;  // metric
    std::vector<double> error;  // +- error (std or CI half-width); empty = none
    bool control = false;  // drawn dashed, grey
};

class AblationCurve : public QWidget {
    Q_OBJECT
public:
    explicit AblationCurve(QWidget* parent = nullptr);

    // valueBounds: the metric's possible range (accuracy 0..1, granular score 0..5): the value axis
    // then shows exactly that range (with a small margin) whatever the data; {NaN, NaN}: from the data.
    void setSeries(const QList<CurveSeries>& series, const QString& xLabel, const QString& yLabel,
                   std::pair<double, double> valueBounds = {std::nan(""), std::nan("")});
    const QList<CurveSeries>& series() const { return m_series; }
    std::pair<double, double> valueBounds() const { return m_bounds; }
    QCustomPlot* plot() const { return m_plot; }

protected:
    void changeEvent(QEvent* event) override;

private:
    QCustomPlot* m_plot;
    QList<CurveSeries> m_series;
    std::pair<double, double> m_bounds{std::nan(""), std::nan("")};
};

}  // namespace gna::views
