// Sharded experiments: the cost split against an independent computation (coverage, balance,
// determinism), sharded runs merged against the unsharded run byte for byte for every kind, and
// the merge's refusals (missing, duplicated, unfinished shards; another spec, model, split).
#include <QProcess>
#include <QtTest>

#include <fstream>
#include <sstream>

#include "gna/experiments.h"
#include "gna/model.h"
#include "gna/sharding.h"
#include "test_models.h"
#include "test_support.h"

using namespace gna;
using namespace gna::test;

namespace {
std::string bytes(const std::filesystem::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}
// The shard holding the midpoint of [P, P + c) of [0, T) split into N equal parts, by exact
// integer comparisons (no division): the largest i with i * T <= N * (P + c / 2), below N.
int naive_shard(std::uint64_t P, std::uint64_t c, std::uint64_t T, int N) {
    int s = 0;
    for (int i = 1; i < N; ++i)
        if (2 * static_cast<unsigned __int128>(i) * T <= static_cast<unsigned __int128>(N) * (2 * P + c)) s = i;
    return s;
}
}  // namespace

class TestSharding : public TinyModelSuite {
    Q_OBJECT

    // Runs `spec` whole and as `n` shards, merges, and compares the three files byte for byte.
    void mergeEqualsWhole(const std::string& name, const Json& spec, int n) {
        ExperimentOptions whole;
        whole.out_dir = dir_ / (name + "-whole");
        const ExperimentOutcome ref = run_experiment(*model_, spec, whole);
        QVERIFY(ref.complete);
        std::vector<std::filesystem::path> dirs;
        std::uint64_t cost = 0, total = 0;
        std::size_t ran = 0;
        for (int i = n - 1; i >= 0; --i) {  // any order
            ExperimentOptions o;
            o.out_dir = dir_ / (name + "-" + std::to_string(n) + "-" + std::to_string(i));
            o.shard = {i, n};
            const ExperimentOutcome part = run_experiment(*model_, spec, o);
            QVERIFY(part.complete);
            QCOMPARE(part.result.shard.value().index, i);
            QCOMPARE(part.result.model.config_hash, model_->info().config_hash);
            cost += part.result.shard.value().cost_tokens;
            total = part.result.shard.value().total_cost_tokens;
            for (const SampleOutcome& s : part.result.samples) ran += s.scores.size();
            dirs.push_back(o.out_dir);
        }
        QCOMPARE(cost, total);  // every unit once
        QCOMPARE(ran, ref.result.samples.size() * ref.result.conditions.size());
        const auto merged = dir_ / (name + "-" + std::to_string(n) + "-merged");
        const ExperimentOutcome m = merge_experiment_shards(dirs, merged);
        QVERIFY(m.complete);
        for (const char* f : {"result.json", "result.csv", "summary.csv"})
            QVERIFY2(bytes(whole.out_dir / f) == bytes(merged / f),
                     qPrintable(QString::fromStdString(name + ": " + f + " differs")));
        QVERIFY(std::filesystem::exists(merged / "merged_from.json"));
    }

    Json ranking_spec(int seed = 9) const {
        return {{"experiment", "head_ranking"},
                {"task", {{"name", "kv_retrieval"}, {"sizes", {10, 15}}, {"samples_per_size", 3}, {"seed", seed}}},
                {"batch_rows", 5}};
    }

    std::vector<std::filesystem::path> run_shards(const std::string& name, const Json& spec, int n, Model& model) {
        std::vector<std::filesystem::path> dirs;
        for (int i = 0; i < n; ++i) {
            ExperimentOptions o;
            o.out_dir = dir_ / (name + std::to_string(i));
            o.shard = {i, n};
            run_experiment(model, spec, o);
            dirs.push_back(o.out_dir);
        }
        return dirs;
    }

private Q_SLOTS:
    void initTestCase() {
        // the bundled task data of this source tree, however the binary was compiled (ccache
        // base dirs make the compiled-in path relative)
        if (qEnvironmentVariableIsEmpty("GNA_DATA_DIR")) qputenv("GNA_DATA_DIR", GNA_SOURCE_DIR "/resources/data");
        load_tiny(tiny_llama(3, 3));
    }

