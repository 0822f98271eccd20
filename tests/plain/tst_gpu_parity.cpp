// Attribution patching, attribution+verify ranking and toggles from the kept residual stream on a
// CUDA device against the same computations on the CPU (ctest core.gpu_parity, label "gpu"; exit 77,
// skipped, where LibTorch has no CUDA device). GNA_TEST_SECOND_DEVICE=cpu runs the same comparisons
// with the CPU as the second device (ctest core.gpu_parity_on_cpu), so that the checks themselves run
// on machines without a GPU.
//  - attribute_heads on every architecture: every head's estimate and the metric within float
//    tolerance of the CPU's (GPU reductions run in another order; cuBLAS may use TF32);
//  - a toggle from the kept residual stream equals the full run on the same device (first, middle
//    and last head of each head kind);
//  - on the bundled transformer demo, attribution+verify on the device returns the card's top two
//    heads (L2.H2, L1.H3), as the exhaustive exact ranking on the CPU does (core.attribution).
// Plain C++ (no Qt): a GPU machine may have only LibTorch and the command line's dependencies.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>
#include <string>

#include "gna/attribution.h"
#include "gna/experiments.h"
#include "gna/model.h"
#include "gna/probe.h"
#include "gna/residual_stream.h"
#include "plain_check.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

namespace {

Device second_device() {
    const char* e = std::getenv("GNA_TEST_SECOND_DEVICE");
    return e && std::string(e) == "cpu" ? Device::CPU : Device::CUDA;
}

std::unique_ptr<Model> load_on(const std::filesystem::path& dir, Device d) {
    LoadOptions o;
    o.device = d;
    return Model::load(dir, o);
}

std::string num(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.6g", v);
    return b;
}

void attribution_matches_the_cpu(const TempDir& dir, const std::string& arch) {
    const auto path = make_model(dir, arch + "_attr", tiny_any_arch(arch, 3));
    auto cpu = load_on(path, Device::CPU);
    auto dev = load_on(path, second_device());
    const AttributionRequest r{{5, 17, 42, 99, 7, 130, 64, 11, 250, 33, 18, 91}, {77, 140}, {}, nullptr};
    const AttributionResult a = cpu->attribute_heads({r}).front(), b = dev->attribute_heads({r}).front();
    check(!a.heads.empty() && a.heads == b.heads, arch + ": the same heads estimated on both devices");
    check(std::fabs(a.metric - b.metric) <= 1e-3 + 1e-3 * std::fabs(a.metric),
          arch + ": metric " + num(a.metric) + " on the CPU, " + num(b.metric) + " on the device");
    double largest = 0;
    for (double e : a.effect) largest = std::max(largest, std::fabs(e));
    check(largest > 0, arch + ": some estimate is not zero");
    double worst = 0;
    std::string where = "-";
    for (std::size_t i = 0; i < a.effect.size() && i < b.effect.size(); ++i)
        if (std::fabs(a.effect[i] - b.effect[i]) > worst) {
            worst = std::fabs(a.effect[i] - b.effect[i]);
            where = a.heads[i].name() + " " + num(a.effect[i]) + " vs " + num(b.effect[i]);
        }
    check(a.effect.size() == b.effect.size() && worst <= 1e-3 + 1e-2 * largest,
          arch + ": estimates within 1e-3 + 1e-2 x largest (" + num(largest) + "); worst " + where);
}

void toggle_equals_full_run(const TempDir& dir, const std::string& arch) {
    auto model = load_on(make_model(dir, arch + "_toggle", tiny_any_arch(arch, 5)), second_device());
    RunRequest base;
    base.tokens = {3, 70, 12, 9, 200, 41, 5, 88, 17, 130, 64, 2, 19};
    const KeptRun kept = run_keeping_residuals(*model, base, std::size_t(1) << 30);
    check(kept.residuals != nullptr, arch + ": the residual stream is kept");
    if (!kept.residuals) return;
    for (HeadKind kind : {HeadKind::Attention, HeadKind::SSM}) {
        const std::vector<HeadRef> all = every_head(model->info(), kind);
        if (all.empty()) continue;
        for (const HeadRef& h : {all.front(), all[all.size() / 2], all.back()}) {
            RunRequest q = base;
            q.plan.ablate(h);
            int first = -1;
            const RunResult fast = run_from_residuals(*model, q, *kept.residuals, &first);
            const RunResult full = model->run(q);
            const std::string name = arch + " " + h.name();
            check(first == h.layer, name + ": recomputed from layer " + std::to_string(first));
            const double d = fast.last_logits.size() == full.last_logits.size()
                ? max_abs_diff(fast.last_logits, full.last_logits)
                : INFINITY;
            check(d <= 1e-5, name + ": toggle and full run differ by " + num(d));
            check(max_abs_diff(fast.last_logits, kept.result.last_logits) > 1e-6,
                  name + ": the ablation changes the logits");
        }
    }
}

void verified_top_two_are_the_cards_heads() {
    auto model = load_on(demo_model("transformer"), second_device());
    const Json spec = {{"experiment", "head_ranking"},
                       {"task", {{"name", "kv_retrieval"}, {"sizes", {10}}, {"samples_per_size", 40}, {"seed", 1}}},
                       {"metric", "logprob"},
                       {"method", "attribution+verify"},
                       {"top", 1}};
    TempDir out;
    ExperimentOptions o;
    o.out_dir = out.path();
    const ExperimentOutcome r = run_experiment(*model, spec, o);
    const auto& ranking = r.result.aggregates.ranking;
    check(ranking && ranking->size() >= 2, "demo transformer: attribution+verify ranks at least two heads");
    if (!ranking || ranking->size() < 2) return;
    const std::set<std::string> top = {(*ranking)[0].head, (*ranking)[1].head};
    check(top == std::set<std::string>{"L2.H2", "L1.H3"},
          "demo transformer: top two " + (*ranking)[0].head + ", " + (*ranking)[1].head + " (the card: L2.H2, L1.H3)");
}

}  // namespace

int main() {
    install_crash_stack();
    if (second_device() == Device::CUDA && !cuda_available()) {
        std::printf(
            "SKIP: no CUDA device (LibTorch built without CUDA, or no GPU); GNA_TEST_SECOND_DEVICE=cpu runs the "
            "comparisons on the CPU\n");
        return 77;  // ctest SKIP_RETURN_CODE
    }
    std::printf("second device: %s\n", second_device() == Device::CUDA ? "cuda" : "cpu");
    TempDir dir;
    for (const std::string& arch : tiny_archs()) {
        run_case(arch + " attribution", [&] { attribution_matches_the_cpu(dir, arch); });
        run_case(arch + " toggle", [&] { toggle_equals_full_run(dir, arch); });
    }
    run_case("demo transformer attribution+verify", [] { verified_top_two_are_the_cards_heads(); });
    return exit_code();
}
