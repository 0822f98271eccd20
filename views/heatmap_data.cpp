#include "heatmap_data.h"

#include <algorithm>
#include <cmath>

namespace gna::views {

HeatmapData difference(const HeatmapData& a, const HeatmapData& b) {
    if (!a.isValid() || !b.isValid() || a.rows != b.rows || a.cols != b.cols) return {};
    HeatmapData d = a;
    d.isDifference = true;
    d.lastRow.reset();
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
