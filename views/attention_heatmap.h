#pragma once
// AttentionHeatmap: one head's attention map (query rows x key columns) as a QCPColorMap with a
// colour scale, token labels on both axes, zoom/pan, hover tooltip (query, key, weight), fixed or
// per-map colour range, log scale, colour-blind-safe palettes and a signed difference mode.
#include <QColor>
#include <QWidget>
#include <utility>

#include "heatmap_data.h"
#include "palettes.h"

class QCustomPlot;
class QCPColorMap;
class QCPColorScale;
class QCPTextElement;
class QCPRange;

namespace gna::views {

class AttentionHeatmap : public QWidget {
    Q_OBJECT
public:
    explicit AttentionHeatmap(QWidget* parent = nullptr);

    void setData(const HeatmapData& data);
    const HeatmapData& data() const { return m_data; }
    // No map: the message (default "No model loaded") instead of axes; exports refuse such a map.
    void clear();
    void setEmptyMessage(const QString& message);
    QString emptyMessage() const { return m_emptyMessage; }

    // Fixed colour range (same scale across maps when comparing) or per-map (auto).
    void setFixedRange(double lower, double upper);
    void setAutoRange();
    bool hasFixedRange() const { return m_fixed; }
    std::pair<double, double> fixedRange() const { return {m_lower, m_upper}; }
    void setLogScale(bool on);
    bool logScale() const { return m_log; }
    void setColorPalette(Palette palette);
    Palette colorPalette() const { return m_palette; }
    // true (default): the title adds the last row's entropy and maximum; false: the head only (figures).
    void setTitleStats(bool on);
    QString titleText() const;  // the title as drawn (head, then the last row's statistics)
    // How the title names the key at column `at` of `labels`: “88”; a token found more than once in the row
    // with up to two tokens before it: “⏎” after “dictionary:”.
    static QString keyName(const QStringList& labels, int at);

    // The value stored in the colour map for (query row, key column): what is drawn.
    double cellValue(int row, int col) const;
    // A cell of the causal mask: its key comes after its query (drawn grey, no weight).
    bool isMaskedCell(int row, int col) const;
    // Tooltip text for a cell: query and key tokens, then the weight or that the cell is masked.
    QString cellText(int row, int col) const;
    // Cell under a pixel of the plot; false outside.
    bool cellAtPixel(const QPointF& pixel, int* row, int* col) const;
    QPointF cellCenterPixel(int row, int col) const;  // plot widget coordinates

    QCustomPlot* plot() const { return m_plot; }
    // Margins as the labels alone need them (no minimum, the colour scale's remembered margin dropped),
    // laid out at once: the first step of lining up two maps' plot rectangles.
    void layOutOwnMargins();
    QCPColorMap* colorMap() const { return m_map; }
    QCPColorScale* colorScale() const { return m_scale; }
    // Signed values (a difference, hidden attention with negative cells): diverging scale, limits ±m.
    bool isSignedMap() const;
    // The colour of a masked cell (key after query): shown through the map where the cell is left out.
    QColor maskedCellColor() const;

public Q_SLOTS:
    void resetView();

Q_SIGNALS:
    void cellHovered(int row, int col, double value);
    void cellClicked(int row, int col);

protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void relayOut();  // for the current size: the axis rect, the title's wrapping, the token labels
    void applyRange();
    void applyGradient();
    void applyTicks();
    void updateTitle();
    void onMouseMove(QMouseEvent* event);

    QCustomPlot* m_plot;
    QCPColorMap* m_map;
    QCPColorScale* m_scale;
    QCPTextElement* m_title;
    HeatmapData m_data;
    Palette m_palette = Palette::Viridis;
    bool m_fixed = false;
    double m_lower = 0.0;
    double m_upper = 1.0;
    bool m_log = false;
    bool m_titleStats = true;
    QString m_emptyMessage;
};

}  // namespace gna::views
