// The shipped demos' recipe files (resources/demo-models/<name>/recipe.json): each parses to exactly the
// options its model card records (the card's command, read here by hand), bad recipes are refused
// naming the key, and gna-train-demo runs a shipped recipe for a few steps into the shipped shape and
// tokenizer.
#include <QtTest/QtTest>

#include <cstdlib>
#include <map>
#include <sstream>

#include "gna/json.h"
#include "gna/model.h"
#include "train/recipe_file.h"
#include "train_test_util.h"

using namespace gna::train_test;

namespace {

const fs::path kDemos = fs::path(GNA_SOURCE_DIR) / "resources" / "demo-models";

// The options a card's command line ("gna train-demo --recipe transformer --seed 1 ... --out DIR", the
// CLI the shipped demos were trained with) sets on top of TrainOptions' defaults, read flag by flag.
// from_previous: the command has --init-from (the stage before it in the recipe).
gna::TrainOptions options_of_command(const std::string& command, bool* from_previous) {
    std::istringstream in(command);
    std::vector<std::string> words;
    for (std::string w; in >> w;) words.push_back(w);
    if (words.size() < 2 || words[0] != "gna" || words[1] != "train-demo")
        throw std::runtime_error("not a train-demo command: " + command);
    gna::TrainOptions o;
    *from_previous = false;
    for (std::size_t i = 2; i + 1 < words.size(); i += 2) {
        const std::string& flag = words[i];
        const std::string& v = words[i + 1];
        if (flag == "--recipe")
            o.recipe = v;
        else if (flag == "--seed")
            o.seed = std::stoull(v);
        else if (flag == "--steps")
            o.steps = std::stoi(v);
        else if (flag == "--summary-bottleneck")
            o.summary_bottleneck = std::stod(v);
        else if (flag == "--guide-weight")
            o.attention_guide.weight = std::stod(v);
        else if (flag == "--init-from")
            *from_previous = true;
        else if (flag == "--out")
            continue;
        else if (flag == "--guide-heads") {
            // "1.3,1.1,2.2": the Gather heads, then the Aggregate head.
            std::vector<std::pair<int, int>> heads;
            std::istringstream list(v);
            for (std::string part; std::getline(list, part, ',');)
                heads.emplace_back(std::stoi(part.substr(0, part.find('.'))),
                                   std::stoi(part.substr(part.find('.') + 1)));
            o.attention_guide.aggregate = heads.back();
            heads.pop_back();
            o.attention_guide.gather = heads;
        } else {
            throw std::runtime_error("this test does not know the card's flag " + flag + "; teach it");
        }
    }
    return o;
}

// Every field of TrainOptions that a recipe can set; "" when equal, else the first difference.
std::string difference(const gna::TrainOptions& a, const gna::TrainOptions& b) {
    std::ostringstream d;
    auto cmp = [&](const char* name, const auto& x, const auto& y) {
        if (d.str().empty() && !(x == y)) d << name << " differs";
    };
    cmp("architecture", a.recipe, b.recipe);
    cmp("world", a.world, b.world);
    cmp("tokenizer", a.tokenizer, b.tokenizer);
    cmp("init_from", a.init_from, b.init_from);
    cmp("reinit_layers", a.reinit_layers, b.reinit_layers);
    cmp("seed", a.seed, b.seed);
    cmp("steps", a.steps, b.steps);
    cmp("layers", a.layers, b.layers);
    cmp("hidden", a.hidden, b.hidden);
    cmp("heads", a.heads, b.heads);
    cmp("intermediate", a.intermediate, b.intermediate);
    cmp("vocab", a.vocab, b.vocab);
    cmp("context", a.context, b.context);
    cmp("batch", a.batch, b.batch);
    cmp("lr", a.lr, b.lr);
    cmp("head_dim", a.head_dim, b.head_dim);
    cmp("tie_embeddings", a.tie_embeddings, b.tie_embeddings);
    cmp("head_dropout", a.head_dropout, b.head_dropout);
    cmp("head_dropout_layers", a.head_dropout_layers, b.head_dropout_layers);
    cmp("mem_rope", a.mem_rope, b.mem_rope);
    cmp("embed_shared", a.embed_shared, b.embed_shared);
    cmp("warmup", a.warmup, b.warmup);
    cmp("kv_warmup", a.kv_warmup, b.kv_warmup);
    cmp("kv_until_accuracy", a.kv_until_accuracy, b.kv_until_accuracy);
    cmp("mmlu_focus", a.mmlu_focus, b.mmlu_focus);
    cmp("mmlu_until_accuracy", a.mmlu_until_accuracy, b.mmlu_until_accuracy);
    cmp("mixed_letters", a.mixed_letters, b.mixed_letters);
    cmp("summary_bottleneck", a.summary_bottleneck, b.summary_bottleneck);
    cmp("summary_bottleneck_kv", a.summary_bottleneck_kv, b.summary_bottleneck_kv);
    cmp("kv_late_lookup", a.late_lookup, b.late_lookup);
    cmp("summary_readout_layer", a.summary_readout_layer, b.summary_readout_layer);
    cmp("summary_gather", a.summary_gather, b.summary_gather);
    cmp("attention_guide.gather", a.attention_guide.gather, b.attention_guide.gather);
    cmp("attention_guide.aggregate", a.attention_guide.aggregate, b.attention_guide.aggregate);
    cmp("attention_guide.weight", a.attention_guide.weight, b.attention_guide.weight);
    cmp("kv_repeat_keys", a.kv_repeat_keys, b.kv_repeat_keys);
    cmp("kv_context_weight", a.kv_context_weight, b.kv_context_weight);
    return d.str();
}

std::string recipe_error(const gna::Json& recipe) {
    try {
        gna::train::parse_recipe(recipe, "test.json");
    } catch (const gna::Error& e) {
        return e.what();
    }
    return {};
}

// Runs gna-train-demo with `args`; its exit status, the output in *out.
int run_tool(const std::string& args, std::string* out) {
    const fs::path log = fs::path(GNA_TEST_DATA_DIR) / "train" / "tool.log";
    fs::create_directories(log.parent_path());
    const int rc = std::system(
        (std::string("\"") + GNA_TRAIN_DEMO_PATH + "\" " + args + " > \"" + log.string() + "\" 2>&1").c_str());
    *out = read_bytes(log);
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

}  // namespace

class TestRecipes : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void shippedRecipesMatchTheirCards() {
        int checked = 0;
        for (const char* name : {"transformer", "ssm", "hybrid"}) {
            const fs::path dir = kDemos / name;
            const gna::Json card = gna::Json::parse(read_bytes(dir / "model_card.json"));
            // The stages the card records: the run itself, after the run its weights came from (if any).
            std::vector<gna::TrainOptions> want;
            std::vector<bool> want_previous;
            bool previous = false;
            const gna::TrainOptions last = options_of_command(card.at("command").get<std::string>(), &previous);
            if (previous) {
                bool before = false;
                want.push_back(
                    options_of_command(card.at("training").at("initialised_from_command").get<std::string>(), &before));
                want_previous.push_back(before);
                QVERIFY2(!before, name);  // the chain starts from a seed
            }
            want.push_back(last);
            want_previous.push_back(previous);

            const auto stages = gna::train::read_recipe(dir / "recipe.json");
            QCOMPARE(stages.size(), want.size());
            for (std::size_t k = 0; k < stages.size(); ++k) {
                const std::string diff = difference(stages[k].options, want[k]);
                QVERIFY2(diff.empty(), (std::string(name) + " stage " + std::to_string(k + 1) + ": " + diff).c_str());
                QCOMPARE(stages[k].from_previous, bool(want_previous[k]));
            }
            // The card's data section agrees with the last stage (the world, the bottleneck, the guide).
            const gna::TrainOptions& o = stages.back().options;
            const gna::Json& data = card.at("data");
            QCOMPARE(data.value("options", std::string("words")), o.world.empty() ? std::string("words") : o.world);
            QCOMPARE(data.value("summary_bottleneck", 0.0), std::max(0.0, o.summary_bottleneck));
            QCOMPARE(card.at("seed").get<uint64_t>(), o.seed);
            QCOMPARE(card.at("training").at("steps").get<int>(), o.steps);
            QCOMPARE(data.contains("attention_guide") && data["attention_guide"].is_object(),
                     o.attention_guide.weight > 0);
            ++checked;
        }
        QCOMPARE(checked, 3);
    }

