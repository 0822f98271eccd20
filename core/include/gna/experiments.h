#pragma once
// The papers' experiments, each a JSON spec in and a result file out; the CLI (gna experiment)
// and the GUI call the same code. Torch-free. Splitting one into shards and merging them back:
// gna/sharding.h.
//
// Spec (JSON object):
//   "experiment": evaluate | head_ranking | cumulative_removal | layer_pruning | sparsification |
//                 manipulation_grid | gna_masks | memory_table
//   "model": checkpoint folder (the CLI's --model overrides it)
//   "tokenizer": folder whose tokenizer files to use (checkpoints shipped without them; the CLI's
//                --tokenizer overrides it); memory_table needs neither weights nor a tokenizer
//   "task": {"name": "kv_retrieval", "sizes": [10,...,50], "samples_per_size": 100, "seed": 1, "word_list": path}
//         | {"name": "mmlu", "data": path, "split": "test", "shots": 0, "classic": false, "subjects": [...], "limit_per_subject": 0}
//         | {"name": "knowledge", "file": path.jsonl, "limit": 0}
//         | {"name": "niah", "lengths": [...], "depths": [...], "haystack": dir, "needle_file": path,
//            "instruct": false, "just_read_twice": false, "generate": 40, "buffer": 200, "depth_from_end": false}
//   "tasks": [task, ...]              cumulative_removal: several tasks evaluated on the same curve
//   "batch_rows": 64                  plans per forward pass;  "reuse_prefix": true
//   "exact": true                     scores bit-identical whatever batch_rows / reuse_prefix are
//                                     (false: faster batches on a GPU, equal to float rounding)
//   "metric": "accuracy" | "logprob" | "exact_match"   choice tasks: 0/1 per sample, or the correct
//                                     choice's summed log-probability (a finer head-ranking signal);
//                                     exact_match: KV-retrieval by greedy generation (4 tokens)
//   head_ranking:       "heads": ["L3.H1", ...] (default every attention head)
//                       "method": "exact" | "attribution" | "attribution+verify" (docs/attribution.md;
//                       attribution methods default to every attention and SSM head), "top": 16
//                       (heads asked for), "verify_k": 0 (heads verified exactly; 0 = 3 x top)
//   cumulative_removal: "ranking": result.json of a head_ranking, or ["L3.H1", ...]; "steps": [0, 10, 20, ...]
//                       (default 0, 10, ... up to every ranked head); "random_seed": 1 (random-heads control)
//   layer_pruning:      "mode": "gradual" | "individual" | "both"
//   sparsification:     "k": [...] (default 0..heads); "stages": ["generation", "prefill"]
//   manipulation_grid:  "prefill_modes": [Keep, Omit, Only, Binary, Null], "generation_modes": [Keep, Omit, Only, Binary],
//                       "heads": [...] (default every attention head); NIAH only (needle tokens are the set)
//   gna_masks:          "gather": ["L16.H22"], "aggregate": ["L17.H24"]; MMLU only
//   memory_table:       "lengths": [128, 2048, 4096]; "bytes_per_element": from torch_dtype unless given
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
#include "gna/heads.h"
#include "gna/json.h"
#include "gna/manipulation.h"
#include "gna/tasks.h"

namespace gna {

class Model;

struct ExperimentProgress {
    std::size_t done = 0;    // samples finished (including resumed ones)
    std::size_t total = 0;
    std::size_t resumed = 0; // samples taken from an earlier run
    double elapsed_s = 0;    // this run
    double eta_s = -1;       // estimate of time left; -1 while unknown
    std::string current;     // id of the sample just finished
};
using ExperimentProgressFn = std::function<void(const ExperimentProgress&)>;

// Shard `index` of `count` (gna/sharding.h); count 0 = the whole experiment.
struct ShardIndex {
    int index = 0;
    int count = 0;
    bool active() const { return count > 0; }
    std::string name() const { return std::to_string(index) + "/" + std::to_string(count); }
};

struct ExperimentOptions {
    std::filesystem::path out_dir;
    ShardIndex shard;                            // run only this shard's work units
    ExperimentProgressFn progress;               // called from the running thread
    const std::atomic<bool>* cancel = nullptr;   // checked between layers and samples
};

struct ExperimentOutcome {
    Json result;             // what result.json holds
    bool complete = false;
    std::filesystem::path json_path, csv_path, summary_path;
};

// Reads a spec file and checks it. Throws gna::Error naming the file and the bad key.
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
Json read_experiment_result(const std::filesystem::path& file, bool allow_shard = false);

// Head ranking of a head_ranking result: (head, importance = baseline - ablated), most important first.
std::vector<std::pair<HeadRef, double>> read_head_ranking(const std::filesystem::path& result_json);

// Per-sample G&A mask for an MMLU prompt (slides): every Gather head keeps, at each option's
// summary row, only that option's segment; every Aggregate head keeps, at the final position,
// only the summary tokens. The sets are plain data: edit them before making the hook.
AttentionMask gna_mmlu_mask(const MmluLayout& layout, const std::vector<HeadRef>& gather,
                            const std::vector<HeadRef>& aggregate);

// ---- Memory table (slides): KV cache + recurrent state per sequence ----------------------------
struct MemoryRow {
    int length = 0;
    double kv_bytes = 0;     // attention KV cache (sliding windows capped)
    double state_bytes = 0;  // SSM / RG-LRU recurrent + convolution state
    double total() const { return kv_bytes + state_bytes; }
};
// What the memory table counts, from config.json alone: attention layers (KV cache) and
// recurrent layers (fixed state); Zamba2's hybrid layers count in both.
struct MemoryLayout {
    int attention_layers = 0;
    int recurrent_layers = 0;
    double kv_elements_per_token = 0;  // per attention layer and position (2 x kv_heads x head_dim)
    int64_t window = 0;                // sliding window of the attention layers, 0 = none
    double state_elements = 0;         // per recurrent layer
};
MemoryLayout memory_layout(const ModelConfig& cfg);
// From config.json alone (no weights): Llama/Mistral/Qwen2/Gemma-style attention, Mamba, Mamba-2,
// Jamba, Zamba2, RecurrentGemma. bytes_per_element 0 = from torch_dtype (bf16/f16 2, f32 4).
std::vector<MemoryRow> memory_table(const ModelConfig& cfg, const std::vector<int>& lengths = {128, 2048, 4096},
                                    double bytes_per_element = 0);

}  // namespace gna
