// The shipped demo models still show what their model cards say: each card's headline numbers are
// measured again through gna::Model on the card's fixed sample, so a change to the core that
// breaks the mechanism (or the demo) is caught.
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "gna/json.h"
#include "gna/train.h"

using namespace gna;

class TestDemoModels : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void cardsReproduce_data() {
        QTest::addColumn<QString>("dir");
        const auto root = std::filesystem::path(GNA_SOURCE_DIR) / "resources" / "demo-models";
        int n = 0;
        if (std::filesystem::exists(root))
            for (const auto& e : std::filesystem::directory_iterator(root))
                if (std::filesystem::exists(e.path() / "model_card.json")) {
                    QTest::newRow(e.path().filename().c_str()) << QString::fromStdString(e.path().string());
                    ++n;
                }
        if (n == 0) QTest::newRow("none") << QString();
    }

    void cardsReproduce() {
        QFETCH(QString, dir);
        if (dir.isEmpty()) QSKIP("no demo model is bundled");
        const std::filesystem::path d = dir.toStdString();
        const Json card = read_json_file(d / "model_card.json");
        const Json& ev = card.at("evaluation");
        const int samples = ev.value("samples_per_metric", 100);
        DemoEvaluation got = evaluate_demo(d, card.at("seed").get<uint64_t>(), demo_world_of(card.at("data")), samples);
        const double tol = 0.05;  // a few points: float differences between BLAS builds
        auto near = [&](double a, double b, const char* what) {
            QVERIFY2(std::fabs(a - b) <= tol, qPrintable(QString("%1: measured %2, card %3").arg(what).arg(a).arg(b)));
        };
        const Json& base = ev.at("baseline");
        near(got.kv_accuracy, base.at("kv"), "KV retrieval");
        near(got.mmlu_accuracy, base.at("mmlu"), "MMLU format");
        near(got.classic_accuracy, base.at("classic"), "classic format");
        const Json& top = ev.at("top2_by_mmlu_drop");
        near(got.mmlu_top2_mmlu, top.at("mmlu"), "MMLU format, top-2 removed");
        near(got.mmlu_top2_classic, top.at("classic"), "classic format, top-2 removed");
        const Json& topkv = ev.at("top2_by_kv_drop");
        near(got.kv_top2_kv, topkv.at("kv"), "KV retrieval, top-2 by KV drop removed");
        near(got.kv_top2_mmlu, topkv.at("mmlu"), "MMLU format, top-2 by KV drop removed");
        if (ev.contains("kv_by_size")) {
            QCOMPARE(got.kv_by_size.size(), ev["kv_by_size"].size());
            for (std::size_t i = 0; i < got.kv_by_size.size(); ++i) {
                QCOMPARE(got.kv_by_size[i].first, ev["kv_by_size"][i].at("pairs").get<int>());
                near(got.kv_by_size[i].second, ev["kv_by_size"][i].at("kv"), "KV retrieval by size");
            }
        }
        if (ev.contains("retrieval_vs_knowledge")) {  // the card's one-head dissociation
            const Json& rk = ev["retrieval_vs_knowledge"];
            const auto it = std::find_if(got.single_ablation.begin(), got.single_ablation.end(),
                                         [&](const auto& s) { return s.head.name() == rk.at("head").get<std::string>(); });
            QVERIFY(it != got.single_ablation.end());
            near(it->mmlu, rk.at("mmlu"), "MMLU format, dissociating head removed");
            near(it->classic, rk.at("classic"), "classic format, dissociating head removed");
        }
        QCOMPARE(got.hybrid, ev.contains("all_attention_heads_ablated"));
        if (got.hybrid) {
            const Json& off = ev["all_attention_heads_ablated"];
            near(got.no_attention_kv, off.at("kv"), "KV retrieval, every attention head ablated");
            near(got.no_attention_mmlu, off.at("mmlu"), "MMLU format, every attention head ablated");
        }
    }
};

QTEST_GUILESS_MAIN(TestDemoModels)
#include "tst_demo_models.moc"
