// Checkpoint folders in each published layout, through the gna command line as users run it:
// full (weights, config, tokenizer), no tokenizer files (state-spaces/mamba-*: weights and
// config.json only; users pass another folder's tokenizer), and config.json alone (the memory
// table and gna info for models that were never downloaded), and the language model of a
// multimodal checkpoint (Llava) under transformers' old and new weight names.
#include <QtTest>

#include <QProcess>

#include <fstream>
#include <set>

#include "gna/json.h"
#include "gna/memory_estimate.h"
#include "gna/model.h"
#include "cli_runner.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

namespace {
using Out = CliResult;
Out gna_cli(const QStringList& args) { return run_gna(args); }
Json json_of(const Out& o) { return Json::parse(o.out.toStdString()); }

// meta-llama/Llama-3.2-1B's published config.json.
const char* kLlama32_1B = R"({
  "architectures": ["LlamaForCausalLM"], "attention_bias": false, "attention_dropout": 0.0,
  "bos_token_id": 128000, "eos_token_id": 128001, "head_dim": 64, "hidden_act": "silu",
  "hidden_size": 2048, "initializer_range": 0.02, "intermediate_size": 8192,
  "max_position_embeddings": 131072, "mlp_bias": false, "model_type": "llama",
  "num_attention_heads": 32, "num_hidden_layers": 16, "num_key_value_heads": 8, "pretraining_tp": 1,
  "rms_norm_eps": 1e-05,
  "rope_scaling": {"factor": 32.0, "high_freq_factor": 4.0, "low_freq_factor": 1.0,
                   "original_max_position_embeddings": 8192, "rope_type": "llama3"},
  "rope_theta": 500000.0, "tie_word_embeddings": true, "torch_dtype": "bfloat16",
  "transformers_version": "4.45.0.dev0", "use_cache": true, "vocab_size": 128256})";
}  // namespace

class TestCheckpointLayouts : public QObject {
    Q_OBJECT
    TempDir dir_;
    std::filesystem::path full_, bare_;

private Q_SLOTS:
    void initTestCase() {
        full_ = dir_ / "mamba_full";
        bare_ = dir_ / "mamba_bare";
        // The same seed gives the same weights; only the files kept differ.
        for (const auto& [d, layout] : {std::pair{full_, "full"}, std::pair{bare_, "no-tokenizer"}}) {
            Out o = gna_cli({"make-tiny-model", "--arch", "mamba", "--layers", "2", "--hidden", "32", "--seed", "5",
                             "--layout", QString::fromLatin1(layout), q(d)});
            QVERIFY2(o.code == 0, o.err.constData());
        }
        std::set<std::string> files;
        for (const auto& e : std::filesystem::directory_iterator(bare_)) files.insert(e.path().filename().string());
        QCOMPARE(files, (std::set<std::string>{"config.json", "model.safetensors"}));
    }

