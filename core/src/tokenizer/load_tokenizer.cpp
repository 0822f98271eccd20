// load_tokenizer: picks tokenizer.json (BPE) or tokenizer.model (SentencePiece) in a checkpoint
// folder and reads the special-token side files.
#include <filesystem>

#include "gna/error.h"
#include "gna/tokenizer.h"
#include "tokenizer/hf_tokenizer.h"
#include "tokenizer/special_config.h"
#include "tokenizer/spm_tokenizer.h"

namespace gna {

std::unique_ptr<Tokenizer> load_tokenizer(const std::filesystem::path& dir) {
    namespace fs = std::filesystem;
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        throw Error("tokenizer: " + dir.string() +
                    " is not a folder. Pass the checkpoint folder that holds "
                    "tokenizer.json or tokenizer.model.");
    }
    const fs::path json = dir / "tokenizer.json";
    const fs::path model = dir / "tokenizer.model";
    const bool has_json = fs::is_regular_file(json, ec);
    const bool has_model = fs::is_regular_file(model, ec);
    if (!has_json && !has_model) {
        throw Error("tokenizer: " + dir.string() +
                    " holds neither tokenizer.json nor tokenizer.model. Copy the "
                    "tokenizer files of the checkpoint into this folder, or pass --tokenizer DIR with the folder of "
                    "another checkpoint of the same family (state-spaces/mamba-* use EleutherAI/gpt-neox-20b's).");
    }
    const tok::SpecialConfig config = tok::read_special_config(dir);
    if (has_json) {
        try {
            return tok::load_tokenizer_json(json, config);
        } catch (const tok::UnsupportedTokenizerModel&) {
            if (!has_model) throw;  // Unigram / WordPiece tokenizer.json: SentencePiece model if there is one
        }
    }
    return tok::load_sentencepiece_model(model, config);
}

}  // namespace gna
