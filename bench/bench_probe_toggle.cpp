// A head toggle in the interactive probe's model path against a full forward, measured side by side
// in one run: the unablated pass keeps the residual stream at every layer boundary
// (run_keeping_residuals), a toggle of a head in layer `layer` recomputes from that layer only
// (run_from_residuals). Generated Llama, default 16 layers, hidden 1024, 16 heads, 512 tokens, a
// head in layer 12. Prints the ratio (goal: at most 0.35x) and checks the logits are bit-identical.
//   bench_probe_toggle [tokens=512] [layer=12] [layers=16] [hidden=1024] [heads=16] [reps=3]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>

#include "gna/cpu_runtime.h"
#include "gna/model.h"
#include "gna/residual_stream.h"
#include "gna/tiny_model.h"

using Clock = std::chrono::steady_clock;

namespace {
double since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }
int arg(int argc, char** argv, int i, int fallback) { return argc > i ? std::atoi(argv[i]) : fallback; }
}  // namespace

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);
    const int tokens = arg(argc, argv, 1, 512), layer = arg(argc, argv, 2, 12), layers = arg(argc, argv, 3, 16),
              hidden = arg(argc, argv, 4, 1024), heads = arg(argc, argv, 5, 16), reps = arg(argc, argv, 6, 3);
    const auto dir = std::filesystem::temp_directory_path() /
                     ("gna_bench_attr_" + std::to_string(layers) + "_" + std::to_string(hidden) + "_" + std::to_string(heads));
    gna::TinyModelSpec s;
    s.layers = layers;
    s.hidden = hidden;
    s.heads = heads;
    s.kv_heads = heads / 2 > 0 ? heads / 2 : 1;
    s.intermediate = hidden * 8 / 3;
    s.merges = 300;
    if (!std::filesystem::exists(dir / "config.json")) gna::write_tiny_model(s, dir);
    auto model = gna::Model::load(dir);

    gna::RunRequest base;
    for (int t = 0; t < tokens; ++t) base.tokens.push_back(3 + (t * 37) % 500);
    const gna::KeptRun kept = gna::run_keeping_residuals(*model, base, std::size_t(4) << 30);
    if (!kept.residuals) {
        std::printf("the residual stream (%zu bytes) does not fit the budget\n", kept.bytes);
        return 1;
    }
    gna::RunRequest toggle = base;
    toggle.plan.ablate(gna::HeadRef{layer, 0});
    double t_full = 0, t_toggle = 0;
    bool same = true;
    for (int r = 0; r < reps; ++r) {  // interleaved: the machine's load hits both alike
        auto t0 = Clock::now();
        const gna::RunResult full = model->run(toggle);
        t_full += since(t0);
        t0 = Clock::now();
        const gna::RunResult fast = gna::run_from_residuals(*model, toggle, *kept.residuals);
        t_toggle += since(t0);
        same = same && full.last_logits.size() == fast.last_logits.size() &&
               std::memcmp(full.last_logits.data(), fast.last_logits.data(), full.last_logits.size() * sizeof(float)) == 0;
    }
    std::printf("model: %d layers, hidden %d, %d heads, %d tokens, %d LibTorch threads; kept stream %.1f MB\n", layers, hidden,
                heads, tokens, gna::cpu_runtime_info().torch_threads, kept.bytes / 1e6);
    std::printf("full forward:                 %7.3f s  1.00x\n", t_full / reps);
    std::printf("toggle L%d.H0 from layer %2d:   %7.3f s  %.2fx of a full forward  (logits bit-identical: %s)\n", layer, layer,
                t_toggle / reps, t_toggle / t_full, same ? "yes" : "NO");
    return same ? 0 : 1;
}
