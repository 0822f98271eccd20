// Typed experiment specs: values parsed from JSON as written by hand, defaults, errors that name
// the key, the grammar (--describe) against docs/experiments.md; result files of a newer format
// and missing dependencies; the time-left estimate under a controlled clock.
#include <QtTest>

#include <fstream>
#include <map>
#include <sstream>

#include "cli_runner.h"
#include "gna/experiment_spec.h"
#include "gna/experiments.h"
#include "gna/model.h"
#include "test_models.h"
#include "test_support.h"

using namespace gna;
using namespace gna::test;

class TestExperimentSpec : public TinyModelSuite {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() {
        load_tiny(tiny_llama(3, 3));
    }

    void valuesAndDefaults() {
        const ExperimentSpec h = parse_experiment_spec(Json::parse(R"({"experiment": "head_ranking", "heads": ["L1.H2", "0.3"],
            "task": {"name": "kv_retrieval", "sizes": [10, 30], "samples_per_size": 7}, "batch_rows": 8, "method": "attribution+verify",
            "verify_k": 5})"));
        QCOMPARE(h.experiment, std::string("head_ranking"));
        QVERIFY(h.heads.has_value());
        QCOMPARE(*h.heads, (std::vector<HeadRef>{{1, 2}, {0, 3}}));
        QCOMPARE(h.tasks.size(), std::size_t(1));
        QCOMPARE(h.tasks[0].kv.sizes, (std::vector<int>{10, 30}));
        QCOMPARE(h.tasks[0].kv.samples_per_size, 7);
        QCOMPARE(h.tasks[0].kv.seed, uint64_t(1));  // default
        QCOMPARE(h.batch_rows, 8);
        QCOMPARE(h.method, std::string("attribution+verify"));
        QCOMPARE(h.verify_k, 5);
        QVERIFY(h.reuse_prefix && h.exact);
        QCOMPARE(h.metric, std::string("accuracy"));
        // nothing given: one kv_retrieval task with the paper's sizes, every head, exact method
        const ExperimentSpec d = parse_experiment_spec(Json{{"experiment", "head_ranking"}});
        QCOMPARE(d.tasks.size(), std::size_t(1));
        QCOMPARE(d.tasks[0].name, std::string("kv_retrieval"));
        QCOMPARE(d.tasks[0].kv.sizes, (std::vector<int>{10, 15, 20, 25, 30, 35, 40, 45, 50}));
        QVERIFY(!d.heads.has_value());
        QCOMPARE(d.method, std::string("exact"));
        QCOMPARE(d.verify_k, 0);
        const ExperimentSpec c = parse_experiment_spec(Json::parse(R"({"experiment": "cumulative_removal", "ranking": "r/result.json",
            "tasks": [{"name": "mmlu", "shots": 2, "subjects": ["anatomy"]}, {"name": "niah", "lengths": [300], "depths": [0, 12.5],
            "just_read_twice": true}]})"));
        QCOMPARE(c.ranking_file, std::filesystem::path("r/result.json"));
        QVERIFY(c.tasks_listed);
        QCOMPARE(c.tasks[0].mmlu.shots, 2);
        QCOMPARE(c.tasks[0].mmlu.subjects, std::vector<std::string>{"anatomy"});
        QCOMPARE(c.tasks[1].niah.depths, (std::vector<double>{0, 12.5}));
        QVERIFY(c.tasks[1].niah.just_read_twice);
        QCOMPARE(c.tasks[1].niah.generate, 40);
        const ExperimentSpec m = parse_experiment_spec(Json{{"experiment", "memory_table"}, {"bytes_per_element", 2}});
        QCOMPARE(m.lengths, (std::vector<int>{128, 2048, 4096}));
        QCOMPARE(m.bytes_per_element, 2.0);
    }

