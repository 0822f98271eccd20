#pragma once
// NumPy .npy files (format version 1.0, little-endian float32, C order), so results can be
// compared with Python tools.
#include <cstdint>
#include <filesystem>
#include <vector>

namespace gna {

void write_npy_f32(const std::filesystem::path& path, const std::vector<float>& data,
                   const std::vector<int64_t>& shape);
// Reads a float32 .npy written by write_npy_f32 or NumPy ('<f4', C order). Throws gna::Error.
std::vector<float> read_npy_f32(const std::filesystem::path& path, std::vector<int64_t>& shape);

}  // namespace gna
