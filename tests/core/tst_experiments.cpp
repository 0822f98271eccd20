// Experiments: batched, prefix-reusing sweeps against one-at-a-time runs; result files (resume,
// cancellation, corrupted and foreign files); spec errors; the memory table by hand.
#include <algorithm>
#include <QProcess>
#include <QtTest>

#include <csignal>

#include <cmath>
#include <fstream>

#include "gna/experiments.h"
#include "gna/manipulation.h"
#include "gna/model.h"
#include "naive_llama.h"
#include "sweep_exact.h"
#include "test_models.h"
#include "test_support.h"

using namespace gna;
using namespace gna::test;

namespace {
double max_diff(const std::vector<std::vector<double>>& a, const std::vector<std::vector<double>>& b) {
    if (a.size() != b.size()) return INFINITY;
    double m = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].size() != b[i].size()) return INFINITY;
        for (std::size_t j = 0; j < a[i].size(); ++j) m = std::max(m, std::fabs(a[i][j] - b[i][j]));
    }
    return m;
}
}  // namespace

class TestExperiments : public TinyModelSuite {
    Q_OBJECT

    SweepRequest kv_sweep() {
        KvRetrievalOptions o;
        o.sizes = {10};
        o.samples_per_size = 1;
        const ChoiceItem item = kv_choice_item(model_->tokenizer(), make_kv_samples(o)[0]);
        SweepRequest r;
        r.prompt = item.prompt;
        r.continuations = item.choices;
        r.plans.push_back({});
        for (int l = 0; l < 3; ++l)
            for (int h = 0; h < 4; ++h) {
                InterventionPlan p;
                p.ablate(HeadRef{l, h});
                r.plans.push_back(p);
            }
        InterventionPlan skip;
        skip.skip_layers = {2};
        r.plans.push_back(skip);
        InterventionPlan sp;
        sp.hooks.push_back(sparsification_hook({1, true}));
        r.plans.push_back(sp);
        InterventionPlan sp2;  // a second hooked plan: the cached path batches two rows
        sp2.hooks.push_back(sparsification_hook({2, true}));
        sp2.ablate(HeadRef{1, 1});
        r.plans.push_back(sp2);
        InterventionPlan two;
        two.ablate(HeadRef{2, 1});
        two.ablate(HeadRef{1, 3}, 0.5f);
        r.plans.push_back(two);
        return r;
    }

private Q_SLOTS:
    void initTestCase() { load_tiny(tiny_llama(3, 3)); }

    void batchedSweepEqualsOneAtATime() {
        SweepRequest r = kv_sweep();
        bool multi = false;
        for (const auto& c : r.continuations) multi |= c.size() > 1;
        QVERIFY2(multi, "the tiny tokenizer should give multi-token values (tests the tail pass)");
        std::vector<std::vector<double>> single;
        for (const auto& p : r.plans) single.push_back(model_->score_continuations(r.prompt, r.continuations, p));
        const auto batched = model_->sweep_continuations(r);
        const double d = max_diff(batched, single);
        qInfo("batched vs single: max diff %g", d);
        QVERIFY2(d < 1e-5, qPrintable(QString("batched vs single: %1").arg(d)));
        // the outcomes a result file records (the chosen value per plan) are the same
        for (std::size_t i = 0; i < single.size(); ++i)
            QCOMPARE(std::max_element(batched[i].begin(), batched[i].end()) - batched[i].begin(),
                     std::max_element(single[i].begin(), single[i].end()) - single[i].begin());
        // prefix reuse changes nothing, to the bit (same batches, all layers recomputed)
        r.reuse_prefix = false;
        const double d2 = max_diff(model_->sweep_continuations(r), batched);
        QVERIFY2(d2 == 0.0, qPrintable(QString("reuse vs no reuse: %1").arg(d2)));
        // batch size and prefix reuse change no bit: the same numbers as every plan swept alone
        // (one row, all layers); score_continuations above is a different computation (a KV cache
        // and one pass per continuation), equal to rounding
        for (int rows : {64, 3, 1})
            for (bool reuse : {true, false}) {
                r.reuse_prefix = reuse;
                r.max_batch_rows = rows;
                const double e = batched_vs_alone(*model_, r);
                QVERIFY2(e == 0.0, qPrintable(QString("rows %1 reuse %2: %3").arg(rows).arg(reuse).arg(e)));
            }
        // and ablations matter: the sweep is not returning the baseline everywhere
        QVERIFY(max_diff({batched[0]}, {batched[5]}) > 1e-4);
    }

