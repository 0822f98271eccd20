// Forward throughput of a generated 8-layer Mamba-2 (hidden 512, 16 heads of 64, state 128,
// chunk 256) on 2048 tokens: the chunked SSD scan against the per-token loop in the same run
// (goal: ratio >= 10), and the cost of materialising one head's hidden attention at 2048 tokens.
// Then the roofline fractions (goal <= 1.5): the whole forward of a Mamba-1, a Mamba-2 and an
// RG-LRU model of 370m-like width (hidden 1024) over the model's matrix products alone (the same
// shapes with at::linear / at::matmul, interleaved in the same run).
//   bench_ssm [reps=3] [tokens=2048] [all|roofline] [mamba|mamba2|recurrentgemma (roofline of one)]
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <ATen/Parallel.h>

#include "../core/src/ssm/scan.h"  // internal: the scans themselves, timed alone below
#include "bench_util.h"
#include "gna/cpu_runtime.h"

using namespace gna::bench;

namespace {
std::vector<double> g_cpu;  // process CPU seconds of each timed call (the machine is shared: wall time is noisy)
double seconds(const std::function<void()>& f) {
    const double c0 = cpu_seconds();
    auto t0 = Clock::now();
    f();
    g_cpu.push_back(cpu_seconds() - c0);
    return std::chrono::duration<double>(Clock::now() - t0).count();
}
long peak_rss_mib() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss / 1024;
}

