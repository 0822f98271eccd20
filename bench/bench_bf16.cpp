// bf16 compute on the CPU against f32 and against a plain LibTorch bf16 forward, side by side in one
// run, on generated checkpoints of real models' shapes (bf16 files, as those models are published):
//   gna-bf16   gna::Model with --dtype bf16 (weights stay memory-mapped bf16)
//   gna-f32    gna::Model with --dtype f32 (weights converted to f32)
//   torch-bf16 the forward pass as PyTorch eager runs it in bf16, written here with LibTorch:
//              Llama as transformers' LlamaForCausalLM (bf16 linears and attention matmuls, f32 norms
//              and softmax, repeat_kv); Mamba-2 as transformers' Mamba2ForCausalLM without the CUDA
//              kernels (bf16 in_proj, depthwise conv1d, SiLU and out_proj, f32 residual, the SSD scan
//              as mamba_ssm's ssd_minimal_discrete einsums in f32, gated RMSNorm in f32).
//              Its sweep is the plain loop (one forward per plan).
// Each configuration runs in its own process (so that its peak RSS is its own), the
// configurations interleaved round by round; medians of the rounds are printed with ratios.
// Measured: load time, a forward over T tokens (median of 3), and a head-ranking sweep (baseline +
// the first `plans` heads of the last layer, one single-token continuation each).
//   bench_bf16 [llama-1b|llama-3b|llama-8b|mamba2-370m|small] [rounds=2] [tokens=512] [plans=8]
// Checkpoints go to $GNA_BENCH_DIR (default the temp dir) and are kept for the next run.
#include <ATen/ATen.h>
#include <ATen/Parallel.h>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "gna/config.h"
#include "gna/cpu_runtime.h"
#include "gna/model.h"
#include "gna/rope.h"
#include "gna/safetensors.h"
#include "gna/tiny_model.h"
#include "bench_util.h"
#include "torch_llama.h"

extern char** environ;
using namespace gna::bench;

namespace {

double peak_rss_gb() {
    std::ifstream in("/proc/self/status");
    std::string key;
    while (in >> key) {
        if (key == "VmHWM:") {
            double kb = 0;
            in >> kb;
            return kb / 1e6 * 1.024;
        }
        std::getline(in, key);
    }
    return 0;
}

gna::TinyModelSpec shape(const std::string& name) {
    gna::TinyModelSpec s;
    s.dtype = gna::DType::BF16;
    s.merges = 300;
    s.init_std = 0.02;
    s.max_positions = 4096;
    if (name == "mamba2-370m") {  // state-spaces/mamba2-370m
        s.arch = "mamba2";
        s.layers = 48, s.hidden = 1024, s.expand = 2, s.ssm_head_dim = 64, s.state_size = 128, s.n_groups = 1;
        s.chunk_size = 256, s.vocab = 50288, s.tie_embeddings = true;
        return s;
    }
    s.arch = "llama";
    s.llama3_rope_scaling = true;
    s.rope_theta = 500000;
    if (name == "llama-1b")
        s.layers = 16, s.hidden = 2048, s.heads = 32, s.kv_heads = 8, s.intermediate = 8192, s.vocab = 128256,
        s.tie_embeddings = true;
    else if (name == "llama-3b")
        s.layers = 28, s.hidden = 3072, s.heads = 24, s.kv_heads = 8, s.intermediate = 8192, s.vocab = 128256,
        s.tie_embeddings = true;
    else if (name == "llama-8b")
        s.layers = 32, s.hidden = 4096, s.heads = 32, s.kv_heads = 8, s.intermediate = 14336, s.vocab = 128256,
        s.shards = 4;
    else
        s.layers = 4, s.hidden = 256, s.heads = 8, s.kv_heads = 2, s.intermediate = 512;  // "small": a quick check
    return s;
}

// Mamba2ForCausalLM as transformers runs it without the CUDA kernels, weights used in place; the
// scan is mamba_ssm's reference chunked SSD (ssd_minimal_discrete), the einsums in f32.
struct TorchMamba2 {
    gna::Checkpoint ck;
    int64_t L, C, H, P, G, N, K, Q, DI, V;
    double eps;
    std::map<std::string, at::Tensor> w;

