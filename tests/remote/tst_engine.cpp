// The remote engine (remote/, docs/remote.md) on the CPU: a server started here on 127.0.0.1 (in
// this process, and `gna serve` as a program), its models used through gna::Model. Every result is
// compared with the same request on a model loaded here: bit for bit, since the CPU computes the
// same bits in either process. Then the refusals (token, protocol, roots, sizes, hooks, another
// client's job, a non-loopback address without TLS), a client killed mid-call, and TLS.
#include <QProcess>
#include <QScopeGuard>
#include <QtTest>

#include <sys/stat.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <thread>

#include "cli_runner.h"
#include "client.h"
#include "gna/experiments.h"
#include "gna/manipulation.h"
#include "gna/mean_ablation.h"
#include "gna/probe.h"
#include "server.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;
namespace fs = std::filesystem;

namespace {

const char* kToken = "remote-test-token-0123456789";

// The message of the gna::Error `f` throws ("" when it throws none).
template <class F>
std::string error_of(F&& f) {
    try {
        f();
    } catch (const Error& e) {
        return e.what();
    }
    return {};
}

void write_private(const fs::path& f, const std::string& text,
                   fs::perms perms = fs::perms::owner_read | fs::perms::owner_write) {
    std::ofstream(f) << text << "\n";
    fs::permissions(f, perms);
}

void compare_maps(const std::vector<AttentionMap>& a, const std::vector<AttentionMap>& b) {
    QCOMPARE(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        QCOMPARE(a[i].head, b[i].head);
        QCOMPARE(a[i].rows, b[i].rows);
        QCOMPARE(a[i].cols, b[i].cols);
        QVERIFY(a[i].weights == b[i].weights);
    }
}

// A sweep long enough to be running when the test acts on it (the cancel flag ends it).
SweepRequest long_sweep(const ModelInfo& info) {
    SweepRequest s;
    for (int i = 0; i < 200; ++i) s.prompt.push_back(3 + i % 50);
    s.continuations = {{5, 6}, {7}};
    for (int i = 0; i < 60000; ++i) {  // within RequestLimits::max_items
        InterventionPlan p;
        p.ablate({i % info.num_layers, i % info.num_heads, HeadKind::Attention});
        s.plans.push_back(p);
    }
    s.max_batch_rows = 1;
    return s;
}

}  // namespace

class TestRemoteEngine : public QObject {
    Q_OBJECT

    TempDir dir_;
    fs::path root_, model_;
    std::unique_ptr<remote::Server> server_;
    std::shared_ptr<Model> local_;
    std::shared_ptr<remote::RemoteModel> remote_;

    remote::ConnectOptions options(const std::string& token = kToken) const {
        remote::ConnectOptions c;
        c.address = "127.0.0.1:" + std::to_string(server_->port());
        c.token = token;
        c.client = "tst_remote_engine";
        return c;
    }
    ModelLoadSpec spec(const std::string& path) const {
        ModelLoadSpec s;
        s.path = path;
        return s;
    }

private slots:
    void initTestCase() {
        root_ = dir_ / "models";
        fs::create_directories(root_);
        model_ = make_model(dir_, "models/llama", tiny_llama(3, 11));
        remote::ServerOptions o;
        o.roots = {root_};
        o.token = kToken;
        o.version = "gna test";
        server_ = std::make_unique<remote::Server>(o);
        QVERIFY(server_->port() > 0);
        local_ = Model::load(model_);
        remote_ = remote::Connection::connect(options())->open(spec("llama"));
    }

