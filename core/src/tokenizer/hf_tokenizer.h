#pragma once
// Tokenizer for Hugging Face tokenizer.json files with a BPE model (ByteLevel or Metaspace /
// byte-fallback flavour).
#include <filesystem>
#include <memory>

#include "gna/error.h"
#include "gna/tokenizer.h"
#include "tokenizer/special_config.h"

namespace gna::tok {

// tokenizer.json holds a model type other than BPE (Unigram, WordPiece): the caller may fall
// back to tokenizer.model.
class UnsupportedTokenizerModel : public Error {
public:
    using Error::Error;
};

std::unique_ptr<Tokenizer> load_tokenizer_json(const std::filesystem::path& file, const SpecialConfig& config);

}  // namespace gna::tok