    void splitCoversBalancesAndIsDeterministic() {
        std::uint64_t x = 12345;
        auto rnd = [&] { return x = x * 6364136223846793005ull + 1442695040888963407ull, x >> 33; };
        std::vector<std::vector<std::uint64_t>> cases = {
            {}, {7}, {1, 1, 1, 1, 1, 1}, {1000, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {0, 0, 0}, {0, 5, 0, 5}};
        for (int c = 0; c < 20; ++c) {
            std::vector<std::uint64_t> v(1 + rnd() % 300);
            for (auto& e : v) e = 1 + rnd() % (c % 2 ? 30000 : 50);  // NIAH-like spreads and KV-like ones
            cases.push_back(v);
        }
        for (const auto& costs : cases)
            for (int n : {1, 2, 3, 5, 8, 17, 400}) {
                const std::vector<int> got = split_by_cost(costs, n);
                QCOMPARE(got, split_by_cost(costs, n));  // deterministic
                QCOMPARE(got.size(), costs.size());  // every unit in exactly one shard
                std::uint64_t T = 0, P = 0, mx = 0;
                for (auto e : costs) T += e, mx = std::max(mx, e);
                std::vector<std::uint64_t> per(n, 0);
                for (std::size_t k = 0; k < costs.size(); ++k) {
                    QVERIFY(got[k] >= 0 && got[k] < n);
                    if (T > 0) QCOMPARE(got[k], naive_shard(P, costs[k], T, n));
                    if (k) QVERIFY(got[k] >= got[k - 1]);  // contiguous ranges
                    per[got[k]] += costs[k];
                    P += costs[k];
                }
                // balance in tokens: each shard within one unit's cost of T / N
                for (int i = 0; i < n; ++i)
                    QVERIFY2(
                        std::fabs(static_cast<double>(per[i]) - static_cast<double>(T) / n) <= static_cast<double>(mx),
                        qPrintable(QString("N=%1 shard %2: %3 tokens of %4").arg(n).arg(i).arg(per[i]).arg(T)));
            }
        // tokens, not units: one long prompt weighs as much as many short ones
        const std::vector<int> two = split_by_cost({90, 10, 10, 10, 10, 10, 10, 10, 10, 10}, 2);
        QCOMPARE(two, (std::vector<int>{0, 1, 1, 1, 1, 1, 1, 1, 1, 1}));
        QCOMPARE(error_of([] { split_by_cost({1}, 0); }),
                 QString("split_by_cost: the shard count must be at least 1, not 0"));
    }

    void parseShardNamesTheProblem() {
        const ShardIndex s = parse_shard("2/5");
        QCOMPARE(s.index, 2);
        QCOMPARE(s.count, 5);
        QCOMPARE(QString::fromStdString(s.name()), QString("2/5"));
        for (const char* bad : {"3", "a/3", "1/3x", "/3", "1/"})
            QCOMPARE(error_of([&] { parse_shard(bad); }),
                     QString("--shard '%1': expected I/N, shard I (counted from 0) of N, e.g. 0/4").arg(bad));
        QCOMPARE(error_of([] { parse_shard("3/3"); }),
                 QString("--shard '3/3': I must be 0 to N-1 and N at least 1 (shards 0/3 to 2/3)"));
        QCOMPARE(error_of([] { parse_shard("-1/3"); }),
                 QString("--shard '-1/3': I must be 0 to N-1 and N at least 1 (shards 0/3 to 2/3)"));
        QCOMPARE(error_of([] { parse_shard("0/0"); }),
                 QString("--shard '0/0': I must be 0 to N-1 and N at least 1 (shards 0/1 to 0/1)"));
    }

    void mergedShardsEqualTheWholeRun_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("spec");
        QTest::addColumn<int>("shards");
        const Json kv = {{"name", "kv_retrieval"}, {"sizes", {10, 15}}, {"samples_per_size", 3}, {"seed", 9}};
        auto row = [](const char* name, const Json& spec, int n) {
            QTest::newRow((std::string(name) + "/" + std::to_string(n)).c_str())
                << QString(name) << QString::fromStdString(spec.dump()) << n;
        };
        const Json rank = {{"experiment", "head_ranking"}, {"task", kv}, {"batch_rows", 5}};
        for (int n : {1, 2, 3, 7, 100}) row("head_ranking", rank, n);  // 100: more shards than samples, some empty
        Json inexact = rank;
        inexact["exact"] = false;
        row("head_ranking_inexact", inexact, 3);
        Json lp = rank;
        lp["metric"] = "logprob";
        row("head_ranking_logprob", lp, 4);
        row("cumulative_removal",
            Json{{"experiment", "cumulative_removal"},
                 {"ranking", {"L2.H1", "L0.H0", "L1.H3"}},
                 {"steps", {0, 1, 3}},
                 {"random_seed", 4},
                 {"tasks", {kv, {{"name", "knowledge"}, {"limit", 3}}}}},
            3);
        row("layer_pruning", Json{{"experiment", "layer_pruning"}, {"task", kv}}, 3);
        row("sparsification", Json{{"experiment", "sparsification"}, {"k", {0, 2}}, {"task", kv}}, 3);
        row("gna_masks",
            Json{{"experiment", "gna_masks"},
                 {"gather", {"L1.H2"}},
                 {"aggregate", {"L2.H0"}},
                 {"task", {{"name", "mmlu"}, {"limit_per_subject", 1}}}},
            3);
        row("exact_match", Json{{"experiment", "evaluate"}, {"metric", "exact_match"}, {"task", kv}}, 3);
        row("manipulation_grid",
            Json{{"experiment", "manipulation_grid"},
                 {"prefill_modes", {"Keep", "Omit"}},
                 {"generation_modes", {"Keep", "Only"}},
                 {"task", {{"name", "niah"}, {"lengths", {260}}, {"depths", {0, 50}}, {"generate", 3}}}},
            2);
    }

