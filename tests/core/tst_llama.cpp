// The Llama forward pass against the naive reference, and the intervention plan's semantics.
#include <QtTest>

#include <cmath>

#include "gna/model.h"
#include "gna/rope.h"
#include "naive_llama.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

namespace {
std::vector<float> flat(const std::vector<std::vector<float>>& m) {
    std::vector<float> out;
    for (const auto& r : m) out.insert(out.end(), r.begin(), r.end());
    return out;
}
std::vector<float> row(const std::vector<float>& all, int vocab, int t) {
    return std::vector<float>(all.begin() + static_cast<std::size_t>(t) * vocab,
                              all.begin() + static_cast<std::size_t>(t + 1) * vocab);
}
}  // namespace

class TestLlama : public QObject {
    Q_OBJECT
    TempDir dir_;
    std::filesystem::path gqa_;  // 4 query heads on 2 KV heads
    std::unique_ptr<Model> model_;
    std::vector<int> prompt_;

private Q_SLOTS:
    void initTestCase() {
        TinyModelSpec s = tiny_llama(3, 7);
        s.max_positions = 2048;
        model_ = load_tiny_model(dir_, "gqa", s, &gqa_);
        prompt_ = model_->tokenizer().encode("The value of the key 'river' is 7. Memorize it.");
        QVERIFY(prompt_.size() > 8);
    }

    void forwardMatchesNaive() {
        RunResult got = run_all_logits(*model_, prompt_);
        NaiveResult ref = naive_llama_forward(gqa_, prompt_);
        QCOMPARE(got.all_logits.size(), flat(ref.logits).size());
        const double err = max_abs_diff(got.all_logits, flat(ref.logits));
        QVERIFY2(err < 1e-4, qPrintable(QString("max |diff| = %1").arg(err)));
        QCOMPARE(got.last_logits, row(got.all_logits, got.vocab, static_cast<int>(prompt_.size()) - 1));
    }

    void gqaMappingMatters() {
        // The naive model maps query head h to KV head h / (H / KVH). If core mapped heads to KV
        // heads differently (e.g. h % KVH), capture of head 1 would differ from the reference.
        for (int h = 0; h < 4; ++h) {
            RunRequest r;
            r.tokens = prompt_;
            r.capture = {HeadRef{1, h}};
            RunResult got = model_->run(r);
            NaiveOptions o;
            o.capture = {1, h};
            NaiveResult ref = naive_llama_forward(gqa_, prompt_, o);
            QVERIFY2(max_abs_diff(got.attention[0].weights, flat(ref.attention)) < 1e-5,
                     qPrintable(QString::number(h)));
        }
    }

    void qwenBiasesAndTiedEmbeddings() {
        auto p = make_model(dir_, "qwen",
                            {.arch = "qwen2",
                             .layers = 2,
                             .hidden = 32,
                             .heads = 4,
                             .kv_heads = 1,
                             .intermediate = 40,
                             .tie_embeddings = true});
        auto m = Model::load(p);
        RunRequest r;
        r.tokens = m->tokenizer().encode("Call me Ishmael.");
        r.all_logits = true;
        auto got = m->run(r);
        QVERIFY(max_abs_diff(got.all_logits, flat(naive_llama_forward(p, r.tokens).logits)) < 1e-4);
    }

    void llama3RopeScalingByHand() {
        // theta 10000, dim 8: inv = [1, 0.1, 0.01, 0.001]; wavelength 2*pi/inv.
        // orig 64, low_ff 1, high_ff 4: low_wavelen 64, high_wavelen 16.
        //  i=0: 6.28 < 16 -> 1;   i=1: 62.8 in [16, 64]: s = (64/62.83 - 1)/3 = 0.006197 ->
        //  (1-s)*0.1/8 + s*0.1 = 0.0130422;  i=2: 628 > 64 -> 0.01/8;  i=3: -> 0.001/8
        RopeConfig rc;
        rc.theta = 10000;
        rc.type = "llama3";
        rc.factor = 8;
        rc.low_freq_factor = 1;
        rc.high_freq_factor = 4;
        rc.original_max_position_embeddings = 64;
        auto inv = rope_inverse_frequencies(rc, 8);
        QCOMPARE(inv.size(), std::size_t(4));
        QVERIFY(std::fabs(inv[0] - 1.0) < 1e-12);
        const double s = (64.0 / (2 * M_PI / 0.1) - 1.0) / 3.0;
        QVERIFY(std::fabs(s - 0.0061967) < 1e-6);
        QVERIFY(std::fabs(inv[1] - ((1 - s) * 0.1 / 8 + s * 0.1)) < 1e-12);
        QVERIFY(std::fabs(inv[1] - 0.0130422) < 1e-6);
        QVERIFY(std::fabs(inv[2] - 0.00125) < 1e-12);
        QVERIFY(std::fabs(inv[3] - 0.000125) < 1e-12);
        rc.type = "default";
        auto plain = rope_inverse_frequencies(rc, 8);
        QVERIFY(std::fabs(plain[2] - 0.01) < 1e-12);
    }