    void badRecipesNameTheKey() {
        const gna::Json good = {{"architecture", "transformer"}, {"seed", 1}, {"steps", 10}};
        QVERIFY(recipe_error(good).empty());
        struct Case {
            gna::Json recipe;
            std::string want;
        };
        gna::Json typo = good;
        typo["kv_warmpu"] = 10;
        gna::Json fraction = good;
        fraction["summary_bottleneck"] = 1.5;
        gna::Json head = good;
        head["attention_guide"] = {{"gather", {"one.three"}}, {"aggregate", "L2.H2"}};
        gna::Json first = good;
        first["init_from"] = "previous stage";
        gna::Json text = good;
        text["steps"] = "ten";
        const std::vector<Case> cases = {
            {typo, "test.json: key 'kv_warmpu' is not a recipe key"},
            {fraction, "test.json: key 'summary_bottleneck' must be a number from 0"},
            {head, "test.json: key 'attention_guide.gather' has a head that is not LAYER.HEAD"},
            {first, "test.json: key 'init_from' is \"previous stage\" in the first stage"},
            {text, "test.json: key 'steps' must be a whole number"},
            {gna::Json{{"seed", 1}}, "test.json: key 'architecture' must be"},
            {gna::Json{{"stages", gna::Json::array({good, typo})}}, "test.json, stage 2: key 'kv_warmpu'"},
            {gna::Json{{"stages", gna::Json::array()}}, "test.json: key 'stages' must be a non-empty list"},
        };
        for (const Case& c : cases) {
            const std::string e = recipe_error(c.recipe);
            QVERIFY2(e.rfind(c.want, 0) == 0, ("got: " + e + "\nwanted: " + c.want).c_str());
        }
        try {
            gna::train::read_recipe(fs::path(GNA_TEST_DATA_DIR) / "no-such-recipe.json");
            QFAIL("a missing recipe file was accepted");
        } catch (const gna::Error& e) {
            QVERIFY2(std::string(e.what()).find("no-such-recipe.json: no such recipe file") != std::string::npos,
                     e.what());
        }
    }

