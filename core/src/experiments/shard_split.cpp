// Splitting an experiment into shards: work units in canonical order (sample by sample, condition
// by condition), each costing the tokens it runs, cut into contiguous ranges of equal cost.
#include <charconv>

#include "experiments/shard_work.h"
#include "gna/error.h"

namespace gna {

ShardIndex parse_shard(const std::string& text) {
    const auto slash = text.find('/');
    auto number = [&](const std::string& part, int& v) {
        const auto r = std::from_chars(part.data(), part.data() + part.size(), v);
        return !part.empty() && r.ec == std::errc() && r.ptr == part.data() + part.size();
    };
    ShardIndex s;
    if (slash == std::string::npos || !number(text.substr(0, slash), s.index) ||
        !number(text.substr(slash + 1), s.count))
        throw Error("--shard '" + text + "': expected I/N, shard I (counted from 0) of N, e.g. 0/4");
    if (s.count < 1 || s.index < 0 || s.index >= s.count)
        throw Error("--shard '" + text + "': I must be 0 to N-1 and N at least 1 (shards 0/" +
                    std::to_string(std::max(s.count, 1)) + " to " + std::to_string(std::max(s.count, 1) - 1) + "/" +
                    std::to_string(std::max(s.count, 1)) + ")");
    return s;
}

std::vector<int> split_by_cost(const std::vector<std::uint64_t>& costs, int count) {
    if (count < 1) throw Error("split_by_cost: the shard count must be at least 1, not " + std::to_string(count));
    unsigned __int128 total = 0;
    for (auto c : costs) total += c;
    std::vector<int> shard(costs.size(), 0);
    unsigned __int128 before = 0;
    for (std::size_t k = 0; k < costs.size(); ++k) {
        // midpoint of unit k in [0, T), as a fraction of T: (2P + c) / 2T
        if (total > 0) {
            const unsigned __int128 s = static_cast<unsigned __int128>(count) * (2 * before + costs[k]) / (2 * total);
            shard[k] = static_cast<int>(std::min<unsigned __int128>(s, static_cast<unsigned __int128>(count - 1)));
        } else {
            shard[k] = static_cast<int>(static_cast<unsigned __int128>(count) * k / costs.size());
        }
        before += costs[k];
    }
    return shard;
}

namespace {

// A condition's scores are independent of its batch neighbours only for exact choice sweeps
// (bit-identical whatever batch_rows and prefix reuse); generation batches plans together.
bool splittable(const ExperimentSetup& s, const ExperimentSample& e) {
    return s.exact && !e.generative && s.metric != "exact_match";
}

}  // namespace

std::uint64_t tokens_per_condition(const ExperimentSetup& s, const ExperimentSample& e) {
    if (e.generative) return e.niah.tokens.size() + static_cast<std::uint64_t>(std::max(e.generate, 0));
    if (s.metric == "exact_match") return e.item.prompt.size() + 4;
    std::uint64_t t = e.item.prompt.size();
    for (const auto& c : e.item.choices) t += c.size();
    return std::max<std::uint64_t>(t, 1);
}

ShardWork shard_work(const ExperimentSetup& setup, ShardIndex shard) {
    struct Unit {
        std::size_t sample, c0, c1;
    };
    std::vector<Unit> units;
    std::vector<std::uint64_t> costs;
    const std::size_t C = setup.conditions.size();
    for (std::size_t i = 0; i < setup.samples.size(); ++i) {
        const auto& e = setup.samples[i];
        const std::uint64_t t = tokens_per_condition(setup, e);
        if (splittable(setup, e)) {
            for (std::size_t c = 0; c < C; ++c) {
                units.push_back({i, c, c + 1});
                costs.push_back(t);
            }
        } else {
            units.push_back({i, 0, C});
            costs.push_back(t * C);
        }
    }
    const std::vector<int> of = split_by_cost(costs, shard.count);
    ShardWork w;
    w.range.assign(setup.samples.size(), {0, 0});
    for (std::size_t k = 0; k < units.size(); ++k) {
        w.total_cost += costs[k];
        if (of[k] != shard.index) continue;
        w.cost += costs[k];
        auto& r = w.range[units[k].sample];
        if (r.first == r.second)
            r = {units[k].c0, units[k].c1};
        else
            r.second = units[k].c1;  // contiguous: the shard's units of a sample follow each other
    }
    return w;
}

}  // namespace gna
