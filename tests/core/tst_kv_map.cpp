// The KV-retrieval map (gna/kv_map.h): every cell against a naive loop over the model's run()
// (each value appended to a hand-built prompt, its log-probability summed from the full logits),
// the asked line checked against a hand-derived table, and the option errors.
#include <QtTest>

#include <atomic>
#include <cmath>

#include "gna/kv_map.h"
#include "gna/model.h"
#include "gna/tasks.h"
#include "test_models.h"
#include "test_support.h"

using namespace gna;
using namespace gna::test;

class TestKvMap : public TinyModelSuite {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { load_tiny(tiny_llama(2, 23)); }

    void queryLineByHand() {
        // round(depth / 100 * (size - 1)), halves away from zero
        QCOMPARE(kv_map_query_line(6, 0), 0);
        QCOMPARE(kv_map_query_line(6, 50), 3);  // 2.5
        QCOMPARE(kv_map_query_line(6, 100), 5);
        QCOMPARE(kv_map_query_line(3, 50), 1);
        QCOMPARE(kv_map_query_line(10, 25), 2);  // 2.25
        QCOMPARE(kv_map_query_line(10, 75), 7);  // 6.75
        QCOMPARE(kv_map_query_line(1, 100), 0);
    }

    void samplesAskTheLineAtTheDepth() {
        KvMapOptions opt;
        opt.samples_per_cell = 3;
        KvRetrievalOptions kv;
        kv.sizes = {6};
        kv.samples_per_size = 3;
        const std::vector<KvSample> task = make_kv_samples(kv);  // the task's own dictionaries
        const std::vector<KvSample> cell = kv_map_samples(opt, 6, 50);
        QCOMPARE(cell.size(), std::size_t(3));
        for (std::size_t i = 0; i < cell.size(); ++i) {
            QCOMPARE(cell[i].dictionary, task[i].dictionary);
            QCOMPARE(cell[i].query, 3);
            std::string expected = "Memorize the following dictionary:\n";
            for (std::size_t j = 0; j < task[i].dictionary.size(); ++j)
                expected +=
                    (j ? "\n" : "") + task[i].dictionary[j].first + ":" + std::to_string(task[i].dictionary[j].second);
            expected += "\nThe value of the key '" + task[i].dictionary[3].first + "' is";
            QCOMPARE(QString::fromStdString(cell[i].prompt), QString::fromStdString(expected));
        }
    }

    void cellsMatchANaiveLoop() {
        KvMapOptions opt;
        opt.sizes = {3, 6};
        opt.depths = {0, 50, 100};
        opt.samples_per_cell = 2;
        opt.seed = 5;
        InterventionPlan off;
        off.ablate({1, 0});
        off.ablate({1, 2});
        std::vector<std::pair<int, int>> calls;
        const std::vector<KvMap> maps =
            kv_retrieval_map(*model_, opt, {InterventionPlan{}, off}, [&](int d, int t) { calls.emplace_back(d, t); });
        QCOMPARE(maps.size(), std::size_t(2));
        QCOMPARE(calls.size(), std::size_t(6));
        QCOMPARE(calls.back(), std::make_pair(6, 6));
        const int lines[2][3] = {{0, 1, 2}, {0, 3, 5}};  // by hand: size 3 and 6 at 0, 50, 100%
        const Tokenizer& tok = model_->tokenizer();
        bool differs = false;
        for (std::size_t p = 0; p < 2; ++p) {
            const InterventionPlan& plan = p == 0 ? InterventionPlan{} : off;
            for (std::size_t d = 0; d < 3; ++d)
                for (std::size_t x = 0; x < 2; ++x) {
                    KvRetrievalOptions kv;
                    kv.sizes = {opt.sizes[x]};
                    kv.samples_per_size = 2;
                    kv.seed = 5;
                    double right = 0.0, prob = 0.0;
                    for (const KvSample& s : make_kv_samples(kv)) {
                        const int line = lines[x][d];
                        std::string prompt = "Memorize the following dictionary:\n";
                        for (std::size_t j = 0; j < s.dictionary.size(); ++j)
                            prompt +=
                                (j ? "\n" : "") + s.dictionary[j].first + ":" + std::to_string(s.dictionary[j].second);
                        prompt += "\nThe value of the key '" + s.dictionary[std::size_t(line)].first + "' is";
                        const std::vector<int> ids = tok.encode(prompt, true);
                        std::vector<double> lp;
                        for (const auto& [key, value] : s.dictionary)
                            lp.push_back(naive_logprob(
                                *model_, ids, continuation_tokens(tok, prompt, " " + std::to_string(value)), plan));
                        double mx = -1e300, z = 0.0;
                        for (double l : lp) mx = std::max(mx, l);
                        for (double l : lp) z += std::exp(l - mx);
                        right += lp[std::size_t(line)] >= mx ? 1.0 : 0.0;
                        prob += std::exp(lp[std::size_t(line)] - mx) / z;
                    }
                    const KvMapCell& c = maps[p].at(d, x);
                    QVERIFY2(std::abs(c.accuracy - right / 2.0) < 1e-12,
                             qPrintable(QStringLiteral("plan %1 cell %2,%3: %4 vs %5")
                                            .arg(p)
                                            .arg(d)
                                            .arg(x)
                                            .arg(c.accuracy)
                                            .arg(right / 2.0)));
                    QVERIFY2(std::abs(c.probability - prob / 2.0) < 1e-4,
                             qPrintable(QStringLiteral("plan %1 cell %2,%3: %4 vs %5")
                                            .arg(p)
                                            .arg(d)
                                            .arg(x)
                                            .arg(c.probability)
                                            .arg(prob / 2.0)));
                    if (p == 1 && std::abs(c.probability - maps[0].at(d, x).probability) > 1e-5) differs = true;
                }
        }
        QVERIFY2(differs, "switching heads off changed no cell");
    }

    void badOptionsAreNamed() {
        KvMapOptions opt;
        opt.sizes = {0};
        QVERIFY(error_of([&] {
                    kv_retrieval_map(*model_, opt, {{}});
                }).contains(QStringLiteral("dictionary size 0 is outside 1..100")));
        opt.sizes = {4};
        opt.depths = {150};
        QVERIFY(error_of([&] { kv_retrieval_map(*model_, opt, {{}}); }).contains(QStringLiteral("depth 150")));
        opt.depths = {};
        QVERIFY(error_of([&] { kv_retrieval_map(*model_, opt, {{}}); }).contains(QStringLiteral("the grid is empty")));
        opt.depths = {0};
        opt.samples_per_cell = 0;
        QVERIFY(
            error_of([&] { kv_retrieval_map(*model_, opt, {{}}); }).contains(QStringLiteral("samples per cell is 0")));
        opt.samples_per_cell = 1;
        QVERIFY(error_of([&] { kv_retrieval_map(*model_, opt, {}); }).contains(QStringLiteral("no intervention plan")));
    }

    void cancelStops() {
        KvMapOptions opt;
        std::atomic<bool> cancel{true};
        QVERIFY(is_cancelled([&] { kv_retrieval_map(*model_, opt, {{}}, {}, &cancel); }));
    }
};

QTEST_MAIN(TestKvMap)
#include "tst_kv_map.moc"
