#pragma once
// Plain data of one attention map as views draw it: rows are query tokens, columns key tokens.
#include <QString>
#include <QStringList>
#include <vector>

namespace gna::views {

struct HeatmapData {
    QString title;          // e.g. "L17.H24"
    QStringList rowLabels;  // query tokens, one per row
    QStringList colLabels;  // key tokens, one per column
    QList<int> rowPositions; // absolute prompt position of each row (for labels "12: Paris")
    int rows = 0;
    int cols = 0;
    std::vector<float> values;  // row-major rows x cols
    bool isDifference = false;  // values are a - b (signed)

    bool isValid() const { return rows > 0 && cols > 0 && values.size() == static_cast<std::size_t>(rows) * cols; }
    float at(int r, int c) const { return values[static_cast<std::size_t>(r) * cols + c]; }
};

struct RowStats {
    double entropyBits = 0.0;  // -sum a log2 a over the row
    double maxWeight = 0.0;
    int argmax = -1;
};

RowStats rowStats(const HeatmapData& map, int row);
// a - b, cell by cell; labels from a. Invalid (empty) if the shapes differ.
HeatmapData difference(const HeatmapData& a, const HeatmapData& b);
// Smallest and largest value over the map.
std::pair<double, double> valueRange(const HeatmapData& map);

}  // namespace gna::views
