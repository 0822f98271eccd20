#include "client.h"

#include <grpcpp/grpcpp.h>

#include <chrono>
#include <climits>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

#include "codec.h"
#include "gna/error.h"
#include "gna_remote.grpc.pb.h"
#include "server.h"

namespace gna::remote {

namespace {

thread_local std::string t_job;

// Attention hooks made from data (manipulations, sparsification, masks) travel as that data.
const HookCodec kHooks{[](const AttentionHook& h) { return attention_hook_data(h); }, {}};

std::string read_pem(const std::filesystem::path& f) {
    std::ifstream in(f, std::ios::binary);
    if (!in) throw Error("TLS certificate authority " + f.string() + ": cannot be read");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The token list and cached tables of a model's tokenizer; encoding and decoding are calls.
class RemoteTokenizer final : public Tokenizer {
public:
    std::function<std::vector<int>(std::string_view, bool)> encode_fn;
    std::function<std::string(const std::vector<int>&, bool)> decode_fn;
    std::string kind_;
    std::vector<std::string> pieces, displays;
    std::vector<bool> special;
    std::optional<int> bos;
    std::vector<int> eos;

    std::vector<int> encode(std::string_view text, bool add_special) const override {
        return encode_fn(text, add_special);
    }
    std::string decode(const std::vector<int>& ids, bool skip_special) const override {
        return decode_fn(ids, skip_special);
    }
    std::string piece(int id) const override {
        return id >= 0 && id < static_cast<int>(pieces.size()) ? pieces[static_cast<std::size_t>(id)] : std::string();
    }
    std::string display(int id) const override {
        return id >= 0 && id < static_cast<int>(displays.size()) ? displays[static_cast<std::size_t>(id)]
                                                                 : "#" + std::to_string(id);
    }
    std::optional<int> piece_to_id(std::string_view p) const override {
        for (std::size_t i = 0; i < pieces.size(); ++i)
            if (pieces[i] == p) return static_cast<int>(i);
        return std::nullopt;
    }
    int vocab_size() const override { return static_cast<int>(pieces.size()); }
    std::optional<int> bos_id() const override { return bos; }
    std::vector<int> eos_ids() const override { return eos; }
    bool is_special(int id) const override {
        return id >= 0 && id < static_cast<int>(special.size()) && special[static_cast<std::size_t>(id)];
    }
    std::string kind() const override { return kind_; }
};

}  // namespace

JobLabel::JobLabel(std::string job) : previous_(std::move(t_job)) { t_job = std::move(job); }
JobLabel::~JobLabel() { t_job = std::move(previous_); }
const std::string& JobLabel::current() { return t_job; }

std::string client_token(const std::filesystem::path& token_file) {
    if (!token_file.empty()) return read_token_file(token_file);
    if (const char* t = std::getenv("GNA_SERVER_TOKEN"); t && *t) return t;
    throw Error(
        "no token for the server: give --token-file FILE (the token gna serve printed, in a file only you can "
        "read) or set GNA_SERVER_TOKEN");
}

struct Connection::Impl {
    ConnectOptions opt;
    ServerInfo info;
    std::string session;
    std::shared_ptr<grpc::Channel> channel;
    std::unique_ptr<pb::Engine::Stub> stub;

    void prepare(grpc::ClientContext& ctx) const {
        ctx.AddMetadata("authorization", "Bearer " + opt.token);
        if (!session.empty()) ctx.AddMetadata("x-gna-session", session);
        if (!t_job.empty()) ctx.AddMetadata("x-gna-job", t_job);
    }