    // The tree pass of attention models (prompt and continuation prefixes as one masked sequence,
    // rows fanning out at the ablated layer, last layer on the needed rows only) against
    // score_continuations plan by plan, and one score against the independent naive forward.
    void treeSweepMatchesScoreContinuations() {
        const std::vector<int> prompt = model_->tokenizer().encode(
            "Memorize the following dictionary:\nriver:42\nstone:7\nThe value of the key 'river' is");
        // prefixes shared at depths 1, 2 and 3; single tokens; a continuation that is another's prefix
        const std::vector<std::vector<int>> conts = {{5},    {5, 9}, {5, 11},   {5, 9, 13}, {5, 9, 13, 2},
                                                     {7, 9}, {7},    {9, 5, 5}, {5, 9, 14}, {9, 5}};
        std::vector<InterventionPlan> plans(1);  // baseline
        for (int l : {0, 1, 2})  // first, middle and last layer
            for (int h : {0, 3}) {
                InterventionPlan p;
                p.ablate(HeadRef{l, h});
                plans.push_back(p);
            }
        InterventionPlan span;  // first and last layer
        span.ablate(HeadRef{0, 1});
        span.ablate(HeadRef{2, 2}, 0.5f);
        plans.push_back(span);
        InterventionPlan whole;  // every head of the middle layer
        for (int h = 0; h < 4; ++h) whole.ablate(HeadRef{1, h});
        plans.push_back(whole);
        InterventionPlan skip_last;
        skip_last.skip_layers = {2};
        plans.push_back(skip_last);
        InterventionPlan skip_first;
        skip_first.skip_layers = {0};
        skip_first.ablate(HeadRef{1, 2});
        plans.push_back(skip_first);
        InterventionPlan hooked;  // takes the cached path inside the same request
        hooked.hooks.push_back(sparsification_hook({2, true}));
        plans.push_back(hooked);

        std::vector<std::vector<double>> single;
        for (const auto& p : plans) single.push_back(model_->score_continuations(prompt, conts, p));
        SweepRequest r;
        r.prompt = prompt;
        r.continuations = conts;
        r.plans = plans;
        for (int rows : {64, 2, 1})
            for (bool reuse : {true, false}) {
                r.max_batch_rows = rows;
                r.reuse_prefix = reuse;
                const auto got = model_->sweep_continuations(r);
                const double exact = batched_vs_alone(*model_, r);
                QVERIFY2(
                    exact == 0.0,
                    qPrintable(
                        QString("rows %1 reuse %2: %3 from the plans swept alone").arg(rows).arg(reuse).arg(exact)));
                const double d = max_diff(got, single);
                QVERIFY2(d < 1e-5, qPrintable(QString("rows %1 reuse %2: max diff %3").arg(rows).arg(reuse).arg(d)));
                for (std::size_t p = 0; p < plans.size(); ++p)
                    QCOMPARE(std::max_element(got[p].begin(), got[p].end()) - got[p].begin(),
                             std::max_element(single[p].begin(), single[p].end()) - single[p].begin());
            }
        for (std::size_t p = 1; p < plans.size(); ++p)  // every plan changes the scores
            QVERIFY2(max_diff({single[0]}, {single[p]}) > 1e-4, qPrintable(QString::number(p)));

        // independent check: continuation {5, 9, 13, 2} under L1.H0 ablated, by the naive forward
        NaiveOptions o;
        o.head_scale[{1, 0}] = 0.0f;
        std::vector<int> ids = prompt;
        ids.insert(ids.end(), {5, 9, 13});
        const NaiveResult ref = naive_llama_forward(path_, ids, o);
        const double want = continuation_logprob(ref.logits, prompt.size(), {5, 9, 13, 2});
        r.max_batch_rows = 64;
        r.reuse_prefix = true;
        const double got = model_->sweep_continuations(r)[3][4];  // plans[3] = L1.H0
        QVERIFY2(std::fabs(got - want) < 1e-4, qPrintable(QString("%1 vs naive %2").arg(got).arg(want)));

        // Mistral with a sliding window shorter than the prompt: the window applies to the tree rows
        auto mistral = Model::load(make_model(dir_, "mistral",
                                              {.arch = "mistral",
                                               .layers = 3,
                                               .hidden = 32,
                                               .heads = 4,
                                               .kv_heads = 2,
                                               .intermediate = 48,
                                               .seed = 5,
                                               .sliding_window = 6}));
        plans.pop_back();
        r.plans = plans;
        const auto got_m = mistral->sweep_continuations(r);
        double dm = 0;
        for (std::size_t p = 0; p < plans.size(); ++p)
            dm = std::max(dm, max_diff({got_m[p]}, {mistral->score_continuations(prompt, conts, plans[p])}));
        QVERIFY2(dm < 1e-5, qPrintable(QString("mistral: max diff %1").arg(dm)));
    }

