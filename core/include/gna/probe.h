#pragma once
// The interactive probe (DESIGN.md's Engine::run): one prompt under one plan in, everything the
// studio draws out, as values. Candidate and top-token probabilities, the attention maps of the
// shown heads, one score per scored head, and in compare mode the same quantities for the
// unablated run (cached: a head toggle does not recompute it). Torch-free; the studio's worker,
// the guided tour and `gna run --scores` call it.
#include <atomic>
#include <cstddef>
#include <memory>
#include <mutex>
#include <limits>
#include <string>
#include <vector>

#include "gna/head_scores.h"
#include "gna/model.h"

namespace gna {

enum class HeadScoreKind {
    None,
    Entropy,  // entropy of the final position's row (bits)
    MaxWeight,  // largest weight of the final position's row
    AttentionToToken,  // the final position's weight on ProbeRequest::selected_token
    Gather,  // line_pattern().gather
    Aggregate,  // line_pattern().aggregate
    DuplicateToken,  // token_pattern_score(DuplicateToken) over every row of the prompt
    Induction,  // token_pattern_score(Induction) over every row of the prompt
};
const char* to_string(HeadScoreKind kind);
// "entropy", "max", "token", "gather", "aggregate", "duplicate", "induction" (or "none"); throws
// gna::Error otherwise.
HeadScoreKind parse_head_score_kind(const std::string& text);

// Largest residual stream (bytes) the probe keeps for the current prompt so that a head toggle
// recomputes only from the toggled layer (gna/residual_stream.h); above it every run is a full one.
// kProbeResidualAuto (the default): probe_residual_budget(model), which follows the free memory of
// the model's device.
inline constexpr std::size_t kProbeResidualAuto = std::numeric_limits<std::size_t>::max();
// A quarter of the free memory of the model's device (on the CPU: MemAvailable within the cgroup's
// limit; on CUDA: cudaMemGetInfo's free bytes), at least 256 MiB; 1 GiB when it cannot be read.
std::size_t probe_residual_budget(const Model& model);
// Largest total of full maps (bytes) the token-pattern scores may capture (every row of every scored
// head: heads x tokens^2 floats); above it the probe refuses with a gna::Error naming the sizes.
inline constexpr std::size_t kProbePatternMapBudget = std::size_t(2) << 30;

struct ProbeRequest {
    std::string prompt;  // tokenized with the model's tokenizer (BOS as it adds it)
    std::vector<int> tokens;  // used instead of prompt when not empty
    InterventionPlan plan;
    std::vector<HeadRef> shown;  // full maps to return (heads the model lacks are skipped)
    std::vector<std::string> candidates;  // answer texts, scored as the continuation " " + text
    int top_k = 10;
    HeadScoreKind score = HeadScoreKind::None;
    std::vector<HeadRef> scored;  // heads to score (heads the model lacks are skipped)
    int selected_token = -1;  // for AttentionToToken (clamped to the prompt)
    TokenPatternOptions pattern;  // for DuplicateToken and Induction: BOS / current token excluded
    bool compare = false;  // also the unablated run (cached across plans)
    // One pass captures the shown heads' full maps and only the rows the scores read of the other
    // scored heads (the final position; the line ends for Gather/Aggregate; every row for the token
    // patterns), of the layers the plan changes (below them the unablated pass's maps and scores are
    // reused). true: the earlier path,
    // kept for benchmarks: those rows in a second pass of their own, nothing reused.
    bool separate_score_pass = false;
    std::size_t residual_budget = kProbeResidualAuto;  // 0 = never keep (full recomputes)
    const std::atomic<bool>* cancel = nullptr;
};

struct NextToken {
    std::string text;  // the token's display text, or the candidate's text
    int id = -1;  // token id; -1 for a candidate of several tokens
    int candidate = -1;  // index in ProbeRequest::candidates; -1 for a top token only
    double probability = 0.0;  // under the plan (a multi-token candidate: of the whole continuation)
    double unablated = 0.0;  // without interventions (compare mode only)
};

struct HeadScore {
    HeadRef head;
    double value = 0.0;  // under the plan
    double unablated = 0.0;  // compare mode only
};

struct ProbeResult {
    std::vector<int> tokens;
    std::vector<std::string> token_texts;  // display text per token
    std::vector<float> last_logits;
    std::vector<NextToken> next;  // top-k by probability, then candidates not among them
    std::vector<AttentionMap> maps;  // the shown heads' maps (in request order, valid heads)
    std::vector<AttentionMap> unablated_maps;  // compare mode: the same heads without interventions
    std::vector<HeadScore> scores;  // one per valid scored head (request order)
    std::vector<int> line_ends;  // the prompt's line ends (Gather/Aggregate scores)
    bool compared = false;  // the unablated fields are filled
    int forward_passes = 0;  // model runs this result took (cache hits are free)
    // Lowest layer the plan's runs recomputed (0 = full passes). Below the plan's first changed layer
    // the maps and scores are the cached unablated pass's, so a toggle starts at the toggled layer.
    int first_layer = 0;
    std::size_t residual_bytes = 0;  // memory of the kept unablated residual stream (0 = none kept)
};

// Whether the model has this head (an attention head of a layer with attention, an SSM head of a
// layer with a state-space mixer).
bool model_has_head(const ModelInfo& info, const HeadRef& head);
// Every attention head of the model, layer by layer; with ssm, every SSM head instead.
std::vector<HeadRef> every_head(const ModelInfo& info, HeadKind kind);
// Every attention and SSM head, layer by layer (a layer's attention heads, then its SSM heads).
std::vector<HeadRef> every_head(const ModelInfo& info);

// A model that runs probes where its weights are (a model open on a server: remote/client.h). Probe
// hands such a model's requests to it whole, so that its unablated cache and kept residual stream
// live beside the weights and only the shown maps and the scores travel.
class ProbeHost {
public:
    virtual ~ProbeHost() = default;
    virtual ProbeResult run_probe(const ProbeRequest& request) = 0;
};

class Probe {
public:
    explicit Probe(std::shared_ptr<Model> model);
    ~Probe();
    // Throws gna::Error (empty prompt, prompt past the context, bad plan) and gna::Cancelled.
    // Calls are serialised; the unablated cache holds the last prompt's unablated run. A model that
    // is a ProbeHost runs the request itself.
    ProbeResult run(const ProbeRequest& request);
    const Model& model() const { return *model_; }

private:
    struct Pass;
    Pass evaluate(const ProbeRequest& request, const std::vector<int>& tokens, const InterventionPlan& plan,
                  const std::vector<int>& line_ends, int* passes);
    // Model::run, from the kept residual stream of these tokens when there is one; an unablated run
    // keeps its stream (within request.residual_budget).
    RunResult run_model(const RunRequest& run, const ProbeRequest& request, int* first_layer);
    std::shared_ptr<Model> model_;
    std::mutex mutex_;
    struct Cache;
    std::unique_ptr<Cache> cache_;
};

}  // namespace gna
