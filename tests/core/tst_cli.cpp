// The gna command line as scripts see it: exit codes, --json output, .npy files.
#include <QtTest>

#include <QProcess>
#include <QRegularExpression>
#include <cmath>
#include <fstream>
#include <map>

#include "gna/json.h"
#include "gna/model.h"
#include "gna/npy.h"
#include "naive_llama.h"
#include "cli_runner.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;

namespace {
using Out = CliResult;
Out gna_cli(const QStringList& args) { return run_gna(args); }
}  // namespace

class TestCli : public QObject {
    Q_OBJECT
    TempDir dir_;
    std::filesystem::path model_;

private Q_SLOTS:
    void initTestCase() {
        model_ = dir_ / "tiny";
        Out o = gna_cli({"make-tiny-model", "--arch", "llama", "--layers", "2", "--hidden", "32", "--heads", "4",
                         "--kv-heads", "2", "--intermediate", "48", "--seed", "3", q(model_)});
        QVERIFY2(o.code == 0, o.err.constData());
        QVERIFY(std::filesystem::exists(model_ / "config.json"));
        QVERIFY(std::filesystem::exists(model_ / "model.safetensors"));
        QVERIFY(std::filesystem::exists(model_ / "tokenizer.json"));
        QVERIFY(std::filesystem::exists(model_ / "tokenizer_config.json"));
    }

    void helpAndUsage() {
        QCOMPARE(gna_cli({"--help"}).code, 0);
        for (const char* c : {"info", "tokenize", "run", "make-tiny-model"}) {
            Out o = gna_cli({c, "--help"});
            QCOMPARE(o.code, 0);
            QVERIFY(o.out.contains("usage: gna"));
        }
        QCOMPARE(gna_cli({}).code, 2);
        QCOMPARE(gna_cli({"frobnicate"}).code, 2);
        QCOMPARE(gna_cli({"run", q(model_), "--prompt", "x", "--bogus"}).code, 2);
        QCOMPARE(gna_cli({"run", q(model_)}).code, 2);  // no prompt
    }

    // What a command's --help lists is what it accepts, and what it accepts is listed: every "  --name"
    // row of the help is taken by the parser (with a value when the row shows one), and the options the
    // commands read (their code, listed here by hand) all have a row.
    void helpListsWhatTheCommandAccepts() {
        std::map<std::string, QStringList> read = {
            {"run", {"prompt",      "prompt-file",     "input-ids",    "random-repeat",  "seed",
                     "needle",      "answer",          "gold-line",    "ablate",         "alpha",
                     "skip-layers", "capture",         "capture-rows", "generate",       "top",
                     "logits-out",  "attention-out",   "device",       "dtype",          "threads",
                     "scores",      "tokenizer",       "mean-ablate",  "reference",      "json",
                     "no-special",  "no-memory-check", "exclude-bos",  "exclude-current"}},
            {"experiment",
             {"out", "model", "tokenizer", "device", "dtype", "threads", "shard", "describe", "quiet",
              "no-memory-check"}},
            {"info", {"json", "tokenizer"}},
            {"tokenize", {"text", "file", "tokenizer", "json", "no-special"}},
            {"make-tiny-model", {"arch",          "layers",         "hidden",
                                 "heads",         "kv-heads",       "head-dim",
                                 "intermediate",  "seed",           "dtype",
                                 "shards",        "merges",         "vocab",
                                 "max-positions", "sliding-window", "init-std",
                                 "rope-theta",    "state-size",     "expand",
                                 "conv-kernel",   "ssm-head-dim",   "n-groups",
                                 "chunk-size",    "time-step-rank", "attn-period",
                                 "attn-offset",   "experts",        "experts-per-tok",
                                 "expert-period", "expert-offset",  "block-types",
                                 "mem-blocks",    "layout",         "container",
                                 "tie",           "llama3-rope",    "rope-parameters"}}};
#ifdef GNA_TEST_REMOTE
        for (const char* c : {"run", "experiment", "info"}) read[c] << "server" << "token-file" << "tls-ca";
        read["serve"] = {"listen",   "root",     "token-file", "tls-cert",    "tls-key",
                         "max-request-mb", "max-jobs", "max-models", "idle-timeout"};
#endif
        const QRegularExpression row(QStringLiteral("^  --([a-z0-9-]+)( (\\S+))?"));
        for (const auto& [command, names] : read) {
            const Out help = gna_cli({QString::fromStdString(command), "--help"});
            QCOMPARE(help.code, 0);
            // every listed option at once (a value where the row shows one): one refused is named in the error
            QStringList listed, args{QString::fromStdString(command)};
            for (const QString& line : QString::fromUtf8(help.out).split(QLatin1Char('\n'))) {
                const QRegularExpressionMatch m = row.match(line);
                if (!m.hasMatch()) continue;
                listed << m.captured(1);
                args << QStringLiteral("--") + m.captured(1);
                if (!m.captured(3).isEmpty()) args << QStringLiteral("1");
            }
            args << QStringLiteral("--help");
            const Out o = gna_cli(args);
            QVERIFY2(o.code == 0,
                     qPrintable(QStringLiteral("gna %1: listed but refused: %2")
                                    .arg(QString::fromStdString(command), QString::fromUtf8(o.err))));
            for (const QString& n : names)
                QVERIFY2(listed.contains(n),
                         qPrintable(QStringLiteral("gna %1 reads --%2, its --help does not list it")
                                        .arg(QString::fromStdString(command), n)));
            QCOMPARE(listed.size(), names.size());  // and lists nothing it does not read
        }
    }

