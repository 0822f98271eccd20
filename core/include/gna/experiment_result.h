#pragma once
// Typed experiment results: what <out>/result.json holds, with its JSON conversion
// (core/src/experiments/result_file.cpp, the one place that knows the file's keys). Torch-free.
// The per-sample outcomes carry the fields of their task: choice tasks, generation tasks (NIAH,
// KV-retrieval by exact match) and attribution rankings each fill their own optional fields.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gna/experiment_spec.h"
#include "gna/json.h"

namespace gna {

// The result format this program writes; it reads this one and older ones (files without
// "format_version" are version 1).
inline constexpr int kExperimentResultVersion = 1;
inline constexpr const char* kExperimentResultFormatName = "gna-experiment-result";

struct ResultModel {
    std::string path, config_hash, architecture;
    int layers = 0, heads = 0;
    std::string compute_dtype, device;  // f32 / bf16 / f16, cpu / cuda; empty in older files
};

struct ResultProgram {
    std::string name = "gna", version, git;
};

// A shard's part of a sharded experiment (gna/sharding.h).
struct ResultShard {
    int index = 0, count = 0;
    std::vector<std::string> sample_ids;  // every sample of the experiment, in order
    std::size_t sample_count = 0;  // samples this shard runs
    std::uint64_t cost_tokens = 0, total_cost_tokens = 0;
};

// One sample under the conditions a run evaluated (all of them, or a shard's condition_range).
struct SampleOutcome {
    std::string id, task, group;
    std::vector<double> scores;  // one per condition, in condition order
    std::optional<std::vector<double>> scores_norm;  // knowledge: length-normalised accuracy (1 / 0) per condition
    std::optional<std::array<std::size_t, 2>> condition_range;  // a shard's conditions [c0, c1)
    // choice tasks (MMLU, knowledge, KV-retrieval by choice)
    std::optional<int> answer;  // index of the correct choice
    std::optional<std::vector<int>> predicted;  // chosen index per condition
    // generation (NIAH, KV-retrieval by exact match)
    std::optional<std::vector<std::string>> outputs;  // generated text per condition
    std::optional<int> answer_value;  // KV-retrieval exact match: the asked key's value
    std::optional<int> length;  // NIAH: requested prompt length
    std::optional<double> depth;  // NIAH: needle depth in percent
    std::optional<std::array<int, 2>> needle_span;  // NIAH: the needle's first copy [begin, end)
    std::optional<std::size_t> prompt_tokens;  // NIAH: tokens of the prompt
    // head_ranking by attribution
    std::optional<bool> estimated;  // "attribution": the scores after the first are estimates
    std::optional<std::vector<double>> attribution;  // "attribution+verify": estimated effect per verified head
    std::optional<double> attribution_logit_difference;  // "attribution+verify": the unablated logit difference

