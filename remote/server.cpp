#include "server.h"

#include <grpcpp/grpcpp.h>

#include <atomic>
#include <condition_variable>
#include <fstream>
#include <map>
#include <mutex>
#include <random>
#include <sstream>
#include <sys/stat.h>
#include <thread>

#include "codec.h"
#include "gna/error.h"
#include "gna/load_spec.h"
#include "gna/memory_estimate.h"
#include "gna/probe.h"
#include "gna_remote.grpc.pb.h"

namespace gna::remote {

namespace fs = std::filesystem;
using grpc::ServerContext;
using grpc::Status;
using grpc::StatusCode;

bool is_loopback_listen(std::string_view listen) {
    std::string_view host = listen;
    if (!host.empty() && host.front() == '[') {
        const auto close = host.find(']');
        host = close == std::string_view::npos ? host : host.substr(1, close - 1);
    } else if (const auto colon = host.rfind(':'); colon != std::string_view::npos) {
        host = host.substr(0, colon);
    }
    return host == "localhost" || host == "::1" || host.starts_with("127.");
}

fs::path resolve_under_roots(const std::string& path, const std::vector<fs::path>& roots, const char* what) {
    if (roots.empty()) throw Error(std::string(what) + ": the server has no model roots");
    if (path.empty()) throw Error(std::string(what) + ": no path given");
    if (path.find('\0') != std::string::npos) throw Error(std::string(what) + ": the path holds a NUL character");
    std::error_code ec;
    const fs::path p = fs::path(path).is_absolute() ? fs::path(path) : roots.front() / path;
    const fs::path canonical = fs::weakly_canonical(p, ec);
    if (!ec)
        for (const fs::path& root : roots) {
            const fs::path r = fs::weakly_canonical(root, ec);
            if (ec) continue;
            auto [ri, pi] = std::mismatch(r.begin(), r.end(), canonical.begin(), canonical.end());
            if (ri == r.end()) {
                if (!fs::exists(canonical, ec))
                    throw Error(std::string(what) + " '" + path + "' does not exist on the server" +
                                (fs::path(path).is_absolute()
                                     ? std::string()
                                     : " (a relative path starts at its first root, " + roots.front().string() + ")"));
                return canonical;
            }
        }
    std::string list;
    for (const fs::path& r : roots) list += (list.empty() ? "" : ", ") + r.string();
    throw Error(std::string(what) + " '" + path + "' is not under the server's model roots (" + list +
                "): open a model from under them, or restart gna serve with --root naming its folder");
}

std::string random_token() {
    std::random_device rd;  // /dev/urandom on Linux
    std::ostringstream s;
    for (int i = 0; i < 8; ++i) {
        char b[9];
        std::snprintf(b, sizeof b, "%08x", static_cast<unsigned>(rd()));
        s << b;
    }
    return s.str();
}

std::string read_token_file(const fs::path& file) {
    struct stat st {};
    if (::stat(file.c_str(), &st) != 0) throw Error("token file " + file.string() + ": cannot be read");
    if (st.st_mode & (S_IRWXG | S_IRWXO))
        throw Error("token file " + file.string() +
                    ": the group or others may read it; make it private with chmod 600 " + file.string());
    std::ifstream in(file);
    std::string token;
    std::getline(in, token);
    while (!token.empty() && (token.back() == '\r' || token.back() == ' ')) token.pop_back();
    if (token.empty()) throw Error("token file " + file.string() + ": empty (its first line is the token)");
    return token;
}

namespace {

// A refusal with its gRPC code (the rest, gna::Error, is FAILED_PRECONDITION: bad input).
struct Refusal {
    StatusCode code;
    std::string message;
};

std::string read_file(const fs::path& f, const char* what) {
    std::ifstream in(f, std::ios::binary);
    if (!in) throw Error(std::string(what) + " " + f.string() + ": cannot be read");
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

bool same_token(const std::string& a, const std::string& b) {
    unsigned char diff = a.size() == b.size() ? 0 : 1;
    for (std::size_t i = 0; i < a.size(); ++i)
        diff |= static_cast<unsigned char>(a[i] ^ b[i % (b.empty() ? 1 : b.size())]);
    return diff == 0 && !b.empty();
}

std::string metadata(const ServerContext* ctx, const char* key) {
    const auto& m = ctx->client_metadata();
    const auto it = m.find(key);
    return it == m.end() ? std::string() : std::string(it->second.data(), it->second.size());
}

struct LoadedModel {
    std::shared_ptr<Model> model;
    std::mutex run;  // one call at a time on a model (its caches are not shared-safe)
};

struct Handle {
    std::shared_ptr<LoadedModel> loaded;
    std::unique_ptr<Probe> probe;  // this session's probe (its unablated cache is this client's)
};

struct Job {
    std::atomic<bool> cancel{false};
    ServerContext* ctx = nullptr;
    std::string id;
};

struct Session {
    std::string id;
    std::mutex mutex;
    std::map<uint64_t, std::shared_ptr<Handle>> handles;
    std::map<Job*, std::shared_ptr<Job>> jobs;
    std::chrono::steady_clock::time_point last_call = std::chrono::steady_clock::now();
};

}  // namespace

struct Server::Impl final : public pb::Engine::Service {
    ServerOptions opt;
    std::vector<fs::path> roots;
    RequestLimits limits;
    HookCodec hooks{{}, [](const AttentionHookData& d) { return attention_hook(d); }};  // rebuilt from data
    std::unique_ptr<grpc::Server> server;
    int port = 0;

