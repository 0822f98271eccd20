// The interactive probe (gna::Probe) on the bundled demo models: compare mode with candidates of one
// and of several tokens (the studio's worker crashed there), per-head scores against counts by hand
// from separately captured full maps, and the unablated cache.
#include <QTest>
#include <cmath>
#include <filesystem>
#include <numeric>

#include "gna/head_scores.h"
#include "gna/model.h"
#include "gna/probe.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

namespace {

// Softmax in long double, independently of the probe's.
std::vector<double> naiveSoftmax(const std::vector<float>& logits) {
    long double m = logits[0], sum = 0;
    for (float v : logits) m = std::max<long double>(m, v);
    std::vector<double> p(logits.size());
    for (std::size_t i = 0; i < logits.size(); ++i) sum += std::exp(static_cast<long double>(logits[i]) - m);
    for (std::size_t i = 0; i < logits.size(); ++i) p[i] = static_cast<double>(std::exp(static_cast<long double>(logits[i]) - m) / sum);
    return p;
}

const char* kPrompt = "Memorize the following dictionary:\napple:42\nriver:17\ncandle:88\n\nThe value of the key 'candle' is";

}  // namespace

class TestProbe : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void compareWithCandidatesOfSeveralTokens_data();
    void compareWithCandidatesOfSeveralTokens();
    void scoresEqualCountsByHand();
    void unablatedRunIsCached();
    void headsTheModelLacksAreSkipped();
    void rowScoresByHand();
};

void TestProbe::compareWithCandidatesOfSeveralTokens_data() {
    QTest::addColumn<QString>("kind");
    QTest::addColumn<bool>("ablate");
    for (const char* k : {"transformer", "ssm", "hybrid"}) {
        QTest::newRow((std::string(k) + " unablated").c_str()) << QString::fromLatin1(k) << false;
        QTest::newRow((std::string(k) + " ablated").c_str()) << QString::fromLatin1(k) << true;
    }
}

void TestProbe::compareWithCandidatesOfSeveralTokens() {
    QFETCH(QString, kind);
    QFETCH(bool, ablate);
    auto model = std::shared_ptr<Model>(Model::load(demo_model(kind.toStdString())));
    Probe probe(model);
    const ModelInfo& info = model->info();
    ProbeRequest r;
    r.prompt = kPrompt;
    // "88" may be one token or "▁" + "88"; "zebra crossing" is several tokens in any vocabulary.
    r.candidates = {"88", "42", "17", "zebra crossing"};
    r.compare = true;
    r.score = HeadScoreKind::Entropy;
    const bool attention = info.num_heads > 0 && !every_head(info, HeadKind::Attention).empty();
    r.scored = every_head(info, attention ? HeadKind::Attention : HeadKind::SSM);
    r.shown = {r.scored.front(), r.scored.back()};
    if (ablate) r.plan.ablate(r.scored.back());
    const ProbeResult res = probe.run(r);
    QVERIFY(res.compared);

    // Independent: the unablated and the ablated runs, softmax by hand, continuations scored alone.
    const std::vector<int> tokens = model->tokenizer().encode(kPrompt, true);
    QCOMPARE(res.tokens, tokens);
    RunRequest plain;
    plain.tokens = tokens;
    RunRequest withPlan = plain;
    withPlan.plan = r.plan;
    const std::vector<double> p0 = naiveSoftmax(model->run(plain).last_logits);
    const std::vector<double> p1 = naiveSoftmax(model->run(withPlan).last_logits);
    int multi = 0;
    for (const NextToken& t : res.next) {
        if (t.id >= 0) {
            QVERIFY(std::abs(t.probability - p1[static_cast<std::size_t>(t.id)]) < 1e-6);
            QVERIFY(std::abs(t.unablated - p0[static_cast<std::size_t>(t.id)]) < 1e-6);
        } else {
            ++multi;
            QVERIFY(t.candidate >= 0);
            const std::vector<int> ids = model->tokenizer().encode(" " + r.candidates[static_cast<std::size_t>(t.candidate)], false);
            QVERIFY(ids.size() > 1);
            const double lp0 = model->score_continuations(tokens, {ids}, {})[0];
            const double lp1 = model->score_continuations(tokens, {ids}, r.plan)[0];
            QVERIFY(std::abs(t.probability - std::exp(lp1)) < 1e-7);
            QVERIFY(std::abs(t.unablated - std::exp(lp0)) < 1e-7);
        }
    }
    QVERIFY(multi >= 1);  // "zebra crossing" at least
    // Every candidate is listed once (among the top tokens or after them).
    for (std::size_t c = 0; c < r.candidates.size(); ++c) {
        int n = 0;
        for (const NextToken& t : res.next) n += t.candidate == static_cast<int>(c);
        QCOMPARE(n, 1);
    }
    QCOMPARE(res.maps.size(), std::size_t(2));
    QCOMPARE(res.unablated_maps.size(), std::size_t(2));
    QCOMPARE(res.scores.size(), r.scored.size());
}

