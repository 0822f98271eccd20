// The attention engine's paths against each other and against a naive loop in double precision:
// - attend (SDPA where LibTorch >= 2 has it), attend_tiled (query x key tiles, running softmax)
//   and head_probabilities against softmax(q k^T * scale, causal/window mask) v written as loops,
//   with GQA, a cached prefix (past > 0), sliding windows, and contexts long enough for several
//   key tiles; f32 and bf16 tolerances;
// - whole models of every architecture with attention (Llama with GQA and llama3 RoPE, Mistral's
//   sliding window, Qwen2's biases, Jamba, Zamba2's shared blocks and scaling, RecurrentGemma's
//   local window): the default path (outputs only, probabilities of the captured rows only)
//   against the explicit path (every head's probabilities, as under a probability hook): logits,
//   captured rows against the rows of the full map, ablated runs, sweeps.
// Plain C++ (no Qt): it includes core's private headers and LibTorch. Where a CUDA device is
// present the kernel cases run there too.
#include <ATen/ATen.h>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "gna/attribution.h"
#include "gna/model.h"
#include "gna/probe.h"
#include "model/attention.h"
#include "plain_check.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

namespace {

// softmax(q k^T * scale) v with key j visible to query i iff j <= past + i and (!window or
// j > past + i - window): q (B,H,T,D), k, v (B,KVH,Tk,D) -> out (B,T,H,D) and probs (B,H,T,Tk), double.
struct Naive {
    std::vector<double> out, probs;
};
Naive naive_attention(const at::Tensor& q_, const at::Tensor& k_, const at::Tensor& v_, int64_t past, int64_t window,
                      double scale) {
    const at::Tensor q = q_.to(at::kDouble).cpu().contiguous(), k = k_.to(at::kDouble).cpu().contiguous(),
                     v = v_.to(at::kDouble).cpu().contiguous();
    const int64_t B = q.size(0), H = q.size(1), T = q.size(2), D = q.size(3), KVH = k.size(1), Tk = k.size(2);
    const double* qp = q.data_ptr<double>();
    const double* kp = k.data_ptr<double>();
    const double* vp = v.data_ptr<double>();
    Naive r;
    r.out.assign(static_cast<std::size_t>(B * T * H * D), 0.0);
    r.probs.assign(static_cast<std::size_t>(B * H * T * Tk), 0.0);
    for (int64_t b = 0; b < B; ++b)
        for (int64_t h = 0; h < H; ++h) {
            const int64_t g = h / (H / KVH);
            for (int64_t i = 0; i < T; ++i) {
                const int64_t pos = past + i;
                std::vector<double> s(static_cast<std::size_t>(Tk), 0.0);
                double mx = -1e300;
                for (int64_t j = 0; j < Tk; ++j) {
                    const bool seen = j <= pos && (window == 0 || j > pos - window);
                    if (!seen) continue;
                    double dot = 0;
                    for (int64_t d = 0; d < D; ++d)
                        dot += qp[((b * H + h) * T + i) * D + d] * kp[((b * KVH + g) * Tk + j) * D + d];
                    s[j] = dot * scale;
                    mx = std::max(mx, s[j]);
                }
                double z = 0;
                for (int64_t j = 0; j < Tk; ++j)
                    if (j <= pos && (window == 0 || j > pos - window)) z += std::exp(s[j] - mx);
                for (int64_t j = 0; j < Tk; ++j) {
                    const bool seen = j <= pos && (window == 0 || j > pos - window);
                    const double p = seen ? std::exp(s[j] - mx) / z : 0.0;
                    r.probs[((b * H + h) * T + i) * Tk + j] = p;
                    for (int64_t d = 0; d < D; ++d)
                        r.out[((b * T + i) * H + h) * D + d] += p * vp[((b * KVH + g) * Tk + j) * D + d];
                }
            }
        }
    return r;
}

std::string num(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%.3g", x);
    return b;
}

double max_diff(const at::Tensor& got, const std::vector<double>& want) {
    const at::Tensor g = got.to(at::kDouble).cpu().contiguous();
    const double* p = g.data_ptr<double>();
    double worst = 0;
    for (std::size_t i = 0; i < want.size(); ++i) worst = std::max(worst, std::fabs(p[i] - want[i]));
    return static_cast<std::size_t>(g.numel()) == want.size() ? worst : 1e30;
}

struct Shape {
    const char* name;
    int64_t B, H, KVH, T, D, past, window;
};

void kernels_against_naive(at::Device dev, at::ScalarType dt, double tol) {
    const std::vector<Shape> shapes = {
        {"MHA, 37 tokens", 2, 2, 2, 37, 8, 0, 0},
        {"GQA 4 on 2, 300 tokens", 1, 4, 2, 300, 8, 0, 0},
        {"GQA, cached prefix of 20 tokens", 2, 4, 1, 9, 8, 20, 0},
        {"one decoded token after 50", 1, 4, 2, 1, 8, 50, 0},
        {"sliding window 16", 1, 2, 1, 90, 8, 0, 16},
        {"sliding window 7 after a prefix", 1, 2, 2, 30, 4, 12, 7},
        {"2,500 tokens: several key tiles", 1, 2, 1, 2500, 4, 0, 0},
        {"2,500 tokens, window 1,500", 1, 2, 2, 2500, 4, 0, 1500},
    };
    const std::string where = std::string(dev.is_cuda() ? "cuda" : "cpu") + (dt == at::kFloat ? " f32" : " bf16");
    at::manual_seed(7);
    for (const Shape& s : shapes) {
        run_case(where + " " + s.name, [&] {
            const auto opt = at::TensorOptions().dtype(at::kFloat);
            const at::Tensor q = at::randn({s.B, s.H, s.T, s.D}, opt).to(dev, dt);
            const at::Tensor k = at::randn({s.B, s.KVH, s.past + s.T, s.D}, opt).to(dev, dt);
            const at::Tensor v = at::randn({s.B, s.KVH, s.past + s.T, s.D}, opt).to(dev, dt);
            const AttentionMask m{s.past, s.window, 1.0 / std::sqrt(static_cast<double>(s.D))};
            const Naive ref = naive_attention(q, k, v, s.past, s.window, m.scale);
            const double e_tiled = max_diff(attend_tiled(q, k, v, m), ref.out);
            check(e_tiled < tol, where + " tiled attention = naive loop (" + s.name + "): max |diff| " + num(e_tiled));
            const double e_fused = max_diff(attend(q, k, v, m), ref.out);
            check(e_fused < tol,
                  where + " attend (fused where LibTorch has SDPA) = naive loop (" + s.name + "): max |diff| " +
                      num(e_fused));
            // probabilities of heads 0 and H-1 at the first, a middle and the last row
            const std::vector<int64_t> heads = {s.H - 1, 0};
            const std::vector<int64_t> rows = {0, s.T / 2, s.T - 1};
            const at::Tensor p = head_probabilities(q, k, heads, rows, m).cpu();  // (B, 2, 3, Tk)
            const int64_t Tk = s.past + s.T;
            double e_probs = 0;
            for (int64_t b = 0; b < s.B; ++b)
                for (std::size_t hi = 0; hi < heads.size(); ++hi)
                    for (std::size_t ri = 0; ri < rows.size(); ++ri)
                        for (int64_t j = 0; j < Tk; ++j) {
                            const double want = ref.probs[((b * s.H + heads[hi]) * s.T + rows[ri]) * Tk + j];
                            e_probs = std::max(
                                e_probs,
                                std::fabs(p[b][static_cast<int64_t>(hi)][static_cast<int64_t>(ri)][j].item<double>() -
                                          want));
                        }
            check(
                e_probs < tol,
                where + " head probabilities at chosen rows = naive loop (" + s.name + "): max |diff| " + num(e_probs));
        });
    }
}

// The default path against ExplicitAttentionScope on one model.
void model_paths_agree(const std::string& arch, Model& m, double tol) {
    const ModelInfo& info = m.info();
    int attn_layer = -1;
    for (const auto& l : info.layers)
        if (l.attention_heads > 0) attn_layer = l.index;
    check(attn_layer >= 0, arch + ": has an attention layer");
    if (attn_layer < 0) return;
    std::vector<int> tokens;
    for (int i = 0; i < 60; ++i) tokens.push_back(3 + (i * 7919) % (info.vocab_size - 3));

    RunRequest r;
    r.tokens = tokens;
    r.all_logits = true;
    r.capture = {HeadRef{attn_layer, 0}, HeadRef{attn_layer, info.layers[attn_layer].attention_heads - 1}};
    r.capture_rows = {5, 31, 59};
    r.capture_full = {HeadRef{attn_layer, 0}};
    RunResult fast = m.run(r), slow;
    {
        ExplicitAttentionScope explicit_path;
        slow = m.run(r);
    }
    check(max_abs_diff(fast.all_logits, slow.all_logits) < tol,
          arch + ": logits of the default path = explicit path (" +
              num(max_abs_diff(fast.all_logits, slow.all_logits)) + ")");
    double e_caps = 0;
    for (std::size_t i = 0; i < fast.attention.size(); ++i)
        e_caps = std::max(e_caps, max_abs_diff(fast.attention[i].weights, slow.attention[i].weights));
    check(fast.attention.size() == 3 && e_caps < tol,
          arch + ": captured rows and maps agree across paths (" + num(e_caps) + ")");
    // the captured rows of head 0 are the same rows of its full map
    const AttentionMap& rows = fast.attention[0];
    const AttentionMap& full = fast.attention[2];
    double e_rows = 0;
    for (std::size_t i = 0; i < rows.rows.size(); ++i)
        for (int c = 0; c < rows.cols; ++c)
            e_rows = std::max(e_rows, std::fabs(static_cast<double>(rows.at(i, c) - full.at(rows.rows[i], c))));
    check(rows.cols == full.cols && e_rows < 1e-6,
          arch + ": captured rows = those rows of the full map (" + num(e_rows) + ")");

    // an ablated head: the same logits on both paths, and not those of the plain run
    RunRequest a = r;
    a.plan.ablate(HeadRef{attn_layer, 1});
    const RunResult fa = m.run(a);
    RunResult sa;
    {
        ExplicitAttentionScope explicit_path;
        sa = m.run(a);
    }
    check(max_abs_diff(fa.all_logits, sa.all_logits) < tol && max_abs_diff(fa.all_logits, fast.all_logits) > 1e-6,
          arch + ": an ablated run agrees across paths and differs from the plain run");

    // a sweep of three plans
    SweepRequest sw;
    sw.prompt = std::vector<int>(tokens.begin(), tokens.begin() + 40);
    sw.continuations = {{tokens[40], tokens[41]}, {tokens[45]}};
    sw.plans.resize(3);
    sw.plans[1].ablate(HeadRef{attn_layer, 0});
    sw.plans[2].ablate(HeadRef{attn_layer, 1});
    const auto sf = m.sweep_continuations(sw);
    std::vector<std::vector<double>> ss;
    {
        ExplicitAttentionScope explicit_path;
        ss = m.sweep_continuations(sw);
    }
    double e_sw = 0;
    for (std::size_t p = 0; p < sf.size(); ++p)
        for (std::size_t c = 0; c < sf[p].size(); ++c) e_sw = std::max(e_sw, std::fabs(sf[p][c] - ss[p][c]));
    check(e_sw < 10 * tol, arch + ": sweep scores agree across paths (" + num(e_sw) + ")");

    // attribution (a forward and a backward pass through every layer's attention)
    AttributionRequest ar;
    ar.prompt = sw.prompt;
    ar.continuation = {tokens[40]};
    const auto af = m.attribute_heads({ar});
    std::vector<AttributionResult> as;
    {
        ExplicitAttentionScope explicit_path;
        as = m.attribute_heads({ar});
    }
    double e_at = 0, scale = 0;
    for (std::size_t h = 0; h < af[0].effect.size(); ++h) {
        e_at = std::max(e_at, std::fabs(af[0].effect[h] - as[0].effect[h]));
        scale = std::max(scale, std::fabs(as[0].effect[h]));
    }
    check(af[0].effect.size() == as[0].effect.size() && scale > 0 && e_at < 1e-3 * std::max(1.0, scale),
          arch + ": attribution estimates agree across paths (" + num(e_at) + " of up to " + num(scale) + ")");
}

}  // namespace

