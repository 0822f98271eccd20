// gna train-demo: trains a bundled demo model on the project's synthetic data (see gna/train.h).
// SIGINT stops after the current step with a checkpoint; the same command resumes.
#include <atomic>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "args.h"
#include "gna/train.h"

namespace gna::cli {
namespace {

std::atomic<bool> g_stop{false};
extern "C" void on_sigint(int) { g_stop.store(true); }

std::string clock_text(double s) {
    char b[32];
    std::snprintf(b, sizeof b, "%d:%02d", static_cast<int>(s) / 60, static_cast<int>(s) % 60);
    return b;
}

}  // namespace

int cmd_train_demo(const std::vector<std::string>& argv) {
    Args a(argv, {"no-eval", "restart", "eval-only"},
           {"recipe", "out", "seed", "steps", "layers", "hidden", "heads", "intermediate", "vocab", "context", "batch",
            "lr", "warmup", "head-dim", "tie-embeddings", "kv-warmup", "kv-until", "mmlu-focus", "mmlu-until", "kv-context-weight", "embed-shared", "head-dropout", "head-dropout-layers", "mem-rope", "world", "mixed-letters", "summary-bottleneck", "summary-bottleneck-kv", "kv-late-lookup", "summary-readout-layer", "summary-gather", "guide-heads", "guide-weight", "kv-repeat-keys", "tokenizer", "init-from", "reinit-layers", "checkpoint-every", "eval-samples", "threads", "log-every"});
    if (a.help() || !a.get("out") || !a.positionals().empty()) {
        std::cout << "usage: gna train-demo --recipe transformer|ssm|hybrid --out DIR [--seed N] [--steps N]\n"
                     "         [--layers N] [--hidden N] [--heads N] [--intermediate N] [--vocab N] [--context N]\n"
                     "         [--batch N] [--lr X] [--warmup N] [--kv-warmup N] [--kv-context-weight X] [--embed-shared X]\n"
                     "         [--head-dim N] [--tie-embeddings 0|1]   (transformer)\n"
                     "         [--head-dropout P] [--head-dropout-layers N]   (transformer: heads of the first N\n"
                     "                            layers switched off with probability P per row and step, after the KV-only phase)\n"
                     "         [--mem-rope 0|1]   (hybrid: RoPE in the attention blocks, Zamba2's use_mem_rope)\n"
                     "         [--world words|phrases|prefixes]   (the invented world's values: one word each, phrases\n"
                     "                            of 1-3 shared words, or one or two words some of which begin others)\n"
                     "         [--mixed-letters P]   (fraction of MMLU-format training questions whose options are\n"
                     "                            labelled A-D in a shuffled order; default 0.5 in the prefixes world, else 0)\n"
                     "         [--summary-bottleneck P]   (transformer: fraction of KV and MMLU-format training documents\n"
                     "                            whose positions after the last line see the dictionary or option lines\n"
                     "                            only through their newlines, the summary tokens)\n"
                     "         [--summary-bottleneck-kv P]   (the fraction for the KV-retrieval documents alone;\n"
                     "                            default: the --summary-bottleneck fraction)\n"
                     "         [--kv-late-lookup P]   (transformer: fraction of the other KV-retrieval documents whose\n"
                     "                            positions after the dictionary see its lines only in the last layer)\n"
                     "         [--summary-readout-layer N]   (with the bottleneck: those positions see the summary tokens\n"
                     "                            only in layer N, and no line token in the other layers)\n"
                     "         [--summary-gather 0|1]   (with the bottleneck: each line's newline sees only its own\n"
                     "                            line, so that it must gather the line)\n"
                     "         [--guide-heads LG.HG[,LG.HG...],LA.HA] [--guide-weight X]   (transformer: an auxiliary\n"
                     "                            loss, weight X (default 1), on heads' attention: the Gather heads'\n"
                     "                            from each dictionary or option line's newline spread over that line, the\n"
                     "                            Aggregate head's from each answer position to the answer line's newline)\n"
                     "         [--kv-repeat-keys 0|1]   (KV documents' further questions may ask a key again, so that\n"
                     "                            elimination cannot answer them)\n"
                     "         [--tokenizer FILE]   (a SentencePiece tokenizer.model to use instead of training one)\n"
                     "         [--init-from DIR]   (start from a trained demo's weights and tokenizer; no KV-only phase)\n"
                     "         [--reinit-layers L[,L]]   (with --init-from: these layers keep their seeded initialisation)\n"
                     "         [--kv-until ACC]   (end the KV-only curriculum once KV values reach ACC, 0 = never)\n"
                     "         [--mmlu-focus N] [--mmlu-until ACC]   (then up to N steps of an MMLU-focused mix,\n"
                     "                            ended once the MMLU-format letters reach ACC)\n"
                     "         [--checkpoint-every N] [--threads N]\n"
                     "         [--eval-samples N] [--no-eval] [--restart]\n"
                     "       gna train-demo --eval-only --out DIR [--eval-samples N]\n"
                     "Trains a demo model on synthetic KV-retrieval and invented-world question data and writes it\n"
                     "in Hugging Face layout (config.json, model.safetensors, tokenizer.model, MODEL_CARD.md).\n"
                     "Ctrl-C checkpoints and stops (exit 130); running the same command again resumes,\n"
                     "--restart starts over. --eval-only measures a trained folder again and rewrites its card.\n";
        return a.help() ? kOk : kUsage;
    }
    TrainOptions o;
    o.recipe = a.get_or("recipe", "transformer");
    if (o.recipe != "transformer" && o.recipe != "ssm" && o.recipe != "hybrid")
        throw UsageError{"--recipe must be transformer, ssm or hybrid"};
    o.out = *a.get("out");
    const int seed = a.get_int("seed", 1);
    if (seed < 0) throw UsageError{"--seed must be non-negative"};
    o.seed = static_cast<uint64_t>(seed);
    o.steps = a.get_int("steps", 0);
    o.layers = a.get_int("layers", 0);
    o.hidden = a.get_int("hidden", 0);
    o.heads = a.get_int("heads", 0);
    o.intermediate = a.get_int("intermediate", 0);
    o.vocab = a.get_int("vocab", 0);
    o.context = a.get_int("context", 0);
    o.batch = a.get_int("batch", 0);
    o.lr = a.get_double("lr", 0);
    o.warmup = a.get_int("warmup", -1);
    o.kv_warmup = a.get_int("kv-warmup", -1);
    o.kv_context_weight = a.get_double("kv-context-weight", -1);
    o.embed_shared = a.get_double("embed-shared", -1);
    o.head_dim = a.get_int("head-dim", 0);
    o.kv_until_accuracy = a.get_double("kv-until", -1);
    o.mmlu_focus = a.get_int("mmlu-focus", -1);
    o.mmlu_until_accuracy = a.get_double("mmlu-until", -1);
    o.tie_embeddings = a.get_int("tie-embeddings", -1);
    o.head_dropout = a.get_double("head-dropout", -1);
    o.head_dropout_layers = a.get_int("head-dropout-layers", -1);
    o.mem_rope = a.get_int("mem-rope", -1);
    o.world = a.get_or("world", "");
    // A fraction option: -1 when not given, else a number from 0 to 1.
    auto fraction = [&](const std::string& name) {
        const double v = a.get_double(name, -1);
        if (!a.get_or(name, "").empty() && (v < 0 || v > 1))
            throw UsageError{"--" + name + " must be a fraction from 0 to 1"};
        return v;
    };
    o.mixed_letters = fraction("mixed-letters");
    o.summary_bottleneck = fraction("summary-bottleneck");
    o.summary_bottleneck_kv = fraction("summary-bottleneck-kv");
    o.late_lookup = fraction("kv-late-lookup");
    o.summary_readout_layer = a.get_int("summary-readout-layer", -1);
    const int repeat = a.get_int("kv-repeat-keys", 0);
    if (repeat != 0 && repeat != 1) throw UsageError{"--kv-repeat-keys must be 0 or 1"};
    o.kv_repeat_keys = repeat == 1;
    const int gather = a.get_int("summary-gather", 0);
    if (gather != 0 && gather != 1) throw UsageError{"--summary-gather must be 0 or 1"};
    o.summary_gather = gather == 1;
    if (const std::string g = a.get_or("guide-heads", ""); !g.empty()) {
        // "LG.HG[,LG.HG...],LA.HA": the Gather heads, then the Aggregate head.
        std::vector<std::pair<int, int>> heads;
        std::istringstream in(g);
        for (std::string part; std::getline(in, part, ',');) {
            int l = -1, h = -1;
            char end = 0;
            if (std::sscanf(part.c_str(), "%d.%d%c", &l, &h, &end) != 2)
                throw UsageError{"--guide-heads must be LAYER.HEAD,...,LAYER.HEAD (the Gather heads, then the Aggregate "
                                 "head), e.g. 1.0,2.0; '" + part + "' is not LAYER.HEAD"};
            heads.emplace_back(l, h);
        }
        if (heads.size() < 2)
            throw UsageError{"--guide-heads needs a Gather head and the Aggregate head, e.g. 1.0,2.0"};
        o.attention_guide.aggregate = heads.back();
        heads.pop_back();
        o.attention_guide.gather = heads;
        o.attention_guide.weight = a.get_double("guide-weight", 1.0);
        if (o.attention_guide.weight <= 0) throw UsageError{"--guide-weight must be above 0"};
    } else if (!a.get_or("guide-weight", "").empty()) {
        throw UsageError{"--guide-weight needs --guide-heads"};
    }
    o.tokenizer = a.get_or("tokenizer", "");
    o.init_from = a.get_or("init-from", "");
    std::stringstream layers_list(a.get_or("reinit-layers", ""));
    for (std::string item; std::getline(layers_list, item, ',');) {
        if (item.empty()) continue;
        char* end = nullptr;
        const long l = std::strtol(item.c_str(), &end, 10);
        if (*end != '\0' || l < 0) throw UsageError{"--reinit-layers takes layer numbers, e.g. 2 or 1,2 (got '" + item + "')"};
        o.reinit_layers.push_back(static_cast<int>(l));
    }
    if (!o.world.empty() && o.world != "words" && o.world != "phrases" && o.world != "prefixes")
        throw UsageError{"--world must be words, phrases or prefixes"};
    if (o.mem_rope > 1) throw UsageError{"--mem-rope must be 0 or 1"};
    if (o.head_dim < 0 || o.tie_embeddings > 1) throw UsageError{"--head-dim must be positive and --tie-embeddings 0 or 1"};
    o.checkpoint_every = a.get_int("checkpoint-every", o.checkpoint_every);
    o.eval_samples = a.get_int("eval-samples", o.eval_samples);
    o.threads = a.get_int("threads", 0);
    o.log_every = a.get_int("log-every", o.log_every);
    o.evaluate = !a.flag("no-eval");
    o.resume = !a.flag("restart");
    if (o.steps < 0 || o.eval_samples <= 0) throw UsageError{"--steps and --eval-samples must be positive"};

    std::signal(SIGINT, on_sigint);
    auto report = [](const TrainProgress& p) {
        if (!p.message.empty()) {
            std::cout << p.message << std::endl;
            return;
        }
        std::printf("step %5d/%d  loss %.4f  answer-acc %.3f  kv-value-acc %.3f  mmlu-letter-acc %.3f",
                    p.step, p.steps, p.loss, p.accuracy, p.kv_accuracy, p.mmlu_accuracy);
        // With the summary-token bottleneck: the same on the bottlenecked documents alone.
        auto part = [](double a) { return a < 0 ? std::string("-") : std::to_string(a).substr(0, 5); };
        if (p.kv_bottleneck_accuracy >= 0 || p.mmlu_bottleneck_accuracy >= 0)
            std::printf("  (bottlenecked: kv %s mmlu %s)", part(p.kv_bottleneck_accuracy).c_str(),
                        part(p.mmlu_bottleneck_accuracy).c_str());
        if (p.guide_gather_loss >= 0)
            std::printf("  (guide: gather %.3f aggregate %.3f: kv %.3f mmlu %.3f)", p.guide_gather_loss, p.guide_aggregate_loss,
                        p.guide_aggregate_kv_loss, p.guide_aggregate_mmlu_loss);
        std::printf("  lr %.2e  elapsed %s  eta %s\n", p.lr, clock_text(p.elapsed_s).c_str(), clock_text(p.eta_s).c_str());
        std::fflush(stdout);
    };
    TrainResult r;
    if (a.flag("eval-only")) {
        r.evaluation = reevaluate_demo(o.out, o.eval_samples, report, &g_stop);
        r.evaluated = true;
        std::cout << "rewrote " << (o.out / "MODEL_CARD.md").string() << "\n";
    } else {
        r = train_demo(o, report, &g_stop);
        std::cout << "wrote " << o.out.string() << " (" << r.steps << " steps, " << clock_text(r.seconds) << ")\n";
    }
    if (r.evaluated) {
        const auto& e = r.evaluation;
        std::printf("KV@%d %.1f%%  MMLU-format %.1f%%  classic %.1f%%\n", e.kv_pairs, 100 * e.kv_accuracy,
                    100 * e.mmlu_accuracy, 100 * e.classic_accuracy);
        std::printf("top-2 by KV drop removed:   KV %.1f%%  MMLU %.1f%%  classic %.1f%%\n", 100 * e.kv_top2_kv,
                    100 * e.kv_top2_mmlu, 100 * e.kv_top2_classic);
        std::printf("top-2 by MMLU drop removed: KV %.1f%%  MMLU %.1f%%  classic %.1f%%\n", 100 * e.mmlu_top2_kv,
                    100 * e.mmlu_top2_mmlu, 100 * e.mmlu_top2_classic);
    }
    return kOk;
}

}  // namespace gna::cli