    // Sizes that leave ragged tails in every vectorised loop (hidden 96, 6 heads over 2 KV heads,
    // MLP 150, a 37-token prompt): batched sweeps give the same bits as every plan alone, for the
    // tree pass and the cached path of every architecture, with hooks too.
    void exactSweepsForEveryArchitecture() {
        for (const char* arch : {"llama", "mistral", "qwen2", "mamba", "mamba2", "jamba", "zamba2", "recurrentgemma"}) {
            auto m = Model::load(make_model(
                dir_, std::string("exact_") + arch,
                {.arch = arch, .layers = 4, .hidden = 96, .heads = 6, .kv_heads = 2, .intermediate = 150, .seed = 11}));
            SweepRequest r;
            for (int t = 0; t < 37; ++t) r.prompt.push_back(1 + (t * 37) % (m->info().vocab_size - 1));
            r.continuations = {{5, 7}, {5, 9, 11}, {13}, {17, 3}};
            r.plans.resize(1);
            for (const auto& li : m->info().layers) {
                for (int h = 0; h < std::min(li.ssm_heads, 2); ++h) {
                    InterventionPlan p;
                    p.ablate(HeadRef{li.index, h, HeadKind::SSM});
                    r.plans.push_back(p);
                }
                for (int h = 0; h < std::min(li.attention_heads, 2); ++h) {
                    InterventionPlan p;
                    p.ablate(HeadRef{li.index, h, HeadKind::Attention});
                    r.plans.push_back(p);
                }
            }
            for (int k : {1, 2})
                if (m->info().layers[0].attention_heads > 0) {
                    InterventionPlan hooked;
                    hooked.hooks.push_back(sparsification_hook({k, true}));
                    r.plans.push_back(hooked);
                }
            const double e = batched_vs_alone(*m, r);
            QVERIFY2(e == 0.0,
                     qPrintable(QString("%1: batched sweep differs from the plans alone by %2").arg(arch).arg(e)));
            // and the plans do change the scores (the comparison is not between constants)
            const auto got = m->sweep_continuations(r);
            QVERIFY2(max_diff({got[0]}, {got[1]}) > 1e-6, arch);
        }
    }

    void firstIntervenedLayer() {
        InterventionPlan p;
        QCOMPARE(first_intervened_layer(p, 5), 5);
        p.ablate(HeadRef{3, 1});
        p.skip_layers = {4};
        QCOMPARE(first_intervened_layer(p, 5), 3);
        Manipulation m;
        m.generation = ManipulationMode::Null;  // generation only: the prompt pass is untouched
        InterventionPlan g;
        g.hooks.push_back(manipulation_hook(m));
        QCOMPARE(first_intervened_layer(g, 5), 5);
        m.prefill = ManipulationMode::Only;
        m.heads = {HeadRef{2, 0}};
        g.hooks = {manipulation_hook(m)};
        QCOMPARE(first_intervened_layer(g, 5), 2);
    }

