// Every spec file shipped in resources/data/experiments, and every kind's documented example, runs
// from the command line on the bundled transformer demo (3 layers x 4 heads, context 256), cut to
// a few samples; the head ranking runs first into head_ranking_out/, which the shipped cumulative
// removal reads.
#include <QtTest>

#include "cli_runner.h"
#include "few_samples.h"
#include "gna/experiments.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

class TestShippedSpecs : public QObject {
    Q_OBJECT
    TempDir dir_;

private Q_SLOTS:
    void everyShippedSpecRunsOnTheDemo() {
        const auto shipped = std::filesystem::path(GNA_SOURCE_DIR) / "resources" / "data" / "experiments";
        const auto demo = demo_model("transformer");
        std::vector<std::filesystem::path> specs;
        for (const auto& f : std::filesystem::directory_iterator(shipped)) specs.push_back(f.path());
        // the ranking first: cumulative_removal.json reads head_ranking_out/result.json
        std::sort(specs.begin(), specs.end(), [](const auto& a, const auto& b) {
            const bool ra = a.filename() == "head_ranking_kv.json", rb = b.filename() == "head_ranking_kv.json";
            return ra != rb ? ra : a < b;
        });
        QVERIFY(specs.size() >= 5);
        for (const auto& f : specs) {
            const ExperimentSpec s = few_samples(parse_experiment_spec(read_json_file(f), f.string()), dir_.path());
            const auto small = dir_ / f.filename().string();
            write_json_file_atomic(small, to_json(s));
            const auto out =
                f.filename() == "head_ranking_kv.json" ? dir_ / "head_ranking_out" : dir_ / f.stem().string();
            const CliResult r = run_gna({"experiment", q(small), "--out", q(out), "--model", q(demo), "--quiet"});
            QVERIFY2(r.code == 0,
                     qPrintable(QString::fromStdString(f.filename().string()) + ": " + QString::fromUtf8(r.err)));
            const ExperimentResult res = read_experiment_result(out / "result.json");
            QVERIFY(res.complete);
            const std::vector<std::string> conds = res.conditions;
            if (s.experiment == "head_ranking") {
                QCOMPARE(conds.size(), std::size_t(1 + 3 * 4));  // baseline + every head of the demo
                QCOMPARE(res.samples.size(), std::size_t(2));  // one dictionary size, 2 prompts
                QCOMPARE(res.aggregates.ranking.value().size(), std::size_t(12));
            } else if (s.experiment == "cumulative_removal") {
                // default steps 0, 10, ... capped at the 12 ranked heads, each with its random control
                QCOMPARE(conds,
                         (std::vector<std::string>{"top-0", "random-0", "top-10", "random-10", "top-12", "random-12"}));
            } else if (s.experiment == "manipulation_grid") {
                QCOMPARE(conds.size(), std::size_t(5 * 4));
                QCOMPARE(res.samples.size(), std::size_t(1));
            } else if (s.experiment == "sparsification") {
                QCOMPARE(conds.size(), std::size_t(1 + 2 * 5));  // baseline + k = 0..4 in both stage options
            } else if (s.experiment == "memory_table") {
                QCOMPARE(res.memory.value().size(), std::size_t(3));
            }
        }
    }

    // The example of each kind (gna experiment --describe, docs/experiments.md) runs too.
    void everyDocumentedExampleRunsOnTheDemo() {
        const auto demo = demo_model("transformer");
        for (const auto& kind : experiment_kinds()) {
            const auto spec = dir_ / ("example_" + kind + ".json");
            write_json_file_atomic(
                spec, to_json(few_samples(parse_experiment_spec(experiment_example(kind), kind), dir_.path())));
            const auto out = dir_ / ("example_" + kind);
            const CliResult r = run_gna({"experiment", q(spec), "--out", q(out), "--model", q(demo), "--quiet"});
            QVERIFY2(r.code == 0, qPrintable(QString::fromStdString(kind) + ": " + QString::fromUtf8(r.err)));
            QVERIFY(read_experiment_result(out / "result.json").complete);
        }
    }
};

QTEST_GUILESS_MAIN(TestShippedSpecs)
#include "tst_shipped_specs.moc"
