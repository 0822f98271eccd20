// Bad state-space and hybrid checkpoints give a gna::Error that names the file, the tensor or key
// and what is wrong, for every architecture: a missing decay parameter (A_log; RecurrentGemma's
// rg_lru.recurrent_param), a conv1d weight of the wrong shape, and config.json values whose
// heads x head_dim do not fit the inner width. Each row writes a tiny checkpoint, breaks one thing
// and loads it.
#include <QtTest>

#include "gna/json.h"
#include "gna/model.h"
#include "ssm_test_util.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

namespace {

TinyModelSpec tiny(const std::string& arch) {
    TinyModelSpec s;
    s.arch = arch;
    s.seed = 3;
    s.hidden = 32;
    s.layers = 2;
    if (arch == "mamba" || arch == "falcon_mamba") {
        s.hidden = 24;  // d_inner 48
        s.state_size = 6;
    } else if (arch == "mamba2") {
        s.ssm_head_dim = 16;  // 4 heads over d_inner 64
        s.n_groups = 2;
        s.state_size = 8;  // conv_dim 64 + 2 * 2 * 8 = 96
        s.chunk_size = 8;
    } else if (arch == "jamba") {
        s.heads = 4;  // layer 0 mamba (d_inner 64), layer 1 attention + MoE
        s.kv_heads = 2;
        s.intermediate = 48;
        s.state_size = 4;
    } else if (arch == "zamba2") {
        s.layers = 3;
        s.block_types = "mamba,hybrid,hybrid";
        s.heads = 4;  // attention on 64 channels, head_dim 16
        s.kv_heads = 4;
        s.intermediate = 48;
        s.ssm_head_dim = 16;  // 4 Mamba-2 heads
        s.n_groups = 2;
        s.state_size = 8;  // conv_dim 96
        s.chunk_size = 8;
    } else if (arch == "recurrentgemma") {
        s.layers = 3;  // recurrent, recurrent, attention
        s.heads = 4;  // 4 RG-LRU blocks of 8 channels (lru_width 32)
        s.intermediate = 64;
    }
    return s;
}

// Replaces {dir}, {weights} and {config} in an expected substring by the broken copy's paths.
std::string expand(std::string s, const std::filesystem::path& dir) {
    const std::pair<std::string, std::string> subs[] = {{"{dir}", dir.string()},
                                                        {"{weights}", (dir / "model.safetensors").string()},
                                                        {"{config}", (dir / "config.json").string()}};
    for (const auto& [from, to] : subs)
        for (std::size_t p; (p = s.find(from)) != std::string::npos;) s.replace(p, from.size(), to);
    return s;
}

}  // namespace

class TestSsmLoadErrors : public QObject {
    Q_OBJECT
    TempDir dir_;
    std::map<std::string, std::filesystem::path> models_;
    int case_ = 0;

private Q_SLOTS:
    void initTestCase() {
        for (const char* a : {"mamba", "falcon_mamba", "mamba2", "jamba", "zamba2", "recurrentgemma"})
            models_[a] = make_model(dir_, a, tiny(a));
        for (const auto& [arch, path] : models_) QVERIFY2(load_error(path).empty(), arch.c_str());  // intact: loads
    }