    void runInputIdsWithoutTokenizer() {
        Out bare = gna_cli({"run", q(bare_), "--input-ids", "5,17,42", "--json", "--top", "3"});
        QVERIFY2(bare.code == 0, bare.err.constData());
        const Json b = json_of(bare);
        QCOMPARE(b["token_strings"], Json::parse(R"(["#5", "#17", "#42"])"));
        // Same weights, same ids: the same next-token distribution as the full folder.
        const Json f = json_of(gna_cli({"run", q(full_), "--input-ids", "5,17,42", "--json", "--top", "3"}));
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(b["top"][i]["id"].get<int>(), f["top"][i]["id"].get<int>());
            QCOMPARE(b["top"][i]["prob"].get<double>(), f["top"][i]["prob"].get<double>());
        }
        Out info = gna_cli({"info", q(bare_), "--json"});
        QVERIFY2(info.code == 0, info.err.constData());
        QCOMPARE(json_of(info)["tokenizer"].get<std::string>(), std::string("none"));
    }

    void textWithoutTokenizerSaysWhatToDo() {
        Out o = gna_cli({"run", q(bare_), "--prompt", "hello"});
        QCOMPARE(o.code, 1);
        QVERIFY2(o.err.contains("--tokenizer") && o.err.contains("--input-ids") && o.err.contains("mamba_bare"),
                 o.err.constData());
        Out t = gna_cli({"tokenize", q(bare_), "--text", "hello"});
        QCOMPARE(t.code, 1);
        QVERIFY2(t.err.contains("--tokenizer"), t.err.constData());
        // A tokenizer with more ids than the model embeds belongs to another family.
        const auto big = dir_ / "big_vocab";
        Out mk = gna_cli(
            {"make-tiny-model", "--arch", "mamba", "--layers", "1", "--hidden", "32", "--merges", "400", q(big)});
        QVERIFY2(mk.code == 0, mk.err.constData());
        Out other = gna_cli({"run", q(bare_), "--prompt", "hello", "--tokenizer", q(big)});
        QCOMPARE(other.code, 1);
        QVERIFY2(other.err.contains("big_vocab") && other.err.contains("model family"), other.err.constData());
        Out wrong = gna_cli({"run", q(bare_), "--prompt", "hello", "--tokenizer", q(dir_ / "nowhere")});
        QCOMPARE(wrong.code, 1);
        QVERIFY2(wrong.err.contains("--tokenizer") && wrong.err.contains("nowhere"), wrong.err.constData());
    }

    void tokenizerFromAnotherFolder() {
        const Json ids = json_of(gna_cli({"tokenize", q(full_), "--text", "hello world", "--json"}));
        Out tk = gna_cli({"tokenize", q(bare_), "--tokenizer", q(full_), "--text", "hello world", "--json"});
        QVERIFY2(tk.code == 0, tk.err.constData());
        QCOMPARE(json_of(tk)["ids"], ids["ids"]);
        Out run = gna_cli({"run", q(bare_), "--tokenizer", q(full_), "--prompt", "hello world", "--json"});
        QVERIFY2(run.code == 0, run.err.constData());
        QCOMPARE(json_of(run)["tokens"], ids["ids"]);
        const Json full_run = json_of(gna_cli({"run", q(full_), "--prompt", "hello world", "--json"}));
        QCOMPARE(json_of(run)["top"], full_run["top"]);
        QCOMPARE(
            json_of(gna_cli({"info", q(bare_), "--tokenizer", q(full_), "--json"}))["tokenizer"].get<std::string>(),
            std::string("bpe-bytelevel"));
    }

    void experimentSpecTokenizer() {
        const auto spec = dir_ / "kv.json";
        Json s = {{"experiment", "evaluate"},
                  {"task", {{"name", "kv_retrieval"}, {"sizes", {10}}, {"samples_per_size", 2}, {"seed", 1}}}};
        std::ofstream(spec) << s.dump();
        Out none = gna_cli({"experiment", q(spec), "--model", q(bare_), "--out", q(dir_ / "kv0"), "--quiet"});
        QCOMPARE(none.code, 1);
        QVERIFY2(none.err.contains("--tokenizer"), none.err.constData());
        s["tokenizer"] = full_.string();
        std::ofstream(spec) << s.dump();
        Out from_spec = gna_cli({"experiment", q(spec), "--model", q(bare_), "--out", q(dir_ / "kv1"), "--quiet"});
        QVERIFY2(from_spec.code == 0, from_spec.err.constData());
        s.erase("tokenizer");
        std::ofstream(spec) << s.dump();
        Out from_cli = gna_cli(
            {"experiment", q(spec), "--model", q(bare_), "--tokenizer", q(full_), "--out", q(dir_ / "kv2"), "--quiet"});
        QVERIFY2(from_cli.code == 0, from_cli.err.constData());
        const Json r = read_json_file(dir_ / "kv2" / "result.json");
        QCOMPARE(r["spec"]["tokenizer"].get<std::string>(), full_.string());
        QCOMPARE(r["samples"], read_json_file(dir_ / "kv1" / "result.json")["samples"]);
    }

    // The slides' table: Llama-3.2-1B, bf16 KV cache, 16 layers x 2 (K and V) x 8 KV heads x 64
    // x 2 bytes = 32768 bytes per token: 4.2 MB at 128, 67.1 MB at 2048, 134.2 MB at 4096.
    void configOnlyMemoryTable() {
        const auto d = dir_ / "llama32_1b";
        std::filesystem::create_directories(d);
        std::ofstream(d / "config.json") << kLlama32_1B;
        Out info = gna_cli({"info", q(d), "--json"});
        QVERIFY2(info.code == 0, info.err.constData());
        const Json j = json_of(info);
        QCOMPARE(j["config_only"].get<bool>(), true);
        QCOMPARE(j["tokenizer"].get<std::string>(), std::string("none"));
        const double expected[] = {4194304.0, 67108864.0, 134217728.0};
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(j["memory"][i]["kv_bytes"].get<double>(), expected[i]);
            QCOMPARE(j["memory"][i]["state_bytes"].get<double>(), 0.0);
        }
        Out text = gna_cli({"info", q(d)});
        QVERIFY2(text.out.contains("4.2 MB") && text.out.contains("67.1 MB") && text.out.contains("134.2 MB"),
                 text.out.constData());
        const auto spec = dir_ / "memory.json";
        std::ofstream(spec) << R"({"experiment": "memory_table"})";
        Out e = gna_cli({"experiment", q(spec), "--model", q(d), "--out", q(dir_ / "mem")});
        QVERIFY2(e.code == 0, e.err.constData());
        const Json r = read_json_file(dir_ / "mem" / "result.json");
        for (int i = 0; i < 3; ++i) QCOMPARE(r["memory"][i]["total_bytes"].get<double>(), expected[i]);
        QCOMPARE(r["model"]["architecture"].get<std::string>(), std::string("LlamaForCausalLM"));
    }

