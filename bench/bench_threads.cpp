// The CPU threading model (gna/cpu_runtime.h) against OpenMP's defaults, side by side in one run:
// a generated 4-layer Mamba-2 (hidden 512, state 128) and an 8-layer Llama (hidden 512) forward,
// each timed in fresh child processes (the wait policy is fixed when a process starts), the two
// settings alternating round by round. Prints the median seconds and the ratio default / program.
//   bench_threads [ROUNDS] [TOKENS] [THREADS]
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "gna/cpu_runtime.h"
#include "gna/model.h"
#include "gna/tiny_model.h"
#include "bench_util.h"

using namespace gna::bench;

namespace {

std::filesystem::path model_dir(const std::string& arch) {
    auto dir = std::filesystem::temp_directory_path() / ("gna_bench_threads_" + arch);
    if (std::filesystem::exists(dir / "config.json")) return dir;
    gna::TinyModelSpec s;
    s.arch = arch;
    s.hidden = 512;
    s.merges = 300;
    if (arch == "mamba2") {
        s.layers = 4;
        s.ssm_head_dim = 64;
        s.state_size = 128;
        s.chunk_size = 256;
    } else {
        s.layers = 8;
        s.heads = 8;
        s.kv_heads = 8;
        s.intermediate = 1376;
    }
    gna::write_tiny_model(s, dir);
    return dir;
}

// Child: one warm-up and 3 timed forwards; prints "wall cpu policy".
int child(const std::string& arch, int tokens, int threads) {
    gna::LoadOptions opt;
    opt.threads = threads;
    auto model = gna::Model::load(model_dir(arch), opt);
    gna::RunRequest r;
    for (int t = 0; t < tokens; ++t) r.tokens.push_back(1 + (t * 37) % (model->info().vocab_size - 1));
    model->run(r);
    std::vector<double> wall, cpu;
    for (int i = 0; i < 3; ++i) {
        const double c0 = cpu_seconds();
        const auto t0 = std::chrono::steady_clock::now();
        model->run(r);
        wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
        cpu.push_back(cpu_seconds() - c0);
    }
    const auto info = gna::cpu_runtime_info();
    std::printf("%f %f %s %d %d\n", median(wall), median(cpu),
                info.omp_wait_policy.empty() ? "unset" : info.omp_wait_policy.c_str(), info.torch_threads,
                info.blas_threads);
    return 0;
}

struct Sample {
    double wall = 0, cpu = 0;
    std::string policy;
    int torch_threads = 0, blas_threads = 0;
};

// Runs this program as a child with OMP_WAIT_POLICY unset; `defaults` adds GNA_CPU_DEFAULTS=1
// (the baseline: no wait policy, OpenBLAS's own thread count; --threads sets LibTorch's only).
Sample run_child(const std::string& self, const std::string& arch, int tokens, int threads, bool defaults) {
    const std::string cmd = std::string("env -u OMP_WAIT_POLICY GNA_CPU_DEFAULTS=") + (defaults ? "1" : "0") + " '" +
        self + "' --child " + arch + " " + std::to_string(tokens) + " " + std::to_string(threads);
    Sample s;
    FILE* p = popen(cmd.c_str(), "r");
    char policy[64] = {0};
    if (p == nullptr ||
        std::fscanf(p, "%lf %lf %63s %d %d", &s.wall, &s.cpu, policy, &s.torch_threads, &s.blas_threads) != 5) {
        std::fprintf(stderr, "bench_threads: the child run failed: %s\n", cmd.c_str());
        std::exit(1);
    }
    pclose(p);
    s.policy = policy;
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);  // the mechanism under test: children go through it too
    if (argc > 4 && std::string(argv[1]) == "--child") return child(argv[2], std::atoi(argv[3]), std::atoi(argv[4]));
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 3;
    const int tokens = argc > 2 ? std::atoi(argv[2]) : 512;
    const int threads = argc > 3 ? std::atoi(argv[3]) : 0;
    const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
    std::printf(
        "forward of %d tokens; %d rounds, each a child with the OpenMP and OpenBLAS defaults and one with the "
        "program's "
        "settings, alternating; --threads %d (0 = default)\n",
        tokens, rounds, threads);
    for (const std::string arch : {"mamba2", "llama"}) {
        model_dir(arch);
        std::vector<double> dw, dc, pw, pc;
        Sample d, p;
        for (int r = 0; r < rounds; ++r) {
            d = run_child(self, arch, tokens, threads, true);
            p = run_child(self, arch, tokens, threads, false);
            dw.push_back(d.wall), dc.push_back(d.cpu), pw.push_back(p.wall), pc.push_back(p.cpu);
        }
        std::printf("%s:\n", arch.c_str());
        std::printf(
            "  library defaults  (OMP_WAIT_POLICY %-7s torch %d / BLAS %d threads): median %.3f s wall, %.3f s CPU\n",
            d.policy.c_str(), d.torch_threads, d.blas_threads, median(dw), median(dc));
        std::printf(
            "  program settings  (OMP_WAIT_POLICY %-7s torch %d / BLAS %d threads): median %.3f s wall, %.3f s CPU\n",
            p.policy.c_str(), p.torch_threads, p.blas_threads, median(pw), median(pc));
        std::printf("  ratio defaults / program: %.2f wall, %.2f CPU\n", median(dw) / median(pw),
                    median(dc) / median(pc));
    }
    return 0;
}
