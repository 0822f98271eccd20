#pragma once
// The torch-free public face of a loaded model: info, tokenizer, and runs under a plan.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "gna/heads.h"
#include "gna/error.h"
#include "gna/intervention.h"
#include "gna/tokenizer.h"

namespace gna {

enum class Device { CPU, CUDA };
enum class ComputeDType { F32, BF16, F16 };

struct LoadOptions {
    Device device = Device::CPU;
    ComputeDType dtype = ComputeDType::F32;  // f16 only on CUDA; bf16 on CUDA or a CPU with bf16 instructions
    int threads = 0;  // LibTorch and OpenBLAS threads (gna/cpu_runtime.h); 0 = default
    // On the CPU the load is refused with a gna::Error when the estimated resident size
    // (gna/memory_estimate.h) for `context` tokens exceeds the available memory.
    bool check_memory = true;
    int context = 2048;
    // Folder whose tokenizer files to use instead of the checkpoint's own (--tokenizer); empty =
    // the checkpoint's, or ids only when it has none (see load_checkpoint_tokenizer).
    std::filesystem::path tokenizer;
    // Called on the loading thread with the fraction (0..1) of the checkpoint's bytes read so far;
    // `cancel` becoming true stops the load with gna::Cancelled.
    std::function<void(double)> progress;
    const std::atomic<bool>* cancel = nullptr;
};

bool cuda_available();

struct LayerInfo {
    int index = 0;
    std::string kind;  // "attention", "mamba", "mamba2", "hybrid", "recurrent", ...
    int attention_heads = 0;  // query heads (0 if none)
    int kv_heads = 0;
    int ssm_heads = 0;  // SSM "heads" (0 if none)
    bool mlp = false;  // an MLP (feed-forward or experts) follows the mixer (hook point mlp.out)
};

struct ModelInfo {
    std::string architecture;  // e.g. LlamaForCausalLM
    std::string model_type;  // e.g. llama
    std::filesystem::path dir;
    int num_layers = 0;
    int hidden_size = 0;
    int vocab_size = 0;
    int num_heads = 0;  // attention query heads per attention layer
    int num_kv_heads = 0;
    int head_dim = 0;
    int max_positions = 0;
    int64_t parameters = 0;
    std::string weights_dtype;  // as stored, e.g. BF16
    std::string compute_dtype;  // f32 / bf16 / f16
    std::string device;  // cpu / cuda
    std::string tokenizer_kind;
    std::string config_hash;
    std::vector<LayerInfo> layers;
    int sliding_window = 0;  // 0 = none
};

// One captured map: post-intervention attention probabilities of `head` for query rows `rows`
// (absolute positions) over keys 0..cols-1. weights is row-major rows.size() x cols.
struct AttentionMap {
    HeadRef head;
    std::vector<int> rows;
    int cols = 0;
    std::vector<float> weights;
    float at(std::size_t r, std::size_t c) const { return weights[r * cols + c]; }
};

struct RunRequest {
    std::vector<int> tokens;  // the prompt (already tokenized, BOS included if wanted)
    InterventionPlan plan;
    std::vector<HeadRef> capture;  // heads whose attention to capture (prompt pass)
    std::vector<int> capture_rows;  // query rows; empty = every prompt row
    std::vector<HeadRef> capture_full;  // heads captured at every prompt row whatever capture_rows
        // says (their maps follow capture's in RunResult::attention)
    bool all_logits = false;  // keep logits of every prompt position
    int generate = 0;  // greedy tokens to generate after the prompt
    std::vector<int> stop_tokens;  // empty = the tokenizer's EOS ids
    const std::atomic<bool>* cancel = nullptr;  // checked between layers; throws gna::Cancelled
};

struct RunResult {
    std::vector<int> tokens;  // prompt
    int vocab = 0;
    std::vector<float> last_logits;  // logits after the last prompt token (vocab)
    std::vector<float> all_logits;  // prompt positions x vocab when requested
    std::vector<AttentionMap> attention;  // in the order requested
    std::vector<int> generated;  // greedy continuation (stop token included if hit)
    bool stopped = false;  // a stop token ended generation
};

// One prompt under many plans (a sweep): scores[plan][choice] = summed log-probability of each
// continuation after the prompt. Implementations batch the plans (one plan per batch row) and
// compute the layers below a plan's first intervened layer once for all plans (prefix reuse).
struct SweepRequest {
    std::vector<int> prompt;
    std::vector<std::vector<int>> continuations;  // each non-empty
    // Partial evaluation (lm-evaluation-harness's multiple-input tasks, e.g. Winogrande: one context
    // per choice, one shared continuation): the first context_tokens[c] tokens of continuation c
    // are the rest of its own context, fed but not scored; at least one token is scored. Empty: every
    // token is scored. The prompt may be empty when every context_tokens[c] >= 1 (the contexts share
    // no first token); each continuation is then scored after its own context alone.
    std::vector<int> context_tokens;
    std::vector<InterventionPlan> plans;
    int max_batch_rows = 64;  // plans per forward pass
    bool reuse_prefix = true;  // false: every batch runs all layers (for checks)
    // true: the scores are bit-identical whatever max_batch_rows and reuse_prefix are, i.e. the
    // same numbers as each plan swept alone (batch-invariant arithmetic: per-row GEMMs and
    // activations; state-space rows run one at a time from the shared prefix). On the CPU this
    // costs little; false batches every op (faster on a GPU), equal to float rounding.
    bool exact = true;
    const std::atomic<bool>* cancel = nullptr;
    // The index of continuation c's first scored token.
    std::size_t scored_from(std::size_t c) const {
        return context_tokens.empty() ? 0 : static_cast<std::size_t>(context_tokens[c]);
    }
};

// Attribution patching (gna/attribution.h): the first-order estimate of every head's zero-ablation
// effect on a metric of the correct continuation, from one forward and one backward pass:
// effect(h) = metric(unablated) - metric(h ablated) ~ -(0 - a_h) . d metric / d a_h, where a_h is
// the head's slice of the o_proj/out_proj input. Equals d metric / d alpha_h at alpha = 1.
enum class AttributionMetric {
    // sum over the continuation's tokens of (logit of the token - mean logit over the vocabulary):
    // does not saturate when the model is sure of the answer (docs/attribution.md)
    LogitDifference,
    LogProb,  // sum of log p(continuation token | prefix): flat (saturated) when p is near 1
};

struct AttributionRequest {
    std::vector<int> prompt;
    std::vector<int> continuation;  // the correct answer's tokens (non-empty)
    std::vector<HeadRef> heads;  // empty = every attention head and every SSM head
    const std::atomic<bool>* cancel = nullptr;
    AttributionMetric metric = AttributionMetric::LogitDifference;
    // Treat every RMSNorm's 1/rms as a constant in the backward pass (forward values unchanged):
    // a head that dominates the residual stream saturates the norm, and the exact derivative then
    // misses (even flips) its effect. false: the exact derivative d metric / d alpha_h.
    bool freeze_norms = true;
};

struct AttributionResult {
    double metric = 0.0;  // the request's metric, unablated
    std::vector<HeadRef> heads;  // the request's heads (or every head), in that order
    std::vector<double> effect;  // per head: estimated metric(unablated) - metric(ablated)
};

class Model {
public:
    virtual ~Model() = default;
    // Loads a checkpoint directory (config.json, safetensors, tokenizer). Throws gna::Error.
    static std::unique_ptr<Model> load(const std::filesystem::path& dir, const LoadOptions& opt = {});

