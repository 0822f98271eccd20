// Training-time shaping of the transformer demo: the summary-token bottleneck, its readout layer and gather,
// the attention guide and re-initialised layers train, are recorded, and refuse what they cannot do.

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

class TestTrainingMasks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void summaryBottleneckTrainsAndIsChecked() {
        // A short transformer run with every KV and MMLU-format document bottlenecked trains other weights
        // than one without, the same weights twice; the bottleneck is refused for other recipes and above 1.
        auto run = [](const std::string& name, double p) {
            gna::TrainOptions o = tiny(fresh_dir(name));
            o.kv_warmup = 0;
            o.summary_bottleneck = p;
            gna::train_demo(o);
            return read_bytes(o.out / "model.safetensors");
        };
        const std::string with = run("sb_with", 1.0);
        QVERIFY(with == run("sb_again", 1.0));
        QVERIFY(with != run("sb_none", 0.0));
        for (auto [recipe, p] : {std::pair{"ssm", 0.5}, std::pair{"hybrid", 0.5}, std::pair{"transformer", 1.5}}) {
            gna::TrainOptions bad = tiny(fresh_dir("sb_bad"));
            bad.recipe = recipe;
            bad.summary_bottleneck = p;
            const std::string e = refusal(bad);
            QVERIFY2(e.find("summary_bottleneck") != std::string::npos, ("accepted or unclear: " + e).c_str());
        }
        gna::DemoData d(1);
        d.set_summary_bottleneck(0.25);
        QCOMPARE(d.describe()["summary_bottleneck"].get<double>(), 0.25);
        QCOMPARE(d.describe()["summary_bottleneck_kv"].get<double>(), 0.25);  // the same by default
    }

    void summaryBottleneckPerKind() {
        // The KV documents' fraction apart from the MMLU-format documents': counted over 600 documents
        // of the whole mix, by kind, against the fractions asked for.
        auto count = [](double mmlu, double kv) {
            gna::DemoData data(1);
            data.set_summary_bottleneck(mmlu, kv);
            std::array<int, 5> n{};  // kv docs, kv bottlenecked, mmlu docs, mmlu bottlenecked, others bottlenecked
            for (uint64_t i = 3000 * 100000ull; i < 3000 * 100000ull + 600; ++i) {
                const gna::DemoData::Document doc = data.document(i);
                if (doc.kind == "kv") ++n[0], n[1] += doc.bottleneck;
                if (doc.kind == "mmlu") ++n[2], n[3] += doc.bottleneck;
                if (doc.kind != "kv" && doc.kind != "mmlu") n[4] += doc.bottleneck;
            }
            return n;
        };
        const auto only_mmlu = count(1.0, 0.0);
        QVERIFY(only_mmlu[0] > 50 && only_mmlu[2] > 50);
        QCOMPARE(only_mmlu[4], 0);
        QCOMPARE(only_mmlu[1], 0);
        QCOMPARE(only_mmlu[3], only_mmlu[2]);
        const auto only_kv = count(0.0, 1.0);
        QCOMPARE(only_kv[1], only_kv[0]);
        QCOMPARE(only_kv[3], 0);
        const auto part = count(0.75, 0.0);
        QCOMPARE(part[1], 0);
        QVERIFY2(part[3] > part[2] * 6 / 10 && part[3] < part[2] * 9 / 10, "about three quarters of MMLU documents");
        gna::DemoData d(1);
        d.set_summary_bottleneck(0.75, 0.0);
        QCOMPARE(d.describe()["summary_bottleneck"].get<double>(), 0.75);
        QCOMPARE(d.describe()["summary_bottleneck_kv"].get<double>(), 0.0);
        // The late KV lookup: KV documents only, never one with the summary bottleneck; its lines are
        // hidden whole (the segments' newlines too), after the same readers.
        const auto tok = gna::load_tokenizer(fs::path(GNA_SOURCE_DIR) / "resources" / "demo-models" / "transformer");
        gna::DemoData late(1);
        late.set_summary_bottleneck(0.5, 0.5);
        late.set_late_lookup(1.0);
        QCOMPARE(late.describe()["kv_late_lookup"].get<double>(), 1.0);
        int kv_docs = 0, late_docs = 0, checked = 0;
        for (uint64_t i = 3000 * 100000ull; i < 3000 * 100000ull + 400; ++i) {
            const gna::DemoData::Document doc = late.document(i);
            QVERIFY(!(doc.late_lookup && doc.bottleneck));
            if (doc.kind != "kv") {
                QVERIFY(!doc.late_lookup);
                continue;
            }
            ++kv_docs;
            QCOMPARE(doc.late_lookup, !doc.bottleneck);  // fraction 1: every KV document the bottleneck left
            late_docs += doc.late_lookup;
            if (!doc.late_lookup || checked >= 20) continue;
            ++checked;
            const std::vector<int> prefix = tok->encode(doc.prefix, false);
            const std::size_t n = prefix.size() + 1;  // BOS + prefix (readers: what follows the lines)
            std::vector<uint8_t> body, reader, whole, reader2;
            gna::train::mark_bottleneck(*tok, doc, prefix, n + 3, body, reader);
            gna::train::mark_bottleneck(*tok, doc, prefix, n + 3, whole, reader2, true);
            QVERIFY(reader == reader2);
            int extra_newlines = 0;
            for (std::size_t k = 0; k < n; ++k) {
                QVERIFY(!body[k] || whole[k]);  // the lines' tokens are hidden in both
                if (whole[k] && !body[k]) {
                    QCOMPARE(tok->decode({prefix[k - 1]}, false), std::string("\n"));
                    ++extra_newlines;
                }
            }
            QCOMPARE(extra_newlines, doc.segments);  // one newline per dictionary line
        }
        QVERIFY(kv_docs > 50 && late_docs > kv_docs / 4 && late_docs < kv_docs && checked == 20);
        // Refused above 1, and for other recipes, naming the option.
        for (const std::string option : {"summary_bottleneck_kv", "kv_late_lookup"})
            for (auto [recipe, p] : {std::pair{"transformer", 1.5}, std::pair{"ssm", 0.5}}) {
                gna::TrainOptions bad = tiny(fresh_dir("kv_mask_bad"));
                bad.recipe = recipe;
                (option == "kv_late_lookup" ? bad.late_lookup : bad.summary_bottleneck_kv) = p;
                const std::string e = refusal(bad);
                QVERIFY2(e.find(option) != std::string::npos, (option + " accepted or unclear: " + e).c_str());
            }
    }

    void summaryReadoutLayer() {
        // --summary-readout-layer N: the bottlenecked documents' readers see the summary tokens only in
        // layer N. In a one-layer model layer 0 is every layer, so the weights are those of a run without
        // it, bit for bit; in a two-layer model layers 0 and 1 and none train three different weight sets,
        // each the same twice. Refused without the bottleneck and for a layer the model does not have.
        auto run = [](const std::string& name, int layers, int readout) {
            gna::TrainOptions o = tiny(fresh_dir(name));
            o.kv_warmup = 0;
            o.layers = layers;
            o.summary_bottleneck = 1.0;
            o.summary_readout_layer = readout;
            gna::train_demo(o);
            return read_bytes(o.out / "model.safetensors");
        };
        QVERIFY(run("ro_1l_0", 1, 0) == run("ro_1l_none", 1, -1));
        const std::string none = run("ro_2l_none", 2, -1), first = run("ro_2l_0", 2, 0), second = run("ro_2l_1", 2, 1);
        QVERIFY(none != first && none != second && first != second);
        QVERIFY(second == run("ro_2l_1_again", 2, 1));
        gna::DemoData d(1);
        QCOMPARE(d.describe()["summary_readout_layer"].get<int>(), -1);
        d.set_summary_readout_layer(2);
        QCOMPARE(d.describe()["summary_readout_layer"].get<int>(), 2);
        for (auto [bottleneck, layer] : {std::pair{0.0, 0}, std::pair{1.0, 1}, std::pair{1.0, -2}}) {
            gna::TrainOptions bad = tiny(fresh_dir("ro_bad"));
            bad.summary_bottleneck = bottleneck;
            bad.summary_readout_layer = layer;
            const std::string e = refusal(bad);
            QVERIFY2(e.find("summary_readout_layer") != std::string::npos, ("accepted or unclear: " + e).c_str());
        }
    }

    void attentionGuideTrainsAndIsChecked() {
        // --guide-heads: the guided run's Gather term falls (the newline's attention moves onto its line),
        // its weights differ from an unguided run's and are the same twice; bad heads are refused.
        auto opts = [](const std::string& name) {
            gna::TrainOptions o = tiny(fresh_dir(name));
            o.layers = 2;
            o.steps = 30;
            o.lr = 3e-2;
            o.log_every = 5;
            o.attention_guide = {{{0, 1}}, {1, 0}, 5.0};
            return o;
        };
        std::vector<double> gather, aggregate;
        const gna::TrainOptions oa = opts("guide_a"), ob = opts("guide_b");
        gna::train_demo(oa, [&](const gna::TrainProgress& p) {
            if (p.step > 0) gather.push_back(p.guide_gather_loss), aggregate.push_back(p.guide_aggregate_loss);
        });
        QCOMPARE(gather.size(), std::size_t(6));
        for (double a : aggregate) QVERIFY(a > 0);
        // The Gather term is a cross-entropy against the uniform distribution on the line (its floor: the mean
        // log of the line lengths, about log 3). Without the term in the loss this fails (the term rises).
        QVERIFY2(gather.back() < gather.front() - 0.5,
                 (std::to_string(gather.front()) + " -> " + std::to_string(gather.back())).c_str());
        QVERIFY2(gather.back() > std::log(2.0), std::to_string(gather.back()).c_str());
        gna::train_demo(ob);
        gna::TrainOptions none = opts("guide_none");
        none.attention_guide = {};
        std::vector<double> unguided;
        gna::train_demo(none, [&](const gna::TrainProgress& p) { unguided.push_back(p.guide_gather_loss); });
        for (double g : unguided) QCOMPARE(g, -1.0);
        const std::string a = read_bytes(oa.out / "model.safetensors");
        QVERIFY(a == read_bytes(ob.out / "model.safetensors"));
        QVERIFY(a != read_bytes(none.out / "model.safetensors"));
        gna::DemoData d(1);
        d.set_attention_guide({{{0, 1}, {0, 0}}, {1, 0}, 5.0});
        QCOMPARE(d.describe()["attention_guide"]["gather"], gna::Json::parse("[[0, 1], [0, 0]]"));
        QCOMPARE(d.describe()["attention_guide"]["aggregate"], gna::Json::array({1, 0}));
        QVERIFY(gna::DemoData(1).describe()["attention_guide"].is_null());
        for (const gna::DemoData::AttentionGuide& bad : {gna::DemoData::AttentionGuide{{{0, 2}}, {1, 0}, 1.0},
                                                         gna::DemoData::AttentionGuide{{{0, 0}}, {2, 0}, 1.0},
                                                         gna::DemoData::AttentionGuide{{{1, 0}}, {1, 0}, 1.0},
                                                         gna::DemoData::AttentionGuide{{{0, 0}, {0, 0}}, {1, 0}, 1.0},
                                                         gna::DemoData::AttentionGuide{{}, {1, 0}, 1.0}}) {
            gna::TrainOptions o = opts("guide_bad");
            o.attention_guide = bad;
            const std::string e = refusal(o);
            QVERIFY2(e.find("attention_guide") != std::string::npos, ("accepted or unclear: " + e).c_str());
            QVERIFY(!fs::exists(o.out / "model.safetensors"));
        }
        gna::TrainOptions ssm = opts("guide_ssm");
        ssm.recipe = "ssm";
        QVERIFY(refusal(ssm).find("transformer recipe only") != std::string::npos);
    }

    void summaryGatherTrainsAndIsChecked() {
        // --summary-gather: refused without the bottleneck; with it, other weights than the bottleneck alone.
        auto run = [](const std::string& name, bool gather, double p) {
            gna::TrainOptions o = tiny(fresh_dir(name));
            o.kv_warmup = 0;
            o.summary_bottleneck = p;
            o.summary_gather = gather;
            gna::train_demo(o);
            return read_bytes(o.out / "model.safetensors");
        };
        QVERIFY(run("sg_with", true, 1.0) != run("sg_without", false, 1.0));
        gna::TrainOptions o = tiny(fresh_dir("sg_bad"));
        o.summary_gather = true;
        const std::string e = refusal(o);
        QVERIFY2(e.find("summary_gather needs summary_bottleneck") != std::string::npos,
                 ("accepted or unclear: " + e).c_str());
    }

    void reinitLayers() {
        // --reinit-layers: with --init-from, the named layers keep the run's seeded initialisation and every
        // other tensor is loaded. With a vanishing learning rate the written weights show which is which:
        // layer 0, the embeddings and the final norm are the trained model's; layer 1 is what a seeded
        // start of the same seed writes (a run of its own, not loading anything).
        gna::TrainOptions oa = tiny(fresh_dir("re_trained"));
        oa.layers = 2;
        gna::train_demo(oa);
        gna::TrainOptions os = tiny(fresh_dir("re_seeded"));
        os.layers = 2;
        os.seed = 8;
        os.lr = 1e-12;
        os.tokenizer = oa.out / "tokenizer.model";  // the same vocabulary, so the embeddings have one shape
        gna::train_demo(os);
        gna::TrainOptions ob = tiny(fresh_dir("re_mixed"));
        ob.layers = 2;
        ob.seed = 8;
        ob.lr = 1e-12;
        ob.init_from = oa.out;
        ob.reinit_layers = {1};
        ob.evaluate = true;  // the card records the option
        ob.eval_samples = 2;
        // The starting weights' card names the command that trained them; the new card repeats it.
        const std::string first = "gna train-demo --recipe transformer --seed 7 --steps 6 --out DIR";
        gna::write_json_file_atomic(oa.out / "model_card.json", gna::Json{{"command", first}});
        gna::train_demo(ob);
        const gna::Checkpoint trained = gna::Checkpoint::open(oa.out), seeded = gna::Checkpoint::open(os.out),
                              mixed = gna::Checkpoint::open(ob.out);
        auto worst = [](const gna::Checkpoint& a, const gna::Checkpoint& b, const std::string& name) {
            const std::vector<float> va = gna::to_float(a.tensor(name)), vb = gna::to_float(b.tensor(name));
            if (va.size() != vb.size()) return 1e9;
            double w = 0;
            for (std::size_t i = 0; i < va.size(); ++i) w = std::max(w, std::fabs(double(va[i]) - vb[i]));
            return w;
        };
        int from_layer1 = 0, loaded = 0;
        for (const auto& name : mixed.names()) {
            const bool layer1 = name.rfind("model.layers.1.", 0) == 0;
            const gna::Checkpoint& want = layer1 ? seeded : trained;
            const gna::Checkpoint& other = layer1 ? trained : seeded;
            QVERIFY2(worst(mixed, want, name) < 1e-6, name.c_str());
            QVERIFY2(worst(mixed, other, name) > 1e-4, name.c_str());  // the two sources differ there
            ++(layer1 ? from_layer1 : loaded);
        }
        QVERIFY(from_layer1 >= 7 && loaded >= 7);  // attention, MLP and norms of a layer; and the rest
        const gna::Json card = gna::Json::parse(read_bytes(ob.out / "model_card.json"));
        QCOMPARE(card["training"]["reinitialised_layers"], gna::Json::array({1}));
        QCOMPARE(card["training"]["initialised_from_command"].get<std::string>(), first);
        QVERIFY(read_bytes(ob.out / "MODEL_CARD.md")
                    .find("with the same tokenizer, by `" + first + "`), not from a seed") != std::string::npos);
        QCOMPARE(gna::train::read_demo_card_info(ob.out).init_from_command, first);
        QCOMPARE(card["recipe_options"]["reinit_layers"], gna::Json::array({1}));

        // Refused: without --init-from, a layer the model lacks, a layer named twice.
        for (const auto& [from, layers] : {std::pair{false, std::vector<int>{1}}, std::pair{true, std::vector<int>{2}},
                                           std::pair{true, std::vector<int>{1, 1}}}) {
            gna::TrainOptions bad = tiny(fresh_dir("re_bad"));
            bad.layers = 2;
            if (from) bad.init_from = oa.out;
            bad.reinit_layers = layers;
            const std::string e = refusal(bad);
            QVERIFY2(e.find("reinit_layers") != std::string::npos, ("accepted or unclear: " + e).c_str());
            QVERIFY(!fs::exists(bad.out / "model.safetensors"));
        }
    }
};

QTEST_GUILESS_MAIN(TestTrainingMasks)
#include "tst_training_masks.moc"
