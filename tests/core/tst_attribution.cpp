// Attribution patching (Model::attribute_heads) and the head_ranking methods "attribution" and
// "attribution+verify": the estimate against a central finite difference of the exact forward
// pass under scaled heads (alpha = 1 +- eps) on every architecture, Spearman's rho against values
// by hand, and on the bundled transformer demo the verified top two against the exhaustive exact
// ranking (and the demo's card).
#include <QTest>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include "gna/attribution.h"
#include "gna/experiment_spec.h"
#include "gna/experiments.h"
#include "gna/model.h"
#include "gna/probe.h"
#include "gna/tasks.h"
#include "test_models.h"
#include "test_support.h"

using namespace gna;
using namespace gna::test;

namespace {

// first, middle and last of a list
std::vector<HeadRef> spread(const std::vector<HeadRef>& all) {
    if (all.empty()) return {};
    std::vector<HeadRef> out = {all.front(), all[all.size() / 2], all.back()};
    return out;
}

// sum over the continuation's tokens of (logit of the token - mean logit), from the logits of a
// plain run, in double
double naive_logit_difference(Model& model, const std::vector<int>& prompt, const std::vector<int>& cont,
                              const InterventionPlan& plan) {
    std::vector<int> tokens = prompt;
    tokens.insert(tokens.end(), cont.begin(), cont.end() - 1);
    const RunResult res = run_all_logits(model, tokens, plan);
    const std::size_t V = static_cast<std::size_t>(res.vocab);
    double m = 0;
    for (std::size_t i = 0; i < cont.size(); ++i) {
        const float* z = res.all_logits.data() + (prompt.size() - 1 + i) * V;
        double mean = 0;
        for (std::size_t v = 0; v < V; ++v) mean += z[v];
        m += z[cont[i]] - mean / static_cast<double>(V);
    }
    return m;
}

TinyModelSpec tiny(const std::string& arch) { return tiny_any_arch(arch, 3); }

// every architecture of the tiny-model suites, and qwen2 (attention with q/k/v biases)
void add_arch_rows() {
    QTest::addColumn<QString>("arch");
    std::vector<std::string> archs = tiny_archs();
    archs.push_back("qwen2");
    for (const std::string& a : archs) QTest::newRow(a.c_str()) << QString::fromStdString(a);
}

}  // namespace

class TestAttribution : public QObject {
    Q_OBJECT
    TempDir dir_;

private Q_SLOTS:
    void estimateEqualsFiniteDifference_data();
    void estimateEqualsFiniteDifference();
    void batchedPromptsEqualOneAtATime_data();
    void batchedPromptsEqualOneAtATime();
    void batchEndsByHand();
    void verifiedHeadCountByHand();
    void rankingCostByHand();
    void spearmanByHand();
    void badSpecsAreRefused();
    void attributionScoresStartFromTheMeasuredLogitDifference();
    void verifiedTopTwoEqualExhaustiveRanking();
    void progressReportsEstimatesThenVerifiedBatches();
};

void TestAttribution::estimateEqualsFiniteDifference_data() { add_arch_rows(); }