    void badCheckpoint_data() {
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("kind");  // drop (a tensor), shape (of a tensor), config (a key)
        QTest::addColumn<QString>("target");  // tensor name or config key
        QTest::addColumn<QString>("value");  // new shape or config value, as JSON
        QTest::addColumn<QStringList>("expect");

        const QString missing = QStringLiteral("no tensor");
        auto row = [](const char* name, const char* arch, const char* kind, const char* target, const char* value,
                      const QStringList& expect) {
            QTest::newRow(name) << QString::fromLatin1(arch) << QString::fromLatin1(kind) << QString::fromLatin1(target)
                                << QString::fromLatin1(value) << expect;
        };

        // The message names the tensor and, for a wrong shape, the shape found and the one expected.
        auto drop = [&](const char* name, const char* arch, const char* tensor) {
            row(name, arch, "drop", tensor, "", {"{dir}", QStringLiteral("'%1'").arg(QLatin1String(tensor)), missing});
        };
        auto shape = [&](const char* name, const char* arch, const char* tensor, const char* value,
                         const char* wanted) {
            row(name, arch, "shape", tensor, value,
                {"{weights}", QStringLiteral("'%1'").arg(QLatin1String(tensor)),
                 QStringLiteral("has shape ") + QLatin1String(value), QLatin1String(wanted)});
        };
        auto config = [&](const char* name, const char* arch, const char* key, const char* value,
                          const QStringList& expect) { row(name, arch, "config", key, value, expect); };

        // Mamba-1: d_inner 48, conv_kernel 4
        drop("mamba/no A_log", "mamba", "backbone.layers.0.mixer.A_log");
        shape("mamba/conv1d transposed", "mamba", "backbone.layers.1.mixer.conv1d.weight", "[48, 4, 1]", "[48, 1, 4]");
        shape("mamba/conv1d short kernel", "mamba", "backbone.layers.0.mixer.conv1d.weight", "[48, 1, 3]",
              "[48, 1, 4]");
        config("mamba/intermediate_size", "mamba", "intermediate_size", "50",
               {"{config}", "intermediate_size (50)", "expand * hidden_size (48)"});
        config("mamba/expand", "mamba", "expand", "3",
               {"{config}", "intermediate_size (48)", "expand * hidden_size (72)"});

        // Falcon-Mamba: same tensors, weightless B/C/dt norms
        drop("falcon/no A_log", "falcon_mamba", "backbone.layers.1.mixer.A_log");
        shape("falcon/conv1d 2-D", "falcon_mamba", "backbone.layers.0.mixer.conv1d.weight", "[48, 4]", "[48, 1, 4]");
        config("falcon/intermediate_size", "falcon_mamba", "intermediate_size", "96",
               {"{config}", "intermediate_size (96)", "expand * hidden_size (48)"});

        // Mamba-2: 4 heads x 16 = d_inner 64; conv over x, B, C = 96 channels
        drop("mamba2/no A_log", "mamba2", "backbone.layers.1.mixer.A_log");
        shape("mamba2/conv1d", "mamba2", "backbone.layers.0.mixer.conv1d.weight", "[128, 1, 3]", "[96, 1, 4]");
        config("mamba2/num_heads", "mamba2", "num_heads", "3",
               {"{config}", "num_heads * head_dim (3 * 16 = 48)", "expand * hidden_size (64)"});
        config("mamba2/head_dim", "mamba2", "head_dim", "8",
               {"{config}", "num_heads * head_dim (4 * 8 = 32)", "expand * hidden_size (64)"});
        config("mamba2/n_groups", "mamba2", "n_groups", "3", {"{config}", "num_heads (4)", "n_groups (3)"});

        // Jamba: layer 0 Mamba-1 (d_inner 64), layer 1 attention (4 heads of 8 on hidden 32)
        drop("jamba/no A_log", "jamba", "model.layers.0.mamba.A_log");
        shape("jamba/conv1d", "jamba", "model.layers.0.mamba.conv1d.weight", "[64, 1, 2]", "[64, 1, 4]");
        config("jamba/num_attention_heads", "jamba", "num_attention_heads", "5",
               {"{config}", "hidden_size (32)", "num_attention_heads (5)"});
        config("jamba/num_key_value_heads", "jamba", "num_key_value_heads", "3",
               {"{config}", "num_attention_heads (4)", "num_key_value_heads (3)"});
        config("jamba/mamba_expand", "jamba", "mamba_expand", "3",
               {"{weights}", "'model.layers.0.mamba.in_proj.weight'", "has shape [128, 32]", "[192, 32]"});

        // Zamba2: Mamba-2 layers (4 heads x 16 = 64) and hybrid layers (attention: 4 heads x 16 = 2 * hidden)
        drop("zamba2/no A_log (mamba layer)", "zamba2", "model.layers.0.mamba.A_log");
        drop("zamba2/no A_log (hybrid layer)", "zamba2", "model.layers.2.mamba_decoder.mamba.A_log");
        shape("zamba2/conv1d", "zamba2", "model.layers.1.mamba_decoder.mamba.conv1d.weight", "[96, 1, 5]",
              "[96, 1, 4]");
        row("zamba2/adapter scalar", "zamba2", "shape",  // used to escape as std::out_of_range
            "model.layers.1.shared_transformer.self_attn.linear_q_adapter_list.1.0.weight", "[]",
            {"{weights}", "'model.layers.1.shared_transformer.self_attn.linear_q_adapter_list.1.0.weight'",
             "must be a matrix"});
        config("zamba2/n_mamba_heads", "zamba2", "n_mamba_heads", "3",
               {"{config}", "n_mamba_heads (3)", "mamba_expand * hidden_size (64)"});
        config("zamba2/mamba_headdim", "zamba2", "mamba_headdim", "8",
               {"{config}", "n_mamba_heads * mamba_headdim (4 * 8 = 32)", "mamba_expand * hidden_size (64)"});
        config("zamba2/attention_head_dim", "zamba2", "attention_head_dim", "8",
               {"{config}", "num_attention_heads * attention_head_dim (4 * 8 = 32)", "2 * hidden_size (64)"});
        config("zamba2/num_attention_heads", "zamba2", "num_attention_heads", "5",
               {"{config}", "2 * hidden_size (64)", "num_attention_heads (5)"});

        // RecurrentGemma: lru_width 32 in 4 gate blocks of 8; conv_1d over 32 channels
        drop("recurrentgemma/no recurrent_param", "recurrentgemma",
             "model.layers.1.temporal_block.rg_lru.recurrent_param");
        drop("recurrentgemma/no recurrent gate", "recurrentgemma",
             "model.layers.0.temporal_block.rg_lru.recurrent_gate_weight");
        shape("recurrentgemma/conv_1d", "recurrentgemma", "model.layers.0.temporal_block.conv_1d.weight", "[32, 4, 1]",
              "[32, 1, 4]");
        config("recurrentgemma/num_attention_heads", "recurrentgemma", "num_attention_heads", "3",
               {"{config}", "lru_width (32)", "num_attention_heads (3)"});
        config("recurrentgemma/lru_width", "recurrentgemma", "lru_width", "30",
               {"{config}", "lru_width (30)", "num_attention_heads (4)"});
        config("recurrentgemma/head_dim", "recurrentgemma", "head_dim", "16",
               {"{weights}", "'model.layers.2.temporal_block.q_proj.weight'", "has shape [32, 32]", "[64, 32]"});
    }

