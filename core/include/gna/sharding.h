#pragma once
// Sharded experiments: an experiment's work units split into N deterministic, cost-balanced
// shards (gna experiment SPEC --shard I/N), and the merge of the shards' result folders into the
// result the unsharded run writes (gna experiment merge). Torch-free.
//
// Work units: one (sample, condition) pair where a condition's scores do not depend on which
// other conditions share its batch (choice tasks with "exact": true); otherwise a whole sample
// with all its conditions (NIAH cells, exact_match generation, "exact": false sweeps). A unit
// costs the tokens it runs: prompt + choices, or prompt + generated tokens, times its conditions.
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "gna/experiments.h"

namespace gna {

// "I/N" with 0 <= I < N. Throws gna::Error naming the text and what is wrong.
ShardIndex parse_shard(const std::string& text);

// The shard (0..count-1) of each unit, units in their canonical order. Contiguous ranges by cost:
// with P the cost before unit k and T the total, unit k goes to shard floor(count * (2P + c_k) / 2T)
// (the shard whose share of [0, T) holds the unit's midpoint). Every unit lies in exactly one
// shard, each shard's cost is within one unit's cost of T / count, and the split depends on the
// costs alone. Throws gna::Error when count < 1.
std::vector<int> split_by_cost(const std::vector<std::uint64_t>& costs, int count);

// Reads the result folders of every shard of one experiment and writes the unsharded run's
// result.json, result.csv and summary.csv into out_dir (plus merged_from.json: which folders).
// Refuses, naming the folder, a shard that is missing, duplicated, unfinished, or written for
// another spec, model (config hash), program version, seeds or shard count.
ExperimentOutcome merge_experiment_shards(const std::vector<std::filesystem::path>& shard_dirs,
                                          const std::filesystem::path& out_dir);

}  // namespace gna