// d metric / d alpha_h at alpha = 1 by a central difference of two exact runs (the plan's output scale
// is the head's multiplier; the first-order estimate of the zero ablation is this derivative).
void TestAttribution::estimateEqualsFiniteDifference() {
    QFETCH(QString, arch);
    const auto path = make_model(dir_, arch.toStdString(), tiny(arch.toStdString()));
    auto model = Model::load(path);
    const ModelInfo& info = model->info();
    std::vector<HeadRef> heads = spread(every_head(info, HeadKind::Attention));
    for (const HeadRef& h : spread(every_head(info, HeadKind::SSM))) heads.push_back(h);
    QVERIFY(!heads.empty());

    const std::vector<int> prompt = {5, 17, 42, 99, 7, 130, 64, 11, 250, 33, 18, 91};
    const std::vector<int> cont = {77, 140};
    for (AttributionMetric which : {AttributionMetric::LogitDifference, AttributionMetric::LogProb}) {
        const char* mname = which == AttributionMetric::LogProb ? "logprob" : "logit difference";
        AttributionRequest r{prompt, cont, heads, nullptr, which, /*freeze_norms=*/false};  // the exact derivative
        const AttributionResult a = model->attribute_heads({r}).front();
        QCOMPARE(a.heads.size(), heads.size());
        auto measure = [&](const InterventionPlan& plan) {
            return which == AttributionMetric::LogProb ? model->score_continuations(prompt, {cont}, plan).front()
                                                       : naive_logit_difference(*model, prompt, cont, plan);
        };
        const double base = measure({});
        QVERIFY2(std::fabs(a.metric - base) < 1e-4,
                 qPrintable(QStringLiteral("%1: metric %2 vs %3").arg(QLatin1String(mname)).arg(a.metric).arg(base)));
        const float eps = 0.01f;
        double largest = 0;
        for (std::size_t i = 0; i < heads.size(); ++i) {
            InterventionPlan up, down;
            up.ablate(heads[i], 1.0f + eps);
            down.ablate(heads[i], 1.0f - eps);
            const double fd = (measure(up) - measure(down)) / (2.0 * eps);
            largest = std::max(largest, std::fabs(fd));
            QVERIFY2(std::fabs(a.effect[i] - fd) <= 2e-3 + 0.03 * std::fabs(fd),
                     qPrintable(QStringLiteral("%1 %2 (%3): attribution %4, finite difference %5")
                                    .arg(arch, QString::fromStdString(heads[i].name()), QLatin1String(mname))
                                    .arg(a.effect[i])
                                    .arg(fd)));
        }
        // the check means something only when some head moves the metric
        QVERIFY2(largest > 1e-2, qPrintable(QStringLiteral("largest |d metric / d alpha| is only %1").arg(largest)));
    }
    const AttributionResult a = model->attribute_heads({AttributionRequest{prompt, cont, heads, nullptr}}).front();
    const AttributionResult exact_derivative =
        model
            ->attribute_heads(
                {AttributionRequest{prompt, cont, heads, nullptr, AttributionMetric::LogitDifference, false}})
            .front();
    // frozen norms: the forward is the same pass, the derivative is not
    QCOMPARE(a.metric, exact_derivative.metric);
    QVERIFY(a.effect != exact_derivative.effect);

    // every head (empty list): attention heads then SSM heads, layer by layer
    const AttributionResult all =
        model->attribute_heads({AttributionRequest{prompt, cont, {}, nullptr}}).front();  // frozen norms
    std::size_t n = 0;
    for (const LayerInfo& l : info.layers) n += static_cast<std::size_t>(l.attention_heads + l.ssm_heads);
    QCOMPARE(all.heads.size(), n);
    for (std::size_t i = 0; i < heads.size(); ++i)
        for (std::size_t j = 0; j < all.heads.size(); ++j)
            if (all.heads[j] == heads[i]) QCOMPARE(all.effect[j], a.effect[i]);
}

void TestAttribution::batchedPromptsEqualOneAtATime_data() { add_arch_rows(); }

// Prompts of different lengths share one gradient pass (right-padded rows, per-row head scales):
// each row's metric and estimates equal those of its prompt alone, up to float rounding.
void TestAttribution::batchedPromptsEqualOneAtATime() {
    QFETCH(QString, arch);
    const auto path = make_model(dir_, arch.toStdString(), tiny(arch.toStdString()));
    auto model = Model::load(path);
    std::vector<AttributionRequest> requests = {
        {{5, 17, 42, 99, 7, 130, 64, 11, 250, 33, 18, 91}, {77, 140}, {}, nullptr},
        {{9, 3, 200, 41, 12}, {66}, {}, nullptr, AttributionMetric::LogProb},
        {{8, 120, 4, 77, 19, 230, 51, 6, 90, 14, 160, 22, 31, 47, 210, 3, 70, 88}, {15, 101, 9}, {}, nullptr},
    };
    const std::vector<AttributionResult> batched = model->attribute_heads(requests);
    QCOMPARE(batched.size(), requests.size());
    std::size_t moved = 0;
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const AttributionResult alone = model->attribute_heads({requests[i]}).front();
        const AttributionResult& b = batched[i];
        QCOMPARE(b.heads.size(), alone.heads.size());
        auto close = [](double x, double y) { return std::fabs(x - y) <= 1e-4 * (1.0 + std::fabs(y)); };
        QVERIFY2(close(b.metric, alone.metric),
                 qPrintable(
                     QStringLiteral("prompt %1: metric %2 batched, %3 alone").arg(i).arg(b.metric).arg(alone.metric)));
        for (std::size_t h = 0; h < alone.heads.size(); ++h) {
            QVERIFY(b.heads[h] == alone.heads[h]);
            QVERIFY2(close(b.effect[h], alone.effect[h]),
                     qPrintable(QStringLiteral("prompt %1, %2: %3 batched, %4 alone")
                                    .arg(i)
                                    .arg(QString::fromStdString(alone.heads[h].name()))
                                    .arg(b.effect[h])
                                    .arg(alone.effect[h])));
            moved += std::fabs(alone.effect[h]) > 1e-3 ? 1 : 0;
        }
    }
    QVERIFY2(moved > 0, "no head moves any metric: the comparison would hold for anything");
}

