// A head toggle in the interactive probe against a full forward, measured side by side in one run:
// 1. the model path: the unablated pass keeps the residual stream at every layer boundary
//    (run_keeping_residuals), a toggle of a head in layer `layer` recomputes from that layer only
//    (run_from_residuals); checks the logits are bit-identical (goal: at most 0.35x);
// 2. the studio's toggle (gna::Probe): two heads drawn (layers/4 and layers-2), the board coloured by
//    every head's last-row entropy; one pass (the drawn maps and the score rows captured together,
//    from the toggled layer) against the earlier path (a second pass for the score rows, from layer 0).
// Generated Llama, default 16 layers, hidden 1024, 16 heads, 512 tokens, a head in layer 12; the
// Llama-3.2-1B shape is `512 12 16 2048 32 3 8 8192 128256`.
//   bench_probe_toggle [tokens=512] [layer=12] [layers=16] [hidden=1024] [heads=16] [reps=3]
//                      [kv_heads=heads/2] [intermediate=hidden*8/3] [vocab=tokenizer's]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>

#include "gna/cpu_runtime.h"
#include "gna/model.h"
#include "gna/probe.h"
#include "gna/residual_stream.h"
#include "bench_util.h"

using namespace gna::bench;

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);
    const int tokens = int_arg(argc, argv, 1, 512), layer = int_arg(argc, argv, 2, 12),
              layers = int_arg(argc, argv, 3, 16), hidden = int_arg(argc, argv, 4, 1024),
              heads = int_arg(argc, argv, 5, 16), reps = int_arg(argc, argv, 6, 3);
    // the model of bench_attribution, shared through the temp folder; arguments 7-9 give other shapes (kv heads,
    // MLP width, vocabulary), e.g. Llama-3.2-1B's
    gna::TinyModelSpec s = llama_spec(layers, hidden, heads, int_arg(argc, argv, 7, heads / 2 > 0 ? heads / 2 : 1));
    s.intermediate = int_arg(argc, argv, 8, hidden * 8 / 3);
    s.vocab = int_arg(argc, argv, 9, 0);
    std::shared_ptr<gna::Model> model = cached_model(
        s,
        "gna_bench_attr_" + std::to_string(layers) + "_" + std::to_string(hidden) + "_" + std::to_string(heads) +
            (argc > 7 ? "_" + std::to_string(s.kv_heads) + "_" + std::to_string(s.intermediate) + "_" +
                     std::to_string(s.vocab)
                      : ""));

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

    // The studio's toggle through the probe: the unablated run first (it keeps the stream), then the
    // same toggle both ways, interleaved.
    gna::Probe probe(model);
    gna::ProbeRequest pr;
    pr.tokens = base.tokens;
    pr.shown = {gna::HeadRef{layers / 4, 1}, gna::HeadRef{layers - 2, 1}};
    pr.score = gna::HeadScoreKind::Entropy;
    pr.scored = gna::every_head(model->info(), gna::HeadKind::Attention);
    probe.run(pr);
    pr.plan.ablate(gna::HeadRef{layer, 0});
    double t_one = 0, t_two = 0;
    int passes_one = 0, passes_two = 0, first_one = 0, first_two = 0;
    bool same_scores = true;
    for (int r = 0; r < reps; ++r) {
        pr.separate_score_pass = true;
        auto t0 = Clock::now();
        const gna::ProbeResult two = probe.run(pr);
        t_two += seconds_since(t0);
        pr.separate_score_pass = false;
        t0 = Clock::now();
        const gna::ProbeResult one = probe.run(pr);
        t_one += seconds_since(t0);
        passes_one = one.forward_passes, passes_two = two.forward_passes;
        first_one = one.first_layer, first_two = two.first_layer;
        same_scores = same_scores && one.scores.size() == two.scores.size() && one.maps.size() == two.maps.size();
        for (std::size_t i = 0; same_scores && i < one.scores.size(); ++i)
            same_scores = one.scores[i].value == two.scores[i].value;
        for (std::size_t i = 0; same_scores && i < one.maps.size(); ++i)
            same_scores = one.maps[i].weights == two.maps[i].weights;
    }
    std::printf(
        "model: %d layers, hidden %d, %d heads (%d KV), intermediate %d, vocab %d, %d tokens, %d LibTorch threads; "
        "kept stream %.1f MB\n",
        layers, hidden, heads, s.kv_heads, s.intermediate, model->info().vocab_size, tokens,
        gna::cpu_runtime_info().torch_threads, kept.bytes / 1e6);
    std::printf("full forward:                 %7.3f s  1.00x\n", t_full / reps);
    std::printf("toggle L%d.H0 from layer %2d:   %7.3f s  %.2fx of a full forward  (logits bit-identical: %s)\n", layer,
                layer, t_toggle / reps, t_toggle / t_full, same ? "yes" : "NO");
    std::printf("studio toggle, %zu heads scored, 2 drawn:\n", pr.scored.size());
    std::printf("  earlier path (score rows apart): %7.3f s  %.2fx of a full forward  (%d passes, from layer %d)\n",
                t_two / reps, t_two / t_full, passes_two, first_two);
    std::printf(
        "  one pass:                        %7.3f s  %.2fx of a full forward  (%d pass, from layer %d)  %.2fx faster; "
        "same maps and scores: %s\n",
        t_one / reps, t_one / t_full, passes_one, first_one, t_two / t_one, same_scores ? "yes" : "NO");
    return same && same_scores ? 0 : 1;
}
