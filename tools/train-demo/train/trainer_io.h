#pragma once
// The trainer's files: the tokenizer (trained or copied), starting weights (init_from), the resumable
// checkpoint and the Hugging Face folder it writes. LibTorch: include only from the trainer's sources.
#include <torch/optim/adamw.h>

#include <filesystem>
#include <vector>

#include "gna/tokenizer.h"
#include "train/demo_data.h"
#include "train/tiny_llama.h"

namespace gna::train {

void write_tokenizer_config(const std::filesystem::path& out);
// Trains tokenizer.model in `out` (SentencePiece BPE, Llama-2 style byte fallback). Keys and values
// of the KV dictionaries are user-defined symbols: always one token, in every context.
void train_tokenizer(const DemoData& data, const std::filesystem::path& out, int vocab);
// A SentencePiece model trained before (e.g. a shipped demo's), checked by loading it.
void copy_tokenizer(const std::filesystem::path& model, const std::filesystem::path& out);
// Every trainable tensor but those of reinit_layers from DIR's model.safetensors (same names and shapes).
void load_weights(const std::filesystem::path& dir, TrainableLM& model, const std::vector<int>& reinit_layers);
// Hits and totals of the last kWindow steps: the accuracy that ends a curriculum phase early.
constexpr std::size_t kWindow = 50;
struct Window {
    std::vector<double> hits, total;
    void add(double h, double n) {
        hits.push_back(h);
        total.push_back(n);
        if (hits.size() > kWindow) {
            hits.erase(hits.begin());
            total.erase(total.begin());
        }
    }
    // The window's accuracy once it is full and has seen something; -1 before.
    double accuracy() const {
        double h = 0, n = 0;
        for (std::size_t i = 0; i < hits.size(); ++i) h += hits[i], n += total[i];
        return hits.size() == kWindow && n > 0 ? h / n : -1.0;
    }
    void clear() { hits.clear(), total.clear(); }
};

struct TrainerState {
    int step = 0;
    double seconds = 0;
    // The KV-only curriculum runs while step < kv_until, the MMLU-focused mix while step <
    // focus_until; `window` holds the accuracy of the running phase's skill (KV values, then
    // MMLU-format letters), which can end it early (TrainOptions::*_until_accuracy).
    int kv_until = 0, focus_until = 0;
    Window window;
};

void save_checkpoint(const std::filesystem::path& file, TrainableLM& model, torch::optim::AdamW& opt,
                     const TrainerState& st);
// Throws gna::Error naming the file when it cannot be resumed from.
void load_checkpoint(const std::filesystem::path& file, TrainableLM& model, torch::optim::AdamW& opt, TrainerState& st);
// config.json, model.safetensors and generation_config.json of the trained model.
void write_hf_folder(const std::filesystem::path& out, TrainableLM& model, const Tokenizer& tok);
// The written folder, read back through gna::Model (the inference path), must give the training
// model's next-token distribution on a training document; throws gna::Error otherwise.
void verify_export(const std::filesystem::path& out, TrainableLM& model, const Tokenizer& tok, const DemoData& data);

}  // namespace gna::train
