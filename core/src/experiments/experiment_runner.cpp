// Running an experiment: samples x conditions, resumable result files written atomically after
// every sample, progress with an estimate of time left, cancellation between samples and layers.
#include <algorithm>
#include <chrono>
#include <map>
#include <set>

#include "experiments/experiment_setup.h"
#include "gna/error.h"
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

const char* kFormat = "gna-experiment-result";
const std::set<std::string> kKinds = {"evaluate", "head_ranking", "cumulative_removal", "layer_pruning", "sparsification",
                                      "manipulation_grid", "gna_masks", "memory_table"};
const std::set<std::string> kKeys = {"experiment", "model", "task", "tasks", "batch_rows", "reuse_prefix", "exact", "heads",
                                     "ranking", "steps", "random_seed", "mode", "k", "stages", "prefill_modes",
                                     "generation_modes", "gather", "aggregate", "lengths", "bytes_per_element",
                                     "description", "name", "metric", "tokenizer"};

std::string csv_field(const std::string& s) {
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

std::string num(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.6g", v);
    return b;
}

Json spec_identity(const Json& spec) {
    Json s = spec;
    s.erase("model");  // the checkpoint is identified by its config hash instead
    return s;
}

Json evaluate_sample(Model& model, const ExperimentSetup& s, const ExperimentSample& e, const std::atomic<bool>* cancel) {
    std::vector<InterventionPlan> plans;
    for (const auto& c : s.conditions) plans.push_back(c.plan(e));
    Json o = {{"id", e.id}, {"task", e.task}, {"group", e.group}};
    Json scores = Json::array();
    if (s.metric == "exact_match") {
        // greedy generation of a few tokens from the prompt as written (no moved prefix)
        const std::vector<int> prompt = model.tokenizer().encode(e.item.prompt_text, true);
        Json outputs = Json::array();
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
        o["outputs"] = outputs;
        o["answer_value"] = e.kv_value;
    } else if (!e.generative) {
        SweepRequest r;
        r.prompt = e.item.prompt;
        r.continuations = e.item.choices;
        r.plans = std::move(plans);
        r.max_batch_rows = s.batch_rows;
        r.reuse_prefix = s.reuse_prefix;
        r.exact = s.exact;
        r.cancel = cancel;
        const auto lp = model.sweep_continuations(r);
        Json norm = Json::array(), pred = Json::array();
        for (const auto& row : lp) {
            const ChoiceOutcome c = judge_choices(e.item, row);
            scores.push_back(s.metric == "logprob" ? row[e.item.answer] : (c.correct ? 1.0 : 0.0));
            norm.push_back(c.correct_norm ? 1.0 : 0.0);
            pred.push_back(c.predicted);
        }
        o["answer"] = e.item.answer;
        o["predicted"] = pred;
        if (e.acc_norm) o["scores_norm"] = norm;
    } else {
        Json outputs = Json::array();
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
        o["outputs"] = outputs;
        o["length"] = e.niah.length;
        o["depth"] = e.niah.depth;
        o["needle_span"] = {e.niah.needle_begin, e.niah.needle_end};
        o["prompt_tokens"] = e.niah.tokens.size();
    }
    o["scores"] = scores;
    return o;
}

Json aggregate(const ExperimentSetup& s, const Json& samples) {
    // (task, group) -> per condition sums; group "*" = the whole task, task "*" = everything
    struct Acc { std::vector<double> sum, sum_norm; int n = 0; bool norm = false; };
    std::map<std::pair<std::string, std::string>, Acc> acc;
    const std::size_t C = s.conditions.size();
    for (const auto& o : samples) {
        const std::string task = o["task"], group = o["group"];
        for (const auto& key : {std::make_pair(task, group), std::make_pair(task, std::string("*")),
                                std::make_pair(std::string("*"), std::string("*"))}) {
            Acc& a = acc[key];
            a.sum.resize(C, 0.0);
            a.sum_norm.resize(C, 0.0);
            for (std::size_t c = 0; c < C; ++c) a.sum[c] += o["scores"][c].get<double>();
            if (o.contains("scores_norm")) {
                a.norm = true;
                for (std::size_t c = 0; c < C; ++c) a.sum_norm[c] += o["scores_norm"][c].get<double>();
            }
            a.n++;
        }
    }
    Json rows = Json::array();
    for (const auto& [key, a] : acc)
        for (std::size_t c = 0; c < C; ++c) {
            Json r = {{"task", key.first}, {"group", key.second}, {"condition", s.conditions[c].name},
                      {"mean", a.sum[c] / a.n}, {"n", a.n}};
            if (a.norm) r["mean_norm"] = a.sum_norm[c] / a.n;
            rows.push_back(r);
        }
    Json out = {{"rows", rows}};
    auto all = acc.find({"*", "*"});
    if (s.kind == "head_ranking" && all != acc.end()) {
        const double base = all->second.sum[0] / all->second.n;
        std::vector<std::pair<double, std::size_t>> imp;
        for (std::size_t c = 1; c < C; ++c) imp.emplace_back(base - all->second.sum[c] / all->second.n, c);
        std::stable_sort(imp.begin(), imp.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        Json ranking = Json::array();
        for (const auto& [v, c] : imp)
            ranking.push_back({{"head", s.conditions[c].name}, {"importance", v}, {"baseline", base},
                               {"ablated", all->second.sum[c] / all->second.n}});
        out["ranking"] = ranking;
    }
    if (s.kind == "manipulation_grid" && all != acc.end()) {
        // thesis Table 6.1 layout: rows = prefill mode, columns = generation mode; names are
        // "Generation-Prefill"; values = mean score / 5 (the granular maximum), as the thesis reports
        std::vector<std::string> rows_m, cols_m;
        std::map<std::pair<std::string, std::string>, double> cell;
        for (std::size_t c = 0; c < C; ++c) {
            const std::string& n = s.conditions[c].name;
            const auto dash = n.find('-');
            const std::string gen = n.substr(0, dash), pre = n.substr(dash + 1);
            if (std::find(rows_m.begin(), rows_m.end(), pre) == rows_m.end()) rows_m.push_back(pre);
            if (std::find(cols_m.begin(), cols_m.end(), gen) == cols_m.end()) cols_m.push_back(gen);
            cell[{pre, gen}] = all->second.sum[c] / all->second.n / 5.0;
        }
        Json values = Json::array();
        for (const auto& r : rows_m) {
            Json row = Json::array();
            for (const auto& c : cols_m) row.push_back(cell.count({r, c}) ? Json(cell[{r, c}]) : Json());
            values.push_back(row);
        }
        out["table"] = {{"rows_prefill", rows_m}, {"columns_generation", cols_m}, {"accuracy", values}};
    }
    return out;
}

void write_outputs(const ExperimentOutcome& out) {
    const Json& j = out.result;
    write_json_file_atomic(out.json_path, j);
    std::string csv = "sample,task,group,condition,score\n";
    const Json& conds = j["conditions"];
    for (const auto& o : j["samples"])
        for (std::size_t c = 0; c < conds.size(); ++c)
            csv += csv_field(o["id"]) + "," + csv_field(o["task"]) + "," + csv_field(o["group"]) + "," +
                   csv_field(conds[c]) + "," + num(o["scores"][c].get<double>()) + "\n";
    write_file_atomic(out.csv_path, csv);
    std::string sum = "task,group,condition,mean,mean_norm,n\n";
    for (const auto& r : j["aggregates"]["rows"])
        sum += csv_field(r["task"]) + "," + csv_field(r["group"]) + "," + csv_field(r["condition"]) + "," +
               num(r["mean"].get<double>()) + "," + (r.contains("mean_norm") ? num(r["mean_norm"].get<double>()) : "") + "," +
               std::to_string(r["n"].get<int>()) + "\n";
    write_file_atomic(out.summary_path, sum);
}

Json header(Model& model, const Json& spec) {
    const ModelInfo& info = model.info();
    return {{"format", kFormat},
            {"format_version", 1},
            {"spec", spec},
            {"model", {{"path", info.dir.string()}, {"config_hash", info.config_hash}, {"architecture", info.architecture},
                       {"layers", info.num_layers}, {"heads", info.num_heads}}},
            {"program", {{"name", "gna"}, {"version", GNA_VERSION}, {"git", GNA_GIT_DESCRIBE}}}};
}

ExperimentOutcome run_memory_table(const std::filesystem::path& dir, const Json& spec, ExperimentOutcome out) {
    const ModelConfig cfg = ModelConfig::load(dir);
    std::vector<int> lengths = {128, 2048, 4096};
    if (spec.contains("lengths")) lengths = spec["lengths"].get<std::vector<int>>();
    const double bpe = spec.value("bytes_per_element", 0.0);
    Json rows = Json::array();
    std::string csv = "length,kv_bytes,state_bytes,total_bytes,total_mb\n";
    for (const auto& r : memory_table(cfg, lengths, bpe)) {
        rows.push_back({{"length", r.length}, {"kv_bytes", r.kv_bytes}, {"state_bytes", r.state_bytes}, {"total_bytes", r.total()},
                        {"total_mb", r.total() / 1e6}});
        csv += std::to_string(r.length) + "," + num(r.kv_bytes) + "," + num(r.state_bytes) + "," + num(r.total()) + "," +
               num(r.total() / 1e6) + "\n";
    }
    out.result["conditions"] = Json::array();
    out.result["samples"] = Json::array();
    out.result["memory"] = rows;
    out.result["aggregates"] = {{"rows", Json::array()}};
    out.result["complete"] = true;
    out.result["checksum"] = sha256_hex(out.result["samples"].dump());
    out.complete = true;
    write_json_file_atomic(out.json_path, out.result);
    write_file_atomic(out.csv_path, csv);
    write_file_atomic(out.summary_path, csv);
    return out;
}

}  // namespace

void validate_experiment_spec(const Json& spec, const std::string& origin) {
    if (!spec.is_object()) throw Error(origin + ": the spec must be a JSON object");
    if (!spec.contains("experiment") || !spec["experiment"].is_string())
        throw Error(origin + ": missing \"experiment\" (one of evaluate, head_ranking, cumulative_removal, layer_pruning, "
                             "sparsification, manipulation_grid, gna_masks, memory_table)");
    const std::string k = spec["experiment"].get<std::string>();
    if (!kKinds.count(k)) throw Error(origin + ": \"experiment\": '" + k + "' is not a known experiment");
    for (const auto& [key, v] : spec.items())
        if (!kKeys.count(key)) throw Error(origin + ": unknown key \"" + key + "\" (a typo?)");
    if (spec.contains("task") && !spec["task"].is_object()) throw Error(origin + ": \"task\" must be an object with \"name\"");
    if (spec.contains("batch_rows") && (!spec["batch_rows"].is_number_integer() || spec["batch_rows"].get<int>() < 1))
        throw Error(origin + ": \"batch_rows\" must be a positive integer");
    if (spec.contains("model") && !spec["model"].is_string()) throw Error(origin + ": \"model\" must be a path string");
    if (spec.contains("tokenizer") && !spec["tokenizer"].is_string())
        throw Error(origin + ": \"tokenizer\" must be the path of a folder holding tokenizer.json or tokenizer.model");
}

Json load_experiment_spec(const std::filesystem::path& file) {
    Json j = read_json_file(file);
    validate_experiment_spec(j, file.string());
    return j;
}

Json read_experiment_result(const std::filesystem::path& file) {
    Json j;
    try {
        j = read_json_file(file);
    } catch (const Error& e) {
        throw Error(file.string() + " is corrupted (" + e.what() + "); delete it to start over, or use another --out folder");
    }
    if (!j.is_object() || j.value("format", std::string()) != kFormat)
        throw Error(file.string() + " is not a G&A Studio experiment result (no \"format\": \"" + kFormat +
                    "\"); use another --out folder");
    if (!j.contains("samples") || !j["samples"].is_array() || !j.contains("conditions") || !j.contains("checksum") ||
        !j.contains("spec") || !j.contains("model"))
        throw Error(file.string() + " is corrupted (missing samples, conditions, spec, model or checksum); delete it to start over");
    if (j["checksum"] != sha256_hex(j["samples"].dump()))
        throw Error(file.string() + " is corrupted: its samples do not match their checksum (edited or truncated); "
                                    "delete it to start over");
    return j;
}

std::vector<std::pair<HeadRef, double>> read_head_ranking(const std::filesystem::path& file) {
    const Json j = read_experiment_result(file);
    if (!j["aggregates"].contains("ranking"))
        throw Error(file.string() + " holds no head ranking (run an experiment \"head_ranking\" first)");
    std::vector<std::pair<HeadRef, double>> out;
    for (const auto& r : j["aggregates"]["ranking"]) out.emplace_back(parse_head(r["head"].get<std::string>()), r["importance"].get<double>());
    return out;
}

ExperimentOutcome run_memory_table_experiment(const std::filesystem::path& model_dir, const Json& spec,
                                              const ExperimentOptions& opt) {
    validate_experiment_spec(spec);
    if (spec["experiment"] != "memory_table")
        throw Error("experiment: '" + spec["experiment"].get<std::string>() + "' needs the model's weights; only "
                    "memory_table runs from config.json alone");
    if (opt.out_dir.empty()) throw Error("experiment: no output folder given");
    std::filesystem::create_directories(opt.out_dir);
    const ModelConfig cfg = ModelConfig::load(model_dir);
    ExperimentOutcome out;
    out.json_path = opt.out_dir / "result.json";
    out.csv_path = opt.out_dir / "result.csv";
    out.summary_path = opt.out_dir / "summary.csv";
    out.result = {{"format", kFormat},
                  {"format_version", 1},
                  {"spec", spec},
                  {"model", {{"path", model_dir.string()}, {"config_hash", cfg.hash()}, {"architecture", cfg.architecture()},
                             {"layers", cfg.get_int("num_hidden_layers", cfg.get_int("n_layer", 0))},
                             {"heads", cfg.get_int("num_attention_heads", 0)}}},
                  {"program", {{"name", "gna"}, {"version", GNA_VERSION}, {"git", GNA_GIT_DESCRIBE}}}};
    return run_memory_table(model_dir, spec, out);
}

ExperimentOutcome run_experiment(Model& model, const Json& spec, const ExperimentOptions& opt) {
    validate_experiment_spec(spec);
    if (opt.out_dir.empty()) throw Error("experiment: no output folder given");
    std::filesystem::create_directories(opt.out_dir);
    ExperimentOutcome out;
    out.json_path = opt.out_dir / "result.json";
    out.csv_path = opt.out_dir / "result.csv";
    out.summary_path = opt.out_dir / "summary.csv";
    out.result = header(model, spec);
    if (spec["experiment"] == "memory_table") return run_memory_table(model.info().dir, spec, out);

    const ExperimentSetup setup = build_experiment(model, spec);
    Json conds = Json::array();
    for (const auto& c : setup.conditions) conds.push_back(c.name);
    out.result["conditions"] = conds;
    out.result["seeds"] = setup.seeds;
    out.result["meta"] = setup.meta;

    std::map<std::string, Json> done;
    if (std::filesystem::exists(out.json_path)) {
        const Json old = read_experiment_result(out.json_path);
        if (spec_identity(old["spec"]) != spec_identity(spec))
            throw Error(out.json_path.string() + " was written for a different experiment spec; use another --out folder "
                                                 "or delete it");
        if (old["model"].value("config_hash", std::string()) != model.info().config_hash)
            throw Error(out.json_path.string() + " was written for another model (config hash " +
                        old["model"].value("config_hash", std::string("?")) + "); use another --out folder");
        if (old["conditions"] != conds)
            throw Error(out.json_path.string() + " lists other conditions than this spec gives now; delete it to start over");
        for (const auto& o : old["samples"]) {
            if (!o.contains("id") || !o.contains("scores") || o["scores"].size() != conds.size())
                throw Error(out.json_path.string() + " is corrupted (a sample without id or with the wrong number of scores)");
            done[o["id"].get<std::string>()] = o;
        }
    }

    auto save = [&](bool complete) {
        Json samples = Json::array();
        for (const auto& e : setup.samples)
            if (auto it = done.find(e.id); it != done.end()) samples.push_back(it->second);
        out.result["aggregates"] = aggregate(setup, samples);
        out.result["samples"] = samples;
        out.result["checksum"] = sha256_hex(samples.dump());
        out.result["complete"] = complete;
        out.complete = complete;
        write_outputs(out);
    };

    ExperimentProgress pr;
    pr.total = setup.samples.size();
    for (const auto& e : setup.samples)
        if (done.count(e.id)) ++pr.resumed;
    pr.done = pr.resumed;
    const auto t0 = std::chrono::steady_clock::now();
    std::size_t fresh = 0;
    try {
        for (const auto& e : setup.samples) {
            if (done.count(e.id)) continue;
            if (opt.cancel && opt.cancel->load()) throw Cancelled();
            done[e.id] = evaluate_sample(model, setup, e, opt.cancel);
            ++fresh;
            ++pr.done;
            save(false);
            pr.elapsed_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
            pr.eta_s = pr.elapsed_s / static_cast<double>(fresh) * static_cast<double>(pr.total - pr.done);
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
