#pragma once
// The attention arithmetic of one layer, apart from its projections and its plan: every head's
// output with only what is read computed, and the probabilities of chosen heads at chosen rows.
//
// Two paths (docs/attention-engine.md):
// - outputs only (attend): at::scaled_dot_product_attention on LibTorch >= 2 (flash and
//   memory-efficient kernels, GQA, causal and sliding-window masks); elsewhere (Debian's LibTorch
//   1.13 has no SDPA) query x key tiles of a bounded size with a running softmax, as flash
//   attention does, so that no temporary grows with the context (no page-fault cliff).
// - probabilities (head_probabilities): softmax(q k^T * scale) of the captured or scored heads
//   only, and of the rows that are read only (the final row for scores, line ends for
//   Gather/Aggregate scores, every row only for a map that is shown).
// Hooks and manipulations of the probabilities take the explicit path of attention_forward, for
// the layers they touch only.
#include <ATen/ATen.h>

#include <vector>

#include "model/layers.h"

namespace gna {

// Which visible keys a query sees: key j is visible to the query at absolute position p iff
// j <= p and (window == 0 or j > p - window). Queries of a pass sit at past, past + 1, ...
struct AttentionMask {
    int64_t past = 0;
    int64_t window = 0;
    double scale = 1.0;  // multiplies q k^T
};

// While an ExplicitAttentionScope lives on this thread, attention_forward takes the explicit path
// (every head's probabilities materialised, as under a probability hook) in every layer; tests and
// benchmarks compare the paths with it.
class ExplicitAttentionScope : FlagScope {
public:
    ExplicitAttentionScope();
};
bool explicit_attention();

// softmax(q k^T * scale, masked) v for every head. q: (B, H, T, D); k, v: (B, KVH, past + T, D)
// with H a multiple of KVH (query head h reads KV head h / (H / KVH)). Returns (B, T, H, D),
// contiguous (laid out for the output projection), in q's dtype.
at::Tensor attend(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v, const AttentionMask& m);

// The same through the running-softmax tiles on any LibTorch (the CPU path of attend; tests run it
// beside the fused kernel where there is one).
at::Tensor attend_tiled(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v, const AttentionMask& m);

// Probabilities of query heads `heads` at the pass's local query rows `rows` (0 <= row < T):
// (B, heads, rows, past + T) float32, on q's device.
at::Tensor head_probabilities(const at::Tensor& q, const at::Tensor& k, const std::vector<int64_t>& heads,
                              const std::vector<int64_t>& rows, const AttentionMask& m);

// Floats in one tile of scores; tiles stay below the allocator's thresholds (glibc serves blocks
// of up to 32 MiB from its heap once freed blocks of that size have been seen) and in the cache.
inline constexpr int64_t kAttentionTileFloats = int64_t{1} << 20;

}  // namespace gna
