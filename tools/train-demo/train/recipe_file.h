#pragma once
// A demo model's recipe file (resources/demo-models/<name>/recipe.json): the training options that
// reproduce it, as JSON keys (docs/demo-models.md lists them). Either one stage (an object with
// "architecture") or {"stages": [...]}, where a later stage may start from the previous stage's
// weights ("init_from": "previous stage"). Torch-free.
#include <filesystem>
#include <string>
#include <vector>

#include "gna/json.h"
#include "train/train_demo.h"

namespace gna::train {

struct RecipeStage {
    TrainOptions options;  // out is left empty: the runner decides where each stage goes
    bool from_previous = false;  // init_from the previous stage's output
};

// Reads a recipe; paths in it (tokenizer, init_from) are relative to the recipe's folder. Throws
// gna::Error naming the file, the key and what is wrong (unknown keys included).
std::vector<RecipeStage> read_recipe(const std::filesystem::path& file);
// The same from parsed JSON; `where` names the source in error messages.
std::vector<RecipeStage> parse_recipe(const Json& recipe, const std::string& where,
                                      const std::filesystem::path& base = {});

// The output folder of each stage: the last stage writes `out`, stage k < last writes out/stage-k
// (1-based), from which the next stage starts.
std::filesystem::path stage_dir(const std::filesystem::path& out, std::size_t stage, std::size_t stages);

}  // namespace gna::train
