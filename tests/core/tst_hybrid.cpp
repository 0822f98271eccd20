// Hybrid architectures (Jamba, Zamba2, RecurrentGemma) against the independent per-token reference: forward with attention,
// Mamba and MoE layers, attention-head and SSM-head ablation in one batch, generation with KV cache
// plus recurrent state.
#include <QtTest>

#include "gna/json.h"
#include "gna/model.h"
#include "naive_ssm.h"
#include "ssm_test_util.h"
#include "sweep_exact.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

namespace {
// The kind of each layer ("attention", "mamba", "mamba2", "hybrid", "recurrent"), first to last.
std::vector<std::string> layer_kinds(const ModelInfo& info) {
    std::vector<std::string> kinds;
    for (const auto& l : info.layers) kinds.push_back(l.kind);
    return kinds;
}
}  // namespace

class TestHybrid : public QObject {
    Q_OBJECT
    TempDir dir_;
    std::filesystem::path jamba_, zamba_, rg_;

private Q_SLOTS:
    void initTestCase() {
        // mamba, attention+MoE, mamba, attention+MoE
        jamba_ = make_model(dir_, "jamba",
                            {.arch = "jamba",
                             .layers = 4,
                             .hidden = 32,
                             .heads = 4,
                             .kv_heads = 2,
                             .intermediate = 48,
                             .seed = 9,
                             .state_size = 4,
                             .experts = 4,
                             .experts_per_tok = 2});
        // attention on 64 channels (4 heads of 16), 4 Mamba-2 heads; hybrid 2 reuses shared block 0
        zamba_ = make_model(dir_, "zamba2",
                            {.arch = "zamba2",
                             .layers = 5,
                             .hidden = 32,
                             .heads = 4,
                             .kv_heads = 4,
                             .intermediate = 48,
                             .seed = 4,
                             .state_size = 8,
                             .ssm_head_dim = 16,
                             .n_groups = 2,
                             .chunk_size = 8,
                             .block_types = "mamba,hybrid,hybrid,mamba,hybrid",
                             .mem_blocks = 2});
        // recurrent, recurrent, attention, recurrent: 4 RG-LRU blocks of 8 channels, MQA head_dim 8, an
        // attention window (8) shorter than the prompts
        rg_ = make_model(dir_, "rg",
                         {.arch = "recurrentgemma",
                          .layers = 4,
                          .hidden = 32,
                          .heads = 4,
                          .intermediate = 64,
                          .seed = 6,
                          .sliding_window = 8});
    }

    void sweepsWithPrefixReuse() {
        for (const auto& dir : {jamba_, zamba_, rg_}) {
            auto m = Model::load(dir);
            auto ids = ssm_prompt(24, m->info().vocab_size, 1);
            std::vector<InterventionPlan> plans(3);
            int attn = -1, ssm = -1;  // first layer with attention heads, last one with SSM heads
            for (const auto& li : m->info().layers) {
                if (attn < 0 && li.attention_heads > 0) attn = li.index;
                if (li.ssm_heads > 0) ssm = li.index;
            }
            plans[1].ablate(HeadRef{attn, 1, HeadKind::Attention});
            plans[2].ablate(HeadRef{ssm, 1, HeadKind::SSM});
            std::vector<int> prompt(ids.begin(), ids.begin() + 18);
            const double d =
                sweep_vs_single(*m, prompt, {{ids[18], ids[19]}, {ids[20]}, {ids[18], ids[21], ids[22]}}, plans);
            QVERIFY2(d < 1e-4, qPrintable(QString::fromStdString(dir.string()) + " " + QString::number(d)));
            SweepRequest req;  // batched and prefix-reusing: the same numbers as each plan swept alone
            req.prompt = prompt;
            req.continuations = {{ids[18], ids[19]}, {ids[20]}, {ids[18], ids[21], ids[22]}};
            req.plans = plans;
            const double e = batched_vs_alone(*m, req);
            QVERIFY2(e == 0.0,
                     qPrintable(QString::fromStdString(dir.string()) + " batched vs alone " + QString::number(e)));
        }
    }

    void recurrentGemmaForwardAndAblation() {
        auto m = Model::load(rg_);
        QCOMPARE(m->info().layers[2].kind, std::string("attention"));
        QCOMPARE(m->info().layers[1].kind, std::string("recurrent"));
        QCOMPARE(m->info().layers[1].ssm_heads, 4);
        auto ids = ssm_prompt(30, m->info().vocab_size);
        Interventions iv;
        iv.ablate(HeadRef{2, 3, HeadKind::Attention});
        iv.ablate(HeadRef{1, 2, HeadKind::SSM});
        iv.skip({3});
        const AblationCheck c = check_ablation(*m, rg_, ids, iv.plan, iv.naive);
        QVERIFY2(c.plain < 1e-4, qPrintable(QString::number(c.plain)));
        QVERIFY2(c.ablated < 1e-4, qPrintable(QString::number(c.ablated)));
        QVERIFY(max_abs_diff(c.plain_logits, c.ablated_logits) > 1e-4);
        // the window matters: a window as long as the prompt gives other logits
        Json cfg = read_json_file(rg_ / "config.json");
        auto wide = dir_ / "rg_wide";
        rewrite_checkpoint(rg_, wide, [](std::vector<TensorToWrite>&) {});
        cfg["attention_window_size"] = 64;
        write_json_file_atomic(wide / "config.json", cfg);
        RunResult w = run_all_logits(*Model::load(wide), ids);
        QVERIFY(max_abs_diff(w.all_logits, c.plain_logits) > 1e-5);
        QVERIFY(max_diff_logits(w.all_logits, naive_ssm_forward(wide, ids).logits) < 1e-4);
    }

