// One way to load a model (gna/load_spec.h): the model section of an experiment spec, the overrides of a
// front door (flags, the studio's choices) and the LoadOptions they make; a checkpoint without tokenizer
// files loaded through it with another folder's tokenizer.
#include <QtTest>

#include "gna/experiment_spec.h"
#include "gna/load_spec.h"
#include "gna/model.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

class TestLoadSpec : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void specSection() {
        const ExperimentSpec typed = parse_experiment_spec(
            Json{{"experiment", "head_ranking"}, {"model", "/m/llama"}, {"tokenizer", "/m/tok"}, {"dtype", "bf16"}},
            "spec.json");
        const ModelLoadSpec s = model_load_spec(typed);
        QCOMPARE(s.path.string(), std::string("/m/llama"));
        QCOMPARE(s.tokenizer.string(), std::string("/m/tok"));
        QVERIFY(s.dtype == ComputeDType::BF16);
        QVERIFY(s.device == Device::CPU);
        QCOMPARE(s.threads, 0);
        QVERIFY(s.check_memory);
        // A spec that says nothing: the checkpoint's own tokenizer, f32.
        const ModelLoadSpec d =
            model_load_spec(parse_experiment_spec(Json{{"experiment", "head_ranking"}}, "spec.json"));
        QVERIFY(d.path.empty() && d.tokenizer.empty() && d.dtype == ComputeDType::F32);
    }

    void overridesReplaceOnlyWhatTheyGive() {
        ModelLoadSpec s;
        s.path = "/m/a";
        s.tokenizer = "/m/tok";
        s.dtype = ComputeDType::BF16;
        ModelLoadOverrides o;
        o.path = "/m/b";
        o.threads = 3;
        o.check_memory = false;
        const ModelLoadSpec r = with_overrides(s, o);
        QCOMPARE(r.path.string(), std::string("/m/b"));
        QCOMPARE(r.tokenizer.string(), std::string("/m/tok"));  // not given: the spec's
        QVERIFY(r.dtype == ComputeDType::BF16);
        QCOMPARE(r.threads, 3);
        QVERIFY(!r.check_memory);
        o = {};
        o.dtype = ComputeDType::F32;
        o.device = Device::CUDA;
        o.tokenizer = "";
        const ModelLoadSpec c = with_overrides(s, o);
        QVERIFY(c.dtype == ComputeDType::F32 && c.device == Device::CUDA && c.tokenizer.empty());

        const LoadOptions opt = load_options(r);
        QVERIFY(opt.device == Device::CPU && opt.dtype == ComputeDType::BF16);
        QCOMPARE(opt.threads, 3);
        QVERIFY(!opt.check_memory);
        QCOMPARE(opt.tokenizer.string(), std::string("/m/tok"));
    }

    void names() {
        for (const char* n : {"cpu", "cuda"}) QCOMPARE(device_name(device_from_name(n).value()), std::string(n));
        for (const char* n : {"f32", "bf16", "f16"}) QCOMPARE(dtype_name(dtype_from_name(n).value()), std::string(n));
        QVERIFY(!device_from_name("gpu") && !dtype_from_name("fp32") && !dtype_from_name(""));
    }

    // A checkpoint shipped without tokenizer files, loaded through the spec with another folder's
    // tokenizer: text turns into the same ids as with that folder's own model.
    void tokenizerFolderThroughTheSpec() {
        TempDir dir;
        TinyModelSpec t = tiny_llama(1, 5);
        const auto full = make_model(dir, "full", t);
        t.layout = "no-tokenizer";
        const auto bare = make_model(dir, "bare", t);
        ModelLoadSpec s;
        s.path = bare;
        s.tokenizer = full;
        const auto m = Model::load(s.path, load_options(s));
        const auto own = Model::load(full);
        QCOMPARE(m->info().compute_dtype, std::string("f32"));
        QVERIFY(m->tokenizer().kind() != "none");
        QCOMPARE(m->tokenizer().encode("apple river", true), own->tokenizer().encode("apple river", true));
    }
};

QTEST_MAIN(TestLoadSpec)
#include "tst_load_spec.moc"