    void headRankingResumesAfterCancel() {
        const Json spec = {
            {"experiment", "head_ranking"},
            {"task", {{"name", "kv_retrieval"}, {"sizes", {10, 15}}, {"samples_per_size", 2}, {"seed", 9}}},
            {"batch_rows", 5}};
        ExperimentOptions full;
        full.out_dir = dir_ / "full";
        const ExperimentOutcome ref = run_experiment(*model_, spec, full);
        QVERIFY(ref.complete);
        QCOMPARE(ref.result.samples.size(), std::size_t(4));
        QCOMPARE(ref.result.conditions.size(), std::size_t(13));
        QCOMPARE(ref.result.conditions[0], std::string("baseline"));
        QCOMPARE(ref.result.model.config_hash, model_->info().config_hash);
        QVERIFY(!ref.result.program.version.empty());
        QCOMPARE(ref.result.seeds["kv_retrieval"].get<int>(), 9);
        QCOMPARE(ref.result.aggregates.ranking.value().size(), std::size_t(12));
        QVERIFY(std::filesystem::exists(ref.csv_path) && std::filesystem::exists(ref.summary_path));

        std::atomic<bool> cancel{false};
        ExperimentOptions part;
        part.out_dir = dir_ / "part";
        part.cancel = &cancel;
        part.progress = [&](const ExperimentProgress& p) {
            if (p.done == 2) cancel = true;
        };
        QVERIFY(is_cancelled([&] { run_experiment(*model_, spec, part); }));
        const ExperimentResult saved = read_experiment_result(part.out_dir / "result.json");
        QCOMPARE(saved.samples.size(), std::size_t(2));
        QCOMPARE(saved.complete, false);

        cancel = false;
        std::size_t resumed = 0;
        part.progress = [&](const ExperimentProgress& p) { resumed = p.resumed; };
        const ExperimentOutcome again = run_experiment(*model_, spec, part);
        QVERIFY(again.complete);
        QCOMPARE(resumed, std::size_t(2));
        QCOMPARE(to_json(again.result)["samples"], to_json(ref.result)["samples"]);
        QCOMPARE(to_json(again.result)["aggregates"], to_json(ref.result)["aggregates"]);
        QCOMPARE(read_head_ranking(again.json_path).size(), std::size_t(12));

        // logprob metric: each score is the correct value's summed log-probability, as
        // score_continuations gives it (baseline row), and the ranking is sorted by importance
        Json lp = spec;
        lp["metric"] = "logprob";
        ExperimentOptions o3;
        o3.out_dir = dir_ / "logprob";
        const ExperimentOutcome l = run_experiment(*model_, lp, o3);
        KvRetrievalOptions ko;
        ko.sizes = {10};
        ko.samples_per_size = 1;
        ko.seed = 9;
        const ChoiceItem item = kv_choice_item(model_->tokenizer(), make_kv_samples(ko)[0]);
        const double want = model_->score_continuations(item.prompt, item.choices, {})[item.answer];
        QVERIFY(std::fabs(l.result.samples[0].scores[0] - want) < 1e-5);
        const std::vector<HeadRankingRow>& rk = l.result.aggregates.ranking.value();
        for (std::size_t i = 1; i < rk.size(); ++i) QVERIFY(rk[i - 1].importance >= rk[i].importance);
        QVERIFY(rk[0].importance > 0);
    }