void scans_and_loop(int reps, int T) {
    const gna::TinyModelSpec s{.arch = "mamba2",
                               .layers = 8,
                               .hidden = 512,
                               .merges = 300,
                               .state_size = 128,
                               .expand = 2,
                               .ssm_head_dim = 64,
                               .chunk_size = 256};
    auto model = cached_model(s, "gna_bench_ssm");

    gna::RunRequest plain;
    plain.tokens = spread_tokens(T, model->info().vocab_size);
    gna::RunRequest cap = plain;
    cap.capture = {gna::HeadRef{5, 7, gna::HeadKind::SSM}};

    model->run(plain);  // warm-up
    std::vector<double> chunked, loop, captured, cpu_chunked, cpu_loop, cpu_cap;
    gna::RunResult rc;
    const long rss_before = peak_rss_mib();
    for (int r = 0; r < reps; ++r) {
        gna::set_sequential_scans(false);
        chunked.push_back(seconds([&] { model->run(plain); }));
        cpu_chunked.push_back(g_cpu.back());
        gna::set_sequential_scans(true);
        loop.push_back(seconds([&] { model->run(plain); }));
        cpu_loop.push_back(g_cpu.back());
        gna::set_sequential_scans(false);
        captured.push_back(seconds([&] { rc = model->run(cap); }));  // interleaved with the plain runs
        cpu_cap.push_back(g_cpu.back());
    }
    // The whole model one token at a time with the carried state (what generation does): the same
    // 2048 positions through all layers, per-token in every op.
    gna::RunRequest steps;
    steps.tokens = {plain.tokens[0]};
    steps.generate = T;  // T-1 recurrent steps after the first token
    steps.stop_tokens = {-1};
    double step_cpu = 0;
    const double step_wall = seconds([&] { model->run(steps); });
    step_cpu = g_cpu.back();

    const long rss_after = peak_rss_mib();

    const double mc = median(chunked), ml = median(loop), mh = median(captured);
    std::printf("model: Mamba-2, 8 layers, hidden 512, 16 heads x 64, state 128, chunk 256; %d tokens; %d reps\n", T,
                reps);
    std::printf("chunked SSD forward:   median %.3f s  (%.0f tokens/s)\n", mc, T / mc);
    std::printf("per-token loop:        median %.3f s  (%.0f tokens/s)\n", ml, T / ml);
    std::printf("speed-up chunked/loop: %.1fx wall, %.1fx CPU time (%.2f s vs %.2f s CPU)  (goal >= 10x)\n", ml / mc,
                median(cpu_loop) / median(cpu_chunked), median(cpu_chunked), median(cpu_loop));
    std::printf(
        "token-by-token through the model (decode loop, %d steps): %.3f s wall, %.2f s CPU: chunked prefill "
        "is %.1fx faster (wall), %.1fx (CPU)\n",
        T, step_wall, step_cpu, step_wall / mc, step_cpu / median(cpu_chunked));
    std::printf(
        "forward + hidden attention of L5.S7 (all %d rows): median %.3f s wall (+%.3f s over plain), "
        "%.2f s CPU (+%.2f s)\n",
        T, mh, mh - mc, median(cpu_cap), median(cpu_cap) - median(cpu_chunked));
    std::printf("captured map: %d x %d floats = %.1f MiB; peak RSS %ld MiB before captures, %ld MiB after\n",
                static_cast<int>(rc.attention[0].rows.size()), rc.attention[0].cols,
                rc.attention[0].weights.size() * 4.0 / (1 << 20), rss_before, rss_after);

    // The scans alone, same shapes as one layer of the model (and a Mamba-1 layer of the same width).
    at::manual_seed(0);
    const int64_t H = 16, P = 64, N = 128, D = 1024, N1 = 16;
    at::Tensor x = at::randn({1, T, H, P}), dt = at::rand({1, T, H}) * 0.1 + 0.001, A = -at::rand({H}) * 8 - 1;
    at::Tensor Bg = at::randn({1, T, 1, N}), Cg = at::randn({1, T, 1, N});
    std::vector<double> ssd_c, ssd_l, sel_c, sel_l, cpu[4];
    at::Tensor u = at::randn({1, T, D}), dt1 = at::rand({1, T, D}) * 0.1 + 0.001, A1 = -at::rand({D, N1}) * 8 - 1;
    at::Tensor B1 = at::randn({1, T, N1}), C1 = at::randn({1, T, N1});
    for (int r = 0; r < reps; ++r) {
        ssd_c.push_back(seconds([&] { gna::ssd_scan(x, dt, A, Bg, Cg, 256, {}); }));
        cpu[0].push_back(g_cpu.back());
        ssd_l.push_back(seconds([&] { gna::ssd_scan_sequential(x, dt, A, Bg, Cg, {}); }));
        cpu[1].push_back(g_cpu.back());
        sel_c.push_back(seconds([&] { gna::selective_scan(u, dt1, A1, B1, C1, {}); }));
        cpu[2].push_back(g_cpu.back());
        sel_l.push_back(seconds([&] { gna::selective_scan_sequential(u, dt1, A1, B1, C1, {}); }));
        cpu[3].push_back(g_cpu.back());
    }
    std::printf(
        "scan alone, Mamba-2 layer (16 x 64, N 128, %d tokens, config chunk 256): chunked SSD %.4f s wall / "
        "%.4f s CPU, per-token loop %.4f s / %.4f s: %.1fx wall, %.1fx CPU\n",
        T, median(ssd_c), median(cpu[0]), median(ssd_l), median(cpu[1]), median(ssd_l) / median(ssd_c),
        median(cpu[1]) / median(cpu[0]));
    std::printf(
        "scan alone, Mamba-1 layer (1024 channels, N 16, %d tokens): blocked %.4f s / %.4f s CPU, per-token "
        "loop %.4f s / %.4f s: %.1fx wall, %.1fx CPU\n",
        T, median(sel_c), median(cpu[2]), median(sel_l), median(cpu[3]), median(sel_l) / median(sel_c),
        median(cpu[3]) / median(cpu[2]));
    // Amdahl: the per-token loop only replaces the scans; everything else (projections, conv, norms,
    // head) costs the same in both runs and bounds the whole-forward ratio.
    const double scans = s.layers * median(cpu[0]), rest = median(cpu_chunked) - scans;
    if (rest > 0)
        std::printf(
            "forward CPU time outside the scans ~ %.2f s (%.0f%% of the chunked forward, %d layers x the scan "
            "alone above): even a free scan bounds the whole-forward ratio at ~%.1fx (CPU)\n",
            rest, 100.0 * rest / median(cpu_chunked), s.layers, median(cpu_loop) / rest);
}

