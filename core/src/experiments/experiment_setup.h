#pragma once
// What an experiment spec turns into: samples (task items) and conditions (a plan per sample).
#include <atomic>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gna/experiment_spec.h"
#include "gna/experiments.h"
#include "gna/intervention.h"
#include "gna/model.h"
#include "gna/tasks.h"

namespace gna {

struct ExperimentSample {
    std::string id;  // unique within the experiment (task-prefixed)
    std::string task;  // kv_retrieval | mmlu | knowledge | niah
    std::string group;  // dictionary size, subject, file, "length/depth"
    bool generative = false;  // NIAH: greedy generation + granular score
    bool acc_norm = false;  // knowledge: also length-normalised accuracy
    ChoiceItem item;
    int kv_value = -1;  // KV-retrieval: the asked key's value (exact match)
    NiahPrompt niah;
    int generate = 40;
    std::vector<ScoreRule> rules;
    std::optional<MmluLayout> layout;  // MMLU prompts, for G&A masks
};

struct ExperimentCondition {
    std::string name;
    std::function<InterventionPlan(const ExperimentSample&)> plan;
};

struct ExperimentSetup {
    std::string kind;
    std::vector<ExperimentSample> samples;
    std::vector<ExperimentCondition> conditions;
    Json seeds = Json::object();
    Json meta = Json::object();  // e.g. the ranking used by cumulative_removal
    std::string metric = "accuracy";  // choice tasks: accuracy | logprob (of the correct choice);
        // kv_retrieval also exact_match (greedy generation)
    int batch_rows = 64;
    bool reuse_prefix = true;
    bool exact = true;
};

ExperimentSetup build_experiment(Model& model, const Json& spec);  // parses it first
ExperimentSetup build_experiment(Model& model, const ExperimentSpec& spec);

// Sample e under conditions [c0, c1) of s (all of them unless sharded): one score per condition
// and the fields of its task (experiment_runner.cpp).
SampleOutcome evaluate_sample(Model& model, const ExperimentSetup& s, const ExperimentSample& e,
                              const std::atomic<bool>* cancel, std::size_t c0, std::size_t c1);

// Every attention head of the model, layer by layer.
std::vector<HeadRef> all_attention_heads(const ModelInfo& info);

}  // namespace gna
