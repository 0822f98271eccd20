// Head-ranking sweep over every head of a generated 8-layer, 8-head Llama on KV-retrieval prompts:
// the batched, prefix-reusing sweep (Model::sweep_continuations: one head mask per batch row,
// layers below the ablated layer computed once, prompt and continuation prefixes in one tree pass)
// against the naive loop (one fresh forward per head per prompt, Model::score_continuations),
// measured in the same run, interleaved per prompt. Prints the ratio, the largest score
// difference between the two and how often they pick a different best choice; then the same sweep
// with every plan alone (one row, no prefix reuse), which must give bit-identical numbers.
//   bench_sweep [prompts=100] [hidden=256] [batch_rows=65]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "gna/cpu_runtime.h"
#include "gna/model.h"
#include "gna/tasks.h"
#include "bench_util.h"

using namespace gna::bench;

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);
    const int prompts = argc > 1 ? std::atoi(argv[1]) : 100;
    const int hidden = argc > 2 ? std::atoi(argv[2]) : 256;
    const int rows = argc > 3 ? std::atoi(argv[3]) : 65;
    const bool first_token = argc > 4 && std::string(argv[4]) == "first";  // only each value's first token
    auto model = cached_model(llama_spec(8, hidden, 8, 8), "gna_bench_sweep_" + std::to_string(hidden));

    gna::KvRetrievalOptions ko;
    ko.samples_per_size = (prompts + 8) / 9;
    const auto samples = gna::make_kv_samples(ko);
    std::vector<gna::ChoiceItem> items;
    for (int i = 0; i < prompts; ++i) {
        items.push_back(gna::kv_choice_item(model->tokenizer(), samples[(i % 9) * ko.samples_per_size + i / 9]));
        if (first_token)
            for (auto& c : items.back().choices) c.resize(1);
    }

    std::vector<gna::InterventionPlan> plans(1);  // baseline + every head
    for (int l = 0; l < 8; ++l)
        for (int h = 0; h < 8; ++h) {
            gna::InterventionPlan p;
            p.ablate(gna::HeadRef{l, h});
            plans.push_back(p);
        }
    double t_sweep = 0, t_naive = 0, t_alone = 0, t_fast = 0, max_diff = 0, alone_diff = 0, fast_diff = 0;
    long argmax_differs = 0;
    long tokens = 0, choice_tokens = 0;
    for (const auto& it : items) {
        tokens += static_cast<long>(it.prompt.size());
        for (const auto& c : it.choices) choice_tokens += static_cast<long>(c.size());
        gna::SweepRequest r;
        r.prompt = it.prompt;
        r.continuations = it.choices;
        r.plans = plans;
        r.max_batch_rows = rows;
        auto t0 = Clock::now();
        const auto batched = model->sweep_continuations(r);
        auto t1 = Clock::now();
        std::vector<std::vector<double>> naive;
        for (const auto& p : plans) naive.push_back(model->score_continuations(it.prompt, it.choices, p));
        auto t2 = Clock::now();
        // the same sweep with every plan alone (one row, all layers): must give the same numbers
        for (std::size_t i = 0; i < plans.size(); ++i) {
            gna::SweepRequest one = r;
            one.plans = {plans[i]};
            one.max_batch_rows = 1;
            one.reuse_prefix = false;
            const auto alone = model->sweep_continuations(one)[0];
            double dd = 0;
            for (std::size_t c = 0; c < alone.size(); ++c) dd = std::max(dd, std::fabs(alone[c] - batched[i][c]));
            if (dd > 0 && std::getenv("GNA_DBG")) std::printf("plan %zu differs by %g\n", i, dd);
            alone_diff = std::max(alone_diff, dd);
        }
        auto t3 = Clock::now();
        // exact = false: every op batched (what a GPU wants); equal to float rounding only
        gna::SweepRequest fast = r;
        fast.exact = false;
        const auto fast_scores = model->sweep_continuations(fast);
        auto t4 = Clock::now();
        for (std::size_t i = 0; i < plans.size(); ++i)
            for (std::size_t c = 0; c < fast_scores[i].size(); ++c)
                fast_diff = std::max(fast_diff, std::fabs(fast_scores[i][c] - batched[i][c]));
        t_fast += std::chrono::duration<double>(t4 - t3).count();
        t_sweep += std::chrono::duration<double>(t1 - t0).count();
        t_naive += std::chrono::duration<double>(t2 - t1).count();
        t_alone += std::chrono::duration<double>(t3 - t2).count();
        for (std::size_t i = 0; i < naive.size(); ++i) {
            for (std::size_t c = 0; c < naive[i].size(); ++c)
                max_diff = std::max(max_diff, std::fabs(naive[i][c] - batched[i][c]));
            argmax_differs += std::max_element(naive[i].begin(), naive[i].end()) - naive[i].begin() !=
                std::max_element(batched[i].begin(), batched[i].end()) - batched[i].begin();
        }
    }
    std::printf(
        "model: 8 layers, hidden %d, 8 heads; %d KV-retrieval prompts (sizes 10..50, mean %.0f tokens, "
        "%.1f choice tokens per prompt); %zu plans (baseline + 64 heads); batch rows %d\n",
        hidden, prompts, static_cast<double>(tokens) / prompts, static_cast<double>(choice_tokens) / prompts,
        plans.size(), rows);
    std::printf("naive loop (fresh forward per head per prompt): %.2f s\n", t_naive);
    std::printf("batched + prefix-reusing sweep:                 %.2f s\n", t_sweep);
    std::printf(
        "ratio naive / sweep: %.2fx  (goal >= 5x)   max |score difference| %.2e, best choice differs in %ld of %zu\n",
        t_naive / t_sweep, max_diff, argmax_differs, items.size() * plans.size());
    std::printf(
        "the same sweep, one plan at a time (1 row, no prefix reuse): %.2f s, ratio %.2fx; "
        "max |difference| from the batched sweep %.2e (%s)\n",
        t_alone, t_alone / t_sweep, alone_diff, alone_diff == 0.0 ? "bit-identical" : "NOT identical");
    std::printf("the sweep with exact = false (every op batched): %.2f s, exact costs %.0f%%; max |difference| %.2e\n",
                t_fast, 100.0 * (t_sweep / t_fast - 1.0), fast_diff);
    return 0;
}