    void corruptedAndForeignResultsAreReported() {
        const Json spec = {{"experiment", "evaluate"},
                           {"task", {{"name", "kv_retrieval"}, {"sizes", {10}}, {"samples_per_size", 1}}}};
        ExperimentOptions o;
        o.out_dir = dir_ / "c";
        run_experiment(*model_, spec, o);
        // edited outcome: checksum mismatch
        Json j = read_json_file(o.out_dir / "result.json");
        j["samples"][0]["scores"][0] = 1.0 - j["samples"][0]["scores"][0].get<double>();
        write_json_file_atomic(o.out_dir / "result.json", j);
        QString e = error_of([&] { run_experiment(*model_, spec, o); });
        QVERIFY2(e.contains("corrupted") && e.contains("checksum"), qPrintable(e));
        // truncated file
        std::ofstream(o.out_dir / "result.json") << "{\"format\": \"gna-experiment-res";
        e = error_of([&] { run_experiment(*model_, spec, o); });
        QVERIFY2(e.contains("corrupted"), qPrintable(e));
        // somebody else's JSON
        std::ofstream(o.out_dir / "result.json") << "{\"hello\": 1}";
        e = error_of([&] { run_experiment(*model_, spec, o); });
        QVERIFY2(e.contains("not a G&A Studio experiment result"), qPrintable(e));
        // another spec in the same folder
        std::filesystem::remove(o.out_dir / "result.json");
        run_experiment(*model_, spec, o);
        Json other = spec;
        other["task"]["seed"] = 2;
        e = error_of([&] { run_experiment(*model_, other, o); });
        QVERIFY2(e.contains("different experiment spec"), qPrintable(e));
    }

    void badSpecsGiveClearErrors() {
        ExperimentOptions o;
        o.out_dir = dir_ / "bad";
        QString e = error_of([&] { run_experiment(*model_, Json{{"experiment", "rank_heads"}}, o); });
        QVERIFY2(e.contains("'rank_heads' is not a known experiment"), qPrintable(e));
        e = error_of([&] { run_experiment(*model_, Json{{"experiment", "evaluate"}, {"taks", Json::object()}}, o); });
        QVERIFY2(e.contains("unknown key \"taks\""), qPrintable(e));
        e = error_of([&] {
            run_experiment(*model_, Json{{"experiment", "evaluate"}, {"task", {{"name", "squad"}}}}, o);
        });
        QVERIFY2(e.contains("'squad' is not one of"), qPrintable(e));
        e = error_of([&] {
            run_experiment(*model_,
                           Json{{"experiment", "evaluate"}, {"task", {{"name", "kv_retrieval"}, {"sizes", "ten"}}}}, o);
        });
        QVERIFY2(e.contains("task.sizes") && e.contains("wrong type"), qPrintable(e));
        e = error_of([&] { run_experiment(*model_, Json{{"experiment", "head_ranking"}, {"heads", {"L9.H0"}}}, o); });
        QVERIFY2(e.contains("L9.H0"), qPrintable(e));
        e = error_of([&] { run_experiment(*model_, Json{{"experiment", "manipulation_grid"}}, o); });
        QVERIFY2(e.contains("must be niah"), qPrintable(e));
        // the bundled example specs are valid
        for (const auto& ex : std::filesystem::directory_iterator(bundled_data_dir() / "experiments"))
            QVERIFY2(error_of([&] { load_experiment_spec(ex.path()); }).isEmpty(), ex.path().c_str());
        const auto f = dir_ / "spec.json";
        std::ofstream(f) << "{\"experiment\": \"evaluate\",";
        e = error_of([&] { load_experiment_spec(f); });
        QVERIFY2(e.contains("spec.json"), qPrintable(e));
    }