    // A config-only Mamba from make-tiny-model: 2 layers x (inner 64 x state 16 + inner 64 x
    // (conv 4 - 1)) = 2 x 1216 elements x 4 bytes (float32) = 9728 bytes whatever the length.
    void configOnlyRecurrentState() {
        const auto d = dir_ / "mamba_config";
        Out o = gna_cli(
            {"make-tiny-model", "--arch", "mamba", "--layers", "2", "--hidden", "32", "--layout", "config-only", q(d)});
        QVERIFY2(o.code == 0, o.err.constData());
        QCOMPARE(std::distance(std::filesystem::directory_iterator(d), std::filesystem::directory_iterator()), 1L);
        const Json j = json_of(gna_cli({"info", q(d), "--json"}));
        QCOMPARE(j["recurrent_layers"].get<int>(), 2);
        QCOMPARE(j["attention_layers"].get<int>(), 0);
        for (int i = 0; i < 3; ++i) QCOMPARE(j["memory"][i]["total_bytes"].get<double>(), 9728.0);
        Out run = gna_cli({"run", q(d), "--input-ids", "1,2"});
        QCOMPARE(run.code, 1);  // no weights: a clear refusal, not a crash
        QVERIFY(!run.err.isEmpty());
    }

    // LlavaForConditionalGeneration as transformers saves it, before 4.52 (language_model.model.*,
    // language_model.lm_head.*, vision_tower.*, multi_modal_projector.*) and since (model.language_model.*,
    // lm_head.*, model.vision_tower.*, ...; here sharded): the same seed gives the same language model
    // as the plain LlamaForCausalLM folder, so every logit must be equal; the vision tower is not read.
    void multimodalLanguageModel() {
        const auto plain = dir_ / "llama_plain", old = dir_ / "llava_old", v452 = dir_ / "llava_452";
        const QStringList common = {
            "make-tiny-model", "--arch", "llama",          "--layers", "2",      "--hidden", "32", "--heads", "4",
            "--kv-heads",      "2",      "--intermediate", "64",       "--seed", "7"};
        for (const auto& [d, extra] :
             {std::pair{plain, QStringList{}}, std::pair{old, QStringList{"--container", "llava"}},
              std::pair{v452, QStringList{"--container", "llava-4.52", "--shards", "2"}}}) {
            Out o = gna_cli(common + extra + QStringList{q(d)});
            QVERIFY2(o.code == 0, o.err.constData());
        }
        // The published layouts, read from the files themselves.
        const SafetensorsFile f(old / "model.safetensors");
        for (const char* n :
             {"language_model.model.embed_tokens.weight", "language_model.model.layers.1.mlp.up_proj.weight",
              "language_model.model.norm.weight", "language_model.lm_head.weight",
              "vision_tower.vision_model.embeddings.patch_embedding.weight", "multi_modal_projector.linear_1.weight"})
            QVERIFY2(f.contains(n), n);
        const Json index = read_json_file(v452 / "model.safetensors.index.json");
        for (const char* n :
             {"model.language_model.embed_tokens.weight", "model.language_model.layers.0.self_attn.q_proj.weight",
              "lm_head.weight", "model.vision_tower.vision_model.post_layernorm.weight",
              "model.multi_modal_projector.linear_2.weight"})
            QVERIFY2(index["weight_map"].contains(n), n);
        const Json cfg = read_json_file(old / "config.json");
        QCOMPARE(cfg["architectures"][0].get<std::string>(), std::string("LlavaForConditionalGeneration"));
        QCOMPARE(cfg["text_config"]["num_hidden_layers"].get<int>(), 2);

        const Checkpoint ref = Checkpoint::open(plain);
        LoadOptions lo;
        lo.check_memory = false;
        auto want = Model::load(plain, lo);
        RunRequest r;
        r.tokens = want->tokenizer().encode("The value of the key is 42.", true);
        r.all_logits = true;
        const RunResult expected = want->run(r);
        for (const auto& d : {old, v452}) {
            const Checkpoint c = Checkpoint::open(d);
            QCOMPARE(c.names(), ref.names());
            QCOMPARE(c.ignored_tensors(), std::size_t{6});
            QCOMPARE(c.total_bytes(), ref.total_bytes());  // load progress counts the language model only
            QCOMPARE(estimate_memory(d).weights, estimate_memory(plain).weights);
            auto m = Model::load(d, lo);
            QCOMPARE(m->info().parameters, want->info().parameters);
            QCOMPARE(m->info().num_layers, 2);
            const RunResult got = m->run(r);
            QCOMPARE(got.all_logits.size(), expected.all_logits.size());
            QVERIFY(got.all_logits == expected.all_logits);
            // And through the command line as users run it.
            const Json a = json_of(gna_cli({"run", q(d), "--prompt", "hello world", "--json", "--top", "3"}));
            const Json b = json_of(gna_cli({"run", q(plain), "--prompt", "hello world", "--json", "--top", "3"}));
            QCOMPARE(a["top"], b["top"]);
        }
    }

