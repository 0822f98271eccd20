// Typed experiment specs: parsing with errors that name the key, JSON out, and the grammar as text
// (gna experiment --describe, docs/experiments.md), all from the descriptors of spec_keys.cpp.
#include "gna/experiment_spec.h"
#include "gna/spec_text.h"

#include <algorithm>
#include <map>
#include <sstream>

#include "experiments/spec_fields.h"

namespace gna {

const std::vector<std::string>& experiment_kinds() {
    static const std::vector<std::string> k = {"evaluate",      "head_ranking",   "cumulative_removal",
                                               "layer_pruning", "sparsification", "manipulation_grid",
                                               "gna_masks",     "memory_table"};
    return k;
}

const std::vector<std::string>& task_names() {
    static const std::vector<std::string> t = {"kv_retrieval", "mmlu", "knowledge", "niah"};
    return t;
}

namespace {

template <class S>
std::vector<SpecKeyDoc> docs_of(const std::vector<spec::Field<S>>& fields) {
    std::vector<SpecKeyDoc> out;
    const S defaults{};
    for (const auto& f : fields) {
        std::string def = f.note;
        if (def.empty() && f.write) {
            const Json d = f.write(defaults);
            def = d.is_null() ? "none" : d.dump();
        }
        out.push_back({f.key, f.type, def, f.doc});
    }
    return out;
}

struct KindText {
    const char* summary;
    const char* example;
};

const std::map<std::string, KindText>& kind_texts() {
    static const std::map<std::string, KindText> m = {
        {"evaluate",
         {"Scores the model on one or more tasks without interventions (one condition: baseline).",
          R"({"experiment": "evaluate", "tasks": [{"name": "kv_retrieval", "sizes": [10, 20], "samples_per_size": 5},
 {"name": "mmlu", "limit_per_subject": 2}, {"name": "knowledge", "limit": 5}]})"}},
        {"head_ranking",
         {"Ablates each head alone; importance = baseline - ablated score; sorted list (G&A slides).",
          R"({"experiment": "head_ranking", "task": {"name": "kv_retrieval", "sizes": [10, 20], "samples_per_size": 5, "seed": 1},
 "metric": "logprob", "method": "exact", "batch_rows": 64})"}},
        {"cumulative_removal",
         {"Removes the top-n ranked heads, and n random heads as a control, for each n of steps.",
          R"({"experiment": "cumulative_removal", "ranking": ["L1.H0", "L0.H1", "L1.H1"], "steps": [0, 1, 3], "random_seed": 1,
 "tasks": [{"name": "kv_retrieval", "sizes": [10], "samples_per_size": 5}, {"name": "mmlu", "limit_per_subject": 2}]})"}},
        {"layer_pruning",
         {"Skips whole layers: from the end (gradual) and one at a time (individual).",
          R"({"experiment": "layer_pruning", "mode": "both", "task": {"name": "kv_retrieval", "sizes": [10], "samples_per_size": 5}})"}},
        {"sparsification",
         {"Top-k entropy sparsification: keeps the k lowest-entropy heads per layer and query (thesis, section 3).",
          R"({"experiment": "sparsification", "k": [0, 1, 2], "stages": ["generation", "prefill"],
 "task": {"name": "niah", "lengths": [250], "depths": [0, 100], "generate": 8}, "batch_rows": 4})"}},
        {"manipulation_grid",
         {"NIAH under every prefill x generation manipulation of the needle tokens (thesis Table 6.1).",
          R"({"experiment": "manipulation_grid", "task": {"name": "niah", "lengths": [250], "depths": [50], "generate": 8},
 "prefill_modes": ["Keep", "Omit", "Only"], "generation_modes": ["Keep", "Only"], "batch_rows": 4})"}},
        {"gna_masks",
         {"MMLU with the Gather and Aggregate heads ablated, and restricted to their G&A masks (slides).",
          R"({"experiment": "gna_masks", "task": {"name": "mmlu", "limit_per_subject": 2}, "gather": ["L0.H1"], "aggregate": ["L1.H0"]})"}},
        {"memory_table",
         {"KV-cache plus recurrent-state bytes per sequence, from config.json alone (no weights, no tokenizer).",
          R"({"experiment": "memory_table", "lengths": [128, 2048, 4096]})"}},
    };
    return m;
}

const KindText& kind_text(const std::string& kind) {
    spec::fields_of(kind);  // throws for an unknown kind
    return kind_texts().at(kind);
}

[[noreturn]] void wrong_type(const std::string& origin, const std::string& where, const Json& v,
                             const std::string& type) {
    std::string shown = v.dump();
    if (shown.size() > 60) shown = shown.substr(0, 57) + "...";
    throw Error("%1: \"%2\" has the wrong type (%3); expected %4", {origin, where, shown, type});
}

template <class S>
void read_field(const spec::Field<S>& f, S& s, const Json& v, const std::string& origin, const std::string& where) {
    if (!f.ok(v)) wrong_type(origin, where, v, f.type);
    if (f.check)
        if (const std::optional<Error> e = f.check(v)) throw Error("%1: \"%2\": %3", {origin, where}, &*e);
    try {
        f.read(s, v);
    } catch (const Error& e) {  // e.g. a malformed head name
        throw Error("%1: \"%2\": %3", {origin, where}, &e);
    }
}

std::string keys_text(const std::vector<SpecKeyDoc>& keys) {
    std::string out;
    for (const auto& k : keys) out += (out.empty() ? "" : ", ") + k.key;
    return out;
}

TaskSpec parse_task(const Json& t, const std::string& origin, const std::string& where) {
    if (!t.is_object() || !t.contains("name") || !t["name"].is_string())
        throw Error("%1: \"%2\" must be an object with \"name\": %3",
                    {origin, where, spec::choices_text(task_names())});
    const std::string name = t["name"].get<std::string>();
    const std::vector<spec::Field<TaskSpec>>* fields = nullptr;
    try {
        fields = &spec::task_fields_of(name);
    } catch (const Error&) {
        const Error unknown("'%1' is not one of %2", {name, spec::choices_text(task_names())});
        throw Error("%1: \"%2\": %3", {origin, where + ".name"}, &unknown);
    }
    TaskSpec ts;
    for (const auto& [key, v] : t.items()) {
        const auto f = std::find_if(fields->begin(), fields->end(), [&](const auto& x) { return x.key == key; });
        if (f == fields->end())
            throw Error("%1: unknown key \"%2\" in a %3 task (a typo?); it takes %4",
                        {origin, where + "." + key, name, keys_text(task_keys(name))});
        if (!v.is_null()) read_field(*f, ts, v, origin, where + "." + key);
    }
    return ts;
}

Json task_json(const TaskSpec& t) {
    Json j = Json::object();
    for (const auto& f : spec::task_fields_of(t.name))
        if (Json v = f.write(t); !v.is_null()) j[f.key] = v;
    return j;
}

// JSON as a person writes a spec: one key a line, lists of numbers or names on one line.
std::string pretty(const Json& j, int indent) {
    const std::string pad(static_cast<std::size_t>(indent), ' '), inner(static_cast<std::size_t>(indent) + 2, ' ');
    if (j.is_object() && !j.empty()) {
        std::string out = "{\n";
        for (auto it = j.begin(); it != j.end(); ++it)
            out += inner + Json(it.key()).dump() + ": " + pretty(it.value(), indent + 2) +
                (std::next(it) == j.end() ? "\n" : ",\n");
        return out + pad + "}";
    }
    if (j.is_array() && !j.empty()) {
        const bool flat = std::none_of(j.begin(), j.end(), [](const Json& e) { return e.is_structured(); });
        std::string out = flat ? "[" : "[\n";
        for (std::size_t i = 0; i < j.size(); ++i)
            out += flat ? (i ? ", " : "") + j[i].dump()
                        : inner + pretty(j[i], indent + 2) + (i + 1 == j.size() ? "\n" : ",\n");
        return out + (flat ? "]" : pad + "]");
    }
    return j.dump();
}

std::string key_line(const SpecKeyDoc& k) {
    return "  " + k.key + "  (" + k.type + "; " +
        (k.default_text == "required" ? k.default_text : "default " + k.default_text) + ")\n      " + k.doc + "\n";
}

}  // namespace

