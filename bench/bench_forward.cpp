// Forward pass of a generated 8-layer, hidden-512 Llama on 512 tokens: tokens/s, and the cost of a
// run with one head ablated and one attention map captured relative to a plain run, measured
// interleaved in the same process (the machine is noisy; compare ratios, not absolute times).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <vector>

#include "bench_util.h"
#include "gna/cpu_runtime.h"

using namespace gna::bench;

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);
    const int reps = argc > 1 ? std::atoi(argv[1]) : 7;
    const int T = argc > 2 ? std::atoi(argv[2]) : 512;
    gna::TinyModelSpec s = llama_spec(8, 512, 8, 8);
    s.intermediate = 1376;
    auto model = cached_model(s, "gna_bench_forward");

    gna::RunRequest plain;
    plain.tokens = spread_tokens(T, model->info().vocab_size);
    gna::RunRequest inter = plain;
    inter.plan.ablate(gna::HeadRef{4, 3});
    inter.capture = {gna::HeadRef{5, 2}};

    model->run(plain);  // warm-up
    model->run(inter);
    std::vector<double> tp, ti;
    for (int r = 0; r < reps; ++r) {
        auto t0 = Clock::now();
        model->run(plain);
        auto t1 = Clock::now();
        model->run(inter);
        auto t2 = Clock::now();
        tp.push_back(std::chrono::duration<double>(t1 - t0).count());
        ti.push_back(std::chrono::duration<double>(t2 - t1).count());
    }
    const double mp = median(tp), mi = median(ti);
    std::printf("model: 8 layers, hidden 512, 8 heads; prompt %d tokens; %d interleaved repetitions\n", T, reps);
    std::printf("plain forward:                 median %.4f s  (%.0f tokens/s)\n", mp, T / mp);
    std::printf("ablate L4.H3 + capture L5.H2:  median %.4f s  (%.0f tokens/s)\n", mi, T / mi);
    std::printf("ratio intervened / plain:      %.3f  (goal < 1.2)\n", mi / mp);
    return 0;
}
