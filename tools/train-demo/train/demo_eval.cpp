// evaluate_demo: the demo's numbers measured through gna::Model (the inference path):
//   KV retrieval at 10 pairs (value log-prob among the dictionary's values), MMLU-format letter
//   accuracy and classic-format answer accuracy on the invented facts, single-head ablation of
//   every head, and the top-2 heads (by KV drop, as the G&A paper ranks, and by MMLU drop) removed
//   together.
#include <algorithm>
#include <fstream>

#include "gna/head_scores.h"
#include "gna/error.h"
#include "gna/model.h"
#include "gna/tasks.h"
#include "train/train_demo.h"

namespace gna {
namespace {

struct Probe {
    std::vector<int> prompt;
    std::vector<std::vector<int>> continuations;
    int answer = 0;
};

std::vector<Probe> probes(const Tokenizer& tok, const std::vector<ChoiceSample>& samples) {
    std::vector<Probe> out;
    for (const auto& s : samples) {
        Probe p;
        p.prompt = tok.encode(s.prompt, true);
        for (const auto& c : s.choices) p.continuations.push_back(tok.encode(c, false));
        p.answer = s.answer;
        out.push_back(std::move(p));
    }
    return out;
}

double accuracy(Model& m, const std::vector<Probe>& ps, const InterventionPlan& plan, const std::atomic<bool>* cancel) {
    if (ps.empty()) return 0;
    int hit = 0;
    for (const auto& p : ps) {
        if (cancel && cancel->load()) throw Cancelled();
        std::vector<double> lp = m.score_continuations(p.prompt, p.continuations, plan);
        if (std::max_element(lp.begin(), lp.end()) - lp.begin() == p.answer) ++hit;
    }
    return static_cast<double>(hit) / static_cast<double>(ps.size());
}

// The accuracy of each plan over the probes: one sweep per probe (the plans batched, the layers below a
// plan's first intervened layer computed once; exact, so each plan scores as it would alone).
std::vector<double> accuracies(Model& m, const std::vector<Probe>& ps, const std::vector<InterventionPlan>& plans,
                               const std::atomic<bool>* cancel) {
    std::vector<double> out(plans.size(), 0.0);
    if (ps.empty() || plans.empty()) return out;
    std::vector<int> hits(plans.size(), 0);
    for (const auto& p : ps) {
        if (cancel && cancel->load()) throw Cancelled();
        SweepRequest r;
        r.prompt = p.prompt;
        r.continuations = p.continuations;
        r.plans = plans;
        r.cancel = cancel;
        const std::vector<std::vector<double>> lp = m.sweep_continuations(r);
        for (std::size_t k = 0; k < plans.size(); ++k)
            if (std::max_element(lp[k].begin(), lp[k].end()) - lp[k].begin() == p.answer) ++hits[k];
    }
    for (std::size_t k = 0; k < plans.size(); ++k)
        out[k] = static_cast<double>(hits[k]) / static_cast<double>(ps.size());
    return out;
}

// Attention roles on MMLU-format prompts (DESIGN.md, per-sample G&A masks): for every attention
// head, the mean attention mass from each option's summary token (its closing newline) onto that
// option's other tokens (Gather; the summary token's attention to itself brings nothing of the
// segment into it, so a head that only looks at itself is not a Gather head), and from the final
// position onto the four summary tokens (Aggregate).
void attention_roles(Model& m, const Tokenizer& tok, const std::vector<ChoiceSample>& samples,
                     std::vector<DemoEvaluation::HeadScore>& heads, const std::atomic<bool>* cancel) {
    std::vector<HeadRef> attn;
    for (const auto& h : heads)
        if (h.head.kind == HeadKind::Attention) attn.push_back(h.head);
    if (attn.empty() || samples.empty()) return;
    std::vector<double> gather(attn.size(), 0.0), aggregate(attn.size(), 0.0);
    int n = 0;
    for (const auto& s : samples) {
        if (cancel && cancel->load()) throw Cancelled();
        RunRequest r;
        r.tokens = tok.encode(s.prompt, true);
        const MmluLayout layout = mmlu_layout(tok, s.prompt, r.tokens);
        if (layout.options.size() != 4) continue;
        for (const auto& o : layout.options) r.capture_rows.push_back(o.summary);
        r.capture_rows.push_back(layout.final_position);
        r.capture = attn;
        const RunResult out = m.run(r);
        std::vector<LineSegment> options;
        for (const OptionSegment& o : layout.options) options.push_back({o.begin, o.summary});
        for (std::size_t i = 0; i < attn.size(); ++i) {
            const LinePattern p = segment_pattern(out.attention[i], options);
            gather[i] += p.gather;
            aggregate[i] += p.aggregate;
        }
        ++n;
    }
    if (n == 0) return;
    for (auto& h : heads)
        for (std::size_t i = 0; i < attn.size(); ++i)
            if (h.head == attn[i]) {
                h.gather_mass = gather[i] / n;
                h.aggregate_mass = aggregate[i] / n;
            }
}

}  // namespace

Json DemoEvaluation::to_json() const {
    auto heads = [](const std::vector<HeadRef>& hs) {
        Json a = Json::array();
        for (const auto& h : hs) a.push_back(h.name());
        return a;
    };
    Json single = Json::array();
    for (const auto& s : single_ablation)
        single.push_back({{"head", s.head.name()},
                          {"kv", s.kv},
                          {"mmlu", s.mmlu},
                          {"classic", s.classic},
                          {"gather_mass", s.gather_mass},
                          {"aggregate_mass", s.aggregate_mass}});
    Json by_size = Json::array();
    for (const auto& [n, acc] : kv_by_size) by_size.push_back({{"pairs", n}, {"kv", acc}});
    Json j = {
        {"samples_per_metric", samples},
        {"kv_pairs", kv_pairs},
        {"baseline", {{"kv", kv_accuracy}, {"mmlu", mmlu_accuracy}, {"classic", classic_accuracy}}},
        {"single_head_ablation", single},
        {"top2_by_kv_drop",
         {{"heads", heads(top_kv)}, {"kv", kv_top2_kv}, {"mmlu", kv_top2_mmlu}, {"classic", kv_top2_classic}}},
        {"top2_by_mmlu_drop",
         {{"heads", heads(top_mmlu)}, {"kv", mmlu_top2_kv}, {"mmlu", mmlu_top2_mmlu}, {"classic", mmlu_top2_classic}}},
        {"kv_by_size", by_size},
    };
    if (hybrid)
        j["all_attention_heads_ablated"] = {
            {"kv", no_attention_kv}, {"mmlu", no_attention_mmlu}, {"classic", no_attention_classic}};
    return j;
}

DemoEvaluation evaluate_demo(const std::filesystem::path& dir, uint64_t seed, DemoWorld world, int samples,
                             const TrainProgressFn& progress, const std::atomic<bool>* cancel) {
    std::unique_ptr<Model> model = Model::load(dir);
    const Tokenizer& tok = model->tokenizer();
    DemoData data(seed, world);
    std::vector<ChoiceSample> kv, mmlu, classic;
    for (int i = 0; i < samples; ++i) {
        kv.push_back(data.kv_sample(i, 10));
        mmlu.push_back(data.mmlu_sample(i));
        classic.push_back(data.classic_sample(i));
    }
    const auto pk = probes(tok, kv), pm = probes(tok, mmlu), pc = probes(tok, classic);
    DemoEvaluation e;
    e.samples = samples;
    const InterventionPlan none;
    e.kv_accuracy = accuracy(*model, pk, none, cancel);
    e.mmlu_accuracy = accuracy(*model, pm, none, cancel);
    e.classic_accuracy = accuracy(*model, pc, none, cancel);
    const ModelInfo& info = model->info();
    std::vector<HeadRef> heads;
    std::vector<InterventionPlan> plans;
    for (const auto& layer : info.layers) {
        const int n = layer.attention_heads + layer.ssm_heads;
        for (int i = 0; i < n; ++i) {
            const bool attn = i < layer.attention_heads;
            heads.push_back(
                HeadRef{layer.index, attn ? i : i - layer.attention_heads, attn ? HeadKind::Attention : HeadKind::SSM});
            plans.emplace_back().ablate(heads.back());
        }
    }
    // Every single-head ablation, metric by metric, as sweeps over the heads.
    const std::vector<double> kv_off = accuracies(*model, pk, plans, cancel),
                              mmlu_off = accuracies(*model, pm, plans, cancel),
                              classic_off = accuracies(*model, pc, plans, cancel);
    for (std::size_t k = 0; k < heads.size(); ++k) {
        const DemoEvaluation::HeadScore s{heads[k], kv_off[k], mmlu_off[k], classic_off[k]};
        e.single_ablation.push_back(s);
        if (progress) {
            TrainProgress p;
            p.message = "ablated " + s.head.name() + ": kv " + std::to_string(s.kv) + ", mmlu " +
                std::to_string(s.mmlu) + ", classic " + std::to_string(s.classic);
            progress(p);
        }
    }
    attention_roles(*model, tok, mmlu, e.single_ablation, cancel);
    auto top2 = [&](auto key) {
        std::vector<DemoEvaluation::HeadScore> sorted = e.single_ablation;
        std::stable_sort(sorted.begin(), sorted.end(), [&](const auto& a, const auto& b) { return key(a) < key(b); });
        std::vector<HeadRef> out;
        for (std::size_t i = 0; i < sorted.size() && i < 2; ++i) out.push_back(sorted[i].head);
        return out;
    };
    // Lower accuracy when ablated = more important; ties broken by the other metric.
    e.top_kv = top2([](const auto& s) { return s.kv + 1e-3 * s.mmlu; });
    e.top_mmlu = top2([](const auto& s) { return s.mmlu + 1e-3 * s.kv; });
    auto measure = [&](const InterventionPlan& plan, double& k, double& m, double& c) {
        k = accuracy(*model, pk, plan, cancel);
        m = accuracy(*model, pm, plan, cancel);
        c = accuracy(*model, pc, plan, cancel);
    };
    auto both = [&](const std::vector<HeadRef>& hs, double& k, double& m, double& c) {
        InterventionPlan plan;
        for (const auto& h : hs) plan.ablate(h);
        measure(plan, k, m, c);
    };
    both(e.top_kv, e.kv_top2_kv, e.kv_top2_mmlu, e.kv_top2_classic);
    both(e.top_mmlu, e.mmlu_top2_kv, e.mmlu_top2_mmlu, e.mmlu_top2_classic);
    for (int pairs : {4, 10, 20}) {
        std::vector<ChoiceSample> ks;
        for (int i = 0; i < samples; ++i) ks.push_back(data.kv_sample(i, pairs));
        e.kv_by_size.emplace_back(pairs, pairs == 10 ? e.kv_accuracy : accuracy(*model, probes(tok, ks), none, cancel));
    }
    bool attention = false, ssm = false;
    InterventionPlan no_attention;
    for (const auto& layer : info.layers) {
        attention = attention || layer.attention_heads > 0;
        ssm = ssm || layer.ssm_heads > 0;
        for (int i = 0; i < layer.attention_heads; ++i)
            no_attention.ablate(HeadRef{layer.index, i, HeadKind::Attention});
    }
    e.hybrid = attention && ssm;
    if (e.hybrid) measure(no_attention, e.no_attention_kv, e.no_attention_mmlu, e.no_attention_classic);
    return e;
}

}  // namespace gna