    void badCheckpoint() {
        QFETCH(QString, arch);
        QFETCH(QString, kind);
        QFETCH(QString, target);
        QFETCH(QString, value);
        QFETCH(QStringList, expect);
        const std::filesystem::path src = models_.at(arch.toStdString());
        const std::filesystem::path bad = dir_ / ("case" + std::to_string(++case_));
        const std::string t = target.toStdString();
        rewrite_checkpoint(src, bad, [&](std::vector<TensorToWrite>& ts) {
            if (kind == QLatin1String("drop")) {
                const auto n = std::erase_if(ts, [&](const TensorToWrite& w) { return w.name == t; });
                QCOMPARE(n, std::size_t(1));
            } else if (kind == QLatin1String("shape")) {
                bool found = false;
                for (auto& w : ts) {
                    if (w.name != t) continue;
                    w.shape = Json::parse(value.toStdString()).get<std::vector<int64_t>>();
                    int64_t n = 1;
                    for (auto d : w.shape) n *= d;
                    w.bytes.resize(static_cast<std::size_t>(n) * dtype_size(w.dtype));
                    found = true;
                }
                QVERIFY(found);
            }
        });
        if (kind == QLatin1String("config")) {
            Json cfg = read_json_file(bad / "config.json");
            cfg[t] = Json::parse(value.toStdString());
            write_json_file_atomic(bad / "config.json", cfg);
        }

        std::string msg;
        try {
            Model::load(bad);
            QFAIL("the broken checkpoint loaded without an error");
        } catch (const Error& e) {
            msg = e.what();
        } catch (const std::exception& e) {
            QFAIL(qPrintable(QStringLiteral("not a gna::Error: ") + QString::fromStdString(e.what())));
        }
        for (const QString& piece : expect) {
            const std::string want = expand(piece.toStdString(), bad);
            QVERIFY2(msg.find(want) != std::string::npos,
                     qPrintable(QStringLiteral("missing \"%1\" in: %2")
                                    .arg(QString::fromStdString(want), QString::fromStdString(msg))));
        }
    }
};

QTEST_GUILESS_MAIN(TestSsmLoadErrors)
#include "tst_ssm_load_errors.moc"
