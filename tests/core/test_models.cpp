#include "test_models.h"

#include <cmath>
#include <random>
#include <unistd.h>

namespace gna::test {

TempDir::TempDir() {
    std::random_device rd;
    path_ = std::filesystem::temp_directory_path() /
            ("gna_test_" + std::to_string(::getpid()) + "_" + std::to_string(rd()));
    std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
}

std::filesystem::path make_model(const TempDir& dir, const std::string& name, const TinyModelSpec& spec) {
    auto p = dir / name;
    write_tiny_model(spec, p);
    return p;
}

std::vector<float> weights(const Checkpoint& ckpt, const std::string& name) { return to_float(ckpt.tensor(name)); }

double max_abs_diff(const std::vector<float>& a, const std::vector<float>& b) {
    if (a.size() != b.size()) return INFINITY;
    double m = 0;
    for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(static_cast<double>(a[i]) - b[i]));
    return m;
}

}  // namespace gna::test