    std::mutex mutex;  // sessions, models, next_handle
    std::map<std::string, std::shared_ptr<Session>> sessions;
    std::map<std::string, std::weak_ptr<LoadedModel>> models;  // by path and load options
    std::mutex load_mutex;  // one load at a time
    uint64_t next_handle = 1;

    std::mutex watch_mutex;
    std::condition_variable watch_cv;
    bool stopping = false;
    std::thread watcher;

    void log(const std::string& line) {
        if (opt.log) opt.log(line);
    }

    // The token, then the session (Hello excepted).
    std::shared_ptr<Session> authorize(ServerContext* ctx) {
        if (!same_token(metadata(ctx, "authorization"), "Bearer " + opt.token))
            throw Refusal{StatusCode::UNAUTHENTICATED,
                          "wrong or missing token: give the token gna serve printed (or its --token-file) with "
                          "--token-file or GNA_SERVER_TOKEN"};
        const std::string id = metadata(ctx, "x-gna-session");
        std::lock_guard lock(mutex);
        const auto it = sessions.find(id);
        if (it == sessions.end())
            throw Refusal{StatusCode::FAILED_PRECONDITION,
                          "no such session on this server (it ended, or the server restarted): connect again"};
        it->second->last_call = std::chrono::steady_clock::now();
        return it->second;
    }

    std::shared_ptr<Handle> handle(Session& s, uint64_t id) {
        std::lock_guard lock(s.mutex);
        const auto it = s.handles.find(id);
        if (it == s.handles.end())
            throw Refusal{StatusCode::NOT_FOUND, "model handle " + std::to_string(id) + " is not open in this session"};
        return it->second;
    }

    // A running call of a session: counted against its limit, cancelled when the client goes away
    // (the watcher) or names it in Cancel.
    class JobScope {
    public:
        JobScope(Impl& server, std::shared_ptr<Session> s, ServerContext* ctx)
            : server_(server), session_(std::move(s)) {
            job_ = std::make_shared<Job>();
            job_->ctx = ctx;
            job_->id = metadata(ctx, "x-gna-job");
            std::lock_guard lock(session_->mutex);
            if (static_cast<int>(session_->jobs.size()) >= server.opt.max_jobs_per_session)
                throw Refusal{StatusCode::RESOURCE_EXHAUSTED,
                              "this session already runs " + std::to_string(session_->jobs.size()) +
                                  " calls, the server's limit per client: wait for one to end"};
            session_->jobs[job_.get()] = job_;
        }
        ~JobScope() {
            const bool cancelled = job_->cancel.load();
            {
                std::lock_guard lock(session_->mutex);
                session_->jobs.erase(job_.get());
            }
            if (cancelled)
                server_.log("session " + session_->id.substr(0, 8) + ": job " + (job_->id.empty() ? "-" : job_->id) +
                            " cancelled and freed");
        }
        const std::atomic<bool>* cancel() const { return &job_->cancel; }

