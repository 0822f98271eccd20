#pragma once
// Typed experiment results: what <out>/result.json holds, with its JSON conversion (the one place
// that knows the file's top-level keys). Torch-free. Per-sample outcomes and aggregates stay JSON:
// their fields depend on the task and the kind (see gna/experiments.h).
#include <cstdint>
#include <optional>
#include <string>
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
    std::size_t sample_count = 0;         // samples this shard runs
    std::uint64_t cost_tokens = 0, total_cost_tokens = 0;
};

struct ExperimentResult {
    int format_version = kExperimentResultVersion;
    Json spec = Json::object();          // as given: a rerun resumes when it is the same spec
    std::optional<ExperimentSpec> typed; // the spec parsed; empty for a spec this program no longer accepts
    ResultModel model;
    ResultProgram program;
    std::vector<std::string> conditions;
    Json seeds = Json::object(), meta = Json::object();
    Json samples = Json::array();        // per-sample outcomes
    Json aggregates = Json::object();
    Json memory;                         // memory_table: its rows
    std::optional<ResultShard> shard;
    bool complete = false;
    std::string checksum;                // SHA-256 of samples.dump()
};

// Reads the fields of a result file's JSON; throws gna::Error naming `origin` and the key that is
// missing or of the wrong type, or the format version a newer file needs.
ExperimentResult experiment_result_from_json(const Json& j, const std::string& origin);
Json to_json(const ExperimentResult& r);

}  // namespace gna