    [[noreturn]] void fail(const grpc::Status& s, const std::atomic<bool>* cancel) const {
        switch (s.error_code()) {
            case grpc::StatusCode::CANCELLED:
                if (cancel && cancel->load()) throw Cancelled();
                throw Error("the server " + opt.address + " cancelled the call (" + s.error_message() +
                            "); it may have been stopped");
            case grpc::StatusCode::UNAVAILABLE:
                throw Error("lost the connection to gna serve at " + opt.address + " (" + s.error_message() +
                            "): is the server still running, and the SSH tunnel open? Connect again to go on");
            case grpc::StatusCode::DEADLINE_EXCEEDED:
                throw Error("gna serve at " + opt.address + " did not answer in time: is the address right?");
            default:
                throw Error("the server " + opt.address + ": " + s.error_message());
        }
    }

    // One call: metadata, a watcher that cancels it when *cancel rises, exceptions for failures.
    template <class Method, class Req, class Rep>
    void call(Method method, const Req& req, Rep* rep, const std::atomic<bool>* cancel, int deadline_ms = 0) const {
        grpc::ClientContext ctx;
        prepare(ctx);
        if (deadline_ms > 0)
            ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(deadline_ms));
        std::atomic<bool> done{false};
        std::thread watcher;
        if (cancel)
            watcher = std::thread([&] {
                while (!done.load()) {
                    if (cancel->load()) {
                        ctx.TryCancel();
                        return;
                    }
                    std::this_thread::sleep_for(std::chrono::milliseconds(5));
                }
            });
        const grpc::Status s = ((*stub).*method)(&ctx, req, rep);
        done = true;
        if (watcher.joinable()) watcher.join();
        if (!s.ok()) fail(s, cancel);
    }
};

struct RemoteModel::Impl {
    std::shared_ptr<Connection> connection;
    uint64_t handle = 0;
    ModelInfo info;
    RemoteTokenizer tokenizer;

