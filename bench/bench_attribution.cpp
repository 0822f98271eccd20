// Head ranking over every head of a generated Llama (default 16 layers, hidden 1024, 16 heads) on
// KV-retrieval prompts, measured side by side in one run: the exact batched sweep (method "exact"),
// attribution patching alone ("attribution"), attribution + exact verification of the top K
// ("attribution+verify", K = 48), and the per-head loop (one full forward per head and prompt,
// Model::score_continuations). The loop runs on `loop_heads` heads spread over the layers and is
// scaled to every head (printed as such). Also prints how many of the exact top 16 the attribution
// top K holds and Spearman's rho of the two rankings over every head, the recompute bound of the
// verification and of verifying the exact top K instead, and the gradient pass over the prompts one
// at a time against batched. Each phase prints its wall
// time and the process's CPU time (user + system; another job's load on a shared machine stretches
// the first much more than the second). exact=0 skips the exact sweep (the longest phase at the
// default shape) and the two quality figures that need it.
//   bench_attribution [prompts=8] [layers=16] [hidden=1024] [heads=16] [kv_size=10] [loop_heads=16] [verify_k=48] [exact=1]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <unistd.h>
#include <vector>

#include "gna/attribution.h"
#include "gna/cpu_runtime.h"
#include "gna/experiments.h"
#include "gna/model.h"
#include "gna/tasks.h"
#include "bench_util.h"

