// The demo model card and tokenizer: the card's status against chance, what it records of the run's
// shaping, the tokenizer file without the trainer's paths and the shipped tokenizer reproduced byte for byte.

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

class TestDemoCard : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cardStatusJudgesAgainstChance() {
        // KV retrieval is multiple choice over the dictionary's values (chance 1 / pairs): a pure
        // SSM at chance for every size does not "fall with size", nor does one that retrieves at every
        // size; one that retrieves small dictionaries and loses 20+ points by 20 pairs does. A hybrid
        // at chance cannot "drop to near zero".
        const std::filesystem::path dir = std::filesystem::path(GNA_TEST_DATA_DIR) / "card_status";
        std::filesystem::create_directories(dir);
        auto status = [&](const std::string& recipe, const gna::DemoEvaluation& e) {
            gna::train::DemoCardInfo info;
            info.recipe = recipe;
            info.architecture = recipe == "ssm" ? "Mamba2ForCausalLM" : "Zamba2ForCausalLM";
            info.data = gna::DemoData(1).describe();
            info.shape = gna::Json::object();
            try {
                gna::train::write_demo_card(dir, info, e);
            } catch (const std::exception& ex) {
                qFatal("write_demo_card: %s", ex.what());
            }
            std::ifstream f(dir / "MODEL_CARD.md");
            std::stringstream ss;
            ss << f.rdbuf();
            const std::string text = ss.str();
            const auto a = text.find("## Status"), b = text.find("## Data");
            return text.substr(a, b - a);
        };
        gna::DemoEvaluation chance;
        chance.kv_by_size = {{4, 0.28}, {10, 0.10}, {20, 0.04}};
        QVERIFY(status("ssm", chance).find("not met: KV retrieval 28.0% at 4 pairs (chance 25.0%") !=
                std::string::npos);
        gna::DemoEvaluation works = chance;
        works.kv_by_size = {{4, 0.80}, {10, 0.30}, {20, 0.08}};
        QVERIFY(status("ssm", works).find("Every target of this recipe is met") != std::string::npos);
        gna::DemoEvaluation flat = chance;  // retrieves at every size: does not fall like an SSM should
        flat.kv_by_size = {{4, 0.95}, {10, 0.90}, {20, 0.80}};
        QVERIFY(status("ssm", flat).find("not met: KV retrieval 95.0% at 4 pairs") != std::string::npos);
        flat.kv_by_size = {{4, 0.91}, {10, 0.69}, {20, 0.54}};
        QVERIFY(status("ssm", flat).find("Every target of this recipe is met") != std::string::npos);
        gna::DemoEvaluation hybrid;
        hybrid.hybrid = true;
        hybrid.kv_accuracy = 0.19;
        hybrid.no_attention_kv = 0.12;
        hybrid.mmlu_accuracy = 1.0;
        hybrid.no_attention_mmlu = 0.28;
        const std::string h = status("hybrid", hybrid);
        QVERIFY(h.find("Targets **not met** (2 of 3)") != std::string::npos);
        QVERIFY(h.find("from 19.0% to 12.0%") != std::string::npos);
        QVERIFY(h.find("met: ablating every attention head takes MMLU format from 100.0% to 28.0%") !=
                std::string::npos);
        hybrid.kv_accuracy = 0.95;
        hybrid.no_attention_kv = 0.11;
        QVERIFY(status("hybrid", hybrid).find("Every target of this recipe is met") != std::string::npos);

