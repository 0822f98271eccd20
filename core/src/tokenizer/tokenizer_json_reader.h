#pragma once
// Reads a tokenizer.json quickly: the BPE vocabulary and merges (nearly all of a large file) are
// scanned straight into their tables; only the rest goes through the JSON tree.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gna/json.h"
#include "tokenizer/bpe_model.h"

namespace gna::tok {

struct BpeTables {
    VocabList vocab;
    std::vector<std::pair<std::string, std::string>> merges;
};

struct TokenizerJson {
    Json rest;  // the file with model.vocab and model.merges emptied when tables is set
    std::optional<BpeTables> tables;  // set when both were scanned directly
};

// Parses tokenizer.json text. Malformed vocab or merges entries throw gna::Error naming `file`
// and the key; a layout the scanner does not expect falls back to the plain JSON parser.
TokenizerJson read_tokenizer_json(std::string_view text, const std::string& file);

}  // namespace gna::tok
