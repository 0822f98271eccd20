#include "gna/npy.h"

#include <cstring>

#include "gna/error.h"
#include "gna/json.h"

namespace gna {

void write_npy_f32(const std::filesystem::path& path, const std::vector<float>& data,
                   const std::vector<int64_t>& shape) {
    int64_t n = 1;
    std::string sh = "(";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        n *= shape[i];
        sh += std::to_string(shape[i]) + (shape.size() == 1 || i + 1 < shape.size() ? "," : "");
        if (i + 1 < shape.size()) sh += " ";
    }
    sh += ")";
    if (n != static_cast<int64_t>(data.size())) throw Error(path.string() + ": npy shape does not match the data size");
    std::string header = "{'descr': '<f4', 'fortran_order': False, 'shape': " + sh + ", }";
    // magic(6) + version(2) + len(2) + header + padding + '\n' must be a multiple of 64
    std::size_t total = 10 + header.size() + 1;
    header.append((64 - total % 64) % 64, ' ');
    header += '\n';
    std::string out = "\x93NUMPY";
    out += '\x01';
    out += '\x00';
    uint16_t hl = static_cast<uint16_t>(header.size());
    out += static_cast<char>(hl & 0xff);
    out += static_cast<char>(hl >> 8);
    out += header;
    out.append(reinterpret_cast<const char*>(data.data()), data.size() * sizeof(float));
    write_file_atomic(path, out);
}

std::vector<float> read_npy_f32(const std::filesystem::path& path, std::vector<int64_t>& shape) {
    std::string bytes = read_text_file(path);
    if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0)
        throw Error(path.string() + ": not a .npy file (bad magic)");
    std::size_t hl = static_cast<uint8_t>(bytes[8]) | (static_cast<std::size_t>(static_cast<uint8_t>(bytes[9])) << 8);
    if (10 + hl > bytes.size()) throw Error(path.string() + ": truncated .npy header");
    std::string header = bytes.substr(10, hl);
    if (header.find("'<f4'") == std::string::npos || header.find("'fortran_order': False") == std::string::npos)
        throw Error(path.string() + ": only little-endian float32 C-order arrays are supported");
    auto a = header.find("'shape': (");
    auto b = header.find(')', a);
    if (a == std::string::npos || b == std::string::npos) throw Error(path.string() + ": npy header has no shape");
    shape.clear();
    std::string dims = header.substr(a + 10, b - a - 10);
    int64_t n = 1;
    std::size_t i = 0;
    while (i < dims.size()) {
        while (i < dims.size() && (dims[i] == ' ' || dims[i] == ',')) ++i;
        if (i >= dims.size()) break;
        int64_t d = 0;
        while (i < dims.size() && dims[i] >= '0' && dims[i] <= '9') d = d * 10 + (dims[i++] - '0');
        shape.push_back(d);
        n *= d;
    }
    const std::size_t off = 10 + hl;
    if (bytes.size() - off != static_cast<std::size_t>(n) * 4) throw Error(path.string() + ": npy data size mismatch");
    std::vector<float> out(static_cast<std::size_t>(n));
    std::memcpy(out.data(), bytes.data() + off, out.size() * 4);
    return out;
}

}  // namespace gna
