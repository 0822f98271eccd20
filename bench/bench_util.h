#pragma once
// Helpers of the benchmarks (header-only): timing, medians, numbers from the command line, and the
// generated models, written once to the temp folder and reused by later runs.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "gna/model.h"
#include "gna/tiny_model.h"

namespace gna::bench {

using Clock = std::chrono::steady_clock;

inline double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// User + system CPU seconds of this process so far.
inline double cpu_seconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + 1e-6 * (u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

// The median (the upper one of an even count); 0 for no values.
inline double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty() ? 0 : v[v.size() / 2];
}

// The machine's 1-minute load average (printed beside every figure: the machines are shared).
inline double load_average() {
    double l[1] = {0};
    return getloadavg(l, 1) == 1 ? l[0] : 0;
}

// argv[i] as an integer, or `fallback` when there are fewer arguments.
inline int int_arg(int argc, char** argv, int i, int fallback) { return argc > i ? std::atoi(argv[i]) : fallback; }

// A generated Llama of the benchmarks' shape: MLP hidden * 8 / 3, a 300-merge tokenizer.
inline TinyModelSpec llama_spec(int layers, int hidden, int heads, int kv_heads) {
    return {.layers = layers,
            .hidden = hidden,
            .heads = heads,
            .kv_heads = kv_heads,
            .intermediate = hidden * 8 / 3,
            .merges = 300};
}

// The device the generated models run on: GNA_BENCH_DEVICE=cuda for the GPU (wall times are then the
// measure; CPU times count the host's side alone), else the CPU.
inline Device bench_device() {
    const char* e = std::getenv("GNA_BENCH_DEVICE");
    return e && std::string(e) == "cuda" ? Device::CUDA : Device::CPU;
}

// The model of `spec` in <temp>/<name>, written first when the folder holds none.
inline std::unique_ptr<Model> cached_model(const TinyModelSpec& spec, const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() / name;
    if (!std::filesystem::exists(dir / "config.json")) write_tiny_model(spec, dir);
    LoadOptions o;
    o.device = bench_device();
    return Model::load(dir, o);
}

// `n` token ids spread over the vocabulary (1 + 37 t mod (vocab - 1)), never id 0.
inline std::vector<int> spread_tokens(int n, int vocab) {
    std::vector<int> ids;
    for (int t = 0; t < n; ++t) ids.push_back(1 + (t * 37) % (vocab - 1));
    return ids;
}

}  // namespace gna::bench