void TestProbe::scoresEqualCountsByHand() {
    auto model = std::shared_ptr<Model>(Model::load(demo_model("transformer")));
    Probe probe(model);
    const ModelInfo& info = model->info();
    const std::vector<int> tokens = model->tokenizer().encode(kPrompt, true);
    const int T = static_cast<int>(tokens.size());
    // Line ends by hand: the tokens whose text holds a newline.
    std::vector<int> ends;
    for (int t = 0; t < T; ++t)
        if (model->tokenizer().decode({tokens[static_cast<std::size_t>(t)]}).find('\n') != std::string::npos) ends.push_back(t);
    QVERIFY(ends.size() >= 4);
    RunRequest full;
    full.tokens = tokens;
    full.capture = every_head(info, HeadKind::Attention);
    const RunResult maps = model->run(full);
    for (HeadScoreKind kind : {HeadScoreKind::Entropy, HeadScoreKind::MaxWeight, HeadScoreKind::AttentionToToken,
                               HeadScoreKind::Gather, HeadScoreKind::Aggregate}) {
        for (std::size_t budget : {kProbeFullCaptureBudget, std::size_t(0)}) {  // one pass and a separate row pass
            ProbeRequest r;
            r.prompt = kPrompt;
            r.score = kind;
            r.scored = full.capture;
            r.selected_token = 3;
            r.full_capture_budget = budget;
            const ProbeResult res = probe.run(r);
            QCOMPARE(res.forward_passes, budget == 0 ? 2 : 1);
            QCOMPARE(res.line_ends, ends);
            QCOMPARE(res.scores.size(), maps.attention.size());
            for (std::size_t i = 0; i < maps.attention.size(); ++i) {
                const AttentionMap& m = maps.attention[i];
                const std::size_t last = static_cast<std::size_t>(T - 1);
                double want = 0.0;
                if (kind == HeadScoreKind::Entropy) {
                    for (int c = 0; c < T; ++c) {
                        const double a = m.at(last, static_cast<std::size_t>(c));
                        if (a > 0) want -= a * std::log(a) / std::log(2.0);
                    }
                } else if (kind == HeadScoreKind::MaxWeight) {
                    for (int c = 0; c < T; ++c) want = std::max<double>(want, m.at(last, static_cast<std::size_t>(c)));
                } else if (kind == HeadScoreKind::AttentionToToken) {
                    want = m.at(last, 3);
                } else if (kind == HeadScoreKind::Aggregate) {
                    for (int e : ends) want += m.at(last, static_cast<std::size_t>(e));
                } else {
                    // Each line end's weight on the tokens strictly between the previous line end and it.
                    int n = 0, prev = -1;
                    for (int e : ends) {
                        if (e - prev > 1) {
                            for (int c = prev + 1; c < e; ++c) want += m.at(static_cast<std::size_t>(e), static_cast<std::size_t>(c));
                            ++n;
                        }
                        prev = e;
                    }
                    want /= n;
                }
                QCOMPARE(res.scores[i].head, m.head);
                QVERIFY2(std::abs(res.scores[i].value - want) < 1e-5,
                         qPrintable(QStringLiteral("%1 %2: %3 vs %4").arg(QString::fromLatin1(to_string(kind)))
                                        .arg(QString::fromStdString(m.head.name())).arg(res.scores[i].value).arg(want)));
            }
        }
    }
}

