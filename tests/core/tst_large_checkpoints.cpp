// Multi-GB sharded checkpoints through Model::load as users' checkpoints are loaded: a Llama shape
// with hidden 4096 and intermediate 14336 (4 layers, untied head: 2.3 GB in bf16, 4.5 GB in f32,
// beyond 32-bit byte counts), written as sparse files (headers only; the weights read as zeros).
//  - bf16 and f32 weights are used in place (memory-mapped): the anonymous resident memory grows by
//    a small fraction of the weights' size during the load;
//  - load progress is the fraction of the checkpoint's bytes read: one step per tensor, each step
//    one tensor's size from the shard headers written here;
//  - a cancel raised at half way stops the load with gna::Cancelled before the next tensor.
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <fstream>

#include "gna/cpu_runtime.h"
#include "gna/error.h"
#include "gna/json.h"
#include "gna/model.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

namespace {

constexpr int64_t kLayers = 4, kHidden = 4096, kInter = 14336, kHeads = 32, kKvHeads = 8, kVocab = 32000;

struct Shape {
    std::string name;
    std::vector<int64_t> shape;
    int64_t numel() const {
        int64_t n = 1;
        for (int64_t d : shape) n *= d;
        return n;
    }
};

std::vector<Shape> llama_tensors() {
    const int64_t D = kHidden / kHeads;
    std::vector<Shape> t = {{"model.embed_tokens.weight", {kVocab, kHidden}}};
    for (int64_t l = 0; l < kLayers; ++l) {
        const std::string p = "model.layers." + std::to_string(l);
        t.push_back({p + ".input_layernorm.weight", {kHidden}});
        t.push_back({p + ".self_attn.q_proj.weight", {kHeads * D, kHidden}});
        t.push_back({p + ".self_attn.k_proj.weight", {kKvHeads * D, kHidden}});
        t.push_back({p + ".self_attn.v_proj.weight", {kKvHeads * D, kHidden}});
        t.push_back({p + ".self_attn.o_proj.weight", {kHidden, kHeads * D}});
        t.push_back({p + ".post_attention_layernorm.weight", {kHidden}});
        t.push_back({p + ".mlp.gate_proj.weight", {kInter, kHidden}});
        t.push_back({p + ".mlp.up_proj.weight", {kInter, kHidden}});
        t.push_back({p + ".mlp.down_proj.weight", {kHidden, kInter}});
    }
    t.push_back({"model.norm.weight", {kHidden}});
    t.push_back({"lm_head.weight", {kVocab, kHidden}});
    return t;
}

// Shards with their index, as save_pretrained writes them, but only the headers: each file is
// extended to its full size with a hole. Returns the total size of the weights in bytes.
uint64_t write_sparse_checkpoint(const std::filesystem::path& dir, const std::string& dtype, int shards) {
    std::filesystem::create_directories(dir);
    const uint64_t elem = dtype == "BF16" ? 2 : 4;
    const std::vector<Shape> all = llama_tensors();
    Json index = {{"metadata", Json::object()}, {"weight_map", Json::object()}};
    uint64_t total = 0;
    const std::size_t per = (all.size() + shards - 1) / static_cast<std::size_t>(shards);
    for (int s = 0; s < shards; ++s) {
        const std::string file =
            "model-0000" + std::to_string(s + 1) + "-of-0000" + std::to_string(shards) + ".safetensors";
        Json header = {{"__metadata__", {{"format", "pt"}}}};
        uint64_t offset = 0;
        for (std::size_t i = s * per; i < std::min(all.size(), (s + 1) * per); ++i) {
            const uint64_t bytes = static_cast<uint64_t>(all[i].numel()) * elem;
            header[all[i].name] = {
                {"dtype", dtype}, {"shape", all[i].shape}, {"data_offsets", {offset, offset + bytes}}};
            index["weight_map"][all[i].name] = file;
            offset += bytes;
        }
        std::string h = header.dump();
        while ((8 + h.size()) % 8 != 0) h += ' ';
        std::string out(8, '\0');
        for (int b = 0; b < 8; ++b) out[b] = static_cast<char>((static_cast<uint64_t>(h.size()) >> (8 * b)) & 0xff);
        std::ofstream(dir / file, std::ios::binary) << out << h;
        std::filesystem::resize_file(dir / file, 8 + h.size() + offset);
        total += offset;
    }
    index["metadata"]["total_size"] = total;
    std::ofstream(dir / "model.safetensors.index.json") << index.dump(2);
    const Json cfg = {{"architectures", {"LlamaForCausalLM"}},
                      {"model_type", "llama"},
                      {"hidden_size", kHidden},
                      {"intermediate_size", kInter},
                      {"num_hidden_layers", kLayers},
                      {"num_attention_heads", kHeads},
                      {"num_key_value_heads", kKvHeads},
                      {"vocab_size", kVocab},
                      {"max_position_embeddings", 4096},
                      {"rms_norm_eps", 1e-5},
                      {"rope_theta", 500000.0},
                      {"hidden_act", "silu"},
                      {"tie_word_embeddings", false},
                      {"torch_dtype", dtype == "BF16" ? "bfloat16" : "float32"}};
    std::ofstream(dir / "config.json") << cfg.dump(2);
    return total;
}

// This process's anonymous resident memory (heap, copies), in bytes; file mappings not included.
double rss_anon_bytes() {
    std::ifstream in("/proc/self/status");
    std::string key;
    double kb = -1;
    while (in >> key) {
        if (key == "RssAnon:") {
            in >> kb;
            break;
        }
        in.ignore(1 << 20, '\n');
    }
    return kb * 1024.0;
}

}  // namespace