std::string spec_text(const Json& spec) { return pretty(spec, 0); }

std::vector<SpecKeyDoc> experiment_keys(const std::string& kind) { return docs_of(spec::fields_of(kind)); }
std::vector<SpecKeyDoc> task_keys(const std::string& task) { return docs_of(spec::task_fields_of(task)); }
std::string experiment_summary(const std::string& kind) { return kind_text(kind).summary; }
Json experiment_example(const std::string& kind) { return Json::parse(kind_text(kind).example); }

ExperimentSpec parse_experiment_spec(const Json& j, const std::string& origin) {
    if (!j.is_object()) throw Error("%1: the spec must be a JSON object", {origin});
    if (!j.contains("experiment") || !j["experiment"].is_string())
        throw Error("%1: missing \"experiment\" (one of %2)", {origin, spec::choices_text(experiment_kinds())});
    ExperimentSpec s;
    s.experiment = j["experiment"].get<std::string>();
    const auto& kinds = experiment_kinds();
    if (std::find(kinds.begin(), kinds.end(), s.experiment) == kinds.end())
        throw Error("%1: \"experiment\": '%2' is not a known experiment (%3)",
                    {origin, s.experiment, spec::choices_text(kinds)});
    const auto& fields = spec::fields_of(s.experiment);
    for (const auto& [key, v] : j.items()) {
        const auto f = std::find_if(fields.begin(), fields.end(), [&](const auto& x) { return x.key == key; });
        if (f == fields.end()) {
            std::string others;
            for (const auto& k : kinds)
                for (const auto& g : spec::fields_of(k))
                    if (g.key == key && others.find(k) == std::string::npos) others += (others.empty() ? "" : ", ") + k;
            if (!others.empty())
                throw Error("%1: \"%2\" is not a key of %3 (it is one of %4); see gna experiment --describe %3",
                            {origin, key, s.experiment, others});
            throw Error("%1: unknown key \"%2\" (a typo?); %3 takes %4",
                        {origin, key, s.experiment, keys_text(experiment_keys(s.experiment))});
        }
        if (v.is_null()) continue;
        if (key == "task") {
            if (!v.is_object()) throw Error("%1: \"task\" must be an object with \"name\"", {origin});
            s.tasks = {parse_task(v, origin, "task")};
        } else if (key == "tasks") {
            if (!v.is_array() || v.empty()) throw Error("%1: \"tasks\" must be a non-empty list of tasks", {origin});
            s.tasks.clear();
            for (std::size_t i = 0; i < v.size(); ++i)
                s.tasks.push_back(parse_task(v[i], origin, "tasks[" + std::to_string(i) + "]"));
            s.tasks_listed = true;
        } else if (key == "ranking") {
            if (v.is_string())
                s.ranking_file = v.get<std::string>();
            else
                read_field(spec::field<ExperimentSpec>(
                               "ranking", "", [](ExperimentSpec & x) -> auto& { return x.ranking_heads; }),
                           s, v, origin, "ranking");
        } else if (key != "experiment") {
            read_field(*f, s, v, origin, key);
        }
    }
    if (j.contains("task") && j.contains("tasks")) throw Error("%1: give \"task\" or \"tasks\", not both", {origin});
    if (s.experiment == "cumulative_removal" && s.ranking_file.empty() && s.ranking_heads.empty())
        throw Error("%1: \"ranking\" is required: a head_ranking result.json or a list of heads", {origin});
    if (s.experiment == "gna_masks" && (!j.contains("gather") || !j.contains("aggregate")))
        throw Error("%1: \"gather\" and \"aggregate\" head lists are required", {origin});
    if (s.experiment == "gna_masks" && s.gather.empty() && s.aggregate.empty())
        throw Error(
            "%1: \"gather\" and \"aggregate\" name no head: a G&A mask needs at least one attention head "
            "(e.g. \"gather\": [\"L1.H0\"]); a model without attention heads has none to mask",
            {origin});
    return s;
}