// The matrix products of one forward of `s` (T tokens, batch 1), with weights of the same shapes:
// every Linear of every layer over all T rows (and the block-diagonal RG-LRU gates), the LM head
// over the last row, as the forward does them.
std::function<void()> matmuls_of(const gna::TinyModelSpec& s, int64_t T, int64_t V) {
    struct Mm {
        at::Tensor x, w, b;  // at::linear(x, w, b), or at::matmul(x, w) for the 3-d gate blocks
    };
    std::vector<Mm> mm;
    auto lin = [&](int64_t rows, int64_t in, int64_t out, bool bias) {
        mm.push_back({at::randn({1, rows, in}), at::randn({out, in}) * 0.02, bias ? at::randn({out}) : at::Tensor()});
    };
    const int64_t C = s.hidden;
    for (int l = 0; l < s.layers; ++l) {
        if (s.arch == "mamba") {
            const int64_t D = s.expand * C, N = s.state_size, R = (C + 15) / 16;
            lin(T, C, 2 * D, false), lin(T, D, R + 2 * N, false), lin(T, R, D, true), lin(T, D, C, false);
        } else if (s.arch == "mamba2") {
            const int64_t DI = s.expand * C, H = DI / s.ssm_head_dim, Cc = DI + 2 * s.n_groups * s.state_size;
            lin(T, C, DI + Cc + H, false), lin(T, DI, C, false);
        } else {  // recurrentgemma, recurrent blocks: linear_x, linear_y, 2 gate blocks, linear_out, MLP
            const int64_t H = s.heads, bw = C / H, I = s.intermediate / 2;
            lin(T, C, C, true), lin(T, C, C, true);
            for (int g = 0; g < 2; ++g) mm.push_back({at::randn({1, H, T, bw}), at::randn({H, bw, bw}) * 0.02, {}});
            lin(T, C, C, true), lin(T, C, I, true), lin(T, C, I, true), lin(T, I, C, true);
        }
    }
    lin(1, C, V, false);
    return [mm] {
        for (const Mm& m : mm)
            if (m.w.dim() == 3)
                at::matmul(m.x, m.w);
            else
                at::linear(m.x, m.w, m.b);
    };
}

void roofline(int reps, int T, const std::string& only) {
    std::printf(
        "roofline: whole forward / its matrix products alone (same shapes, same run; goal <= 1.5), "
        "batch 1, %d tokens, %d threads, f32; load average %.2f\n",
        T, at::get_num_threads(), load_average());
    for (const char* arch : {"mamba", "mamba2", "recurrentgemma"}) {
        if (!only.empty() && only != arch) continue;
        gna::TinyModelSpec s;
        s.arch = arch, s.layers = 4, s.hidden = 1024, s.merges = 300, s.max_positions = std::max(2048, T + 1);
        if (s.arch == "mamba2") s.ssm_head_dim = 64, s.state_size = 128, s.chunk_size = 256;
        if (s.arch == "recurrentgemma") s.heads = 4, s.intermediate = 6 * s.hidden, s.block_types = "recurrent";
        const auto dir = std::filesystem::temp_directory_path() / ("gna_bench_ssm_roof_" + s.arch);
        if (!std::filesystem::exists(dir / "config.json")) gna::write_tiny_model(s, dir);
        auto model = gna::Model::load(dir);
        const gna::ModelInfo& info = model->info();
        gna::RunRequest req;
        for (int t = 0; t < T; ++t) req.tokens.push_back(1 + (t * 37) % (info.vocab_size - 1));
        const std::function<void()> mm = matmuls_of(s, T, info.vocab_size);
        at::NoGradGuard ng;
        model->run(req), mm();  // warm-up
        std::vector<double> fwd, gemm, cfwd, cgemm;
        for (int r = 0; r < reps; ++r) {
            fwd.push_back(seconds([&] { model->run(req); }));
            cfwd.push_back(g_cpu.back());
            gemm.push_back(seconds(mm));
            cgemm.push_back(g_cpu.back());
        }
        const char* name = s.arch == "mamba" ? "Mamba-1" : s.arch == "mamba2" ? "Mamba-2" : "RG-LRU";
        std::printf(
            "  %-8s %d layers, hidden %d: forward %.3f s, matmuls %.3f s: roofline fraction %.2f wall, "
            "%.2f CPU\n",
            name, s.layers, s.hidden, median(fwd), median(gemm), median(fwd) / median(gemm),
            median(cfwd) / median(cgemm));
    }
}

}  // namespace

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);
    const int reps = argc > 1 ? std::atoi(argv[1]) : 3;
    const int T = argc > 2 ? std::atoi(argv[2]) : 2048;
    const bool all = argc <= 3 || std::string(argv[3]) != "roofline";
    if (all) scans_and_loop(reps, T);
    roofline(reps, T, argc > 4 ? argv[4] : "");
    return 0;
}