void TestProbe::unablatedRunIsCached() {
    auto model = std::shared_ptr<Model>(Model::load(demo_model("transformer")));
    Probe probe(model);
    ProbeRequest r;
    r.prompt = kPrompt;
    r.candidates = {"88", "42"};
    r.compare = true;
    r.score = HeadScoreKind::Gather;
    r.scored = every_head(model->info(), HeadKind::Attention);
    r.shown = {{1, 3, HeadKind::Attention}, {2, 2, HeadKind::Attention}};
    r.plan.ablate({2, 2, HeadKind::Attention});
    const ProbeResult first = probe.run(r);
    r.plan = {};
    r.plan.ablate({1, 3, HeadKind::Attention});
    const ProbeResult second = probe.run(r);
    // The second toggle reuses the unablated run: only the ablated pass (and the candidates' pass
    // when a candidate has several tokens) runs.
    QVERIFY2(second.forward_passes < first.forward_passes,
             qPrintable(QStringLiteral("%1 then %2").arg(first.forward_passes).arg(second.forward_passes)));
    QCOMPARE(second.unablated_maps.size(), first.unablated_maps.size());
    for (std::size_t i = 0; i < first.unablated_maps.size(); ++i) QCOMPARE(second.unablated_maps[i].weights, first.unablated_maps[i].weights);
    for (std::size_t i = 0; i < first.scores.size(); ++i) QCOMPARE(second.scores[i].unablated, first.scores[i].unablated);
    // Another prompt is not served from the cache.
    r.prompt = std::string(kPrompt) + " the";
    const ProbeResult third = probe.run(r);
    QCOMPARE(third.forward_passes, first.forward_passes);
}

void TestProbe::headsTheModelLacksAreSkipped() {
    auto model = std::shared_ptr<Model>(Model::load(demo_model("transformer")));
    Probe probe(model);
    ProbeRequest r;
    r.prompt = kPrompt;
    r.shown = {{99, 0, HeadKind::Attention}, {0, 99, HeadKind::Attention}, {0, 0, HeadKind::SSM}, {0, 1, HeadKind::Attention}};
    const ProbeResult res = probe.run(r);
    QCOMPARE(res.maps.size(), std::size_t(1));
    QCOMPARE(res.maps[0].head, (HeadRef{0, 1, HeadKind::Attention}));
    // The same head as Gather and as Aggregate head: drawn twice.
    ProbeRequest twice;
    twice.prompt = kPrompt;
    twice.shown = {{1, 0, HeadKind::Attention}, {1, 0, HeadKind::Attention}};
    const ProbeResult two = probe.run(twice);
    QCOMPARE(two.maps.size(), std::size_t(2));
    QCOMPARE(two.maps[0].weights, two.maps[1].weights);
    // A plan naming a head the model lacks is refused with the head's name, not run.
    r.plan.ablate({7, 0, HeadKind::Attention});
    try {
        probe.run(r);
        QFAIL("a plan with L7.H0 on a 3-layer model ran");
    } catch (const Error& e) {
        QVERIFY2(std::string(e.what()).find("L7.H0") != std::string::npos, e.what());
    }
}

void TestProbe::rowScoresByHand() {
    // Hand-worked rows: entropy of (1/2, 1/4, 1/4) is 1.5 bits; of a one-hot row 0.
    const float a[] = {0.5f, 0.25f, 0.25f, 0.0f};
    QCOMPARE(row_entropy_bits(a, 4), 1.5);
    QCOMPARE(row_max_weight(a, 4), 0.5);
    const float b[] = {0.0f, 1.0f};
    QCOMPARE(row_entropy_bits(b, 2), 0.0);
    // A 4-token map, line ends at 1 and 3: rows 1, 3 captured; the last row is row 3.
    AttentionMap m;
    m.rows = {1, 3};
    m.cols = 4;
    m.weights = {0.6f, 0.4f, 0.0f, 0.0f,   // row 1: 0.6 on its line (token 0)
                 0.1f, 0.2f, 0.3f, 0.4f};  // row 3: 0.3 on its line (token 2); 0.2 + 0.4 on line ends
    const LinePattern p = line_pattern(m, {1, 3});
    QVERIFY(std::abs(p.gather - (0.6 + 0.3) / 2) < 1e-7);
    QVERIFY(std::abs(p.aggregate - (0.2 + 0.4)) < 1e-7);
    QCOMPARE(line_ends({"a", "b\n", "c", "\n"}), (std::vector<int>{1, 3}));
}

QTEST_GUILESS_MAIN(TestProbe)
#include "tst_probe.moc"
