#pragma once
// The demo model's card: MODEL_CARD.md for people, model_card.json for programs.
#include <cstdint>
#include <filesystem>
#include <string>

#include "gna/json.h"
#include "train/train_demo.h"

namespace gna::train {

struct DemoCardInfo {
    std::string recipe;
    std::string recipe_file;  // the recipe file of the run (TrainOptions::recipe_file); empty: given in code
    std::string architecture;  // LlamaForCausalLM, Mamba2ForCausalLM
    uint64_t seed = 0;
    int steps = 0, batch = 0, warmup = 0, threads = 0;
    int kv_only_steps = 0;  // curriculum: the first steps see KV retrieval only
    bool kv_phase_capped = false;  // ... and ended at its step limit, the KV values not yet right
    int mmlu_focus_steps = 0;  // then these see the MMLU-focused mix
    double lr = 0, seconds = 0, final_loss = 0;
    std::string hardware;  // empty: this machine
    std::string init_from;  // the folder whose weights the run started from (recipe key init_from); empty: seeded
    std::vector<int> reinit_layers;  // layers left at their seeded initialisation (reinit_layers)
    std::string init_from_command;  // the command that trained the init_from weights (their card's); empty: unknown
    Json data, shape;
    int64_t parameters = 0;
};

// The training part of an existing card (model_card.json), to write it again after a new evaluation.
DemoCardInfo read_demo_card_info(const std::filesystem::path& dir);

// The run's options as recipe keys (recipe.json, train/recipe_file.h): those that differ from the
// architecture's defaults.
Json recipe_options(const DemoCardInfo& info);

void write_demo_card(const std::filesystem::path& dir, const DemoCardInfo& info, const DemoEvaluation& eval);

// The number of MMLU-format questions of a demo's invented world that write_demo_questions writes.
constexpr int kDemoQuestions = 100;
// Writes DIR/mmlu_format_questions.json: the first kDemoQuestions MMLU-format evaluation questions of
// the invented world that DIR's card names (seed and world), as {"prompt", "choices", "answer"}
// objects; the studio's guided tour asks them. Returns the file; throws gna::Error naming the card.
std::filesystem::path write_demo_questions(const std::filesystem::path& dir);

}  // namespace gna::train
