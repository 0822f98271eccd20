#pragma once
// RetrievalMap: needle-in-a-haystack scores, x = context length, y = needle depth, colour
// 0..5 red-yellow-green, one cell per prompt (or the KV-retrieval map's cells, see Kind); cells never
// run (NaN) are hatched grey, named "not run" in the legend. Clicking a cell emits cellClicked (to open
// the prompt and the model's answer).
#include <QBrush>
#include <QWidget>
#include <vector>

class QCustomPlot;
class QCPBars;
class QCPColorMap;
class QCPColorScale;
class QCPTextElement;

namespace gna::views {

struct RetrievalGrid {
    // Needle: x = context length, y = needle depth, score 0..5. KV-retrieval map (gna/kv_map.h):
    // x = dictionary size (lines), y = depth of the queried key (0 = first line), colour = share
    // answered right or mean probability of the right value, 0..1.
    enum class Kind { Needle, KvAccuracy, KvProbability };
    Kind kind = Kind::Needle;
    std::vector<int> contextLengths;  // x, tokens (KV map: dictionary sizes)
    std::vector<double> depths;  // y, percent (0 = needle at the start of the haystack)
    std::vector<double> scores;  // depths.size() x contextLengths.size(), row-major by depth; NaN = not run
    QString title;
    double maxScore = 5.0;
    bool depthFromEnd = false;  // true: 0% = needle at the end of the haystack
    bool isValid() const {
        return !contextLengths.empty() && !depths.empty() && scores.size() == contextLengths.size() * depths.size();
    }
    double at(int depthIndex, int lengthIndex) const {
        return scores[static_cast<std::size_t>(depthIndex) * contextLengths.size() + lengthIndex];
    }
};

class RetrievalMap : public QWidget {
    Q_OBJECT
public:
    explicit RetrievalMap(QWidget* parent = nullptr);

    void setGrid(const RetrievalGrid& grid);
    const RetrievalGrid& grid() const { return m_grid; }
    double cellValue(int depthIndex, int lengthIndex) const;  // read back from the colour map
    QPointF cellCenterPixel(int depthIndex, int lengthIndex) const;
    double meanScore() const;
    int missingCells() const;  // cells drawn hatched (never run)
    static QBrush missingBrush();  // their hatch, also the legend's "not run" entry
    QCustomPlot* plot() const { return m_plot; }
    // Shown while the map has no grid (default: run the experiment or open a result).
    void setEmptyMessage(const QString& message);
    QString emptyMessage() const { return m_emptyMessage; }

Q_SIGNALS:
    void cellClicked(int depthIndex, int lengthIndex);

protected:
    void changeEvent(QEvent* event) override;

private:
    QCustomPlot* m_plot;
    QCPColorMap* m_map;
    QCPColorScale* m_scale;
    QCPTextElement* m_title;
    QCPBars* m_missing;  // no data: the legend entry of the hatched cells
    RetrievalGrid m_grid;
    QString m_emptyMessage;
};

}  // namespace gna::views