    private:
        Impl& server_;
        std::shared_ptr<Session> session_;
        std::shared_ptr<Job> job_;
    };

    template <class F>
    Status guarded(F&& f) {
        try {
            f();
            return Status::OK;
        } catch (const Refusal& r) {
            return Status(r.code, r.message);
        } catch (const Cancelled&) {
            return Status(StatusCode::CANCELLED, "cancelled");
        } catch (const Error& e) {
            return Status(StatusCode::FAILED_PRECONDITION, e.what());
        } catch (const std::bad_alloc&) {
            return Status(StatusCode::RESOURCE_EXHAUSTED, "the server ran out of memory for this call");
        } catch (const std::exception& e) {
            return Status(StatusCode::INTERNAL, std::string("internal error: ") + e.what());
        }
    }

    // What a model call needs: the session, its handle, a job scope.
    template <class F>
    Status model_call(ServerContext* ctx, uint64_t model, F&& f) {
        return guarded([&] {
            auto session = authorize(ctx);
            auto h = handle(*session, model);
            JobScope job(*this, session, ctx);
            f(*h, job.cancel());
        });
    }

    void watch() {
        std::unique_lock lock(watch_mutex);
        while (!watch_cv.wait_for(lock, std::chrono::milliseconds(20), [&] { return stopping; })) {
            std::vector<std::string> idle;
            std::lock_guard sl(mutex);
            const auto now = std::chrono::steady_clock::now();
            for (auto& [id, s] : sessions) {
                std::lock_guard jl(s->mutex);
                for (auto& [p, job] : s->jobs)
                    if (!job->cancel.load() && job->ctx->IsCancelled()) job->cancel = true;
                if (s->jobs.empty() && now - s->last_call > opt.session_idle) idle.push_back(id);
            }
            for (const std::string& id : idle) {
                sessions.erase(id);
                log("session " + id.substr(0, 8) + ": closed after " + std::to_string(opt.session_idle.count()) +
                    " s without calls");
            }
        }
    }

    // --- the service ---

    Status Hello(ServerContext* ctx, const pb::HelloRequest* req, pb::HelloReply* reply) override {
        return guarded([&] {
            if (!same_token(metadata(ctx, "authorization"), "Bearer " + opt.token))
                throw Refusal{StatusCode::UNAUTHENTICATED,
                              "wrong or missing token: give the token gna serve printed (or its --token-file) with "
                              "--token-file or GNA_SERVER_TOKEN"};
            reply->set_protocol(kProtocolVersion);
            reply->set_server(opt.version);
            if (req->protocol() != kProtocolVersion)
                throw Refusal{StatusCode::FAILED_PRECONDITION,
                              "protocol mismatch: this server (" + opt.version + ") speaks G&A remote protocol " +
                                  std::to_string(kProtocolVersion) + ", the client (" + req->client() + ") " +
                                  std::to_string(req->protocol()) + "; use the same gna release on both sides"};
            auto s = std::make_shared<Session>();
            s->id = random_token().substr(0, 32);
            {
                std::lock_guard lock(mutex);
                sessions[s->id] = s;
            }
            reply->set_session(s->id);
            reply->set_device(cuda_available() ? "cuda" : "cpu");
            if (const auto m = available_memory()) reply->set_memory_free(m->bytes);
            for (const fs::path& r : roots) reply->add_roots(r.string());
            log("session " + s->id.substr(0, 8) + ": " + (req->client().empty() ? "a client" : req->client()) +
                " connected from " + ctx->peer());
        });
    }

    Status ListModels(ServerContext* ctx, const pb::ListModelsRequest*, pb::ListModelsReply* reply) override {
        return guarded([&] {
            authorize(ctx);
            for (const fs::path& root : roots) {
                std::error_code ec;
                fs::recursive_directory_iterator it(root, fs::directory_options::skip_permission_denied, ec), end;
                for (; !ec && it != end; it.increment(ec)) {
                    if (it.depth() > 3) {
                        it.disable_recursion_pending();
                        continue;
                    }
                    if (!it->is_directory(ec) || !fs::is_regular_file(it->path() / "config.json", ec)) continue;
                    const fs::path p = fs::weakly_canonical(it->path(), ec);
                    if (ec) continue;
                    auto [ri, pi] = std::mismatch(root.begin(), root.end(), p.begin(), p.end());
                    if (ri != root.end()) continue;  // a link out of the root
                    reply->add_models()->set_path(p.string());
                    if (reply->models_size() >= 4096) return;
                }
            }
        });
    }

