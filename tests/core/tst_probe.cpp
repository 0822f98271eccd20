// The interactive probe (gna::Probe) on the bundled demo models: compare mode with candidates of one
// and of several tokens (the studio's worker crashed there), per-head scores against counts by hand
// from separately captured full maps, and the unablated cache.
#include <QTest>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <numeric>

#include "gna/head_scores.h"
#include "gna/model.h"
#include "gna/probe.h"
#include "gna/tasks.h"
#include "test_models.h"
#include "test_support.h"

using namespace gna;
using namespace gna::test;

namespace {

// Softmax in long double, independently of the probe's.
std::vector<double> naiveSoftmax(const std::vector<float>& logits) {
    long double m = logits[0], sum = 0;
    for (float v : logits) m = std::max<long double>(m, v);
    std::vector<double> p(logits.size());
    for (std::size_t i = 0; i < logits.size(); ++i) sum += std::exp(static_cast<long double>(logits[i]) - m);
    for (std::size_t i = 0; i < logits.size(); ++i)
        p[i] = static_cast<double>(std::exp(static_cast<long double>(logits[i]) - m) / sum);
    return p;
}

const char* kPrompt =
    "Memorize the following dictionary:\napple:42\nriver:17\ncandle:88\n\nThe value of the key 'candle' is";

// Counts the model runs the probe asks for, independently of the probe's own count. (Wrapped, the
// model keeps no residual stream: every run is a full one.)
class CountingModel : public Model {
public:
    explicit CountingModel(std::shared_ptr<Model> m) : m_(std::move(m)) {}
    const ModelInfo& info() const override { return m_->info(); }
    const Tokenizer& tokenizer() const override { return m_->tokenizer(); }
    RunResult run(const RunRequest& r) override {
        ++runs;
        return m_->run(r);
    }
    std::vector<RunResult> run_batch(const std::vector<RunRequest>& r) override {
        runs += static_cast<int>(r.size());
        return m_->run_batch(r);
    }
    std::vector<double> score_continuations(const std::vector<int>& prompt,
                                            const std::vector<std::vector<int>>& continuations,
                                            const InterventionPlan& plan,
                                            const std::vector<int>& context_tokens) override {
        ++runs;
        return m_->score_continuations(prompt, continuations, plan, context_tokens);
    }
    int runs = 0;

private:
    std::shared_ptr<Model> m_;
};

bool sameBits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() &&
        std::equal(a.begin(), a.end(), b.begin(), [](float x, float y) { return std::memcmp(&x, &y, sizeof x) == 0; });
}

}  // namespace

class TestProbe : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void compareWithCandidatesOfSeveralTokens_data();
    void compareWithCandidatesOfSeveralTokens();
    void promptEndingWhereTheModelAnswers();
    void scoresEqualCountsByHand();
    void unablatedRunIsCached();
    void headsTheModelLacksAreSkipped();
    void rowScoresByHand();
    void oneToggleIsOneForwardPass_data();
    void oneToggleIsOneForwardPass();

private:
    TempDir dir_;
};

void TestProbe::compareWithCandidatesOfSeveralTokens_data() { demo_ablate_rows(); }

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
            const std::vector<int> ids =
                model->tokenizer().encode(" " + r.candidates[static_cast<std::size_t>(t.candidate)], false);
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

