// Demo-model training runs: a short run is deterministic and loads through gna::Model; a cancelled run resumes
// from its checkpoint to the same weights as an uninterrupted run; the SSM and hybrid recipes train and
// load; curriculum phases, head dropout and the recipe check.

#include <QtTest/QtTest>
#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>
#include "gna/error.h"
#include "gna/model.h"
#include "gna/safetensors.h"
#include "train/train_demo.h"
#include "naive_llama.h"
#include "gna/tokenizer.h"
#include "train/bottleneck.h"
#include "train/demo_card.h"
#include "tokenizer/spm_model_file.h"
#include "train_test_util.h"

using namespace gna::train_test;

class TestTrainer : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shortRunIsDeterministicAndLoads() {
        const fs::path d1 = fresh_dir("det1"), d2 = fresh_dir("det2");
        gna::TrainResult r1 = gna::train_demo(tiny(d1));
        gna::train_demo(tiny(d2));
        QCOMPARE(r1.steps, 6);
        QVERIFY(std::isfinite(r1.final_loss) && r1.final_loss > 0);
        const std::string w1 = read_bytes(d1 / "model.safetensors");
        QVERIFY(w1.size() > 1000);
        QVERIFY(w1 == read_bytes(d2 / "model.safetensors"));
        QVERIFY(!fs::exists(d1 / "checkpoint"));

        auto model = gna::Model::load(d1);
        {
            // The same tokenizer file, byte for byte, naming no folder of the run (SentencePiece records
            // the corpus path and output prefix; the trainer strips them), and the same vocabulary.
            const std::string t1 = read_bytes(d1 / "tokenizer.model");
            QVERIFY(t1 == read_bytes(d2 / "tokenizer.model"));
            QVERIFY(t1.find(d1.filename().string()) == std::string::npos);
            QVERIFY(t1.find("tokenizer_corpus") == std::string::npos);
            auto other = gna::Model::load(d2);
            QCOMPARE(other->tokenizer().vocab_size(), model->tokenizer().vocab_size());
            for (int id = 0; id < model->tokenizer().vocab_size(); ++id)
                QCOMPARE(other->tokenizer().piece(id), model->tokenizer().piece(id));
        }
        QCOMPARE(model->info().architecture, std::string("LlamaForCausalLM"));
        QCOMPARE(model->info().num_layers, 1);
        QCOMPARE(model->tokenizer().kind(), std::string("sentencepiece"));
        // Keys and values are single tokens in the dictionary and in the question.
        const auto& tok = model->tokenizer();
        QCOMPARE(tok.encode("apple", false).size(), std::size_t(1));
        QCOMPARE(tok.encode("42", false).size(), std::size_t(1));
        QCOMPARE(tok.encode("\napple:42\n", false).size(), std::size_t(5));

        // Another seed gives other weights.
        const fs::path d3 = fresh_dir("det3");
        gna::TrainOptions o3 = tiny(d3);
        o3.seed = 8;
        gna::train_demo(o3);
        QVERIFY(w1 != read_bytes(d3 / "model.safetensors"));

        // --tokenizer: the first run's tokenizer instead of a new one gives the first run's weights
        // (the same token ids, the same documents), and is copied unchanged.
        const fs::path d4 = fresh_dir("det4");
        gna::TrainOptions o4 = tiny(d4);
        o4.tokenizer = d1 / "tokenizer.model";
        gna::train_demo(o4);
        QVERIFY(read_bytes(d4 / "tokenizer.model") == read_bytes(d1 / "tokenizer.model"));
        QVERIFY(w1 == read_bytes(d4 / "model.safetensors"));
        // ... and with the phrase world the same tokenizer (the phrases' words in its pieces).
        const fs::path d5 = fresh_dir("det5");
        gna::TrainOptions o5 = o4;
        o5.out = d5;
        o5.world = "phrases";
        gna::train_demo(o5);
        QVERIFY(read_bytes(d5 / "tokenizer.model") == read_bytes(d1 / "tokenizer.model"));
        QVERIFY(gna::Model::load(d5)->tokenizer().encode(" small grey cat", false).size() >= 3);
        // A missing tokenizer is named before anything is trained.
        gna::TrainOptions bad = tiny(fresh_dir("det6"));
        bad.tokenizer = d1 / "no-such-tokenizer.model";
        const std::string e = refusal(bad);
        QVERIFY2(e.find("no-such-tokenizer.model is not a file") != std::string::npos,
                 ("accepted or unclear: " + e).c_str());
        QVERIFY(!fs::exists(bad.out / "model.safetensors"));