    // JSON out and back in gives the same spec, for every kind's example and for defaults.
    void toJsonRoundTrips() {
        for (const auto& kind : experiment_kinds()) {
            const Json ex = experiment_example(kind);
            const Json once = to_json(parse_experiment_spec(ex, kind));
            QCOMPARE(to_json(parse_experiment_spec(once, kind)), once);
            // every key the example gives comes back with its value
            for (const auto& [k, v] : ex.items())
                if (k != "task" && k != "tasks") QVERIFY2(once[k] == v, qPrintable(QString::fromStdString(kind + "." + k)));
        }
        const Json j = to_json(parse_experiment_spec(Json{{"experiment", "layer_pruning"}}));
        QCOMPARE(j["mode"], Json("both"));
        QCOMPARE(j["batch_rows"], Json(64));
        QCOMPARE(j["task"]["samples_per_size"], Json(100));
        QVERIFY(!j.contains("heads") && !j.contains("lengths"));  // not keys of layer_pruning
    }

    void errorsNameTheKey() {
        auto err = [](const char* json) { return error_of([&] { parse_experiment_spec(Json::parse(json), "s.json"); }); };
        QString e = err(R"({"experiment": "head_ranking", "hedas": []})");
        QVERIFY2(e.startsWith("s.json: unknown key \"hedas\" (a typo?)") && e.contains("heads, method, verify_k"), qPrintable(e));
        e = err(R"({"experiment": "head_ranking", "steps": [1]})");
        QCOMPARE(e, QString("s.json: \"steps\" is not a key of head_ranking (it is one of cumulative_removal); "
                            "see gna experiment --describe head_ranking"));
        e = err(R"({"experiment": "memory_table", "task": {"name": "mmlu"}})");
        QVERIFY2(e.contains("\"task\" is not a key of memory_table"), qPrintable(e));
        e = err(R"({"experiment": "evaluate", "batch_rows": "8"})");
        QCOMPARE(e, QString("s.json: \"batch_rows\" has the wrong type (\"8\"); expected integer"));
        e = err(R"({"experiment": "evaluate", "batch_rows": 0})");
        QCOMPARE(e, QString("s.json: \"batch_rows\": it must be at least 1"));
        e = err(R"({"experiment": "head_ranking", "verify_k": -3})");
        QCOMPARE(e, QString("s.json: \"verify_k\": it must be at least 0"));
        e = err(R"({"experiment": "head_ranking", "method": "atp"})");
        QCOMPARE(e, QString("s.json: \"method\": 'atp' is not one of exact | attribution | attribution+verify"));
        e = err(R"({"experiment": "head_ranking", "heads": ["L1.X2"]})");
        QVERIFY2(e.startsWith("s.json: \"heads\": ") && e.contains("L1.X2"), qPrintable(e));
        e = err(R"({"experiment": "evaluate", "tasks": [{"name": "mmlu"}, {"name": "kv_retrieval", "limit": 3}]})");
        QVERIFY2(e.startsWith("s.json: unknown key \"tasks[1].limit\" in a kv_retrieval task") && e.contains("samples_per_size"),
                 qPrintable(e));
        e = err(R"({"experiment": "evaluate", "task": {"name": "niah", "depths": [0, "half"]}})");
        QCOMPARE(e, QString("s.json: \"task.depths\" has the wrong type ([0,\"half\"]); expected list of numbers"));
        e = err(R"({"experiment": "manipulation_grid", "prefill_modes": ["Keep", "Drop"]})");
        QVERIFY2(e.contains("\"prefill_modes\"") && e.contains("'Drop'"), qPrintable(e));
        e = err(R"({"experiment": "gna_masks", "gather": ["L0.H0"]})");
        QVERIFY2(e.contains("\"aggregate\"") && e.contains("required"), qPrintable(e));
        e = err(R"({"experiment": "gna_masks", "gather": [], "aggregate": []})");
        QVERIFY2(e.contains("name no head") && e.contains("attention head"), qPrintable(e));
        e = err(R"({"experiment": "cumulative_removal"})");
        QVERIFY2(e.contains("\"ranking\" is required"), qPrintable(e));
        e = err(R"({"experiment": "evaluate", "task": {"name": "kv_retrieval"}, "tasks": [{"name": "mmlu"}]})");
        QVERIFY2(e.contains("not both"), qPrintable(e));
    }

