#pragma once
// The client side of the remote engine (docs/remote.md): a Connection to `gna serve` and the models
// it opens there, as gna::Model, so that everything written against a Model (runs, sweeps, the
// experiments, the probe) runs on the server unchanged. Qt-free.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "gna/load_spec.h"
#include "gna/model.h"
#include "gna/probe.h"

namespace gna::remote {

struct ConnectOptions {
    std::string address;  // host:port
    std::string token;
    // TLS: the server's certificate authority (PEM) or its self-signed certificate; empty with
    // tls = true: the system's roots.
    bool tls = false;
    std::filesystem::path tls_ca;
    std::string client;  // this program, e.g. "gna 0.1.0 (abc123)", sent at Hello
    int connect_timeout_ms = 10000;
    unsigned protocol = 0;  // the protocol version this client claims; 0 = its own (tests claim others)
};

// The token for a client: the first line of `token_file` (gna::Error when others may read it) or,
// without one, $GNA_SERVER_TOKEN; gna::Error naming both when neither is given.
std::string client_token(const std::filesystem::path& token_file);

struct ServerInfo {
    std::string address;
    std::string server;  // the server's version
    std::string device;  // cpu / cuda
    uint64_t memory_total = 0, memory_free = 0;  // bytes; 0 = unknown
    std::vector<std::string> roots;
};

class Connection;

// Names the calls this thread makes while it lives (their x-gna-job), so that Connection::cancel,
// from this client or after a reconnect, can name them.
class JobLabel {
public:
    explicit JobLabel(std::string job);
    ~JobLabel();
    JobLabel(const JobLabel&) = delete;
    JobLabel& operator=(const JobLabel&) = delete;
    static const std::string& current();

private:
    std::string previous_;
};

// A model open on the server. Thread-safe; each call is one round trip (cancel flags cancel it).
class RemoteModel : public Model, public ProbeHost {
public:
    ~RemoteModel() override;
    const ModelInfo& info() const override;
    const Tokenizer& tokenizer() const override;
    RunResult run(const RunRequest& request) override;
    std::vector<RunResult> run_batch(const std::vector<RunRequest>& requests) override;
    std::vector<double> score_continuations(const std::vector<int>& prompt,
                                            const std::vector<std::vector<int>>& continuations,
                                            const InterventionPlan& plan,
                                            const std::vector<int>& context_tokens = {}) override;
    std::vector<std::vector<double>> sweep_continuations(const SweepRequest& request) override;
    std::vector<AttributionResult> attribute_heads(const std::vector<AttributionRequest>& requests) override;
    // The probe on the server (this session's unablated cache and kept residual stream there): one
    // round trip per toggle, carrying the shown maps and the scores only. gna::Probe calls it.
    ProbeResult run_probe(const ProbeRequest& request) override;
    const ServerInfo& server() const;

private:
    friend class Connection;
    struct Impl;
    explicit RemoteModel(std::unique_ptr<Impl> impl);
    std::unique_ptr<Impl> impl_;
};

class Connection : public std::enable_shared_from_this<Connection> {
public:
    // Connects and says hello (protocol version, token); gna::Error saying what to do otherwise.
    static std::shared_ptr<Connection> connect(const ConnectOptions& options);
    ~Connection();
    const ServerInfo& info() const;
    // Checkpoint folders (with config.json) under the server's roots.
    std::vector<std::string> list_models();
    // Opens (or shares the server's already loaded copy of) a checkpoint with the spec's options;
    // its paths are the server's.
    std::shared_ptr<RemoteModel> open(const ModelLoadSpec& spec, const std::atomic<bool>* cancel = nullptr);
    // Cancels this session's running call labelled `job` (JobLabel); false when none is running.
    // A call's own cancel flag cancels it too; another session's jobs are out of reach.
    bool cancel(const std::string& job);
    // One authenticated round trip that runs nothing: milliseconds.
    double round_trip_ms();

private:
    friend class RemoteModel;
    struct Impl;
    Connection();
    std::unique_ptr<Impl> impl_;
};

}  // namespace gna::remote
