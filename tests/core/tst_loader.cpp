// Checkpoint loading: dtypes, shards, tied embeddings, and every kind of bad input.
#include <QtTest>

#include <cstring>
#include <fstream>
#include <functional>

#include "gna/config.h"
#include "gna/error.h"
#include "gna/model.h"
#include "naive_llama.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

namespace {

// Expects fn to throw gna::Error whose message contains every needle.
template <class F>
void expect_error(F&& fn, std::initializer_list<const char*> needles) {
    try {
        fn();
    } catch (const gna::Error& e) {
        for (const char* n : needles)
            QVERIFY2(std::strstr(e.what(), n), qPrintable(QString("'%1' lacks '%2'").arg(e.what(), n)));
        return;
    }
    QFAIL("no gna::Error thrown");
}

std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}
void spit(const std::filesystem::path& p, const std::string& s) {
    std::ofstream out(p, std::ios::binary | std::ios::trunc);
    out << s;
}
// A safetensors file from a raw header string and a data size.
std::string raw_file(const std::string& header, std::size_t data_bytes) {
    std::string out(8, '\0');
    uint64_t n = header.size();
    for (int i = 0; i < 8; ++i) out[i] = static_cast<char>((n >> (8 * i)) & 0xff);
    return out + header + std::string(data_bytes, '\0');
}

}  // namespace

class TestLoader : public QObject {
    Q_OBJECT
    TempDir dir_;
    TinyModelSpec spec_;

private Q_SLOTS:
    void initTestCase() {
        spec_.layers = 2;
        spec_.hidden = 32;
        spec_.heads = 4;
        spec_.kv_heads = 4;
        spec_.intermediate = 40;
    }

    void dtypeRoundTrip_data() {
        QTest::addColumn<int>("dtype");
        QTest::newRow("F32") << int(DType::F32);
        QTest::newRow("F16") << int(DType::F16);
        QTest::newRow("BF16") << int(DType::BF16);
    }
    void dtypeRoundTrip() {
        QFETCH(int, dtype);
        // Values that are exact in every format survive a write/read unchanged.
        std::vector<float> v = {0.0f, 1.0f, -2.5f, 0.15625f, 1024.0f, -0.0078125f};
        auto path = dir_ / ("rt" + std::to_string(dtype) + ".safetensors");
        write_safetensors(path, {{"w", DType(dtype), {2, 3}, encode_floats(v, DType(dtype))}});
        SafetensorsFile f(path);
        TensorView t = f.tensor("w");
        QCOMPARE(t.shape, (std::vector<int64_t>{2, 3}));
        QCOMPARE(to_float(t), v);
        // Rounding: bf16 keeps 8 mantissa bits -> 1 + 2^-9 rounds to 1 (ties to even), f16 keeps it.
        QCOMPARE(bf16_to_float(float_to_bf16(1.0f + 1.0f / 512)), 1.0f);
        QCOMPARE(f16_to_float(float_to_f16(1.0f + 1.0f / 512)), 1.0f + 1.0f / 512);
        QCOMPARE(f16_to_float(float_to_f16(1e-7f)), 1.0f / 16777216 * 2);  // subnormal: nearest of k * 2^-24
        QCOMPARE(f16_to_float(0x7c00), std::numeric_limits<float>::infinity());
    }

    void modelsInEveryDtypeMatchTheReference_data() { dtypeRoundTrip_data(); }
    void modelsInEveryDtypeMatchTheReference() {
        QFETCH(int, dtype);
        TinyModelSpec s = spec_;
        s.dtype = DType(dtype);
        auto p = make_model(dir_, "m" + std::to_string(dtype), s);
        auto m = Model::load(p);
        QCOMPARE(m->info().weights_dtype, std::string(dtype_name(DType(dtype))));
        RunRequest r;
        r.tokens = m->tokenizer().encode("It was the best of times");
        r.all_logits = true;
        auto ref = naive_llama_forward(p, r.tokens);
        std::vector<float> flat;
        for (auto& row : ref.logits) flat.insert(flat.end(), row.begin(), row.end());
        QVERIFY(max_abs_diff(m->run(r).all_logits, flat) < 1e-4);
    }