        // Transformer: the dissociation and the roles of the ranking's top 2 (attention mass on MMLU prompts).
        gna::DemoEvaluation t;
        t.kv_accuracy = 0.99, t.mmlu_accuracy = 1.0, t.classic_accuracy = 1.0;
        t.kv_top2_mmlu = 0.38, t.kv_top2_classic = 0.93;
        const gna::HeadRef g{0, 0, gna::HeadKind::Attention}, a{1, 2, gna::HeadKind::Attention};
        t.top_kv = {g, a};
        t.single_ablation = {{g, 0.12, 0.99, 1.0, 0.99, 0.001}, {a, 0.90, 0.42, 0.93, 0.128, 0.0}};
        const std::string s1 = status("transformer", t);
        QVERIFY2(s1.find("Targets **not met** (1 of 4)") != std::string::npos, s1.c_str());
        QVERIFY2(s1.find("not met: the ranking's top-2 heads name a Gather-like and an Aggregate-like head (L0.H0: "
                         "Gather 99.0%, Aggregate 0.1%; L1.H2: Gather 12.8%, Aggregate 0.0%") != std::string::npos,
                 s1.c_str());
        QVERIFY2(s1.find("met: ablating the ranking's top-2 heads (L0.H0, L1.H2) lowers MMLU format by 62.0%") !=
                     std::string::npos,
                 s1.c_str());
        t.single_ablation[1].aggregate_mass = 0.7;
        QVERIFY(status("transformer", t).find("Every target of this recipe is met") != std::string::npos);
        t.single_ablation[1].aggregate_mass = 0.0;
        t.single_ablation[0].aggregate_mass = 0.9;  // one head with both roles is not two heads
        QVERIFY(status("transformer", t).find("(1 of 4)") != std::string::npos);
    }

    void stripTrainerPaths() {
        // A hand-built ModelProto: pieces (field 1), trainer_spec (field 2) with two inputs (field 1), a
        // model_prefix (field 2), a varint and a fixed32 field, then normalizer_spec (field 3). Only the
        // inputs and the prefix go, the trainer_spec's length is rewritten, the rest is kept byte for byte.
        using namespace std::string_literals;
        const std::string pieces = "\x0a\x03\x0a\x01\x61"s;
        const std::string proto = pieces + "\x12\x14"s +
            "\x0a\x03"
            "c.t"
            "\x0a\x01x"
            "\x12\x02pf"s +
            "\x18\x95\x01\x25\x00\x00\x80\x3f"s + "\x1a\x00"s;
        QCOMPARE(proto.size(), std::size_t(5 + 2 + 20 + 2));
        const std::string want = pieces + "\x12\x08\x18\x95\x01\x25\x00\x00\x80\x3f"s + "\x1a\x00"s;
        QVERIFY(gna::tok::strip_trainer_paths(proto, "m") == want);
        QVERIFY(gna::tok::strip_trainer_paths(want, "m") == want);  // nothing left to strip
        // Truncated or foreign bytes: an error naming the file, never a crash.
        // "\x12\x05" "ab": field 2 announcing 5 bytes with 2 left
        for (const std::string& bad : {"\x12\x05"
                                       "ab"s,
                                       "\x0a"s, "\x0b\x00"s, std::string(11, '\xff')}) {
            try {
                gna::tok::strip_trainer_paths(bad, "some/tokenizer.model");
                QFAIL("malformed bytes were accepted");
            } catch (const gna::Error& e) {
                QVERIFY2(std::string(e.what()).find("some/tokenizer.model: not a SentencePiece model") == 0, e.what());
            }
        }
    }

    void shippedTokenizerIsReproduced() {
        // The demo models' card command trains their tokenizer again byte for byte: seed 1, vocab 1200
        // (the tokenizer depends on the seed's corpus and the vocabulary size, not on the model's shape).
        gna::TrainOptions o = tiny(fresh_dir("tok_seed1"));
        o.seed = 1;
        o.vocab = 1200;
        o.steps = 1;
        gna::train_demo(o);
        const std::string fresh = read_bytes(o.out / "tokenizer.model");
        for (const char* demo : {"transformer", "ssm", "hybrid"})
            QVERIFY2(
                fresh == read_bytes(fs::path(GNA_SOURCE_DIR) / "resources" / "demo-models" / demo / "tokenizer.model"),
                demo);
    }

    void cardRecordsTheShaping() {
        // A card of a run with the bottleneck and the guide says so in its training section and its command;
        // a card without them says nothing of either.
        const fs::path dir = fresh_dir("card_shaping");
        auto card = [&](const gna::DemoData& data) {
            gna::train::DemoCardInfo info;
            info.recipe = "transformer";
            info.architecture = "LlamaForCausalLM";
            info.seed = 1;
            info.steps = 10;
            info.data = data.describe();
            info.shape = gna::Json::object();
            gna::train::write_demo_card(dir, info, gna::DemoEvaluation{});
            return read_bytes(dir / "MODEL_CARD.md");
        };
        gna::DemoData shaped(1);
        shaped.set_summary_bottleneck(0.5, 0.25);
        shaped.set_attention_guide({{{1, 3}, {1, 1}}, {2, 2}, 1.5});
        const std::string with = card(shaped);
        for (const char* want :
             {"25% of the KV-retrieval and 50% of the MMLU-format documents",
              "Attention guide (training only, weight 1.5)", "attention of L1.H3 and L1.H1 at each",
              "put the attention of L2.H2 at each answer position",
              "\"summary_bottleneck\":0.5,\"summary_bottleneck_kv\":0.25",
              "\"attention_guide\":{\"aggregate\":\"L2.H2\",\"gather\":[\"L1.H3\",\"L1.H1\"],\"weight\":1.5}"})
            QVERIFY2(with.find(want) != std::string::npos, want);
        const gna::Json j = gna::Json::parse(read_bytes(dir / "model_card.json"));
        QCOMPARE(j["recipe_options"]["attention_guide"],
                 gna::Json({{"gather", {"L1.H3", "L1.H1"}}, {"aggregate", "L2.H2"}, {"weight", 1.5}}));
        const std::string plain = card(gna::DemoData(1));
        QVERIFY(plain.find("Attention guide") == std::string::npos && plain.find("bottleneck") == std::string::npos);
        QVERIFY(plain.find("attention_guide") == std::string::npos);
    }
};

QTEST_GUILESS_MAIN(TestDemoCard)
#include "tst_demo_card.moc"
