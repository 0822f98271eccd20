// Running an experiment: samples x conditions, resumable result files written atomically after
// every sample, progress with an estimate of time left, cancellation between samples and layers.
#include <algorithm>
#include <map>

#include "experiments/attribution_ranking.h"
#include "experiments/experiment_result.h"
#include "experiments/experiment_setup.h"
#include "experiments/shard_work.h"
#include "experiments/time_left.h"
#include "gna/error.h"
#include "gna/experiment_result.h"
#include "gna/experiment_spec.h"
#include "gna/experiments.h"
#include "gna/model.h"
#include "gna/tokenizer.h"

#ifndef GNA_VERSION
#define GNA_VERSION "unknown"
#endif
#ifndef GNA_GIT_DESCRIBE
#define GNA_GIT_DESCRIBE "unknown"
#endif

namespace gna {

namespace {

constexpr double kSaveEverySeconds = 2.0;
constexpr double kPassTokens = 32.0;

std::string num(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.6g", v);
    return b;
}

}  // namespace

SampleOutcome evaluate_sample(Model& model, const ExperimentSetup& s, const ExperimentSample& e,
                              const std::atomic<bool>* cancel, std::size_t c0, std::size_t c1) {
    std::vector<InterventionPlan> plans;
    for (std::size_t c = c0; c < c1; ++c) plans.push_back(s.conditions[c].plan(e));
    SampleOutcome o;
    o.id = e.id;
    o.task = e.task;
    o.group = e.group;
    std::vector<double>& scores = o.scores;
    if (s.metric == "exact_match") {
        // greedy generation of a few tokens from the prompt as written (no moved prefix)
        const std::vector<int> prompt = model.tokenizer().encode(e.item.prompt_text, true);
        std::vector<std::string>& outputs = o.outputs.emplace();
        for (std::size_t b0 = 0; b0 < plans.size(); b0 += static_cast<std::size_t>(s.batch_rows)) {
            std::vector<RunRequest> reqs;
            for (std::size_t i = b0; i < std::min(plans.size(), b0 + static_cast<std::size_t>(s.batch_rows)); ++i) {
                RunRequest r;
                r.tokens = prompt;
                r.plan = plans[i];
                r.generate = 4;
                r.cancel = cancel;
                reqs.push_back(std::move(r));
            }
            for (const auto& res : model.run_batch(reqs)) {
                const std::string text = model.tokenizer().decode(res.generated, /*skip_special=*/true);
                outputs.push_back(text);
                scores.push_back(kv_exact_match(text, e.kv_value) ? 1.0 : 0.0);
            }
        }
        o.answer_value = e.kv_value;
    } else if (!e.generative) {
        SweepRequest r;
        r.prompt = e.item.prompt;
        r.continuations = e.item.choices;
        r.context_tokens = e.item.context_tokens;
        r.plans = std::move(plans);
        r.max_batch_rows = s.batch_rows;
        r.reuse_prefix = s.reuse_prefix;
        r.exact = s.exact;
        r.cancel = cancel;
        const auto lp = model.sweep_continuations(r);
        std::vector<double> norm;
        std::vector<int> pred;
        for (const auto& row : lp) {
            const ChoiceOutcome c = judge_choices(e.item, row);
            scores.push_back(s.metric == "logprob" ? row[e.item.answer] : (c.correct ? 1.0 : 0.0));
            norm.push_back(c.correct_norm ? 1.0 : 0.0);
            pred.push_back(c.predicted);
        }
        o.answer = e.item.answer;
        o.predicted = std::move(pred);
        if (e.acc_norm) o.scores_norm = std::move(norm);
    } else {
        std::vector<std::string>& outputs = o.outputs.emplace();
        for (std::size_t b0 = 0; b0 < plans.size(); b0 += static_cast<std::size_t>(s.batch_rows)) {
            std::vector<RunRequest> reqs;
            for (std::size_t i = b0; i < std::min(plans.size(), b0 + static_cast<std::size_t>(s.batch_rows)); ++i) {
                RunRequest r;
                r.tokens = e.niah.tokens;
                r.plan = plans[i];
                r.generate = e.generate;
                r.cancel = cancel;
                reqs.push_back(std::move(r));
            }
            for (const auto& res : model.run_batch(reqs)) {
                const std::string text = model.tokenizer().decode(res.generated, /*skip_special=*/true);
                outputs.push_back(text);
                scores.push_back(granular_score(text, e.rules));
            }
        }
        o.length = e.niah.length;
        o.depth = e.niah.depth;
        o.needle_span = {e.niah.needle_begin, e.niah.needle_end};
        o.prompt_tokens = e.niah.tokens.size();
    }
    return o;
}

namespace {

// The header of a result file: everything but what the run adds (conditions, samples, aggregates).
ExperimentResult header(const Json& spec, ResultModel model) {
    ExperimentResult r;
    r.spec = spec;
    r.model = std::move(model);
    r.program = {"gna", GNA_VERSION, GNA_GIT_DESCRIBE};
    return r;
}

ExperimentResult header(Model& model, const Json& spec) {
    const ModelInfo& info = model.info();
    return header(spec,
                  {info.dir.string(), info.config_hash, info.architecture, info.num_layers, info.num_heads,
                   info.compute_dtype, info.device});
}

ExperimentOutcome run_memory_table(const std::filesystem::path& dir, const Json& spec, ExperimentOutcome out) {
    const ModelConfig cfg = ModelConfig::load(dir);
    const ExperimentSpec typed = parse_experiment_spec(spec);
    std::string csv = "length,kv_bytes,state_bytes,total_bytes,total_mb\n";
    out.result.memory = memory_table(cfg, typed.lengths, typed.bytes_per_element);
    for (const auto& r : *out.result.memory)
        csv += std::to_string(r.length) + "," + num(r.kv_bytes) + "," + num(r.state_bytes) + "," + num(r.total()) +
            "," + num(r.total() / 1e6) + "\n";
    set_samples(out, {}, true);
    write_json_file_atomic(out.json_path, to_json(out.result));
    write_file_atomic(out.csv_path, csv);
    write_file_atomic(out.summary_path, csv);
    return out;
}

}  // namespace

void validate_experiment_spec(const Json& spec, const std::string& origin) { parse_experiment_spec(spec, origin); }

Json load_experiment_spec(const std::filesystem::path& file) {
    Json j = read_json_file(file);
    validate_experiment_spec(j, file.string());
    return j;
}

ExperimentResult read_experiment_result(const std::filesystem::path& file, bool allow_shard) {
    if (!std::filesystem::exists(file))
        throw Error(
            "%1 is missing (no such result file); run the experiment that writes it first, or give "
            "the path of an existing result.json",
            {file.string()});
    Json j;
    try {
        j = read_json_file(file);
    } catch (const Error& e) {
        throw Error("%1 is corrupted (%2); delete it to start over, or use another --out folder", {file.string()}, &e);
    }
    ExperimentResult r = experiment_result_from_json(j, file.string());  // format, version, the keys and their types
    if (r.checksum != samples_checksum(j))
        throw Error(
            "%1 is corrupted: its samples do not match their checksum (edited or truncated); delete it to start over",
            {file.string()});
    if (!allow_shard && r.shard)
        throw Error(file.string() + " is shard " + std::to_string(r.shard->index) + "/" +
                    std::to_string(r.shard->count) +
                    " of a sharded experiment (scores of some conditions only, no "
                    "aggregates); merge every shard first (gna experiment merge OUT_DIR SHARD_DIR...) and open "
                    "OUT_DIR/result.json");
    return r;
}

std::vector<std::pair<HeadRef, double>> read_head_ranking(const std::filesystem::path& file) {
    const ExperimentResult r = read_experiment_result(file);
    if (!r.aggregates.ranking)
        throw Error("%1 holds no head ranking (run an experiment \"head_ranking\" first)", {file.string()});
    std::vector<std::pair<HeadRef, double>> out;
    for (const HeadRankingRow& h : *r.aggregates.ranking) out.emplace_back(parse_head(h.head), h.importance);
    return out;
}

namespace {

// A folder resumed for this run: same spec, model, conditions and shard. Returns its samples by id.
std::map<std::string, SampleOutcome> resumable_samples(const ExperimentOutcome& out, const Json& spec,
                                                       const std::string& config_hash, const ExperimentOptions& opt) {
    std::map<std::string, SampleOutcome> done;
    if (!std::filesystem::exists(out.json_path)) return done;
    const std::string f = out.json_path.string();
    ExperimentResult old = read_experiment_result(out.json_path, /*allow_shard=*/true);
    if (spec_identity(old.spec) != spec_identity(spec))
        throw Error(f + " was written for a different experiment spec; use another --out folder or delete it");
    if (old.model.config_hash != config_hash)
        throw Error(f + " was written for another model (config hash " +
                    (old.model.config_hash.empty() ? "?" : old.model.config_hash) + "); use another --out folder");
    if (old.conditions != out.result.conditions)
        throw Error(f + " lists other conditions than this spec gives now; delete it to start over");
    const bool old_sharded = old.shard.has_value();
    if (old_sharded != opt.shard.active() ||
        (old_sharded && (old.shard->index != opt.shard.index || old.shard->count != opt.shard.count)))
        throw Error(f + " was written " +
                    (old_sharded
                         ? "for shard " + std::to_string(old.shard->index) + "/" + std::to_string(old.shard->count)
                         : std::string("by an unsharded run")) +
                    ", not " + (opt.shard.active() ? "shard " + opt.shard.name() : std::string("an unsharded run")) +
                    "; give each shard its own --out folder");
    for (SampleOutcome& o : old.samples) {
        if (o.scores.size() != o.condition_count(out.result.conditions.size()))
            throw Error(f + " is corrupted (sample " + o.id + " has the wrong number of scores)");
        std::string id = o.id;
        done[id] = std::move(o);
    }
    return done;
}

}  // namespace

ExperimentOutcome run_memory_table_experiment(const std::filesystem::path& model_dir, const Json& spec,
                                              const ExperimentOptions& opt) {
    validate_experiment_spec(spec);
    if (spec["experiment"] != "memory_table")
        throw Error("experiment: '" + spec["experiment"].get<std::string>() +
                    "' needs the model's weights; only "
                    "memory_table runs from config.json alone");
    if (opt.out_dir.empty()) throw Error("experiment: no output folder given");
    std::filesystem::create_directories(opt.out_dir);
    const ModelConfig cfg = ModelConfig::load(model_dir);
    ExperimentOutcome out;
    out.json_path = opt.out_dir / "result.json";
    out.csv_path = opt.out_dir / "result.csv";
    out.summary_path = opt.out_dir / "summary.csv";
    ResultModel about;  // no model is loaded: no compute dtype or device
    about.path = model_dir.string();
    about.config_hash = cfg.hash();
    about.architecture = cfg.architecture();
    about.layers = static_cast<int>(cfg.get_int("num_hidden_layers", cfg.get_int("n_layer", 0)));
    about.heads = static_cast<int>(cfg.get_int("num_attention_heads", 0));
    out.result = header(spec, about);
    return run_memory_table(model_dir, spec, out);
}

ExperimentOutcome run_experiment(Model& model, const Json& spec, const ExperimentOptions& opt) {
    validate_experiment_spec(spec);
    if (opt.out_dir.empty()) throw Error("experiment: no output folder given");
    if (opt.shard.active() && (opt.shard.index < 0 || opt.shard.index >= opt.shard.count))
        throw Error("experiment: shard " + opt.shard.name() + " does not exist (shards are 0 to N-1)");
    if (opt.shard.active() && spec["experiment"] == "memory_table")
        throw Error(
            "experiment: memory_table cannot be sharded (it has no work units: it is computed from config.json "
            "alone, in no time); run it without --shard");
    std::filesystem::create_directories(opt.out_dir);
    ExperimentOutcome out;
    out.json_path = opt.out_dir / "result.json";
    out.csv_path = opt.out_dir / "result.csv";
    out.summary_path = opt.out_dir / "summary.csv";
    out.result = header(model, spec);
    if (spec["experiment"] == "memory_table") return run_memory_table(model.info().dir, spec, out);

    const ExperimentSetup setup = build_experiment(model, spec);
    if (ranking_method_of(spec).method != RankingMethod::Exact)
        return run_attribution_ranking(model, spec, setup, opt, out);
    std::vector<std::string> cond_names;
    for (const auto& c : setup.conditions) cond_names.push_back(c.name);
    const std::size_t C = cond_names.size();
    out.result.conditions = cond_names;
    out.result.seeds = setup.seeds;
    out.result.meta = setup.meta;

    // the conditions [first, second) this run evaluates per sample: all, or the shard's
    ShardWork work;
    if (opt.shard.active()) {
        work = shard_work(setup, opt.shard);
        ResultShard& sh = out.result.shard.emplace();
        sh.index = opt.shard.index;
        sh.count = opt.shard.count;
        for (const auto& e : setup.samples) sh.sample_ids.push_back(e.id);
        for (const auto& r : work.range) sh.sample_count += r.first < r.second ? 1 : 0;
        sh.cost_tokens = work.cost;
        sh.total_cost_tokens = work.total_cost;
    } else {
        work.range.assign(setup.samples.size(), {0, C});
    }
    std::vector<std::size_t> todo;  // samples of this run, in the spec's order
    for (std::size_t i = 0; i < setup.samples.size(); ++i)
        if (work.range[i].first < work.range[i].second) todo.push_back(i);

    std::map<std::string, SampleOutcome> done = resumable_samples(out, spec, model.info().config_hash, opt);

    auto save = [&](bool complete) {
        std::vector<SampleOutcome> samples;
        for (std::size_t i : todo)
            if (auto it = done.find(setup.samples[i].id); it != done.end()) samples.push_back(it->second);
        // a shard's partial scores have no meaning alone: gna experiment merge computes the aggregates
        out.result.aggregates =
            opt.shard.active() ? ResultAggregates{} : aggregate_samples(setup.kind, cond_names, samples);
        set_samples(out, std::move(samples), complete);
        write_result_files(out);
    };

    ExperimentProgress pr;
    pr.total = todo.size();
    for (std::size_t i : todo) {
        auto it = done.find(setup.samples[i].id);
        if (it == done.end()) continue;
        if (opt.shard.active() &&
            it->second.condition_range != std::array<std::size_t, 2>{work.range[i].first, work.range[i].second})
            throw Error(out.json_path.string() + ": sample " + it->first + " holds other conditions than shard " +
                        opt.shard.name() + " runs now (written by another program version?); use another --out folder");
        ++pr.resumed;
    }
    pr.done = pr.resumed;
    // time left from seconds per token x the tokens left: samples differ in length (NIAH 250 to
    // 4096 tokens, dictionaries of 10 to 50 lines), so a mean per sample misleads early on. Each
    // condition's pass also has a cost that does not grow with its tokens (the layers' fixed work,
    // the output head, the sample's bookkeeping), counted as kPassTokens tokens.
    auto cost = [&](std::size_t i) {
        return (static_cast<double>(tokens_per_condition(setup, setup.samples[i])) + kPassTokens) *
            static_cast<double>(work.range[i].second - work.range[i].first);
    };
    double cost_left = 0;
    for (std::size_t i : todo)
        if (!done.count(setup.samples[i].id)) cost_left += cost(i);
    const std::function<double()> now = run_clock(opt.clock);
    const double t0 = now();
    TimeLeft left(t0);
    double last_save = t0;
    try {
        for (std::size_t i : todo) {
            const auto& e = setup.samples[i];
            if (done.count(e.id)) continue;
            if (opt.cancel && opt.cancel->load()) throw Cancelled();
            const auto [c0, c1] = work.range[i];
            SampleOutcome o = evaluate_sample(model, setup, e, opt.cancel, c0, c1);
            if (opt.shard.active()) o.condition_range = {c0, c1};
            done[e.id] = std::move(o);
            ++pr.done;
            cost_left -= cost(i);
            const double t = now();
            // the partial result is written after the first sample, then every kSaveEverySeconds (and on
            // cancel): rewriting it after every sample costs O(samples done) each time, which dominates
            // runs of many short samples
            if (pr.done == pr.resumed + 1 || t - last_save >= kSaveEverySeconds) {
                save(false);
                last_save = t;
            }
            left.finished(cost(i), t);
            pr.elapsed_s = t - t0;
            pr.eta_s = left.estimate(cost_left);
            pr.current = e.id;
            if (opt.progress) opt.progress(pr);
        }
    } catch (const Cancelled&) {
        save(false);
        throw;
    }
    save(true);
    return out;
}

}  // namespace gna