    void loadReportsProgressAndCancels() {
        // Progress: non-decreasing fractions of the checkpoint's bytes, ending at 1 (every tensor
        // of an untied Llama is read once); a set cancel flag stops the load with gna::Cancelled.
        TinyModelSpec s = spec_;
        s.shards = 2;
        auto p = make_model(dir_, "progress", s);
        std::vector<double> seen;
        LoadOptions opt;
        opt.progress = [&](double f) { seen.push_back(f); };
        auto m = Model::load(p, opt);
        QVERIFY(seen.size() >= 2u * 9u);  // embeddings, norms, 9 tensors per layer, head
        for (std::size_t i = 1; i < seen.size(); ++i) QVERIFY(seen[i] >= seen[i - 1]);
        QVERIFY(seen.front() > 0.0 && seen.front() < 1.0);
        QVERIFY(std::abs(seen.back() - 1.0) < 1e-12);
        std::atomic<bool> cancel{true};
        LoadOptions stop;
        stop.cancel = &cancel;
        QVERIFY_THROWS_EXCEPTION(Cancelled, Model::load(p, stop));
    }

    void shardedEqualsSingleFile() {
        TinyModelSpec s = spec_;
        auto one = make_model(dir_, "one", s);
        s.shards = 3;
        auto three = make_model(dir_, "three", s);
        QVERIFY(std::filesystem::exists(three / "model.safetensors.index.json"));
        QVERIFY(std::filesystem::exists(three / "model-00003-of-00003.safetensors"));
        QVERIFY(!std::filesystem::exists(three / "model.safetensors"));
        auto a = Model::load(one), b = Model::load(three);
        RunRequest r;
        r.tokens = a->tokenizer().encode("Call me Ishmael");
        QCOMPARE(a->run(r).last_logits, b->run(r).last_logits);
        QCOMPARE(a->info().parameters, b->info().parameters);
    }

    void tiedAndUntiedEmbeddings() {
        TinyModelSpec s = spec_;
        s.tie_embeddings = true;
        auto tied = make_model(dir_, "tied", s);
        Checkpoint ck = Checkpoint::open(tied);
        QVERIFY(!ck.contains("lm_head.weight"));
        auto m = Model::load(tied);
        const auto& i = m->info();
        // parameters: embeddings once + per layer (norms, q,k,v,o, mlp) + final norm
        const int64_t V = i.vocab_size, C = 32, I = 40, L = 2;
        const int64_t per_layer = 2 * C + 4 * C * C + 3 * C * I;
        QCOMPARE(i.parameters, V * C + L * per_layer + C);
        RunRequest r;
        r.tokens = m->tokenizer().encode("sunny day");
        r.all_logits = true;
        std::vector<float> flat;
        for (auto& row : naive_llama_forward(tied, r.tokens).logits) flat.insert(flat.end(), row.begin(), row.end());
        QVERIFY(max_abs_diff(m->run(r).all_logits, flat) < 1e-4);
        // Untied without lm_head -> clear error
        auto broken = withConfig("untied_broken", [](Json& cfg) { cfg["tie_word_embeddings"] = true; });
        QVERIFY(Model::load(broken) != nullptr);  // tied: lm_head present is used, fine
    }