    void layerPruningAndCumulativeRemoval() {
        ExperimentOptions o;
        o.out_dir = dir_ / "prune";
        const Json spec = {{"experiment", "layer_pruning"},
                           {"task", {{"name", "kv_retrieval"}, {"sizes", {10}}, {"samples_per_size", 2}}}};
        const auto r = run_experiment(*model_, spec, o);
        std::vector<std::string> names = r.result.conditions;
        QCOMPARE(names,
                 (std::vector<std::string>{"baseline", "remove-last-1", "remove-last-2", "remove-last-3", "skip-L0",
                                           "skip-L1", "skip-L2"}));
        o.out_dir = dir_ / "cum";
        const Json cum = {
            {"experiment", "cumulative_removal"},
            {"ranking", {"L2.H1", "L0.H0", "L1.H3"}},
            {"steps", {0, 1, 3}},
            {"random_seed", 4},
            {"tasks", {{{"name", "kv_retrieval"}, {"sizes", {10}}, {"samples_per_size", 1}}, {{"name", "knowledge"}}}}};
        const auto c = run_experiment(*model_, cum, o);
        names = c.result.conditions;
        QCOMPARE(names, (std::vector<std::string>{"top-0", "random-0", "top-1", "random-1", "top-3", "random-3"}));
        QCOMPARE(c.result.samples.size(), std::size_t(5));
        QCOMPARE(c.result.meta["random_order"].size(), std::size_t(12));
        // knowledge samples carry acc_norm
        bool norm = false;
        for (const SampleOutcome& s : c.result.samples) norm |= s.scores_norm.has_value();
        QVERIFY(norm);
        // top-0 and random-0 are both the unablated model
        for (const SampleOutcome& s : c.result.samples) QCOMPARE(s.scores[0], s.scores[1]);

        // Every aggregate row's mean and standard error, counted here from the samples (two passes, n - 1).
        for (const AggregateRow& a : c.result.aggregates.rows) {
            const std::size_t k = static_cast<std::size_t>(
                std::find(c.result.conditions.begin(), c.result.conditions.end(), a.condition) -
                c.result.conditions.begin());
            std::vector<double> xs;
            for (const SampleOutcome& s : c.result.samples)
                if ((a.task == "*" || s.task == a.task) && (a.group == "*" || s.group == a.group))
                    xs.push_back(s.scores[k]);
            QCOMPARE(a.n, static_cast<int>(xs.size()));
            double mean = 0, ss = 0;
            for (double x : xs) mean += x / static_cast<double>(xs.size());
            for (double x : xs) ss += (x - mean) * (x - mean);
            const double sem = xs.size() > 1
                ? std::sqrt(ss / static_cast<double>(xs.size() - 1) / static_cast<double>(xs.size()))
                : 0.0;
            QVERIFY(a.sem.has_value());
            QVERIFY2(std::abs(a.mean - mean) < 1e-12 && std::abs(*a.sem - sem) < 1e-12,
                     qPrintable(QString("%1/%2/%3: sem %4, by hand %5")
                                    .arg(QString::fromStdString(a.task), QString::fromStdString(a.group),
                                         QString::fromStdString(a.condition))
                                    .arg(*a.sem)
                                    .arg(sem)));
            if (a.group == "*") {  // condition_stat, what the studio's curves draw, is the same
                const ConditionStat st = condition_stat(c.result, a.task, k);
                QCOMPARE(st.n, a.n);
                QVERIFY(std::abs(st.mean - mean) < 1e-12 && std::abs(st.sem - sem) < 1e-12);
            }
        }
        // a hand value: 1, 2, 3, 4 -> mean 2.5, sd sqrt(5/3), sem sqrt(5/3) / 2
        const ConditionStat four = condition_stat(std::vector<double>{1, 2, 3, 4});
        QCOMPARE(four.n, 4);
        QVERIFY(std::abs(four.mean - 2.5) < 1e-15 && std::abs(four.sem - 0.6454972243679028) < 1e-15);
        QCOMPARE(condition_stat(std::vector<double>{7}).sem, 0.0);
        // summary.csv carries it as its last column
        const std::string summary = read_text_file(c.summary_path);
        QVERIFY2(summary.rfind("task,group,condition,mean,mean_norm,n,sem\n", 0) == 0, summary.substr(0, 80).c_str());
    }

