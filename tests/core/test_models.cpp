#include "test_models.h"

#include <algorithm>
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

TinyModelSpec tiny_any_arch(const std::string& arch, uint64_t seed) {
    TinyModelSpec s;
    s.arch = arch;
    s.layers = 4;
    s.hidden = 32;
    s.heads = 4;
    s.kv_heads = 2;
    s.intermediate = 48;
    s.state_size = 8;
    s.ssm_head_dim = 16;
    s.chunk_size = 8;
    s.seed = seed;
    if (arch == "zamba2") {
        s.block_types = "mamba,hybrid,mamba,hybrid";
        s.kv_heads = 4;
    }
    if (arch == "recurrentgemma") s.block_types = "recurrent,attention,recurrent,recurrent";
    return s;
}

double naive_logprob(Model& m, const std::vector<int>& prompt, const std::vector<int>& continuation,
                     const InterventionPlan& plan) {
    RunRequest r;
    r.tokens = prompt;
    r.tokens.insert(r.tokens.end(), continuation.begin(), continuation.end());
    r.plan = plan;
    r.all_logits = true;
    const RunResult out = m.run(r);
    const std::size_t V = static_cast<std::size_t>(out.vocab);
    double sum = 0.0;
    for (std::size_t k = 0; k < continuation.size(); ++k) {
        const std::size_t row = prompt.size() - 1 + k;
        double mx = -1e300, z = 0.0;
        for (std::size_t v = 0; v < V; ++v) mx = std::max(mx, double(out.all_logits[row * V + v]));
        for (std::size_t v = 0; v < V; ++v) z += std::exp(double(out.all_logits[row * V + v]) - mx);
        sum += double(out.all_logits[row * V + std::size_t(continuation[k])]) - mx - std::log(z);
    }
    return sum;
}

const std::vector<std::string>& tiny_archs() {
    static const std::vector<std::string> archs = {"llama", "mistral", "mamba", "mamba2", "jamba", "zamba2", "recurrentgemma"};
    return archs;
}

}  // namespace gna::test