    explicit TorchMamba2(const std::filesystem::path& dir) : ck(gna::Checkpoint::open(dir)) {
        const gna::ModelConfig cfg = gna::ModelConfig::load(dir);
        L = cfg.require_int("num_hidden_layers"), C = cfg.require_int("hidden_size"), H = cfg.require_int("num_heads");
        P = cfg.get_int("head_dim", 64), G = cfg.get_int("n_groups", 1), N = cfg.get_int("state_size", 128);
        K = cfg.get_int("conv_kernel", 4), Q = cfg.get_int("chunk_size", 256), DI = H * P;
        V = cfg.require_int("vocab_size"), eps = cfg.get_double("layer_norm_epsilon", 1e-5);
        for (const auto& n : ck.names()) {
            const gna::TensorView t = ck.tensor(n);
            w[n] = at::from_blob(const_cast<std::byte*>(t.data), t.shape, at::kBFloat16);
        }
        if (!w.count("lm_head.weight")) w["lm_head.weight"] = w["backbone.embeddings.weight"];
    }
    at::Tensor rms(const at::Tensor& x, const at::Tensor& g) const {  // MambaRMSNorm: f32, weight * x.to(bf16)
        at::Tensor xf = x.to(at::kFloat);
        return g * (xf * at::rsqrt(xf.pow(2).mean(-1, true) + eps)).to(at::kBFloat16);
    }
    static at::Tensor segsum(const at::Tensor& x) {  // (..., T) -> (..., T, T): sum_{j<k<=i} x_k, -inf above
        const int64_t T = x.size(-1);
        const at::Tensor below = at::ones({T, T}, at::kBool).tril(-1), on = at::ones({T, T}, at::kBool).tril(0);
        std::vector<int64_t> sizes = x.sizes().vec();
        sizes.push_back(T);
        at::Tensor s = x.unsqueeze(-1).expand(sizes).masked_fill(below.logical_not(), 0).cumsum(-2);
        return s.masked_fill(on.logical_not(), -std::numeric_limits<float>::infinity());
    }
    // X (1, T, H, P), A (1, T, H), B/C (1, T, H, N), all f32; T a multiple of Q.
    at::Tensor ssd(const at::Tensor& X, const at::Tensor& A, const at::Tensor& B, const at::Tensor& Cm) const {
        const int64_t T = X.size(1), c = T / Q;
        const at::Tensor x = X.view({1, c, Q, H, P}), b = B.reshape({1, c, Q, H, N}), cc = Cm.reshape({1, c, Q, H, N});
        const at::Tensor a = A.view({1, c, Q, H}).permute({0, 3, 1, 2});  // b h c l
        const at::Tensor acum = a.cumsum(-1);
        const at::Tensor Lm = at::exp(segsum(a));
        const at::Tensor ydiag = at::einsum("bclhn,bcshn,bhcls,bcshp->bclhp", {cc, b, Lm, x});
        const at::Tensor decay = at::exp(acum.narrow(-1, Q - 1, 1) - acum);
        at::Tensor states = at::einsum("bclhn,bhcl,bclhp->bchpn", {b, decay, x});
        states = at::cat({at::zeros_like(states.narrow(1, 0, 1)), states}, 1);
        const at::Tensor dchunk = at::exp(segsum(at::constant_pad_nd(acum.select(-1, Q - 1), {1, 0})));
        const at::Tensor fresh = at::einsum("bhzc,bchpn->bzhpn", {dchunk, states}).narrow(1, 0, c);
        const at::Tensor yoff = at::einsum("bclhn,bchpn,bhcl->bclhp", {cc, fresh, at::exp(acum)});
        return (ydiag + yoff).reshape({1, T, H, P});
    }
    // Last position's logits (f32); `ablate` = (layer, head) whose P channels of the out_proj input are zeroed.
    at::Tensor forward(const at::Tensor& ids, std::pair<int, int> ablate = {-1, -1}) const {
        const int64_t T = ids.size(1), Tp = (T + Q - 1) / Q * Q, Cc = DI + 2 * G * N;
        at::Tensor h = at::embedding(w.at("backbone.embeddings.weight"), ids);  // (1, T, C)
        for (int64_t l = 0; l < L; ++l) {
            const std::string p = "backbone.layers." + std::to_string(l) + ".mixer";
            const at::Tensor x = rms(h, w.at("backbone.layers." + std::to_string(l) + ".norm.weight"));
            const at::Tensor proj = at::linear(x, w.at(p + ".in_proj.weight"));
            const at::Tensor z = proj.narrow(-1, 0, DI), xbc_in = proj.narrow(-1, DI, Cc);
            const at::Tensor dt_in = proj.narrow(-1, DI + Cc, H);
            const int64_t one[1] = {1}, pad[1] = {K - 1};
            const auto bias = w.count(p + ".conv1d.bias") ? w.at(p + ".conv1d.bias") : at::Tensor();
            at::Tensor xbc = at::conv1d(xbc_in.transpose(1, 2), w.at(p + ".conv1d.weight"), bias, one, pad, one, Cc);
            xbc = at::silu(xbc.narrow(-1, 0, T).transpose(1, 2));  // (1, T, Cc) bf16
            const at::Tensor dt =
                at::softplus(dt_in.to(at::kFloat) + w.at(p + ".dt_bias").to(at::kFloat));  // (1, T, H)
            const at::Tensor A = -at::exp(w.at(p + ".A_log").to(at::kFloat));
            const at::Tensor xs = xbc.narrow(-1, 0, DI).to(at::kFloat).view({1, T, H, P});
            const at::Tensor Bm =
                xbc.narrow(-1, DI, G * N).to(at::kFloat).view({1, T, G, N}).repeat_interleave(H / G, 2);
            const at::Tensor Cm =
                xbc.narrow(-1, DI + G * N, G * N).to(at::kFloat).view({1, T, G, N}).repeat_interleave(H / G, 2);
            auto padt = [&](const at::Tensor& t) {
                std::vector<int64_t> pd(static_cast<std::size_t>(2 * (t.dim() - 1)), 0);
                pd.back() = Tp - T;
                return at::constant_pad_nd(t, pd);
            };
            at::Tensor y = ssd(padt(xs * dt.unsqueeze(-1)), padt(A * dt), padt(Bm), padt(Cm)).narrow(1, 0, T);
            y = y + xs * w.at(p + ".D").to(at::kFloat).view({H, 1});
            // MambaRMSNormGated (n_groups groups): f32, gate silu(z), weight * y.to(bf16)
            at::Tensor g = (y.reshape({1, T, DI}) * at::silu(z.to(at::kFloat))).view({1, T, G, DI / G});
            g = (g * at::rsqrt(g.pow(2).mean(-1, true) + eps)).view({1, T, DI});
            at::Tensor o = w.at(p + ".norm.weight") * g.to(at::kBFloat16);
            if (ablate.first == l) o.narrow(-1, ablate.second * P, P).zero_();
            h = h.to(at::kFloat) + at::linear(o, w.at(p + ".out_proj.weight"));  // residual_in_fp32
        }
        return at::linear(rms(h.narrow(1, T - 1, 1), w.at("backbone.norm_f.weight")), w.at("lm_head.weight"))
            .to(at::kFloat);
    }
};

// One configuration in this process: prints "load fwd sweep rss" on one line.
int child(const std::string& mode, const std::filesystem::path& dir, int T, int nplans) {
    std::vector<int> ids;
    std::vector<double> fwd;
    double load = 0, sweep = 0;
    auto t0 = Clock::now();
    if (mode == "torch-bf16") {
        const bool mamba2 = gna::ModelConfig::load(dir).model_type() == "mamba2";
        std::unique_ptr<TorchLlama> llama;
        std::unique_ptr<TorchMamba2> mamba;
        if (mamba2)
            mamba = std::make_unique<TorchMamba2>(dir);
        else
            llama = std::make_unique<TorchLlama>(dir, at::kBFloat16, at::Device(at::kCPU), /*sdpa=*/false);
        const int64_t layers = mamba2 ? mamba->L : llama->L;
        auto forward = [&](const at::Tensor& x, std::pair<int, int> ablate) {
            return mamba2 ? mamba->forward(x, ablate) : llama->forward(x, ablate);
        };
        load = seconds_since(t0);
        for (int t = 0; t < T; ++t) ids.push_back(1 + (t * 37) % 400);
        const at::Tensor x = at::tensor(std::vector<int64_t>(ids.begin(), ids.end()), at::kLong).view({1, T});
        at::NoGradGuard ng;
        forward(x, {-1, -1});  // warm-up
        for (int r = 0; r < 3; ++r) {
            t0 = Clock::now();
            forward(x, {-1, -1});
            fwd.push_back(seconds_since(t0));
        }
        t0 = Clock::now();
        forward(x, {-1, -1});
        for (int h = 0; h < nplans; ++h) forward(x, {static_cast<int>(layers) - 1, h});
        sweep = seconds_since(t0);
    } else {
        gna::LoadOptions o;
        o.dtype = mode == "gna-bf16" ? gna::ComputeDType::BF16 : gna::ComputeDType::F32;
        o.check_memory = false;
        auto m = gna::Model::load(dir, o);
        load = seconds_since(t0);
        gna::RunRequest r;
        for (int t = 0; t < T; ++t) r.tokens.push_back(1 + (t * 37) % 400);
        m->run(r);
        for (int i = 0; i < 3; ++i) {
            t0 = Clock::now();
            m->run(r);
            fwd.push_back(seconds_since(t0));
        }
        const gna::ModelInfo& info = m->info();
        const int last = info.num_layers - 1;
        const bool ssm = info.layers.back().kind != "attention";
        gna::SweepRequest s;
        s.prompt = r.tokens;
        s.continuations = {{5}, {7}};
        s.plans.resize(1);
        for (int h = 0; h < nplans; ++h) {
            s.plans.emplace_back();
            s.plans.back().ablate(gna::HeadRef{last, h, ssm ? gna::HeadKind::SSM : gna::HeadKind::Attention});
        }
        t0 = Clock::now();
        m->sweep_continuations(s);
        sweep = seconds_since(t0);
    }
    std::printf("%.3f %.4f %.3f %.3f\n", load, median(fwd), sweep, peak_rss_gb());
    return 0;
}

bool run_child(const std::string& self, const std::string& mode, const std::string& dir, int T, int nplans,
               std::vector<double>& out) {
    const std::string tmp =
        (std::filesystem::temp_directory_path() / ("gna_bench_bf16_" + std::to_string(getpid()))).string();
    std::vector<std::string> args = {self, "--child", mode, dir, std::to_string(T), std::to_string(nplans)};
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 1, tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    pid_t pid = 0;
    const int rc = posix_spawn(&pid, self.c_str(), &fa, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    int status = 0;
    if (rc != 0 || waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        std::fprintf(stderr, "%s failed (status %d)\n", mode.c_str(), status);
        return false;
    }
    std::ifstream in(tmp);
    out.assign(4, 0);
    for (double& v : out) in >> v;
    std::filesystem::remove(tmp);
    return static_cast<bool>(in);
}

}  // namespace

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);
    if (argc == 6 && std::string(argv[1]) == "--child")
        return child(argv[2], argv[3], std::atoi(argv[4]), std::atoi(argv[5]));
    const std::string name = argc > 1 ? argv[1] : "llama-1b";
    const int rounds = argc > 2 ? std::atoi(argv[2]) : 2, T = argc > 3 ? std::atoi(argv[3]) : 512;
    const int nplans = argc > 4 ? std::atoi(argv[4]) : 8;
    const gna::TinyModelSpec s = shape(name);
    const char* base = std::getenv("GNA_BENCH_DIR");
    const auto dir =
        (base ? std::filesystem::path(base) : std::filesystem::temp_directory_path()) / ("gna_bench_bf16_" + name);
    if (!std::filesystem::exists(dir / "config.json")) {
        auto t0 = Clock::now();
        gna::write_tiny_model(s, dir);
        std::printf("wrote %s (%.0f s)\n", dir.c_str(), seconds_since(t0));
    }
    const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
    const std::vector<std::string> modes = {"gna-bf16", "gna-f32", "torch-bf16"};
    std::map<std::string, std::vector<std::vector<double>>> res;
    for (int r = 0; r < rounds; ++r)
        for (const auto& m : modes) {
            std::vector<double> v;
            if (run_child(self, m, dir.string(), T, nplans, v)) res[m].push_back(v);
        }
    auto med = [&](const std::string& m, int i) {
        std::vector<double> v;
        for (const auto& x : res[m]) v.push_back(x[i]);
        return median(v);
    };
    std::printf(
        "%s: %d layers, hidden %d, vocab %d, bf16 checkpoint %.2f GB; %d tokens; %d rounds; "
        "sweep = baseline + %d heads of the last layer; CPU bf16: %s; %d threads; load average %.2f\n",
        name.c_str(), s.layers, s.hidden, s.vocab, gna::Checkpoint::open(dir).total_bytes() / 1e9, T, rounds, nplans,
        gna::cpu_bf16_features().c_str(), at::get_num_threads(), load_average());
    std::printf("%-11s %8s %10s %10s %9s %10s\n", "config", "load s", "forward s", "tokens/s", "sweep s",
                "peak RSS GB");
    for (const auto& m : modes)
        if (!res[m].empty())
            std::printf("%-11s %8.2f %10.3f %10.1f %9.2f %10.2f\n", m.c_str(), med(m, 0), med(m, 1), T / med(m, 1),
                        med(m, 2), med(m, 3));
    if (!res["gna-bf16"].empty() && !res["gna-f32"].empty())
        std::printf("gna f32 / gna bf16: forward %.2fx, sweep %.2fx; peak RSS bf16 / f32 %.2f\n",
                    med("gna-f32", 1) / med("gna-bf16", 1), med("gna-f32", 2) / med("gna-bf16", 2),
                    med("gna-bf16", 3) / med("gna-f32", 3));
    if (!res["gna-bf16"].empty() && !res["torch-bf16"].empty())
        std::printf("torch bf16 eager / gna bf16: forward %.2fx (goal >= 1), sweep %.2fx; peak RSS gna / torch %.2f\n",
                    med("torch-bf16", 1) / med("gna-bf16", 1), med("torch-bf16", 2) / med("gna-bf16", 2),
                    med("gna-bf16", 3) / med("torch-bf16", 3));
    return 0;
}