    void cardRecipeOptionsReadBack() {
        // A card's recipe_options, read as a recipe, give the run's options again.
        const fs::path dir = fresh_dir("recipe_card");
        gna::TrainOptions o = tiny(dir);
        o.steps = 2;
        o.evaluate = true;
        o.eval_samples = 2;
        o.summary_bottleneck = 0.5;
        o.attention_guide = {{{0, 1}}, {0, 0}, 2.0};
        gna::train_demo(o);
        const gna::Json card = gna::Json::parse(read_bytes(dir / "model_card.json"));
        const auto stages = gna::train::parse_recipe(card.at("recipe_options"), "card");
        QCOMPARE(stages.size(), std::size_t(1));
        const gna::TrainOptions& got = stages[0].options;
        QCOMPARE(got.summary_bottleneck, 0.5);
        QCOMPARE(got.attention_guide.gather, (std::vector<std::pair<int, int>>{{0, 1}}));
        QCOMPARE(got.attention_guide.aggregate, (std::pair<int, int>{0, 0}));
        QCOMPARE(got.attention_guide.weight, 2.0);
        QCOMPARE(got.seed, uint64_t{7});
        QCOMPARE(got.steps, 2);
        // The trainer wrote the tour's questions next to the card: an MMLU-format prompt each, letters A-D.
        const gna::Json q = gna::Json::parse(read_bytes(dir / "mmlu_format_questions.json"));
        QCOMPARE(int(q.size()), 100);  // kDemoQuestions
        for (const gna::Json& item : q) {
            const std::string prompt = item.at("prompt").get<std::string>();
            QVERIFY2(prompt.size() > 7 && prompt.substr(prompt.size() - 7) == "Answer:", prompt.c_str());
            QCOMPARE(item.at("choices"), gna::Json({" A", " B", " C", " D"}));
            const int answer = item.at("answer").get<int>();
            QVERIFY(answer >= 0 && answer < 4);
            for (const char* line : {"\nA. ", "\nB. ", "\nC. ", "\nD. "})
                QVERIFY2(prompt.find(line) != std::string::npos, prompt.c_str());
        }
    }