    Status Open(ServerContext* ctx, const pb::OpenRequest* req, pb::OpenReply* reply) override {
        return guarded([&] {
            auto session = authorize(ctx);
            {
                std::lock_guard lock(session->mutex);
                if (static_cast<int>(session->handles.size()) >= opt.max_models_per_session)
                    throw Refusal{StatusCode::RESOURCE_EXHAUSTED,
                                  "this session has " + std::to_string(session->handles.size()) +
                                      " models open, the server's limit per client: close one first"};
            }
            ModelLoadSpec spec;
            spec.path = resolve_under_roots(req->path(), roots, "model");
            if (!req->tokenizer().empty())
                spec.tokenizer = resolve_under_roots(req->tokenizer(), roots, "tokenizer folder");
            if (!req->device().empty()) {
                const auto d = device_from_name(req->device());
                if (!d) throw Error("device '" + req->device() + "': use cpu or cuda");
                spec.device = *d;
            }
            if (!req->dtype().empty()) {
                const auto d = dtype_from_name(req->dtype());
                if (!d) throw Error("dtype '" + req->dtype() + "': use f32, bf16 or f16");
                spec.dtype = *d;
            }
            spec.threads = req->threads();
            spec.check_memory = !req->no_memory_check();
            const std::string key = spec.path.string() + "\n" + spec.tokenizer.string() + "\n" +
                device_name(spec.device) + "\n" + dtype_name(spec.dtype);
            std::shared_ptr<LoadedModel> loaded;
            {
                std::lock_guard load(load_mutex);
                {
                    std::lock_guard lock(mutex);
                    loaded = models[key].lock();
                }
                if (!loaded) {
                    JobScope job(*this, session, ctx);
                    LoadOptions lo = load_options(spec);
                    lo.cancel = job.cancel();
                    loaded = std::make_shared<LoadedModel>();
                    loaded->model = Model::load(spec.path, lo);
                    std::lock_guard lock(mutex);
                    models[key] = loaded;
                    log("loaded " + spec.path.string() + " (" + loaded->model->info().compute_dtype + " on " +
                        loaded->model->info().device + ")");
                }
            }
            auto h = std::make_shared<Handle>();
            h->loaded = loaded;
            h->probe = std::make_unique<gna::Probe>(loaded->model);
            uint64_t id = 0;
            {
                std::lock_guard lock(mutex);
                id = next_handle++;
            }
            {
                std::lock_guard lock(session->mutex);
                session->handles[id] = h;
            }
            reply->set_model(id);
            const Model& m = *loaded->model;
            encode(m.info(), reply->mutable_info());
            const Tokenizer& tok = m.tokenizer();
            pb::TokenizerInfo* t = reply->mutable_tokenizer();
            t->set_kind(tok.kind());
            t->set_vocab_size(tok.vocab_size());
            for (int i = 0; i < tok.vocab_size(); ++i) {
                t->add_pieces(tok.piece(i));
                t->add_display(tok.display(i));
                if (tok.is_special(i)) t->add_special(i);
            }
            t->set_bos(tok.bos_id().value_or(-1));
            for (int e : tok.eos_ids()) t->add_eos(e);
        });
    }

    Status Close(ServerContext* ctx, const pb::CloseRequest* req, pb::Empty*) override {
        return guarded([&] {
            auto session = authorize(ctx);
            std::lock_guard lock(session->mutex);
            session->handles.erase(req->model());
        });
    }

    Status Encode(ServerContext* ctx, const pb::EncodeRequest* req, pb::Tokens* reply) override {
        return model_call(ctx, req->model(), [&](Handle& h, const std::atomic<bool>*) {
            if (req->text().size() > limits.max_tokens * 16)
                throw Error("remote request: the text is too long to encode");
            for (int id : h.loaded->model->tokenizer().encode(req->text(), req->add_special())) reply->add_ids(id);
        });
    }

