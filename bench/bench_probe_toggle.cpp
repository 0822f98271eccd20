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
#include "bench_util.h"

using namespace gna::bench;

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);
    const int tokens = int_arg(argc, argv, 1, 512), layer = int_arg(argc, argv, 2, 12), layers = int_arg(argc, argv, 3, 16),
              hidden = int_arg(argc, argv, 4, 1024), heads = int_arg(argc, argv, 5, 16), reps = int_arg(argc, argv, 6, 3);
    // the model of bench_attribution, shared through the temp folder
    auto model = cached_model(llama_spec(layers, hidden, heads, heads / 2 > 0 ? heads / 2 : 1),
                              "gna_bench_attr_" + std::to_string(layers) + "_" + std::to_string(hidden) + "_" + std::to_string(heads));

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
        t_full += seconds_since(t0);
        t0 = Clock::now();
        const gna::RunResult fast = gna::run_from_residuals(*model, toggle, *kept.residuals);
        t_toggle += seconds_since(t0);
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
