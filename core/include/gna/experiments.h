#pragma once
// The papers' experiments, each a JSON spec in and a result file out; the CLI (gna experiment)
// and the GUI call the same code. Torch-free. Splitting one into shards and merging them back:
// gna/sharding.h.
//
// Spec: a JSON object whose keys are described, per experiment kind and per task, in one place:
// gna/experiment_spec.h (ExperimentSpec, parse_experiment_spec; `gna experiment --describe KIND`
// and docs/experiments.md print the same descriptors).
//
// Result: <out>/result.json (spec, model identity, program version, seeds, conditions, per-sample
// outcomes, aggregates, checksum) and <out>/result.csv + <out>/summary.csv, rewritten atomically
// after every finished sample. A rerun with the same spec and model resumes; a corrupted result or
// one from another spec/model is reported (gna::Error), never silently reused. A shard's folder
// (ExperimentOptions::shard) holds "shard" (index, count, every sample id) and, per sample, the
// scores of its "condition_range" only; its aggregates stay empty until the shards are merged.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "gna/config.h"
#include "gna/experiment_result.h"
#include "gna/heads.h"
#include "gna/json.h"
#include "gna/manipulation.h"
#include "gna/tasks.h"

namespace gna {

class Model;

struct ExperimentProgress {
    std::size_t done = 0;  // samples finished (including resumed ones)
    std::size_t total = 0;
    std::size_t resumed = 0;  // samples taken from an earlier run
    double elapsed_s = 0;  // this run
    double eta_s = -1;  // estimate of time left (this run's seconds per token x tokens left); -1 while unknown
    std::string current;  // id of the sample just finished
};
using ExperimentProgressFn = std::function<void(const ExperimentProgress&)>;

// head_ranking with "method": "attribution" or "attribution+verify": what is known so far, reported
// once the attribution phase ends (every estimate, nothing verified yet) and then after each batch
// of verified heads (ExperimentOptions::verify_batches).
struct RankedHead {
    HeadRef head;
    double value = 0.0;
};
struct RankingProgress {
    std::vector<RankedHead>
        estimates;  // every ranked head: mean attribution estimate (logit difference), largest first
    std::vector<RankedHead>
        verified;  // heads measured so far: exact importance (the spec's metric, baseline - ablated)
    std::size_t to_verify = 0;  // heads the verification measures in all (0: "attribution" alone)
};
using RankingProgressFn = std::function<void(const RankingProgress&)>;

// Shard `index` of `count` (gna/sharding.h); count 0 = the whole experiment.
struct ShardIndex {
    int index = 0;
    int count = 0;
    bool active() const { return count > 0; }
    std::string name() const { return std::to_string(index) + "/" + std::to_string(count); }
};

struct ExperimentOptions {
    std::filesystem::path out_dir;
    ShardIndex shard;  // run only this shard's work units
    ExperimentProgressFn progress;  // called from the running thread
    const std::atomic<bool>* cancel = nullptr;  // checked between layers and samples
    std::function<double()> clock;  // seconds, read before the first sample and after each one;
        // empty = the steady clock (tests give a controlled one)
    RankingProgressFn ranking;  // attribution rankings: the estimates, then each verified batch
    // attribution+verify: the verified heads in this many batches, each over every prompt (its heads'
    // exact importance is final when it ends); 0 or 1 = one batch. Each further batch recomputes the
    // layers below its lowest ablated head once per prompt. The scores are the same bits either way.
    int verify_batches = 0;
};

struct ExperimentOutcome {
    ExperimentResult result;  // what result.json holds
    bool complete = false;
    std::filesystem::path json_path, csv_path, summary_path;
};

// Reads a spec file and checks it (parse_experiment_spec). Throws gna::Error naming the file and the bad key.
Json load_experiment_spec(const std::filesystem::path& file);
void validate_experiment_spec(const Json& spec, const std::string& origin = "experiment spec");

// Runs (or resumes) an experiment. Throws gna::Cancelled after saving finished samples when the
// cancel flag is raised; gna::Error on bad data or a foreign/corrupted result file.
ExperimentOutcome run_experiment(Model& model, const Json& spec, const ExperimentOptions& opt);

// The memory_table experiment from a checkpoint folder that may hold config.json alone (no
// weights, no tokenizer): researchers compare models they have not downloaded.
ExperimentOutcome run_memory_table_experiment(const std::filesystem::path& model_dir, const Json& spec,
                                              const ExperimentOptions& opt);

// Reads a result file and checks its integrity (format, checksum). Throws gna::Error. A shard's
// result (partial scores, no aggregates) is refused unless allow_shard: merge the shards first.
ExperimentResult read_experiment_result(const std::filesystem::path& file, bool allow_shard = false);

// Head ranking of a head_ranking result: (head, importance = baseline - ablated), most important first.
std::vector<std::pair<HeadRef, double>> read_head_ranking(const std::filesystem::path& result_json);

// Per-sample G&A mask for an MMLU prompt (slides): every Gather head keeps, at each option's
// summary row, only that option's segment; every Aggregate head keeps, at the final position,
// only the summary tokens. The sets are plain data: edit them before making the hook.
AttentionMask gna_mmlu_mask(const MmluLayout& layout, const std::vector<HeadRef>& gather,
                            const std::vector<HeadRef>& aggregate);

// ---- Memory table (slides): KV cache + recurrent state per sequence ----------------------------
// MemoryRow: gna/experiment_result.h (the rows a memory_table result holds).
// What the memory table counts, from config.json alone: attention layers (KV cache) and
// recurrent layers (fixed state); Zamba2's hybrid layers count in both.
struct MemoryLayout {
    int attention_layers = 0;
    int recurrent_layers = 0;
    double kv_elements_per_token = 0;  // per attention layer and position (2 x kv_heads x head_dim)
    int64_t window = 0;  // sliding window of the attention layers, 0 = none
    double state_elements = 0;  // per recurrent layer
};
MemoryLayout memory_layout(const ModelConfig& cfg);
// From config.json alone (no weights): Llama/Mistral/Qwen2/Gemma-style attention, Mamba, Mamba-2,
// Jamba, Zamba2, RecurrentGemma. bytes_per_element 0 = from torch_dtype (bf16/f16 2, f32 4).
std::vector<MemoryRow> memory_table(const ModelConfig& cfg, const std::vector<int>& lengths = {128, 2048, 4096},
                                    double bytes_per_element = 0);

}  // namespace gna
