#pragma once
// The demo model's card: MODEL_CARD.md for people, model_card.json for programs.
#include <cstdint>
#include <filesystem>
#include <string>

#include "gna/json.h"
#include "gna/train.h"

namespace gna::train {

struct DemoCardInfo {
    std::string recipe;
    std::string architecture;  // LlamaForCausalLM, Mamba2ForCausalLM
    uint64_t seed = 0;
    int steps = 0, batch = 0, warmup = 0, threads = 0;
    int kv_only_steps = 0;  // curriculum: the first steps see KV retrieval only
    bool kv_phase_capped = false;  // ... and ended at its step limit, the KV values not yet right
    int mmlu_focus_steps = 0;  // then these see the MMLU-focused mix
    double lr = 0, seconds = 0, final_loss = 0;
    std::string hardware;  // empty: this machine
    std::string init_from;  // the folder whose weights the run started from (--init-from); empty: seeded
    std::vector<int> reinit_layers;  // layers left at their seeded initialisation (--reinit-layers)
    std::string init_from_command;   // the command that trained the --init-from weights (their card's); empty: unknown
    Json data, shape;
    int64_t parameters = 0;
};

// The training part of an existing card (model_card.json), to write it again after a new evaluation.
DemoCardInfo read_demo_card_info(const std::filesystem::path& dir);

void write_demo_card(const std::filesystem::path& dir, const DemoCardInfo& info, const DemoEvaluation& eval);

}  // namespace gna::train
