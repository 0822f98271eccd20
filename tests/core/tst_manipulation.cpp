// Attention-weight manipulation, top-k entropy sparsification and G&A masks against hand
// computations on the naive reference's attention maps (layer 0 of a tiny model).
#include <QtTest>

#include <cmath>
#include <set>

#include "gna/experiments.h"
#include "gna/manipulation.h"
#include "gna/model.h"
#include "naive_llama.h"
#include "test_models.h"
#include "test_support.h"

using namespace gna;
using namespace gna::test;

namespace {
using Map = std::vector<std::vector<float>>;

int argmax(const std::vector<float>& v) { return static_cast<int>(std::max_element(v.begin(), v.end()) - v.begin()); }

double map_diff(const AttentionMap& got, const Map& want) {
    double m = 0;
    for (std::size_t r = 0; r < want.size(); ++r)
        for (std::size_t c = 0; c < want[r].size(); ++c)
            m = std::max(m, std::fabs(static_cast<double>(got.at(r, c)) - want[r][c]));
    return m;
}
}  // namespace

class TestManipulation : public TinyModelSuite {
    Q_OBJECT
    std::vector<int> prompt_;
    std::vector<Map> naive_;  // layer-0 maps of the 4 heads, unmanipulated
    static constexpr int H = 4;

    std::vector<AttentionMap> capture(const InterventionPlan& plan) {
        RunRequest r;
        r.tokens = prompt_;
        r.plan = plan;
        for (int h = 0; h < H; ++h) r.capture.push_back(HeadRef{0, h});
        return model_->run(r).attention;
    }
    RunResult run(const InterventionPlan& plan, int generate = 0) {
        RunRequest r;
        r.tokens = prompt_;
        r.plan = plan;
        r.generate = generate;
        r.stop_tokens = {-1};
        return model_->run(r);
    }
    static InterventionPlan with(std::shared_ptr<const AttentionHook> h) {
        InterventionPlan p;
        p.hooks.push_back(std::move(h));
        return p;
    }
    InterventionPlan all_ablated() const {
        InterventionPlan p;
        for (int l = 0; l < model_->info().num_layers; ++l)
            for (int h = 0; h < H; ++h) p.ablate(HeadRef{l, h});
        return p;
    }

private Q_SLOTS:
    void initTestCase() {
        TinyModelSpec s = tiny_llama(3, 5);
        s.heads = H;
        s.max_positions = 2048;
        s.init_std = 0.3;  // sharper attention, distinct entropies
        load_tiny(s);
        prompt_ = model_->tokenizer().encode("Memorize: river:7 apple:12. The value of river is");
        QVERIFY(prompt_.size() >= 10);
        for (int h = 0; h < H; ++h) {
            NaiveOptions o;
            o.capture = {0, h};
            naive_.push_back(naive_llama_forward(path_, prompt_, o).attention);
        }
    }

    void onlyOmitBinaryNullRowsByHand() {
        const std::set<int> T = {2, 3, 5};
        const int n = static_cast<int>(prompt_.size());
        for (auto mode :
             {ManipulationMode::Only, ManipulationMode::Omit, ManipulationMode::Binary, ManipulationMode::Null}) {
            Manipulation m;
            m.prefill = mode;
            m.tokens = {5, 2, 3};
            m.heads = {HeadRef{0, 1}, HeadRef{1, 2}};
            const auto got = capture(with(manipulation_hook(m)));
            Map want = naive_[1];
            for (int r = 0; r < n; ++r) {
                double sum = 0;
                int cnt = 0;
                for (int j : T)
                    if (j <= r) sum += naive_[1][r][j], ++cnt;
                for (int c = 0; c < n; ++c) {
                    const bool in = T.count(c) > 0;
                    float& w = want[r][c];
                    switch (mode) {
                        case ManipulationMode::Only:
                            w = in ? w : 0.0f;
                            break;
                        case ManipulationMode::Omit:
                            w = in ? 0.0f : w;
                            break;
                        case ManipulationMode::Binary:
                            w = in && c <= r ? static_cast<float>(sum / cnt) : 0.0f;
                            break;
                        case ManipulationMode::Null:
                            w = 0.0f;
                            break;
                        default:
                            break;
                    }
                }
            }
            // row 4 under Binary by hand: T visible = {2, 3}; both get (w[4][2] + w[4][3]) / 2
            if (mode == ManipulationMode::Binary)
                QVERIFY(std::fabs(want[4][2] - (naive_[1][4][2] + naive_[1][4][3]) / 2) < 1e-7 && want[4][5] == 0.0f);
            const QString name = QString::fromStdString(to_string(mode));
            QVERIFY2(map_diff(got[1], want) < 1e-5, qPrintable(name));
            for (int h : {0, 2, 3}) QVERIFY2(map_diff(got[h], naive_[h]) < 1e-5, qPrintable(name + " other head"));
        }
    }

