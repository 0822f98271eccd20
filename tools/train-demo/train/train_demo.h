#pragma once
// Training the bundled demo models on the project's own synthetic data (train/demo_data.h), a tool of
// the project and not part of the product (tools/train-demo, gna-train-demo).
//   train_demo: trains a SentencePiece tokenizer and a tiny model on that data and writes it in
//   Hugging Face layout, so demo models load through the same code path as real checkpoints.
//   evaluate_demo: measures the demo through gna::Model (the inference path) and writes the card.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "gna/heads.h"
#include "gna/json.h"
#include "train/demo_data.h"

namespace gna {

struct TrainOptions {
    std::string recipe = "transformer";  // transformer | ssm | hybrid
    std::filesystem::path out{};
    // The recipe file these options came from (the card's command names it); empty: given in code.
    std::string recipe_file{};
    std::string world{};  // "words" | "phrases" | "prefixes" (DemoWorld); empty = the recipe's default
    // A SentencePiece tokenizer.model to use instead of training one (its folder's tokenizer_config.json
    // is copied too when there is one); empty = train a tokenizer on the data.
    std::filesystem::path tokenizer{};
    // Start from the weights of a demo model trained before (its folder: model.safetensors of the same
    // recipe and shape) instead of a seeded initialisation; its tokenizer is used (unless tokenizer is given)
    // and the KV-only curriculum is skipped (unless kv_warmup is given): the model has that circuit.
    std::filesystem::path init_from{};
    // With init_from: these layers keep the seeded initialisation instead of taking the loaded weights
    // (the run re-learns them on top of the others), e.g. {2} for the last layer of the transformer.
    std::vector<int> reinit_layers{};
    uint64_t seed = 1;
    int steps = 0;  // 0 = the recipe's default
    // Model and batch shape; 0 = the recipe's default.
    int layers = 0, hidden = 0, heads = 0, intermediate = 0, vocab = 0, context = 0, batch = 0;
    double lr = 0;  // peak learning rate (AdamW); 0 = default
    int head_dim = 0;  // transformer: attention head size (0 = hidden / heads)
    int tie_embeddings = -1;  // transformer: 1 = lm_head tied to the embeddings, 0 = untied, -1 = default
    // transformer, training only: each head of the first head_dropout_layers layers is switched off
    // with this probability per row and step, after the KV-only curriculum (-1 = the recipe's default).
    double head_dropout = -1;
    int head_dropout_layers = -1;
    int mem_rope = -1;  // hybrid: 1 = RoPE in the attention blocks (Zamba2 use_mem_rope), 0 = none, -1 = default
    double embed_shared = -1;  // std of the embeddings' shared direction at initialisation; -1 = default
    int warmup = -1;  // warm-up steps; -1 = default (5% of steps)
    int kv_warmup = -1;  // curriculum: steps of KV-retrieval-only data first (at most); -1 = the recipe's default
    // The curriculum ends early, after the step at which the KV value accuracy of the last 50 steps
    // reaches this (the retrieval circuit has formed); 0 = run all kv_warmup steps; -1 = default.
    double kv_until_accuracy = -1;
    // After the KV-only curriculum: at most this many steps of the MMLU-focused mix, ended early once
    // the MMLU-format answer letters of the last 50 steps reach mmlu_until_accuracy (0 = never early).
    // -1 = the recipe's default.
    int mmlu_focus = -1;
    double mmlu_until_accuracy = -1;
    // Fraction of MMLU-format training documents with shuffled option letters (DemoData::set_mixed_letters);
    // -1 = the world's default.
    double mixed_letters = -1;
    // transformer: fraction of KV-retrieval and MMLU-format training documents with a summary-token
    // bottleneck (DemoData::Document::bottleneck); -1 = the recipe's default.
    double summary_bottleneck = -1;
    // The same for the KV-retrieval documents alone; -1 = summary_bottleneck's fraction.
    double summary_bottleneck_kv = -1;
    // transformer: fraction of the KV-retrieval training documents with a late lookup
    // (DemoData::Document::late_lookup); -1 = the recipe's default.
    double late_lookup = -1;
    // transformer: the only layer in which the bottlenecked documents' readers see the summary tokens
    // (DemoData::set_summary_readout_layer); -1 = every layer.
    int summary_readout_layer = -1;
    // transformer: the bottlenecked documents' summary tokens see only their own segment
    // (DemoData::set_summary_gather).
    bool summary_gather = false;
    // transformer: the attention guide (DemoData::set_attention_guide); weight 0 = none.
    DemoData::AttentionGuide attention_guide{};
    // KV documents' further questions may ask a key again (DemoData::set_kv_repeat_keys).
    bool kv_repeat_keys = false;
    double clip = 1.0;  // gradient-norm clipping
    // Loss weight of the tokens of KV-retrieval documents that are not answers (the template and the
    // dictionary's random keys and values, which no model can predict); answers weigh 4. -1 = default.
    double kv_context_weight = -1;
    int checkpoint_every = 100;
    bool resume = true;  // continue from OUT/checkpoint when it is there
    bool evaluate = true;  // evaluate through gna::Model and write MODEL_CARD.md + model_card.json
    int eval_samples = 100;  // per metric
    int threads = 0;  // 0 = LibTorch default
    int log_every = 10;
};

struct TrainProgress {
    int step = 0, steps = 0;
    double loss = 0;  // mean over the last log_every steps
    double accuracy = 0;  // next-token accuracy on answer tokens, same window
    double kv_accuracy = 0;  // on the KV answers' value tokens (retrieval proper), same window
    double mmlu_accuracy = 0;  // on the MMLU-format answer letters, same window
    // The same two on the documents trained with the summary-token bottleneck; -1 = none in the window.
    double kv_bottleneck_accuracy = -1, mmlu_bottleneck_accuracy = -1;
    // The attention guide's two terms (AttentionGuide), same window; -1 = no guide.
    double guide_gather_loss = -1, guide_aggregate_loss = -1;
    // The Aggregate term on the KV documents' answers alone and on the MMLU letters alone; -1 = none.
    double guide_aggregate_kv_loss = -1, guide_aggregate_mmlu_loss = -1;
    double lr = 0;
    double elapsed_s = 0, eta_s = 0;
    std::string message;  // phase changes ("training tokenizer", "evaluating", ...)
};

struct DemoEvaluation {
    double kv_accuracy = 0, mmlu_accuracy = 0, classic_accuracy = 0;
    int kv_pairs = 10, samples = 0;
    // Accuracy with the head ablated, and (attention heads, MMLU-format prompts) the mean attention
    // mass from each option's summary token onto its option (Gather) and from the final position
    // onto the summary tokens (Aggregate).
    struct HeadScore {
        HeadRef head;
        double kv = 0, mmlu = 0, classic = 0;
        double gather_mass = 0, aggregate_mass = 0;
    };
    std::vector<HeadScore> single_ablation;  // accuracy with that head ablated, every head
    std::vector<HeadRef> top_kv, top_mmlu;  // top-2 by KV drop (the paper's ranking), by MMLU drop
    double kv_top2_kv = 0, kv_top2_mmlu = 0, kv_top2_classic = 0;  // ablating top_kv
    double mmlu_top2_kv = 0, mmlu_top2_mmlu = 0, mmlu_top2_classic = 0;  // ablating top_mmlu
    std::vector<std::pair<int, double>> kv_by_size;  // KV accuracy per dictionary size (4, 10, 20)
    // Models with both attention and SSM heads (the hybrid): every attention head ablated.
    bool hybrid = false;
    double no_attention_kv = 0, no_attention_mmlu = 0, no_attention_classic = 0;
    Json to_json() const;
};

struct TrainResult {
    int steps = 0;
    double seconds = 0;  // training wall time (this process, resumed runs add up)
    double final_loss = 0;
    bool evaluated = false;
    DemoEvaluation evaluation;
};

using TrainProgressFn = std::function<void(const TrainProgress&)>;

// Trains and writes OUT (config.json, model.safetensors, tokenizer.model, tokenizer_config.json,
// generation_config.json, and with evaluate MODEL_CARD.md + model_card.json). Checkpoints to
// OUT/checkpoint every checkpoint_every steps; when `cancel` becomes true it checkpoints and throws
// gna::Cancelled. Deterministic for a fixed seed and thread count. Throws gna::Error.
TrainResult train_demo(const TrainOptions& options, const TrainProgressFn& progress = {},
                       const std::atomic<bool>* cancel = nullptr);

// Evaluates a trained demo folder through gna::Model (the inference path).
DemoEvaluation evaluate_demo(const std::filesystem::path& dir, uint64_t seed, DemoWorld world, int samples,
                             const TrainProgressFn& progress = {}, const std::atomic<bool>* cancel = nullptr);

// Evaluates a trained demo folder again and rewrites its card (training facts kept from the card).
DemoEvaluation reevaluate_demo(const std::filesystem::path& dir, int samples, const TrainProgressFn& progress = {},
                               const std::atomic<bool>* cancel = nullptr);

}  // namespace gna
