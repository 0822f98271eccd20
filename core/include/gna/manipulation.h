#pragma once
// Interventions on post-softmax attention weights, as hooks for an InterventionPlan:
//  - attention-weight manipulation (thesis, section 6): Keep / Null / Only / Omit / Binary over a
//    key token set, with its own mode per stage (prefill, generation);
//  - top-k entropy sparsification (thesis, section 3);
//  - per-sample Gather-and-Aggregate masks (slides): a head's row restricted to a key set.
// None of them renormalises the weights. Torch-free: the hooks are opaque AttentionHook objects.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gna/heads.h"
#include "gna/intervention.h"

namespace gna {

// Keep: unchanged. Null: all weights 0. Only: weights outside T set to 0. Omit: weights inside T
// set to 0. Binary: outside T 0, inside T the mean of the row's weights over T.
enum class ManipulationMode { Keep, Null, Only, Omit, Binary };

std::string to_string(ManipulationMode m);
// "keep", "Null", "ONLY", ... Throws gna::Error naming the accepted modes.
ManipulationMode parse_manipulation_mode(std::string_view text);

struct Manipulation {
    ManipulationMode prefill = ManipulationMode::Keep;
    ManipulationMode generation = ManipulationMode::Keep;
    std::vector<int> tokens;  // key positions T (absolute), e.g. the needle's tokens
    std::vector<HeadRef> heads;  // attention heads to manipulate; empty = every attention head
    // "Generation-Prefill" as the thesis writes combinations, e.g. "Only-Keep".
    std::string name() const;
};

std::shared_ptr<const AttentionHook> manipulation_hook(const Manipulation& m);

// Top-k entropy sparsification: at every query position and in every attention layer, keep the k
// heads whose attention row has the lowest entropy H = -sum a log2 a and zero the rows of the
// others (so their P.V output is zero). k = 0 removes all attention; k >= heads changes nothing.
// Ties keep the lower head index.
struct Sparsification {
    int k = 0;
    bool prefill = false;  // false: generation stage only; true: prefill and generation
};

std::shared_ptr<const AttentionHook> sparsification_hook(const Sparsification& s);

// One rule of a mask: at query rows `rows` (absolute positions) of `head`, every weight outside
// `keys` is set to 0.
struct MaskRule {
    HeadRef head;
    std::vector<int> rows;
    std::vector<int> keys;
};

struct AttentionMask {
    std::vector<MaskRule> rules;
    bool prefill = true;
    bool generation = false;
};

std::shared_ptr<const AttentionHook> mask_hook(const AttentionMask& mask);

}  // namespace gna