        // --init-from: the run starts from d1's weights. With a vanishing learning rate the written
        // weights are d1's, tensor by tensor (a seeded start would differ everywhere).
        const fs::path d7 = fresh_dir("det7");
        gna::TrainOptions o7 = tiny(d7);
        o7.init_from = d1;
        o7.seed = 8;  // d3's seed: its own initialisation would give d3's weights
        o7.lr = 1e-12;
        gna::train_demo(o7);
        QVERIFY(read_bytes(d7 / "tokenizer.model") == read_bytes(d1 / "tokenizer.model"));
        {
            const gna::Checkpoint a = gna::Checkpoint::open(d1), b = gna::Checkpoint::open(d7);
            QCOMPARE(b.names(), a.names());
            for (const auto& name : a.names()) {
                const std::vector<float> va = gna::to_float(a.tensor(name)), vb = gna::to_float(b.tensor(name));
                QCOMPARE(vb.size(), va.size());
                double worst = 0;
                for (std::size_t i = 0; i < va.size(); ++i) worst = std::max(worst, std::fabs(double(va[i]) - vb[i]));
                QVERIFY2(worst < 1e-6, qPrintable(QString::fromStdString(name) + ": " + QString::number(worst)));
            }
        }
        // A model of another shape is refused, naming the tensor.
        gna::TrainOptions o8 = tiny(fresh_dir("det8"));
        o8.init_from = d1;
        o8.hidden = 48;
        const std::string shapeError = refusal(o8);
        QVERIFY2(shapeError.find("model.embed_tokens.weight") != std::string::npos,
                 ("accepted or unclear: " + shapeError).c_str());
    }

    void cancelledRunResumesToTheSameWeights() {
        const fs::path full = fresh_dir("full"), part = fresh_dir("part");
        gna::train_demo(tiny(full));

        std::atomic<bool> stop{false};
        int last_step = 0;
        auto cb = [&](const gna::TrainProgress& p) {
            if (p.step > 0) last_step = p.step;
            if (p.step == 3) stop = true;
        };
        bool cancelled = false;
        try {
            gna::train_demo(tiny(part), cb, &stop);
        } catch (const gna::Cancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
        QCOMPARE(last_step, 3);
        QVERIFY(fs::exists(part / "checkpoint" / "state.pt"));
        QVERIFY(!fs::exists(part / "model.safetensors"));

        stop = false;
        int first_logged = 0;
        gna::TrainOptions o = tiny(part);
        o.evaluate = true;
        o.eval_samples = 2;
        gna::TrainResult r = gna::train_demo(
            o,
            [&](const gna::TrainProgress& p) {
                if (p.step > 0 && first_logged == 0) first_logged = p.step;
            },
            &stop);
        QCOMPARE(first_logged, 4);  // continued after the checkpoint, did not start over
        QCOMPARE(r.steps, 6);
        QVERIFY(read_bytes(full / "model.safetensors") == read_bytes(part / "model.safetensors"));

        // The evaluation ran through gna::Model and wrote the card.
        QVERIFY(r.evaluated);
        QCOMPARE(r.evaluation.single_ablation.size(), std::size_t(2));
        QCOMPARE(r.evaluation.top_kv.size(), std::size_t(2));
        const gna::Json card = gna::Json::parse(read_bytes(part / "model_card.json"));
        QCOMPARE(card["recipe"].get<std::string>(), std::string("transformer"));
        QCOMPARE(card["seed"].get<int>(), 7);
        QVERIFY(card["evaluation"]["baseline"].contains("mmlu"));
        QVERIFY(fs::exists(part / "MODEL_CARD.md"));
    }

    void ssmRecipeTrainsAndLoads() {
        const fs::path d1 = fresh_dir("ssm1"), d2 = fresh_dir("ssm2");
        gna::TrainOptions o = tiny(d1);
        o.recipe = "ssm";
        o.layers = 2;
        o.steps = 3;
        gna::TrainResult r = gna::train_demo(o);
        QVERIFY(std::isfinite(r.final_loss) && r.final_loss > 0);
        o.out = d2;
        gna::train_demo(o);
        QVERIFY(read_bytes(d1 / "model.safetensors") == read_bytes(d2 / "model.safetensors"));
        auto model = gna::Model::load(d1);
        QCOMPARE(model->info().architecture, std::string("Mamba2ForCausalLM"));
        QCOMPARE(model->info().num_layers, 2);
        QCOMPARE(model->info().layers[0].ssm_heads, 4);  // expand 2 * hidden 32 / head size 16
        const auto lp = model->score_continuations(model->tokenizer().encode("apple:42\n", true),
                                                   {model->tokenizer().encode(" 7", false)}, {});
        QVERIFY(std::isfinite(lp[0]) && lp[0] < 0);
    }

    // The hybrid recipe writes a Zamba2 checkpoint (Mamba-2 layers, hybrid layers 1 and 3 with
    // attention), with and without RoPE in the attention blocks (use_mem_rope); train_demo itself
    // checks that gna::Model reproduces the trained model's log-probabilities on a training
    // document (it throws otherwise), and gna::Model's Zamba2 RoPE is checked against the naive
    // reference in tst_hybrid.
    void hybridRecipeTrainsAndLoads() {
        for (int rope : {0, 1}) {
            const fs::path d1 = fresh_dir("hybrid" + std::to_string(rope));
            gna::TrainOptions o = tiny(d1);
            o.recipe = "hybrid";
            o.layers = 4;
            o.steps = 3;
            o.mem_rope = rope;
            if (rope == 1) o.kv_warmup = 1;  // shorter KV phase: the MMLU-focused phase follows
            o.evaluate = true;  // the card records the curriculum
            o.eval_samples = 1;
            gna::TrainResult r = gna::train_demo(o);
            QVERIFY(std::isfinite(r.final_loss) && r.final_loss > 0);
            const gna::Json cfg = gna::Json::parse(read_bytes(d1 / "config.json"));
            QCOMPARE(cfg.at("use_mem_rope").get<bool>(), rope == 1);
            // The recipe starts with KV-retrieval data only, until KV values are 90% right (never in 3 steps),
            // then the MMLU-focused mix until the letters are 90% right (never here either).
            const gna::Json training = gna::Json::parse(read_bytes(d1 / "model_card.json"))["training"];
            QCOMPARE(training["kv_only_steps"].get<int>(), rope == 1 ? 1 : 3);
            QCOMPARE(training["mmlu_focus_steps"].get<int>(), rope == 1 ? 2 : 0);
            auto model = gna::Model::load(d1);
            QCOMPARE(model->info().architecture, std::string("Zamba2ForCausalLM"));
            QCOMPARE(model->info().num_layers, 4);
            for (int l = 0; l < 4; ++l) {
                QCOMPARE(model->info().layers[l].ssm_heads, 4);
                QCOMPARE(model->info().layers[l].attention_heads, l % 2 == 1 ? 2 : 0);
            }
            // Ablating every attention head changes the output (the attention blocks are wired in).
            gna::InterventionPlan off;
            for (int l : {1, 3})
                for (int h = 0; h < 2; ++h) off.ablate(gna::HeadRef{l, h, gna::HeadKind::Attention});
            const auto prompt = model->tokenizer().encode("apple:42\nriver:7\nThe value of the key 'apple' is", true);
            const std::vector<std::vector<int>> cont = {model->tokenizer().encode(" 42", false)};
            const double on = model->score_continuations(prompt, cont, {})[0];
            const double without = model->score_continuations(prompt, cont, off)[0];
            QVERIFY(std::isfinite(on) && std::isfinite(without));
            QVERIFY(std::fabs(on - without) > 1e-6);
        }
        gna::TrainOptions bad = tiny(fresh_dir("rope_ssm"));
        bad.recipe = "ssm";
        bad.mem_rope = 1;
        const std::string e = refusal(bad);
        QVERIFY2(e.find("mem_rope") != std::string::npos, ("accepted or unclear: " + e).c_str());
    }

    // --head-dim decouples the attention width from the hidden size and --tie-embeddings drops
    // lm_head; the written folder must say so in config.json and load as such: its logits equal the
    // independent naive forward (which reads head_dim and falls back to the embeddings itself).
    void headDimAndTiedEmbeddingsLoad() {
        const fs::path d = fresh_dir("tied");
        gna::TrainOptions o = tiny(d);
        o.head_dim = 24;  // 2 heads x 24 = 48 attention dims on a hidden size of 32
        o.tie_embeddings = 1;
        o.steps = 3;
        gna::train_demo(o);
        const gna::Json cfg = gna::Json::parse(read_bytes(d / "config.json"));
        QCOMPARE(cfg["head_dim"].get<int>(), 24);
        QCOMPARE(cfg["tie_word_embeddings"].get<bool>(), true);
        const std::string st = read_bytes(d / "model.safetensors");
        QVERIFY(st.find("lm_head.weight") == std::string::npos);
        QVERIFY(st.find("q_proj.weight") != std::string::npos);

        auto model = gna::Model::load(d);
        const std::vector<int> ids = model->tokenizer().encode(
            "Memorize the following dictionary:\napple:42\nriver:7\n"
            "The value of the key 'apple' is",
            true);
        gna::RunRequest r;
        r.tokens = ids;
        r.all_logits = true;
        const gna::RunResult got = model->run(r);
        const auto ref = gna::test::naive_llama_forward(d, ids);
        const std::size_t V = ref.logits[0].size();
        QCOMPARE(got.all_logits.size(), ids.size() * V);
        double worst = 0;
        for (std::size_t t = 0; t < ids.size(); ++t)
            for (std::size_t v = 0; v < V; ++v)
                worst = std::max(worst, std::fabs(double(got.all_logits[t * V + v]) - ref.logits[t][v]));
        QVERIFY2(worst < 1e-4, std::to_string(worst).c_str());

        // An odd head size cannot carry half-split RoPE: a clear error, not a crash.
        gna::TrainOptions bad = tiny(fresh_dir("odd"));
        bad.head_dim = 15;
        const std::string e = refusal(bad);
        QVERIFY2(e.find("RoPE") != std::string::npos, ("accepted or unclear: " + e).c_str());
    }

    // The KV-only curriculum ends once the KV values of the last 50 steps reach kv_until_accuracy;
    // the step it ended at is part of the checkpoint, so a run cancelled around the switch resumes to
    // the same weights, and the card records how many steps were KV only.
    void curriculumSwitchResumes() {
        auto opts = [](const fs::path& d) {
            gna::TrainOptions o = tiny(d);
            o.steps = 100;
            o.kv_warmup = 95;
            o.kv_until_accuracy = 1e-9;  // any KV value right in the last 50 steps ends it
            o.lr = 2e-2;
            o.evaluate = true;
            o.eval_samples = 1;
            return o;
        };
        const fs::path full = fresh_dir("cur_full"), part = fresh_dir("cur_part");
        bool said = false;
        gna::train_demo(opts(full), [&](const gna::TrainProgress& p) {
            said = said || p.message.find("KV retrieval learned") != std::string::npos;
        });
        QVERIFY(said);
        const int kv_only =
            gna::Json::parse(read_bytes(full / "model_card.json"))["training"]["kv_only_steps"].get<int>();
        QVERIFY2(kv_only >= 50 && kv_only < 95, std::to_string(kv_only).c_str());

        // Cancel two steps before the switch (the window of KV hits comes from the checkpoint).
        std::atomic<bool> stop{false};
        try {
            gna::train_demo(
                opts(part),
                [&](const gna::TrainProgress& p) {
                    if (p.step == kv_only - 2) stop = true;
                },
                &stop);
            QFAIL("not cancelled");
        } catch (const gna::Cancelled&) {}
        stop = false;
        gna::train_demo(opts(part), {}, &stop);
        QVERIFY(read_bytes(full / "model.safetensors") == read_bytes(part / "model.safetensors"));
        QCOMPARE(gna::Json::parse(read_bytes(part / "model_card.json"))["training"]["kv_only_steps"].get<int>(),
                 kv_only);
        QVERIFY(
            !gna::Json::parse(read_bytes(full / "model_card.json"))["training"].value("kv_only_phase_capped", false));

        // A KV-only phase that runs out before the KV values are right (an accuracy no tiny model reaches):
        // a warning says so as it ends, and the card records that the circuit had not formed.
        const fs::path capped = fresh_dir("cur_capped");
        gna::TrainOptions oc = opts(capped);
        oc.steps = 12;
        oc.kv_warmup = 8;
        oc.kv_until_accuracy = 1.0 + 1e-9;
        int warned_at = -1;
        std::string warning;
        gna::train_demo(oc, [&](const gna::TrainProgress& p) {
            if (p.message.find("warning: KV retrieval not learned in the KV-only phase") != std::string::npos)
                warned_at = p.step, warning = p.message;
            QVERIFY(p.message.find("KV retrieval learned") == std::string::npos);
        });
        QVERIFY(warned_at >= 0);
        // It says what to do, whole (not cut off by the message buffer).
        QVERIFY2(warning.find("(recipe key \"kv_warmup\": 6000) or another seed") != std::string::npos,
                 warning.c_str());
        QVERIFY2(warning.find("wanted 100%") != std::string::npos, warning.c_str());
        const gna::Json card = gna::Json::parse(read_bytes(capped / "model_card.json"));
        QCOMPARE(card["training"]["kv_only_steps"].get<int>(), 8);
        QVERIFY(card["training"].value("kv_only_phase_capped", false));
        QVERIFY(read_bytes(capped / "MODEL_CARD.md").find("the retrieval circuit had not formed") != std::string::npos);
    }

    // The MMLU-focused phase: half of its documents are MMLU-format questions (the whole mix has 30%),
    // KV-only before it; counted over documents, not taken from the generator's constants.
    void mmluFocusPhaseMix() {
        gna::DemoData d(5);
        d.set_kv_warmup(2);
        d.set_focus_until(6);
        auto share = [&](uint64_t first_step, const std::string& kind) {
            int n = 0;
            for (uint64_t i = 0; i < 2000; ++i) n += d.document(first_step * 100000 + i).kind == kind;
            return n / 2000.0;
        };
        QCOMPARE(share(1, "kv"), 1.0);
        const double focus = share(3, "mmlu"), mix = share(7, "mmlu");
        QVERIFY2(std::abs(focus - 0.5) < 0.04, std::to_string(focus).c_str());
        QVERIFY2(std::abs(mix - 0.3) < 0.04, std::to_string(mix).c_str());
        QVERIFY2(share(3, "prose") == 0.0 && share(7, "prose") > 0.0, "filler prose only in the whole mix");
        QVERIFY2(share(3, "kv") > 0.15 && share(3, "kv") < 0.25, std::to_string(share(3, "kv")).c_str());
    }

    // KV-only, then the MMLU-focused mix (ended early by its accuracy), then the whole mix: each phase
    // restarts the learning-rate warm-up, and a run cancelled just before the second switch resumes to
    // the same weights and the same phase lengths.
    void mmluFocusSwitchResumes() {
        auto opts = [](const fs::path& d) {
            gna::TrainOptions o = tiny(d);
            o.steps = 200;
            o.kv_warmup = 95;
            o.kv_until_accuracy = 1e-9;
            o.mmlu_focus = 90;
            o.mmlu_until_accuracy = 1e-9;  // any right letter in the last 50 steps ends it
            o.lr = 2e-2;
            o.warmup = -1;  // 5% of each phase
            o.log_every = 1;
            o.evaluate = true;
            o.eval_samples = 1;
            return o;
        };
        const fs::path full = fresh_dir("focus_full"), part = fresh_dir("focus_part");
        std::map<int, double> lr;
        gna::train_demo(opts(full), [&](const gna::TrainProgress& p) {
            if (p.message.empty()) lr[p.step] = p.lr;
        });
        const gna::Json t = gna::Json::parse(read_bytes(full / "model_card.json"))["training"];
        const int kv_only = t["kv_only_steps"].get<int>(), focus = t["mmlu_focus_steps"].get<int>();
        QVERIFY2(kv_only >= 50 && kv_only < 95, std::to_string(kv_only).c_str());
        QVERIFY2(focus >= 50 && focus <= 90, std::to_string(focus).c_str());
        // Step s (1-based in progress) runs schedule step s-1. First step of a phase of length n:
        // peak / max(1, n / 20).
        QCOMPARE(lr.at(1), 2e-2 / (95 / 20));
        QCOMPARE(lr.at(kv_only + 1), 2e-2 / (90 / 20));
        QCOMPARE(lr.at(kv_only + focus + 1), 2e-2 / std::max(1, (200 - kv_only - focus) / 20));

        std::atomic<bool> stop{false};
        try {
            gna::train_demo(
                opts(part),
                [&](const gna::TrainProgress& p) {
                    if (p.step == kv_only + focus - 2) stop = true;
                },
                &stop);
            QFAIL("not cancelled");
        } catch (const gna::Cancelled&) {}
        stop = false;
        gna::train_demo(opts(part), {}, &stop);
        QVERIFY(read_bytes(full / "model.safetensors") == read_bytes(part / "model.safetensors"));
        const gna::Json u = gna::Json::parse(read_bytes(part / "model_card.json"))["training"];
        QCOMPARE(u["kv_only_steps"].get<int>(), kv_only);
        QCOMPARE(u["mmlu_focus_steps"].get<int>(), focus);
    }

    // Head dropout (transformer): the masks come from the seed and the step alone, so a run is
    // deterministic and a cancelled one resumes to the same weights; it changes training (other
    // weights than without it); the exported model has no trace of it; misuse is a clear error.
    void headDropoutIsSeededAndResumes() {
        auto with_dropout = [](const fs::path& d) {
            gna::TrainOptions o = tiny(d);
            o.layers = 2;
            o.head_dropout = 0.5;
            o.head_dropout_layers = 1;
            o.kv_warmup = 0;
            return o;
        };
        const fs::path full = fresh_dir("hd_full"), part = fresh_dir("hd_part"), none = fresh_dir("hd_none");
        gna::train_demo(with_dropout(full));
        gna::TrainOptions plain = with_dropout(none);
        plain.head_dropout = 0;
        gna::train_demo(plain);
        const std::string w = read_bytes(full / "model.safetensors");
        QVERIFY(w != read_bytes(none / "model.safetensors"));
        {
            // During a KV-only curriculum (here the whole run) no head is dropped.
            const fs::path kv = fresh_dir("hd_kv");
            gna::TrainOptions o = with_dropout(kv);
            o.kv_warmup = 6;
            o.kv_until_accuracy = 0;
            gna::train_demo(o);
            plain.out = fresh_dir("hd_kv_plain");
            plain.kv_warmup = 6;
            plain.kv_until_accuracy = 0;
            gna::train_demo(plain);
            QVERIFY(read_bytes(kv / "model.safetensors") == read_bytes(plain.out / "model.safetensors"));
        }

        std::atomic<bool> stop{false};
        bool cancelled = false;
        try {
            gna::train_demo(
                with_dropout(part),
                [&](const gna::TrainProgress& p) {
                    if (p.step == 3) stop = true;
                },
                &stop);
        } catch (const gna::Cancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
        stop = false;
        gna::train_demo(with_dropout(part), {}, &stop);
        QVERIFY(w == read_bytes(part / "model.safetensors"));
        const gna::Json cfg = gna::Json::parse(read_bytes(full / "config.json"));
        QVERIFY(!cfg.contains("head_dropout"));
        QCOMPARE(cfg["num_hidden_layers"].get<int>(), 2);

        for (auto [recipe, p, layers] :
             {std::tuple{"ssm", 0.2, 1}, std::tuple{"transformer", 1.0, 1}, std::tuple{"transformer", 0.2, 3}}) {
            gna::TrainOptions bad = with_dropout(fresh_dir("hd_bad"));
            bad.recipe = recipe;
            bad.head_dropout = p;
            bad.head_dropout_layers = layers;
            const std::string e = refusal(bad);
            QVERIFY2(e.find("head_dropout") != std::string::npos, ("accepted or unclear: " + e).c_str());
        }
    }

    void unknownRecipeIsAnError() {
        gna::TrainOptions o = tiny(fresh_dir("bad"));
        o.recipe = "moe";
        const std::string e = refusal(o);
        QVERIFY2(e.find("'moe'") != std::string::npos && e.find("hybrid") != std::string::npos,
                 ("accepted or unclear: " + e).c_str());
    }
};

QTEST_GUILESS_MAIN(TestTrainer)
#include "tst_trainer.moc"