    Status Decode(ServerContext* ctx, const pb::DecodeRequest* req, pb::Text* reply) override {
        return model_call(ctx, req->model(), [&](Handle& h, const std::atomic<bool>*) {
            const std::vector<int> ids(req->ids().begin(), req->ids().end());
            check_tokens(ids, h.loaded->model->tokenizer().vocab_size(), "ids");
            reply->set_text(h.loaded->model->tokenizer().decode(ids, req->skip_special()));
        });
    }

    RunRequest run_request(const pb::RunRequest& req, const Model& m, const std::atomic<bool>* cancel) {
        RunRequest r = decode(req, limits, hooks);
        check_tokens(r.tokens, m.info().vocab_size, "tokens");
        check_tokens(r.stop_tokens, m.info().vocab_size, "stop_tokens");
        r.cancel = cancel;
        return r;
    }

    Status Run(ServerContext* ctx, const pb::RunRequest* req, pb::RunReply* reply) override {
        return model_call(ctx, req->model(), [&](Handle& h, const std::atomic<bool>* cancel) {
            Model& m = *h.loaded->model;
            const RunRequest r = run_request(*req, m, cancel);
            std::lock_guard lock(h.loaded->run);
            encode(m.run(r), reply);
        });
    }

    Status RunBatch(ServerContext* ctx, const pb::RunBatchRequest* req, pb::RunBatchReply* reply) override {
        return model_call(ctx, req->model(), [&](Handle& h, const std::atomic<bool>* cancel) {
            Model& m = *h.loaded->model;
            if (static_cast<std::size_t>(req->runs_size()) > limits.max_items)
                throw Error("remote request: too many runs");
            std::vector<RunRequest> runs;
            for (const pb::RunRequest& r : req->runs()) runs.push_back(run_request(r, m, cancel));
            std::lock_guard lock(h.loaded->run);
            for (const RunResult& r : m.run_batch(runs)) encode(r, reply->add_results());
        });
    }

    SweepRequest sweep_request(const pb::SweepRequest& req, const Model& m, const std::atomic<bool>* cancel) {
        SweepRequest s = decode(req, limits, hooks);
        check_tokens(s.prompt, m.info().vocab_size, "prompt");
        for (const auto& c : s.continuations) check_tokens(c, m.info().vocab_size, "continuation");
        s.cancel = cancel;
        return s;
    }

    Status Score(ServerContext* ctx, const pb::SweepRequest* req, pb::Scores* reply) override {
        return model_call(ctx, req->model(), [&](Handle& h, const std::atomic<bool>* cancel) {
            Model& m = *h.loaded->model;
            const SweepRequest s = sweep_request(*req, m, cancel);
            if (s.plans.size() != 1) throw Error("remote request: Score takes exactly one plan");
            std::lock_guard lock(h.loaded->run);
            for (double v : m.score_continuations(s.prompt, s.continuations, s.plans[0], s.context_tokens))
                reply->add_values(v);
        });
    }

    Status Sweep(ServerContext* ctx, const pb::SweepRequest* req, pb::SweepReply* reply) override {
        return model_call(ctx, req->model(), [&](Handle& h, const std::atomic<bool>* cancel) {
            Model& m = *h.loaded->model;
            const SweepRequest s = sweep_request(*req, m, cancel);
            std::lock_guard lock(h.loaded->run);
            for (const auto& row : m.sweep_continuations(s)) {
                pb::Scores* o = reply->add_plans();
                for (double v : row) o->add_values(v);
            }
        });
    }

    Status Attribute(ServerContext* ctx, const pb::AttributeRequest* req, pb::AttributeReply* reply) override {
        return model_call(ctx, req->model(), [&](Handle& h, const std::atomic<bool>* cancel) {
            Model& m = *h.loaded->model;
            if (static_cast<std::size_t>(req->items_size()) > limits.max_items)
                throw Error("remote request: too many items");
            std::vector<AttributionRequest> items;
            for (const pb::AttributionItem& i : req->items()) {
                items.push_back(decode(i, limits));
                check_tokens(items.back().prompt, m.info().vocab_size, "prompt");
                check_tokens(items.back().continuation, m.info().vocab_size, "continuation");
                items.back().cancel = cancel;
            }
            std::lock_guard lock(h.loaded->run);
            for (const AttributionResult& r : m.attribute_heads(items)) encode(r, reply->add_results());
        });
    }