// batches of consecutive prompts: rows x longest length within the budget, a longer prompt alone
void TestAttribution::batchEndsByHand() {
    // 100, 300, 50: 3 x 300 = 900 <= 1024; 2000 and 3000 each alone; 10 after 3000 would be 2 x 3000
    QCOMPARE(batch_ends({100, 300, 50, 2000, 3000, 10}, 1024), (std::vector<std::size_t>{3, 4, 5, 6}));
    // 4 x 256 = 1024 fits, a fifth would be 1280
    QCOMPARE(batch_ends({256, 256, 256, 256, 256}, 1024), (std::vector<std::size_t>{4, 5}));
    QCOMPARE(batch_ends({}, 1024), std::vector<std::size_t>{});
    // 2 GiB / (16 floats x 4 bytes x 16 layers x 1024 hidden) = 2048 tokens; 8B shape: 2 GiB / 8 MiB = 256
    ModelInfo info;
    info.num_layers = 16;
    info.hidden_size = 1024;
    QCOMPARE(attribution_batch_tokens(info), std::size_t(2048));
    info.num_layers = 32;
    info.hidden_size = 4096;
    QCOMPARE(attribution_batch_tokens(info), std::size_t(256));
}

// verify_k 0: min(3 x top, max(top, ceil(heads / 4))), at most every head; a set verify_k wins
void TestAttribution::verifiedHeadCountByHand() {
    QCOMPARE(verified_head_count(16, 0, 64), std::size_t(16));  // min(48, max(16, 16)): the 64 heads
    QCOMPARE(verified_head_count(16, 0, 256), std::size_t(48));  // min(48, max(16, 64))
    QCOMPARE(verified_head_count(16, 0, 128), std::size_t(32));  // min(48, max(16, 32))
    QCOMPARE(verified_head_count(4, 0, 64), std::size_t(12));  // min(12, max(4, 16))
    QCOMPARE(verified_head_count(2, 0, 12), std::size_t(3));  // the demo: min(6, max(2, 3))
    QCOMPARE(verified_head_count(1, 0, 10), std::size_t(3));  // ceil(10 / 4) = 3 = 3 x top
    QCOMPARE(verified_head_count(16, 0, 12), std::size_t(12));  // more wanted than there are: every head
    QCOMPARE(verified_head_count(16, 20, 64), std::size_t(20));
    QCOMPARE(verified_head_count(16, 100, 64), std::size_t(64));
}

