// One evaluation of a multiple-choice item (one plan, several multi-token answers) on a generated
// Llama: Model::score_continuations (prompt and every answer in one tree pass) against one forward
// of the prompt alone (the floor) and against the way a Hugging Face loop scores it (every prompt +
// answer sequence in one batch; timed once, it is long), measured interleaved in the same run.
//   bench_scoring [rounds=9] [hidden=512] [layers=8] [pairs=40]
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

namespace {

// Sum of the log-probabilities of `cont` after `prompt`, from the logits of one full forward.
double logprob(const gna::RunResult& r, std::size_t prompt_len, const std::vector<int>& cont) {
    double s = 0.0;
    for (std::size_t i = 0; i < cont.size(); ++i) {
        const float* lg = r.all_logits.data() + (prompt_len - 1 + i) * static_cast<std::size_t>(r.vocab);
        const double mx = *std::max_element(lg, lg + r.vocab);
        double z = 0.0;
        for (int v = 0; v < r.vocab; ++v) z += std::exp(lg[v] - mx);
        s += lg[cont[i]] - mx - std::log(z);
    }
    return s;
}

}  // namespace

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 9;
    const int hidden = argc > 2 ? std::atoi(argv[2]) : 512;
    const int layers = argc > 3 ? std::atoi(argv[3]) : 8;
    const int pairs = argc > 4 ? std::atoi(argv[4]) : 40;
    auto model = cached_model(llama_spec(layers, hidden, 8, 8),
                              "gna_bench_scoring_" + std::to_string(hidden) + "_" + std::to_string(layers));

    gna::KvRetrievalOptions ko;
    ko.sizes = {pairs};
    ko.samples_per_size = 1;
    const gna::ChoiceItem item = gna::kv_choice_item(model->tokenizer(), gna::make_kv_samples(ko).front());
    std::size_t longest = 0;
    for (const auto& c : item.choices) longest = std::max(longest, c.size());
    gna::InterventionPlan plan;
    plan.ablate(gna::HeadRef{layers / 2, 1});

    std::vector<double> t_tree, t_forward, t_batch;
    double max_diff = 0.0;
    for (int r = 0; r < rounds; ++r) {
        auto t0 = Clock::now();
        const std::vector<double> tree = model->score_continuations(item.prompt, item.choices, plan);
        t_tree.push_back(seconds_since(t0));

        t0 = Clock::now();
        gna::RunRequest alone;
        alone.tokens = item.prompt;
        alone.plan = plan;
        model->run(alone);
        t_forward.push_back(seconds_since(t0));
        if (r > 0) continue;

        t0 = Clock::now();
        std::vector<gna::RunRequest> reqs;
        for (const auto& c : item.choices) {
            gna::RunRequest q;
            q.tokens = item.prompt;
            q.tokens.insert(q.tokens.end(), c.begin(), c.end());
            q.plan = plan;
            q.all_logits = true;
            reqs.push_back(std::move(q));
        }
        const auto runs = model->run_batch(reqs);
        std::vector<double> batch;
        for (std::size_t c = 0; c < item.choices.size(); ++c)
            batch.push_back(logprob(runs[c], item.prompt.size(), item.choices[c]));
        t_batch.push_back(seconds_since(t0));
        for (std::size_t c = 0; c < tree.size(); ++c) max_diff = std::max(max_diff, std::fabs(tree[c] - batch[c]));
    }
    const double a = median(t_tree), f = median(t_forward), b = t_batch.front();
    std::printf("one evaluation: %d-token prompt, %zu answers of up to %zu tokens, %d layers, hidden %d\n",
                static_cast<int>(item.prompt.size()), item.choices.size(), longest, layers, hidden);
    std::printf("score_continuations (one tree pass)      %8.4f s (median of %d)\n", a, rounds);
    std::printf("one forward of the prompt alone          %8.4f s\n", f);
    std::printf("batched full forwards (HF-style loop)    %8.4f s (once)\n", b);
    std::printf("ratio tree / prompt forward              %8.3f\n", a / f);
    std::printf("ratio tree / batched                     %8.3f   (max |difference| %.2e)\n", a / b, max_diff);
    return 0;
}