    void stagesAreSeparated() {
        const RunResult plain = run({}, 3);
        // generation-only manipulation: the prompt pass (and the first token) is untouched
        Manipulation g;
        g.generation = ManipulationMode::Null;
        const RunResult gen = run(with(manipulation_hook(g)), 3);
        QCOMPARE(gen.last_logits, plain.last_logits);
        QCOMPARE(gen.generated[0], plain.generated[0]);
        // ... and each generated token sees no attention at all: its residual is embedding + MLPs,
        // as in a full forward with every head ablated (naive reference) at that position.
        std::vector<int> seq = prompt_;
        seq.push_back(gen.generated[0]);
        NaiveOptions o;
        for (int l = 0; l < 3; ++l)
            for (int h = 0; h < H; ++h) o.head_scale[{l, h}] = 0.0f;
        QCOMPARE(gen.generated[1], argmax(naive_llama_forward(path_, seq, o).logits.back()));
        // prefill-only Null on every head == every head ablated, for the prompt logits
        Manipulation p;
        p.prefill = ManipulationMode::Null;
        const RunResult pre = run(with(manipulation_hook(p)), 0);
        QCOMPARE(pre.last_logits, run(all_ablated()).last_logits);
        QVERIFY(max_abs_diff(pre.last_logits, naive_llama_forward(path_, prompt_, o).logits.back()) < 1e-4);
        QCOMPARE(QString::fromStdString(g.name()), QString("Null-Keep"));
    }

    void onlyAllTokensChangesNothingOmitAllIsNull() {
        Manipulation m;
        for (int i = 0; i < static_cast<int>(prompt_.size()); ++i) m.tokens.push_back(i);
        m.prefill = ManipulationMode::Only;
        QCOMPARE(run(with(manipulation_hook(m))).last_logits, run({}).last_logits);
        m.prefill = ManipulationMode::Omit;
        Manipulation null;
        null.prefill = ManipulationMode::Null;
        QCOMPARE(run(with(manipulation_hook(m))).last_logits, run(with(manipulation_hook(null))).last_logits);
    }

    void topKZeroIsAllHeadsAblatedTopHIsNothing() {
        const RunResult plain = run({}, 3);
        const RunResult k0 = run(with(sparsification_hook({0, true})), 0);
        QCOMPARE(k0.last_logits, run(all_ablated()).last_logits);
        const RunResult kH = run(with(sparsification_hook({H, true})), 3);
        QCOMPARE(kH.last_logits, plain.last_logits);
        QCOMPARE(kH.generated, plain.generated);
        // generation only: the prompt pass is untouched
        QCOMPARE(run(with(sparsification_hook({0, false})), 0).last_logits, plain.last_logits);
    }

