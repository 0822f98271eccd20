// gna/kv_map.h: the KV-retrieval map, x = dictionary size, y = depth of the queried key.
#include "gna/kv_map.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "gna/error.h"
#include "gna/model.h"

namespace gna {

namespace {

void check_options(const KvMapOptions& opt) {
    if (opt.sizes.empty() || opt.depths.empty())
        throw Error(
            "KV-retrieval map: the grid is empty; give at least one dictionary size (e.g. 4, 8, 16) and "
            "one depth (e.g. 0, 50, 100)");
    for (int size : opt.sizes)
        if (size < 1 || size > 100)
            throw Error("KV-retrieval map: dictionary size " + std::to_string(size) +
                        " is outside 1..100 (the values are distinct integers 0-99); choose sizes in 1..100");
    for (double depth : opt.depths)
        if (!(depth >= 0.0 && depth <= 100.0))
            throw Error("KV-retrieval map: depth " + std::to_string(depth) +
                        "% is outside 0..100 (0 = the first line of the dictionary is asked, 100 = the last)");
    if (opt.samples_per_cell < 1)
        throw Error("KV-retrieval map: samples per cell is " + std::to_string(opt.samples_per_cell) +
                    "; use 1 or more");
}

}  // namespace

int kv_map_query_line(int size, double depth) {
    return static_cast<int>(std::lround(depth / 100.0 * static_cast<double>(std::max(0, size - 1))));
}

std::vector<KvSample> kv_map_samples(const KvMapOptions& opt, int size, double depth) {
    KvRetrievalOptions kv;
    kv.sizes = {size};
    kv.samples_per_size = opt.samples_per_cell;
    kv.seed = opt.seed;
    kv.word_list = opt.word_list;
    std::vector<KvSample> samples = make_kv_samples(kv);
    const int line = kv_map_query_line(size, depth);
    for (KvSample& s : samples) {
        s.query = line;
        s.prompt = kv_prompt(s.dictionary, s.dictionary[static_cast<std::size_t>(line)].first);
        s.id += "-line" + std::to_string(line);
    }
    return samples;
}

std::vector<KvMap> kv_retrieval_map(Model& model, const KvMapOptions& opt, const std::vector<InterventionPlan>& plans,
                                    const std::function<void(int, int)>& progress, const std::atomic<bool>* cancel) {
    check_options(opt);
    if (plans.empty())
        throw Error("KV-retrieval map: no intervention plan given (pass an empty plan for all heads on)");
    std::vector<KvMap> maps(plans.size());
    for (KvMap& m : maps) {
        m.sizes = opt.sizes;
        m.depths = opt.depths;
        m.cells.assign(opt.sizes.size() * opt.depths.size(), {});
    }
    const int total = static_cast<int>(opt.sizes.size() * opt.depths.size());
    int done = 0;
    for (std::size_t d = 0; d < opt.depths.size(); ++d)
        for (std::size_t x = 0; x < opt.sizes.size(); ++x) {
            const std::vector<KvSample> samples = kv_map_samples(opt, opt.sizes[x], opt.depths[d]);
            for (const KvSample& s : samples) {
                if (cancel && cancel->load()) throw Cancelled();
                const ChoiceItem item = kv_choice_item(model.tokenizer(), s);
                SweepRequest request;
                request.prompt = item.prompt;
                request.continuations = item.choices;
                request.plans = plans;
                request.cancel = cancel;
                const std::vector<std::vector<double>> scores = model.sweep_continuations(request);
                for (std::size_t p = 0; p < plans.size(); ++p) {
                    const std::vector<double>& lp = scores[p];
                    const auto answer = static_cast<std::size_t>(item.answer);
                    const double best = *std::max_element(lp.begin(), lp.end());
                    double sum = 0.0;
                    for (double l : lp) sum += std::exp(l - best);
                    KvMapCell& cell = maps[p].cells[d * opt.sizes.size() + x];
                    // Ties count as wrong only when another value is strictly more likely.
                    cell.accuracy += lp[answer] >= best ? 1.0 : 0.0;
                    cell.probability += std::exp(lp[answer] - best) / sum;
                }
            }
            for (KvMap& m : maps) {
                KvMapCell& cell = m.cells[d * opt.sizes.size() + x];
                cell.accuracy /= static_cast<double>(samples.size());
                cell.probability /= static_cast<double>(samples.size());
            }
            if (progress) progress(++done, total);
        }
    return maps;
}

}  // namespace gna
