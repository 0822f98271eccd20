#pragma once
// Plain data of one attention map as views draw it: rows are query tokens, columns key tokens.
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

namespace gna::views {

// The statistics of one row as the core scores it (gna::row_stats, filled by the application): the
// title states them, so that title, head board and caption read the same row the same way.
struct RowStats {
    double entropyBits = 0.0;  // -sum p log2 p
    double maxWeight = 0.0;  // the largest p
    int argmax = -1;
    bool magnitudes = false;  // p = |a| / sum |a| (an SSM head's signed hidden attention)
};

struct HeatmapData {
    QString title;  // e.g. "L17.H24"
    QStringList rowLabels;  // query tokens, one per row
    QStringList colLabels;  // key tokens, one per column
    QList<int> rowPositions;  // absolute prompt position of each row (for labels "12: Paris")
    int rows = 0;
    int cols = 0;
    std::vector<float> values;  // row-major rows x cols
    bool isDifference = false;  // values are a - b (signed)
    bool hiddenAttention = false;  // an SSM head's hidden attention (signed, rows not summing to 1)
    std::optional<RowStats> lastRow;  // the last row's statistics; none for a difference map

    bool isValid() const { return rows > 0 && cols > 0 && values.size() == static_cast<std::size_t>(rows) * cols; }
    float at(int r, int c) const { return values[static_cast<std::size_t>(r) * cols + c]; }
};

// a - b, cell by cell; labels from a. Invalid (empty) if the shapes differ.
HeatmapData difference(const HeatmapData& a, const HeatmapData& b);
// Smallest and largest value over the map.
std::pair<double, double> valueRange(const HeatmapData& map);
// The range a map is coloured over: its values' range; for an SSM head's signed hidden attention whose few
// largest cells are many times the rest, up to the 99th percentile of |a| (larger cells take the end colour).
std::pair<double, double> colourRange(const HeatmapData& map);

}  // namespace gna::views