    void infoAndTokenizerMatchTheLocalModel() {
        const ModelInfo& a = local_->info();
        const ModelInfo& b = remote_->info();
        QCOMPARE(b.dir, fs::canonical(model_));
        QCOMPARE(b.num_layers, a.num_layers);
        QCOMPARE(b.num_heads, a.num_heads);
        QCOMPARE(b.config_hash, a.config_hash);
        QCOMPARE(b.layers.size(), a.layers.size());
        const Tokenizer& lt = local_->tokenizer();
        const Tokenizer& rt = remote_->tokenizer();
        QCOMPARE(rt.vocab_size(), lt.vocab_size());
        const std::string text = "The value of 'ab' is 12.";
        QCOMPARE(rt.encode(text), lt.encode(text));
        const auto ids = lt.encode(text);
        QCOMPARE(rt.decode(ids, true), lt.decode(ids, true));
        for (int id = 0; id < lt.vocab_size(); ++id) {
            QCOMPARE(rt.display(id), lt.display(id));
            QCOMPARE(rt.is_special(id), lt.is_special(id));
        }
        QCOMPARE(rt.bos_id(), lt.bos_id());
        QCOMPARE(rt.eos_ids(), lt.eos_ids());
    }

    void runsEqualLocalRunsBitForBit() {
        RunRequest r;
        r.tokens = local_->tokenizer().encode("ab:1 cd:2 ef:3. The value of 'cd' is", true);
        for (int variant = 0; variant < 4; ++variant) {
            RunRequest q = r;
            if (variant >= 1) {
                q.plan.ablate({1, 2}, 0.0f);
                q.plan.ablate({2, 0}, 0.5f);
            }
            if (variant >= 2) {
                q.plan.skip_layers = {0};
                q.capture = {{1, 1}, {2, 3}};
                q.capture_rows = {2, 5};
                q.capture_full = {{0, 0}};
                q.all_logits = true;
            }
            if (variant == 3) q.generate = 6;
            const RunResult a = local_->run(q);
            const RunResult b = remote_->run(q);
            QCOMPARE(b.tokens, a.tokens);
            QCOMPARE(b.vocab, a.vocab);
            QVERIFY(b.last_logits == a.last_logits);
            QVERIFY(b.all_logits == a.all_logits);
            compare_maps(b.attention, a.attention);
            QCOMPARE(b.generated, a.generated);
            QCOMPARE(b.stopped, a.stopped);
        }
        std::vector<RunRequest> batch(3, r);
        batch[1].plan.ablate({0, 1});
        batch[2].tokens.resize(5);
        const auto a = local_->run_batch(batch);
        const auto b = remote_->run_batch(batch);
        QCOMPARE(b.size(), a.size());
        for (std::size_t i = 0; i < a.size(); ++i) QVERIFY(b[i].last_logits == a[i].last_logits);
    }

    void sweepsScoresAndAttributionEqualLocal() {
        SweepRequest s;
        s.prompt = local_->tokenizer().encode("ab:1 cd:2. The value of 'ab' is", true);
        s.continuations = {{5}, {7, 8}, {9}};
        for (int l = 0; l < 3; ++l)
            for (int h = 0; h < 4; ++h) {
                InterventionPlan p;
                p.ablate({l, h});
                s.plans.push_back(p);
            }
        s.max_batch_rows = 5;
        QVERIFY(remote_->sweep_continuations(s) == local_->sweep_continuations(s));
        QVERIFY(remote_->score_continuations(s.prompt, s.continuations, s.plans[4]) ==
                local_->score_continuations(s.prompt, s.continuations, s.plans[4]));
        AttributionRequest at;
        at.prompt = s.prompt;
        at.continuation = {5, 6};
        const auto a = local_->attribute_heads({at});
        const auto b = remote_->attribute_heads({at});
        QCOMPARE(b.size(), std::size_t(1));
        QCOMPARE(b[0].metric, a[0].metric);
        QCOMPARE(b[0].heads, a[0].heads);
        QVERIFY(b[0].effect == a[0].effect);
    }