    void mergedShardsEqualTheWholeRun() {
        QFETCH(QString, name);
        QFETCH(QString, spec);
        QFETCH(int, shards);
        mergeEqualsWhole(name.toStdString(), Json::parse(spec.toStdString()), shards);
    }

    void mergeRefusesForeignMissingAndUnfinishedShards() {
        const Json spec = ranking_spec();
        const auto s = run_shards("r", spec, 3, *model_);
        auto merge = [&](std::vector<std::filesystem::path> d) {
            return error_of([&] { merge_experiment_shards(d, dir_ / "rm"); });
        };
        const QString rerun = "; run it again into an empty folder with the same spec, model and program";
        auto name = [](const std::filesystem::path& d, int i) {
            return QString::fromStdString(d.string()) + QString(" (shard %1/3)").arg(i);
        };
        QVERIFY(merge(s).isEmpty());

        QCOMPARE(merge({s[0], s[2]}),
                 QString("merge: shard 1/3 is missing (given: shards 0, 2 of 3); pass its folder too, or run it with "
                         "--shard 1/3"));
        QCOMPARE(merge({s[0], s[1], s[1], s[2]}),
                 QString("merge: %1 and %1 are both shard 1/3; pass each shard's folder once")
                     .arg(QString::fromStdString(s[1].string())));

        Json other = spec;
        other["task"]["seed"] = 10;
        const auto o = run_shards("o", other, 3, *model_);
        QCOMPARE(merge({s[0], o[1], s[2]}),
                 "merge: " + name(o[1], 1) + " was run with another experiment spec than " + name(s[0], 0) + rerun);

        TinyModelSpec ms = tiny_llama(3, 3);
        ms.intermediate = 40;  // another config, the same heads
        auto other_model = load_tiny_model(dir_, "m2", ms);
        QVERIFY(other_model->info().config_hash != model_->info().config_hash);
        const auto m = run_shards("m", spec, 3, *other_model);
        QCOMPARE(merge({s[0], m[1], s[2]}),
                 "merge: " + name(m[1], 1) + " was run on another model (config hash " +
                     QString::fromStdString(other_model->info().config_hash) + ") than " + name(s[0], 0) +
                     " (config hash " + QString::fromStdString(model_->info().config_hash) + ")" + rerun);

        const auto four = run_shards("f", spec, 4, *model_);
        QCOMPARE(merge({s[0], four[1], s[2]}),
                 "merge: " + QString::fromStdString(four[1].string()) +
                     " (shard 1/4) belongs to a split into 4 shards, " + name(s[0], 0) +
                     " to a split into 3; merge the shards of one --shard I/N split");

        // unfinished: shard 1 cancelled after its first sample
        std::atomic<bool> cancel{false};
        ExperimentOptions u;
        u.out_dir = dir_ / "u1";
        u.shard = {1, 3};
        u.cancel = &cancel;
        u.progress = [&](const ExperimentProgress&) { cancel = true; };
        QVERIFY(is_cancelled([&] { run_experiment(*model_, spec, u); }));
        const ExperimentResult partial = read_experiment_result(u.out_dir / "result.json", /*allow_shard=*/true);
        // the studio and a removal curve's "ranking" read results without allow_shard: a shard is refused
        QCOMPARE(error_of([&] { read_experiment_result(u.out_dir / "result.json"); }),
                 QString::fromStdString((u.out_dir / "result.json").string()) +
                     " is shard 1/3 of a sharded experiment (scores of some conditions only, no aggregates); merge "
                     "every shard "
                     "first (gna experiment merge OUT_DIR SHARD_DIR...) and open OUT_DIR/result.json");
        const std::size_t mine = partial.shard.value().sample_count;
        QVERIFY(mine >= 2);
        QCOMPARE(merge({s[0], u.out_dir, s[2]}),
                 "merge: " + name(u.out_dir, 1) +
                     QString(" is unfinished (1 of %1 samples done); run the "
                             "same gna experiment --shard command again to finish it, then merge")
                         .arg(mine));
        // resumed, it finishes and merges
        cancel = false;
        u.progress = nullptr;
        QVERIFY(run_experiment(*model_, spec, u).complete);
        QVERIFY(merge({s[0], u.out_dir, s[2]}).isEmpty());

        // an unsharded result is no shard; a folder with no result names what to do
        ExperimentOptions w;
        w.out_dir = dir_ / "w";
        run_experiment(*model_, spec, w);
        QCOMPARE(
            merge({s[0], w.out_dir}),
            "merge: " + QString::fromStdString((w.out_dir / "result.json").string()) +
                " is not a shard (no \"shard\": it was run without --shard I/N); an unsharded result needs no merge");
        QCOMPARE(merge({s[0], dir_ / "nothing"}),
                 "merge: " + QString::fromStdString((dir_ / "nothing" / "result.json").string()) +
                     " does not exist: " + QString::fromStdString((dir_ / "nothing").string()) +
                     " is not a shard's result folder, or that shard has not started yet (run it, then merge)");
    }

