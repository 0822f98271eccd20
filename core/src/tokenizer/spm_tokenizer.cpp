#include "tokenizer/spm_tokenizer.h"

#include <unordered_map>

#include "gna/error.h"
#include "tokenizer/added_tokens.h"
#include "tokenizer/bpe_model.h"
#include "tokenizer/display.h"
#include "tokenizer/file_tokenizer.h"
#include "tokenizer/normalizer.h"
#include "tokenizer/spm_plugin_loader.h"
#include "tokenizer/utf8.h"

namespace gna::tok {
namespace {

constexpr const char* kMetaspace = "\xE2\x96\x81";  // ▁

class SpmTokenizer final : public FileTokenizer {
public:
    SpmTokenizer(const std::filesystem::path& file, const SpecialConfig& config);
    ~SpmTokenizer() override { api_.free(handle_); }
    SpmTokenizer(const SpmTokenizer&) = delete;
    SpmTokenizer& operator=(const SpmTokenizer&) = delete;

    std::vector<int> encode(std::string_view text, bool add_special) const override;
    std::string decode(const std::vector<int>& ids, bool skip_special) const override;
    std::string piece(int id) const override;
    std::string display(int id) const override;
    std::optional<int> piece_to_id(std::string_view piece) const override;
    bool is_special(int id) const override;
    std::string kind() const override { return "sentencepiece"; }

private:
    void init(const SpecialConfig& config);
    void encode_plain(std::string_view text, std::vector<int>& out) const;
    void decode_plain(const std::vector<int>& ids, std::string& out) const;