    void probeOnTheServerEqualsTheLocalProbe() {
        // the studio's toggle: compare mode, shown maps, scores; then a toggle reusing the cache
        Probe local(local_);
        Probe over(remote_);  // hands each request to the server (gna::ProbeHost)
        ProbeRequest p;
        p.prompt = "ab:1 cd:2\nef:3. The value of 'cd' is";
        p.shown = {{1, 0}, {2, 3}};
        p.scored = every_head(local_->info(), HeadKind::Attention);
        p.score = HeadScoreKind::Entropy;
        p.candidates = {"2", "3"};
        p.compare = true;
        for (int toggle = 0; toggle < 3; ++toggle) {
            if (toggle > 0) p.plan.ablate({toggle, 1});
            const ProbeResult a = local.run(p);
            const ProbeResult b = over.run(p);
            QCOMPARE(b.tokens, a.tokens);
            QCOMPARE(b.token_texts, a.token_texts);
            QVERIFY(b.last_logits == a.last_logits);
            QCOMPARE(b.next.size(), a.next.size());
            for (std::size_t i = 0; i < a.next.size(); ++i) {
                QCOMPARE(b.next[i].text, a.next[i].text);
                QCOMPARE(b.next[i].probability, a.next[i].probability);
                QCOMPARE(b.next[i].unablated, a.next[i].unablated);
            }
            compare_maps(b.maps, a.maps);
            compare_maps(b.unablated_maps, a.unablated_maps);
            QCOMPARE(b.scores.size(), a.scores.size());
            for (std::size_t i = 0; i < a.scores.size(); ++i) {
                QCOMPARE(b.scores[i].head, a.scores[i].head);
                QCOMPARE(b.scores[i].value, a.scores[i].value);
                QCOMPARE(b.scores[i].unablated, a.scores[i].unablated);
            }
            QCOMPARE(b.first_layer, a.first_layer);  // the server kept the residual stream too
            QCOMPARE(b.forward_passes, a.forward_passes);
        }
    }