// The shape: 8 layers of 8 heads (hidden 512), 10 KV prompts of 10 pairs, top 16.
void TestAttribution::rankingCostByHand() {
    ModelInfo info;
    info.num_layers = 8;
    info.hidden_size = 512;
    std::vector<HeadRef> heads;
    for (int l = 0; l < 8; ++l)
        for (int h = 0; h < 8; ++h) heads.push_back(HeadRef{l, h});
    ExperimentSpec spec;
    spec.tasks[0].kv.sizes = {10};
    spec.tasks[0].kv.samples_per_size = 10;
    const RankingCostInput in = ranking_cost_input(spec);
    QCOMPARE(in.prompts, std::size_t(10));
    QCOMPARE(in.tokens, std::size_t(16 + 5 * 10));
    QCOMPARE(in.top, 16);
    QCOMPARE(in.batch_rows, 64);
    const RankingCost c = ranking_cost(info, heads, in);
    QCOMPARE(c.heads, std::size_t(64));
    // exact: the baseline + 8 heads x (8 + 7 + ... + 1) / 8 of a forward = 1 + 36 = 37 per prompt
    QCOMPARE(c.exact.ablated, std::size_t(64));
    QCOMPARE(c.exact.passes_per_prompt, 37.0);
    QCOMPARE(c.exact.passes, 370.0);
    // fast: K = 16, at the mean depth 36 / 64: 3 (gradient pass) + 1 + 16 x 0.5625 = 13 per prompt
    QCOMPARE(c.fast.ablated, std::size_t(16));
    QCOMPARE(c.fast.passes_per_prompt, 13.0);
    QCOMPARE(c.fast.passes, 130.0);
    QCOMPARE(c.speedup(), 37.0 / 13.0);
    QVERIFY(c.recommended == RankingMethod::AttributionVerify);
    // from the spec alone: the same, on every attention head of the model's layers
    for (int l = 0; l < 8; ++l) info.layers.push_back(LayerInfo{l, "attention", 8, 8, 0, true});
    const RankingCost fromSpec = ranking_cost(info, spec);
    QCOMPARE(fromSpec.heads, std::size_t(64));
    QCOMPARE(fromSpec.exact.passes, 370.0);
    QCOMPARE(fromSpec.fast.passes, 130.0);
    // 16 floats x 4 bytes x 512 = 32768 bytes per token and layer; exact: 64 rows x 66 tokens, one layer
    QCOMPARE(c.exact.activation_bytes, std::size_t(64 * 66 * 32768));
    // fast: 2 GiB / (32768 x 8 layers) = 8192 tokens hold all 10 prompts: 10 x 66 tokens x 8 layers,
    // twice (the activations and their gradients)
    QCOMPARE(c.fast.activation_bytes, std::size_t(2) * 10 * 66 * 8 * 32768);
    // the old default K = 3 x top = 48: 3 + 1 + 48 x 0.5625 = 31 per prompt, 1.19x: exact is recommended
    RankingCostInput k48 = in;
    k48.verify_k = 48;
    const RankingCost old = ranking_cost(info, heads, k48);
    QCOMPARE(old.fast.passes_per_prompt, 31.0);
    QVERIFY(old.recommended == RankingMethod::Exact);
    // verifying every head is never recommended; an unknown task: passes per prompt, no totals, no memory
    k48.verify_k = 64;
    QVERIFY(ranking_cost(info, heads, k48).recommended == RankingMethod::Exact);
    spec.tasks[0].name = "mmlu";
    const RankingCostInput unknown = ranking_cost_input(spec);
    QCOMPARE(unknown.prompts, std::size_t(0));
    const RankingCost u = ranking_cost(info, heads, unknown);
    QCOMPARE(u.exact.passes_per_prompt, 37.0);
    QCOMPARE(u.exact.passes, 0.0);
    QCOMPARE(u.fast.activation_bytes, std::size_t(0));
}

void TestAttribution::spearmanByHand() {
    // 1 - 6 sum d^2 / (n (n^2 - 1)) = 1 - 6 * 2 / 60
    QCOMPARE(spearman_correlation({1, 2, 3, 4}, {10, 30, 20, 40}), 0.8);
    QCOMPARE(spearman_correlation({1, 2, 3}, {3, 2, 1}), -1.0);
    // ties: ranks (0.5, 0.5, 2) and (0, 1, 2): 1.5 / sqrt(1.5 * 2)
    QVERIFY(std::fabs(spearman_correlation({1, 1, 2}, {1, 2, 3}) - 1.5 / std::sqrt(3.0)) < 1e-12);
    QCOMPARE(spearman_correlation({1}, {2}), 0.0);
}

