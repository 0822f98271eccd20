#pragma once
// Each architecture's defaults (shape, batch, steps, learning rate, curriculum), with TrainOptions'
// explicit values applied on top. Torch-free.
#include "train/tiny_llama.h"
#include "train/train_demo.h"

namespace gna::train {

struct Recipe {
    train::LlamaShape shape;
    int batch = 12, steps = 1500, kv_warmup = 0;
    double kv_until_accuracy = 0;  // > 0: the KV-only curriculum ends once KV values reach this accuracy
    int mmlu_focus = 0;  // then at most this many steps of the MMLU-focused mix
    double mmlu_until_accuracy = 0;  // > 0: ended early once MMLU-format letters reach this accuracy
    double lr = 5e-3, kv_context_weight = 1.0;
    DemoWorld world = DemoWorld::Words;
    double summary_bottleneck = 0;  // fraction of KV and MMLU-format documents (DemoData::set_summary_bottleneck)
};

// The defaults of o.recipe (transformer | ssm | hybrid) with o's explicit values applied; throws gna::Error
// for an unknown recipe or an option the recipe cannot take.
Recipe recipe_for(const TrainOptions& o);

}  // namespace gna::train