    // google/gemma-3-4b-it's layout (transformers before 4.52): no lm_head (tied), a projector
    // weight without a module, the SigLIP tower; the text model's names come out plain.
    void gemma3Names() {
        const auto d = dir_ / "gemma3_names";
        std::filesystem::create_directories(d);
        auto t = [](const char* name, float v) {
            return TensorToWrite{name, DType::BF16, {2}, encode_floats({v, -v}, DType::BF16)};
        };
        write_safetensors(
            d / "model.safetensors",
            {t("language_model.model.embed_tokens.weight", 1),
             t("language_model.model.layers.0.self_attn.q_norm.weight", 2), t("language_model.model.norm.weight", 3),
             t("multi_modal_projector.mm_input_projection_weight", 4),
             t("vision_tower.vision_model.embeddings.patch_embedding.weight", 5)});
        const Checkpoint c = Checkpoint::open(d);
        QCOMPARE(c.names(),
                 (std::vector<std::string>{"model.embed_tokens.weight", "model.layers.0.self_attn.q_norm.weight",
                                           "model.norm.weight"}));
        QCOMPARE(c.ignored_tensors(), std::size_t{2});
        QCOMPARE(to_float(c.tensor("model.norm.weight")), (std::vector<float>{3, -3}));
        QVERIFY(!c.contains("lm_head.weight") && !c.contains("multi_modal_projector.mm_input_projection_weight"));
    }

    void mixedMultimodalNamesAreRefused() {
        const auto d = dir_ / "llava_mixed";
        std::filesystem::create_directories(d);
        const std::vector<float> one(4, 1.0f);
        write_safetensors(d / "model.safetensors",
                          {{"language_model.model.norm.weight", DType::F32, {4}, encode_floats(one, DType::F32)},
                           {"model.language_model.norm.weight", DType::F32, {4}, encode_floats(one, DType::F32)}});
        QString e;
        try {
            Checkpoint::open(d);
        } catch (const std::exception& x) {
            e = QString::fromUtf8(x.what());
        }
        QVERIFY2(e.contains("llava_mixed") && e.contains("language_model.model.norm.weight") &&
                     e.contains("model.language_model.norm.weight") && e.contains("'model.norm.weight'"),
                 qPrintable(e));
    }
};

QTEST_GUILESS_MAIN(TestCheckpointLayouts)
#include "tst_checkpoint_layouts.moc"
