#pragma once
// Typed experiment specs: the one place that knows a spec's keys. Every key has one descriptor
// (name, type, default, one-line doc) per experiment kind and per task; the same descriptors
// parse a spec (with errors that name the key), print `gna experiment --describe KIND` and are
// checked against docs/experiments.md by a test, so parsing, errors and docs cannot drift apart.
// Torch-free.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gna/heads.h"
#include "gna/json.h"
#include "gna/tasks.h"

namespace gna {

// One task of a spec ("task": {...} or an entry of "tasks": [...]).
struct TaskSpec {
    std::string name = "kv_retrieval";  // kv_retrieval | mmlu | knowledge | niah
    KvRetrievalOptions kv;  // sizes, samples_per_size, seed, word_list
    MmluOptions mmlu;  // data (empty = bundled sample), split, shots, ...
    std::filesystem::path knowledge_file;  // empty = bundled knowledge_sample.jsonl
    int knowledge_limit = 0;  // 0 = every item
    NiahOptions niah;  // lengths, depths, haystack, ... (needle from needle_file)
    std::filesystem::path needle_file;  // empty = the thesis needle and Table 2.1
};

struct ExperimentSpec {
    std::string experiment;  // evaluate | head_ranking | cumulative_removal | layer_pruning |
        // sparsification | manipulation_grid | gna_masks | memory_table
    std::string model, tokenizer, description, name;
    std::string dtype = "f32";  // compute dtype: f32 | bf16 | f16 (the CLI's --dtype overrides it)
    // shared by every kind that runs samples (all but memory_table)
    std::vector<TaskSpec> tasks{TaskSpec{}};  // "task" (one) or "tasks" (several); default one kv_retrieval
    bool tasks_listed = false;  // written back as "tasks"
    int batch_rows = 64;
    bool reuse_prefix = true;
    bool exact = true;
    std::string metric = "accuracy";  // accuracy | logprob | exact_match
    // head_ranking (heads also manipulation_grid)
    std::optional<std::vector<HeadRef>> heads;  // unset = every attention head
    std::string method = "exact";  // exact | attribution | attribution+verify
    int verify_k = 0;  // 0 = min(3 x top, max(top, ceil(heads / 4))), gna::verified_head_count
    int top = 16;  // heads asked for (attribution methods)
    // cumulative_removal: a head_ranking result.json, or a list of heads
    std::filesystem::path ranking_file;
    std::vector<HeadRef> ranking_heads;
    std::vector<int> steps;  // empty = 0, 10, ... up to every ranked head
    uint64_t random_seed = 1;
    // layer_pruning
    std::string mode = "both";  // gradual | individual | both
    // sparsification
    std::optional<std::vector<int>> k;  // unset = 0 .. heads per layer
    std::vector<std::string> stages{"generation", "prefill"};
    // manipulation_grid
    std::vector<std::string> prefill_modes{"Keep", "Omit", "Only", "Binary", "Null"};
    std::vector<std::string> generation_modes{"Keep", "Omit", "Only", "Binary"};
    // gna_masks
    std::vector<HeadRef> gather, aggregate;
    // memory_table
    std::vector<int> lengths{128, 2048, 4096};
    double bytes_per_element = 0;  // 0 = from torch_dtype
};

// One key as documented: what --describe prints and docs/experiments.md lists.
struct SpecKeyDoc {
    std::string key;
    std::string type;  // "integer", "list of heads", "one of: a | b", ...
    std::string default_text;  // JSON of the default, or words ("every attention head"); "required"
    std::string doc;
};

// The experiment kinds, in the order the docs list them.
const std::vector<std::string>& experiment_kinds();
const std::vector<std::string>& task_names();
// The keys a spec of `kind` may hold (the shared ones first), and the keys of a task.
std::vector<SpecKeyDoc> experiment_keys(const std::string& kind);
std::vector<SpecKeyDoc> task_keys(const std::string& task);
// One line on what the kind measures, and an example spec (the one docs/experiments.md shows).
std::string experiment_summary(const std::string& kind);
Json experiment_example(const std::string& kind);

// Parses and checks a spec: unknown keys, keys of another kind, wrong types and values out of
// range are errors (gna::Error) that start with `origin` and name the key, e.g.
// "spec.json: \"task.sizes\" has the wrong type (\"ten\"); expected a list of integers".
ExperimentSpec parse_experiment_spec(const Json& spec, const std::string& origin = "experiment spec");
// The spec as JSON: the kind's keys only, defaults included (parse_experiment_spec of it gives it back).
Json to_json(const ExperimentSpec& spec);

// The grammar of one kind as text (keys, types, defaults, docs, example): gna experiment --describe.
// Throws gna::Error for an unknown kind, listing the known ones.
std::string describe_experiment(const std::string& kind);
// The keys of every task ("task" / "tasks"), as text.
std::string describe_tasks();

}  // namespace gna
