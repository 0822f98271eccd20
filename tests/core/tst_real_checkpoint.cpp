// A real checkpoint named by GNA_TEST_MODEL_DIR (ctest label "model"; the suite is skipped when the
// variable is unset): it loads, its forward over a short prompt equals the independent naive
// reference (naive_llama for the Llama family, naive_ssm for the state-space and hybrid models), and
// switching one head off changes the logits as the reference with that head scaled to 0 does.
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <set>

#include "gna/json.h"
#include "gna/model.h"
#include "naive_llama.h"
#include "naive_ssm.h"
#include "ssm_test_util.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

namespace {
const std::set<std::string> kLlamaFamily = {"llama", "mistral", "qwen2"};
const std::set<std::string> kStateSpace = {"mamba", "falcon_mamba", "mamba2", "jamba", "zamba2", "recurrent_gemma"};

double max_abs(const std::vector<std::vector<float>>& rows) {
    double m = 0;
    for (const auto& r : rows)
        for (float v : r) m = std::max(m, static_cast<double>(std::fabs(v)));
    return m;
}
}  // namespace

class TestRealCheckpoint : public QObject {
    Q_OBJECT
    std::filesystem::path dir_;
    std::string type_;
    std::unique_ptr<Model> model_;
    std::vector<int> ids_;

    // The naive reference's logits over ids_, with `head` (an attention head of the Llama family or an
    // SSM head of the others) scaled to 0 when given.
    std::vector<std::vector<float>> reference(const HeadRef* head) const {
        if (kLlamaFamily.count(type_)) {
            NaiveOptions o;
            if (head) o.head_scale[{head->layer, head->head}] = 0.0f;
            return naive_llama_forward(dir_, ids_, o).logits;
        }
        NaiveSsmOptions o;
        if (head) o.ssm_scale[{head->layer, head->head}] = 0.0;
        return naive_ssm_forward(dir_, ids_, o).logits;
    }

private Q_SLOTS:
    void initTestCase() {
        const QByteArray env = qgetenv("GNA_TEST_MODEL_DIR");
        if (env.isEmpty()) QSKIP("set GNA_TEST_MODEL_DIR to a checkpoint folder to run this suite");
        dir_ = env.toStdString();
        type_ = read_json_file(dir_ / "config.json").value("model_type", std::string());
        if (!kLlamaFamily.count(type_) && !kStateSpace.count(type_))
            QSKIP(qPrintable("no naive reference for model_type '" + QString::fromStdString(type_) + "'"));
        model_ = Model::load(dir_);
        ids_ = model_->tokenizer().encode("The capital of France is Paris. The capital of Italy is");
        QVERIFY(ids_.size() >= 8);
    }

    void forwardEqualsNaiveReference() {
        const auto ref = reference(nullptr);
        const double err = max_diff_logits(run_all_logits(*model_, ids_).all_logits, ref), scale = max_abs(ref);
        qInfo("%s: max |logit diff| %.2e of max |logit| %.2f", type_.c_str(), err, scale);
        QVERIFY2(err < 1e-3 * std::max(1.0, scale),
                 qPrintable(QString("max |diff| %1 of max |logit| %2").arg(err).arg(scale)));
    }

    void headAblationEqualsNaiveReference() {
        const ModelInfo& info = model_->info();
        const HeadKind kind = kLlamaFamily.count(type_) ? HeadKind::Attention : HeadKind::SSM;
        int layer = -1;  // the layer nearest the middle with heads of that kind (hybrids mix layer kinds)
        for (int d = 0; layer < 0 && d <= info.num_layers; ++d)
            for (int l : {info.num_layers / 2 - d, info.num_layers / 2 + d})
                if (layer < 0 && l >= 0 && l < info.num_layers) {
                    const LayerInfo& li = info.layers[static_cast<std::size_t>(l)];
                    if ((kind == HeadKind::SSM ? li.ssm_heads : li.attention_heads) > 0) layer = l;
                }
        QVERIFY2(layer >= 0, "no layer has heads of the kind the reference can scale");
        const HeadRef head{layer, 0, kind};
        const auto ref = reference(&head);
        InterventionPlan plan;
        plan.ablate(head);
        const RunResult got = run_all_logits(*model_, ids_, plan);
        const double err = max_diff_logits(got.all_logits, ref), scale = max_abs(ref);
        QVERIFY2(err < 1e-3 * std::max(1.0, scale),
                 qPrintable(QString("max |diff| %1 of max |logit| %2").arg(err).arg(scale)));
        QVERIFY(max_diff_logits(run_all_logits(*model_, ids_).all_logits, ref) > err);  // the ablation mattered
    }
};

QTEST_MAIN(TestRealCheckpoint)
#include "tst_real_checkpoint.moc"