class TestLargeCheckpoints : public QObject {
    Q_OBJECT
    TempDir dir_;
    std::filesystem::path f32_, bf16_;
    uint64_t f32_bytes_ = 0, bf16_bytes_ = 0;

    // Loads `dir` in `dtype`: the weights stay in the mapped files (anonymous memory grows by < 5%).
    void loadsInPlace(const std::filesystem::path& dir, ComputeDType dtype, uint64_t bytes) {
        LoadOptions o;
        o.dtype = dtype;
        o.check_memory = false;  // the check (tst_memory_estimate) would count the mapped weights as resident
        const double before = rss_anon_bytes();
        QVERIFY(before > 0);
        auto m = Model::load(dir, o);
        const double grown = rss_anon_bytes() - before;
        QVERIFY2(grown < 0.05 * static_cast<double>(bytes),
                 qPrintable(
                     QString("anonymous memory grew by %1 MB for %2 MB of weights").arg(grown / 1e6).arg(bytes / 1e6)));
        QCOMPARE(m->info().num_layers, static_cast<int>(kLayers));
        QCOMPARE(m->info().parameters, static_cast<int64_t>(bytes / (dtype == ComputeDType::BF16 ? 2 : 4)));
    }

private Q_SLOTS:
    void initTestCase() {
        f32_bytes_ = write_sparse_checkpoint(f32_ = dir_ / "llama_f32", "F32", 3);
        bf16_bytes_ = write_sparse_checkpoint(bf16_ = dir_ / "llama_bf16", "BF16", 2);
        QVERIFY(f32_bytes_ > (uint64_t{1} << 32));
        QCOMPARE(bf16_bytes_ * 2, f32_bytes_);
    }

    void f32WeightsStayMapped() { loadsInPlace(f32_, ComputeDType::F32, f32_bytes_); }

    void bf16WeightsStayMapped() {
        if (!cpu_has_native_bf16()) QSKIP("this CPU has no bf16 instructions: --dtype bf16 is refused here");
        loadsInPlace(bf16_, ComputeDType::BF16, bf16_bytes_);
    }

    void progressStepsAreTensorSizes() {
        std::vector<double> seen;
        LoadOptions o;
        o.check_memory = false;
        o.progress = [&](double f) { seen.push_back(f); };
        Model::load(f32_, o);
        std::vector<uint64_t> want;
        for (const Shape& s : llama_tensors()) want.push_back(static_cast<uint64_t>(s.numel()) * 4);
        QCOMPARE(seen.size(), want.size());
        std::vector<uint64_t> steps;
        double prev = 0;
        for (double f : seen) {
            QVERIFY(f >= prev);
            steps.push_back(static_cast<uint64_t>(std::llround((f - prev) * static_cast<double>(f32_bytes_))));
            prev = f;
        }
        QCOMPARE(seen.back(), 1.0);
        std::sort(steps.begin(), steps.end());
        std::sort(want.begin(), want.end());
        QCOMPARE(steps, want);
    }

    void cancelHalfWay() {
        std::atomic<bool> cancel{false};
        std::vector<double> seen;
        LoadOptions o;
        o.check_memory = false;
        o.cancel = &cancel;
        o.progress = [&](double f) {
            QVERIFY(!cancel.load());  // no tensor is read once the flag is up
            seen.push_back(f);
            if (f >= 0.5) cancel = true;
        };
        QVERIFY_THROWS_EXCEPTION(Cancelled, Model::load(f32_, o));
        QVERIFY(!seen.empty());
        QVERIFY2(seen.back() >= 0.5 && seen.back() < 1.0, qPrintable(QString::number(seen.back())));
        // The same folder loads afterwards (nothing was left half-mapped or locked).
        cancel = false;
        seen.clear();
        o.progress = [&](double f) { seen.push_back(f); };
        QVERIFY(Model::load(f32_, o) != nullptr);
        QCOMPARE(seen.back(), 1.0);
    }
};

QTEST_GUILESS_MAIN(TestLargeCheckpoints)
#include "tst_large_checkpoints.moc"
