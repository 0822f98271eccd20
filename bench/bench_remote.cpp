// The studio's head toggle through `gna serve` over loopback against the same toggle on a model
// opened in this process, measured side by side in one run (interleaved, medians): the probe draws
// two heads' maps and colours the board by every head's last-row entropy, in compare mode, as the
// studio does. The server is started in this process on 127.0.0.1 (the transfer and the gRPC stack
// are what is measured; both sides compute on the same CPU). Prints each median, the overhead in ms,
// the bytes of the shown maps and the round trip of an empty call. Goal: overhead <= 5 ms plus the
// maps' transfer. Default: the demo transformer; `llama1b` generates the Llama-3.2-1B shape
// (16 layers, hidden 2048, 32 heads on 8 KV heads, vocabulary 128256), `llama8b` the Llama-3.1-8B
// shape (32 layers, hidden 4096, MLP 14336, bf16; for a GPU: GNA_BENCH_DEVICE=cuda loads both copies
// there, and the goal is a round trip of at most 50 ms at 512 tokens).
//   bench_remote [demo|llama1b|llama8b] [toggles=20] [tokens=512]
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "bench_util.h"
#include "client.h"
#include "gna/cpu_runtime.h"
#include "gna/model.h"
#include "gna/probe.h"
#include "server.h"

using namespace gna::bench;
namespace fs = std::filesystem;

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);
    const std::string which = argc > 1 ? argv[1] : "demo";
    const int toggles = int_arg(argc, argv, 2, 20), tokens = int_arg(argc, argv, 3, 512);
    fs::path dir;
    const gna::Device device = bench_device();
    if (which == "llama1b" || which == "llama8b") {
        const bool big = which == "llama8b";
        gna::TinyModelSpec s = big ? llama_spec(32, 4096, 32, 8) : llama_spec(16, 2048, 32, 8);
        s.intermediate = big ? 14336 : 8192;
        s.vocab = 128256;
        if (big) s.dtype = gna::DType::BF16;
        dir = fs::temp_directory_path() / ("gna_bench_remote_" + which);
        if (!fs::exists(dir / "config.json")) gna::write_tiny_model(s, dir);  // once, into the temp folder
    } else {
        dir = fs::path(GNA_SOURCE_DIR) / "resources/demo-models/transformer";
    }
    gna::LoadOptions lo;
    lo.device = device;
    lo.dtype = which == "llama8b" && device == gna::Device::CUDA ? gna::ComputeDType::BF16 : gna::ComputeDType::F32;
    std::shared_ptr<gna::Model> local = gna::Model::load(dir, lo);
    gna::remote::ServerOptions o;
    o.roots = {dir.parent_path()};
    o.token = "bench";
    gna::remote::Server server(o);
    gna::remote::ConnectOptions c;
    c.address = "127.0.0.1:" + std::to_string(server.port());
    c.token = "bench";
    auto connection = gna::remote::Connection::connect(c);
    gna::ModelLoadSpec spec;
    spec.path = dir;
    spec.device = lo.device;
    spec.dtype = lo.dtype;
    std::shared_ptr<gna::Model> remote = connection->open(spec);

    const gna::ModelInfo& info = local->info();
    const int n = std::min(tokens, info.max_positions - 1);
    gna::ProbeRequest r;
    r.tokens = spread_tokens(n, info.vocab_size);
    r.shown = {{info.num_layers / 4, 0}, {info.num_layers - 2 >= 0 ? info.num_layers - 2 : 0, 1}};
    r.scored = gna::every_head(info, gna::HeadKind::Attention);
    r.score = gna::HeadScoreKind::Entropy;
    r.compare = true;
    gna::Probe here(local), there(remote);
    here.run(r);  // the unablated runs, cached on either side
    there.run(r);
    std::vector<double> t_here, t_there, rtt;
    std::size_t map_bytes = 0;
    bool same = true;
    for (int i = 0; i < toggles; ++i) {
        gna::ProbeRequest q = r;
        q.plan.ablate({info.num_layers - 1 - i % std::max(1, info.num_layers / 2), i % info.num_heads});
        auto t0 = Clock::now();
        const gna::ProbeResult a = here.run(q);
        t_here.push_back(seconds_since(t0) * 1e3);
        t0 = Clock::now();
        const gna::ProbeResult b = there.run(q);
        t_there.push_back(seconds_since(t0) * 1e3);
        rtt.push_back(connection->round_trip_ms());
        same = same && a.last_logits == b.last_logits && a.scores.size() == b.scores.size();
        map_bytes = 0;
        for (const auto& m : b.maps) map_bytes += m.weights.size() * sizeof(float);
        for (const auto& m : b.unablated_maps) map_bytes += m.weights.size() * sizeof(float);
    }
    const double here_ms = median(t_here), there_ms = median(t_there);
    std::printf("bench_remote %s on %s: %d layers x %d heads, %d tokens, %d toggles (compare mode, 2 maps, %zu scores)\n",
                which.c_str(), info.device.c_str(), info.num_layers, info.num_heads, n, toggles, r.scored.size());
    std::printf("  local toggle          %8.2f ms (median)\n", here_ms);
    std::printf("  through the server    %8.2f ms (median)\n", there_ms);
    std::printf("  overhead              %8.2f ms (goal <= 5 ms plus the maps' transfer: %.1f MB)\n",
                there_ms - here_ms, static_cast<double>(map_bytes) / 1e6);
    std::printf("  empty round trip      %8.2f ms (median)\n", median(rtt));
    std::printf("  same logits           %s\n", same ? "yes (bit for bit)" : "NO");
    return same ? 0 : 1;
}
