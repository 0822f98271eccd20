#include "train/demo_card.h"

#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>

#include "gna/error.h"

namespace gna::train {
namespace {

std::string cpu_model() {
    std::ifstream f("/proc/cpuinfo");
    std::string line;
    while (std::getline(f, line)) {
        if (line.rfind("model name", 0) == 0) {
            auto p = line.find(':');
            if (p != std::string::npos) return line.substr(p + 2);
        }
    }
    return "unknown CPU";
}

std::string pct(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%.1f%%", 100.0 * x);
    return b;
}

std::string heads(const std::vector<HeadRef>& hs) {
    std::string s;
    for (const auto& h : hs) s += (s.empty() ? "" : ", ") + h.name();
    return s;
}

}  // namespace

void write_demo_card(const std::filesystem::path& dir, const DemoCardInfo& info, const DemoEvaluation& e) {
    const std::string hardware = cpu_model() + ", " + std::to_string(info.threads) + " LibTorch thread(s), " +
                                 std::to_string(std::thread::hardware_concurrency()) + " logical CPUs visible";
    Json card = {
        {"recipe", info.recipe},
        {"architecture", info.architecture},
        {"seed", info.seed},
        {"training", {{"steps", info.steps}, {"batch_rows", info.batch}, {"optimizer", "AdamW(0.9, 0.95), wd 0.1"},
                      {"peak_lr", info.lr}, {"warmup_steps", info.warmup}, {"schedule", "linear warm-up, cosine to 10%"},
                      {"grad_clip", 1.0}, {"seconds", info.seconds}, {"final_loss", info.final_loss},
                      {"hardware", hardware}}},
        {"data", info.data},
        {"evaluation", e.to_json()},
        {"command", "gna train-demo --recipe " + info.recipe + " --seed " + std::to_string(info.seed) + " --steps " +
                        std::to_string(info.steps) + " --out DIR"},
    };
    write_json_file_atomic(dir / "model_card.json", card);

    std::ostringstream md;
    md << "# G&A Studio demo model: " << info.recipe << "\n\n"
       << "A tiny " << info.architecture << " trained by `gna train-demo --recipe " << info.recipe << " --seed " << info.seed
       << " --steps " << info.steps << "` on the project's own synthetic data, so that the Gather-and-Aggregate "
       << "mechanism can be shown live on a laptop CPU. Not a language model for any other use.\n\n"
       << "## Training\n\n"
       << "- " << info.steps << " steps, " << info.batch << " rows of packed documents per step, AdamW (0.9, 0.95, "
       << "weight decay 0.1), peak learning rate " << info.lr << ", " << info.warmup
       << " warm-up steps then cosine to 10%, gradient clipping at 1.0.\n"
       << "- Wall time " << static_cast<int>(info.seconds / 60) << " min " << static_cast<int>(info.seconds) % 60
       << " s on " << hardware << ". Final training loss " << info.final_loss << ".\n"
       << "- Tokenizer: SentencePiece BPE trained on the same data (byte fallback; the KV keys and the numbers "
          "0-99 are user-defined symbols, so every key and value is one token).\n\n"
       << "## Data\n\n"
       << "- KV retrieval in the task's own template: `Memorize the following dictionary:\\n` + `key:value` lines + "
          "`\\nThe value of the key '<key>' is` + ` <value>` (2-24 pairs, keys from resources/data/kv_words.txt), "
          "followed by up to five more questions about other keys of the same dictionary.\n"
       << "- An invented world (the land of Vell): 24 people, each with a city, a pet, a favourite colour and a "
          "job, stated in sentences (the full list is in model_card.json).\n"
       << "- Questions about those facts in MMLU format (`Answer: B`) and classic format (`Answer: blue`), plain "
          "questions without options, and filler prose.\n\n"
       << "## Measured (through gna::Model, " << e.samples << " samples per metric)\n\n"
       << "| metric | baseline | top-2 by KV drop removed (" << heads(e.top_kv) << ") | top-2 by MMLU drop removed ("
       << heads(e.top_mmlu) << ") |\n|---|---|---|---|\n"
       << "| KV retrieval, " << e.kv_pairs << " pairs | " << pct(e.kv_accuracy) << " | " << pct(e.kv_top2_kv) << " | "
       << pct(e.mmlu_top2_kv) << " |\n"
       << "| MMLU format (letter) | " << pct(e.mmlu_accuracy) << " | " << pct(e.kv_top2_mmlu) << " | "
       << pct(e.mmlu_top2_mmlu) << " |\n"
       << "| classic format (text) | " << pct(e.classic_accuracy) << " | " << pct(e.kv_top2_classic) << " | "
       << pct(e.mmlu_top2_classic) << " |\n\n"
       << "KV retrieval by dictionary size:";
    for (const auto& [n, acc] : e.kv_by_size) md << " " << n << " pairs " << pct(acc) << ";";
    md << "\n\n";
    if (e.hybrid)
        md << "Every attention head ablated (the SSM heads alone): KV " << pct(e.no_attention_kv) << ", MMLU format "
           << pct(e.no_attention_mmlu) << ", classic format " << pct(e.no_attention_classic) << ".\n\n";
    md << "Single-head ablation (accuracy with that head zeroed):\n\n| head | KV | MMLU | classic |\n|---|---|---|---|\n";
    for (const auto& s : e.single_ablation)
        md << "| " << s.head.name() << " | " << pct(s.kv) << " | " << pct(s.mmlu) << " | " << pct(s.classic) << " |\n";
    std::ofstream f(dir / "MODEL_CARD.md", std::ios::binary);
    f << md.str();
    if (!f) throw Error((dir / "MODEL_CARD.md").string() + ": cannot write the model card");
}

}  // namespace gna::train