void TestAttribution::badSpecsAreRefused() {
    auto model = Model::load(demo_model("transformer"));
    TempDir out;
    ExperimentOptions o;
    o.out_dir = out.path();
    const Json kv = {{"name", "kv_retrieval"}, {"sizes", {4}}, {"samples_per_size", 2}};
    QString e = error_of([&] {
        run_experiment(*model, Json{{"experiment", "head_ranking"}, {"task", kv}, {"method", "fast"}}, o);
    });
    QVERIFY2(e.contains(QLatin1String("\"method\"")) && e.contains(QLatin1String("attribution+verify")), qPrintable(e));
    e = error_of([&] {
        run_experiment(
            *model, Json{{"experiment", "head_ranking"}, {"task", kv}, {"method", "attribution"}, {"verify_k", -1}}, o);
    });
    QVERIFY2(e.contains(QLatin1String("verify_k")), qPrintable(e));
    e = error_of([&] {
        run_experiment(*model, Json{{"experiment", "layer_pruning"}, {"task", kv}, {"method", "attribution"}}, o);
    });
    // the typed spec: "method" belongs to head_ranking
    QVERIFY2(e.contains(QLatin1String("\"method\"")) && e.contains(QLatin1String("head_ranking")), qPrintable(e));
    ExperimentOptions shard = o;
    shard.shard = {0, 2};
    e = error_of([&] {
        run_experiment(*model, Json{{"experiment", "head_ranking"}, {"task", kv}, {"method", "attribution"}}, shard);
    });
    QVERIFY2(e.contains(QLatin1String("sharded")), qPrintable(e));
    e = error_of([&] {
        run_experiment(
            *model,
            Json{{"experiment", "head_ranking"}, {"task", kv}, {"method", "attribution"}, {"metric", "exact_match"}},
            o);
    });
    QVERIFY2(e.contains(QLatin1String("exact_match")), qPrintable(e));
}

// "attribution": the baseline score is the correct value's logit difference, measured from a plain
// run's logits; each head's score is that minus its estimate, and the ranking's importance is the
// mean estimate.
void TestAttribution::attributionScoresStartFromTheMeasuredLogitDifference() {
    auto model = Model::load(demo_model("transformer"));
    TempDir out;
    ExperimentOptions o;
    o.out_dir = out.path();
    const Json spec = {{"experiment", "head_ranking"},
                       {"task", {{"name", "kv_retrieval"}, {"sizes", {6}}, {"samples_per_size", 3}}},
                       {"method", "attribution"}};
    const ExperimentOutcome r = run_experiment(*model, spec, o);
    QVERIFY(r.complete);
    const std::vector<SampleOutcome>& samples = r.result.samples;
    QCOMPARE(samples.size(), std::size_t(3));
    QCOMPARE(r.result.conditions.size(), std::size_t(13));  // baseline + 12 heads
    KvRetrievalOptions ko;
    ko.sizes = {6};
    ko.samples_per_size = 3;
    const std::vector<KvSample> kv = make_kv_samples(ko);
    for (std::size_t i = 0; i < kv.size(); ++i) {
        const ChoiceItem item = kv_choice_item(model->tokenizer(), kv[i]);
        const double lp = naive_logit_difference(*model, item.prompt, item.choices[item.answer], {});
        QVERIFY2(std::fabs(samples[i].scores[0] - lp) < 1e-4,
                 qPrintable(QStringLiteral("sample %1: %2 vs %3").arg(i).arg(samples[i].scores[0]).arg(lp)));
    }
    const std::vector<HeadRankingRow>& ranking = r.result.aggregates.ranking.value();
    QCOMPARE(ranking.size(), std::size_t(12));
    for (std::size_t k = 1; k < ranking.size(); ++k) QVERIFY(ranking[k - 1].importance >= ranking[k].importance);
    QCOMPARE(r.result.aggregates.attribution.value().ranking.size(), std::size_t(12));
    // reopened: the same folder returns the finished result; read_head_ranking reads it
    QCOMPARE(read_head_ranking(r.json_path).size(), std::size_t(12));
    const ExperimentOutcome again = run_experiment(*model, spec, o);
    QVERIFY(again.result.checksum == r.result.checksum);
}

