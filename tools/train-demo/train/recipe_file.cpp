// Reading recipe.json into training options, with errors that name the file and the key.
#include "train/recipe_file.h"

#include <cmath>
#include <set>

#include "gna/error.h"
#include "gna/heads.h"

namespace gna::train {
namespace fs = std::filesystem;
namespace {

class StageReader {
public:
    StageReader(const Json& j, std::string where) : j_(j), where_(std::move(where)) {}

    [[noreturn]] void fail(const std::string& key, const std::string& what) const {
        throw Error(where_ + ": key '" + key + "' " + what + " (see docs/demo-models.md, \"Recipe keys\")");
    }
    bool has(const std::string& key) {
        seen_.insert(key);
        return j_.contains(key);
    }
    int integer(const std::string& key, int fallback, int min) {
        if (!has(key)) return fallback;
        const Json& v = j_.at(key);
        if (!v.is_number_integer() || v.get<long long>() < min || v.get<long long>() > 1000000000)
            fail(key, "must be a whole number of at least " + std::to_string(min) + ", not " + v.dump());
        return v.get<int>();
    }
    double number(const std::string& key, double fallback, double min, double max) {
        if (!has(key)) return fallback;
        const Json& v = j_.at(key);
        if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < min || v.get<double>() > max)
            fail(key, "must be a number from " + Json(min).dump() + " to " + Json(max).dump() + ", not " + v.dump());
        return v.get<double>();
    }
    bool boolean(const std::string& key, bool fallback) {
        if (!has(key)) return fallback;
        if (!j_.at(key).is_boolean()) fail(key, "must be true or false, not " + j_.at(key).dump());
        return j_.at(key).get<bool>();
    }
    // -1 when absent, else 0 or 1 (the options that keep -1 for "the recipe's default").
    int tristate(const std::string& key) { return has(key) ? (boolean(key, false) ? 1 : 0) : -1; }
    std::string text(const std::string& key, const std::string& fallback) {
        if (!has(key)) return fallback;
        if (!j_.at(key).is_string() || j_.at(key).get<std::string>().empty())
            fail(key, "must be a non-empty string, not " + j_.at(key).dump());
        return j_.at(key).get<std::string>();
    }
    std::pair<int, int> head(const std::string& key, const Json& v) const {
        if (!v.is_string()) fail(key, "must name heads as \"L1.H3\", not " + v.dump());
        HeadRef h;
        try {
            h = parse_head(v.get<std::string>());
        } catch (const std::exception& e) {
            fail(key, "has a head that is not LAYER.HEAD (\"L1.H3\"): " + v.dump());
        }
        if (h.kind != HeadKind::Attention) fail(key, "names an SSM head; the attention guide takes attention heads");
        return {h.layer, h.head};
    }
    const Json& value(const std::string& key) { return (void)has(key), j_.at(key); }
    void check_all_known() const {
        for (const auto& [key, v] : j_.items())
            if (!seen_.count(key)) fail(key, "is not a recipe key");
    }

private:
    const Json& j_;
    std::string where_;
    std::set<std::string> seen_;
};

fs::path relative_to(const fs::path& base, const std::string& p) {
    const fs::path path(p);
    return path.is_absolute() || base.empty() ? path : base / path;
}

RecipeStage read_stage(const Json& j, const std::string& where, const fs::path& base, bool first) {
    if (!j.is_object()) throw Error(where + ": a recipe stage must be a JSON object, not " + j.dump());
    StageReader r(j, where);
    RecipeStage s;
    TrainOptions& o = s.options;
    (void)r.text("description", "");
    o.recipe = r.text("architecture", "");
    if (o.recipe != "transformer" && o.recipe != "ssm" && o.recipe != "hybrid")
        r.fail("architecture",
               "must be \"transformer\", \"ssm\" or \"hybrid\"" +
                   (j.contains("architecture") ? ", not " + j.at("architecture").dump() : std::string(" (missing)")));
    o.seed = static_cast<uint64_t>(r.integer("seed", 1, 0));
    o.steps = r.integer("steps", 0, 1);
    o.layers = r.integer("layers", 0, 1);
    o.hidden = r.integer("hidden", 0, 1);
    o.heads = r.integer("heads", 0, 1);
    o.intermediate = r.integer("intermediate", 0, 1);
    o.vocab = r.integer("vocab", 0, 1);
    o.context = r.integer("context", 0, 1);
    o.batch = r.integer("batch", 0, 1);
    o.head_dim = r.integer("head_dim", 0, 1);
    o.lr = r.number("lr", 0, 1e-9, 1);
    o.warmup = r.integer("warmup", -1, 0);
    o.kv_warmup = r.integer("kv_warmup", -1, 0);
    o.kv_until_accuracy = r.number("kv_until_accuracy", -1, 0, 1);
    o.mmlu_focus = r.integer("mmlu_focus", -1, 0);
    o.mmlu_until_accuracy = r.number("mmlu_until_accuracy", -1, 0, 1);
    o.kv_context_weight = r.number("kv_context_weight", -1, 0, 100);
    o.embed_shared = r.number("embed_shared", -1, 0, 100);
    o.tie_embeddings = r.tristate("tie_embeddings");
    o.head_dropout = r.number("head_dropout", -1, 0, 0.999);
    o.head_dropout_layers = r.integer("head_dropout_layers", -1, 0);
    o.mem_rope = r.tristate("mem_rope");
    o.world = r.text("world", "");
    if (!o.world.empty() && o.world != "words" && o.world != "phrases" && o.world != "prefixes")
        r.fail("world", "must be \"words\", \"phrases\" or \"prefixes\", not \"" + o.world + "\"");
    o.mixed_letters = r.number("mixed_letters", -1, 0, 1);
    o.summary_bottleneck = r.number("summary_bottleneck", -1, 0, 1);
    o.summary_bottleneck_kv = r.number("summary_bottleneck_kv", -1, 0, 1);
    o.late_lookup = r.number("kv_late_lookup", -1, 0, 1);
    o.summary_readout_layer = r.integer("summary_readout_layer", -1, 0);
    o.summary_gather = r.boolean("summary_gather", false);
    o.kv_repeat_keys = r.boolean("kv_repeat_keys", false);
    if (r.has("attention_guide")) {
        const Json& g = r.value("attention_guide");
        if (!g.is_object() || !g.contains("gather") || !g.at("gather").is_array() || g.at("gather").empty() ||
            !g.contains("aggregate"))
            r.fail("attention_guide",
                   "must be {\"gather\": [\"L1.H3\", ...], \"aggregate\": \"L2.H2\", \"weight\": 1}");
        for (const auto& [k, v] : g.items())
            if (k != "gather" && k != "aggregate" && k != "weight")
                r.fail("attention_guide." + k, "is not a recipe key");
        for (const Json& h : g.at("gather")) o.attention_guide.gather.push_back(r.head("attention_guide.gather", h));
        o.attention_guide.aggregate = r.head("attention_guide.aggregate", g.at("aggregate"));
        o.attention_guide.weight = g.value("weight", Json(1.0)).is_number() ? g.value("weight", 1.0) : -1.0;
        if (!(o.attention_guide.weight > 0)) r.fail("attention_guide.weight", "must be a number above 0");
    }
    if (r.has("tokenizer")) o.tokenizer = relative_to(base, r.text("tokenizer", ""));
    if (r.has("init_from")) {
        const std::string from = r.text("init_from", "");
        if (from == "previous stage") {
            if (first) r.fail("init_from", "is \"previous stage\" in the first stage, which has none");
            s.from_previous = true;
        } else {
            o.init_from = relative_to(base, from);
        }
    }
    if (r.has("reinit_layers")) {
        const Json& v = r.value("reinit_layers");
        if (!v.is_array()) r.fail("reinit_layers", "must be a list of layer numbers, e.g. [2]");
        for (const Json& l : v) {
            if (!l.is_number_integer() || l.get<int>() < 0)
                r.fail("reinit_layers", "must list layer numbers, not " + l.dump());
            o.reinit_layers.push_back(l.get<int>());
        }
    }
    r.check_all_known();
    return s;
}

}  // namespace