    void niahGridAndSparsificationRun() {
        ExperimentOptions o;
        o.out_dir = dir_ / "grid";
        const Json spec = {{"experiment", "manipulation_grid"},
                           {"task", {{"name", "niah"}, {"lengths", {260}}, {"depths", {50}}, {"generate", 4}}}};
        const auto r = run_experiment(*model_, spec, o);
        QCOMPARE(r.result.conditions.size(), std::size_t(20));
        QCOMPARE(r.result.conditions[0], std::string("Keep-Keep"));
        QCOMPARE(r.result.conditions[1], std::string("Omit-Keep"));  // Generation-Prefill
        const SampleOutcome& s = r.result.samples[0];
        QCOMPARE(s.outputs.value().size(), std::size_t(20));
        const ManipulationTable& table = r.result.aggregates.table.value();
        QCOMPARE(table.rows_prefill, (std::vector<std::string>{"Keep", "Omit", "Only", "Binary", "Null"}));
        QCOMPARE(table.columns_generation, (std::vector<std::string>{"Keep", "Omit", "Only", "Binary"}));
        // cell (prefill Omit, generation Only) is condition "Only-Omit" = index 1*4 + 2
        QCOMPARE(table.accuracy[1][2].value(), s.scores[6] / 5.0);
        QVERIFY(s.needle_span.value()[1] > s.needle_span.value()[0]);
        o.out_dir = dir_ / "sparse";
        const Json sp = {{"experiment", "sparsification"},
                         {"k", {0, 4}},
                         {"task", {{"name", "niah"}, {"lengths", {260}}, {"depths", {0}}, {"generate", 3}}}};
        const auto q = run_experiment(*model_, sp, o);
        QCOMPARE(q.result.conditions.size(), std::size_t(5));
        const std::vector<std::string>& out = q.result.samples[0].outputs.value();
        // k = heads changes nothing: same text as the baseline in both stage options
        QCOMPARE(out[2], out[0]);
        QCOMPARE(out[4], out[0]);
    }

    void kvExactMatchMetric() {
        ExperimentOptions o;
        o.out_dir = dir_ / "em";
        const Json spec = {{"experiment", "evaluate"},
                           {"metric", "exact_match"},
                           {"task", {{"name", "kv_retrieval"}, {"sizes", {10}}, {"samples_per_size", 2}}}};
        const auto r = run_experiment(*model_, spec, o);
        for (const SampleOutcome& s : r.result.samples) {
            const std::string text = s.outputs.value()[0];
            QCOMPARE(s.scores[0], kv_exact_match(text, s.answer_value.value()) ? 1.0 : 0.0);
        }
        const QString e = error_of([&] {
            run_experiment(
                *model_, Json{{"experiment", "evaluate"}, {"metric", "exact_match"}, {"task", {{"name", "knowledge"}}}},
                o);
        });
        QVERIFY2(e.contains("kv_retrieval only"), qPrintable(e));
    }

    void gnaMaskExperimentRuns() {
        ExperimentOptions o;
        o.out_dir = dir_ / "gna";
        const Json spec = {{"experiment", "gna_masks"},
                           {"gather", {"L1.H2"}},
                           {"aggregate", {"L2.H0"}},
                           {"task", {{"name", "mmlu"}, {"limit_per_subject", 2}}}};
        const auto r = run_experiment(*model_, spec, o);
        QCOMPARE(r.result.conditions.size(), std::size_t(3));
        QCOMPARE(r.result.samples.size(), std::size_t(4));
    }