    void kvCacheGenerationEqualsRecompute() {
        RunRequest r;
        r.tokens = prompt_;
        r.generate = 6;
        r.stop_tokens = {-1};  // never stop early
        RunResult g = model_->run(r);
        QCOMPARE(static_cast<int>(g.generated.size()), 6);
        // Recompute: each generated token must be the argmax of a full forward over all previous tokens.
        std::vector<int> seq = prompt_;
        for (int tok : g.generated) {
            RunRequest full;
            full.tokens = seq;
            RunResult f = model_->run(full);
            int best =
                static_cast<int>(std::max_element(f.last_logits.begin(), f.last_logits.end()) - f.last_logits.begin());
            QCOMPARE(tok, best);
            seq.push_back(tok);
        }
    }

    void ablationEqualsZeroingByHand() {
        RunRequest r;
        r.tokens = prompt_;
        r.all_logits = true;
        r.plan.ablate(HeadRef{1, 2});
        r.plan.ablate(HeadRef{2, 0}, 0.5f);
        RunResult got = model_->run(r);
        NaiveOptions o;
        o.head_scale[{1, 2}] = 0.0f;
        o.head_scale[{2, 0}] = 0.5f;
        NaiveResult ref = naive_llama_forward(gqa_, prompt_, o);
        QVERIFY(max_abs_diff(got.all_logits, flat(ref.logits)) < 1e-4);
        // and it really changed something
        NaiveResult base = naive_llama_forward(gqa_, prompt_);
        QVERIFY(max_abs_diff(got.all_logits, flat(base.logits)) > 1e-3);
    }

    void skipLayerEqualsNaive() {
        RunRequest r;
        r.tokens = prompt_;
        r.all_logits = true;
        r.plan.skip_layers = {1};
        NaiveOptions o;
        o.skip_layers = {1};
        QVERIFY(max_abs_diff(model_->run(r).all_logits, flat(naive_llama_forward(gqa_, prompt_, o).logits)) < 1e-4);
    }

    void captureRowsSumToOne() {
        RunRequest r;
        r.tokens = prompt_;
        r.capture = {HeadRef{0, 1}, HeadRef{2, 3}};
        r.capture_rows = {0, 3, static_cast<int>(prompt_.size()) - 1};
        RunResult got = model_->run(r);
        QCOMPARE(got.attention.size(), std::size_t(2));
        for (const auto& m : got.attention) {
            QCOMPARE(m.rows, r.capture_rows);
            QCOMPARE(m.cols, static_cast<int>(prompt_.size()));
            for (std::size_t i = 0; i < m.rows.size(); ++i) {
                double sum = 0;
                for (int c = 0; c < m.cols; ++c) {
                    sum += m.at(i, c);
                    if (c > m.rows[i]) QCOMPARE(m.at(i, c), 0.0f);  // causal
                }
                QVERIFY(std::fabs(sum - 1.0) < 1e-5);
            }
        }
        QCOMPARE(got.attention[0].at(0, 0), 1.0f);  // the first token can only see itself
    }

    void emptyPlanChangesNothingBitForBit() {
        RunRequest a;
        a.tokens = prompt_;
        a.all_logits = true;
        RunRequest b = a;
        b.capture = {HeadRef{1, 1}};  // capturing must not change the numbers either
        RunResult ra = model_->run(a), rb = model_->run(b);
        QVERIFY(ra.all_logits == rb.all_logits);
        RunRequest c = a;
        c.plan.ablate(HeadRef{0, 0}, 1.0f);  // alpha 1 is numerically "no change" but takes the scaled path
        QVERIFY(max_abs_diff(model_->run(c).all_logits, ra.all_logits) < 1e-6);
    }

