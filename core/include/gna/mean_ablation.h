#pragma once
// Mean ablation (DESIGN.md): a head's output is replaced by its mean output over a reference set
// of prompts, so that the head keeps its average contribution and loses only what depends on the
// prompt. Built on the named hook points (gna/hooks.h); docs/hooks.md walks through the code.
#include <atomic>
#include <cstdint>
#include <vector>

#include "gna/model.h"

namespace gna {

struct HeadMeans {
    std::vector<HeadRef> heads;
    std::vector<std::vector<float>> mean;  // per head: its head_dim output values (1 for a Mamba-1 channel)
    int64_t positions = 0;  // token positions averaged over (every position of every prompt)
};

// Each head's mean output (its slice of the attn.out / ssm.out values, i.e. of the o_proj /
// out_proj input) over every position of every prompt, from unablated runs. Throws gna::Error for
// an unknown head or an empty reference set.
HeadMeans mean_head_outputs(Model& model, const std::vector<std::vector<int>>& prompts,
                            const std::vector<HeadRef>& heads, const std::atomic<bool>* cancel = nullptr);

// Adds write hooks to `plan` that replace each head's output by its mean at every position (the
// prompt and generated tokens).
void mean_ablate(InterventionPlan& plan, const HeadMeans& means);

}  // namespace gna
