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

std::pair<double, double> colourRange(const HeatmapData& map) {
    const auto [lo, hi] = valueRange(map);
    if (!map.hiddenAttention || map.isDifference) return {lo, hi};
    // An SSM head's hidden attention: a few cells (the current token, the first) are many times the rest,
    // which a scale to their size leaves white. Its colours end at the 99th percentile of |a| over the
    // cells with a value (those above take the end colour).
    std::vector<double> magnitudes;
    for (const float v : map.values)
        if (v != 0.0f) magnitudes.push_back(std::abs(double(v)));
    const double largest = std::max(std::abs(lo), std::abs(hi));
    if (magnitudes.size() < 20) return {lo, hi};
    const auto at = magnitudes.begin() + static_cast<std::ptrdiff_t>(0.99 * double(magnitudes.size() - 1));
    std::nth_element(magnitudes.begin(), at, magnitudes.end());
    if (*at <= 0.0 || *at >= 0.5 * largest) return {lo, hi};
    return {lo < 0.0 ? -*at : 0.0, *at};
}

}  // namespace gna::views