    void meanAblateAgainstNaive() {
        // gna run --mean-ablate L1.H2 --reference FILE: the next-token probabilities equal a naive
        // forward pass whose head output is replaced by its mean over the naive passes of the
        // reference prompts (averaged here)
        const auto refs = dir_ / "refs.txt";
        {
            std::ofstream f(refs);
            f << "ab:1 cd:2\n\nThe value of 'ab' is\n";
        }
        auto model = Model::load(model_);
        std::vector<double> mean;
        int count = 0;
        for (const char* line : {"ab:1 cd:2", "The value of 'ab' is"}) {
            NaiveOptions o;
            o.capture = {1, 2};
            for (const auto& row : naive_llama_forward(model_, model->tokenizer().encode(line, true), o).head_out) {
                mean.resize(row.size(), 0.0);
                for (std::size_t p = 0; p < row.size(); ++p) mean[p] += row[p];
                ++count;
            }
        }
        NaiveOptions o;
        for (double v : mean) o.head_replace[{1, 2}].push_back(static_cast<float>(v / count));
        const std::vector<int> ids = {5, 17, 9, 30, 2};
        const std::vector<float> lg = naive_llama_forward(model_, ids, o).logits.back();
        double z = 0, mx = *std::max_element(lg.begin(), lg.end());
        for (float v : lg) z += std::exp(v - mx);
        Out out = gna_cli({"run", q(model_), "--input-ids", "5,17,9,30,2", "--mean-ablate", "L1.H2", "--reference",
                           q(refs), "--top", "3", "--json"});
        QVERIFY2(out.code == 0, out.err.constData());
        const Json j = Json::parse(out.out.toStdString());
        QCOMPARE(j["mean_ablated"][0].get<std::string>(), std::string("L1.H2"));
        for (const Json& t : j["top"]) {
            const double want = std::exp(lg[t["id"].get<int>()] - mx) / z;
            QVERIFY2(std::fabs(t["prob"].get<double>() - want) < 1e-5,
                     qPrintable(QString("%1 vs %2").arg(t["prob"].get<double>()).arg(want)));
        }
        QCOMPARE(gna_cli({"run", q(model_), "--input-ids", "5,17", "--mean-ablate", "L1.H2"}).code,
                 2);  // no --reference
    }

    void runScoresAgainstCountByHand() {
        // gna run --scores aggregate on a prompt with line ends: every head's attention of the last
        // token on the line ends, counted here from the core's full maps; with --ablate also the
        // unablated value.
        const std::string prompt = "Memorize:\nab:1\ncd:2\nThe value of 'cd' is";
        const QString qprompt = QString::fromStdString(prompt);
        Out o =
            gna_cli({"run", q(model_), "--prompt", qprompt, "--scores", "aggregate", "--ablate", "L0.H1", "--json"});
        QVERIFY2(o.code == 0, o.err.constData());
        const Json j = Json::parse(o.out.toStdString());
        QCOMPARE(j["scores"]["kind"].get<std::string>(), std::string("aggregate"));
        auto model = Model::load(model_);
        const std::vector<int> tokens = model->tokenizer().encode(prompt, true);
        std::vector<int> ends;
        for (std::size_t t = 0; t < tokens.size(); ++t)
            if (model->tokenizer().decode({tokens[t]}).find('\n') != std::string::npos)
                ends.push_back(static_cast<int>(t));
        QVERIFY(ends.size() >= 2);
        for (bool ablated : {true, false}) {
            RunRequest r;
            r.tokens = tokens;
            if (ablated) r.plan.ablate({0, 1});
            for (int l = 0; l < 2; ++l)
                for (int h = 0; h < 4; ++h) r.capture.push_back({l, h});
            const RunResult res = model->run(r);
            QCOMPARE(j["scores"]["heads"].size(), res.attention.size());
            for (std::size_t i = 0; i < res.attention.size(); ++i) {
                const AttentionMap& m = res.attention[i];
                double want = 0;
                for (int e : ends) want += m.at(tokens.size() - 1, static_cast<std::size_t>(e));
                const Json& row = j["scores"]["heads"][i];
                QCOMPARE(row["head"].get<std::string>(), m.head.name());
                QVERIFY(std::abs(row[ablated ? "value" : "unablated"].get<double>() - want) < 1e-5);
            }
        }
        QCOMPARE(gna_cli({"run", q(model_), "--prompt", qprompt, "--scores", "sharpness"}).code, 1);
        Out table = gna_cli({"run", q(model_), "--prompt", qprompt, "--scores", "entropy"});
        QVERIFY2(table.out.contains("head scores (entropy)") && table.out.contains("L1.H3"), table.out.constData());
    }

