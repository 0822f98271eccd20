// Mamba-2 (SSD) against an independent per-token recurrence: forward, head ablation, layer skip,
// hidden attention, state-carrying generation, and the CLI. Bad checkpoints: tst_ssm_load_errors.cpp.
#include <QtTest>

#include "gna/json.h"
#include "gna/model.h"
#include "naive_ssm.h"
#include "ssm_test_util.h"
#include "sweep_exact.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

class TestMamba2 : public QObject {
    Q_OBJECT
    TempDir dir_;
    std::filesystem::path model_;
    std::unique_ptr<Model> m_;
    std::vector<int> ids_;

    static TinyModelSpec spec() {
        // d_inner 64 in 4 heads of 16; the 30-token prompt spans 4 chunks of 8 (the last one partial)
        return {.arch = "mamba2",
                .layers = 2,
                .hidden = 32,
                .seed = 11,
                .state_size = 8,
                .expand = 2,
                .ssm_head_dim = 16,
                .n_groups = 2,
                .chunk_size = 8};
    }

private Q_SLOTS:
    void initTestCase() {
        model_ = make_model(dir_, "m2", spec());
        m_ = Model::load(model_);
        ids_ = ssm_prompt(30, m_->info().vocab_size);
    }

    void configLayout() {
        Json cfg = read_json_file(model_ / "config.json");
        QCOMPARE(cfg["architectures"][0].get<std::string>(), std::string("Mamba2ForCausalLM"));
        QCOMPARE(cfg["num_heads"].get<int>(), 4);
        QCOMPARE(cfg["head_dim"].get<int>(), 16);
        QVERIFY(std::isinf(cfg["time_step_limit"][1].get<double>()));
        QVERIFY(read_text_file(model_ / "config.json").find("Infinity") != std::string::npos);
        QCOMPARE(cfg["tie_word_embeddings"].get<bool>(), true);
        Checkpoint ck = Checkpoint::open(model_);
        QVERIFY(!ck.contains("lm_head.weight"));
        QCOMPARE(ck.tensor("backbone.layers.1.mixer.conv1d.weight").shape,
                 (std::vector<int64_t>{64 + 2 * 2 * 8, 1, 4}));
        QCOMPARE(ck.tensor("backbone.layers.0.mixer.in_proj.weight").shape, (std::vector<int64_t>{64 + 96 + 4, 32}));
        const auto& info = m_->info();
        QCOMPARE(info.layers.size(), std::size_t(2));
        QCOMPARE(info.layers[1].kind, std::string("mamba2"));
        QCOMPARE(info.layers[1].ssm_heads, 4);
        QCOMPARE(info.layers[1].attention_heads, 0);
    }

    void forwardMatchesNaive() {
        RunResult out = run_all_logits(*m_, ids_);
        NaiveSsmResult ref = naive_ssm_forward(model_, ids_);
        const double d = max_diff_logits(out.all_logits, ref.logits);
        QVERIFY2(d < 1e-4, qPrintable(QString::number(d)));
    }

    void longForwardMatchesNaive() {
        // 150 tokens = 19 chunks of 8: the CPU scan carries its chunk states in blocks of 16 chunks,
        // so this crosses a block boundary and ends in a partial chunk
        const std::vector<int> ids = ssm_prompt(150, m_->info().vocab_size, 4);
        RunResult out = run_all_logits(*m_, ids);
        NaiveSsmResult ref = naive_ssm_forward(model_, ids);
        const double d = max_diff_logits(out.all_logits, ref.logits);
        QVERIFY2(d < 1e-4, qPrintable(QString::number(d)));
    }

    void singleTokenPrompt() {
        RunRequest r;
        r.tokens = {ids_[0]};
        RunResult out = m_->run(r);
        NaiveSsmResult ref = naive_ssm_forward(model_, {ids_[0]});
        QVERIFY(max_diff_logits(out.last_logits, ref.logits) < 1e-4);
    }

    void ablationAndSkipMatchNaive() {
        RunRequest r;
        r.tokens = ids_;
        r.all_logits = true;
        r.plan.ablate(HeadRef{1, 3, HeadKind::SSM});
        r.plan.ablate(HeadRef{0, 1, HeadKind::SSM}, 0.5f);
        RunRequest s = r;
        s.plan = {};
        s.plan.skip_layers = {0};
        RunRequest plain;
        plain.tokens = ids_;
        plain.all_logits = true;
        auto outs = m_->run_batch({r, s, plain});  // three plans in one batch
        NaiveSsmOptions o;
        o.ssm_scale[{1, 3}] = 0.0;
        o.ssm_scale[{0, 1}] = 0.5;
        NaiveSsmOptions k;
        k.skip_layers = {0};
        const double da = max_diff_logits(outs[0].all_logits, naive_ssm_forward(model_, ids_, o).logits);
        const double ds = max_diff_logits(outs[1].all_logits, naive_ssm_forward(model_, ids_, k).logits);
        const double dp = max_diff_logits(outs[2].all_logits, naive_ssm_forward(model_, ids_).logits);
        QVERIFY2(da < 1e-4, qPrintable(QString::number(da)));
        QVERIFY2(ds < 1e-4, qPrintable(QString::number(ds)));
        QVERIFY2(dp < 1e-4, qPrintable(QString::number(dp)));
        // the ablation must change something
        QVERIFY(max_abs_diff(outs[0].all_logits, outs[2].all_logits) > 1e-3);
    }

