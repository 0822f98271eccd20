#pragma once
// What tokenizer_config.json, special_tokens_map.json and generation_config.json say about
// special tokens: BOS/EOS names, add_bos_token / add_eos_token, extra added tokens.
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tokenizer/added_tokens.h"

namespace gna::tok {

struct SpecialConfig {
    std::optional<std::string> bos_token, eos_token, unk_token;
    std::optional<bool> add_bos_token, add_eos_token;
    std::string tokenizer_class;
    std::optional<int> generation_bos_id;
    std::vector<int> generation_eos_ids;
    std::vector<AddedToken> added_tokens_decoder;  // tokenizer_config.json "added_tokens_decoder"
};

// Reads the optional side files in `dir`; missing files leave fields empty. Throws gna::Error
// naming the file and key for files that are present but malformed.
SpecialConfig read_special_config(const std::filesystem::path& dir);

// Tokenizer classes whose Hugging Face fast tokenizer rebuilds its post-processor from
// add_bos_token / add_eos_token (Llama, CodeLlama, Gemma): for them the flags decide.
bool class_follows_bos_flags(const std::string& tokenizer_class);

// Appends `id` to `ids` unless already present.
void push_unique(std::vector<int>& ids, int id);

}  // namespace gna::tok
