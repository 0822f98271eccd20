#pragma once
// `gna serve`: the engine over gRPC (docs/remote.md). Qt-free; runs against any LibTorch, CUDA
// included. One Server serves the models under its roots to any client that presents its token;
// each client's Hello opens a session that owns the models it opened and the jobs it runs, which no
// other session can see or cancel. A client that goes away has its running job cancelled.
#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace gna::remote {

struct ServerOptions {
    std::string listen = "127.0.0.1:0";  // host:port; port 0 picks a free one (Server::port())
    std::vector<std::filesystem::path> roots;  // models open only from under these folders (at least one)
    std::string token;  // what clients must present ("authorization: Bearer <token>"); not empty
    // TLS (PEM files): required for any address other than loopback.
    std::filesystem::path tls_cert, tls_key;
    std::size_t max_request_bytes = std::size_t(64) << 20;  // a larger request is refused unread
    int max_jobs_per_session = 4;  // running calls of one session at a time
    int max_models_per_session = 4;  // open models of one session
    std::chrono::seconds session_idle{3600};  // a session without calls for this long is closed
    std::string version;  // "gna 0.1.0 (abc123)", sent at Hello
    std::function<void(const std::string&)> log;  // one line per event (sessions, loads, jobs ending)
};

// 127.0.0.0/8, ::1 and localhost (with a port): the addresses that need no TLS.
bool is_loopback_listen(std::string_view listen);

// The canonical form of `path` (absolute, or relative to the first root) when it lies under one of
// the canonical roots, symbolic links and ".." resolved; gna::Error naming `what` otherwise (without
// saying whether anything exists outside the roots).
std::filesystem::path resolve_under_roots(const std::string& path, const std::vector<std::filesystem::path>& roots,
                                          const char* what);

// 32 random bytes from the system's random source, as 64 hex digits.
std::string random_token();
// The first line of a token file; gna::Error when the group or others may read it (chmod 600) or it is empty.
std::string read_token_file(const std::filesystem::path& file);

class Server {
public:
    // Starts listening; gna::Error for a non-loopback address without TLS, a missing root, an empty
    // token, unreadable TLS files or an address that cannot be bound.
    explicit Server(ServerOptions options);
    ~Server();
    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;
    int port() const;
    std::size_t running_jobs() const;  // calls running now, over every session
    void wait();  // until shutdown()
    void shutdown();  // cancels running jobs and returns from wait()

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

}  // namespace gna::remote
