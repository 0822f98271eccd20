// Toggles that recompute only from the changed layer (gna/residual_stream.h): on every architecture,
// a run from the kept unablated residual stream equals the full Model::run bit for bit (logits and
// captured maps) for heads in the first, middle and last layer; it starts at the toggled layer (or
// a lower captured head's); the stream's size is (layers + 1) x tokens x hidden floats, and above
// the budget nothing is kept.
#include <QTest>
#include <cstring>
#include <filesystem>

#include "gna/model.h"
#include "gna/probe.h"
#include "gna/residual_stream.h"
#include "test_models.h"
#include "test_support.h"

using namespace gna;
using namespace gna::test;

namespace {

TinyModelSpec tiny(const std::string& arch) { return tiny_any_arch(arch, 5); }

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

}  // namespace

class TestResidualToggle : public QObject {
    Q_OBJECT
    TempDir dir_;

private Q_SLOTS:
    void toggleEqualsFullRecompute_data() { arch_rows(); }
    void toggleEqualsFullRecompute();
    void budgetAndErrors();
    void probeTogglesEqualFullRecomputes();
};

void TestResidualToggle::toggleEqualsFullRecompute() {
    QFETCH(QString, arch);
    auto model = Model::load(make_model(dir_, arch.toStdString(), tiny(arch.toStdString())));
    const ModelInfo& info = model->info();
    RunRequest base;
    base.tokens = {3, 70, 12, 9, 200, 41, 5, 88, 17, 130, 64, 2, 19};
    const KeptRun kept = run_keeping_residuals(*model, base, std::size_t(1) << 30);
    QVERIFY(kept.residuals);
    QVERIFY(same_bits(kept.result.last_logits, model->run(base).last_logits));

    std::vector<HeadRef> heads;  // first, middle, last layer of each kind
    for (HeadKind kind : {HeadKind::Attention, HeadKind::SSM}) {
        const std::vector<HeadRef> all = every_head(info, kind);
        if (all.empty()) continue;
        heads.push_back(all.front());
        heads.push_back(all[all.size() / 2]);
        heads.push_back(all.back());
    }
    QVERIFY(!heads.empty());
    for (const HeadRef& h : heads) {
        for (int with_capture = 0; with_capture < 2; ++with_capture) {
            RunRequest r = base;
            r.plan.ablate(h);
            if (with_capture) r.capture = {h};  // a captured head at the toggled layer
            int first = -1;
            const RunResult fast = run_from_residuals(*model, r, *kept.residuals, &first);
            const RunResult full = model->run(r);
            QCOMPARE(first, h.layer);
            QVERIFY2(same_bits(fast.last_logits, full.last_logits), qPrintable(QString::fromStdString(h.name())));
            QVERIFY2(!same_bits(fast.last_logits, kept.result.last_logits),
                     qPrintable(QString::fromStdString(h.name() + ": the ablation changed nothing")));
            QCOMPARE(fast.attention.size(), full.attention.size());
            for (std::size_t i = 0; i < fast.attention.size(); ++i)
                QVERIFY(same_bits(fast.attention[i].weights, full.attention[i].weights));
        }
    }
    // a captured head below the toggled layer: the run starts there
    const HeadRef low = heads.front(), high = heads[heads.size() > 2 ? 2 : heads.size() - 1];
    if (low.layer < high.layer) {
        RunRequest r = base;
        r.plan.ablate(high);
        r.capture = {low};
        int first = -1;
        const RunResult fast = run_from_residuals(*model, r, *kept.residuals, &first);
        QCOMPARE(first, low.layer);
        QVERIFY(same_bits(fast.attention[0].weights, model->run(r).attention[0].weights));
    }
}

void TestResidualToggle::budgetAndErrors() {
    auto model = Model::load(make_model(dir_, "llama_budget", tiny("llama")));
    RunRequest base;
    base.tokens = {3, 70, 12, 9, 200};
    // (4 layers + 1) boundaries x 5 tokens x 32 floats x 4 bytes
    QCOMPARE(residual_stream_bytes(model->info(), 5), std::size_t(5 * 5 * 32 * 4));
    const KeptRun over = run_keeping_residuals(*model, base, 5 * 5 * 32 * 4 - 1);
    QVERIFY(!over.residuals);
    QCOMPARE(over.bytes, std::size_t(3200));
    QVERIFY(same_bits(over.result.last_logits, model->run(base).last_logits));
    const KeptRun kept = run_keeping_residuals(*model, base, 3200);
    QVERIFY(kept.residuals);
    RunRequest other = base;
    other.tokens.push_back(7);
    try {
        run_from_residuals(*model, other, *kept.residuals);
        QFAIL("another prompt was accepted");
    } catch (const Error& e) {
        QVERIFY2(QString::fromStdString(e.what()).contains(QLatin1String("another model or prompt")), e.what());
    }
    RunRequest gen = base;
    gen.generate = 2;
    try {
        run_from_residuals(*model, gen, *kept.residuals);
        QFAIL("a generating run was accepted");
    } catch (const Error& e) {
        QVERIFY2(QString::fromStdString(e.what()).contains(QLatin1String("generate")), e.what());
    }
}