    Status Probe(ServerContext* ctx, const pb::ProbeRequest* req, pb::ProbeReply* reply) override {
        return model_call(ctx, req->model(), [&](Handle& h, const std::atomic<bool>* cancel) {
            ProbeRequest p = decode(*req, limits, hooks);
            check_tokens(p.tokens, h.loaded->model->info().vocab_size, "tokens");
            p.cancel = cancel;
            std::lock_guard lock(h.loaded->run);
            encode(h.probe->run(p), reply);
        });
    }

    Status Cancel(ServerContext* ctx, const pb::CancelRequest* req, pb::CancelReply* reply) override {
        return guarded([&] {
            auto session = authorize(ctx);
            std::lock_guard lock(session->mutex);
            for (auto& [p, job] : session->jobs)
                if (!req->job().empty() && job->id == req->job()) {
                    job->cancel = true;
                    reply->set_cancelled(true);
                }
        });
    }
};

Server::Server(ServerOptions options) : impl_(std::make_unique<Impl>()) {
    Impl& d = *impl_;
    d.opt = std::move(options);
    if (d.opt.token.empty()) throw Error("gna serve: no token (clients must present one)");
    if (d.opt.roots.empty())
        throw Error("gna serve: no model roots: name the folders models may be opened from with --root DIR");
    for (const fs::path& r : d.opt.roots) {
        std::error_code ec;
        if (!fs::is_directory(r, ec)) throw Error("gna serve: the root " + r.string() + " is not a folder");
        d.roots.push_back(fs::canonical(r));
    }
    const bool tls = !d.opt.tls_cert.empty() || !d.opt.tls_key.empty();
    if (!tls && !is_loopback_listen(d.opt.listen))
        throw Error("gna serve: " + d.opt.listen +
                    " is not a loopback address, and a token must not cross a network in the clear: give "
                    "--tls-cert and --tls-key, or listen on 127.0.0.1 and reach it through ssh -L");
    std::shared_ptr<grpc::ServerCredentials> creds;
    if (tls) {
        if (d.opt.tls_cert.empty() || d.opt.tls_key.empty())
            throw Error("gna serve: TLS needs both --tls-cert and --tls-key");
        grpc::SslServerCredentialsOptions ssl;
        ssl.pem_key_cert_pairs.push_back(
            {read_file(d.opt.tls_key, "TLS key"), read_file(d.opt.tls_cert, "TLS certificate")});
        creds = grpc::SslServerCredentials(ssl);
    } else {
        creds = grpc::InsecureServerCredentials();
    }
    grpc::ServerBuilder builder;
    builder.AddListeningPort(d.opt.listen, creds, &d.port);
    builder.SetMaxReceiveMessageSize(static_cast<int>(std::min<std::size_t>(d.opt.max_request_bytes, INT32_MAX)));
    builder.SetMaxSendMessageSize(INT32_MAX);
    builder.RegisterService(&d);
    d.server = builder.BuildAndStart();
    if (!d.server || d.port == 0)
        throw Error("gna serve: cannot listen on " + d.opt.listen + " (in use, or not an address of this machine)");
    d.watcher = std::thread([&d] { d.watch(); });
}

Server::~Server() {
    shutdown();
    if (impl_->watcher.joinable()) impl_->watcher.join();
}

int Server::port() const { return impl_->port; }

std::size_t Server::running_jobs() const {
    std::size_t n = 0;
    std::lock_guard lock(impl_->mutex);
    for (const auto& [id, s] : impl_->sessions) {
        std::lock_guard jl(s->mutex);
        n += s->jobs.size();
    }
    return n;
}

void Server::wait() { impl_->server->Wait(); }

void Server::shutdown() {
    {
        std::lock_guard lock(impl_->watch_mutex);
        if (impl_->stopping) return;
        impl_->stopping = true;
    }
    impl_->watch_cv.notify_all();
    {
        std::lock_guard lock(impl_->mutex);
        for (auto& [id, s] : impl_->sessions) {
            std::lock_guard jl(s->mutex);
            for (auto& [p, job] : s->jobs) job->cancel = true;
        }
    }
    impl_->server->Shutdown(std::chrono::system_clock::now() + std::chrono::seconds(5));
}

}  // namespace gna::remote
