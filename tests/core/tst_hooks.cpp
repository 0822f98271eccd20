// Named hook points (gna/hooks.h) on every architecture:
// - a read hook on attn.probs sees exactly the captured attention maps, and read hooks change no bit;
// - the values are what they say: resid_post(l) = resid_post(l-1) + W_out . (attn.out or ssm.out)
//   (+ bias) + mlp.out, with W_out read from the checkpoint and the product computed here;
// - a write hook that zeroes a head's attn.out / ssm.out equals the built-in zero ablation bit for bit
//   (prompt and generated tokens);
// - mean ablation (gna/mean_ablation.h): the means equal a plain average of the read values, and the
//   ablated layer's output equals the sum above with the head's slot replaced by the mean; on Llama
//   the logits equal an independent naive forward with the head's output replaced;
// - bad names and points a layer lacks are errors that name the point.
#include <QTest>
#include <cmath>
#include <cstring>
#include <functional>
#include <map>

#include "gna/error.h"
#include "gna/mean_ablation.h"
#include "gna/model.h"
#include "naive_llama.h"
#include "test_models.h"
#include "test_support.h"

using namespace gna;
using namespace gna::test;

namespace {

const std::vector<int> kPrompt = {3, 70, 12, 9, 200, 41, 5, 88, 17, 130, 64, 2};

bool same_bits(const std::vector<float>& a, const std::vector<float>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

// The output projection of a layer's heads of `kind`, and its bias (empty if none).
struct OutProj {
    std::vector<float> w, b;
    int64_t in = 0;
};
OutProj out_proj(const Checkpoint& ck, int l, HeadKind kind) {
    const std::string L = std::to_string(l);
    const std::vector<std::string> names = kind == HeadKind::Attention
        ? std::vector<std::string>{"model.layers." + L + ".self_attn.o_proj",
                                   "model.layers." + L + ".temporal_block.o_proj"}
        : std::vector<std::string>{"backbone.layers." + L + ".mixer.out_proj", "model.layers." + L + ".mamba.out_proj",
                                   "model.layers." + L + ".mamba_decoder.mamba.out_proj",
                                   "model.layers." + L + ".temporal_block.linear_out"};
    for (const auto& n : names)
        if (ck.contains(n + ".weight")) {
            OutProj o;
            o.w = weights(ck, n + ".weight");
            o.in = static_cast<int64_t>(ck.tensor(n + ".weight").shape[1]);
            if (ck.contains(n + ".bias")) o.b = weights(ck, n + ".bias");
            return o;
        }
    throw Error("no output projection for layer " + L);
}

// Values of one point over the whole prompt, concatenated across calls (one row).
struct Recorder {
    std::map<std::string, std::vector<float>> values;
    std::map<std::string, std::vector<int64_t>> shape;
    void watch(InterventionPlan& plan, const std::string& point) {
        plan.read(point, [this, point](const HookCall& c, std::span<const float> v) {
            values[point].insert(values[point].end(), v.begin(), v.end());
            shape[point] = c.shape;
        });
    }
};

// resid_post(l-1) + W_out . heads (+ bias) + mlp for every position, against resid_post(l).
double layer_sum_error(const Checkpoint& ck, int l, HeadKind kind, const std::vector<float>& pre,
                       const std::vector<float>& heads, const std::vector<float>* mlp, const std::vector<float>& post) {
    const OutProj o = out_proj(ck, l, kind);
    const int64_t C = static_cast<int64_t>(o.w.size()) / o.in, T = static_cast<int64_t>(pre.size()) / C;
    double err = 0, scale = 0;
    for (int64_t t = 0; t < T; ++t)
        for (int64_t c = 0; c < C; ++c) {
            double s = pre[t * C + c] + (o.b.empty() ? 0.0 : o.b[c]);
            for (int64_t i = 0; i < o.in; ++i) s += static_cast<double>(o.w[c * o.in + i]) * heads[t * o.in + i];
            if (mlp) s += (*mlp)[t * C + c];
            err = std::max(err, std::fabs(s - post[t * C + c]));
            scale = std::max(scale, std::fabs(s));
        }
    return err / std::max(1.0, scale);
}

std::string point(int layer, const char* site) { return "L" + std::to_string(layer) + "." + site; }

}  // namespace

class TestHooks : public QObject {
    Q_OBJECT
    TempDir dir_;
    std::map<std::string, std::unique_ptr<Model>> models_;
    Model& model(const std::string& arch) {
        auto& m = models_[arch];
        if (!m) m = Model::load(make_model(dir_, arch, tiny_any_arch(arch, 11)));
        return *m;
    }

private Q_SLOTS:
    void readProbsEqualCapture_data() { arch_rows(); }
    void readProbsEqualCapture();
    void valuesAddUpToTheResidual_data() { arch_rows(); }
    void valuesAddUpToTheResidual();
    void zeroWriteEqualsAblation_data() { arch_rows(); }
    void zeroWriteEqualsAblation();
    void meanAblationEqualsNaive_data() { arch_rows(); }
    void meanAblationEqualsNaive();
    void meanAblationLlamaNaiveForward();
    void errors();
};

void TestHooks::readProbsEqualCapture() {
    QFETCH(QString, arch);
    Model& m = model(arch.toStdString());
    const ModelInfo& info = m.info();
    RunRequest plain;
    plain.tokens = kPrompt;
    const RunResult base = m.run(plain);
    bool any = false;
    for (const LayerInfo& li : info.layers) {
        if (li.attention_heads == 0) continue;
        any = true;
        RunRequest r = plain;
        for (int h = 0; h < li.attention_heads; ++h) r.capture.push_back(HeadRef{li.index, h});
        Recorder rec;
        const std::string p = point(li.index, "attn.probs");
        rec.watch(r.plan, p);
        const RunResult got = m.run(r);
        QVERIFY2(same_bits(got.last_logits, base.last_logits), "a read hook changed the logits");
        const auto& shape = rec.shape[p];
        QCOMPARE(shape.size(), std::size_t(3));
        const int64_t H = shape[0], T = static_cast<int64_t>(kPrompt.size());
        QCOMPARE(H, int64_t(li.attention_heads));
        QCOMPARE(shape[2], T);
        QCOMPARE(static_cast<int64_t>(rec.values[p].size()), H * T * T);  // one call: short prompt
        for (int h = 0; h < H; ++h) {  // the hook's block of head h is the captured map, bit for bit
            const std::vector<float> block(rec.values[p].begin() + h * T * T, rec.values[p].begin() + (h + 1) * T * T);
            QVERIFY2(same_bits(block, got.attention[h].weights), qPrintable(QString("L%1.H%2").arg(li.index).arg(h)));
        }
    }
    QVERIFY(any || info.layers[0].attention_heads == 0);
}

void TestHooks::valuesAddUpToTheResidual() {
    QFETCH(QString, arch);
    Model& m = model(arch.toStdString());
    const Checkpoint ck = Checkpoint::open(dir_ / arch.toStdString());
    const ModelInfo& info = m.info();
    int checked = 0;
    for (int l = 1; l < info.num_layers; ++l) {
        const LayerInfo& li = info.layers[l];
        const bool attn = li.attention_heads > 0 && li.kind != "hybrid";  // hybrid: attention feeds the mixer input
        const HeadKind kind = attn ? HeadKind::Attention : HeadKind::SSM;
        RunRequest r;
        r.tokens = kPrompt;
        Recorder rec;
        rec.watch(r.plan, point(l - 1, "resid_post"));
        rec.watch(r.plan, point(l, attn ? "attn.out" : "ssm.out"));
        if (li.mlp) rec.watch(r.plan, point(l, "mlp.out"));
        rec.watch(r.plan, point(l, "resid_post"));
        m.run(r);
        const auto& hs = rec.shape[point(l, attn ? "attn.out" : "ssm.out")];
        QCOMPARE(hs[0], int64_t(kPrompt.size()));
        QCOMPARE(hs[1], int64_t(attn ? li.attention_heads : li.ssm_heads));
        const double err = layer_sum_error(
            ck, l, kind, rec.values[point(l - 1, "resid_post")], rec.values[point(l, attn ? "attn.out" : "ssm.out")],
            li.mlp ? &rec.values[point(l, "mlp.out")] : nullptr, rec.values[point(l, "resid_post")]);
        QVERIFY2(err < 1e-5, qPrintable(QString("layer %1: relative error %2").arg(l).arg(err)));
        ++checked;
    }
    QVERIFY(checked == info.num_layers - 1);
}

void TestHooks::zeroWriteEqualsAblation() {
    QFETCH(QString, arch);
    Model& m = model(arch.toStdString());
    const ModelInfo& info = m.info();
    int checked = 0;
    for (HeadKind kind : {HeadKind::Attention, HeadKind::SSM}) {
        for (const LayerInfo& li : info.layers) {
            const int n = kind == HeadKind::Attention ? li.attention_heads : li.ssm_heads;
            if (n == 0) continue;
            const HeadRef h{li.index, n / 2, kind};
            RunRequest ablated;
            ablated.tokens = kPrompt;
            ablated.generate = 3;
            ablated.stop_tokens = {-1};
            RunRequest hooked = ablated;
            ablated.plan.ablate(h);
            hooked.plan.write(point(li.index, kind == HeadKind::Attention ? "attn.out" : "ssm.out"),
                              [h](const HookCall& c, std::span<float> v) {
                                  const int64_t T = c.shape[0], H = c.shape[1], P = c.shape[2];
                                  for (int64_t t = 0; t < T; ++t)
                                      for (int64_t p = 0; p < P; ++p) v[(t * H + h.head) * P + p] = 0.0f;
                              });
            const RunResult a = m.run(ablated), b = m.run(hooked);
            QVERIFY2(same_bits(a.last_logits, b.last_logits), qPrintable(QString::fromStdString(h.name())));
            QCOMPARE(a.generated, b.generated);
            ++checked;
            break;  // the first layer of each kind
        }
    }
    QVERIFY(checked >= 1);
}

void TestHooks::meanAblationEqualsNaive() {
    QFETCH(QString, arch);
    Model& m = model(arch.toStdString());
    const Checkpoint ck = Checkpoint::open(dir_ / arch.toStdString());
    const ModelInfo& info = m.info();
    const std::vector<std::vector<int>> refs = {{5, 9, 33, 101}, {7, 7, 250, 19, 64, 3, 11}, {42, 8}};
    // the last layer of each kind that adds its heads to the residual stream
    for (HeadKind kind : {HeadKind::Attention, HeadKind::SSM}) {
        int l = -1;
        for (const LayerInfo& li : info.layers)
            if ((kind == HeadKind::Attention ? li.attention_heads > 0 && li.kind != "hybrid" : li.ssm_heads > 0) &&
                li.index > 0)
                l = li.index;
        if (l < 0) continue;
        const LayerInfo& li = info.layers[l];
        const HeadRef h{l, (kind == HeadKind::Attention ? li.attention_heads : li.ssm_heads) - 1, kind};
        const std::string hp = point(l, kind == HeadKind::Attention ? "attn.out" : "ssm.out");

        // the means by hand: every position of every reference prompt, a plain loop
        std::vector<double> naive;
        int64_t count = 0;
        for (const auto& ref : refs) {
            RunRequest r;
            r.tokens = ref;
            Recorder rec;
            rec.watch(r.plan, hp);
            m.run(r);
            const auto& s = rec.shape[hp];
            naive.resize(static_cast<std::size_t>(s[2]), 0.0);
            for (int64_t t = 0; t < s[0]; ++t, ++count)
                for (int64_t p = 0; p < s[2]; ++p) naive[p] += rec.values[hp][(t * s[1] + h.head) * s[2] + p];
        }
        for (double& v : naive) v /= static_cast<double>(count);
        const HeadMeans means = mean_head_outputs(m, refs, {h});
        QCOMPARE(means.positions, count);
        QCOMPARE(means.mean[0].size(), naive.size());
        for (std::size_t p = 0; p < naive.size(); ++p)
            QVERIFY(std::fabs(means.mean[0][p] - naive[p]) < 1e-6 * (1 + std::fabs(naive[p])));

        // the ablated layer: resid_pre + W_out . (heads with h's slot := mean) + mlp.out = resid_post
        RunRequest plain;
        plain.tokens = kPrompt;
        Recorder before;
        before.watch(plain.plan, hp);
        const RunResult base = m.run(plain);
        RunRequest r = plain;
        r.plan = {};
        mean_ablate(r.plan, means);
        Recorder rec;
        rec.watch(r.plan, point(l - 1, "resid_post"));
        if (li.mlp) rec.watch(r.plan, point(l, "mlp.out"));
        rec.watch(r.plan, point(l, "resid_post"));
        const RunResult got = m.run(r);
        QVERIFY2(!same_bits(got.last_logits, base.last_logits), "mean ablation changed nothing");
        std::vector<float> heads =
            before.values[hp];  // unablated head outputs of the prompt (layers below are unchanged)
        const auto& s = before.shape[hp];
        for (int64_t t = 0; t < s[0]; ++t)
            for (int64_t p = 0; p < s[2]; ++p) heads[(t * s[1] + h.head) * s[2] + p] = static_cast<float>(naive[p]);
        const double err =
            layer_sum_error(ck, l, kind, rec.values[point(l - 1, "resid_post")], heads,
                            li.mlp ? &rec.values[point(l, "mlp.out")] : nullptr, rec.values[point(l, "resid_post")]);
        QVERIFY2(err < 1e-5, qPrintable(QString::fromStdString(h.name()) + QString(": relative error %1").arg(err)));
    }
}

void TestHooks::meanAblationLlamaNaiveForward() {
    Model& m = model("llama");
    const auto dir = dir_ / "llama";
    const std::vector<std::vector<int>> refs = {{5, 9, 33, 101}, {7, 7, 250, 19, 64, 3, 11}};
    const HeadRef h{2, 1};
    // naive: each reference prompt's head output from the naive forward, averaged here
    std::vector<double> mean;
    int64_t count = 0;
    for (const auto& ref : refs) {
        NaiveOptions o;
        o.capture = {h.layer, h.head};
        const NaiveResult n = naive_llama_forward(dir, ref, o);
        mean.resize(n.head_out[0].size(), 0.0);
        for (const auto& row : n.head_out) {
            for (std::size_t p = 0; p < row.size(); ++p) mean[p] += row[p];
            ++count;
        }
    }
    NaiveOptions o;
    o.head_replace[{h.layer, h.head}] = {};
    for (double v : mean)
        o.head_replace[{h.layer, h.head}].push_back(static_cast<float>(v / static_cast<double>(count)));
    const NaiveResult want = naive_llama_forward(dir, kPrompt, o);
    const NaiveResult plain = naive_llama_forward(dir, kPrompt);

    RunRequest r;
    r.tokens = kPrompt;
    r.all_logits = true;
    mean_ablate(r.plan, mean_head_outputs(m, refs, {h}));
    const RunResult got = m.run(r);
    const int64_t V = got.vocab;
    double err = 0, moved = 0;
    for (std::size_t t = 0; t < kPrompt.size(); ++t)
        for (int64_t v = 0; v < V; ++v) {
            err = std::max(err, std::fabs(static_cast<double>(got.all_logits[t * V + v]) - want.logits[t][v]));
            moved = std::max(moved, std::fabs(static_cast<double>(want.logits[t][v]) - plain.logits[t][v]));
        }
    QVERIFY2(err < 1e-4, qPrintable(QString("max |logit difference| %1").arg(err)));
    QVERIFY2(moved > 1e-3, "the naive mean ablation changed nothing; the test would not see a wrong head");
}

void TestHooks::errors() {
    Model& m = model("jamba");
    auto message = [&](const std::function<void()>& f) -> QString {
        try {
            f();
        } catch (const Error& e) {
            return QString::fromStdString(e.what());
        }
        return {};
    };
    InterventionPlan p;
    QVERIFY(message([&] {
                p.read("L1.attn.prob", [](const HookCall&, std::span<const float>) {});
            }).contains("L1.attn.prob"));
    QVERIFY(message([&] { p.read("attn.out", [](const HookCall&, std::span<const float>) {}); }).contains("L<layer>"));
    QCOMPARE(QString::fromStdString(parse_hook_point("l12.resid_post").name()), QString("L12.resid_post"));
    int mamba_layer = -1;
    for (const LayerInfo& li : m.info().layers)
        if (li.attention_heads == 0) mamba_layer = li.index;
    RunRequest r;
    r.tokens = kPrompt;
    r.plan.read(point(mamba_layer, "attn.out"), [](const HookCall&, std::span<const float>) {});
    const QString e = message([&] { m.run(r); });
    QVERIFY2(e.contains(QString::fromStdString(point(mamba_layer, "attn.out"))) && e.contains("ssm.out"),
             qPrintable(e));
    r.plan = {};
    r.plan.read("L9.resid_post", [](const HookCall&, std::span<const float>) {});
    QVERIFY(message([&] { m.run(r); }).contains("L0..L3"));
    QVERIFY(message([&] { mean_head_outputs(m, {}, {HeadRef{0, 0, HeadKind::SSM}}); }).contains("reference set"));
}

QTEST_GUILESS_MAIN(TestHooks)
#include "tst_hooks.moc"