    // --describe prints every key of the kind with the default a parse of nothing gives.
    void describeListsEveryKeyAndDefault() {
        for (const auto& kind : experiment_kinds()) {
            const std::string text = describe_experiment(kind);
            QVERIFY(text.rfind(kind + ": ", 0) == 0);
            for (const auto& k : experiment_keys(kind))
                QVERIFY2(text.find("  " + k.key + "  (" + k.type + "; " +
                                   (k.default_text == "required" ? k.default_text : "default " + k.default_text) + ")") != std::string::npos,
                         qPrintable(QString::fromStdString(kind + "." + k.key)));
            // the example printed is the example (read back from the text)
            const auto ex = text.find("\nExample:\n");
            QVERIFY(ex != std::string::npos);
            QVERIFY(Json::parse(text.substr(ex + 10)) == experiment_example(kind));
        }
        // defaults shown are those of a spec parsed from nothing (written independently here)
        std::map<std::string, std::string> shown;
        for (const auto& k : experiment_keys("sparsification")) shown[k.key] = k.default_text;
        QCOMPARE(shown["stages"], std::string("[\"generation\",\"prefill\"]"));
        QCOMPARE(shown["batch_rows"], std::string("64"));
        QCOMPARE(shown["exact"], std::string("true"));
        for (const auto& k : task_keys("niah")) shown[k.key] = k.default_text;
        QCOMPARE(shown["generate"], std::string("40"));
        QCOMPARE(shown["buffer"], std::string("200"));
        QVERIFY(error_of([] { describe_experiment("rank"); }).contains("head_ranking"));
        // the CLI prints the same text; an unknown kind is a usage error
        const CliResult r = run_gna({"experiment", "--describe", "gna_masks"});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.toStdString(), describe_experiment("gna_masks") + "\n" + describe_tasks());
        const CliResult bad = run_gna({"experiment", "--describe", "ranking"});
        QCOMPARE(bad.code, 2);
        QVERIFY2(bad.err.contains("'ranking' is not a known experiment"), bad.err.constData());
    }

    // docs/experiments.md shows the grammar as the program prints it, and its examples parse.
    void docsMatchTheDescriptors() {
        const std::string doc = read_text_file(std::filesystem::path(GNA_SOURCE_DIR) / "docs" / "experiments.md");
        QVERIFY(!doc.empty());
        for (const auto& kind : experiment_kinds())
            QVERIFY2(doc.find(describe_experiment(kind)) != std::string::npos,
                     qPrintable(QString::fromStdString("docs/experiments.md is out of date for " + kind +
                                                       " (regenerate it with docs/make-experiments-doc.sh)")));
        QVERIFY2(doc.find(describe_tasks()) != std::string::npos, "docs/experiments.md: the task keys are out of date");
        // the shipped spec files parse
        int n = 0;
        for (const auto& f : std::filesystem::directory_iterator(std::filesystem::path(GNA_SOURCE_DIR) / "resources/data/experiments")) {
            QVERIFY2(error_of([&] { parse_experiment_spec(read_json_file(f.path()), f.path().string()); }).isEmpty(), f.path().c_str());
            ++n;
        }
        QVERIFY(n >= 5);
    }

    void attributionKeysAreTyped() {
        const ExperimentSpec d = parse_experiment_spec(Json{{"experiment", "head_ranking"}, {"method", "attribution"}});
        QCOMPARE(d.top, 16);
        QCOMPARE(d.verify_k, 0);
        const QString e = error_of([&] {
            parse_experiment_spec(Json{{"experiment", "head_ranking"}, {"method", "attribution+verify"}, {"top", 0}}, "s.json");
        });
        QVERIFY2(e.contains("\"top\""), qPrintable(e));
    }

    // A dependency's missing result is "missing"; a result of a newer format names the version.
    void missingAndNewerResults() {
        ExperimentOptions o;
        o.out_dir = dir_ / "cum";
        const auto gone = dir_ / "ranking_out" / "result.json";
        QString e = error_of([&] { run_experiment(*model_, Json{{"experiment", "cumulative_removal"}, {"ranking", gone.string()}}, o); });
        QVERIFY2(e.contains("missing") && e.contains(QString::fromStdString(gone.string())) && !e.contains("corrupted"), qPrintable(e));
        e = error_of([&] { read_experiment_result(gone); });
        QVERIFY2(e.contains("missing") && !e.contains("corrupted"), qPrintable(e));
        // a real result, its format version raised as a later program would write it
        o.out_dir = dir_ / "eval";
        const Json spec = {{"experiment", "evaluate"}, {"task", {{"name", "kv_retrieval"}, {"sizes", {10}}, {"samples_per_size", 1}}}};
        Json r = run_experiment(*model_, spec, o).result;
        QCOMPARE(r["format_version"], Json(1));
        QVERIFY(error_of([&] { read_experiment_result(o.out_dir / "result.json"); }).isEmpty());
        r["format_version"] = 3;
        r["program"]["version"] = "9.1.0";
        write_json_file_atomic(o.out_dir / "result.json", r);
        e = error_of([&] { read_experiment_result(o.out_dir / "result.json"); });
        QVERIFY2(e.contains("format version 3") && e.contains("9.1.0") && e.contains("reads format version 1"), qPrintable(e));
        // a file without format_version (written before it existed) is version 1 and loads
        r.erase("format_version");
        write_json_file_atomic(o.out_dir / "result.json", r);
        QVERIFY(error_of([&] { read_experiment_result(o.out_dir / "result.json"); }).isEmpty());
    }

    // Time left after 10% of the work, under a clock that advances as a CPU forward does: a fixed
    // cost per sample plus a cost per token. Dictionaries grow from 10 to 50 lines in spec order,
    // so the first tenth holds the cheapest prompts.
    void timeLeftWithinAFactorOf1_5After10Percent() {
        const Json spec = {{"experiment", "evaluate"},
                           {"task", {{"name", "kv_retrieval"}, {"sizes", {10, 20, 30, 40, 50}}, {"samples_per_size", 4}}}};
        // the prompts' lengths, counted by the tokenizer here (not by the runner)
        KvRetrievalOptions ko;
        ko.sizes = {10, 20, 30, 40, 50};
        ko.samples_per_size = 4;
        std::vector<double> cost;  // seconds per sample of the controlled clock
        for (const auto& s : make_kv_samples(ko)) {
            const ChoiceItem it = kv_choice_item(model_->tokenizer(), s);
            double tokens = static_cast<double>(it.prompt.size());
            for (const auto& c : it.choices) tokens += static_cast<double>(c.size());
            cost.push_back(0.5 + 0.01 * tokens);
        }
        double total = 0;
        for (double c : cost) total += c;
        double now = 0;
        std::size_t reads = 0;
        ExperimentOptions o;
        o.out_dir = dir_ / "eta";
        o.clock = [&] {  // read before the first sample and after each one
            if (reads > 0) now += cost.at(reads - 1);
            ++reads;
            return now;
        };
        std::vector<std::pair<double, double>> at;  // (estimate, true time left) per sample
        o.progress = [&](const ExperimentProgress& p) { at.emplace_back(p.eta_s, total - now); };
        run_experiment(*model_, spec, o);
        QCOMPARE(at.size(), cost.size());
        const std::size_t tenth = (cost.size() + 9) / 10;  // first report after 10% of the samples
        // uneven enough that a mean time per finished sample would miss the time left by more than 1.5x
        double first = 0, rest = 0;
        for (std::size_t i = 0; i < cost.size(); ++i) (i < tenth ? first : rest) += cost[i];
        QVERIFY((rest / static_cast<double>(cost.size() - tenth)) / (first / static_cast<double>(tenth)) > 1.5);
        for (std::size_t i = tenth - 1; i + 1 < at.size(); ++i) {
            const double ratio = at[i].first / at[i].second;
            QVERIFY2(ratio > 1 / 1.5 && ratio < 1.5,
                     qPrintable(QString("after %1 samples: estimate %2 s, real %3 s").arg(i + 1).arg(at[i].first).arg(at[i].second)));
        }
        QCOMPARE(at.back().first, 0.0);
    }
};

QTEST_GUILESS_MAIN(TestExperimentSpec)
#include "tst_experiment_spec.moc"
