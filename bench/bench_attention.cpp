// The attention engine against its own baseline, side by side in one process: a generated Llama run
//   torch     as transformers runs it, written plainly with LibTorch (bench/torch_llama.h): SDPA where
//             LibTorch >= 2.1 has it (transformers' default), eager attention elsewhere (Debian's 1.13)
//   gna       gna::Model::run, the last position's logits (the default path: outputs only)
//   explicit  the same under ExplicitAttentionScope: every head's probabilities materialised, as a
//             layer with a probability hook computes them (and as every layer did before the engine)
//   scores    gna with every attention head captured at every 8th row and the final row (what the
//             studio reads to score every head)
// and, with `ranking` > 0, the exact ranking of every head: gna's batched sweep (one plan per head)
// against a per-head loop of torch forwards with the head's o_proj input zeroed (timed on `ranking`
// heads, scaled to all). Prints medians, ratios, minor page faults per forward and the peak memory
// each configuration adds (RSS on the CPU, the caching allocator's peak on CUDA).
//   bench_attention [shape=bench|llama-1b|llama-8b] [tokens=512,1000,1106,2048] [reps=5] [ranking=0]
// GNA_BENCH_DEVICE=cuda runs on the GPU; GNA_BENCH_DTYPE=bf16|f32 (default bf16 on CUDA, f32 on the
// CPU). Checkpoints go to $GNA_BENCH_DIR (default the temp dir) and are kept for the next run.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <sys/resource.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "bench_util.h"
#include "gna/cpu_runtime.h"
#include "model/attention.h"
#include "torch_llama.h"

#ifdef GNA_BENCH_CUDA
#include <c10/cuda/CUDACachingAllocator.h>
#endif

using namespace gna::bench;

namespace {

gna::TinyModelSpec shape(const std::string& name, bool bf16) {
    gna::TinyModelSpec s;
    s.dtype = bf16 ? gna::DType::BF16 : gna::DType::F32;
    s.merges = 300;
    s.init_std = 0.02;
    s.max_positions = 131072;
    s.arch = "llama";
    if (name == "llama-1b") {
        s.llama3_rope_scaling = true, s.rope_theta = 500000;
        s.layers = 16, s.hidden = 2048, s.heads = 32, s.kv_heads = 8, s.intermediate = 8192, s.vocab = 128256,
        s.tie_embeddings = true;
    } else if (name == "llama-8b") {
        s.llama3_rope_scaling = true, s.rope_theta = 500000;
        s.layers = 32, s.hidden = 4096, s.heads = 32, s.kv_heads = 8, s.intermediate = 14336, s.vocab = 128256,
        s.shards = 4;
    } else {  // "bench": the CPU model of the cliff (8 layers, hidden 512, 8 heads on 4 KV heads)
        s.layers = 8, s.hidden = 512, s.heads = 8, s.kv_heads = 4, s.intermediate = 1376;
    }
    return s;
}

long minor_faults() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_minflt;
}

long rss_kb(const char* key) {
    std::ifstream in("/proc/self/status");
    std::string k;
    while (in >> k) {
        if (k == key) {
            long kb = 0;
            in >> kb;
            return kb;
        }
        std::getline(in, k);
    }
    return 0;
}

// Peak memory (GB) that f adds while it runs: the CUDA caching allocator's peak, or on the CPU the
// resident high-water mark (reset through /proc/self/clear_refs) above the resident size before.
double peak_added_gb(bool cuda, const std::function<void()>& f) {
#ifdef GNA_BENCH_CUDA
    if (cuda) {
        c10::cuda::CUDACachingAllocator::emptyCache();
        const auto before = c10::cuda::CUDACachingAllocator::getDeviceStats(0).allocated_bytes[0].current;
        c10::cuda::CUDACachingAllocator::resetPeakStats(0);
        f();
        const auto peak = c10::cuda::CUDACachingAllocator::getDeviceStats(0).allocated_bytes[0].peak;
        return static_cast<double>(peak - before) / 1e9;
    }
#endif
    (void)cuda;
    { std::ofstream("/proc/self/clear_refs") << "5"; }
    const long before = rss_kb("VmRSS:");
    f();
    return static_cast<double>(rss_kb("VmHWM:") - before) * 1024 / 1e9;
}