Json to_json(const ExperimentSpec& s) {
    Json j = Json::object();
    for (const auto& f : spec::fields_of(s.experiment)) {
        if (f.key == "task" && !s.tasks_listed && !s.tasks.empty())
            j["task"] = task_json(s.tasks.front());
        else if (f.key == "tasks" && s.tasks_listed) {
            j["tasks"] = Json::array();
            for (const auto& t : s.tasks) j["tasks"].push_back(task_json(t));
        } else if (f.key == "ranking") {
            if (!s.ranking_file.empty())
                j["ranking"] = s.ranking_file.string();
            else
                j["ranking"] = spec::Conv<std::vector<HeadRef>>::put(s.ranking_heads);
        } else if (f.write) {
            if (Json v = f.write(s); !v.is_null()) j[f.key] = v;
        }
    }
    return j;
}

std::string describe_experiment(const std::string& kind) {
    const KindText& t = kind_text(kind);
    std::ostringstream os;
    os << kind << ": " << t.summary << "\n\nKeys:\n";
    for (const auto& k : experiment_keys(kind)) os << key_line(k);
    os << "\nExample:\n" << pretty(experiment_example(kind), 0) << "\n";
    return os.str();
}

std::string describe_tasks() {
    std::ostringstream os;
    os << "Tasks (\"task\", or each entry of \"tasks\"):\n";
    for (const auto& name : task_names()) {
        os << name << ":\n";
        for (const auto& k : task_keys(name)) os << key_line(k);
    }
    return os.str();
}

}  // namespace gna
