// The memory check before loading: the estimate against a hand count, the refusal of a checkpoint
// whose headers claim more than the machine has, and a tiny model that loads as before.
#include <QtTest>

#include <cstring>
#include <fstream>

#include "gna/config.h"
#include "gna/error.h"
#include "gna/memory_estimate.h"
#include "gna/model.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

namespace {

template <class F>
void expect_error(F&& fn, std::initializer_list<std::string> needles) {
    try {
        fn();
    } catch (const gna::Error& e) {
        for (const auto& n : needles)
            QVERIFY2(std::strstr(e.what(), n.c_str()), qPrintable(QString("'%1' lacks '%2'").arg(e.what(), n.c_str())));
        return;
    }
    QFAIL("no gna::Error thrown");
}

// Replaces dir/model.safetensors by a sparse file whose one BF16 tensor of rows x cols takes
// rows * cols * 2 bytes that are never written.
void write_sparse_checkpoint(const std::filesystem::path& dir, int64_t rows, int64_t cols) {
    const uint64_t bytes = static_cast<uint64_t>(rows) * static_cast<uint64_t>(cols) * 2;
    const std::string header = "{\"model.embed_tokens.weight\":{\"dtype\":\"BF16\",\"shape\":[" + std::to_string(rows) +
        "," + std::to_string(cols) + "],\"data_offsets\":[0," + std::to_string(bytes) + "]}}";
    const auto path = dir / "model.safetensors";
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        const uint64_t n = header.size();
        for (int i = 0; i < 8; ++i) out.put(static_cast<char>((n >> (8 * i)) & 0xff));
        out << header;
    }
    std::filesystem::resize_file(path, 8 + header.size() + bytes);
}

}  // namespace

class TestMemoryEstimate : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void estimateEqualsHandCount() {
        TempDir tmp;
        TinyModelSpec s;  // llama: 2 layers, hidden 64, 4 heads of 16, 2 KV heads, MLP 128, 2048 positions
        const auto dir = make_model(tmp, "llama", s);
        const uint64_t V = static_cast<uint64_t>(ModelConfig::load(dir).require_int("vocab_size"));
        const uint64_t L = 2, C = 64, H = 4, KVH = 2, D = 16, I = 128, T = 100;
        // embeddings + lm_head + final norm; per layer q, k, v, o, gate/up/down, two norms
        const uint64_t params = 2 * V * C + C + L * (C * H * D + 2 * C * KVH * D + H * D * C + 3 * C * I + 2 * C);
        const MemoryEstimate e = estimate_memory(dir, ComputeDType::F32, static_cast<int>(T));
        QCOMPARE(e.context, static_cast<int>(T));
        QCOMPARE(e.weights, params * 4);
        QCOMPARE(e.cache, L * 2 * KVH * D * T * 4);
        // widest of the MLP (128) and 2 x hidden (128); scores + probabilities of 4 heads; logits
        QCOMPARE(e.activations, (T * (4 * C + 3 * I) + 2 * H * T * T + T * V) * 4);
        QCOMPARE(e.total(), e.weights + e.cache + e.activations);
        const MemoryEstimate b = estimate_memory(dir, ComputeDType::BF16, static_cast<int>(T));
        QCOMPARE(b.weights, params * 2);
        QCOMPARE(b.cache, L * 2 * KVH * D * T * 2);
        // bf16 hidden states; scores, probabilities and logits stay f32
        QCOMPARE(b.activations, T * (4 * C + 3 * I) * 2 + (2 * H * T * T + T * V) * 4);
        QCOMPARE(estimate_memory(dir, ComputeDType::F32, 1 << 20).context, 2048);  // capped at max positions
    }

    void mamba2StatesHaveNoKvCache() {
        TempDir tmp;
        TinyModelSpec s;
        s.arch = "mamba2";  // hidden 64, expand 2, state 16, conv 4, 1 group
        const auto dir = make_model(tmp, "mamba2", s);
        const uint64_t L = 2, d_inner = 128, N = 16, K = 4;
        QCOMPARE(estimate_memory(dir, ComputeDType::F32, 50).cache, L * (d_inner * N + (d_inner + 2 * N) * K) * 4);
    }

    void checkNamesFolderEstimateAndRemedy() {
        TempDir tmp;
        const auto dir = make_model(tmp, "llama", TinyModelSpec{});
        const MemoryEstimate e = estimate_memory(dir);
        check_memory_fits(dir, e, AvailableMemory{e.total(), "test"});  // exactly enough: no throw
        expect_error(
            [&] {
                check_memory_fits(dir, e, AvailableMemory{e.total() - 1, "a test limit"});
            },
            {dir.string(), format_bytes(e.total()), "a test limit", "fewer layers", "GPU", "bf16"});
    }

    void checkpointLargerThanTheMachineIsRefused() {
        const auto available = available_memory();
        if (!available) QSKIP("neither /proc/meminfo nor a cgroup limit can be read here");
        TempDir tmp;
        const auto dir = make_model(tmp, "llama", TinyModelSpec{});
        write_sparse_checkpoint(dir, int64_t{1} << 20, int64_t{1} << 19);  // 2^39 BF16 values: 2.2 TB in f32
        const MemoryEstimate e = estimate_memory(dir);
        QCOMPARE(e.weights, (uint64_t{1} << 39) * 4);
        QVERIFY(e.total() > available->bytes);
        expect_error([&] { Model::load(dir); },
                     {dir.string(), "needs about " + format_bytes(e.total()), "is available", "It was not loaded",
                      "fewer layers", "--device cuda"});
        LoadOptions unchecked;
        unchecked.check_memory = false;  // the check is what refuses it: without it the loader goes on
        try {  // (and stops at the tensor shapes, which do not match config.json)
            Model::load(dir, unchecked);
            QFAIL("the checkpoint's shapes do not match its config, yet it loaded");
        } catch (const gna::Error& err) {
            QVERIFY2(!std::strstr(err.what(), "needs about"), err.what());
        }
    }

    void tinyModelLoads() {
        TempDir tmp;
        const auto dir = make_model(tmp, "llama", TinyModelSpec{});
        auto model = Model::load(dir);
        QCOMPARE(model->info().num_layers, 2);
        RunRequest r;
        r.tokens = {1, 2, 3};
        QCOMPARE(static_cast<int>(model->run(r).last_logits.size()), model->info().vocab_size);
    }
};

QTEST_MAIN(TestMemoryEstimate)
#include "tst_memory_estimate.moc"
