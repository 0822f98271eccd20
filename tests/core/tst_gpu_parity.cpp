// Attribution patching, attribution+verify ranking and toggles from the kept residual stream on a
// CUDA device against the same computations on the CPU (ctest label "gpu"; the suite is skipped
// where LibTorch has no CUDA device). GNA_TEST_SECOND_DEVICE=cpu runs the same comparisons with the
// CPU as the second device, so that the checks themselves are exercised on machines without a GPU.
//  - attribute_heads on every architecture: every head's estimate and the metric within float
//    tolerance of the CPU's (GPU reductions run in another order; cuDNN may use TF32 in convolutions);
//  - a toggle from the kept residual stream equals the full run on the same device (first, middle
//    and last layer of each head kind);
//  - on the bundled transformer demo, attribution+verify on the device returns the card's top two
//    heads (L2.H2, L1.H3), as the exhaustive exact ranking on the CPU does (core.attribution).
#include <QTest>
#include <cmath>
#include <set>

#include "gna/attribution.h"
#include "gna/experiments.h"
#include "gna/model.h"
#include "gna/probe.h"
#include "gna/residual_stream.h"
#include "test_models.h"
#include "test_support.h"

using namespace gna;
using namespace gna::test;

namespace {

Device second_device() { return qgetenv("GNA_TEST_SECOND_DEVICE") == "cpu" ? Device::CPU : Device::CUDA; }

std::unique_ptr<Model> load_on(const std::filesystem::path& dir, Device d) {
    LoadOptions o;
    o.device = d;
    return Model::load(dir, o);
}

double max_abs_difference(const std::vector<float>& a, const std::vector<float>& b) {
    double m = 0;
    for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, std::fabs(static_cast<double>(a[i]) - b[i]));
    return m;
}

}  // namespace

class TestGpuParity : public QObject {
    Q_OBJECT
    TempDir dir_;

private Q_SLOTS:
    void initTestCase() {
        if (second_device() == Device::CUDA && !cuda_available())
            QSKIP("no CUDA device (LibTorch built without CUDA or no GPU); GNA_TEST_SECOND_DEVICE=cpu checks the comparisons on the CPU");
    }

    void attributionMatchesTheCpu_data() { arch_rows(); }
    void attributionMatchesTheCpu() {
        QFETCH(QString, arch);
        const auto path = make_model(dir_, arch.toStdString(), tiny_any_arch(arch.toStdString(), 3));
        auto cpu = load_on(path, Device::CPU);
        auto dev = load_on(path, second_device());
        const AttributionRequest r{{5, 17, 42, 99, 7, 130, 64, 11, 250, 33, 18, 91}, {77, 140}, {}, nullptr};
        const AttributionResult a = cpu->attribute_heads({r}).front(), b = dev->attribute_heads({r}).front();
        QVERIFY(!a.heads.empty());
        QVERIFY(a.heads == b.heads);
        QVERIFY2(std::fabs(a.metric - b.metric) <= 1e-3 + 1e-3 * std::fabs(a.metric),
                 qPrintable(QStringLiteral("metric %1 on the CPU, %2 on the device").arg(a.metric).arg(b.metric)));
        double largest = 0;
        for (double e : a.effect) largest = std::max(largest, std::fabs(e));
        QVERIFY(largest > 0);
        for (std::size_t i = 0; i < a.effect.size(); ++i)
            QVERIFY2(std::fabs(a.effect[i] - b.effect[i]) <= 1e-3 + 1e-2 * largest,
                     qPrintable(QStringLiteral("%1: estimate %2 on the CPU, %3 on the device")
                                    .arg(QString::fromStdString(a.heads[i].name())).arg(a.effect[i]).arg(b.effect[i])));
    }

    void toggleEqualsFullRunOnTheDevice_data() { arch_rows(); }
    void toggleEqualsFullRunOnTheDevice() {
        QFETCH(QString, arch);
        auto model = load_on(make_model(dir_, arch.toStdString(), tiny_any_arch(arch.toStdString(), 5)), second_device());
        RunRequest base;
        base.tokens = {3, 70, 12, 9, 200, 41, 5, 88, 17, 130, 64, 2, 19};
        const KeptRun kept = run_keeping_residuals(*model, base, std::size_t(1) << 30);
        QVERIFY(kept.residuals);
        for (HeadKind kind : {HeadKind::Attention, HeadKind::SSM}) {
            const std::vector<HeadRef> all = every_head(model->info(), kind);
            if (all.empty()) continue;
            for (const HeadRef& h : {all.front(), all[all.size() / 2], all.back()}) {
                RunRequest q = base;
                q.plan.ablate(h);
                int first = -1;
                const RunResult fast = run_from_residuals(*model, q, *kept.residuals, &first);
                const RunResult full = model->run(q);
                QCOMPARE(first, h.layer);
                QCOMPARE(fast.last_logits.size(), full.last_logits.size());
                const double d = max_abs_difference(fast.last_logits, full.last_logits);
                QVERIFY2(d <= 1e-5, qPrintable(QStringLiteral("%1: toggle and full run differ by %2").arg(QString::fromStdString(h.name())).arg(d)));
                QVERIFY2(max_abs_difference(fast.last_logits, kept.result.last_logits) > 1e-6,
                         qPrintable(QString::fromStdString(h.name() + ": the ablation changed nothing")));
            }
        }
    }

    void verifiedTopTwoAreTheCardsHeads() {
        auto model = load_on(demo_model("transformer"), second_device());
        const Json spec = {{"experiment", "head_ranking"},
                           {"task", {{"name", "kv_retrieval"}, {"sizes", {10}}, {"samples_per_size", 40}, {"seed", 1}}},
                           {"metric", "logprob"},
                           {"method", "attribution+verify"},
                           {"top", 1}};
        TempDir out;
        ExperimentOptions o;
        o.out_dir = out.path();
        const ExperimentOutcome r = run_experiment(*model, spec, o);
        QVERIFY(r.result.aggregates.ranking && r.result.aggregates.ranking->size() >= 2);
        const auto& ranking = *r.result.aggregates.ranking;
        const std::set<std::string> top = {ranking[0].head, ranking[1].head};
        QVERIFY2((top == std::set<std::string>{"L2.H2", "L1.H3"}), qPrintable(QString::fromStdString(ranking[0].head + ", " + ranking[1].head)));
    }
};

QTEST_GUILESS_MAIN(TestGpuParity)
#include "tst_gpu_parity.moc"