    // The number of conditions this outcome holds scores for: its range's, else `all`.
    std::size_t condition_count(std::size_t all) const {
        return condition_range ? (*condition_range)[1] - (*condition_range)[0] : all;
    }
    std::size_t first_condition() const { return condition_range ? (*condition_range)[0] : 0; }
};

// Mean over the samples of (task, group) under one condition; task "*" = every sample, group "*"
// = the whole task.
struct AggregateRow {
    std::string task, group, condition;
    double mean = 0.0;
    int n = 0;
    std::optional<double> mean_norm;  // tasks with length-normalised accuracy
    std::optional<double> sem;  // standard error of the mean (condition_stat's); empty in older files
};

// head_ranking: one head, most important first. importance = baseline - ablated (the spec's metric
// over every sample); attribution+verify adds the head's attribution estimate.
struct HeadRankingRow {
    std::string head;
    double importance = 0.0, baseline = 0.0, ablated = 0.0;
    std::optional<double> attribution;
};

// manipulation_grid as thesis Table 6.1: accuracy[prefill row][generation column] = mean score / 5;
// empty where the grid has no such condition.
struct ManipulationTable {
    std::vector<std::string> rows_prefill, columns_generation;
    std::vector<std::vector<std::optional<double>>> accuracy;
};

// head_ranking by attribution: the estimate of every head and what the run took.
struct AttributionEstimate {
    std::string head;
    double attribution = 0.0;  // mean estimated ablation effect (logit difference)
};
struct AttributionSummary {
    std::string metric = "logit_difference", method;  // method: attribution | attribution+verify
    std::vector<AttributionEstimate> ranking;  // every head, largest estimate first
    double seconds_attribution = 0.0;
    std::optional<double> seconds_verify;  // attribution+verify
    std::optional<std::size_t> verified;  // attribution+verify: heads measured exactly
    std::optional<double> spearman;  // attribution+verify: estimate vs exact importance
};

struct ResultAggregates {
    std::vector<AggregateRow> rows;  // empty in a shard's result until merged
    std::optional<std::vector<HeadRankingRow>> ranking;  // head_ranking
    std::optional<ManipulationTable> table;  // manipulation_grid
    std::optional<AttributionSummary> attribution;  // head_ranking by attribution
};

// ---- Memory table (slides): KV cache + recurrent state per sequence ----------------------------
struct MemoryRow {
    int length = 0;
    double kv_bytes = 0;  // attention KV cache (sliding windows capped)
    double state_bytes = 0;  // SSM / RG-LRU recurrent + convolution state
    double total() const { return kv_bytes + state_bytes; }
};

// The mean of a condition's scores over samples and its standard error: the samples' standard deviation
// (n - 1 in the variance) over sqrt(n); 0 for fewer than two samples.
struct ConditionStat {
    double mean = 0.0, sem = 0.0;
    int n = 0;
};

struct ExperimentResult {
    int format_version = kExperimentResultVersion;
    Json spec = Json::object();  // as given: a rerun resumes when it is the same spec
    std::optional<ExperimentSpec> typed;  // the spec parsed; empty for a spec this program no longer accepts
    ResultModel model;
    ResultProgram program;
    std::vector<std::string> conditions;
    Json seeds = Json::object(), meta = Json::object();
    std::string method;  // head_ranking by attribution: the spec's "method"; empty otherwise
    std::vector<SampleOutcome> samples;  // in the spec's sample order
    ResultAggregates aggregates;
    std::optional<std::vector<MemoryRow>> memory;  // memory_table: its rows
    std::optional<ResultShard> shard;
    bool complete = false;
    std::string checksum;  // samples_checksum(samples)

    // The spec's "experiment" (also of a spec this program no longer accepts); empty when none.
    std::string kind() const;
};

// The scores of condition `condition` (an index into r.conditions) over the samples of `task` ("*" or
// empty: every task); a sample without that condition's score (another shard's conditions, a NaN) is
// left out. The aggregate rows' mean and sem are this.
ConditionStat condition_stat(const ExperimentResult& r, const std::string& task, std::size_t condition);
ConditionStat condition_stat(const std::vector<double>& scores);

// Reads the fields of a result file's JSON; throws gna::Error naming `origin`, the sample id or
// aggregate row, and the key that is missing, unknown or of the wrong type, or the format version
// a newer file needs. to_json(experiment_result_from_json(j)) == j for every file this program writes.
ExperimentResult experiment_result_from_json(const Json& j, const std::string& origin);
Json to_json(const ExperimentResult& r);
Json to_json(const SampleOutcome& o);
Json to_json(const std::vector<SampleOutcome>& samples);

// SHA-256 of the samples' JSON as result.json stores them (compact dump): the file's "checksum".
std::string samples_checksum(const std::vector<SampleOutcome>& samples);
// The same of a result file's JSON, over its samples as written (a file written by another
// program may spell a number differently from how this one writes it back).
std::string samples_checksum(const Json& result_file);

}  // namespace gna
