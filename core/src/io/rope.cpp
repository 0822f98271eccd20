#include "gna/rope.h"

#include <cmath>

namespace gna {

std::vector<double> rope_inverse_frequencies(const RopeConfig& rope, int64_t rotary_dim) {
    std::vector<double> inv(static_cast<std::size_t>(rotary_dim / 2));
    for (std::size_t i = 0; i < inv.size(); ++i)
        inv[i] = 1.0 / std::pow(rope.theta, static_cast<double>(2 * i) / static_cast<double>(rotary_dim));
    if (rope.type == "linear") {
        for (auto& f : inv) f /= rope.factor;
    } else if (rope.type == "llama3") {
        const double pi = 3.14159265358979323846;
        const double orig = static_cast<double>(rope.original_max_position_embeddings);
        const double low_wavelen = orig / rope.low_freq_factor;
        const double high_wavelen = orig / rope.high_freq_factor;
        for (auto& f : inv) {
            const double wavelen = 2 * pi / f;
            if (wavelen < high_wavelen) continue;  // high frequencies: unchanged
            if (wavelen > low_wavelen) {
                f = f / rope.factor;  // low frequencies: scaled
                continue;
            }
            const double s = (orig / wavelen - rope.low_freq_factor) / (rope.high_freq_factor - rope.low_freq_factor);
            f = (1 - s) * f / rope.factor + s * f;  // smooth band in between
        }
    }
    return inv;
}

}  // namespace gna
