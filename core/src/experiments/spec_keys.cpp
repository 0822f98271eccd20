// The keys of experiment specs, one descriptor each: per task, shared by every kind, and per kind.
#include <algorithm>
#include <map>

#include "experiments/spec_fields.h"
#include "gna/manipulation.h"

namespace gna::spec {

std::string choices_text(const std::vector<std::string>& choices) {
    std::string out;
    for (const auto& c : choices) out += (out.empty() ? "" : " | ") + c;
    return out;
}

Check at_least(long long min) {
    return [min](const Json& v) -> std::optional<Error> {
        auto bad = [&](const Json& e) { return e.is_number_integer() && e.get<long long>() < min; };
        if (!v.is_array() && bad(v)) return Error("it must be at least %1", {std::to_string(min)});
        if (v.is_array() && std::any_of(v.begin(), v.end(), bad))
            return Error("values must be at least %1", {std::to_string(min)});
        return std::nullopt;
    };
}

Check one_of(std::vector<std::string> choices) {
    return [choices](const Json& v) -> std::optional<Error> {
        auto bad = [&](const Json& e) {
            return e.is_string() && std::find(choices.begin(), choices.end(), e.get<std::string>()) == choices.end();
        };
        for (const auto& e : v.is_array() ? v : Json::array({v}))
            if (bad(e)) return Error("'%1' is not one of %2", {e.get<std::string>(), choices_text(choices)});
        return std::nullopt;
    };
}

namespace {

template <class S>
Field<S> with_type(Field<S> f, std::string type) {
    f.type = std::move(type);
    return f;
}

// A string key whose value is one of `choices`: checked against them and typed "one of: a | b | c".
template <class S, class Get>
Field<S> choice(std::string key, std::string doc, Get get, std::string note, const std::vector<std::string>& choices) {
    return with_type(field<S>(std::move(key), std::move(doc), get, std::move(note), one_of(choices)),
                     "one of: " + choices_text(choices));
}

// Manipulation modes are case-insensitive (parse_manipulation_mode).
Check manipulation_modes() {
    return [](const Json& v) -> std::optional<Error> {
        for (const auto& e : v) try {
                parse_manipulation_mode(e.get<std::string>());
            } catch (const Error& err) {
                return err;
            }
        return std::nullopt;
    };
}

using TF = Field<TaskSpec>;
using EF = Field<ExperimentSpec>;

std::map<std::string, std::vector<TF>> make_task_fields() {
    const TF name = choice<TaskSpec>("name", "which task", [](TaskSpec & t) -> auto& { return t.name; }, "required",
                                     {"kv_retrieval", "mmlu", "knowledge", "niah"});
    std::map<std::string, std::vector<TF>> m;
    m["kv_retrieval"] = {
        name,
        field<TaskSpec>(
            "sizes", "dictionary sizes (key:value lines per prompt)", [](TaskSpec & t) -> auto& { return t.kv.sizes; },
            {}, at_least(1)),
        field<TaskSpec>(
            "samples_per_size", "prompts per dictionary size",
            [](TaskSpec & t) -> auto& { return t.kv.samples_per_size; }, {}, at_least(1)),
        field<TaskSpec>(
            "seed", "seed of the dictionaries and the asked keys", [](TaskSpec & t) -> auto& { return t.kv.seed; }),
        field<TaskSpec>(
            "word_list", "file of candidate keys, one word a line",
            [](TaskSpec & t) -> auto& { return t.kv.word_list; }, "the bundled kv_words.txt"),
    };
    m["mmlu"] = {
        name,
        field<TaskSpec>(
            "data", "folder of <subject>_<split>.csv files (dev/ val/ test/) or a .jsonl file",
            [](TaskSpec & t) -> auto& { return t.mmlu.data; }, "the bundled mmlu_sample"),
        field<TaskSpec>(
            "split", "which split to evaluate", [](TaskSpec & t) -> auto& { return t.mmlu.split; }),
        field<TaskSpec>(
            "shots", "examples from the dev split before each question",
            [](TaskSpec & t) -> auto& { return t.mmlu.shots; }, {}, at_least(0)),
        field<TaskSpec>(
            "classic", "score the answer texts as continuations instead of the letters",
            [](TaskSpec & t) -> auto& { return t.mmlu.classic; }),
        field<TaskSpec>(
            "subjects", "subjects to evaluate", [](TaskSpec & t) -> auto& { return t.mmlu.subjects; }, "every subject"),
        field<TaskSpec>(
            "limit_per_subject", "questions per subject, 0 = all",
            [](TaskSpec & t) -> auto& { return t.mmlu.limit_per_subject; }, {}, at_least(0)),
    };
    m["knowledge"] = {
        name,
        field<TaskSpec>(
            "file", "JSONL of {context, choices, answer} or ARC, OpenBookQA, PIQA, HellaSwag, Winogrande rows",
            [](TaskSpec & t) -> auto& { return t.knowledge_file; }, "the bundled knowledge_sample.jsonl"),
        field<TaskSpec>(
            "limit", "items to evaluate, 0 = all", [](TaskSpec & t) -> auto& { return t.knowledge_limit; }, {},
            at_least(0)),
    };
    m["niah"] = {
        name,
        field<TaskSpec>(
            "lengths", "prompt lengths in tokens", [](TaskSpec & t) -> auto& { return t.niah.lengths; },
            "linspace(250, 4096, 10), or as many evenly spaced lengths as fit a shorter context", at_least(1)),
        field<TaskSpec>(
            "depths", "needle depths in percent", [](TaskSpec & t) -> auto& { return t.niah.depths; },
            "linspace(0, 100, 10)"),
        field<TaskSpec>(
            "haystack", "folder of .txt files cut into the haystack",
            [](TaskSpec & t) -> auto& { return t.niah.haystack; }, "the bundled haystack/"),
        field<TaskSpec>(
            "needle_file", "JSON file with the needle, the question and the keyword table",
            [](TaskSpec & t) -> auto& { return t.needle_file; }, "the thesis needle and Table 2.1"),
        field<TaskSpec>(
            "instruct", "instruction-model template (thesis, appendix A)",
            [](TaskSpec & t) -> auto& { return t.niah.instruct; }),
        field<TaskSpec>(
            "just_read_twice", "repeat the context and the question",
            [](TaskSpec & t) -> auto& { return t.niah.just_read_twice; }),
        field<TaskSpec>(
            "generate", "tokens generated greedily", [](TaskSpec & t) -> auto& { return t.niah.generate; }, {},
            at_least(1)),
        field<TaskSpec>(
            "buffer", "tokens left for the template and the question",
            [](TaskSpec & t) -> auto& { return t.niah.buffer; }, "200, at most a quarter of the model's context",
            at_least(0)),
        field<TaskSpec>(
            "depth_from_end", "0% is the end of the haystack instead of its beginning",
            [](TaskSpec & t) -> auto& { return t.niah.depth_from_end; }),
    };
    return m;
}

EF heads_field(const std::string& doc, const std::string& note) {
    return field<ExperimentSpec>(
        "heads", doc, [](ExperimentSpec & s) -> auto& { return s.heads; }, note);
}

std::map<std::string, std::vector<EF>> make_fields() {
    const std::vector<EF> common = {
        choice<ExperimentSpec>(
            "experiment", "what to run", [](ExperimentSpec & s) -> auto& { return s.experiment; }, "required",
            experiment_kinds()),
        with_type(field<ExperimentSpec>(
                      "model", "checkpoint folder (the CLI's --model overrides it)",
                      [](ExperimentSpec & s) -> auto& { return s.model; }, "none: give --model"),
                  "path"),
        with_type(field<ExperimentSpec>(
                      "tokenizer", "folder whose tokenizer files to use (the CLI's --tokenizer overrides it)",
                      [](ExperimentSpec & s) -> auto& { return s.tokenizer; }, "the checkpoint's own"),
                  "path"),
        with_type(
            field<ExperimentSpec>(
                "dtype", "compute dtype (the CLI's --dtype overrides it); bf16 on the CPU needs AVX512-BF16 or AMX",
                [](ExperimentSpec & s) -> auto& { return s.dtype; }, "f32", one_of({"f32", "bf16", "f16"})),
            "one of: f32, bf16, f16"),
        field<ExperimentSpec>(
            "description", "free text for people reading the spec",
            [](ExperimentSpec & s) -> auto& { return s.description; }, "none"),
        field<ExperimentSpec>(
            "name", "a name for the run", [](ExperimentSpec & s) -> auto& { return s.name; }, "none"),
    };
    EF task;
    task.key = "task";
    task.type = "task object (see Tasks)";
    task.note = "{\"name\": \"kv_retrieval\"}";
    task.doc = "the task every condition is evaluated on";
    EF tasks = task;
    tasks.key = "tasks";
    tasks.type = "list of task objects";
    tasks.note = "none (use \"task\")";
    tasks.doc = "several tasks evaluated under the same conditions (instead of \"task\")";
    const std::vector<EF> runs = {
        task,
        tasks,
        field<ExperimentSpec>(
            "batch_rows", "intervention plans per forward pass",
            [](ExperimentSpec & s) -> auto& { return s.batch_rows; }, {}, at_least(1)),
        field<ExperimentSpec>(
            "reuse_prefix", "recompute only from the first intervened layer",
            [](ExperimentSpec & s) -> auto& { return s.reuse_prefix; }),
        field<ExperimentSpec>(
            "exact", "scores bit-identical whatever batch_rows / reuse_prefix are (false: faster on a GPU)",
            [](ExperimentSpec & s) -> auto& { return s.exact; }),
        choice<ExperimentSpec>("metric",
                               "choice tasks: 0/1 per sample or the correct choice's log-probability; exact_match: "
                               "KV-retrieval by greedy generation",
                               [](ExperimentSpec & s) -> auto& { return s.metric; }, {},
                               {"accuracy", "logprob", "exact_match"}),
    };
    std::map<std::string, std::vector<EF>> own;
    own["evaluate"] = {};
    own["head_ranking"] = {
        heads_field("heads to ablate one at a time",
                    "every attention head (attribution methods: every attention and SSM head)"),
        choice<ExperimentSpec>("method",
                               "exact ablation of each head, or attribution patching (with the top verify_k heads "
                               "verified by exact ablation)",
                               [](ExperimentSpec & s) -> auto& { return s.method; }, {},
                               {"exact", "attribution", "attribution+verify"}),
        field<ExperimentSpec>(
            "verify_k", "heads verified by exact ablation (attribution+verify)",
            [](ExperimentSpec & s) -> auto& { return s.verify_k; }, "0 = min(3 x top, max(top, ceil(heads / 4)))",
            at_least(0)),
        field<ExperimentSpec>(
            "top", "heads asked for (attribution methods: the size of the ranking's head that matters)",
            [](ExperimentSpec & s) -> auto& { return s.top; }, "16", at_least(1)),
    };
    EF ranking;
    ranking.key = "ranking";
    ranking.type = "path of a head_ranking result.json, or list of heads";
    ranking.note = "required";
    ranking.doc = "heads in the order they are removed";
    own["cumulative_removal"] = {
        ranking,
        field<ExperimentSpec>(
            "steps", "numbers of heads removed", [](ExperimentSpec & s) -> auto& { return s.steps; },
            "0, 10, 20, ... up to every ranked head"),
        field<ExperimentSpec>(
            "random_seed", "seed of the random-heads control",
            [](ExperimentSpec & s) -> auto& { return s.random_seed; }),
    };
    own["layer_pruning"] = {
        choice<ExperimentSpec>("mode", "remove layers from the end (gradual) or one at a time (individual)",
                               [](ExperimentSpec & s) -> auto& { return s.mode; }, {},
                               {"gradual", "individual", "both"}),
    };
    own["sparsification"] = {
        field<ExperimentSpec>(
            "k", "heads kept per layer and query position (lowest entropy)",
            [](ExperimentSpec & s) -> auto& { return s.k; }, "0 .. heads per layer", at_least(0)),
        with_type(field<ExperimentSpec>(
                      "stages", "generation only, or prefill and generation (\"prefill\")",
                      [](ExperimentSpec & s) -> auto& { return s.stages; }, {}, one_of({"generation", "prefill"})),
                  "list of: generation | prefill"),
    };
    const std::string modes = "list of: Keep | Omit | Only | Binary | Null";
    own["manipulation_grid"] = {
        with_type(field<ExperimentSpec>(
                      "prefill_modes", "manipulations of the needle tokens while the prompt is read",
                      [](ExperimentSpec & s) -> auto& { return s.prefill_modes; }, {}, manipulation_modes()),
                  modes),
        with_type(field<ExperimentSpec>(
                      "generation_modes", "manipulations of the needle tokens while tokens are generated",
                      [](ExperimentSpec & s) -> auto& { return s.generation_modes; }, {}, manipulation_modes()),
                  modes),
        heads_field("heads whose attention is manipulated", "every attention head"),
    };
    own["gna_masks"] = {
        field<ExperimentSpec>(
            "gather", "Gather heads (keep only the answer segments)",
            [](ExperimentSpec & s) -> auto& { return s.gather; }, "required"),
        field<ExperimentSpec>(
            "aggregate", "Aggregate heads (keep only the summary tokens)",
            [](ExperimentSpec & s) -> auto& { return s.aggregate; }, "required"),
    };
    own["memory_table"] = {
        field<ExperimentSpec>(
            "lengths", "sequence lengths of the table", [](ExperimentSpec & s) -> auto& { return s.lengths; }, {},
            at_least(1)),
        field<ExperimentSpec>(
            "bytes_per_element", "bytes of one cached value",
            [](ExperimentSpec & s) -> auto& { return s.bytes_per_element; }, "from torch_dtype (bf16/f16 2, f32 4)"),
    };
    std::map<std::string, std::vector<EF>> out;
    for (auto& [kind, f] : own) {
        std::vector<EF> all = common;
        if (kind != "memory_table") all.insert(all.end(), runs.begin(), runs.end());
        all.insert(all.end(), f.begin(), f.end());
        out[kind] = std::move(all);
    }
    return out;
}

}  // namespace

const std::vector<Field<ExperimentSpec>>& fields_of(const std::string& kind) {
    static const auto all = make_fields();
    auto it = all.find(kind);
    if (it == all.end())
        throw Error("experiment: '%1' is not a known experiment (%2)", {kind, choices_text(experiment_kinds())});
    return it->second;
}

const std::vector<Field<TaskSpec>>& task_fields_of(const std::string& task) {
    static const auto all = make_task_fields();
    auto it = all.find(task);
    if (it == all.end()) throw Error("task: '%1' is not one of %2", {task, choices_text(task_names())});
    return it->second;
}

}  // namespace gna::spec
