// gna experiment SPEC --out DIR [--shard I/N]: runs one of the papers' experiments from a JSON
// spec (or one shard of it); progress with an estimate of time left on stderr; Ctrl-C or SIGTERM
// (Slurm preemption, scancel, requeue) stops after saving finished samples; a rerun resumes.
// gna experiment merge OUT_DIR SHARD_DIR...: the shards' folders -> the unsharded result.
#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>

#include "args.h"
#include "load_options.h"
#include "open_model.h"
#include "gna/error.h"
#include "gna/experiment_spec.h"
#include "gna/experiments.h"
#include "gna/model.h"
#include "gna/sharding.h"

namespace gna::cli {
namespace {

std::atomic<bool> g_cancel{false};

void on_experiment_sigint(int) { g_cancel.store(true); }

std::string clock_text(double s) {
    if (s < 0) return "?";
    const long t = static_cast<long>(s + 0.5);
    char b[32];
    if (t >= 3600)
        std::snprintf(b, sizeof b, "%ld:%02ld:%02ld", t / 3600, (t / 60) % 60, t % 60);
    else
        std::snprintf(b, sizeof b, "%ld:%02ld", t / 60, t % 60);
    return b;
}

void print_summary(const ExperimentResult& r, std::ostream& os) {
    if (r.memory) {
        os << "length      KV cache      state        total\n";
        for (const MemoryRow& m : *r.memory) {
            char b[160];
            std::snprintf(b, sizeof b, "%6d  %9.2f MB  %9.2f MB  %9.2f MB\n", m.length, m.kv_bytes / 1e6,
                          m.state_bytes / 1e6, m.total() / 1e6);
            os << b;
        }
        return;
    }
    if (r.aggregates.ranking) {
        os << "most important heads (baseline - ablated):\n";
        int n = 0;
        for (const HeadRankingRow& h : *r.aggregates.ranking) {
            if (n++ == 10) break;
            char b[96];
            std::snprintf(b, sizeof b, "  %-10s %+.4f\n", h.head.c_str(), h.importance);
            os << b;
        }
        return;
    }
    for (const AggregateRow& row : r.aggregates.rows) {
        if (row.task != "*") continue;
        char b[160];
        std::snprintf(b, sizeof b, "  %-28s %.4f  (n=%d)\n", row.condition.c_str(), row.mean, row.n);
        os << b;
    }
}

int cmd_experiment_merge(const std::vector<std::string>& argv) {
    Args a(argv, Options{});
    if (a.help() || a.positionals().size() < 3) {
        std::cout << "usage: gna experiment merge OUT_DIR SHARD_DIR...\n"
                     "  writes OUT_DIR/result.json, result.csv, summary.csv as the unsharded run would, from the\n"
                     "  folders of every shard (gna experiment SPEC --shard I/N --out SHARD_DIR); refuses missing,\n"
                     "  duplicated or unfinished shards and shards of another spec, model or program version\n";
        return a.help() ? kOk : kUsage;
    }
    std::vector<std::filesystem::path> dirs(a.positionals().begin() + 2, a.positionals().end());
    const ExperimentOutcome out = merge_experiment_shards(dirs, a.positionals()[1]);
    std::cout << "merged " << dirs.size() << " shards (" << out.result.samples.size() << " samples)\n";
    print_summary(out.result, std::cout);
    std::cout << "results: " << out.json_path.string() << ", " << out.csv_path.string() << ", "
              << out.summary_path.string() << "\n";
    return kOk;
}

}  // namespace

int cmd_experiment(const std::vector<std::string>& argv) {
    if (!argv.empty() && argv[0] == "merge") return cmd_experiment_merge(argv);
    static const Options table =
        Options{
            {"out", "DIR", "result.json, result.csv, summary.csv; a rerun resumes"},
            {"describe", "KIND", "the keys of KIND's spec (type, default, meaning) and an example"},
            {"shard", "I/N", "run only shard I (0..N-1) of N cost-balanced shards; merge them after"},
            {"quiet", "", "no progress lines"},
        } +
        load_option_rows(/*model=*/true, /*compute=*/true) + server_option_rows();
    Args a(argv, table);
    if (auto kind = a.get("describe"); kind && !a.help()) {
        try {
            std::cout << describe_experiment(*kind);
        } catch (const Error& e) {
            throw UsageError{std::string("--describe: ") + e.what()};
        }
        if (*kind != "memory_table") std::cout << "\n" << describe_tasks();
        return kOk;
    }
    if (a.help() || a.positionals().size() != 1 || !a.get("out")) {
        std::cout << "usage: gna experiment SPEC.json --out DIR [--model MODEL_DIR] [--shard I/N] [options]\n"
                     "       gna experiment --describe KIND\n"
                     "       gna experiment merge OUT_DIR SHARD_DIR...\n"
                     "  experiments: evaluate, head_ranking, cumulative_removal, layer_pruning, sparsification,\n"
                     "               manipulation_grid, gna_masks, memory_table (docs/experiments.md);\n"
                     "  memory_table needs config.json only (no weights, no tokenizer)\n";
        print_options(std::cout, table);
        std::cout << "Ctrl-C or SIGTERM stops after the current sample; finished samples are kept (exit 130).\n";
        return a.help() ? kOk : kUsage;
    }
    ExperimentOptions eo;
    if (auto sh = a.get("shard")) {
        try {
            eo.shard = parse_shard(*sh);
        } catch (const Error& e) {
            throw UsageError{e.what()};
        }
    }
    Json spec = load_experiment_spec(a.positionals()[0]);
    const ModelLoadOverrides flags = load_overrides(a);
    if (flags.tokenizer) spec["tokenizer"] = flags.tokenizer->string();  // recorded in the result with the spec
    const ExperimentSpec typed = parse_experiment_spec(spec, a.positionals()[0]);
    const ModelLoadSpec load = with_overrides(model_load_spec(typed), flags);
    const std::filesystem::path model_dir = load.path;
    if (model_dir.empty()) throw UsageError{"no model: give --model or \"model\" in the spec"};
    eo.out_dir = *a.get("out");
    eo.cancel = &g_cancel;
    const bool quiet = a.flag("quiet");
    eo.progress = [quiet](const ExperimentProgress& p) {
        if (quiet) return;
        std::fprintf(stderr, "[%zu/%zu] %3.0f%%  %s  elapsed %s  ETA %s%s\n", p.done, p.total,
                     p.total ? 100.0 * static_cast<double>(p.done) / static_cast<double>(p.total) : 100.0,
                     p.current.c_str(), clock_text(p.elapsed_s).c_str(), clock_text(p.eta_s).c_str(),
                     p.resumed ? (" (" + std::to_string(p.resumed) + " resumed)").c_str() : "");
    };
    if (typed.experiment == "memory_table") {  // config.json alone: no weights are loaded
        if (eo.shard.active())
            throw Error(
                "--shard: memory_table has no work units to split (it is computed from config.json alone); "
                "run it without --shard");
        const ExperimentOutcome out = run_memory_table_experiment(model_dir, spec, eo);
        print_summary(out.result, std::cout);
        std::cout << "results: " << out.json_path.string() << ", " << out.csv_path.string() << "\n";
        return kOk;
    }
    auto model = open_model(a, load);
    auto previous = std::signal(SIGINT, on_experiment_sigint);
    auto previous_term = std::signal(SIGTERM, on_experiment_sigint);
    ExperimentOutcome out;
    try {
        out = run_experiment(*model, spec, eo);
    } catch (const Cancelled&) {
        std::signal(SIGINT, previous);
        std::signal(SIGTERM, previous_term);
        std::cerr << "gna experiment: cancelled; finished samples are saved in " << eo.out_dir.string()
                  << " (run the same command again to resume)\n";
        return kCancelled;
    }
    std::signal(SIGINT, previous);
    std::signal(SIGTERM, previous_term);
    if (eo.shard.active()) {
        std::cout << "shard " << eo.shard.name() << ": " << out.result.samples.size() << " samples, "
                  << out.result.shard.value().cost_tokens << " of " << out.result.shard.value().total_cost_tokens
                  << " tokens\n"
                  << "results: " << out.json_path.string()
                  << " (merge every shard: gna experiment merge OUT_DIR SHARD_DIR...)\n";
        return kOk;
    }
    print_summary(out.result, std::cout);
    std::cout << "results: " << out.json_path.string() << ", " << out.csv_path.string() << ", "
              << out.summary_path.string() << "\n";
    return kOk;
}

}  // namespace gna::cli
