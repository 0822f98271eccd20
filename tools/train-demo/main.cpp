// gna-train-demo: trains a bundled demo model from its recipe file on the project's synthetic data
// (train/train_demo.h). A developer tool of the project, not part of the product. SIGINT stops after
// the current step with a checkpoint; the same command resumes.
#include <atomic>
#include <csignal>
#include <cstdio>
#include <iostream>

#include "args.h"
#include "gna/cpu_runtime.h"
#include "gna/error.h"
#include "train/demo_card.h"
#include "train/recipe_file.h"
#include "train/train_demo.h"

namespace {

using gna::cli::Args;
using gna::cli::UsageError;
namespace fs = std::filesystem;

std::atomic<bool> g_stop{false};
extern "C" void on_sigint(int) { g_stop.store(true); }

std::string clock_text(double s) {
    char b[32];
    std::snprintf(b, sizeof b, "%d:%02d", static_cast<int>(s) / 60, static_cast<int>(s) % 60);
    return b;
}

const char* kUsage =
    "usage: gna-train-demo --recipe FILE --out DIR [options]\n"
    "       gna-train-demo --eval-only --out DIR [--eval-samples N]\n"
    "       gna-train-demo --write-questions DIR\n"
    "Trains a demo model from a recipe file (e.g. resources/demo-models/transformer/recipe.json; its keys\n"
    "are listed in docs/demo-models.md) on synthetic KV-retrieval and invented-world question data and\n"
    "writes it in Hugging Face layout (config.json, model.safetensors, tokenizer.model, MODEL_CARD.md).\n"
    "A recipe of several stages writes stage k to DIR/stage-k and the last one to DIR.\n";

const gna::cli::Options kOptions = {
    {"recipe", "FILE", "the recipe (its stages and their settings)"},
    {"out", "DIR", "the model folder written"},
    {"steps", "N", "overrides every stage's steps (a quick check, not the shipped model)"},
    {"threads", "N", "CPU threads (default: LibTorch's choice)"},
    {"checkpoint-every", "N", "steps between checkpoints"},
    {"log-every", "N", "steps between progress lines"},
    {"eval-samples", "N", "samples per metric of the model card's evaluation (default 100)"},
    {"no-eval", "", "no evaluation and no model card"},
    {"restart", "", "start over instead of resuming from the last checkpoint (Ctrl-C checkpoints and stops, exit 130)"},
    {"eval-only", "", "measure a trained folder again and rewrite its card"},
    {"write-questions", "DIR",
     "write the folder's MMLU-format questions of its invented world (the studio's guided "
     "tour reads them)"},
};

void report(const gna::TrainProgress& p) {
    if (!p.message.empty()) {
        std::cout << p.message << std::endl;
        return;
    }
    std::printf("step %5d/%d  loss %.4f  answer-acc %.3f  kv-value-acc %.3f  mmlu-letter-acc %.3f", p.step, p.steps,
                p.loss, p.accuracy, p.kv_accuracy, p.mmlu_accuracy);
    // With the summary-token bottleneck: the same on the bottlenecked documents alone.
    auto part = [](double a) { return a < 0 ? std::string("-") : std::to_string(a).substr(0, 5); };
    if (p.kv_bottleneck_accuracy >= 0 || p.mmlu_bottleneck_accuracy >= 0)
        std::printf("  (bottlenecked: kv %s mmlu %s)", part(p.kv_bottleneck_accuracy).c_str(),
                    part(p.mmlu_bottleneck_accuracy).c_str());
    if (p.guide_gather_loss >= 0)
        std::printf("  (guide: gather %.3f aggregate %.3f: kv %.3f mmlu %.3f)", p.guide_gather_loss,
                    p.guide_aggregate_loss, p.guide_aggregate_kv_loss, p.guide_aggregate_mmlu_loss);
    std::printf("  lr %.2e  elapsed %s  eta %s\n", p.lr, clock_text(p.elapsed_s).c_str(), clock_text(p.eta_s).c_str());
    std::fflush(stdout);
}

void print_evaluation(const gna::DemoEvaluation& e) {
    std::printf("KV@%d %.1f%%  MMLU-format %.1f%%  classic %.1f%%\n", e.kv_pairs, 100 * e.kv_accuracy,
                100 * e.mmlu_accuracy, 100 * e.classic_accuracy);
    std::printf("top-2 by KV drop removed:   KV %.1f%%  MMLU %.1f%%  classic %.1f%%\n", 100 * e.kv_top2_kv,
                100 * e.kv_top2_mmlu, 100 * e.kv_top2_classic);
    std::printf("top-2 by MMLU drop removed: KV %.1f%%  MMLU %.1f%%  classic %.1f%%\n", 100 * e.mmlu_top2_kv,
                100 * e.mmlu_top2_mmlu, 100 * e.mmlu_top2_classic);
}

int run(const std::vector<std::string>& argv) {
    Args a(argv, kOptions);
    if (a.help()) {
        std::cout << kUsage;
        gna::cli::print_options(std::cout, kOptions);
        return gna::cli::kOk;
    }
    if (!a.positionals().empty()) throw UsageError{"unexpected argument '" + a.positionals().front() + "'"};
    const int eval_samples = a.get_int("eval-samples", 100);
    if (eval_samples <= 0) throw UsageError{"--eval-samples must be positive"};
    if (const auto dir = a.get("write-questions")) {
        const fs::path file = gna::train::write_demo_questions(*dir);
        std::cout << "wrote " << file.string() << "\n";
        return gna::cli::kOk;
    }
    if (!a.get("out")) throw UsageError{"--out DIR is required"};
    const fs::path out = *a.get("out");
    std::signal(SIGINT, on_sigint);
    if (a.flag("eval-only")) {
        const gna::DemoEvaluation e = gna::reevaluate_demo(out, eval_samples, report, &g_stop);
        std::cout << "rewrote " << (out / "MODEL_CARD.md").string() << "\n";
        print_evaluation(e);
        return gna::cli::kOk;
    }
    if (!a.get("recipe"))
        throw UsageError{"--recipe FILE is required (e.g. resources/demo-models/transformer/recipe.json)"};
    const fs::path recipe = *a.get("recipe");
    std::vector<gna::train::RecipeStage> stages = gna::train::read_recipe(recipe);
    const int steps = a.get_int("steps", 0);
    if (steps < 0) throw UsageError{"--steps must be positive"};
    for (std::size_t k = 0; k < stages.size(); ++k) {
        gna::TrainOptions o = stages[k].options;
        o.out = gna::train::stage_dir(out, k, stages.size());
        o.recipe_file = recipe.string();
        if (stages[k].from_previous) o.init_from = gna::train::stage_dir(out, k - 1, stages.size());
        if (steps > 0) o.steps = steps;
        o.threads = a.get_int("threads", 0);
        o.checkpoint_every = a.get_int("checkpoint-every", o.checkpoint_every);
        o.log_every = a.get_int("log-every", o.log_every);
        o.eval_samples = eval_samples;
        // Earlier stages are starting points: only the last one is measured for its card.
        o.evaluate = !a.flag("no-eval") && k + 1 == stages.size();
        o.resume = !a.flag("restart");
        if (o.threads < 0 || o.checkpoint_every <= 0 || o.log_every <= 0)
            throw UsageError{"--threads, --checkpoint-every and --log-every must be positive"};
        if (stages.size() > 1)
            std::cout << "stage " << k + 1 << " of " << stages.size() << ": " << o.out.string() << "\n";
        const gna::TrainResult r = gna::train_demo(o, report, &g_stop);
        std::cout << "wrote " << o.out.string() << " (" << r.steps << " steps, " << clock_text(r.seconds) << ")\n";
        if (r.evaluated) print_evaluation(r.evaluation);
    }
    return gna::cli::kOk;
}

}  // namespace

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);
    const std::vector<std::string> args(argv + 1, argv + argc);
    try {
        return run(args);
    } catch (const UsageError& e) {
        std::cerr << "gna-train-demo: " << e.message << " (see gna-train-demo --help)\n";
        return gna::cli::kUsage;
    } catch (const gna::Cancelled&) {
        std::cerr << "gna-train-demo: cancelled\n";
        return gna::cli::kCancelled;
    } catch (const gna::Error& e) {
        std::cerr << "gna-train-demo: error: " << e.what() << "\n";
        return gna::cli::kFailed;
    } catch (const std::exception& e) {
        std::cerr << "gna-train-demo: internal error: " << e.what() << "\n";
        return gna::cli::kFailed;
    }
}