// The probe keeps the stream of the unablated run and toggles from it; a probe that never keeps one
// (budget 0) recomputes everything: the same bits, drawn maps included, in compare mode too.
void TestResidualToggle::probeTogglesEqualFullRecomputes() {
    auto model = std::shared_ptr<Model>(Model::load(demo_model("transformer")));
    const ModelInfo& info = model->info();
    Probe fast(model), full(model);
    ProbeRequest r;
    r.prompt = "Memorize the following dictionary:\napple:42\nriver:17\ncandle:88\n\nThe value of the key 'candle' is";
    r.shown = {HeadRef{1, 3}, HeadRef{2, 2}};
    r.candidates = {"42", "17", "88"};
    r.score = HeadScoreKind::Entropy;
    r.scored = every_head(info, HeadKind::Attention);
    ProbeRequest slow = r;
    slow.residual_budget = 0;
    const ProbeResult first = fast.run(r);  // unablated: keeps the stream
    QCOMPARE(first.residual_bytes, residual_stream_bytes(info, first.tokens.size()));
    QCOMPARE(first.residual_bytes, std::size_t(info.num_layers + 1) * first.tokens.size() * info.hidden_size * 4);
    for (int layer : {0, 1, 2})
        for (bool compare : {false, true}) {
            r.plan = {};
            r.plan.ablate(HeadRef{layer, 1});
            r.compare = compare;
            slow.plan = r.plan;
            slow.compare = compare;
            const ProbeResult a = fast.run(r), b = full.run(slow);
            QCOMPARE(b.residual_bytes, std::size_t(0));
            QCOMPARE(b.first_layer, 0);
            QVERIFY(same_bits(a.last_logits, b.last_logits));
            QCOMPARE(a.maps.size(), b.maps.size());
            for (std::size_t i = 0; i < a.maps.size(); ++i) QVERIFY(same_bits(a.maps[i].weights, b.maps[i].weights));
            QCOMPARE(a.scores.size(), b.scores.size());
            for (std::size_t i = 0; i < a.scores.size(); ++i) {
                QCOMPARE(a.scores[i].value, b.scores[i].value);
                QCOMPARE(a.scores[i].unablated, b.scores[i].unablated);
            }
            for (std::size_t i = 0; i < a.next.size(); ++i) QCOMPARE(a.next[i].probability, b.next[i].probability);
        }
    // a budget one byte short of the stream: nothing kept, the toggle recomputes every layer (the
    // same bits); the exact size fits
    {
        const std::size_t bytes = residual_stream_bytes(info, first.tokens.size());
        for (std::size_t budget : {bytes - 1, bytes}) {
            Probe p(model);
            ProbeRequest q = r;
            q.plan = {};
            q.compare = false;
            q.residual_budget = budget;
            QCOMPARE(p.run(q).residual_bytes, budget < bytes ? std::size_t(0) : bytes);
            q.plan.ablate(HeadRef{2, 1});
            const ProbeResult t = p.run(q);
            QCOMPARE(t.first_layer, budget < bytes ? 0 : 2);
            slow.plan = q.plan;
            slow.compare = false;
            QVERIFY(same_bits(t.last_logits, full.run(slow).last_logits));
        }
    }
    // only heads of layer 2 drawn, a head of layer 2 toggled: layers 0 and 1 come from the stream
    r.score = HeadScoreKind::None;
    r.shown = {HeadRef{2, 2}};
    r.compare = false;
    r.plan = {};
    r.plan.ablate(HeadRef{2, 1});
    const ProbeResult t = fast.run(r);
    QCOMPARE(t.first_layer, 2);
    slow.score = HeadScoreKind::None;
    slow.shown = r.shown;
    slow.plan = r.plan;
    slow.compare = false;
    QVERIFY(same_bits(t.maps.at(0).weights, full.run(slow).maps.at(0).weights));
}

QTEST_GUILESS_MAIN(TestResidualToggle)
#include "tst_residual_toggle.moc"