    // alpha[r, c] = mean over the block's channels of (prod_{k=c+1..r} a_k) m_c, from the naive trace.
    void recurrentGemmaHiddenAttention() {
        auto m = Model::load(rg_);
        auto ids = ssm_prompt(25, m->info().vocab_size, 3);
        NaiveSsmOptions o;
        o.trace_layer = 1;
        NaiveSsmResult ref = naive_ssm_forward(rg_, ids, o);
        const int block = 2, bw = 8;
        RunRequest r;
        r.tokens = ids;
        r.capture = {HeadRef{1, block, HeadKind::SSM}};
        r.capture_rows = {0, 7, 24};
        const AttentionMap a = m->run(r).attention.at(0);
        double worst = 0;
        for (std::size_t i = 0; i < a.rows.size(); ++i) {
            const int row = a.rows[i];
            for (int c = 0; c < static_cast<int>(ids.size()); ++c) {
                double expect = 0;
                if (c <= row)
                    for (int d = block * bw; d < (block + 1) * bw; ++d) {
                        double prod = ref.m[c][d];
                        for (int k = c + 1; k <= row; ++k) prod *= ref.a[k][d];
                        expect += prod / bw;
                    }
                worst = std::max(worst, std::fabs(expect - a.at(i, c)));
            }
        }
        QVERIFY2(worst < 1e-5, qPrintable(QString::number(worst)));
    }

    void recurrentGemmaGeneration() {
        auto m = Model::load(rg_);
        RunRequest r = generation_request(ssm_prompt(14, m->info().vocab_size, 8), 8);  // crosses the attention window
        RunResult g = m->run(r);
        QCOMPARE(g.generated, naive_greedy(rg_, r, g));
    }

    void zamba2Layout() {
        Checkpoint ck = Checkpoint::open(zamba_);
        for (const char* t : {"model.layers.1.shared_transformer.self_attn.q_proj.weight",
                              "model.layers.2.shared_transformer.self_attn.q_proj.weight",
                              "model.layers.1.shared_transformer.self_attn.linear_q_adapter_list.2.0.weight",
                              "model.layers.4.mamba_decoder.mamba.A_log", "model.layers.3.mamba.A_log"})
            QVERIFY2(ck.contains(t), t);
        QVERIFY(!ck.contains("model.layers.4.shared_transformer.self_attn.q_proj.weight"));  // block 0 again
        QCOMPARE(ck.tensor("model.layers.2.shared_transformer.input_layernorm.weight").shape,
                 (std::vector<int64_t>{64}));
        auto m = Model::load(zamba_);
        QCOMPARE(layer_kinds(m->info()), (std::vector<std::string>{"mamba2", "hybrid", "hybrid", "mamba2", "hybrid"}));
        QCOMPARE(m->info().layers[4].attention_heads, 4);
        QCOMPARE(m->info().layers[4].ssm_heads, 4);
    }

    void zamba2ForwardAndAblation() {
        auto m = Model::load(zamba_);
        Interventions iv;
        iv.ablate(HeadRef{4, 1, HeadKind::Attention});
        iv.ablate(HeadRef{4, 2, HeadKind::SSM});
        iv.ablate(HeadRef{0, 0, HeadKind::SSM}, 0.5f);
        iv.skip({2});
        const AblationCheck c = check_ablation(*m, zamba_, ssm_prompt(30, m->info().vocab_size), iv.plan, iv.naive);
        QVERIFY2(c.plain < 1e-4, qPrintable(QString::number(c.plain)));
        QVERIFY2(c.ablated < 1e-4, qPrintable(QString::number(c.ablated)));
        QVERIFY(max_abs_diff(c.plain_logits, c.ablated_logits) > 1e-3);
    }

    void zamba2Generation() {
        auto m = Model::load(zamba_);
        RunRequest r = generation_request(ssm_prompt(20, m->info().vocab_size, 5), 6);
        RunResult g = m->run(r);
        QCOMPARE(g.generated, naive_greedy(zamba_, r, g));
    }