std::vector<RecipeStage> parse_recipe(const Json& recipe, const std::string& where, const fs::path& base) {
    if (!recipe.is_object()) throw Error(where + ": a recipe must be a JSON object");
    std::vector<RecipeStage> stages;
    if (!recipe.contains("stages")) {
        stages.push_back(read_stage(recipe, where, base, true));
        return stages;
    }
    for (const auto& [k, v] : recipe.items())
        if (k != "stages" && k != "description")
            throw Error(where + ": key '" + k + "' is not a recipe key beside \"stages\"; put it in a stage");
    const Json& list = recipe.at("stages");
    if (!list.is_array() || list.empty()) throw Error(where + ": key 'stages' must be a non-empty list of stages");
    for (std::size_t k = 0; k < list.size(); ++k)
        stages.push_back(read_stage(list[k], where + ", stage " + std::to_string(k + 1), base, k == 0));
    return stages;
}

std::vector<RecipeStage> read_recipe(const fs::path& file) {
    if (!fs::is_regular_file(file))
        throw Error(file.string() +
                    ": no such recipe file; give a recipe.json such as "
                    "resources/demo-models/transformer/recipe.json");
    return parse_recipe(read_json_file(file), file.string(), file.parent_path());
}

fs::path stage_dir(const fs::path& out, std::size_t stage, std::size_t stages) {
    return stage + 1 == stages ? out : out / ("stage-" + std::to_string(stage + 1));
}

}  // namespace gna::train