    void shippedQuestionsAreTheWorlds() {
        // The shipped demos' question files are what --write-questions writes from their cards today.
        for (const char* name : {"transformer", "ssm", "hybrid"}) {
            const fs::path dir = fresh_dir(std::string("questions_") + name);
            fs::copy_file(kDemos / name / "model_card.json", dir / "model_card.json");
            std::string out;
            QCOMPARE(run_tool("--write-questions \"" + dir.string() + "\"", &out), 0);
            QVERIFY2(fs::exists(kDemos / name / "mmlu_format_questions.json"), name);
            QCOMPARE(gna::Json::parse(read_bytes(dir / "mmlu_format_questions.json")),
                     gna::Json::parse(read_bytes(kDemos / name / "mmlu_format_questions.json")));
        }
    }

    void smokeTrainingFromTheShippedRecipe() {
        // Two steps per stage of the shipped transformer recipe: both stages run (the second from the first's
        // weights), and give the shipped model's config and, seed 1, its tokenizer byte for byte.
        const fs::path out = fresh_dir("recipe_smoke");
        std::string log;
        const int rc = run_tool("--recipe \"" + (kDemos / "transformer" / "recipe.json").string() + "\" --out \"" +
                                    out.string() + "\" --steps 2 --no-eval --threads 1 --checkpoint-every 100",
                                &log);
        QVERIFY2(rc == 0, log.c_str());
        QVERIFY2(log.find("stage 1 of 2") != std::string::npos && log.find("stage 2 of 2") != std::string::npos,
                 log.c_str());
        QVERIFY(fs::exists(out / "stage-1" / "model.safetensors"));
        QVERIFY(fs::exists(out / "model.safetensors"));
        QCOMPARE(gna::Json::parse(read_bytes(out / "config.json")),
                 gna::Json::parse(read_bytes(kDemos / "transformer" / "config.json")));
        QVERIFY(read_bytes(out / "tokenizer.model") == read_bytes(kDemos / "transformer" / "tokenizer.model"));
        const auto m = gna::Model::load(out);
        QCOMPARE(m->info().architecture, std::string("LlamaForCausalLM"));

        // Usage errors: no recipe, a research option that is now a recipe key, exit 2; a bad recipe, exit 1.
        QCOMPARE(run_tool("--out \"" + out.string() + "\"", &log), 2);
        QVERIFY2(log.find("--recipe FILE is required") != std::string::npos, log.c_str());
        QCOMPARE(run_tool("--recipe x.json --out \"" + out.string() + "\" --summary-bottleneck 0.5", &log), 2);
        const fs::path bad = out / "bad.json";
        gna::write_json_file_atomic(bad, gna::Json{{"architecture", "transformer"}, {"stepz", 2}});
        QCOMPARE(run_tool("--recipe \"" + bad.string() + "\" --out \"" + out.string() + "\"", &log), 1);
        QVERIFY2(log.find("bad.json: key 'stepz' is not a recipe key") != std::string::npos, log.c_str());
    }
};

QTEST_GUILESS_MAIN(TestRecipes)
#include "tst_recipes.moc"
