// gna serve: the engine over gRPC for the studio and `gna --server` elsewhere (remote/server.h,
// docs/remote.md). Stops cleanly on SIGINT and SIGTERM.
#include <csignal>
#include <iostream>
#include <unistd.h>
#include <thread>

#include "args.h"
#include "commands.h"
#include "gna/error.h"
#include "server.h"

namespace gna::cli {
namespace {

int g_stop_pipe[2] = {-1, -1};

extern "C" void on_stop_signal(int sig) {
    const int n = sig;
    [[maybe_unused]] const ssize_t w = ::write(g_stop_pipe[1], &n, sizeof n);
}

}  // namespace

int cmd_serve(const std::vector<std::string>& argv) {
    static const Options table = {
        {"listen", "HOST:PORT",
         "where to listen (default 127.0.0.1:50051; port 0: a free one, printed). Any address but loopback "
         "needs --tls-cert and --tls-key"},
        {"root", "DIR", "the folders models may be opened from, comma-separated (A,B); at least one"},
        {"token-file", "F",
         "the clients' token, first line of F (chmod 600); default: a new random token, printed at start"},
        {"tls-cert", "PEM", "the server's TLS certificate chain"},
        {"tls-key", "PEM", "its private key"},
        {"max-request-mb", "N", "largest request accepted (default 64)"},
        {"max-jobs", "N", "running calls per client at a time (default 4)"},
        {"max-models", "N", "open models per client (default 4)"},
        {"idle-timeout", "S", "close a client's session after S seconds without calls (default 3600)"},
    };
    Args a(argv, table);
    if (a.help() || !a.positionals().empty() || !a.get("root")) {
        std::cout << "usage: gna serve --root DIR[,DIR...] [--listen HOST:PORT] [options]\n"
                     "Serves the models under the roots to the studio (File > Connect to server) and to\n"
                     "gna run/info/experiment --server. Clients present the token; each sees only its own jobs.\n";
        print_options(std::cout, table);
        return a.help() ? kOk : kUsage;
    }
    remote::ServerOptions o;
    o.listen = a.get_or("listen", "127.0.0.1:50051");
    std::string roots = *a.get("root");
    for (std::size_t start = 0; start <= roots.size();) {
        const std::size_t comma = roots.find(',', start);
        const std::string r = roots.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!r.empty()) o.roots.emplace_back(r);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    const bool generated = !a.get("token-file");
    o.token = generated ? remote::random_token() : remote::read_token_file(*a.get("token-file"));
    o.tls_cert = a.get_or("tls-cert", "");
    o.tls_key = a.get_or("tls-key", "");
    const int mb = a.get_int("max-request-mb", 64);
    const int jobs = a.get_int("max-jobs", 4), models = a.get_int("max-models", 4);
    const int idle = a.get_int("idle-timeout", 3600);
    if (mb < 1 || jobs < 1 || models < 1 || idle < 1)
        throw UsageError{"--max-request-mb, --max-jobs, --max-models and --idle-timeout take positive integers"};
    o.max_request_bytes = static_cast<std::size_t>(mb) << 20;
    o.max_jobs_per_session = jobs;
    o.max_models_per_session = models;
    o.session_idle = std::chrono::seconds(idle);
    o.version = "gna " GNA_VERSION;
    o.log = [](const std::string& line) { std::cerr << "gna serve: " << line << std::endl; };

    // SIGINT/SIGTERM: the handler writes to a pipe (all it may do), a thread reads it and shuts the
    // server down (gRPC's Shutdown is not signal-safe; the process has threads from before the server).
    if (::pipe(g_stop_pipe) != 0) throw Error("gna serve: cannot create a pipe");
    remote::Server server(o);
    const std::string host = o.listen.substr(0, o.listen.rfind(':'));
    std::cout << "gna serve: listening on " << host << ":" << server.port() << (o.tls_cert.empty() ? "" : " (TLS)")
              << "\n";
    if (generated)
        std::cout << "token: " << o.token << "\n"
                  << "(clients: put it in a file only you can read and pass --token-file, or set GNA_SERVER_TOKEN)\n";
    std::cout << std::flush;
    std::thread stopper([&] {
        int sig = 0;
        if (::read(g_stop_pipe[0], &sig, sizeof sig) == static_cast<ssize_t>(sizeof sig) && sig > 0)
            std::cerr << "gna serve: stopping (signal " << sig << ")" << std::endl;
        server.shutdown();
    });
    auto previous_int = std::signal(SIGINT, on_stop_signal);
    auto previous_term = std::signal(SIGTERM, on_stop_signal);
    server.wait();
    std::signal(SIGINT, previous_int);
    std::signal(SIGTERM, previous_term);
    const int none = 0;  // wait() also returns after a shutdown from elsewhere: wake the stopper
    if (::write(g_stop_pipe[1], &none, sizeof none) < 0) std::cerr << "gna serve: cannot wake the stopper\n";
    stopper.join();
    return kOk;
}

}  // namespace gna::cli
