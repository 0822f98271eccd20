#pragma once
// Which conditions of which samples one shard runs (the split of gna/sharding.h applied to an
// experiment's samples x conditions).
#include <cstdint>
#include <utility>
#include <vector>

#include "experiments/experiment_setup.h"
#include "gna/sharding.h"

namespace gna {

struct ShardWork {
    // per sample of the setup: the shard's conditions [first, second); empty when none
    std::vector<std::pair<std::size_t, std::size_t>> range;
    std::uint64_t cost = 0;  // tokens this shard runs
    std::uint64_t total_cost = 0;  // tokens of the whole experiment
};

// The tokens one condition of a sample runs: the cost of a work unit (shards, time left).
std::uint64_t tokens_per_condition(const ExperimentSetup& setup, const ExperimentSample& sample);

ShardWork shard_work(const ExperimentSetup& setup, ShardIndex shard);

}  // namespace gna