    void configToleratesInfinityAndBothRopeStyles() {
        Json j = parse_json_relaxed(R"({"time_step_limit": [0.0, Infinity], "x": -Infinity, "y": NaN,
                                       "s": "Infinity inside a string"})",
                                    "cfg");
        QVERIFY(std::isinf(j["time_step_limit"][1].get<double>()));
        QVERIFY(j["x"].get<double>() < 0 && std::isinf(j["x"].get<double>()));
        QVERIFY(std::isnan(j["y"].get<double>()));
        QCOMPARE(j["s"].get<std::string>(), std::string("Infinity inside a string"));

        TinyModelSpec s = spec_;
        s.llama3_rope_scaling = true;
        auto a = make_model(dir_, "rope_old", s);
        s.rope_parameters_style = true;
        auto b = make_model(dir_, "rope_new", s);
        QVERIFY(read_json_file(b / "config.json").contains("rope_parameters"));
        QVERIFY(!read_json_file(b / "config.json").contains("rope_theta"));
        RopeConfig ra = ModelConfig::load(a).rope(), rb = ModelConfig::load(b).rope();
        QCOMPARE(ra.type, std::string("llama3"));
        QCOMPARE(rb.type, std::string("llama3"));
        QCOMPARE(ra.theta, rb.theta);
        QCOMPARE(ra.factor, 8.0);
        RunRequest r;
        auto ma = Model::load(a), mb = Model::load(b);
        r.tokens = ma->tokenizer().encode("The value of the key");
        QCOMPARE(ma->run(r).last_logits, mb->run(r).last_logits);
        // old spelling "type"
        Json old = {{"rope_scaling", {{"type", "linear"}, {"factor", 2.0}}}};
        QCOMPARE(ModelConfig::from_json(old, "c.json").rope().type, std::string("linear"));
        Json unknown = {{"rope_scaling", {{"rope_type", "yarn"}, {"factor", 2.0}}}};
        expect_error([&] { ModelConfig::from_json(unknown, "c.json").rope(); }, {"c.json", "yarn"});
    }

    void headNames() {
        QCOMPARE(parse_head("L17.H24"), (HeadRef{17, 24}));
        QCOMPARE(parse_head("L17H24"), (HeadRef{17, 24}));
        QCOMPARE(parse_head("17.24"), (HeadRef{17, 24}));
        QCOMPARE(parse_head("l3.s5"), (HeadRef{3, 5, HeadKind::SSM}));
        QCOMPARE(parse_head_list("L16.H22, L17.H24").size(), std::size_t(2));
        QCOMPARE(HeadRef(16, 22).name(), std::string("L16.H22"));
        for (const char* bad : {"", "L", "L17", "L17.X3", "H3", "L1.H2x", "-1.2"})
            QVERIFY_THROWS_EXCEPTION(gna::Error, parse_head(bad));
    }

    // ---- bad input: each names the file and the problem ----
    void missingConfigKey() {
        auto p = withConfig("nokey", [](Json& cfg) { cfg.erase("hidden_size"); });
        expect_error([&] { Model::load(p); }, {"config.json", "hidden_size", "missing"});
    }
    void unknownArchitecture() {
        auto p = withConfig("arch", [](Json& cfg) { cfg["architectures"] = {"GPTBigCodeForCausalLM"}; });
        expect_error([&] { Model::load(p); },
                     {"config.json", "GPTBigCodeForCausalLM", "not supported", "LlamaForCausalLM"});
    }
    void truncatedSafetensors() {
        auto p = make_model(dir_, "trunc", spec_);
        std::string bytes = slurp(p / "model.safetensors");
        spit(p / "model.safetensors", bytes.substr(0, bytes.size() - 100));
        expect_error([&] { Model::load(p); }, {"model.safetensors", "past the end", "truncated"});
        spit(p / "model.safetensors", bytes.substr(0, 5));
        expect_error([&] { Model::load(p); }, {"model.safetensors", "truncated"});
    }
    void headerLengthBeyondFile() {
        auto f = dir_ / "hl.safetensors";
        std::string s = raw_file("{}", 0);
        s[0] = '\xff';
        s[1] = '\xff';
        spit(f, s);
        expect_error([&] { SafetensorsFile x(f); }, {"hl.safetensors", "beyond the file"});
    }
    void overlappingOrOutOfRangeOffsets() {
        auto f = dir_ / "ov.safetensors";
        spit(
            f,
            raw_file(
                R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},"b":{"dtype":"F32","shape":[2],"data_offsets":[4,12]}})",
                12));
        expect_error([&] { SafetensorsFile x(f); }, {"ov.safetensors", "overlapping"});
        spit(f, raw_file(R"({"a":{"dtype":"F32","shape":[4],"data_offsets":[0,16]}})", 8));
        expect_error([&] { SafetensorsFile x(f); }, {"ov.safetensors", "'a'", "past the end"});
        spit(f, raw_file(R"({"a":{"dtype":"F32","shape":[2],"data_offsets":[8,4]}})", 8));
        expect_error([&] { SafetensorsFile x(f); }, {"ov.safetensors", "end < begin"});
    }
    void unknownDtype() {
        auto f = dir_ / "dt.safetensors";
        spit(f, raw_file(R"({"a":{"dtype":"F8_E9","shape":[2],"data_offsets":[0,2]}})", 2));
        expect_error([&] { SafetensorsFile x(f); }, {"dt.safetensors", "'a'", "unknown dtype", "F8_E9"});
    }
    void shapeDisagreesWithBytes() {
        auto f = dir_ / "sh.safetensors";
        spit(f, raw_file(R"({"a":{"dtype":"F32","shape":[3],"data_offsets":[0,8]}})", 8));
        expect_error([&] { SafetensorsFile x(f); }, {"sh.safetensors", "'a'", "12 bytes", "span 8"});
    }
    void notJsonHeader() {
        auto f = dir_ / "nj.safetensors";
        spit(f, raw_file("{not json", 0));
        expect_error([&] { SafetensorsFile x(f); }, {"nj.safetensors", "not valid JSON"});
    }
    void missingTensor() {
        auto p = make_model(dir_, "miss", spec_);
        Checkpoint ck = Checkpoint::open(p);
        std::vector<TensorToWrite> keep;
        for (const auto& n : ck.names()) {
            if (n == "model.layers.1.mlp.up_proj.weight") continue;
            TensorView v = ck.tensor(n);
            keep.push_back({n, v.dtype, v.shape, std::vector<std::byte>(v.data, v.data + v.nbytes)});
        }
        write_safetensors(p / "model2.safetensors", keep);
        std::filesystem::rename(p / "model2.safetensors", p / "model.safetensors");
        expect_error([&] { Model::load(p); }, {"model.layers.1.mlp.up_proj.weight", "no tensor"});
    }
    void wrongShape() {
        auto p = withConfig("shape", [](Json& cfg) { cfg["intermediate_size"] = 41; });
        expect_error([&] { Model::load(p); }, {"model.safetensors", "gate_proj", "shape [40, 32]", "[41, 32]"});
    }
    void shardIndexNamesMissingFile() {
        TinyModelSpec s = spec_;
        s.shards = 2;
        auto p = make_model(dir_, "shardmiss", s);
        std::filesystem::remove(p / "model-00002-of-00002.safetensors");
        expect_error([&] { Model::load(p); },
                     {"model.safetensors.index.json", "model-00002-of-00002.safetensors", "does not exist"});
    }
    void pickledCheckpointRefused() {
        auto p = dir_ / "pickle";
        std::filesystem::create_directories(p);
        spit(p / "pytorch_model.bin", "PK\x03\x04 not really");
        spit(p / "config.json", R"({"architectures":["LlamaForCausalLM"]})");
        expect_error([&] { Model::load(p); }, {"pytorch_model.bin", "pickle", "safe_serialization=True"});
    }
    void notAFolderAndNoConfig() {
        expect_error([&] { Model::load(dir_ / "nope"); }, {"nope", "not a model folder"});
        auto p = make_model(dir_, "nocfg", spec_);
        std::filesystem::remove(p / "config.json");
        expect_error([&] { Model::load(p); }, {"config.json", "not found"});
        spit(p / "config.json", "{\"hidden_size\": 3");
        expect_error([&] { Model::load(p); }, {"config.json", "not valid JSON"});
    }
    void inconsistentHeads() {
        auto p = withConfig("heads", [](Json& cfg) { cfg["num_key_value_heads"] = 3; });
        expect_error([&] { Model::load(p); }, {"config.json", "num_key_value_heads"});
    }

private:
    // A tiny model (spec_) in dir_/name with its config.json changed by `edit`.
    std::filesystem::path withConfig(const std::string& name, const std::function<void(Json&)>& edit) {
        auto p = make_model(dir_, name, spec_);
        Json cfg = read_json_file(p / "config.json");
        edit(cfg);
        write_json_file_atomic(p / "config.json", cfg);
        return p;
    }
};

QTEST_GUILESS_MAIN(TestLoader)
#include "tst_loader.moc"
