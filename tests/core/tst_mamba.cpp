// Mamba-1 and Falcon-Mamba against an independent per-token recurrence: forward (long enough for
// the blocked scan), channel ablation, hidden attention, generation with carried state. Bad
// checkpoints: tst_ssm_load_errors.cpp.
#include <QtTest>

#include "gna/json.h"
#include "gna/model.h"
#include "naive_ssm.h"
#include "ssm_test_util.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

class TestMamba : public QObject {
    Q_OBJECT
    TempDir dir_;
    std::filesystem::path mamba_, falcon_;

    static TinyModelSpec spec(const std::string& arch) {
        return {.arch = arch, .layers = 2, .hidden = 24, .seed = 5, .state_size = 6};  // d_inner 48, dt rank 2
    }

    void checkForward(const std::filesystem::path& dir, int T) {
        auto m = Model::load(dir);
        auto ids = ssm_prompt(T, m->info().vocab_size);
        RunRequest r;
        r.tokens = ids;
        r.all_logits = true;
        r.plan.ablate(HeadRef{1, 5, HeadKind::SSM});
        r.plan.ablate(HeadRef{1, 40, HeadKind::SSM}, 0.25f);
        RunRequest plain;
        plain.tokens = ids;
        plain.all_logits = true;
        auto outs = m->run_batch({r, plain});
        NaiveSsmOptions o;
        o.ssm_scale[{1, 5}] = 0.0;
        o.ssm_scale[{1, 40}] = 0.25;
        const double da = max_diff_logits(outs[0].all_logits, naive_ssm_forward(dir, ids, o).logits);
        const double dp = max_diff_logits(outs[1].all_logits, naive_ssm_forward(dir, ids).logits);
        QVERIFY2(da < 1e-4, qPrintable(QString::number(da)));
        QVERIFY2(dp < 1e-4, qPrintable(QString::number(dp)));
        QVERIFY(max_abs_diff(outs[0].all_logits, outs[1].all_logits) > 1e-4);
    }

private Q_SLOTS:
    void initTestCase() {
        mamba_ = make_model(dir_, "mamba", spec("mamba"));
        falcon_ = make_model(dir_, "falcon", spec("falcon_mamba"));
    }

    void layout() {
        Json cfg = read_json_file(mamba_ / "config.json");
        QCOMPARE(cfg["architectures"][0].get<std::string>(), std::string("MambaForCausalLM"));
        QCOMPARE(cfg["time_step_rank"].get<int>(), 2);
        Checkpoint ck = Checkpoint::open(mamba_);
        QCOMPARE(ck.tensor("backbone.layers.0.mixer.x_proj.weight").shape, (std::vector<int64_t>{2 + 12, 48}));
        QCOMPARE(ck.tensor("backbone.layers.0.mixer.A_log").shape, (std::vector<int64_t>{48, 6}));
        QCOMPARE(read_json_file(falcon_ / "config.json")["model_type"].get<std::string>(), std::string("falcon_mamba"));
        auto m = Model::load(mamba_);
        QCOMPARE(m->info().layers[0].kind, std::string("mamba"));
        QCOMPARE(m->info().layers[0].ssm_heads, 48);
    }

    void shortSequence() { checkForward(mamba_, 9); }  // per-token path
    void longSequenceMamba() { checkForward(mamba_, 70); }  // blocked scan (9 blocks of 8)
    void longSequenceFalcon() { checkForward(falcon_, 45); }

    // y_r[d] = sum_c alpha[r, c] x_c[d] + D[d] x_r[d] for the captured channel d.
    void hiddenAttentionReproducesScan() {
        auto m = Model::load(falcon_);
        auto ids = ssm_prompt(40, m->info().vocab_size);
        Checkpoint ck = Checkpoint::open(falcon_);
        const auto D = weights(ck, "backbone.layers.0.mixer.D");
        NaiveSsmOptions o;
        o.trace_layer = 0;
        NaiveSsmResult ref = naive_ssm_forward(falcon_, ids, o);
        for (int ch : {0, 17, 47}) {
            RunRequest r;
            r.tokens = ids;
            r.capture = {HeadRef{0, ch, HeadKind::SSM}};
            r.capture_rows = {0, 5, 39};
            RunResult out = m->run(r);
            const AttentionMap& a = out.attention.at(0);
            double worst = 0;
            for (std::size_t i = 0; i < a.rows.size(); ++i) {
                const int row = a.rows[i];
                double y = D[ch] * ref.x[row][ch];
                for (int c = 0; c <= row; ++c) y += a.at(i, c) * ref.x[c][ch];
                for (int c = row + 1; c < a.cols; ++c) QCOMPARE(a.at(i, c), 0.0f);
                worst = std::max(worst, std::fabs(y - ref.y[row][ch]));
            }
            QVERIFY2(worst < 1e-4, qPrintable(QString::number(worst)));
        }
    }

    void generationEqualsRecompute() {
        auto m = Model::load(mamba_);
        RunRequest r = generation_request(ssm_prompt(40, m->info().vocab_size, 3), 8);
        RunResult g = m->run(r);
        QCOMPARE(g.generated, naive_greedy(mamba_, r, g));
        // a cloned state fed 35 more tokens (blocked scan from a non-zero state) = one full pass
        std::vector<int> all = ssm_prompt(75, m->info().vocab_size, 4);
        std::vector<int> prompt(all.begin(), all.begin() + 40), cont(all.begin() + 40, all.end());
        const double s = m->score_continuations(prompt, {cont}, {})[0];
        NaiveSsmResult full = naive_ssm_forward(mamba_, all);
        const double expect = continuation_logprob(full.logits, prompt.size(), cont);
        QVERIFY2(std::fabs(s - expect) < 1e-3, qPrintable(QString::number(s - expect)));
    }
};

QTEST_GUILESS_MAIN(TestMamba)
#include "tst_mamba.moc"