    void runnerRefusesAFolderOfAnotherShard() {
        const Json spec = ranking_spec();
        const auto s = run_shards("x", spec, 3, *model_);
        ExperimentOptions o;
        o.out_dir = s[0];
        o.shard = {2, 3};
        QCOMPARE(error_of([&] { run_experiment(*model_, spec, o); }),
                 QString::fromStdString((s[0] / "result.json").string()) +
                     " was written for shard 0/3, not shard 2/3; give each shard its own --out folder");
        o.shard = {};
        QCOMPARE(error_of([&] { run_experiment(*model_, spec, o); }),
                 QString::fromStdString((s[0] / "result.json").string()) +
                     " was written for shard 0/3, not an unsharded run; give each shard its own --out folder");
        o.out_dir = dir_ / "mem";
        o.shard = {0, 2};
        QCOMPARE(error_of([&] {
                     run_experiment(*model_, Json{{"experiment", "memory_table"}}, o);
                 }),
                 QString("experiment: memory_table cannot be sharded (it has no work units: it is computed from "
                         "config.json alone, "
                         "in no time); run it without --shard"));
    }

    void cliShardsAndMerges() {
        const auto spec = dir_ / "cli_spec.json";
        write_json_file_atomic(spec, ranking_spec());
        const QString model = QString::fromStdString(path_.string()), sp = QString::fromStdString(spec.string());
        QProcess p;
        QStringList merge = {"experiment", "merge", QString::fromStdString((dir_ / "cli_merged").string())};
        for (int i = 0; i < 2; ++i) {
            const QString out = QString::fromStdString((dir_ / ("cli" + std::to_string(i))).string());
            p.start(GNA_CLI_PATH,
                    {"experiment", sp, "--model", model, "--out", out, "--shard", QString("%1/2").arg(i), "--quiet"});
            QVERIFY(p.waitForFinished(120000));
            QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
            QVERIFY(QString::fromUtf8(p.readAllStandardOutput()).contains(QString("shard %1/2: ").arg(i)));
            merge << out;
        }
        p.start(GNA_CLI_PATH, merge);
        QVERIFY(p.waitForFinished(60000));
        QVERIFY2(p.exitCode() == 0, p.readAllStandardError().constData());
        QVERIFY(QString::fromUtf8(p.readAllStandardOutput()).contains("most important heads"));
        QVERIFY(read_experiment_result(dir_ / "cli_merged" / "result.json").complete);
        // a bad --shard is a usage error (2); a missing shard is a failure (1) naming it
        p.start(GNA_CLI_PATH, {"experiment", sp, "--model", model, "--out", "x", "--shard", "2/2"});
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 2);
        QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains("--shard '2/2': I must be 0 to N-1"));
        merge.removeLast();
        p.start(GNA_CLI_PATH, merge);
        QVERIFY(p.waitForFinished(60000));
        QCOMPARE(p.exitCode(), 1);
        QVERIFY(QString::fromUtf8(p.readAllStandardError()).contains("shard 1/2 is missing"));
    }
};

QTEST_GUILESS_MAIN(TestSharding)
#include "tst_sharding.moc"