    void cliExitCodesAndCtrlC() {
        const auto spec = dir_ / "cli_spec.json";
        write_json_file_atomic(
            spec,
            Json{{"experiment", "head_ranking"},
                 {"batch_rows", 1},
                 {"task", {{"name", "kv_retrieval"}, {"sizes", {40, 50}}, {"samples_per_size", 20}}}});
        const QString out = QString::fromStdString((dir_ / "cli_out").string());
        const QStringList args = {"experiment", QString::fromStdString(spec.string()), "--out", out,
                                  "--model",    QString::fromStdString(path_.string())};
        QProcess p;
        p.start(GNA_CLI_PATH, args);
        QVERIFY(p.waitForStarted());
        // wait for the first finished sample, then Ctrl-C
        const auto result = dir_ / "cli_out" / "result.json";
        for (int i = 0; i < 600 && !std::filesystem::exists(result); ++i) QTest::qWait(50);
        QVERIFY(std::filesystem::exists(result));
        ::kill(static_cast<pid_t>(p.processId()), SIGINT);
        QVERIFY(p.waitForFinished(60000));
        const QString err = QString::fromUtf8(p.readAllStandardError());
        QVERIFY2(p.exitCode() == 130 || p.exitCode() == 0, qPrintable(err));  // 0 only if it finished first
        if (p.exitCode() == 130) {
            QVERIFY2(err.contains("ETA") && err.contains("cancelled"), qPrintable(err));
            const ExperimentResult part = read_experiment_result(result);
            QVERIFY(!part.complete);
            QVERIFY(part.samples.size() >= 1 && part.samples.size() < 40);
        }
        // a spec error is exit code 1 with a message; a missing --out is a usage error (2)
        const auto bad = dir_ / "bad_spec.json";
        write_json_file_atomic(bad, Json{{"experiment", "nonsense"}});
        p.start(GNA_CLI_PATH, {"experiment", QString::fromStdString(bad.string()), "--out", out});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains("not a known experiment"));
        p.start(GNA_CLI_PATH, {"experiment", QString::fromStdString(spec.string())});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
    }

    void memoryTableByHand() {
        // Llama-3.2-1B: 16 layers x 8 KV heads x head_dim 64 x 2 (K and V) x 2 bytes (bf16)
        // = 32768 bytes per token: 4.19 MB at 128, 67.1 MB at 2048, 134.2 MB at 4096 (slides).
        const Json llama = {{"model_type", "llama"},     {"hidden_size", 2048},      {"num_hidden_layers", 16},
                            {"num_attention_heads", 32}, {"num_key_value_heads", 8}, {"head_dim", 64},
                            {"torch_dtype", "bfloat16"}};
        const auto rows = memory_table(ModelConfig::from_json(llama, "llama/config.json"));
        QCOMPARE(rows.size(), std::size_t(3));
        QCOMPARE(rows[0].kv_bytes, 32768.0 * 128);
        QCOMPARE(std::round(rows[1].total() / 1e5) / 10, 67.1);
        QCOMPARE(std::round(rows[2].total() / 1e5) / 10, 134.2);
        QCOMPARE(rows[2].state_bytes, 0.0);
        // Mistral: the sliding window caps the cache
        Json mistral = llama;
        mistral["model_type"] = "mistral";
        mistral["sliding_window"] = 1024;
        const auto m = memory_table(ModelConfig::from_json(mistral, "m/config.json"));
        QCOMPARE(m[1].kv_bytes, 32768.0 * 1024);
        // Mamba-130m style: 24 layers, d_inner 1536, state 16, conv 4 (3 kept), f32:
        // 24 * (1536*16 + 1536*3) * 4 = 2,801,664 bytes at any length
        const Json mamba = {{"model_type", "mamba"},     {"hidden_size", 768}, {"num_hidden_layers", 24},
                            {"intermediate_size", 1536}, {"state_size", 16},   {"conv_kernel", 4},
                            {"torch_dtype", "float32"}};
        const auto s = memory_table(ModelConfig::from_json(mamba, "mamba/config.json"), {128, 4096});
        QCOMPARE(s[0].state_bytes, 2801664.0);
        QCOMPARE(s[1].total(), 2801664.0);
        QCOMPARE(s[1].kv_bytes, 0.0);
        // the experiment writes the table for a loaded model
        ExperimentOptions o;
        o.out_dir = dir_ / "mem";
        const auto r = run_experiment(*model_, Json{{"experiment", "memory_table"}}, o);
        // tiny model: 3 layers x 2 KV heads x head_dim 8 x 2 x 4 bytes (f32) = 384 bytes per token
        QCOMPARE(r.result.memory.value()[0].kv_bytes, 384.0 * 128);
    }
};

QTEST_GUILESS_MAIN(TestExperiments)
#include "tst_experiments.moc"