// The demos write the space before an answer as a token of its own: after "... is" the model's next token is
// that space (nearly surely), so the shipped prompts end with it and the views' last row is where the model
// answers. There each candidate is the token after the prompt: its probability is the softmax of the last
// logits at that token, by hand.
void TestProbe::promptEndingWhereTheModelAnswers() {
    auto model = std::shared_ptr<Model>(Model::load(demo_model("transformer")));
    const Tokenizer& tok = model->tokenizer();
    const std::string plain = kPrompt;
    QVERIFY(plain.ends_with(" is"));
    const std::string ready = prompt_ending_at_answer(tok, plain, "88");
    QCOMPARE(ready, plain + " ");
    QCOMPARE(prompt_ending_at_answer(tok, ready, "88"), ready);  // already there
    // Why: the most likely token after "... is" is the bare space.
    RunRequest first;
    first.tokens = tok.encode(plain, true);
    const std::vector<double> p = naiveSoftmax(model->run(first).last_logits);
    const auto top = static_cast<int>(std::max_element(p.begin(), p.end()) - p.begin());
    QCOMPARE(tok.decode({top}), std::string(" "));
    QVERIFY(p[static_cast<std::size_t>(top)] > 0.9);

    Probe probe(model);
    ProbeRequest r;
    r.prompt = ready;
    r.candidates = {"88", "42"};
    const ProbeResult res = probe.run(r);
    RunRequest second;
    second.tokens = tok.encode(ready, true);
    QCOMPARE(res.tokens, second.tokens);
    const std::vector<double> q = naiveSoftmax(model->run(second).last_logits);
    int found = 0;
    for (const NextToken& t : res.next) {
        if (t.candidate < 0) continue;
        ++found;
        const std::string& c = r.candidates[static_cast<std::size_t>(t.candidate)];
        const std::vector<int> whole = tok.encode(ready + c, true);
        QCOMPARE(whole.size(), second.tokens.size() + 1);  // one token past the prompt's
        QCOMPARE(t.id, whole.back());
        QCOMPARE(tok.decode({t.id}), c);
        QVERIFY(std::abs(t.probability - q[static_cast<std::size_t>(t.id)]) < 1e-6);
    }
    QCOMPARE(found, 2);
    QVERIFY(res.next.front().candidate == 0);  // "88": the answer, on top
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
        if (model->tokenizer().decode({tokens[static_cast<std::size_t>(t)]}).find('\n') != std::string::npos)
            ends.push_back(t);
    QVERIFY(ends.size() >= 4);
    RunRequest full;
    full.tokens = tokens;
    full.capture = every_head(info, HeadKind::Attention);
    const RunResult maps = model->run(full);
    for (HeadScoreKind kind : {HeadScoreKind::Entropy, HeadScoreKind::MaxWeight, HeadScoreKind::AttentionToToken,
                               HeadScoreKind::Gather, HeadScoreKind::Aggregate}) {
        for (bool separate : {false, true}) {  // one pass and a separate row pass
            ProbeRequest r;
            r.prompt = kPrompt;
            r.score = kind;
            r.scored = full.capture;
            r.selected_token = 3;
            r.separate_score_pass = separate;
            const ProbeResult res = probe.run(r);
            QCOMPARE(res.forward_passes, separate ? 2 : 1);
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
                            for (int c = prev + 1; c < e; ++c)
                                want += m.at(static_cast<std::size_t>(e), static_cast<std::size_t>(c));
                            ++n;
                        }
                        prev = e;
                    }
                    want /= n;
                }
                QCOMPARE(res.scores[i].head, m.head);
                QVERIFY2(std::abs(res.scores[i].value - want) < 1e-5,
                         qPrintable(QStringLiteral("%1 %2: %3 vs %4")
                                        .arg(QString::fromLatin1(to_string(kind)))
                                        .arg(QString::fromStdString(m.head.name()))
                                        .arg(res.scores[i].value)
                                        .arg(want)));
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
    for (std::size_t i = 0; i < first.unablated_maps.size(); ++i)
        QCOMPARE(second.unablated_maps[i].weights, first.unablated_maps[i].weights);
    for (std::size_t i = 0; i < first.scores.size(); ++i)
        QCOMPARE(second.scores[i].unablated, first.scores[i].unablated);
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
    r.shown = {
        {99, 0, HeadKind::Attention}, {0, 99, HeadKind::Attention}, {0, 0, HeadKind::SSM}, {0, 1, HeadKind::Attention}};
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
    // Hidden-attention rows are not distributions: |a| / sum |a| = (1/2, 1/4, 1/4) again, 1.5 bits
    const float c[] = {2.0f, -1.0f, 1.0f};
    QCOMPARE(row_entropy_bits(c, 3), 1.5);
    const float d[] = {4.0f, 0.0f};
    QCOMPARE(row_entropy_bits(d, 2), 0.0);
    // ... and its largest weight in the same reading: |2| / 4 = 1/2 at column 0; a row whose largest
    // magnitude is negative names that column.
    const RowStats cs = row_stats(c, 3);
    QVERIFY(cs.magnitudes);
    QCOMPARE(cs.max_weight, 0.5);
    QCOMPARE(cs.argmax, 0);
    const float e[] = {0.5f, -3.0f, 0.5f};  // |a| / 4 = (1/8, 3/4, 1/8): H = 2 * 1/8 * 3 + 3/4 * log2(4/3)
    const RowStats es = row_stats(e, 3);
    QCOMPARE(es.argmax, 1);
    QCOMPARE(es.max_weight, 0.75);
    QVERIFY(std::abs(es.entropy_bits - (0.75 + 0.75 * std::log2(4.0 / 3.0))) < 1e-12);
    QCOMPARE(row_max_weight(e, 3), 0.75);
    QVERIFY(!row_stats(a, 4).magnitudes);
    // A 4-token map, line ends at 1 and 3: rows 1, 3 captured; the last row is row 3.
    AttentionMap m;
    m.rows = {1, 3};
    m.cols = 4;
    m.weights = {0.6f, 0.4f, 0.0f, 0.0f,  // row 1: 0.6 on its line (token 0)
                 0.1f, 0.2f, 0.3f, 0.4f};  // row 3: 0.3 on its line (token 2); 0.2 + 0.4 on line ends
    const LinePattern p = line_pattern(m, {1, 3});
    QVERIFY(std::abs(p.gather - (0.6 + 0.3) / 2) < 1e-7);
    QVERIFY(std::abs(p.aggregate - (0.2 + 0.4)) < 1e-7);
    QCOMPARE(line_ends({"a", "b\n", "c", "\n"}), (std::vector<int>{1, 3}));
}

