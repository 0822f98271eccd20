#include "heatmap_data.h"

#include <algorithm>
#include <cmath>

namespace gna::views {

RowStats rowStats(const HeatmapData& map, int row) {
    RowStats s;
    if (!map.isValid() || row < 0 || row >= map.rows) return s;
    for (int c = 0; c < map.cols; ++c) {
        const double a = map.at(row, c);
        if (a > 0.0) s.entropyBits -= a * std::log2(a);
        if (s.argmax < 0 || a > s.maxWeight) {
            s.maxWeight = a;
            s.argmax = c;
        }
    }
    return s;
}

HeatmapData difference(const HeatmapData& a, const HeatmapData& b) {
    if (!a.isValid() || !b.isValid() || a.rows != b.rows || a.cols != b.cols) return {};
    HeatmapData d = a;
    d.isDifference = true;
    d.title = a.title + QStringLiteral(" − ") + b.title;
    for (std::size_t i = 0; i < d.values.size(); ++i) d.values[i] = a.values[i] - b.values[i];
    return d;
}

std::pair<double, double> valueRange(const HeatmapData& map) {
    if (map.values.empty()) return {0.0, 1.0};
    const auto [lo, hi] = std::minmax_element(map.values.begin(), map.values.end());
    return {*lo, *hi};
}

}  // namespace gna::views
