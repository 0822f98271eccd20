// Typed experiment specs: values parsed from JSON as written by hand, defaults, errors that name
// the key, the grammar (--describe) against docs/experiments.md; result files of a newer format
// and missing dependencies; result files of every kind read into their types and written back
// byte for byte, ill-typed fields refused; the time-left estimate under a controlled clock.
#include <QtTest>

#include <fstream>
#include <functional>
#include <map>
#include <set>
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
    void initTestCase() { load_tiny(tiny_llama(3, 3)); }

    void valuesAndDefaults() {
        const ExperimentSpec h =
            parse_experiment_spec(Json::parse(R"({"experiment": "head_ranking", "heads": ["L1.H2", "0.3"],
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
        const ExperimentSpec c =
            parse_experiment_spec(Json::parse(R"({"experiment": "cumulative_removal", "ranking": "r/result.json",
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
                if (k != "task" && k != "tasks")
                    QVERIFY2(once[k] == v, qPrintable(QString::fromStdString(kind + "." + k)));
        }
        const Json j = to_json(parse_experiment_spec(Json{{"experiment", "layer_pruning"}}));
        QCOMPARE(j["mode"], Json("both"));
        QCOMPARE(j["batch_rows"], Json(64));
        QCOMPARE(j["task"]["samples_per_size"], Json(100));
        QVERIFY(!j.contains("heads") && !j.contains("lengths"));  // not keys of layer_pruning
    }

    void errorsNameTheKey() {
        auto err = [](const char* json) {
            return error_of([&] { parse_experiment_spec(Json::parse(json), "s.json"); });
        };
        QString e = err(R"({"experiment": "head_ranking", "hedas": []})");
        QVERIFY2(e.startsWith("s.json: unknown key \"hedas\" (a typo?)") && e.contains("heads, method, verify_k"),
                 qPrintable(e));
        e = err(R"({"experiment": "head_ranking", "steps": [1]})");
        QCOMPARE(e,
                 QString("s.json: \"steps\" is not a key of head_ranking (it is one of cumulative_removal); "
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
        QVERIFY2(e.startsWith("s.json: unknown key \"tasks[1].limit\" in a kv_retrieval task") &&
                     e.contains("samples_per_size"),
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
                                   (k.default_text == "required" ? k.default_text : "default " + k.default_text) +
                                   ")") != std::string::npos,
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
        QCOMPARE(shown["buffer"], std::string("200, at most a quarter of the model's context"));
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
        for (const auto& f : std::filesystem::directory_iterator(std::filesystem::path(GNA_SOURCE_DIR) /
                                                                 "resources/data/experiments")) {
            QVERIFY2(error_of([&] { parse_experiment_spec(read_json_file(f.path()), f.path().string()); }).isEmpty(),
                     f.path().c_str());
            ++n;
        }
        QVERIFY(n >= 5);
    }

    void attributionKeysAreTyped() {
        const ExperimentSpec d = parse_experiment_spec(Json{{"experiment", "head_ranking"}, {"method", "attribution"}});
        QCOMPARE(d.top, 16);
        QCOMPARE(d.verify_k, 0);
        const QString e = error_of([&] {
            parse_experiment_spec(Json{{"experiment", "head_ranking"}, {"method", "attribution+verify"}, {"top", 0}},
                                  "s.json");
        });
        QVERIFY2(e.contains("\"top\""), qPrintable(e));
    }

    // A dependency's missing result is "missing"; a result of a newer format names the version.
    void missingAndNewerResults() {
        ExperimentOptions o;
        o.out_dir = dir_ / "cum";
        const auto gone = dir_ / "ranking_out" / "result.json";
        QString e = error_of([&] {
            run_experiment(*model_, Json{{"experiment", "cumulative_removal"}, {"ranking", gone.string()}}, o);
        });
        QVERIFY2(e.contains("missing") && e.contains(QString::fromStdString(gone.string())) && !e.contains("corrupted"),
                 qPrintable(e));
        e = error_of([&] { read_experiment_result(gone); });
        QVERIFY2(e.contains("missing") && !e.contains("corrupted"), qPrintable(e));
        // a real result, its format version raised as a later program would write it
        o.out_dir = dir_ / "eval";
        const Json spec = {{"experiment", "evaluate"},
                           {"task", {{"name", "kv_retrieval"}, {"sizes", {10}}, {"samples_per_size", 1}}}};
        Json r = to_json(run_experiment(*model_, spec, o).result);
        QCOMPARE(r["format_version"], Json(1));
        QVERIFY(error_of([&] { read_experiment_result(o.out_dir / "result.json"); }).isEmpty());
        r["format_version"] = 3;
        r["program"]["version"] = "9.1.0";
        write_json_file_atomic(o.out_dir / "result.json", r);
        e = error_of([&] { read_experiment_result(o.out_dir / "result.json"); });
        QVERIFY2(e.contains("format version 3") && e.contains("9.1.0") && e.contains("reads format version 1"),
                 qPrintable(e));
        // a file without format_version (written before it existed) is version 1 and loads
        r.erase("format_version");
        write_json_file_atomic(o.out_dir / "result.json", r);
        QVERIFY(error_of([&] { read_experiment_result(o.out_dir / "result.json"); }).isEmpty());
    }

    // Result files of every kind as gna experiment writes them (tests/core/result_files; their specs
    // in docs/experiments.md): each loads, its typed fields hold what the file says, and written
    // back it is the same bytes, with the same samples' checksum.
    void resultFilesRoundTripByteForByte() {
        const auto dir = std::filesystem::path(GNA_SOURCE_DIR) / "tests" / "core" / "result_files";
        std::set<std::string> seen;
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            const auto f = entry.path();
            const std::string name = f.stem().string();
            const Json j = read_json_file(f);
            const ExperimentResult r =
                read_experiment_result(f, /*allow_shard=*/name.find("shard") != std::string::npos);
            QVERIFY2(to_json(r) == j, qPrintable(QString::fromStdString(name)));
            QCOMPARE(samples_checksum(r.samples), j["checksum"].get<std::string>());
            const auto back = dir_ / ("back_" + f.filename().string());
            write_json_file_atomic(back, to_json(r));
            QVERIFY2(read_text_file(back) == read_text_file(f), qPrintable(QString::fromStdString(name)));
            // every typed field against the file's JSON, read here by its keys
            QCOMPARE(r.samples.size(), j["samples"].size());
            for (std::size_t i = 0; i < r.samples.size(); ++i) {
                const SampleOutcome& o = r.samples[i];
                const Json& js = j["samples"][i];
                QCOMPARE(o.id, js["id"].get<std::string>());
                QCOMPARE(o.task, js["task"].get<std::string>());
                QCOMPARE(o.group, js["group"].get<std::string>());
                QCOMPARE(o.scores, js["scores"].get<std::vector<double>>());
                auto same = [&](const char* key, auto field) {
                    QCOMPARE(field.has_value(), js.contains(key));
                    if (field) QVERIFY2(Json(*field) == js[key], key);
                    if (field) seen.insert(key);
                };
                same("scores_norm", o.scores_norm), same("condition_range", o.condition_range);
                same("answer", o.answer), same("predicted", o.predicted), same("outputs", o.outputs),
                    same("answer_value", o.answer_value);
                same("length", o.length), same("depth", o.depth), same("needle_span", o.needle_span),
                    same("prompt_tokens", o.prompt_tokens);
                same("estimated", o.estimated), same("attribution", o.attribution);
                same("attribution_logit_difference", o.attribution_logit_difference);
            }
            const Json& ja = j["aggregates"];
            QCOMPARE(r.aggregates.rows.size(), ja["rows"].size());
            for (std::size_t i = 0; i < r.aggregates.rows.size(); ++i) {
                const AggregateRow& a = r.aggregates.rows[i];
                QVERIFY(a.task == ja["rows"][i]["task"] && a.group == ja["rows"][i]["group"] &&
                        a.condition == ja["rows"][i]["condition"]);
                QVERIFY(a.mean == ja["rows"][i]["mean"] && a.n == ja["rows"][i]["n"]);
                QCOMPARE(a.mean_norm.has_value(), ja["rows"][i].contains("mean_norm"));
            }
            QCOMPARE(r.aggregates.ranking.has_value(), ja.contains("ranking"));
            if (r.aggregates.ranking) {
                seen.insert("ranking");
                for (std::size_t i = 0; i < r.aggregates.ranking->size(); ++i) {
                    const HeadRankingRow& h = (*r.aggregates.ranking)[i];
                    const Json& jh = ja["ranking"][i];
                    QVERIFY(h.head == jh["head"] && h.importance == jh["importance"] && h.baseline == jh["baseline"] &&
                            h.ablated == jh["ablated"]);
                    QCOMPARE(h.attribution.has_value(), jh.contains("attribution"));
                    if (h.attribution) QVERIFY(*h.attribution == jh["attribution"]);
                }
            }
            QCOMPARE(r.aggregates.table.has_value(), ja.contains("table"));
            if (r.aggregates.table) {
                seen.insert("table");
                QVERIFY(Json(r.aggregates.table->rows_prefill) == ja["table"]["rows_prefill"]);
                QVERIFY(Json(r.aggregates.table->columns_generation) == ja["table"]["columns_generation"]);
                QVERIFY(r.aggregates.table->accuracy[1][0].value() == ja["table"]["accuracy"][1][0]);
            }
            QCOMPARE(r.aggregates.attribution.has_value(), ja.contains("attribution"));
            if (r.aggregates.attribution) {
                seen.insert("aggregates.attribution");
                const AttributionSummary& at = *r.aggregates.attribution;
                QVERIFY(at.method == ja["attribution"]["method"] && at.metric == ja["attribution"]["metric"]);
                QVERIFY(at.ranking[0].head == ja["attribution"]["ranking"][0]["head"] &&
                        at.ranking[0].attribution == ja["attribution"]["ranking"][0]["attribution"]);
                QVERIFY(at.seconds_attribution == ja["attribution"]["seconds"]["attribution"]);
                QCOMPARE(at.spearman.has_value(), ja["attribution"].contains("spearman"));
            }
            QCOMPARE(r.memory.has_value(), j.contains("memory"));
            if (r.memory) {
                seen.insert("memory");
                QVERIFY(r.memory->at(1).length == j["memory"][1]["length"] &&
                        r.memory->at(1).kv_bytes == j["memory"][1]["kv_bytes"] &&
                        r.memory->at(1).state_bytes == j["memory"][1]["state_bytes"]);
            }
        }
        // the files hold every optional field at least once
        QCOMPARE(seen.size(), std::size_t(13 + 4));
    }

    // A sample or an aggregate row with a missing, unknown or ill-typed field is refused naming the
    // file, the sample (or row) and the key, even when the checksum is recomputed to match.
    void illTypedResultFieldsAreRefused() {
        const auto src =
            std::filesystem::path(GNA_SOURCE_DIR) / "tests" / "core" / "result_files" / "manipulation_grid.json";
        const auto f = dir_ / "edited" / "result.json";
        std::filesystem::create_directories(f.parent_path());
        auto refused = [&](const std::function<void(Json&)>& edit) {
            Json j = read_json_file(src);
            edit(j);
            j["checksum"] = sha256_hex(j["samples"].dump());
            write_json_file_atomic(f, j);
            return error_of([&] { read_experiment_result(f); });
        };
        const QString file = QString::fromStdString(f.string());
        QCOMPARE(refused([](Json& j) { j["samples"][0]["depth"] = "half"; }),
                 file +
                     " is corrupted: sample niah-150-50.0: \"depth\" has the wrong type (\"half\"); expected a number; "
                     "delete it to start over");
        QCOMPARE(refused([](Json& j) { j["samples"][0]["scores"][2] = true; }),
                 file +
                     " is corrupted: sample niah-150-50.0: \"scores\" has the wrong type (true); expected a number; "
                     "delete it to start over");
        QCOMPARE(refused([](Json& j) { j["samples"][0].erase("task"); }),
                 file + " is corrupted: sample niah-150-50.0: \"task\" is missing; delete it to start over");
        QCOMPARE(
            refused([](Json& j) { j["samples"][0]["lenght"] = 150; }),
            file +
                " is corrupted: sample niah-150-50.0: \"lenght\" is not a key this program knows (written by a newer "
                "version?); delete it to start over");
        QCOMPARE(refused([](Json& j) { j["samples"][0]["length"] = 150.5; }),
                 file +
                     " is corrupted: sample niah-150-50.0: \"length\" has the wrong type (150.5); expected an integer; "
                     "delete it to start over");
        QCOMPARE(refused([](Json& j) { j["aggregates"]["rows"][1].erase("mean"); }),
                 file + " is corrupted: aggregates.rows[1]: \"mean\" is missing; delete it to start over");
        QCOMPARE(refused([](Json& j) { j["aggregates"]["rows"][2]["n"] = "3"; }),
                 file +
                     " is corrupted: aggregates.rows[2]: \"n\" has the wrong type (\"3\"); expected an integer; delete "
                     "it to start over");
        QCOMPARE(refused([](Json& j) { j["aggregates"]["table"]["accuracy"][0][1] = "x"; }),
                 file +
                     " is corrupted: aggregates.table: \"accuracy\" has the wrong type (\"x\"); expected a number; "
                     "delete it to start over");
        // untouched, the same file loads
        QVERIFY(refused([](Json&) {}).isEmpty());
    }

    // Time left after 10% of the work, under a clock that advances as a CPU forward does: a fixed
    // cost per sample plus a cost per token. Dictionaries grow from 10 to 50 lines in spec order,
    // so the first tenth holds the cheapest prompts.
    void timeLeftWithinAFactorOf1_5After10Percent() {
        const std::vector<double> cost = forwardSeconds(4);
        const std::size_t tenth = (cost.size() + 9) / 10;  // first report after 10% of the samples
        // uneven enough that a mean time per finished sample would miss the time left by more than 1.5x
        double first = 0, rest = 0;
        for (std::size_t i = 0; i < cost.size(); ++i) (i < tenth ? first : rest) += cost[i];
        QVERIFY((rest / static_cast<double>(cost.size() - tenth)) / (first / static_cast<double>(tenth)) > 1.5);
        const auto at = runUnderClock(cost, "eta");
        for (std::size_t i = tenth - 1; i + 1 < at.size(); ++i) checkWithin1_5(at, i);
        QCOMPARE(at.back().first, 0.0);
    }

    // The machine's load changes mid-run (another job starts, or ends): from 40% of the samples on
    // every sample takes twice (or half) as long. No estimate can foresee the change; 10% of the
    // samples after it, every estimate is within 1.5x again. The whole run's mean rate, computed
    // here from the same clock, is not: the test tells the two apart.
    void timeLeftFollowsALoadChange() {
        for (const double factor : {2.0, 0.5}) {
            std::vector<double> cost = forwardSeconds(8);
            const std::size_t n = cost.size(), change = n * 4 / 10, tenth = (n + 9) / 10;
            for (std::size_t i = change; i < n; ++i) cost[i] *= factor;
            const auto at = runUnderClock(cost, "eta_load_" + std::to_string(factor));
            qInfo("load x%g from sample %zu on", factor, change + 1);
            for (std::size_t i = change + tenth - 1; i + 1 < n; ++i) checkWithin1_5(at, i);
            // the whole-run mean (seconds so far / tokens so far x tokens left) misses by more than 1.5x
            const std::vector<double> work = forwardSeconds(8);  // the load-free seconds: the work itself
            double worst = 1;
            for (std::size_t i = change + tenth - 1; i + 1 < n; ++i) {
                double secs = 0, done = 0, left = 0, real = 0;
                for (std::size_t k = 0; k < n; ++k) (k <= i ? done : left) += work[k];
                for (std::size_t k = 0; k < n; ++k) (k <= i ? secs : real) += cost[k];
                const double r = secs / done * left / real;
                worst = std::max(worst, std::max(r, 1 / r));
            }
            QVERIFY2(worst > 1.5,
                     qPrintable(QString("whole-run mean within %1x: the load change is too mild to test").arg(worst)));
        }
    }

private:
    // Seconds per sample of a controlled clock for kv_retrieval with sizes 10..50 and `per_size`
    // samples each: 0.5 s plus 0.01 s per token, the tokens counted by the tokenizer here (not by the runner).
    std::vector<double> forwardSeconds(int per_size) const {
        KvRetrievalOptions ko;
        ko.sizes = {10, 20, 30, 40, 50};
        ko.samples_per_size = per_size;
        std::vector<double> cost;
        for (const auto& s : make_kv_samples(ko)) {
            const ChoiceItem it = kv_choice_item(model_->tokenizer(), s);
            double tokens = static_cast<double>(it.prompt.size());
            for (const auto& c : it.choices) tokens += static_cast<double>(c.size());
            cost.push_back(0.5 + 0.01 * tokens);
        }
        return cost;
    }

    // Runs the matching evaluation with a clock that advances by cost[i] during sample i; returns
    // (estimate, true time left) after each sample.
    std::vector<std::pair<double, double>> runUnderClock(const std::vector<double>& cost, const std::string& name) {
        const int per_size = static_cast<int>(cost.size() / 5);
        const Json spec = {
            {"experiment", "evaluate"},
            {"task", {{"name", "kv_retrieval"}, {"sizes", {10, 20, 30, 40, 50}}, {"samples_per_size", per_size}}}};
        double total = 0;
        for (double c : cost) total += c;
        double now = 0;
        std::size_t reads = 0;
        ExperimentOptions o;
        o.out_dir = dir_ / name;
        o.clock = [&] {  // read before the first sample and after each one
            if (reads > 0) now += cost.at(reads - 1);
            ++reads;
            return now;
        };
        std::vector<std::pair<double, double>> at;
        o.progress = [&](const ExperimentProgress& p) { at.emplace_back(p.eta_s, total - now); };
        run_experiment(*model_, spec, o);
        if (at.size() != cost.size()) qFatal("%zu progress reports for %zu samples", at.size(), cost.size());
        return at;
    }

    static void checkWithin1_5(const std::vector<std::pair<double, double>>& at, std::size_t i) {
        const double ratio = at[i].first / at[i].second;
        QVERIFY2(
            ratio > 1 / 1.5 && ratio < 1.5,
            qPrintable(
                QString("after %1 samples: estimate %2 s, real %3 s").arg(i + 1).arg(at[i].first).arg(at[i].second)));
    }
};

QTEST_GUILESS_MAIN(TestExperimentSpec)
#include "tst_experiment_spec.moc"