std::vector<int> parse_list(const std::string& s) {
    std::vector<int> v;
    std::stringstream in(s);
    std::string x;
    while (std::getline(in, x, ',')) v.push_back(std::atoi(x.c_str()));
    return v;
}

}  // namespace

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);
    const std::string name = argc > 1 ? argv[1] : "bench";
    const std::vector<int> lengths = parse_list(argc > 2 ? argv[2] : "512,1000,1106,2048");
    const int reps = int_arg(argc, argv, 3, 5), ranking = int_arg(argc, argv, 4, 0);
    const bool cuda = bench_device() == gna::Device::CUDA;
    const char* dt_env = std::getenv("GNA_BENCH_DTYPE");
    const bool bf16 = dt_env ? std::string(dt_env) == "bf16" : cuda;
    const gna::TinyModelSpec spec = shape(name, bf16);
    const char* base = std::getenv("GNA_BENCH_DIR");
    const auto dir = (base ? std::filesystem::path(base) : std::filesystem::temp_directory_path()) /
        ("gna_bench_attention_" + name + (bf16 ? "_bf16" : "_f32"));
    if (!std::filesystem::exists(dir / "config.json")) {
        const auto t0 = Clock::now();
        gna::write_tiny_model(spec, dir);
        std::printf("wrote %s (%.0f s)\n", dir.c_str(), seconds_since(t0));
    }
    gna::LoadOptions o;
    o.device = bench_device();
    o.dtype = bf16 ? gna::ComputeDType::BF16 : gna::ComputeDType::F32;
    o.check_memory = false;
    auto model = gna::Model::load(dir, o);
    const at::Device dev = cuda ? at::Device(at::kCUDA, 0) : at::Device(at::kCPU);
    const TorchLlama torch(dir, bf16 ? at::kBFloat16 : at::kFloat, dev, /*sdpa=*/true);
    const gna::ModelInfo& info = model->info();
    std::printf(
        "%s: %d layers, hidden %d, %d heads on %d KV heads, %s on %s; torch attention: %s; "
        "%d repetitions, interleaved; %d threads; load average %.2f\n",
        name.c_str(), info.num_layers, info.hidden_size, info.num_heads, info.num_kv_heads, bf16 ? "bf16" : "f32",
        cuda ? "CUDA" : "CPU", torch.sdpa() ? "SDPA" : "eager (no SDPA in this LibTorch)", reps, at::get_num_threads(),
        load_average());
    std::printf("%7s %9s %9s %9s %9s | %8s %8s %8s | %9s %9s | %8s %8s %8s\n", "tokens", "torch s", "gna s",
                "explicit s", "scores s", "gna/torch", "expl/gna", "scor/gna", "faults gna", "faults ex", "peak torch",
                "peak gna", "peak expl");
    for (int T : lengths) {
        gna::RunRequest plain;
        plain.tokens = spread_tokens(T, info.vocab_size);
        gna::RunRequest scores = plain;
        for (int l = 0; l < info.num_layers; ++l)
            for (int h = 0; h < info.layers[l].attention_heads; ++h) scores.capture.push_back(gna::HeadRef{l, h});
        for (int r = 7; r < T; r += 8) scores.capture_rows.push_back(r);
        if (scores.capture_rows.empty() || scores.capture_rows.back() != T - 1) scores.capture_rows.push_back(T - 1);
        const at::Tensor ids =
            at::tensor(std::vector<int64_t>(plain.tokens.begin(), plain.tokens.end()), at::kLong).view({1, T});
        at::NoGradGuard no_grad;
        auto run_torch = [&] { torch.forward(ids).cpu(); };
        auto run_gna = [&] { model->run(plain); };
        auto run_explicit = [&] {
            gna::ExplicitAttentionScope e;
            model->run(plain);
        };
        auto run_scores = [&] { model->run(scores); };
        run_torch(), run_gna(), run_explicit(), run_scores();  // warm-up
        std::vector<double> tt, tg, te, ts, fg, fe;
        for (int r = 0; r < reps; ++r) {
            auto t0 = Clock::now();
            run_torch();  // its logits come back to the host: the queue has run
            tt.push_back(seconds_since(t0));
            long f0 = minor_faults();
            t0 = Clock::now();
            run_gna();
            tg.push_back(seconds_since(t0));
            fg.push_back(static_cast<double>(minor_faults() - f0));
            f0 = minor_faults();
            t0 = Clock::now();
            run_explicit();
            te.push_back(seconds_since(t0));
            fe.push_back(static_cast<double>(minor_faults() - f0));
            t0 = Clock::now();
            run_scores();
            ts.push_back(seconds_since(t0));
        }
        const double pt = peak_added_gb(cuda, run_torch), pg = peak_added_gb(cuda, run_gna),
                     pe = peak_added_gb(cuda, run_explicit);
        const double mt = median(tt), mg = median(tg), me = median(te), ms = median(ts);
        std::printf("%7d %9.4f %9.4f %9.4f %9.4f | %8.2f %8.2f %8.2f | %9.0f %9.0f | %8.3f %8.3f %8.3f\n", T, mt, mg,
                    me, ms, mg / mt, me / mg, ms / mg, median(fg), median(fe), pt, pg, pe);
        std::fflush(stdout);
    }
    std::printf(
        "gna/torch: goal <= 1.1 on the GPU (8B, bf16, 2k-32k tokens); scor/gna: goal <= 1.3 (every head scored);\n"
        "faults: minor page faults per forward; peak: GB a forward adds (goal gna <= 1.2x torch)\n");

    if (ranking > 0) {
        // Exact ranking of every head on one prompt (the first length): metric = log-probability of one
        // continuation token; gna's batched sweep against a loop of torch forwards, one head ablated each.
        const int T = lengths.front();
        const std::vector<int> prompt = spread_tokens(T, info.vocab_size);
        const int answer = 1 + (T * 37 + 11) % (info.vocab_size - 1);
        gna::SweepRequest sw;
        sw.prompt = prompt;
        sw.continuations = {{answer}};
        sw.plans.resize(1);
        for (int l = 0; l < info.num_layers; ++l)
            for (int h = 0; h < info.layers[l].attention_heads; ++h) {
                sw.plans.emplace_back();
                sw.plans.back().ablate(gna::HeadRef{l, h});
            }
        const int heads = static_cast<int>(sw.plans.size()) - 1;
        const at::Tensor ids = at::tensor(std::vector<int64_t>(prompt.begin(), prompt.end()), at::kLong).view({1, T});
        at::NoGradGuard no_grad;
        auto t0 = Clock::now();
        const auto got = model->sweep_continuations(sw);
        const double t_sweep = seconds_since(t0);
        const int n = std::min(ranking, heads);
        t0 = Clock::now();
        double worst = 0;
        const double base_lp = at::log_softmax(torch.forward(ids), -1)[0][0][answer].item<double>();
        for (int i = 0; i < n; ++i) {
            const int l = i * info.num_layers / n, h = i % info.num_heads;
            const double lp = at::log_softmax(torch.forward(ids, {l, h}), -1)[0][0][answer].item<double>();
            const std::size_t plan = 1 + static_cast<std::size_t>(l * info.num_heads + h);
            worst = std::max(worst, std::fabs((base_lp - lp) - (got[0][0] - got[plan][0])));
        }
        const double t_loop = seconds_since(t0) * heads / (n + 1);
        std::printf(
            "exact ranking of %d heads at %d tokens: gna sweep %.2f s, per-head torch loop %.2f s "
            "(%d heads timed, scaled): %.2fx faster (goal >= 3); largest importance difference %.2g\n",
            heads, T, t_sweep, t_loop, n, t_loop / t_sweep, worst);
    }
    return 0;
}
