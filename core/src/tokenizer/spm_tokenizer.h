#pragma once
// Tokenizer over a SentencePiece tokenizer.model, through the plugin.
#include <filesystem>
#include <memory>

#include "gna/tokenizer.h"
#include "tokenizer/special_config.h"

namespace gna::tok {

std::unique_ptr<Tokenizer> load_sentencepiece_model(const std::filesystem::path& file, const SpecialConfig& config);

}  // namespace gna::tok