    void runTokenPatternScores() {
        // --random-repeat: BOS + 12 random tokens, twice; the induction score of every head with BOS
        // excluded, against a count by hand from the core's full maps of the same tokens.
        Out o = gna_cli({"run", q(model_), "--random-repeat", "12", "--seed", "4", "--scores", "induction",
                         "--exclude-bos", "--json"});
        QVERIFY2(o.code == 0, o.err.constData());
        const Json j = Json::parse(o.out.toStdString());
        const std::vector<int> tokens = j["tokens"].get<std::vector<int>>();
        QCOMPARE(tokens.size(), std::size_t(25));
        for (std::size_t i = 1; i <= 12; ++i) QCOMPARE(tokens[i], tokens[i + 12]);
        QCOMPARE(j["scores"]["kind"].get<std::string>(), std::string("induction"));
        QVERIFY(j["scores"]["exclude_bos"].get<bool>());
        QVERIFY(!j["scores"]["exclude_current_token"].get<bool>());
        auto model = Model::load(model_);
        RunRequest r;
        r.tokens = tokens;
        for (int l = 0; l < 2; ++l)
            for (int h = 0; h < 4; ++h) r.capture.push_back({l, h});
        const RunResult res = model->run(r);
        QCOMPARE(j["scores"]["heads"].size(), res.attention.size());
        for (std::size_t i = 0; i < res.attention.size(); ++i) {
            const AttentionMap& m = res.attention[i];
            double on = 0, total = 0;
            for (std::size_t qpos = 0; qpos < tokens.size(); ++qpos)
                for (std::size_t k = 1; k <= qpos; ++k) {  // BOS (k = 0) excluded
                    total += m.at(qpos, k);
                    if (tokens[k - 1] == tokens[qpos]) on += m.at(qpos, k);
                }
            QVERIFY(std::abs(j["scores"]["heads"][i]["value"].get<double>() - on / total) < 1e-5);
        }
        Out table = gna_cli({"run", q(model_), "--input-ids", "1,5,6,7", "--scores", "duplicate"});
        QCOMPARE(table.code, 0);
        QVERIFY2(table.err.contains("no token of the prompt repeats"), table.err.constData());
        QVERIFY2(table.out.contains("BOS included, current token included"), table.out.constData());
    }

    void runRetrievalAndQrScores() {
        const QString prompt = QStringLiteral("Memorize:\nab:1\ncd:2\nThe value of 'cd' is");
        QCOMPARE(gna_cli({"run", q(model_), "--prompt", prompt, "--scores", "qr"}).code, 2);  // no --gold-line
        QCOMPARE(gna_cli({"run", q(model_), "--prompt", prompt, "--scores", "retrieval"}).code, 2);  // no --needle
        QCOMPARE(gna_cli({"run", q(model_), "--prompt", prompt, "--scores", "qr", "--gold-line", "9"}).code, 1);
        QCOMPARE(gna_cli({"run", q(model_), "--prompt", prompt, "--scores", "retrieval", "--needle", "zz:9"}).code, 1);
        Out o = gna_cli({"run", q(model_), "--prompt", prompt, "--scores", "qr", "--gold-line", "2", "--json"});
        QVERIFY2(o.code == 0, o.err.constData());
        Json j = Json::parse(o.out.toStdString());
        QCOMPARE(j["scores"]["kind"].get<std::string>(), std::string("qr"));
        QCOMPARE(j["scores"]["heads"].size(), std::size_t(8));
        o = gna_cli(
            {"run", q(model_), "--prompt", prompt, "--scores", "retrieval", "--needle", "cd:2", "--generate", "3"});
        QVERIFY2(o.code == 0, o.err.constData());
        QVERIFY2(o.out.contains("retrieval scores: response") && o.out.contains("head scores (retrieval)"),
                 o.out.constData());
    }