// `--cuda`: the CUDA cases alone (exit 77, skipped, without a GPU); otherwise the CPU cases.
int main(int argc, char** argv) {
    install_crash_stack();
    if (argc > 1 && std::string(argv[1]) == "--cuda") {
        if (!cuda_available()) {
            std::printf("no CUDA device: skipped\n");
            return 77;
        }
        kernels_against_naive(at::Device(at::kCUDA, 0), at::kFloat, 2e-5);
        kernels_against_naive(at::Device(at::kCUDA, 0), at::kBFloat16, 0.05);
        TempDir dir;
        for (const auto& arch : {"llama", "mistral", "jamba", "zamba2", "recurrentgemma"}) {
            run_case(std::string("cuda ") + arch, [&] {
                TinyModelSpec s = tiny_any_arch(arch, 11);
                if (std::string(arch) != "llama" && std::string(arch) != "jamba" && std::string(arch) != "zamba2")
                    s.sliding_window = 24;
                LoadOptions o;
                o.device = Device::CUDA;
                auto m = Model::load(make_model(dir, arch, s), o);
                model_paths_agree(std::string("cuda ") + arch, *m, 1e-4);
            });
        }
        return exit_code();
    }
    kernels_against_naive(at::kCPU, at::kFloat, 2e-5);
    kernels_against_naive(at::kCPU, at::kBFloat16, 0.05);
    TempDir dir;
    std::vector<std::string> archs = {"qwen2"};
    for (const auto& a : tiny_archs()) archs.push_back(a);
    for (const auto& arch : archs) {
        if (arch == "mamba" || arch == "mamba2") continue;  // no attention
        run_case(arch, [&] {
            TinyModelSpec s = arch == "qwen2" ? tiny_any_arch("llama", 11) : tiny_any_arch(arch, 11);
            if (arch == "qwen2") s.arch = "qwen2";
            if (arch == "llama") s.llama3_rope_scaling = true;
            if (arch == "mistral" || arch == "recurrentgemma")
                s.sliding_window = 24;  // shorter than the 60-token prompt
            auto m = load_tiny_model(dir, arch, s);
            model_paths_agree(arch, *m, 2e-5);
        });
    }
    run_case("probe residual budget", [&] {
        // a quarter of MemAvailable (or less, under a cgroup limit), at least 256 MiB
        auto m = load_tiny_model(dir, "budget", tiny_llama(2, 3));
        std::ifstream in("/proc/meminfo");
        std::string key;
        double avail = 0;
        while (in >> key) {
            if (key == "MemAvailable:") in >> avail;
            std::getline(in, key);
        }
        const double budget = static_cast<double>(probe_residual_budget(*m)), floor = 256.0 * 1024 * 1024;
        check(avail > 0 && budget >= floor && budget <= std::max(floor, avail * 1024 / 4 * 1.1),
              "probe residual budget " + std::to_string(budget / 1e9) + " GB follows MemAvailable " +
                  std::to_string(avail / 1e6) + " GB");
    });
    return exit_code();
}