    const Connection::Impl& c() const { return *connection->impl_; }
};

RemoteModel::RemoteModel(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

RemoteModel::~RemoteModel() {
    try {
        pb::CloseRequest req;
        req.set_model(impl_->handle);
        pb::Empty rep;
        grpc::ClientContext ctx;
        impl_->c().prepare(ctx);
        ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::seconds(2));
        (void)impl_->c().stub->Close(&ctx, req, &rep);  // the server's idle timeout closes it otherwise
    } catch (...) {
        // a destructor does not throw; the session's end frees the model on the server
    }
}

const ModelInfo& RemoteModel::info() const { return impl_->info; }
const Tokenizer& RemoteModel::tokenizer() const { return impl_->tokenizer; }
const ServerInfo& RemoteModel::server() const { return impl_->c().info; }

RunResult RemoteModel::run(const RunRequest& request) {
    pb::RunRequest req;
    req.set_model(impl_->handle);
    encode(request, &req, kHooks);
    pb::RunReply rep;
    impl_->c().call(&pb::Engine::Stub::Run, req, &rep, request.cancel);
    return decode(rep);
}

std::vector<RunResult> RemoteModel::run_batch(const std::vector<RunRequest>& requests) {
    pb::RunBatchRequest req;
    req.set_model(impl_->handle);
    const std::atomic<bool>* cancel = nullptr;
    for (const RunRequest& r : requests) {
        encode(r, req.add_runs(), kHooks);
        if (r.cancel) cancel = r.cancel;
    }
    pb::RunBatchReply rep;
    impl_->c().call(&pb::Engine::Stub::RunBatch, req, &rep, cancel);
    std::vector<RunResult> out;
    for (const pb::RunReply& r : rep.results()) out.push_back(decode(r));
    return out;
}

std::vector<double> RemoteModel::score_continuations(const std::vector<int>& prompt,
                                                     const std::vector<std::vector<int>>& continuations,
                                                     const InterventionPlan& plan,
                                                     const std::vector<int>& context_tokens) {
    SweepRequest s;
    s.prompt = prompt;
    s.continuations = continuations;
    s.context_tokens = context_tokens;
    s.plans = {plan};
    pb::SweepRequest req;
    req.set_model(impl_->handle);
    encode(s, &req, kHooks);
    pb::Scores rep;
    impl_->c().call(&pb::Engine::Stub::Score, req, &rep, nullptr);
    return {rep.values().begin(), rep.values().end()};
}

std::vector<std::vector<double>> RemoteModel::sweep_continuations(const SweepRequest& request) {
    pb::SweepRequest req;
    req.set_model(impl_->handle);
    encode(request, &req, kHooks);
    pb::SweepReply rep;
    impl_->c().call(&pb::Engine::Stub::Sweep, req, &rep, request.cancel);
    std::vector<std::vector<double>> out;
    for (const pb::Scores& s : rep.plans()) out.emplace_back(s.values().begin(), s.values().end());
    return out;
}

std::vector<AttributionResult> RemoteModel::attribute_heads(const std::vector<AttributionRequest>& requests) {
    pb::AttributeRequest req;
    req.set_model(impl_->handle);
    const std::atomic<bool>* cancel = nullptr;
    for (const AttributionRequest& r : requests) {
        encode(r, req.add_items());
        if (r.cancel) cancel = r.cancel;
    }
    pb::AttributeReply rep;
    impl_->c().call(&pb::Engine::Stub::Attribute, req, &rep, cancel);
    std::vector<AttributionResult> out;
    for (const pb::AttributionOut& r : rep.results()) out.push_back(decode(r));
    return out;
}

ProbeResult RemoteModel::run_probe(const ProbeRequest& request) {
    pb::ProbeRequest req;
    req.set_model(impl_->handle);
    encode(request, &req, kHooks);
    pb::ProbeReply rep;
    impl_->c().call(&pb::Engine::Stub::Probe, req, &rep, request.cancel);
    return decode(rep);
}

Connection::Connection() : impl_(std::make_unique<Impl>()) {}
Connection::~Connection() = default;

std::shared_ptr<Connection> Connection::connect(const ConnectOptions& options) {
    std::shared_ptr<Connection> c(new Connection());
    Impl& d = *c->impl_;
    d.opt = options;
    d.info.address = options.address;
    if (options.token.empty()) throw Error("no token for the server " + options.address);
    std::shared_ptr<grpc::ChannelCredentials> creds;
    if (options.tls) {
        grpc::SslCredentialsOptions ssl;
        if (!options.tls_ca.empty()) ssl.pem_root_certs = read_pem(options.tls_ca);
        creds = grpc::SslCredentials(ssl);
    } else {
        creds = grpc::InsecureChannelCredentials();
    }
    grpc::ChannelArguments args;
    args.SetMaxReceiveMessageSize(INT_MAX);
    d.channel = grpc::CreateCustomChannel(options.address, creds, args);
    d.stub = pb::Engine::NewStub(d.channel);
    pb::HelloRequest req;
    req.set_protocol(options.protocol ? options.protocol : kProtocolVersion);
    req.set_client(options.client);
    pb::HelloReply rep;
    grpc::ClientContext ctx;
    d.prepare(ctx);
    ctx.set_deadline(std::chrono::system_clock::now() + std::chrono::milliseconds(options.connect_timeout_ms));
    ctx.set_wait_for_ready(true);
    const grpc::Status s = d.stub->Hello(&ctx, req, &rep);
    if (!s.ok()) {
        if (s.error_code() == grpc::StatusCode::DEADLINE_EXCEEDED || s.error_code() == grpc::StatusCode::UNAVAILABLE)
            throw Error("cannot reach gna serve at " + options.address + " (" + s.error_message() +
                        "): is it running there? For a server on another machine, open a tunnel first: "
                        "ssh -N -L PORT:127.0.0.1:PORT HOST, and connect to 127.0.0.1:PORT");
        d.fail(s, nullptr);
    }
    if (rep.protocol() != kProtocolVersion)
        throw Error("protocol mismatch: the server " + options.address + " (" + rep.server() +
                    ") speaks G&A remote protocol " + std::to_string(rep.protocol()) + ", this client (" +
                    options.client + ") " + std::to_string(kProtocolVersion) +
                    "; use the same gna release on both sides");
    d.session = rep.session();
    d.info.server = rep.server();
    d.info.device = rep.device();
    d.info.memory_total = rep.memory_total();
    d.info.memory_free = rep.memory_free();
    d.info.roots.assign(rep.roots().begin(), rep.roots().end());
    return c;
}

const ServerInfo& Connection::info() const { return impl_->info; }

std::vector<std::string> Connection::list_models() {
    pb::ListModelsRequest req;
    pb::ListModelsReply rep;
    impl_->call(&pb::Engine::Stub::ListModels, req, &rep, nullptr);
    std::vector<std::string> out;
    for (const pb::ModelEntry& m : rep.models()) out.push_back(m.path());
    return out;
}

std::shared_ptr<RemoteModel> Connection::open(const ModelLoadSpec& spec, const std::atomic<bool>* cancel) {
    pb::OpenRequest req;
    req.set_path(spec.path.string());
    req.set_tokenizer(spec.tokenizer.string());
    req.set_device(device_name(spec.device));
    req.set_dtype(dtype_name(spec.dtype));
    req.set_threads(spec.threads);
    req.set_no_memory_check(!spec.check_memory);
    pb::OpenReply rep;
    impl_->call(&pb::Engine::Stub::Open, req, &rep, cancel);
    auto d = std::make_unique<RemoteModel::Impl>();
    d->connection = shared_from_this();
    d->handle = rep.model();
    d->info = decode(rep.info());
    const pb::TokenizerInfo& t = rep.tokenizer();
    RemoteTokenizer& tok = d->tokenizer;
    tok.kind_ = t.kind();
    tok.pieces.assign(t.pieces().begin(), t.pieces().end());
    tok.displays.assign(t.display().begin(), t.display().end());
    tok.special.assign(tok.pieces.size(), false);
    for (int id : t.special())
        if (id >= 0 && id < static_cast<int>(tok.special.size())) tok.special[static_cast<std::size_t>(id)] = true;
    if (t.bos() >= 0) tok.bos = t.bos();
    tok.eos.assign(t.eos().begin(), t.eos().end());
    const Impl* conn = impl_.get();
    const uint64_t handle = rep.model();
    auto self = shared_from_this();  // the tokenizer's calls keep the connection alive
    tok.encode_fn = [conn, handle, self](std::string_view text, bool add_special) {
        pb::EncodeRequest r;
        r.set_model(handle);
        r.set_text(std::string(text));
        r.set_add_special(add_special);
        pb::Tokens out;
        conn->call(&pb::Engine::Stub::Encode, r, &out, nullptr);
        return std::vector<int>(out.ids().begin(), out.ids().end());
    };
    tok.decode_fn = [conn, handle, self](const std::vector<int>& ids, bool skip_special) {
        pb::DecodeRequest r;
        r.set_model(handle);
        for (int id : ids) r.add_ids(id);
        r.set_skip_special(skip_special);
        pb::Text out;
        conn->call(&pb::Engine::Stub::Decode, r, &out, nullptr);
        return out.text();
    };
    return std::shared_ptr<RemoteModel>(new RemoteModel(std::move(d)));
}

bool Connection::cancel(const std::string& job) {
    pb::CancelRequest req;
    req.set_job(job);
    pb::CancelReply rep;
    impl_->call(&pb::Engine::Stub::Cancel, req, &rep, nullptr);
    return rep.cancelled();
}

double Connection::round_trip_ms() {
    const auto t0 = std::chrono::steady_clock::now();
    pb::CancelRequest req;  // names no job: authenticates and returns
    pb::CancelReply rep;
    impl_->call(&pb::Engine::Stub::Cancel, req, &rep, nullptr, 5000);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace gna::remote