    // use_mem_rope: RoPE on all head_dim channels of the shared attention, positions carried through
    // decode steps and cloned states; use_long_context raises theta to theta * 8^(d/(d-2)).
    void zamba2MemRope() {
        Json cfg = read_json_file(zamba_ / "config.json");
        cfg["use_mem_rope"] = true;
        cfg["rope_theta"] = 100.0;  // pairs turn fast enough that positions matter within 30 tokens
        auto rope = dir_ / "zamba2_rope";
        rewrite_checkpoint(zamba_, rope, [](std::vector<TensorToWrite>&) {});
        write_json_file_atomic(rope / "config.json", cfg);
        cfg["use_long_context"] = true;
        auto longctx = dir_ / "zamba2_rope_long";
        rewrite_checkpoint(zamba_, longctx, [](std::vector<TensorToWrite>&) {});
        write_json_file_atomic(longctx / "config.json", cfg);

        auto m = Model::load(rope);
        auto ids = ssm_prompt(30, m->info().vocab_size, 2);
        RunRequest plain, abl;
        plain.tokens = abl.tokens = ids;
        plain.all_logits = abl.all_logits = true;
        Interventions iv;
        iv.ablate(HeadRef{2, 3, HeadKind::Attention});
        iv.ablate(HeadRef{1, 0, HeadKind::SSM});
        abl.plan = iv.plan;
        auto outs = m->run_batch({plain, abl});
        const NaiveSsmOptions& o = iv.naive;
        const double dp = max_diff_logits(outs[0].all_logits, naive_ssm_forward(rope, ids).logits);
        const double da = max_diff_logits(outs[1].all_logits, naive_ssm_forward(rope, ids, o).logits);
        QVERIFY2(dp < 1e-4, qPrintable(QString::number(dp)));
        QVERIFY2(da < 1e-4, qPrintable(QString::number(da)));
        // the rotation changes the numbers (so the comparison above can fail when RoPE is ignored)
        const RunResult none = Model::load(zamba_)->run(plain);
        QVERIFY(max_abs_diff(none.all_logits, outs[0].all_logits) > 1e-4);
        QVERIFY(max_diff_logits(none.all_logits, naive_ssm_forward(rope, ids).logits) > 1e-4);

        const RunResult lc = Model::load(longctx)->run(plain);
        const double dl = max_diff_logits(lc.all_logits, naive_ssm_forward(longctx, ids).logits);
        QVERIFY2(dl < 1e-4, qPrintable(QString::number(dl)));
        QVERIFY(max_abs_diff(lc.all_logits, outs[0].all_logits) > 1e-5);

        // decode steps continue the positions: greedy generation = recompute of the whole sequence
        RunRequest r = generation_request(std::vector<int>(ids.begin(), ids.begin() + 14), 6);
        RunResult g = m->run(r);
        QCOMPARE(g.generated, naive_greedy(rope, r, g));
        // a multi-token continuation from a cloned state (prefill at positions 12..29)
        std::vector<int> prompt(ids.begin(), ids.begin() + 12), cont(ids.begin() + 12, ids.end());
        const double s = m->score_continuations(prompt, {cont}, {})[0];
        NaiveSsmResult full = naive_ssm_forward(rope, ids);
        const double expect = continuation_logprob(full.logits, prompt.size(), cont);
        QVERIFY2(std::fabs(s - expect) < 1e-3, qPrintable(QString::number(s - expect)));
    }

    void jambaLayout() {
        Checkpoint ck = Checkpoint::open(jamba_);
        for (const char* t :
             {"model.layers.0.mamba.dt_layernorm.weight", "model.layers.1.self_attn.q_proj.weight",
              "model.layers.1.feed_forward.experts.3.down_proj.weight", "model.layers.0.feed_forward.gate_proj.weight"})
            QVERIFY2(ck.contains(t), t);
        auto m = Model::load(jamba_);
        QCOMPARE(layer_kinds(m->info()), (std::vector<std::string>{"mamba", "attention", "mamba", "attention"}));
        QCOMPARE(m->info().layers[1].attention_heads, 4);
        QCOMPARE(m->info().layers[2].ssm_heads, 64);
    }

    void jambaForwardAndAblation() {
        auto m = Model::load(jamba_);
        Interventions iv;
        iv.ablate(HeadRef{1, 2, HeadKind::Attention});
        iv.ablate(HeadRef{2, 10, HeadKind::SSM});
        iv.skip({3});
        const AblationCheck c = check_ablation(*m, jamba_, ssm_prompt(40, m->info().vocab_size), iv.plan, iv.naive);
        QVERIFY2(c.plain < 1e-4, qPrintable(QString::number(c.plain)));
        QVERIFY2(c.ablated < 1e-4, qPrintable(QString::number(c.ablated)));
    }

    void jambaGeneration() {
        auto m = Model::load(jamba_);
        RunRequest r = generation_request(ssm_prompt(36, m->info().vocab_size, 2), 6);
        r.capture = {HeadRef{1, 0, HeadKind::Attention}, HeadRef{0, 3, HeadKind::SSM}};
        RunResult g = m->run(r);
        QCOMPARE(g.attention.size(), std::size_t(2));
        QCOMPARE(g.generated, naive_greedy(jamba_, r, g));
    }
};

QTEST_GUILESS_MAIN(TestHybrid)
#include "tst_hybrid.moc"