    void infoJson() {
        Out o = gna_cli({"info", q(model_), "--json"});
        QCOMPARE(o.code, 0);
        Json j = Json::parse(o.out.toStdString());
        QCOMPARE(j["architecture"].get<std::string>(), std::string("LlamaForCausalLM"));
        QCOMPARE(j["layers"].get<int>(), 2);
        QCOMPARE(j["attention_heads"].get<int>(), 4);
        QCOMPARE(j["kv_heads"].get<int>(), 2);
        QCOMPARE(j["weights_dtype"].get<std::string>(), std::string("F32"));
        QVERIFY(j["parameters"].get<int64_t>() > 0);
        Out t = gna_cli({"info", q(model_)});
        QVERIFY(t.out.contains("LlamaForCausalLM"));
    }

    void tokenizeJsonOnTokenizerOnlyFolder() {
        auto tok_only = dir_ / "tok_only";
        std::filesystem::create_directories(tok_only);
        for (const char* f : {"tokenizer.json", "tokenizer_config.json"})
            std::filesystem::copy_file(model_ / f, tok_only / f);
        Out o = gna_cli({"tokenize", q(tok_only), "--text", "Answer: A", "--json"});
        QVERIFY2(o.code == 0, o.err.constData());
        Json j = Json::parse(o.out.toStdString());
        QVERIFY(j["ids"].size() == j["tokens"].size());
        QCOMPARE(j["tokens"][0].get<std::string>(), std::string("<|begin_of_text|>"));
        Out n = gna_cli({"tokenize", q(tok_only), "--text", "Answer: A", "--json", "--no-special"});
        Json jn = Json::parse(n.out.toStdString());
        QCOMPARE(jn["ids"].size() + 1, j["ids"].size());
    }

    void runWithAblationCaptureAndNpy() {
        const auto logits = dir_ / "logits.npy", attn = dir_ / "attn.npy";
        Out o = gna_cli({"run", q(model_), "--input-ids", "5,17,42,99,3", "--ablate", "L1.H2", "--capture", "L1H0,0.3",
                         "--logits-out", q(logits), "--attention-out", q(attn), "--json", "--generate", "3"});
        QVERIFY2(o.code == 0, o.err.constData());
        Json j = Json::parse(o.out.toStdString());
        QCOMPARE(j["ablated"][0].get<std::string>(), std::string("L1.H2"));
        QCOMPARE(j["attention"].size(), std::size_t(2));
        QCOMPARE(j["attention"][1]["head"].get<std::string>(), std::string("L0.H3"));
        QVERIFY(j["generated_ids"].size() >= 1);
        std::vector<int64_t> shape;
        auto lg = read_npy_f32(logits, shape);
        QCOMPARE(shape[0], int64_t(5));
        // The .npy logits equal the independent naive computation with the head zeroed.
        NaiveOptions opt;
        opt.head_scale[{1, 2}] = 0.0f;
        auto ref = naive_llama_forward(model_, {5, 17, 42, 99, 3}, opt);
        std::vector<float> flat;
        for (auto& r : ref.logits) flat.insert(flat.end(), r.begin(), r.end());
        QVERIFY(max_abs_diff(lg, flat) < 1e-4);
        auto at = read_npy_f32(attn, shape);
        QCOMPARE(shape, (std::vector<int64_t>{2, 5, 5}));
        float sum = 0;
        for (int c = 0; c < 5; ++c) sum += at[4 * 5 + c];
        QVERIFY(std::fabs(sum - 1.0f) < 1e-5);
    }

    void errorsExitWithOneAndAMessage() {
        Out o = gna_cli({"run", q(model_), "--prompt", "hello", "--ablate", "L9.H0"});
        QCOMPARE(o.code, 1);
        QVERIFY(o.err.contains("L9.H0"));
        Out e = gna_cli({"run", q(model_), "--prompt", ""});
        QCOMPARE(e.code, 1);
        QVERIFY(e.err.contains("empty"));
        Out m = gna_cli({"info", q(dir_ / "missing")});
        QCOMPARE(m.code, 1);
        QVERIFY(m.err.contains("missing"));
        Out bad = gna_cli({"tokenize", q(model_), "--text", QString::fromLatin1("\xff\xfe")});
        Q_UNUSED(bad);  // argv cannot carry invalid UTF-8 through QString; covered in tst_tokenizer
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
