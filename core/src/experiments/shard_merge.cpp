// gna experiment merge: the shards' result folders -> the result the unsharded run writes. The
// samples are put back in the spec's order and their per-condition arrays joined in condition
// order, so the aggregates are summed in the same order as in one process: the same bits.
#include <map>
#include <optional>

#include "experiments/experiment_result.h"
#include "gna/error.h"
#include "gna/sharding.h"

namespace gna {

namespace {

struct Shard {
    std::filesystem::path dir;
    ExperimentResult result;
    int index = -1;
    int count() const { return result.shard->count; }
    std::string name() const {
        return dir.string() + " (shard " + std::to_string(index) + "/" + std::to_string(count()) + ")";
    }
};

Shard read_shard(const std::filesystem::path& dir) {
    Shard s;
    s.dir = dir;
    const auto file = dir / "result.json";
    if (!std::filesystem::exists(file))
        throw Error("merge: " + file.string() + " does not exist: " + dir.string() +
                    " is not a shard's result folder, or that shard has not started yet (run it, then merge)");
    s.result = read_experiment_result(file, /*allow_shard=*/true);
    if (!s.result.shard)
        throw Error("merge: " + file.string() +
                    " is not a shard (no \"shard\": it was run without --shard I/N); "
                    "an unsharded result needs no merge");
    s.index = s.result.shard->index;
    return s;
}

// The shard must be part of the same experiment as the first one.
void check_same(const Shard& first, const Shard& s) {
    const ExperimentResult &a = first.result, &b = s.result;
    auto refuse = [&](const std::string& what, const std::string& first_what, const std::string& todo) {
        throw Error("merge: " + s.name() + " " + what + " than " + first.name() + first_what + "; " + todo);
    };
    const std::string rerun = "run it again into an empty folder with the same spec, model and program";
    if (s.count() != first.count())
        throw Error("merge: " + s.name() + " belongs to a split into " + std::to_string(s.count()) + " shards, " +
                    first.name() + " to a split into " + std::to_string(first.count()) +
                    "; merge the shards of one --shard I/N split");
    if (spec_identity(b.spec) != spec_identity(a.spec)) refuse("was run with another experiment spec", "", rerun);
    auto hash = [](const ExperimentResult& r) {
        return r.model.config_hash.empty() ? std::string("?") : r.model.config_hash;
    };
    if (hash(b) != hash(a))
        refuse("was run on another model (config hash " + hash(b) + ")", " (config hash " + hash(a) + ")", rerun);
    auto version = [](const ExperimentResult& r) { return r.program.version + " " + r.program.git; };
    if (b.program.name != a.program.name || b.program.version != a.program.version || b.program.git != a.program.git)
        refuse("was written by another program version (" + version(b) + ")", " (" + version(a) + ")", rerun);
    if (b.seeds != a.seeds)
        refuse("was run with other seeds (" + b.seeds.dump() + ")", " (" + a.seeds.dump() + ")", rerun);
    if (b.conditions != a.conditions || b.shard->sample_ids != a.shard->sample_ids || b.meta != a.meta)
        refuse("lists other samples or conditions", "", rerun);
}

}  // namespace

ExperimentOutcome merge_experiment_shards(const std::vector<std::filesystem::path>& shard_dirs,
                                          const std::filesystem::path& out_dir) {
    if (shard_dirs.empty()) throw Error("merge: no shard folders given");
    std::vector<Shard> shards;
    for (const auto& d : shard_dirs) shards.push_back(read_shard(d));
    const Shard& first = shards.front();
    const int count = first.count();
    std::map<int, const Shard*> by_index;
    for (const auto& s : shards) {
        check_same(first, s);
        if (s.index < 0 || s.index >= count)
            throw Error("merge: " + s.name() + " has an index outside 0.." + std::to_string(count - 1));
        if (auto [it, fresh] = by_index.emplace(s.index, &s); !fresh)
            throw Error("merge: " + it->second->dir.string() + " and " + s.dir.string() + " are both shard " +
                        std::to_string(s.index) + "/" + std::to_string(count) + "; pass each shard's folder once");
    }
    for (int i = 0; i < count; ++i)
        if (!by_index.count(i)) {
            std::string got;
            for (const auto& [k, s] : by_index) got += (got.empty() ? "" : ", ") + std::to_string(k);
            throw Error("merge: shard " + std::to_string(i) + "/" + std::to_string(count) +
                        " is missing (given: shards " + got + " of " + std::to_string(count) +
                        "); pass its folder too, or run it with --shard " + std::to_string(i) + "/" +
                        std::to_string(count));
        }
    for (const auto& s : shards)
        if (!s.result.complete)
            throw Error("merge: " + s.name() + " is unfinished (" + std::to_string(s.result.samples.size()) + " of " +
                        std::to_string(s.result.shard->sample_count) +
                        " samples done); run the same gna experiment --shard command again to finish it, then merge");

    // pieces of each sample from every shard, joined in condition order
    const std::vector<std::string>& conds = first.result.conditions;
    const std::size_t C = conds.size();
    std::map<std::string, std::map<std::size_t, std::pair<const SampleOutcome*, const Shard*>>>
        pieces;  // id -> c0 -> piece
    for (const auto& [i, s] : by_index)
        for (const SampleOutcome& o : s->result.samples) {
            if (!o.condition_range)
                throw Error("merge: " + s->name() + " is corrupted (sample " + o.id +
                            " has no condition_range); run that shard again");
            pieces[o.id][(*o.condition_range)[0]] = {&o, s};
        }
    std::vector<SampleOutcome> samples;
    for (const std::string& id : first.result.shard->sample_ids) {
        std::optional<SampleOutcome> merged;
        std::size_t next = 0;
        for (const auto& [c0, piece] : pieces[id]) {
            const SampleOutcome& o = *piece.first;
            const std::size_t c1 = (*o.condition_range)[1];
            if (c0 != next || c1 <= c0 || c1 > C)
                throw Error("merge: sample " + id + ": " + piece.second->name() + " holds conditions " +
                            std::to_string(c0) + ".." + std::to_string(c1) + " where " + std::to_string(next) +
                            " was expected next (two shards cover "
                            "the same conditions, or one was split by another program version); run the shards again");
            if (!merged) {
                merged = o;
                merged->condition_range.reset();
            } else if (const std::string key = append_condition_piece(*merged, o); !key.empty()) {
                throw Error("merge: sample " + id + ": " + piece.second->name() + " records another \"" + key +
                            "\" than the shard before it; run the shards again with the same program");
            }
            next = c1;
        }
        if (next != C)
            throw Error("merge: sample " + id + " has results for conditions 0.." + std::to_string(next) + " of " +
                        std::to_string(C) + " only; a shard is missing or was split by another program version");
        samples.push_back(std::move(*merged));
    }

    std::filesystem::create_directories(out_dir);
    ExperimentOutcome out;
    out.json_path = out_dir / "result.json";
    out.csv_path = out_dir / "result.csv";
    out.summary_path = out_dir / "summary.csv";
    out.result = first.result;
    out.result.shard.reset();
    out.result.aggregates = aggregate_samples(first.result.kind(), conds, samples);
    set_samples(out, std::move(samples), true);
    write_result_files(out);
    Json from = {{"shard_count", count}, {"shards", Json::array()}};
    for (const auto& [i, s] : by_index) from["shards"].push_back({{"index", i}, {"folder", s->dir.string()}});
    write_json_file_atomic(out_dir / "merged_from.json", from);
    return out;
}

}  // namespace gna
