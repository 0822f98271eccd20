// Experiment specs -> samples and conditions: head ranking, cumulative removal with a random
// control, layer pruning, top-k sparsification, manipulation grid, G&A masks.
#include "experiments/experiment_setup.h"

#include <algorithm>
#include <set>

#include "gna/error.h"
#include "gna/tiny_model.h"
#include "gna/tokenizer.h"

namespace gna {

std::vector<HeadRef> all_attention_heads(const ModelInfo& info) {
    std::vector<HeadRef> out;
    for (const auto& l : info.layers)
        for (int h = 0; h < l.attention_heads; ++h) out.push_back(HeadRef{l.index, h});
    return out;
}

namespace {

[[noreturn]] void bad(const std::string& key, const std::string& what) {
    throw Error("experiment spec: \"" + key + "\" " + what);
}

// Heads of the spec (already parsed) checked against the model.
std::vector<HeadRef> model_heads(const std::vector<HeadRef>& heads, const std::string& key, const ModelInfo& info) {
    for (const HeadRef& r : heads)
        if (r.layer < 0 || r.layer >= info.num_layers || r.head < 0 ||
            r.head >= (r.kind == HeadKind::SSM ? info.layers[r.layer].ssm_heads : info.layers[r.layer].attention_heads))
            throw Error("experiment spec: \"%1\" names %2, which this model does not have", {key, r.name()});
    return heads;
}

void add_task(Model& model, const TaskSpec& t, ExperimentSetup& setup) {
    const std::string& name = t.name;
    const Tokenizer& tok = model.tokenizer();
    if (name == "kv_retrieval") {
        const KvRetrievalOptions& o = t.kv;
        setup.seeds["kv_retrieval"] = o.seed;
        for (const auto& s : make_kv_samples(o)) {
            ExperimentSample e;
            e.task = name;
            e.item = kv_choice_item(tok, s);
            e.kv_value = s.answer();
            e.id = e.item.id;
            e.group = "size " + std::to_string(s.size);
            setup.samples.push_back(std::move(e));
        }
    } else if (name == "mmlu") {
        MmluOptions o = t.mmlu;
        if (o.data.empty()) o.data = bundled_data_dir() / "mmlu_sample";
        for (auto& item : mmlu_items(tok, o)) {
            ExperimentSample e;
            e.task = name;
            e.id = "mmlu-" + item.id;
            e.group = item.group;
            const std::vector<int> plain = tok.encode(item.prompt_text, true);
            MmluLayout lay = mmlu_layout(tok, item.prompt_text, plain);
            lay.final_position = static_cast<int>(item.prompt.size()) - 1;
            e.layout = lay;
            e.item = std::move(item);
            setup.samples.push_back(std::move(e));
        }
    } else if (name == "knowledge") {
        const auto file = t.knowledge_file.empty() ? bundled_data_dir() / "knowledge_sample.jsonl" : t.knowledge_file;
        for (auto& item : load_knowledge_mc(tok, file, t.knowledge_limit)) {
            ExperimentSample e;
            e.task = name;
            e.id = "knowledge-" + item.id;
            e.group = item.group;
            e.acc_norm = true;
            e.item = std::move(item);
            setup.samples.push_back(std::move(e));
        }
    } else if (name == "niah") {
        NiahOptions o = t.niah;
        if (!t.needle_file.empty()) o.needle = load_needle_spec(t.needle_file);
        if (o.needle.rules.empty()) o.needle.rules = needle_table_2_1();
        for (auto& p : make_niah_prompts(tok, o, model.info().max_positions)) {
            ExperimentSample e;
            e.task = name;
            e.id = p.id;
            e.group = std::to_string(p.length);
            e.generative = true;
            e.generate = o.generate;
            e.rules = o.needle.rules;
            e.niah = std::move(p);
            setup.samples.push_back(std::move(e));
        }
    } else {
        bad("task.name", "'" + name + "' is not one of kv_retrieval, mmlu, knowledge, niah");
    }
}

ExperimentCondition fixed(const std::string& name, InterventionPlan plan) {
    return {name, [plan](const ExperimentSample&) { return plan; }};
}

std::vector<HeadRef> ranking_of(const ExperimentSpec& spec, const ModelInfo& info) {
    if (spec.ranking_file.empty()) return model_heads(spec.ranking_heads, "ranking", info);
    if (!std::filesystem::exists(spec.ranking_file))
        throw Error(
            "experiment spec: \"ranking\" names %1, which is missing: run the head_ranking experiment it comes from "
            "first (gna experiment SPEC --out DIR writes DIR/result.json), or give the ranking as a list of heads",
            {spec.ranking_file.string()});
    std::vector<HeadRef> out;
    for (const auto& [h, imp] : read_head_ranking(spec.ranking_file)) out.push_back(h);
    return out;
}

}  // namespace

ExperimentSetup build_experiment(Model& model, const Json& json) {
    return build_experiment(model, parse_experiment_spec(json));
}

ExperimentSetup build_experiment(Model& model, const ExperimentSpec& spec) {
    const ModelInfo& info = model.info();
    ExperimentSetup s;
    s.kind = spec.experiment;
    s.batch_rows = spec.batch_rows;
    s.reuse_prefix = spec.reuse_prefix;
    s.exact = spec.exact;
    s.metric = spec.metric;
    for (const TaskSpec& t : spec.tasks) add_task(model, t, s);
    if (s.metric == "exact_match")
        for (const auto& e : s.samples)
            if (e.task != "kv_retrieval") bad("metric", "exact_match is defined for kv_retrieval only");
    std::set<std::string> ids;
    for (const auto& e : s.samples)
        if (!ids.insert(e.id).second) bad("tasks", "produce the sample id '" + e.id + "' twice; list each task once");

    const std::string& k = s.kind;
    s.conditions.push_back(fixed("baseline", {}));
    if (k == "evaluate") {
    } else if (k == "head_ranking") {
        for (const auto& h : model_heads(spec.heads.value_or(all_attention_heads(info)), "heads", info)) {
            InterventionPlan p;
            p.ablate(h);
            s.conditions.push_back(fixed(h.name(), p));
        }
    } else if (k == "cumulative_removal") {
        const std::vector<HeadRef> ranked = ranking_of(spec, info);
        std::vector<HeadRef> pool = all_attention_heads(info);
        const uint64_t seed = spec.random_seed;
        s.seeds["random_heads"] = seed;
        SeededNormal rng(seed);
        for (std::size_t i = pool.size(); i > 1; --i)
            std::swap(pool[i - 1],
                      pool[static_cast<std::size_t>((static_cast<unsigned __int128>(rng.next_u64()) * i) >> 64)]);
        std::vector<int> steps = spec.steps;
        if (steps.empty())
            for (int n = 0;; n += 10) {
                steps.push_back(std::min<int>(n, static_cast<int>(ranked.size())));
                if (n >= static_cast<int>(ranked.size())) break;
            }
        s.conditions.clear();
        Json rank_names = Json::array(), random_names = Json::array();
        for (const auto& h : ranked) rank_names.push_back(h.name());
        for (const auto& h : pool) random_names.push_back(h.name());
        s.meta["ranking"] = rank_names;
        s.meta["random_order"] = random_names;
        for (int n : steps) {
            if (n < 0 || n > static_cast<int>(ranked.size()))
                bad("steps",
                    "holds " + std::to_string(n) + "; the ranking has " + std::to_string(ranked.size()) + " heads");
            InterventionPlan top, rnd;
            for (int i = 0; i < n; ++i) top.ablate(ranked[i]);
            for (int i = 0; i < n && i < static_cast<int>(pool.size()); ++i) rnd.ablate(pool[i]);
            s.conditions.push_back(fixed("top-" + std::to_string(n), top));
            s.conditions.push_back(fixed("random-" + std::to_string(n), rnd));
        }
    } else if (k == "layer_pruning") {
        const std::string& mode = spec.mode;
        const int L = info.num_layers;
        if (mode != "individual")
            for (int n = 1; n <= L; ++n) {
                InterventionPlan p;
                for (int l = L - n; l < L; ++l) p.skip_layers.push_back(l);
                s.conditions.push_back(fixed("remove-last-" + std::to_string(n), p));
            }
        if (mode != "gradual")
            for (int l = 0; l < L; ++l) {
                InterventionPlan p;
                p.skip_layers.push_back(l);
                s.conditions.push_back(fixed("skip-L" + std::to_string(l), p));
            }
    } else if (k == "sparsification") {
        std::vector<int> ks;
        for (int i = 0; i <= info.num_heads; ++i) ks.push_back(i);
        if (spec.k) ks = *spec.k;
        for (const auto& st : spec.stages) {
            for (int kk : ks) {
                InterventionPlan p;
                p.hooks.push_back(sparsification_hook({kk, st == "prefill"}));
                s.conditions.push_back(fixed(
                    "k=" + std::to_string(kk) + " " + (st == "prefill" ? "prefill+generation" : "generation"), p));
            }
        }
    } else if (k == "manipulation_grid") {
        for (const auto& e : s.samples)
            if (e.task != "niah")
                bad("task", "of a manipulation_grid must be niah (the needle tokens are the manipulated set)");
        const auto& pre = spec.prefill_modes;
        const auto& gen = spec.generation_modes;
        const std::vector<HeadRef> heads =
            spec.heads ? model_heads(*spec.heads, "heads", info) : std::vector<HeadRef>{};
        s.conditions.clear();
        for (const auto& pm : pre)
            for (const auto& gm : gen) {
                Manipulation m;
                m.prefill = parse_manipulation_mode(pm);
                m.generation = parse_manipulation_mode(gm);
                m.heads = heads;
                s.conditions.push_back({m.name(), [m](const ExperimentSample& e) {
                                            Manipulation mm = m;
                                            mm.tokens = e.niah.needle_tokens;
                                            InterventionPlan p;
                                            if (mm.prefill != ManipulationMode::Keep ||
                                                mm.generation != ManipulationMode::Keep)
                                                p.hooks.push_back(manipulation_hook(mm));
                                            return p;
                                        }});
            }
    } else if (k == "gna_masks") {
        for (const auto& e : s.samples)
            if (!e.layout) bad("task", "of gna_masks must be mmlu (masks are built from the option segments)");
        const auto gather = model_heads(spec.gather, "gather", info),
                   aggregate = model_heads(spec.aggregate, "aggregate", info);
        InterventionPlan ablated;
        for (const auto& h : gather) ablated.ablate(h);
        for (const auto& h : aggregate) ablated.ablate(h);
        s.conditions.push_back(fixed("G&A ablated", ablated));
        s.conditions.push_back({"G&A masked", [gather, aggregate](const ExperimentSample& e) {
                                    InterventionPlan p;
                                    p.hooks.push_back(mask_hook(gna_mmlu_mask(*e.layout, gather, aggregate)));
                                    return p;
                                }});
    } else {
        bad("experiment", "'" + k + "' is not handled here");
    }
    return s;
}

AttentionMask gna_mmlu_mask(const MmluLayout& layout, const std::vector<HeadRef>& gather,
                            const std::vector<HeadRef>& aggregate) {
    AttentionMask m;
    m.prefill = true;
    std::vector<int> summaries;
    for (const auto& seg : layout.options) summaries.push_back(seg.summary);
    for (const auto& h : gather)
        for (const auto& seg : layout.options) {
            MaskRule r{h, {seg.summary}, {}};
            for (int t = seg.begin; t < seg.end; ++t) r.keys.push_back(t);
            m.rules.push_back(r);
        }
    for (const auto& h : aggregate) m.rules.push_back(MaskRule{h, {layout.final_position}, summaries});
    return m;
}

}  // namespace gna
