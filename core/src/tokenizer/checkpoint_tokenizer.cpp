// The tokenizer of a checkpoint: its own files, another folder's (--tokenizer), or ids only for
// checkpoints shipped with weights and config alone.
#include <algorithm>
#include <filesystem>

#include "gna/error.h"
#include "gna/tokenizer.h"

namespace gna {
namespace {

class IdOnlyTokenizer final : public Tokenizer {
public:
    IdOnlyTokenizer(std::filesystem::path checkpoint, int vocab_size, std::vector<int> eos, std::optional<int> bos)
        : checkpoint_(std::move(checkpoint)), vocab_size_(vocab_size), eos_(std::move(eos)), bos_(bos) {}

    std::vector<int> encode(std::string_view, bool) const override {
        // The studio words the remedy in its own terms (app/studio/core_errors.cpp): the format is its key.
        throw Error(
            "%1 holds no tokenizer files (tokenizer.json or tokenizer.model), so text cannot be turned into "
            "tokens. Pass the tokenizer folder of the model family with --tokenizer DIR (state-spaces/mamba-* "
            "checkpoints use EleutherAI/gpt-neox-20b's tokenizer), or give token ids (gna run --input-ids 1,2,3).",
            {checkpoint_.string()});
    }
    std::string decode(const std::vector<int>& ids, bool) const override {
        std::string out;
        for (std::size_t i = 0; i < ids.size(); ++i) out += (i ? " " : "") + display(ids[i]);
        return out;
    }
    std::string piece(int id) const override { return display(id); }
    std::string display(int id) const override { return "#" + std::to_string(id); }
    std::optional<int> piece_to_id(std::string_view) const override { return std::nullopt; }
    int vocab_size() const override { return vocab_size_; }
    std::optional<int> bos_id() const override { return bos_; }
    std::vector<int> eos_ids() const override { return eos_; }
    bool is_special(int id) const override {
        return (bos_ && id == *bos_) || std::find(eos_.begin(), eos_.end(), id) != eos_.end();
    }
    std::string kind() const override { return "none"; }

private:
    std::filesystem::path checkpoint_;
    int vocab_size_;
    std::vector<int> eos_;
    std::optional<int> bos_;
};

}  // namespace

bool has_tokenizer_files(const std::filesystem::path& dir) {
    std::error_code ec;
    return std::filesystem::is_regular_file(dir / "tokenizer.json", ec) ||
        std::filesystem::is_regular_file(dir / "tokenizer.model", ec);
}

std::unique_ptr<Tokenizer> make_id_only_tokenizer(const std::filesystem::path& checkpoint, int vocab_size,
                                                  std::vector<int> eos_ids, std::optional<int> bos_id) {
    return std::make_unique<IdOnlyTokenizer>(checkpoint, vocab_size, std::move(eos_ids), bos_id);
}

std::unique_ptr<Tokenizer> load_checkpoint_tokenizer(const std::filesystem::path& checkpoint,
                                                     const std::filesystem::path& tokenizer_dir, int vocab_size,
                                                     std::vector<int> eos_ids, std::optional<int> bos_id) {
    if (!tokenizer_dir.empty()) {
        std::error_code ec;
        if (!std::filesystem::is_directory(tokenizer_dir, ec) || !has_tokenizer_files(tokenizer_dir)) {
            throw Error(
                "--tokenizer %1: not a folder holding tokenizer.json or tokenizer.model. Give the folder of a "
                "checkpoint (or a tokenizer-only download) of the same model family.",
                {tokenizer_dir.string()});
        }
        return load_tokenizer(tokenizer_dir);
    }
    if (has_tokenizer_files(checkpoint)) return load_tokenizer(checkpoint);
    return make_id_only_tokenizer(checkpoint, vocab_size, std::move(eos_ids), bos_id);
}

}  // namespace gna