using namespace gna::bench;

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);
    const int prompts = int_arg(argc, argv, 1, 8), layers = int_arg(argc, argv, 2, 16),
              hidden = int_arg(argc, argv, 3, 1024), heads = int_arg(argc, argv, 4, 16),
              size = int_arg(argc, argv, 5, 10), loop_heads = int_arg(argc, argv, 6, 16),
              verify_k = int_arg(argc, argv, 7, 48), with_exact = int_arg(argc, argv, 8, 1);
    auto model = cached_model(
        llama_spec(layers, hidden, heads, heads / 2 > 0 ? heads / 2 : 1),
        "gna_bench_attr_" + std::to_string(layers) + "_" + std::to_string(hidden) + "_" + std::to_string(heads));
    const int H = layers * heads;

    const gna::Json task = {{"name", "kv_retrieval"}, {"sizes", {size}}, {"samples_per_size", prompts}, {"seed", 1}};
    const gna::Json base = {{"experiment", "head_ranking"}, {"task", task}, {"metric", "logprob"}};
    struct Time {
        double wall = 0, cpu = 0;
    };
    auto run = [&](const std::string& method, Time* time) {
        gna::Json spec = base;
        spec["method"] = method;
        spec["verify_k"] = verify_k;
        gna::ExperimentOptions o;
        o.out_dir = std::filesystem::temp_directory_path() /
            ("gna_bench_attr_out_" + std::to_string(::getpid()) + "_" + std::to_string(method.size()));
        std::filesystem::remove_all(o.out_dir);
        const auto t0 = Clock::now();
        const double c0 = cpu_seconds();
        gna::ExperimentOutcome r = gna::run_experiment(*model, spec, o);
        *time = {seconds_since(t0), cpu_seconds() - c0};
        std::filesystem::remove_all(o.out_dir);
        return r.result;
    };
    Time t_exact, t_attr, t_verify, t_loop;
    const gna::ExperimentResult exact = with_exact ? run("exact", &t_exact) : gna::ExperimentResult{};
    const gna::ExperimentResult attr = run("attribution", &t_attr);
    const gna::ExperimentResult verified = run("attribution+verify", &t_verify);

    // the per-head loop on loop_heads heads spread over the layers, same prompts
    gna::KvRetrievalOptions ko;
    ko.sizes = {size};
    ko.samples_per_size = prompts;
    std::vector<gna::ChoiceItem> items;
    for (const auto& k : gna::make_kv_samples(ko)) items.push_back(gna::kv_choice_item(model->tokenizer(), k));
    const int n_loop = std::min(loop_heads, H);
    const auto t0 = Clock::now();
    const double c0 = cpu_seconds();
    for (int i = 0; i < n_loop; ++i) {
        const int flat = static_cast<int>(static_cast<long>(i) * H / n_loop);
        gna::InterventionPlan p;
        p.ablate(gna::HeadRef{flat / heads, flat % heads});
        for (const auto& it : items)
            model->score_continuations(it.prompt, it.choices, p);  // every choice, as the sweep
    }
    t_loop = {seconds_since(t0) * H / n_loop, (cpu_seconds() - c0) * H / n_loop};

    // the gradient pass alone: the prompts one at a time against batched (attribute_heads batches them)
    std::vector<gna::AttributionRequest> requests;
    for (const auto& it : items) {
        gna::AttributionRequest r;
        std::tie(r.prompt, r.continuation) = gna::choice_sequence(it, static_cast<std::size_t>(it.answer));
        requests.push_back(std::move(r));
    }
    Time t_one, t_batched;
    {
        const auto t1 = Clock::now();
        const double c1 = cpu_seconds();
        for (const auto& r : requests) model->attribute_heads({r});
        t_one = {seconds_since(t1), cpu_seconds() - c1};
        const auto t2 = Clock::now();
        const double c2 = cpu_seconds();
        model->attribute_heads(requests);
        t_batched = {seconds_since(t2), cpu_seconds() - c2};
    }

    // quality: the exact top 16 inside the attribution top K; rho over every head
    std::map<std::string, double> exact_imp;
    std::vector<std::string> exact_order;
    if (with_exact)
        for (const gna::HeadRankingRow& r : exact.aggregates.ranking.value()) {
            exact_imp[r.head] = r.importance;
            exact_order.push_back(r.head);
        }
    std::set<std::string> attr_top;
    std::vector<double> a, e;
    int rank = 0;
    for (const gna::AttributionEstimate& r : attr.aggregates.attribution.value().ranking) {
        if (rank++ < verify_k) attr_top.insert(r.head);
        a.push_back(r.attribution);
        e.push_back(exact_imp[r.head]);
    }
    int recall = 0;
    for (int i = 0; i < 16 && i < static_cast<int>(exact_order.size()); ++i)
        recall += attr_top.count(exact_order[i]) ? 1 : 0;
    const gna::AttributionSummary& vs = verified.aggregates.attribution.value();
    std::printf(
        "model: %d layers, hidden %d, %d heads (%d in all), %d KV prompts of %d pairs, on the %s, %d LibTorch "
        "threads\n",
        layers, hidden, heads, H, prompts, size, bench_device() == gna::Device::CUDA ? "GPU" : "CPU",
        gna::cpu_runtime_info().torch_threads);
    auto row = [&](const char* name, const Time& t) {
        std::printf("%-44s %9.2f s %7.2fx   %9.2f s %7.2fx\n", name, t.wall, t_loop.wall / t.wall, t.cpu,
                    t_loop.cpu / t.cpu);
    };
    std::printf("%-44s %11s %8s   %11s %8s\n", "", "wall", "faster", "CPU", "faster");
    const std::string loop_name =
        "per-head loop (" + std::to_string(n_loop) + " heads timed, scaled to " + std::to_string(H) + ")";
    row(loop_name.c_str(), t_loop);
    if (with_exact) row("exact batched sweep", t_exact);
    row("attribution", t_attr);
    const std::string verify_name = "attribution+verify (K=" + std::to_string(verify_k) + ")";
    row(verify_name.c_str(), t_verify);
    std::printf(
        "gradient pass over the %zu prompts: one at a time %.2f s wall %.2f s CPU; batched (%zu passes) %.2f s wall "
        "%.2f s CPU, %.2fx CPU\n",
        requests.size(), t_one.wall, t_one.cpu, gna::attribution_batch_ends(requests, model->info()).size(),
        t_batched.wall, t_batched.cpu, t_one.cpu / t_batched.cpu);
    std::printf("attribution+verify phases (wall): attribution %.2f s, verify %.2f s\n", vs.seconds_attribution,
                vs.seconds_verify.value_or(0.0));
    // The verification's recompute bound: a verified head in layer l reruns layers l..L-1 of each
    // prompt, (L - l) / L of the loop's forward per head.
    double share = 0;
    std::vector<int> per_layer(static_cast<std::size_t>(layers), 0);
    for (std::size_t c = 1; c < verified.conditions.size(); ++c) {
        const int l = gna::parse_head(verified.conditions[c]).layer;
        share += static_cast<double>(layers - l) / layers;
        ++per_layer[static_cast<std::size_t>(l)];
    }
    std::printf("verified heads per layer:");
    for (int n : per_layer) std::printf(" %d", n);
    std::printf(
        "\nrecompute bound (verified heads' layers on, at the loop's per-head CPU time): %.2f s; verification CPU is "
        "%.2fx that\n",
        share * t_loop.cpu / H, (t_verify.cpu - t_attr.cpu) / (share * t_loop.cpu / H));
    if (with_exact) {
        std::printf(
            "exact top 16 within attribution top %d: %d/16; Spearman rho (all heads): %.3f; rho on the verified set: "
            "%.3f\n",
            verify_k, recall, gna::spearman_correlation(a, e), vs.spearman.value_or(0.0));
        // The same bound for an oracle that verifies the exact top K (perfect attribution): where the
        // model's most important heads lie caps any exact verification of them.
        double oracle = 0;
        std::vector<int> oracle_layers(static_cast<std::size_t>(layers), 0);
        for (int i = 0; i < verify_k && i < static_cast<int>(exact_order.size()); ++i) {
            const int l = gna::parse_head(exact_order[static_cast<std::size_t>(i)]).layer;
            oracle += static_cast<double>(layers - l) / layers;
            ++oracle_layers[static_cast<std::size_t>(l)];
        }
        std::printf("exact top %d per layer:", verify_k);
        for (int n : oracle_layers) std::printf(" %d", n);
        std::printf(
            "\nverifying the exact top %d (a perfect attribution) costs at least %.2f s CPU: at best %.2fx the loop "
            "with "
            "this attribution phase\n",
            verify_k, oracle * t_loop.cpu / H, t_loop.cpu / (t_attr.cpu + oracle * t_loop.cpu / H));
    } else
        std::printf("rho on the verified set (estimate vs exact): %.3f; exact sweep not run (exact=0)\n",
                    vs.spearman.value_or(0.0));
    std::fflush(stdout);
    return 0;
}