    void batchRowsWithDifferentPlansEqualSingleRuns() {
        std::vector<RunRequest> reqs;
        for (int h = -1; h < 4; ++h) {
            RunRequest r;
            r.tokens = prompt_;
            if (h >= 0) r.plan.ablate(HeadRef{1, h});
            if (h == 2) r.plan.skip_layers = {0};
            reqs.push_back(r);
        }
        auto batched = model_->run_batch(reqs);
        for (std::size_t i = 0; i < reqs.size(); ++i) {
            auto single = model_->run(reqs[i]);
            QVERIFY2(max_abs_diff(batched[i].last_logits, single.last_logits) < 1e-5, qPrintable(QString::number(i)));
        }
    }

    void scoreContinuationsEqualsFullForward() {
        // Several continuations in one call (multi-token ones sharing a prefix, a one-token one):
        // attention models score them all in one tree pass; each against its own naive forward.
        const std::vector<std::vector<int>> conts = {model_->tokenizer().encode(" the worst of times", false),
                                                     model_->tokenizer().encode(" the worst", false),
                                                     model_->tokenizer().encode(" the best of times", false),
                                                     {model_->tokenizer().encode(" it", false).front()}};
        QVERIFY(conts[0].size() >= 2);
        for (int variant = 0; variant < 3; ++variant) {
            InterventionPlan plan;
            NaiveOptions o;
            if (variant == 1) {
                plan.ablate(HeadRef{2, 1});
                o.head_scale[{2, 1}] = 0.0f;
            } else if (variant == 2) {
                plan.ablate(HeadRef{0, 0});
                o.head_scale[{0, 0}] = 0.0f;
            }
            const std::vector<double> got = model_->score_continuations(prompt_, conts, plan);
            QCOMPARE(got.size(), conts.size());
            for (std::size_t c = 0; c < conts.size(); ++c) {
                // independent: full forward of prompt + continuation, sum log-softmax of the right tokens
                std::vector<int> all = prompt_;
                all.insert(all.end(), conts[c].begin(), conts[c].end());
                NaiveResult ref = naive_llama_forward(gqa_, all, o);
                const double want = continuation_logprob(ref.logits, prompt_.size(), conts[c]);
                QVERIFY2(
                    std::fabs(got[c] - want) < 1e-3,
                    qPrintable(
                        QString("variant %1 continuation %2: %3 vs %4").arg(variant).arg(c).arg(got[c]).arg(want)));
            }
        }
    }

    void badRequests() {
        RunRequest r;
        QVERIFY_THROWS_EXCEPTION(gna::Error, model_->run(r));  // empty prompt
        r.tokens = {1, 2, 999999};
        QVERIFY_THROWS_EXCEPTION(gna::Error, model_->run(r));
        r.tokens = std::vector<int>(3000, 5);  // context is 2048
        try {
            model_->run(r);
            QFAIL("no error for a prompt longer than the context");
        } catch (const gna::Error& e) {
            QVERIFY(QString(e.what()).contains("context"));
        }
        r.tokens = prompt_;
        r.plan.ablate(HeadRef{7, 0});
        QVERIFY_THROWS_EXCEPTION(gna::Error, model_->run(r));
        r.plan = {};
        r.plan.ablate(HeadRef{0, 9});
        QVERIFY_THROWS_EXCEPTION(gna::Error, model_->run(r));
        r.plan = {};
        r.plan.ablate(HeadRef{0, 1, HeadKind::SSM});
        QVERIFY_THROWS_EXCEPTION(gna::Error, model_->run(r));
    }

    void cancelFlagStopsTheRun() {
        std::atomic<bool> cancel{true};
        RunRequest r;
        r.tokens = prompt_;
        r.cancel = &cancel;
        QVERIFY_THROWS_EXCEPTION(gna::Cancelled, model_->run(r));
    }
};

QTEST_GUILESS_MAIN(TestLlama)
#include "tst_llama.moc"
