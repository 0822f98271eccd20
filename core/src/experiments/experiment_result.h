#pragma once
// What an experiment's result folder holds, shared by the runner and the shard merge: the
// aggregates over finished samples and the three files (result.json, result.csv, summary.csv).
#include <string>
#include <vector>

#include "gna/experiment_result.h"
#include "gna/experiments.h"

namespace gna {

// The spec without "model" (the checkpoint is identified by its config hash instead).
Json spec_identity(const Json& spec);

// Per (task, group) and condition means, plus the head ranking (head_ranking) or Table 6.1
// (manipulation_grid). `samples` hold one score per condition each, in condition order.
ResultAggregates aggregate_samples(const std::string& kind, const std::vector<std::string>& conditions,
                                   const std::vector<SampleOutcome>& samples);

// Joins `piece` (the same sample under the conditions after those `sample` holds) onto `sample`:
// its per-condition lists (scores, scores_norm, predicted, outputs) are appended, and its
// condition_range is ignored. Returns the name of the first other field whose value differs from
// the sample's (empty when none): the two pieces do not describe the same sample.
std::string append_condition_piece(SampleOutcome& sample, const SampleOutcome& piece);

// Sets out.result's samples, checksum and completeness (out.complete too).
void set_samples(ExperimentOutcome& out, std::vector<SampleOutcome> samples, bool complete);

// Writes out.result to out.json_path and its CSV views atomically. A shard's samples carry
// a condition_range [c0, c1) and scores for those conditions only.
void write_result_files(const ExperimentOutcome& out);

}  // namespace gna
