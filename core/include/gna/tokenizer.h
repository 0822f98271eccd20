#pragma once
// Tokenizers for Hugging Face checkpoints, torch-free:
//  - tokenizer.json BPE, ByteLevel flavour (GPT-2 / Llama-3: regex pre-tokenizer, ignore_merges)
//  - tokenizer.json BPE, Metaspace / byte-fallback flavour (Llama-2 / Mistral style)
//  - SentencePiece tokenizer.model, through an isolated plugin (libsentencepiece clashes with
//    libtorch's protobuf; see core/src/spm_plugin/spm_plugin.cpp).
// Special tokens and BOS/EOS come from tokenizer.json and tokenizer_config.json.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gna {

class Tokenizer {
public:
    virtual ~Tokenizer() = default;

    // Text -> ids. With add_special, prepends BOS (and appends EOS) exactly as the Hugging Face
    // tokenizer's post-processor / add_bos_token setting would. Added/special tokens written in
    // the text are recognised. Throws gna::Error on text that is not valid UTF-8.
    virtual std::vector<int> encode(std::string_view text, bool add_special = true) const = 0;
    // Ids -> text (byte-level pieces joined, Metaspace turned back into spaces, byte fallback
    // <0xNN> decoded). skip_special drops special tokens.
    virtual std::string decode(const std::vector<int>& ids, bool skip_special = false) const = 0;
    // The vocabulary entry as stored ("Ġthe", "▁the", "<0x0A>"); empty if out of range.
    virtual std::string piece(int id) const = 0;
    // A readable label for axis ticks: the decoded text of the single token, with a leading
    // space shown as "␣" and newline as "⏎", tab as "⇥"; special tokens as written (<s>).
    virtual std::string display(int id) const;
    virtual std::optional<int> piece_to_id(std::string_view piece) const = 0;
    virtual int vocab_size() const = 0;
    virtual std::optional<int> bos_id() const = 0;
    virtual std::vector<int> eos_ids() const = 0;  // every id that ends generation
    virtual bool is_special(int id) const = 0;
    virtual std::string kind() const = 0;  // "bpe-bytelevel", "bpe-metaspace", "sentencepiece"
};

// Loads dir/tokenizer.json (preferred) or dir/tokenizer.model, plus tokenizer_config.json and
// special_tokens_map.json / generation_config.json when present. Throws gna::Error naming the file.
std::unique_ptr<Tokenizer> load_tokenizer(const std::filesystem::path& dir);

// True when `dir` holds tokenizer.json or tokenizer.model.
bool has_tokenizer_files(const std::filesystem::path& dir);

// A stand-in for checkpoints shipped without tokenizer files (state-spaces/mamba-*, many converted
// checkpoints): ids only. encode() throws a gna::Error that names `checkpoint` and says to pass a
// tokenizer folder or token ids; display() and decode() show ids as "#123"; kind() is "none".
std::unique_ptr<Tokenizer> make_id_only_tokenizer(const std::filesystem::path& checkpoint, int vocab_size,
                                                  std::vector<int> eos_ids, std::optional<int> bos_id);

// The tokenizer a checkpoint is used with: `tokenizer_dir` when given (the --tokenizer option),
// else the checkpoint folder's own files, else the id-only stand-in (vocab_size and the special
// ids from config.json). Throws gna::Error when `tokenizer_dir` is given but unusable.
std::unique_ptr<Tokenizer> load_checkpoint_tokenizer(const std::filesystem::path& checkpoint,
                                                     const std::filesystem::path& tokenizer_dir, int vocab_size,
                                                     std::vector<int> eos_ids, std::optional<int> bos_id);

// True when `text` is valid UTF-8.
bool is_valid_utf8(std::string_view text);

// Writes a byte-level BPE tokenizer (tokenizer.json, tokenizer_config.json) into `dir`, trained
// with `num_merges` greedy BPE merges on `corpus` (GPT-2 byte mapping, Llama-3 style pre-tokenizer,
// special tokens <|begin_of_text|> and <|end_of_text|> after the learned vocabulary). Used by
// make-tiny-model. Deterministic for a given corpus.
struct WrittenTokenizer {
    int vocab_size;
    int bos_id;
    int eos_id;
};
WrittenTokenizer write_bytelevel_bpe_tokenizer(const std::filesystem::path& dir, std::string_view corpus,
                                               int num_merges);

// Trains a SentencePiece model through the plugin (SentencePieceTrainer::Train's command-line
// arguments, e.g. "--input=corpus.txt --model_prefix=dir/tokenizer --vocab_size=100"). `quiet`
// keeps the trainer's progress log off stderr. Throws gna::Error with the trainer's message.
void train_sentencepiece(const std::string& trainer_args, bool quiet = true);

// Where the SentencePiece plugin was found (GNA_SPM_PLUGIN, next to the executable, ../lib/gna,
// the build or install folder). Throws gna::Error listing the places searched.
std::filesystem::path sentencepiece_plugin_path();

}  // namespace gna