    // y_r = sum_c alpha[r, c] x_c + D x_r for every channel of the head (before gating).
    void hiddenAttentionReproducesScan() {
        const int layer = 1, P = 16;
        Checkpoint ck = Checkpoint::open(model_);
        const auto Dh = weights(ck, "backbone.layers.1.mixer.D");
        NaiveSsmOptions o;
        o.trace_layer = layer;
        NaiveSsmResult ref = naive_ssm_forward(model_, ids_, o);
        for (int head : {0, 3}) {
            RunRequest r;
            r.tokens = ids_;
            r.capture = {HeadRef{layer, head, HeadKind::SSM}};
            RunResult out = m_->run(r);
            const AttentionMap& a = out.attention.at(0);
            QCOMPARE(a.rows.size(), ids_.size());
            QCOMPARE(a.cols, static_cast<int>(ids_.size()));
            double worst = 0;
            for (std::size_t row = 0; row < ids_.size(); ++row) {
                for (std::size_t c = row + 1; c < ids_.size(); ++c) QCOMPARE(a.at(row, c), 0.0f);  // causal
                for (int p = 0; p < P; ++p) {
                    const int ch = head * P + p;
                    double y = Dh[head] * ref.x[row][ch];
                    for (std::size_t c = 0; c <= row; ++c) y += a.at(row, c) * ref.x[c][ch];
                    worst = std::max(worst, std::fabs(y - ref.y[row][ch]));
                }
            }
            QVERIFY2(worst < 1e-4, qPrintable(QString::number(worst)));
        }
        // requested rows only: the same numbers
        RunRequest all, some;
        all.tokens = some.tokens = ids_;
        all.capture = some.capture = {HeadRef{layer, 2, HeadKind::SSM}};
        some.capture_rows = {3, 29, 17};
        RunResult ra = m_->run(all), rs = m_->run(some);
        QCOMPARE(rs.attention[0].rows, (std::vector<int>{3, 29, 17}));
        for (std::size_t i = 0; i < 3; ++i)
            for (int c = 0; c < static_cast<int>(ids_.size()); ++c)
                QVERIFY(std::fabs(rs.attention[0].at(i, c) - ra.attention[0].at(some.capture_rows[i], c)) < 1e-6);
    }

    void generationEqualsRecompute() {
        RunRequest r = generation_request(std::vector<int>(ids_.begin(), ids_.begin() + 12), 10);
        r.plan.ablate(HeadRef{0, 2, HeadKind::SSM});
        RunResult g = m_->run(r);
        QCOMPARE(g.generated.size(), std::size_t(10));
        NaiveSsmOptions o;
        o.ssm_scale[{0, 2}] = 0.0;
        QCOMPARE(g.generated, naive_greedy(model_, r, g, o));
        // multi-token continuations with a cloned state vs one full pass
        std::vector<int> prompt(ids_.begin(), ids_.begin() + 9), cont(ids_.begin() + 9, ids_.begin() + 30);
        auto scores = m_->score_continuations(prompt, {cont, {cont[0]}}, {});
        NaiveSsmResult full = naive_ssm_forward(model_, ids_);
        const double expect = continuation_logprob(full.logits, prompt.size(), cont);
        QVERIFY(std::fabs(scores[1] - continuation_logprob(full.logits, prompt.size(), {cont[0]})) < 1e-4);
        QVERIFY2(std::fabs(scores[0] - expect) < 1e-3, qPrintable(QString::number(scores[0] - expect)));
    }

    void sweepWithPrefixReuse() {
        std::vector<InterventionPlan> plans(4);
        plans[1].ablate(HeadRef{1, 2, HeadKind::SSM});
        plans[2].ablate(HeadRef{0, 0, HeadKind::SSM});
        plans[3].skip_layers = {1};
        std::vector<int> prompt(ids_.begin(), ids_.begin() + 20);
        const double d =
            sweep_vs_single(*m_, prompt, {{ids_[20], ids_[21], ids_[22]}, {ids_[23]}, {ids_[20], ids_[24]}}, plans);
        QVERIFY2(d < 1e-4, qPrintable(QString::number(d)));
        SweepRequest req;  // batched and prefix-reusing: the same numbers as each plan swept alone
        req.prompt = prompt;
        req.continuations = {{ids_[20], ids_[21], ids_[22]}, {ids_[23]}, {ids_[20], ids_[24]}};
        req.plans = plans;
        const double e = batched_vs_alone(*m_, req);
        QVERIFY2(e == 0.0, qPrintable(QString::number(e)));
    }

    void badHeadIndexIsRefused() {
        RunRequest r;
        r.tokens = ids_;
        r.plan.ablate(HeadRef{1, 4, HeadKind::SSM});
        QVERIFY_THROWS_EXCEPTION(Error, m_->run(r));
        RunRequest a;
        a.tokens = ids_;
        a.capture = {HeadRef{0, 0, HeadKind::Attention}};
        QVERIFY_THROWS_EXCEPTION(Error, m_->run(a));
    }

    void cliAblateAndCapture() {
        auto out_npy = dir_ / "maps.npy";
        CliOut o = run_cli({"run", qpath(model_), "--prompt", "The value of the key is", "--ablate", "L1.S3",
                            "--capture", "L1.S0", "--attention-out", qpath(out_npy), "--json"});
        QVERIFY2(o.code == 0, o.err.constData());
        Json j = Json::parse(o.out.toStdString());
        QCOMPARE(j["ablated"][0].get<std::string>(), std::string("L1.S3"));
        QVERIFY(std::filesystem::exists(out_npy));
        CliOut made = run_cli({"make-tiny-model", "--arch", "mamba2", "--layers", "1", "--hidden", "32",
                               "--ssm-head-dim", "8", "--n-groups", "2", "--chunk-size", "4", qpath(dir_ / "cli_m2")});
        QVERIFY2(made.code == 0, made.err.constData());
        QCOMPARE(read_json_file(dir_ / "cli_m2" / "config.json")["num_heads"].get<int>(), 8);
    }
};

QTEST_GUILESS_MAIN(TestMamba2)
#include "tst_mamba2.moc"