    void topOneKeepsLowestEntropyHeadPerRow() {
        for (int k : {1, 2}) {
            const auto got = capture(with(sparsification_hook({k, true})));
            const int n = static_cast<int>(prompt_.size());
            for (int r = 0; r < n; ++r) {
                std::vector<std::pair<double, int>> ent;
                for (int h = 0; h < H; ++h) {
                    double e = 0;
                    for (float a : naive_[h][r])
                        if (a > 0) e -= a * std::log2(static_cast<double>(a));
                    ent.emplace_back(e, h);
                }
                std::stable_sort(ent.begin(), ent.end(), [](auto a, auto b) { return a.first < b.first; });
                std::set<int> kept;
                for (int i = 0; i < k; ++i) kept.insert(ent[i].second);
                if (r > 0 && std::fabs(ent[k - 1].first - ent[k].first) < 1e-4) continue;  // near tie: skip row
                for (int h = 0; h < H; ++h)
                    for (int c = 0; c < n; ++c) {
                        const float want = kept.count(h) ? naive_[h][r][c] : 0.0f;
                        QVERIFY2(std::fabs(got[h].at(r, c) - want) < 1e-5,
                                 qPrintable(QString("k=%1 row %2 head %3").arg(k).arg(r).arg(h)));
                    }
            }
        }
    }

    void maskZeroesExactlyTheIntendedWeights() {
        AttentionMask m;
        m.rules.push_back({HeadRef{0, 1}, {5, 7}, {1, 2, 3}});
        m.rules.push_back({HeadRef{0, 3}, {8}, {0, 8}});
        const auto got = capture(with(mask_hook(m)));
        Map want1 = naive_[1], want3 = naive_[3];
        for (int r : {5, 7})
            for (std::size_t c = 0; c < want1[r].size(); ++c)
                if (c < 1 || c > 3) want1[r][c] = 0.0f;
        for (std::size_t c = 0; c < want3[8].size(); ++c)
            if (c != 0 && c != 8) want3[8][c] = 0.0f;
        QVERIFY(map_diff(got[1], want1) < 1e-5);
        QVERIFY(map_diff(got[3], want3) < 1e-5);
        QVERIFY(map_diff(got[0], naive_[0]) < 1e-5);
        QVERIFY(map_diff(got[2], naive_[2]) < 1e-5);
        QVERIFY(got[1].at(5, 1) > 0 && got[1].at(5, 0) == 0.0f && got[1].at(5, 4) == 0.0f);
        QCOMPARE(got[1].at(6, 4), naive_[1][6][4]);  // row 6 is not masked
    }

    void gnaMaskFromLayout() {
        MmluLayout lay;
        lay.options = {{10, 14, 13}, {14, 19, 18}, {19, 22, 21}, {22, 26, 25}};
        lay.final_position = 30;
        const AttentionMask m = gna_mmlu_mask(lay, {HeadRef{16, 22}}, {HeadRef{17, 24}});
        QCOMPARE(m.rules.size(), std::size_t(5));
        QCOMPARE(m.rules[1].head, (HeadRef{16, 22}));
        QCOMPARE(m.rules[1].rows, (std::vector<int>{18}));
        QCOMPARE(m.rules[1].keys, (std::vector<int>{14, 15, 16, 17, 18}));
        QCOMPARE(m.rules[4].head, (HeadRef{17, 24}));
        QCOMPARE(m.rules[4].rows, (std::vector<int>{30}));
        QCOMPARE(m.rules[4].keys, (std::vector<int>{13, 18, 21, 25}));
        QVERIFY(m.prefill && !m.generation);
    }

    void modeNames() {
        QCOMPARE(parse_manipulation_mode("binary"), ManipulationMode::Binary);
        QCOMPARE(parse_manipulation_mode("ONLY"), ManipulationMode::Only);
        bool threw = false;
        try {
            parse_manipulation_mode("half");
        } catch (const Error& e) {
            threw = QString(e.what()).contains("Keep, Null, Only, Omit or Binary");
        }
        QVERIFY(threw);
    }
};

QTEST_GUILESS_MAIN(TestManipulation)
#include "tst_manipulation.moc"
