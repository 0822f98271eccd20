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

std::filesystem::path demo_model(const std::string& kind) {
    return std::filesystem::path(GNA_SOURCE_DIR) / "resources" / "demo-models" / kind;
}

std::vector<float> weights(const Checkpoint& ckpt, const std::string& name) { return to_float(ckpt.tensor(name)); }

double max_abs_diff(const std::vector<float>& a, const std::vector<float>& b) {
    if (a.size() != b.size()) return INFINITY;
    double m = 0;
    for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(static_cast<double>(a[i]) - b[i]));
    return m;
}

TinyModelSpec tiny_llama(int layers, uint64_t seed) {
    return {.layers = layers,
            .hidden = 32,
            .heads = 4,
            .kv_heads = 2,
            .intermediate = 48,
            .max_positions = 1024,
            .seed = seed};
}

std::unique_ptr<Model> load_tiny_model(const TempDir& dir, const std::string& name, const TinyModelSpec& spec,
                                       std::filesystem::path* folder) {
    const auto p = make_model(dir, name, spec);
    if (folder) *folder = p;
    return Model::load(p);
}

RunResult run_all_logits(Model& m, std::vector<int> tokens, const InterventionPlan& plan) {
    RunRequest r;
    r.tokens = std::move(tokens);
    r.plan = plan;
    r.all_logits = true;
    return m.run(r);
}

std::vector<double> log_softmax(const std::vector<float>& row) {
    double mx = -1e300;
    for (float v : row) mx = std::max(mx, static_cast<double>(v));
    double z = 0;
    for (float v : row) z += std::exp(v - mx);
    std::vector<double> out;
    out.reserve(row.size());
    for (float v : row) out.push_back(v - mx - std::log(z));
    return out;
}

double continuation_logprob(const std::vector<std::vector<float>>& logits, std::size_t prompt_size,
                            const std::vector<int>& continuation) {
    double sum = 0;
    for (std::size_t i = 0; i < continuation.size(); ++i)
        sum += log_softmax(logits[prompt_size - 1 + i])[static_cast<std::size_t>(continuation[i])];
    return sum;
}

std::vector<int> argmax_tokens(const std::vector<std::vector<float>>& logits, std::size_t from, std::size_t n) {
    std::vector<int> out;
    for (std::size_t k = 0; k < n; ++k) {
        const auto& row = logits[from + k];
        out.push_back(static_cast<int>(std::max_element(row.begin(), row.end()) - row.begin()));
    }
    return out;
}

TinyModelSpec tiny_any_arch(const std::string& arch, uint64_t seed) {
    TinyModelSpec s{.arch = arch,
                    .layers = 4,
                    .hidden = 32,
                    .heads = 4,
                    .kv_heads = 2,
                    .intermediate = 48,
                    .seed = seed,
                    .state_size = 8,
                    .ssm_head_dim = 16,
                    .chunk_size = 8};
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
    static const std::vector<std::string> archs = {"llama", "mistral", "mamba",         "mamba2",
                                                   "jamba", "zamba2",  "recurrentgemma"};
    return archs;
}

}  // namespace gna::test