    void experimentThroughTheServerEqualsLocal() {
        const Json spec = Json::parse(R"({"experiment": "head_ranking",
            "task": {"name": "kv_retrieval", "sizes": [4], "samples_per_size": 3, "seed": 5}})");
        ExperimentOptions o;
        o.out_dir = dir_ / "exp_local";
        const ExperimentOutcome a = run_experiment(*local_, spec, o);
        o.out_dir = dir_ / "exp_remote";
        const ExperimentOutcome b = run_experiment(*remote_, spec, o);
        QVERIFY(b.complete);
        std::ifstream fa(a.csv_path), fb(b.csv_path);
        const std::string ca((std::istreambuf_iterator<char>(fa)), {}), cb((std::istreambuf_iterator<char>(fb)), {});
        QVERIFY(!ca.empty());
        QCOMPARE(cb, ca);
    }

    void wrongOrMissingTokenIsRefused() {
        for (const std::string token : {"wrong", "remote-test-token-012345678", "remote-test-token-01234567890"}) {
            const std::string e = error_of([&] { remote::Connection::connect(options(token)); });
            QVERIFY2(e.find("wrong or missing token") != std::string::npos, e.c_str());
        }
        QVERIFY(!error_of([&] { remote::Connection::connect(options("")); }).empty());
    }

    void protocolMismatchNamesBothVersions() {
        remote::ConnectOptions c = options();
        c.protocol = 99;
        const std::string e = error_of([&] { remote::Connection::connect(c); });
        QVERIFY2(e.find("protocol 1") != std::string::npos && e.find("99") != std::string::npos, e.c_str());
    }

    void pathsOutsideTheRootsAreRefused() {
        make_model(dir_, "outside", tiny_llama(2, 3));
        fs::create_directory_symlink(dir_ / "outside", root_ / "escape");
        auto c = remote::Connection::connect(options());
        for (const std::string& p : std::vector<std::string>{"../outside", (dir_ / "outside").string(), "escape",
                                                             "llama/../../outside", "/etc"}) {
            const std::string e = error_of([&] { c->open(spec(p)); });
            QVERIFY2(e.find("is not under the server's model roots") != std::string::npos, (p + ": " + e).c_str());
        }
        ModelLoadSpec s = spec("llama");
        s.tokenizer = "../outside";
        QVERIFY(error_of([&] { c->open(s); }).find("is not under") != std::string::npos);
        // the listing leaves the link out of the root out too
        const auto models = c->list_models();
        QCOMPARE(models.size(), std::size_t(1));
        QCOMPARE(models[0], fs::canonical(model_).string());
    }

    void attentionHooksTravelAsDataAndRunOnTheServer() {
        // the manipulation grid's, the sparsification's and the mask editor's hooks: the same bits
        RunRequest r;
        r.tokens = local_->tokenizer().encode("ab:1 cd:2 ef:3. The value of 'cd' is", true);
        r.generate = 4;
        Manipulation m;
        m.prefill = ManipulationMode::Only;
        m.generation = ManipulationMode::Binary;
        m.tokens = {2, 3, 4};
        m.heads = {{1, 2}, {2, 0}};
        AttentionMask mask;
        mask.rules = {{HeadRef{1, 1}, {5, 6, 7}, {0, 1, 2}}};  // rows below the last: a layer under the top
        mask.generation = true;
        const RunResult plain = local_->run(r);
        int kind = 0;
        for (const auto& hooks : std::vector<std::vector<std::shared_ptr<const AttentionHook>>>{
                 {manipulation_hook(m)},
                 {sparsification_hook({2, true})},
                 {mask_hook(mask)},
                 {mask_hook(mask), sparsification_hook({1, false})}}) {
            RunRequest q = r;
            q.plan.hooks = hooks;
            const RunResult a = local_->run(q);
            const RunResult b = remote_->run(q);
            QVERIFY(b.last_logits == a.last_logits);
            QCOMPARE(b.generated, a.generated);
            // the hooks changed something
            QVERIFY2(plain.last_logits != a.last_logits, qPrintable(QString::number(kind)));
            ++kind;
        }
    }

    void plansWithHooksAreRefusedWithTheReason() {
        RunRequest r;
        r.tokens = {1, 5, 6};
        HeadMeans means;
        means.heads = {HeadRef{1, 0}};
        means.mean = {std::vector<float>(8, 0.0f)};
        mean_ablate(r.plan, means);
        const std::string e = error_of([&] { remote_->run(r); });
        QVERIFY2(e.find("hooks") != std::string::npos, e.c_str());
    }

    void badTokenIdsAndOversizedRequestsAreRefused() {
        RunRequest r;
        r.tokens = {1, 5, 100000};
        std::string e = error_of([&] { remote_->run(r); });
        QVERIFY2(e.find("100000") != std::string::npos && e.find("vocabulary") != std::string::npos, e.c_str());
        // a server taking at most 1 MiB per request: 2 M tokens are refused unread, the server goes on
        remote::ServerOptions o;
        o.roots = {root_};
        o.token = kToken;
        o.max_request_bytes = std::size_t(1) << 20;
        remote::Server small(o);
        remote::ConnectOptions c = options();
        c.address = "127.0.0.1:" + std::to_string(small.port());
        auto m = remote::Connection::connect(c)->open(spec("llama"));
        r.tokens.assign(2000000, 5);
        e = error_of([&] { m->run(r); });
        QVERIFY2(!e.empty(), "an oversized request went through");
        r.tokens = {1, 5};
        QVERIFY(m->run(r).last_logits == local_->run(r).last_logits);
    }

    void aClientCancelsOnlyItsOwnJobs() {
        auto a = remote::Connection::connect(options());
        auto b = remote::Connection::connect(options());
        auto model = a->open(spec("llama"));
        std::string result = "running";
        std::thread t([&] {
            remote::JobLabel label("long-sweep");
            result = error_of([&] { model->sweep_continuations(long_sweep(model->info())); });
        });
        // a failed check still ends the sweep and the thread
        const auto joined = qScopeGuard([&] {
            if (t.joinable()) {
                a->cancel("long-sweep");
                t.join();
            }
        });
        QTRY_COMPARE_WITH_TIMEOUT(server_->running_jobs(), std::size_t(1), 20000);
        QVERIFY(!b->cancel("long-sweep"));  // another session's job: out of reach, left running
        QVERIFY(a->cancel("long-sweep"));  // still there for its own session
        t.join();
        QVERIFY2(result.find("cancelled") != std::string::npos, result.c_str());
        QTRY_COMPARE(server_->running_jobs(), std::size_t(0));
        // the client's own cancel flag ends a call too
        std::atomic<bool> stop{false};
        SweepRequest s = long_sweep(model->info());
        s.cancel = &stop;
        bool cancelled = false;
        std::thread u([&] {
            try {
                model->sweep_continuations(s);
            } catch (const Cancelled&) {
                cancelled = true;
            }
        });
        const auto joined_u = qScopeGuard([&] {
            stop = true;
            if (u.joinable()) u.join();
        });
        QTRY_COMPARE_WITH_TIMEOUT(server_->running_jobs(), std::size_t(1), 20000);
        stop = true;
        u.join();
        QVERIFY(cancelled);
        QTRY_COMPARE(server_->running_jobs(), std::size_t(0));
    }

    void aKilledClientsJobIsFreed() {
        // this test program as a client in its own process, killed in the middle of a long sweep
        const fs::path token = dir_ / "token";
        write_private(token, kToken);
        QProcess client;
        client.start(QCoreApplication::applicationFilePath(),
                     {"--long-client", QString::fromStdString(options().address), q(token)});
        QTRY_COMPARE_WITH_TIMEOUT(server_->running_jobs(), std::size_t(1), 30000);
        client.kill();
        client.waitForFinished();
        QTRY_COMPARE_WITH_TIMEOUT(server_->running_jobs(), std::size_t(0), 5000);
        // and the server still answers
        RunRequest r;
        r.tokens = {1, 5};
        QVERIFY(remote_->run(r).last_logits == local_->run(r).last_logits);
    }

    void startRefusals() {
        remote::ServerOptions o;
        o.roots = {root_};
        o.token = kToken;
        o.listen = "0.0.0.0:0";
        std::string e = error_of([&] { remote::Server s(o); });
        QVERIFY2(e.find("--tls-cert") != std::string::npos, e.c_str());
        o.listen = "127.0.0.1:0";
        o.token.clear();
        QVERIFY(!error_of([&] { remote::Server s(o); }).empty());
        o.token = kToken;
        o.roots = {dir_ / "no-such-folder"};
        QVERIFY(error_of([&] { remote::Server s(o); }).find("no-such-folder") != std::string::npos);
        QVERIFY(remote::is_loopback_listen("127.0.0.1:5") && remote::is_loopback_listen("[::1]:5") &&
                remote::is_loopback_listen("localhost:5"));
        QVERIFY(!remote::is_loopback_listen("0.0.0.0:5") && !remote::is_loopback_listen("[::]:5") &&
                !remote::is_loopback_listen("10.1.2.3:5") && !remote::is_loopback_listen("127evil.com:5"));
        // a token file others may read is refused, naming the fix
        const fs::path open_file = dir_ / "open-token";
        write_private(open_file, "abc", fs::perms::owner_read | fs::perms::owner_write | fs::perms::others_read);
        e = error_of([&] { remote::read_token_file(open_file); });
        QVERIFY2(e.find("chmod 600") != std::string::npos, e.c_str());
    }

    void tlsConnectionWithTheServersCertificate() {
        if (QStandardPaths::findExecutable("openssl").isEmpty()) QSKIP("no openssl to make a certificate");
        const fs::path cert = dir_ / "cert.pem", key = dir_ / "key.pem";
        QProcess ssl;
        ssl.start("openssl",
                  {"req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-addext",
                   "subjectAltName=DNS:localhost", "-keyout", q(key), "-out", q(cert)});
        QVERIFY(ssl.waitForFinished(60000) && ssl.exitCode() == 0);
        remote::ServerOptions o;
        o.roots = {root_};
        o.token = kToken;
        o.listen = "localhost:0";
        o.tls_cert = cert;
        o.tls_key = key;
        remote::Server s(o);
        remote::ConnectOptions c = options();
        c.address = "localhost:" + std::to_string(s.port());
        c.tls = true;
        c.tls_ca = cert;
        auto m = remote::Connection::connect(c)->open(spec("llama"));
        RunRequest r;
        r.tokens = {1, 5, 6};
        QVERIFY(m->run(r).last_logits == local_->run(r).last_logits);
        // without TLS the same server does not answer
        c.tls = false;
        c.connect_timeout_ms = 2000;
        QVERIFY(!error_of([&] { remote::Connection::connect(c); }).empty());
    }

    void gnaServeAndGnaRunServer() {
        // the programs: gna serve prints its address; gna run/info --server print what they print locally
        const fs::path token = dir_ / "cli-token";
        write_private(token, "cli-token-value");
        QProcess serve;
        serve.start(QStringLiteral(GNA_CLI_PATH),
                    {"serve", "--root", q(root_), "--listen", "127.0.0.1:0", "--token-file", q(token)});
        QString address;
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                serve.waitForReadyRead(100);
                const QString out = QString::fromUtf8(serve.peek(4096));
                const QRegularExpressionMatch m = QRegularExpression("listening on (\\S+)").match(out);
                if (m.hasMatch()) address = m.captured(1);
                return !address.isEmpty();
            }(),
            30000);
        const QStringList remote = {"--server", address, "--token-file", q(token)};
        const CliResult local = run_gna({"run", q(model_), "--prompt", "ab:1 cd:2", "--json", "--ablate", "L1.H2"});
        const CliResult over =
            run_gna(QStringList{"run", "llama", "--prompt", "ab:1 cd:2", "--json", "--ablate", "L1.H2"} + remote);
        QCOMPARE(local.code, 0);
        QVERIFY2(over.code == 0, over.err.constData());
        QCOMPARE(over.out, local.out);
        const CliResult info = run_gna(QStringList{"info", "llama", "--json"} + remote);
        QVERIFY2(info.code == 0, info.err.constData());
        QVERIFY(info.out.contains("\"config_hash\": \"" + QByteArray::fromStdString(local_->info().config_hash)));
        const CliResult outside = run_gna(QStringList{"info", "/etc"} + remote);
        QCOMPARE(outside.code, 1);
        QVERIFY2(outside.err.contains("not under the server's model roots"), outside.err.constData());
        serve.terminate();
        QVERIFY(serve.waitForFinished(10000));
        QCOMPARE(serve.exitCode(), 0);
        const CliResult open = run_gna({"serve", "--root", q(root_), "--listen", "0.0.0.0:0"});
        QCOMPARE(open.code, 1);
        QVERIFY2(open.err.contains("--tls-cert"), open.err.constData());
    }
};

int main(int argc, char** argv) {
    if (argc == 4 && std::string(argv[1]) == "--long-client") {
        // the client aKilledClientsJobIsFreed kills: opens the model and runs a sweep that does not end
        remote::ConnectOptions c;
        c.address = argv[2];
        c.token = remote::read_token_file(argv[3]);
        ModelLoadSpec s;
        s.path = "llama";
        auto m = remote::Connection::connect(c)->open(s);
        m->sweep_continuations(long_sweep(m->info()));
        return 0;
    }
    QCoreApplication app(argc, argv);
    TestRemoteEngine t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_engine.moc"