    const SpmApi& api_;
    gna_spm* handle_ = nullptr;
    int model_size_ = 0;
    std::unordered_map<int, AddedToken> added_;  // control pieces and tokenizer_config's added tokens
    PieceMap added_by_content_;
    AddedTokenMatcher matcher_;
    bool add_bos_ = true, add_eos_ = false;
};

SpmTokenizer::SpmTokenizer(const std::filesystem::path& file, const SpecialConfig& config)
    : FileTokenizer(file.string()), api_(spm_api()) {
    handle_ = api_.load(file_.c_str());
    if (!handle_) {
        throw Error(file_ + ": not a readable SentencePiece model (" + api_.last_error() +
                    "). Re-download tokenizer.model.");
    }
    try {
        init(config);
    } catch (...) {
        api_.free(handle_);
        throw;
    }
}

void SpmTokenizer::init(const SpecialConfig& config) {
    model_size_ = vocab_size_ = api_.vocab_size(handle_);
    // Control pieces (<s>, </s>) written in the text are recognised, as Hugging Face's slow
    // tokenizers do; so are the added tokens that tokenizer_config.json lists.
    std::vector<AddedToken> tokens;
    for (int id = 0; id < model_size_; ++id) {
        if (api_.piece_kind(handle_, id) != GNA_SPM_CONTROL) continue;
        AddedToken t;
        t.id = id;
        t.content = piece(id);
        t.special = true;
        tokens.push_back(t);
    }
    for (const AddedToken& t : config.added_tokens_decoder) tokens.push_back(t);
    for (const AddedToken& t : tokens) {
        added_[t.id] = t;
        added_by_content_[t.content] = t.id;
        vocab_size_ = std::max(vocab_size_, t.id + 1);
    }
    matcher_ = AddedTokenMatcher(tokens);

    if (config.bos_token) bos_ = piece_to_id(*config.bos_token);
    if (!bos_ && api_.bos_id(handle_) >= 0) bos_ = api_.bos_id(handle_);
    if (config.eos_token) {
        if (auto id = piece_to_id(*config.eos_token)) push_unique(eos_, *id);
    }
    if (eos_.empty() && api_.eos_id(handle_) >= 0) eos_.push_back(api_.eos_id(handle_));
    for (int id : config.generation_eos_ids) push_unique(eos_, id);
    add_bos_ = config.add_bos_token.value_or(true);
    add_eos_ = config.add_eos_token.value_or(false);
}

std::string SpmTokenizer::piece(int id) const {
    if (auto it = added_.find(id); it != added_.end()) return it->second.content;
    const char* p = nullptr;
    std::size_t len = 0;
    if (api_.piece(handle_, id, &p, &len) != 0) return {};
    return std::string(p, len);
}

std::optional<int> SpmTokenizer::piece_to_id(std::string_view piece) const {
    if (auto it = added_by_content_.find(piece); it != added_by_content_.end()) return it->second;
    const int id = api_.piece_to_id(handle_, piece.data(), piece.size());
    if (id < 0) return std::nullopt;
    return id;
}

bool SpmTokenizer::is_special(int id) const {
    if (auto it = added_.find(id); it != added_.end()) return it->second.special;
    if (id < 0 || id >= model_size_) return false;
    const int kind = api_.piece_kind(handle_, id);
    return kind == GNA_SPM_CONTROL || kind == GNA_SPM_UNKNOWN;
}

void SpmTokenizer::encode_plain(std::string_view text, std::vector<int>& out) const {
    int* ids = nullptr;
    std::size_t n = 0;
    if (api_.encode(handle_, text.data(), text.size(), &ids, &n) != 0) {
        throw Error(file_ + ": SentencePiece could not encode the text (" + api_.last_error() + ")");
    }
    out.insert(out.end(), ids, ids + n);
    api_.free_buffer(ids);
}

void SpmTokenizer::decode_plain(const std::vector<int>& ids, std::string& out) const {
    if (ids.empty()) return;
    char* text = nullptr;
    std::size_t len = 0;
    if (api_.decode(handle_, ids.data(), ids.size(), &text, &len) != 0) {
        throw Error(file_ + ": SentencePiece could not decode the ids (" + api_.last_error() + ")");
    }
    out.append(text, len);
    api_.free_buffer(text);
}

std::vector<int> SpmTokenizer::encode(std::string_view text, bool add_special) const {
    require_utf8(text, file_);
    std::vector<int> out;
    if (add_special && add_bos_ && bos_) out.push_back(*bos_);
    for (const Segment& seg : matcher_.split(text)) {
        if (seg.token_id >= 0)
            out.push_back(seg.token_id);
        else if (!seg.text.empty())
            encode_plain(seg.text, out);
    }
    if (add_special && add_eos_ && !eos_.empty()) out.push_back(eos_.front());
    return out;
}

std::string SpmTokenizer::decode(const std::vector<int>& ids, bool skip_special) const {
    // Runs of ordinary pieces go through SentencePiece; added and control tokens are written as
    // they are (or dropped with skip_special).
    std::string out;
    std::vector<int> run;
    for (int id : ids) {
        auto it = added_.find(id);
        if (it == added_.end() && is_special(id)) {
            // <unk>: SentencePiece renders it itself unless asked to skip specials.
            if (!skip_special) run.push_back(id);
            continue;
        }
        if (it == added_.end()) {
            if (id >= 0 && id < model_size_) run.push_back(id);
            continue;
        }
        if (skip_special && it->second.special) continue;
        decode_plain(run, out);
        run.clear();
        out += it->second.content;
    }
    decode_plain(run, out);
    return out;
}

std::string SpmTokenizer::display(int id) const {
    if (is_special(id)) return piece(id);
    if (auto it = added_.find(id); it != added_.end()) return display_label(it->second.content);
    const std::string p = piece(id);
    if (p.empty()) return {};
    if (api_.piece_kind(handle_, id) == GNA_SPM_BYTE && p.size() == 6) {
        const int b = std::stoi(p.substr(3, 2), nullptr, 16);
        return display_label(std::string(1, static_cast<char>(b)));
    }
    return display_label(replace_all(p, kMetaspace, " "));
}

}  // namespace

std::unique_ptr<Tokenizer> load_sentencepiece_model(const std::filesystem::path& file, const SpecialConfig& config) {
    return std::make_unique<SpmTokenizer>(file, config);
}

}  // namespace gna::tok
