#pragma once
// KV-retrieval map (DESIGN.md, Tasks): for models whose context is too short for a needle in a
// haystack (the bundled demos), a grid of x = dictionary size, y = depth of the queried key in the
// dictionary (0% = first line), colour = share of samples answered right, or mean probability of
// the right value among the dictionary's values. Scored as the KV-retrieval task scores (each value
// as a continuation, summed log-probability), under several intervention plans at once (all heads
// versus Gather and Aggregate heads off), with the prompt's layers below a plan's first
// intervention computed once. Torch-free.
#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <vector>

#include "gna/intervention.h"
#include "gna/tasks.h"

namespace gna {

class Model;

struct KvMapOptions {
    std::vector<int> sizes{4, 8, 12, 16, 20, 24};  // x: dictionary sizes (1..100 pairs)
    std::vector<double> depths{0, 25, 50, 75, 100};  // y: percent, 0 = the first line is asked
    int samples_per_cell = 4;  // dictionaries per size (shared by its depths)
    uint64_t seed = 1;
    std::filesystem::path word_list;  // empty = bundled kv_words.txt
};

struct KvMapCell {
    double accuracy = 0.0;  // share of samples whose right value has the largest log-probability
    double probability = 0.0;  // mean probability of the right value among the dictionary's values
};

struct KvMap {
    std::vector<int> sizes;
    std::vector<double> depths;
    std::vector<KvMapCell> cells;  // depths.size() x sizes.size(), row-major by depth
    const KvMapCell& at(std::size_t depth_index, std::size_t size_index) const {
        return cells[depth_index * sizes.size() + size_index];
    }
};

// The line asked at `depth` percent of a dictionary of `size` lines: round(depth / 100 * (size - 1)).
int kv_map_query_line(int size, double depth);
// The samples of one cell: the KV-retrieval task's seeded dictionaries of that size
// (make_kv_samples), each asking the key on line kv_map_query_line(size, depth).
std::vector<KvSample> kv_map_samples(const KvMapOptions& opt, int size, double depth);

// progress(done, total) counts cells; cancel is checked between prompts (throws gna::Cancelled).
// Returns one map per plan. Throws gna::Error for an empty grid, a size outside 1..100, a depth
// outside 0..100 or samples_per_cell < 1, naming the option and what to use instead.
std::vector<KvMap> kv_retrieval_map(Model& model, const KvMapOptions& opt, const std::vector<InterventionPlan>& plans,
                                    const std::function<void(int done, int total)>& progress = {},
                                    const std::atomic<bool>* cancel = nullptr);

}  // namespace gna
