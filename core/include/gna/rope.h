#pragma once
// Rotary position embedding frequencies (torch-free, so tests can check them by hand).
#include <cstdint>
#include <vector>

#include "gna/config.h"

namespace gna {

// inv_freq_i = 1 / theta^(2i / rotary_dim), i = 0 .. rotary_dim/2 - 1, then the scaling of
// `rope.type`: llama3 (wavelength bands), linear (divide by factor); default/dynamic unchanged.
std::vector<double> rope_inverse_frequencies(const RopeConfig& rope, int64_t rotary_dim);

}  // namespace gna