// The demo's card names L2.H2 and L1.H3 as the top two heads of the exhaustive exact ranking; the
// fast method verifies only the top 3 by attribution (top 1 asked for) and must find the same two.
void TestAttribution::verifiedTopTwoEqualExhaustiveRanking() {
    auto model = Model::load(demo_model("transformer"));
    const Json task = {{"name", "kv_retrieval"}, {"sizes", {10}}, {"samples_per_size", 40}, {"seed", 1}};
    Json spec = {{"experiment", "head_ranking"}, {"task", task}, {"metric", "logprob"}};
    TempDir a, b;
    ExperimentOptions oa, ob;
    oa.out_dir = a.path();
    ob.out_dir = b.path();
    const ExperimentOutcome exact = run_experiment(*model, spec, oa);
    spec["method"] = "attribution+verify";
    spec["top"] = 1;
    const ExperimentOutcome fast = run_experiment(*model, spec, ob);
    const std::vector<HeadRankingRow>& re = exact.result.aggregates.ranking.value();
    const std::vector<HeadRankingRow>& rf = fast.result.aggregates.ranking.value();
    QCOMPARE(re.size(), std::size_t(12));
    QCOMPARE(rf.size(), std::size_t(3));
    const std::set<std::string> card = {"L2.H2", "L1.H3"};
    QVERIFY((std::set<std::string>{re[0].head, re[1].head}) == card);
    QCOMPARE(rf[0].head, re[0].head);
    QCOMPARE(rf[1].head, re[1].head);
    // the verified importances are the exact ones (exact sweeps: the same bits whatever the batch)
    for (const HeadRankingRow& v : rf) {
        bool found = false;
        for (const HeadRankingRow& x : re)
            if (x.head == v.head) {
                found = true;
                QCOMPARE(v.importance, x.importance);
            }
        QVERIFY(found);
        QVERIFY(v.attribution.has_value());
    }
    const AttributionSummary& at = fast.result.aggregates.attribution.value();
    QCOMPARE(at.verified.value(), std::size_t(3));
    QCOMPARE(at.ranking.size(), std::size_t(12));
    QVERIFY(at.spearman.value() >= -1.0 && at.spearman.value() <= 1.0);
    QVERIFY(at.seconds_attribution > 0 && at.seconds_verify.value() > 0);
}

// The runner's ranking reports (the studio colours the head board from them): every estimate once,
// nothing verified; then after each of 3 batches one more verified head (top 2 of 12 heads: K =
// min(6, max(2, 3)) = 3), with the importance the
// finished result holds; split or not, the verified importances are the same bits.
void TestAttribution::progressReportsEstimatesThenVerifiedBatches() {
    auto model = Model::load(demo_model("transformer"));
    const Json spec = {{"experiment", "head_ranking"},
                       {"task", {{"name", "kv_retrieval"}, {"sizes", {8}}, {"samples_per_size", 4}}},
                       {"metric", "logprob"},
                       {"method", "attribution+verify"},
                       {"top", 2}};
    TempDir a, b;
    ExperimentOptions split, whole;
    split.out_dir = a.path();
    whole.out_dir = b.path();
    split.verify_batches = 3;
    std::vector<RankingProgress> reports;
    split.ranking = [&](const RankingProgress& p) { reports.push_back(p); };
    const ExperimentOutcome r = run_experiment(*model, spec, split);
    const ExperimentOutcome one = run_experiment(*model, spec, whole);
    QCOMPARE(reports.size(), std::size_t(4));
    const std::vector<AttributionEstimate>& estimates = r.result.aggregates.attribution.value().ranking;
    QCOMPARE(reports[0].estimates.size(), std::size_t(12));
    QVERIFY(reports[0].verified.empty());
    QCOMPARE(reports[0].to_verify, std::size_t(3));
    for (std::size_t i = 0; i < estimates.size(); ++i) {
        QCOMPARE(reports[0].estimates[i].head.name(), estimates[i].head);
        QCOMPARE(reports[0].estimates[i].value, estimates[i].attribution);
    }
    for (std::size_t k = 1; k < reports.size(); ++k) {
        QCOMPARE(reports[k].verified.size(), k);
        // each batch verifies the next head by estimate
        std::set<std::string> want, got;
        for (std::size_t j = 0; j < k; ++j) want.insert(estimates[j].head);
        for (const RankedHead& h : reports[k].verified) got.insert(h.head.name());
        QVERIFY(want == got);
    }
    const std::vector<HeadRankingRow>& ranking = r.result.aggregates.ranking.value();
    QCOMPARE(ranking.size(), std::size_t(3));
    for (std::size_t i = 0; i < ranking.size(); ++i) {
        QCOMPARE(reports.back().verified[i].head.name(), ranking[i].head);
        QCOMPARE(reports.back().verified[i].value, ranking[i].importance);
        QVERIFY(one.result.aggregates.ranking.value()[i].head == ranking[i].head);
        QCOMPARE(one.result.aggregates.ranking.value()[i].importance, ranking[i].importance);
    }
    QVERIFY(one.result.checksum == r.result.checksum);  // the same samples, scores and all
}

QTEST_GUILESS_MAIN(TestAttribution)
#include "tst_attribution.moc"