void TestProbe::oneToggleIsOneForwardPass_data() {
    QTest::addColumn<QString>("arch");
    QTest::addColumn<int>("tokens");
    // 4 layers x 16 heads at 400 tokens: every scored head's full map (10.2M weights) exceeded the
    // earlier one-pass budget of 8M weights, which then took a second pass for the score rows.
    QTest::newRow("llama") << QStringLiteral("llama") << 400;
    QTest::newRow("mamba2") << QStringLiteral("mamba2") << 60;
    QTest::newRow("zamba2") << QStringLiteral("zamba2") << 60;
}

// A head toggle with the board coloured by every head's entropy and two heads drawn: one model run
// (counted by a wrapper, and by the probe), starting at the toggled layer; the drawn maps and every
// score equal those of a full run that captures every head's full map (scores counted by hand).
void TestProbe::oneToggleIsOneForwardPass() {
    QFETCH(QString, arch);
    QFETCH(int, tokens);
    TinyModelSpec spec = tiny_any_arch(arch.toStdString(), 3);
    if (arch == QLatin1String("llama")) {
        spec.heads = 16;
        spec.kv_heads = 4;
        spec.head_dim = 4;
    }
    auto model = std::shared_ptr<Model>(Model::load(make_model(dir_, arch.toStdString() + "_toggle", spec)));
    const ModelInfo& info = model->info();
    ProbeRequest r;
    for (int t = 0; t < tokens; ++t) r.tokens.push_back(3 + (t * 37) % 200);
    r.score = HeadScoreKind::Entropy;
    r.scored = every_head(info, HeadKind::Attention);
    for (const HeadRef& h : every_head(info, HeadKind::SSM)) r.scored.push_back(h);
    r.shown = {r.scored.front(), r.scored.back()};
    const HeadRef toggled = r.scored[r.scored.size() / 2];
    QVERIFY(toggled.layer > 0);
    if (arch == QLatin1String("llama"))
        QVERIFY(r.scored.size() * std::size_t(tokens * tokens) > (std::size_t(8) << 20));

    auto counting = std::make_shared<CountingModel>(model);
    Probe counted(counting), probe(model);
    const ProbeResult base = probe.run(r);  // unablated: keeps the residual stream
    QCOMPARE(base.forward_passes, 1);
    counted.run(r);
    r.plan.ablate(toggled);
    counting->runs = 0;
    QCOMPARE(counted.run(r).forward_passes, 1);
    QCOMPARE(counting->runs, 1);
    const ProbeResult res = probe.run(r);
    QCOMPARE(res.forward_passes, 1);
    QCOMPARE(res.first_layer, toggled.layer);

    RunRequest full;
    full.tokens = r.tokens;
    full.plan = r.plan;
    full.capture = r.scored;
    const RunResult ref = model->run(full);
    QCOMPARE(res.maps.size(), std::size_t(2));
    QVERIFY(sameBits(res.maps[0].weights, ref.attention.front().weights));
    QVERIFY(sameBits(res.maps[1].weights, ref.attention.back().weights));
    QCOMPARE(res.scores.size(), ref.attention.size());
    bool changed = false;
    for (std::size_t i = 0; i < ref.attention.size(); ++i) {
        const AttentionMap& m = ref.attention[i];
        const std::size_t last = static_cast<std::size_t>(tokens - 1);
        // an attention row as it is; an SSM head's hidden-attention row as |a| / sum |a|
        double norm = 1.0;
        if (m.head.kind == HeadKind::SSM) {
            norm = 0.0;
            for (int c = 0; c < m.cols; ++c) norm += std::abs(double(m.at(last, static_cast<std::size_t>(c))));
        }
        double want = 0;
        for (int c = 0; c < m.cols; ++c) {
            const double a = std::abs(double(m.at(last, static_cast<std::size_t>(c)))) / norm;
            if (a > 0) want -= a * std::log2(a);
        }
        QCOMPARE(res.scores[i].head, m.head);
        QVERIFY2(std::abs(res.scores[i].value - want) < 1e-6,
                 qPrintable(QStringLiteral("%1: %2 vs %3")
                                .arg(QString::fromStdString(m.head.name()))
                                .arg(res.scores[i].value)
                                .arg(want)));
        if (m.head.layer < toggled.layer) QCOMPARE(res.scores[i].value, base.scores[i].value);
        changed |= m.head.layer > toggled.layer && res.scores[i].value != base.scores[i].value;
    }
    QVERIFY(changed);  // the toggle changed the layers above it: the comparison can fail

    // The earlier path: the score rows in a second pass.
    r.separate_score_pass = true;
    counting->runs = 0;
    QCOMPARE(counted.run(r).forward_passes, 2);
    QCOMPARE(counting->runs, 2);
}

QTEST_GUILESS_MAIN(TestProbe)
#include "tst_probe.moc"
