#pragma once
// Packed training batches of DemoData documents (with the masks of the training-time shaping) and the
// head-dropout masks of a step. LibTorch: include only from the trainer's sources.
#include <ATen/ATen.h>

#include "gna/tokenizer.h"
#include "train/demo_data.h"
#include "train/tiny_llama.h"

namespace gna::train {

struct Batch {
    at::Tensor ids, targets, weights, positions, doc;  // (B, T); weights float
    at::Tensor answer_mask;  // (B, T) bool: targets inside answers
    at::Tensor value_mask;  // (B, T) bool: KV answers' number tokens
    at::Tensor mmlu_mask;  // (B, T) bool: MMLU-format answer letters
    // (B, T, T) bool, true where query i may not see key j (summary-token bottleneck), or (layers, B, T, T)
    // when some documents have the late KV lookup; undefined if none.
    at::Tensor blocked;
    at::Tensor in_bottleneck;  // (B, T) bool: tokens of documents with the bottleneck
    // The attention guide (DemoData::AttentionGuide): (B, T, T) bool, true where query i's attention on
    // key j counts as the target mass (rows without a target: none); undefined without the guide.
    at::Tensor gather_target, aggregate_target;
    at::Tensor kv_rows;  // (B, T) bool: the tokens of KV-retrieval documents (for the guide's report)
};

// Head dropout masks of one step: (layers, rows, heads), 0 for a dropped head, 1 / (1 - p) for a
// kept one; drawn from (seed, step) alone, so that a resumed run draws the same masks.
at::Tensor head_keep(const LlamaShape& s, uint64_t seed, int step, int64_t rows);

// Packs whole documents into rows of `context` tokens. Step `step` always gets the same documents.
Batch make_batch(const DemoData& data, const Tokenizer& tok, int step, int rows, int64_t context,
                 float kv_context_weight, int64_t layers);

}  // namespace gna::train
