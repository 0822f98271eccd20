#pragma once
// Building blocks shared by the architectures: weight loading (memory-mapped), linear layers,
// RMSNorm, rotary embeddings and the attention block with the intervention plan applied.
#include <ATen/ATen.h>

#include <cmath>
#include <string>
#include <vector>

#include "model/causal_lm.h"

namespace gna {

at::ScalarType to_scalar_type(ComputeDType d);
at::Device to_device(Device d);

// Reads tensors out of a checkpoint into the compute device and dtype. F32 weights used as F32 on
// the CPU stay memory-mapped (zero copy; the mapping is read-only and never written).
class WeightLoader {
public:
    WeightLoader(const Checkpoint& ckpt, const LoadOptions& opt);
    bool has(const std::string& name) const { return ckpt_.contains(name); }
    at::Tensor get(const std::string& name, const std::vector<int64_t>& shape);
    // Undefined tensor when absent; shape checked when present.
    at::Tensor optional(const std::string& name, const std::vector<int64_t>& shape);
    // Always float32 (for parameters that are used in fp32, e.g. A_log, norms).
    at::Tensor get_f32(const std::string& name, const std::vector<int64_t>& shape);
    int64_t parameters() const { return parameters_; }
    at::Device device() const { return device_; }
    at::ScalarType dtype() const { return dtype_; }
    const Checkpoint& checkpoint() const { return ckpt_; }

private:
    at::Tensor load(const std::string& name, const std::vector<int64_t>& shape, at::ScalarType want);
    const Checkpoint& ckpt_;
    at::Device device_;
    at::ScalarType dtype_;
    int64_t parameters_ = 0;
    std::function<void(double)> progress_;
    const std::atomic<bool>* cancel_ = nullptr;
    double total_bytes_ = 1, read_bytes_ = 0;
};

// The output head: lm_head.weight (V, C) when the checkpoint has it, else the embedding matrix when
// tie_word_embeddings (default `tie_default`, which differs per architecture) says so, else an
// error naming the checkpoint.
at::Tensor load_output_head(WeightLoader& wl, const ModelConfig& cfg, const at::Tensor& embed, int64_t V, int64_t C,
                            bool tie_default);

// Sets a thread-local flag while it lives (the previous value comes back on destruction).
class FlagScope {
public:
    explicit FlagScope(bool& flag) : flag_(flag), previous_(flag) { flag = true; }
    ~FlagScope() { flag_ = previous_; }
    FlagScope(const FlagScope&) = delete;
    FlagScope& operator=(const FlagScope&) = delete;

private:
    bool& flag_;
    bool previous_;
};

// Batch-invariant mode: while a BatchInvariantScope lives on this thread, linear layers compute every
// leading-index slice (batch row) in its own GEMM of the same shape, so a row's result does not
// depend on how many other rows share the batch (a BLAS blocks and vectorises a large GEMM
// differently from a small one, which changes the last bits). Sweeps use it, so that scoring 64
// plans in one batch gives exactly the numbers of scoring them one at a time.
class BatchInvariantScope : FlagScope {
public:
    BatchInvariantScope();
};
bool batch_invariant();

// While a FrozenNormScope lives on this thread, rms_norm's 1/rms is a constant for autograd
// (detached; the forward values are unchanged). Attribution patching (gna/model.h freeze_norms).
class FrozenNormScope : FlagScope {
public:
    FrozenNormScope();
};

// x (..., in) times w (out, in)^T plus b: at::linear, or per batch row in batch-invariant mode.
at::Tensor linear(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b = at::Tensor());

struct Linear {
    at::Tensor w;  // (out, in)
    at::Tensor b;  // (out) or undefined
    at::Tensor operator()(const at::Tensor& x) const;
    static Linear load(WeightLoader& wl, const std::string& prefix, int64_t out, int64_t in,
                       bool bias_if_present = true);
};

// x * rsqrt(mean(x^2) + eps) in fp32, cast back, times weight (or 1 + weight).
at::Tensor rms_norm(const at::Tensor& x, const at::Tensor& weight, double eps, bool one_plus = false);

struct Rope {
    at::Tensor inv_freq;  // (rotary_dim/2) float32
    int64_t rotary_dim = 0;  // 0 = no rotary embedding
    static Rope make(const RopeConfig& cfg, int64_t rotary_dim, at::Device device);
    // x: (B, H, T, D); positions (T) int64. Half-split rotation on the first rotary_dim dims.
    at::Tensor apply(const at::Tensor& x, const at::Tensor& positions) const;
    // cos and sin of every position's angles, each (T, rotary_dim) float32, for applying the same
    // positions many times (the tree pass: every layer and batch of a sweep).
    struct Tables {
        at::Tensor cos, sin;
    };
    Tables tables(const at::Tensor& positions) const;
    // x: (B, T, heads, D) as a projection leaves it -> rotated (B, heads, T, D), contiguous, with
    // precomputed tables (rows = T): the transpose and the rotation in one pass.
    at::Tensor apply_to_heads(const at::Tensor& x, const Tables& t) const;
};

struct AttentionConfig {
    int64_t heads = 0, kv_heads = 0, head_dim = 0;
    int64_t input_dim = 0;  // width of the block input (hidden, or 2*hidden in Zamba2)
    double scale = 1.0;  // multiplies QK^T
    int64_t window = 0;  // sliding window: key j visible to query i iff i - window < j <= i
    Rope rope;  // rotary_dim 0 = no RoPE
    // scale head_dim^-0.5, no window, no RoPE
    static AttentionConfig make(int64_t heads, int64_t kv_heads, int64_t head_dim, int64_t input_dim) {
        AttentionConfig c;
        c.heads = heads;
        c.kv_heads = kv_heads;
        c.head_dim = head_dim;
        c.input_dim = input_dim;
        c.scale = 1.0 / std::sqrt(static_cast<double>(head_dim));
        return c;
    }
};

struct AttentionWeights {
    Linear q, k, v, o;
    static AttentionWeights load(WeightLoader& wl, const std::string& prefix, const AttentionConfig& c,
                                 int64_t out_dim);
};

struct KVCache {
    at::Tensor k, v;  // (B, KVH, T, D)
    void repeat_rows(int64_t n);
};

// One attention block on x (B, T, input_dim) with positions from `past` on (model/attention.cpp).
// Applies the plan of `layer`: hooks on probabilities, capture, and the per-head output scale
// (ablation) before o. Only what is read is computed: a layer whose probabilities no hook writes
// computes the head outputs alone (model/attention.h) and the probabilities of the captured heads
// at the captured rows; a layer with probability hooks materialises every head's probabilities.
at::Tensor attention_forward(const AttentionConfig& cfg, const AttentionWeights& w, const at::Tensor& x, KVCache& cache,
                             int64_t past, int layer, ForwardContext& ctx);

// The same block over a whole sequence under an explicit mask, without a cache (the tree pass of
// sweeps): x (Bx, S, input_dim), positions and mask from `t`. outputs_only: queries only at
// t.outputs (Sq = R), keys and values at every token. `scale` (B, H) multiplies each head's output
// before o; Bx may be 1 with B > 1, so rows that share their input share q, k, v and softmax and
// fan out only here. Returns (B, Sq, out_dim).
// `rope`: cfg.rope's tables for t.positions. Query rows go in blocks that stop at the block's last
// visible key (t.key_end), so a causal prompt costs about half of the full square.
at::Tensor masked_attention(const AttentionConfig& cfg, const AttentionWeights& w, const at::Tensor& x,
                            const TreeLayout& t, const Rope::Tables& rope, bool outputs_only, const at::Tensor& scale);

// SwiGLU MLP: down(act(gate(x)) * up(x)).
struct GatedMLP {
    Linear gate, up, down;
    bool gelu_tanh = false;  // RecurrentGemma; default silu
    at::Tensor operator()(const at::Tensor& x) const;
    // The same, with the activation and the product computed in place (fewer large allocations).
    at::Tensor in_place(const at::Tensor& x) const;
};

// Applies ctx's per-row skip of `layer`: rows whose plan skips the block keep h_in.
at::Tensor apply_skip(const ForwardContext& ctx, int layer, const at::Tensor& h_in, const at::Tensor& h_out);
// True when every row of the batch skips `layer` (the block need not be computed at all).
bool all_rows_skip(const ForwardContext& ctx, int layer);

}  // namespace gna