    virtual const ModelInfo& info() const = 0;
    virtual const Tokenizer& tokenizer() const = 0;
    virtual RunResult run(const RunRequest& request) = 0;
    // Many prompts, each with its own plan, batched where possible (same results as run()).
    virtual std::vector<RunResult> run_batch(const std::vector<RunRequest>& requests) = 0;
    // Log-probabilities of `continuation` tokens after `prompt` under `plan` (sum over tokens),
    // one value per continuation; the prompt is processed once and its cache shared.
    // context_tokens: as SweepRequest::context_tokens (partial evaluation).
    virtual std::vector<double> score_continuations(const std::vector<int>& prompt,
                                                    const std::vector<std::vector<int>>& continuations,
                                                    const InterventionPlan& plan,
                                                    const std::vector<int>& context_tokens = {}) = 0;
    // The default loops score_continuations; ModelImpl batches and reuses the prefix.
    virtual std::vector<std::vector<double>> sweep_continuations(const SweepRequest& request);
    // One forward + one backward pass per batch of consecutive requests (gna/attribution.h
    // attribution_batch_tokens), gradients for the head scales only (no weight
    // gradients); memory: one batch's activations. Throws gna::Error where the implementation has
    // no gradients (the default).
    virtual std::vector<AttributionResult> attribute_heads(const std::vector<AttributionRequest>& requests);
};

// The first layer whose computation `plan` changes in the prompt pass (num_layers if none).
int first_intervened_layer(const InterventionPlan& plan, int num_layers);

}  // namespace gna
