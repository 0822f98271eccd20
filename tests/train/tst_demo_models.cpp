// The shipped demo models still show what their model cards say: each card's headline numbers are
// measured again through gna::Model on the card's fixed sample, so a change to the core that
// breaks the mechanism (or the demo) is caught.
#include <QtTest>

#include <algorithm>
#include <cmath>

#include "gna/json.h"
#include "gna/model.h"
#include "train/train_demo.h"

using namespace gna;

namespace {

struct Roles {
    double gather = 0, aggregate = 0;
};

// Attention roles counted by hand on the card's MMLU-format prompts: the option lines are the four
// lines before "Answer:" (found from the tokens' text, not from the MMLU layout code); Gather = mean
// over the options of the newline's attention on the tokens between the previous newline and it,
// Aggregate = the final position's attention on the four newlines.
std::vector<Roles> naive_roles(const std::filesystem::path& dir, const DemoData& data, int samples,
                               const std::vector<HeadRef>& heads) {
    std::unique_ptr<Model> m = Model::load(dir);
    std::vector<Roles> sum(heads.size());
    int n = 0;
    for (int i = 0; i < samples; ++i) {
        RunRequest r;
        r.tokens = m->tokenizer().encode(data.mmlu_sample(i).prompt, true);
        r.capture = heads;
        const RunResult out = m->run(r);
        std::vector<int> nl;
        for (std::size_t t = 0; t < r.tokens.size(); ++t)
            if (m->tokenizer().decode({r.tokens[t]}).find('\n') != std::string::npos) nl.push_back(static_cast<int>(t));
        if (nl.size() < 5) continue;
        const std::vector<int> last(nl.end() - 5, nl.end());  // the question's newline, then options A-D
        const int final_row = static_cast<int>(r.tokens.size()) - 1;
        for (std::size_t h = 0; h < heads.size(); ++h) {
            const AttentionMap& a = out.attention[h];
            double g = 0, agg = 0;
            for (int k = 1; k <= 4; ++k) {
                for (int c = last[k - 1] + 1; c < last[k]; ++c) g += a.at(last[k], c);
                agg += a.at(final_row, last[k]);
            }
            sum[h].gather += g / 4;
            sum[h].aggregate += agg;
        }
        ++n;
    }
    for (auto& x : sum) x.gather /= n, x.aggregate /= n;
    return sum;
}

}  // namespace

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
            const auto it = std::find_if(got.single_ablation.begin(), got.single_ablation.end(), [&](const auto& s) {
                return s.head.name() == rk.at("head").get<std::string>();
            });
            QVERIFY(it != got.single_ablation.end());
            near(it->mmlu, rk.at("mmlu"), "MMLU format, dissociating head removed");
            near(it->classic, rk.at("classic"), "classic format, dissociating head removed");
        }
        // The attention roles: as counted by hand, and as the card says.
        std::vector<HeadRef> attn;
        for (const auto& s : got.single_ablation)
            if (s.head.kind == HeadKind::Attention) attn.push_back(s.head);
        if (!attn.empty()) {
            const std::vector<Roles> naive = naive_roles(
                d, DemoData(card.at("seed").get<uint64_t>(), demo_world_of(card.at("data"))), samples, attn);
            int g_heads = 0;
            for (std::size_t h = 0; h < attn.size(); ++h) {
                const auto it = std::find_if(got.single_ablation.begin(), got.single_ablation.end(),
                                             [&](const auto& s) { return s.head == attn[h]; });
                const QString name = QString::fromStdString(attn[h].name());
                QVERIFY2(
                    std::fabs(it->gather_mass - naive[h].gather) < 1e-4,
                    qPrintable(name + QString(": Gather %1, by hand %2").arg(it->gather_mass).arg(naive[h].gather)));
                QVERIFY2(
                    std::fabs(it->aggregate_mass - naive[h].aggregate) < 1e-4,
                    qPrintable(name +
                               QString(": Aggregate %1, by hand %2").arg(it->aggregate_mass).arg(naive[h].aggregate)));
                for (const auto& c : ev.at("single_head_ablation"))
                    if (c.at("head").get<std::string>() == attn[h].name()) {
                        near(it->gather_mass, c.at("gather_mass"), "Gather mass");
                        near(it->aggregate_mass, c.at("aggregate_mass"), "Aggregate mass");
                        ++g_heads;
                    }
            }
            QCOMPARE(g_heads, static_cast<int>(attn.size()));
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
