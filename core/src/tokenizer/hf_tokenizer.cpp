#include "tokenizer/hf_tokenizer.h"

#include <algorithm>
#include <unordered_map>

#include "gna/json.h"
#include "tokenizer/added_tokens.h"
#include "tokenizer/bpe_model.h"
#include "tokenizer/decoder.h"
#include "tokenizer/display.h"
#include "tokenizer/file_tokenizer.h"
#include "tokenizer/json_fields.h"
#include "tokenizer/normalizer.h"
#include "tokenizer/pre_tokenizer.h"
#include "tokenizer/tokenizer_json_reader.h"
#include "tokenizer/utf8.h"

namespace gna::tok {
namespace {

BpeTables tables_from_json(const Json& model, const JsonPlace& place);

// Ids that encode(add_special = true) puts around the text.
struct SpecialFrame {
    std::vector<int> prefix, suffix;
    bool from_template = false;
};

class HfTokenizer final : public FileTokenizer {
public:
    HfTokenizer(const std::filesystem::path& file, const Json& j, std::optional<BpeTables> tables,
                const SpecialConfig& config);

    std::vector<int> encode(std::string_view text, bool add_special) const override;
    std::string decode(const std::vector<int>& ids, bool skip_special) const override;
    std::string piece(int id) const override;
    std::string display(int id) const override;
    std::optional<int> piece_to_id(std::string_view piece) const override;
    bool is_special(int id) const override {
        auto it = added_by_id_.find(id);
        return it != added_by_id_.end() && added_[it->second].special;
    }
    std::string kind() const override { return kind_; }

private:
    void parse_model(const Json& model, const JsonPlace& place, std::optional<BpeTables> tables);
    void parse_added_tokens(const Json& list, const JsonPlace& place);
    SpecialFrame parse_post_processor(const Json& j, const JsonPlace& place) const;
    void encode_text(std::string_view text, bool at_start, std::vector<int>& out) const;
    const AddedToken* added(int id) const {
        auto it = added_by_id_.find(id);
        return it == added_by_id_.end() ? nullptr : &added_[it->second];
    }

    BpeModel model_;
    Normalizer normalizer_;
    PreTokenizer pre_tokenizer_;
    Decoder decoder_;
    std::vector<AddedToken> added_;
    std::unordered_map<int, std::size_t> added_by_id_;
    PieceMap added_by_content_;
    AddedTokenMatcher raw_matcher_, normalized_matcher_;
    SpecialFrame frame_;
    std::string kind_;
};

HfTokenizer::HfTokenizer(const std::filesystem::path& file, const Json& j, std::optional<BpeTables> tables,
                         const SpecialConfig& config)
    : FileTokenizer(file.string()) {
    const JsonPlace root{file_, ""};
    if (!j.is_object()) bad_value(root, "(the top level) must be an object");
    parse_model(require_key(j, "model", root), root / "model", std::move(tables));
    normalizer_ = Normalizer(j.value("normalizer", Json()), root / "normalizer");
    pre_tokenizer_ = PreTokenizer(j.value("pre_tokenizer", Json()), root / "pre_tokenizer");
    decoder_ = Decoder(j.value("decoder", Json()), root / "decoder");
    if (auto it = j.find("added_tokens"); it != j.end() && !it->is_null()) {
        parse_added_tokens(*it, root / "added_tokens");
    }
    kind_ = pre_tokenizer_.byte_level() || decoder_.byte_level() ? "bpe-bytelevel" : "bpe-metaspace";

    vocab_size_ = model_.size();
    for (const auto& t : added_) vocab_size_ = std::max(vocab_size_, t.id + 1);

    // BOS / EOS: tokenizer_config.json names them; generation_config.json adds EOS ids.
    if (config.bos_token) bos_ = piece_to_id(*config.bos_token);
    if (!bos_ && config.generation_bos_id && *config.generation_bos_id >= 0 &&
        *config.generation_bos_id < vocab_size_) {
        bos_ = config.generation_bos_id;
    }
    if (config.eos_token) {
        if (auto id = piece_to_id(*config.eos_token)) push_unique(eos_, *id);
    }
    for (int id : config.generation_eos_ids) push_unique(eos_, id);

    frame_ = parse_post_processor(j.value("post_processor", Json()), root / "post_processor");
    if (!bos_ && frame_.from_template && !frame_.prefix.empty()) bos_ = frame_.prefix.front();
    for (const char* name : {"<s>", "<|begin_of_text|>", "<bos>", "<|startoftext|>"}) {
        if (!bos_) bos_ = piece_to_id(name);
    }
    if (eos_.empty()) {
        for (const char* name : {"</s>", "<|end_of_text|>", "<eos>", "<|endoftext|>"}) {
            if (auto id = piece_to_id(name); id && eos_.empty()) eos_.push_back(*id);
        }
    }
    // Llama / Gemma fast tokenizers rebuild the template from add_bos_token / add_eos_token;
    // without a template, the flags decide for every class.
    if (class_follows_bos_flags(config.tokenizer_class) || !frame_.from_template) {
        const bool add_bos = config.add_bos_token.value_or(class_follows_bos_flags(config.tokenizer_class));
        const bool add_eos = config.add_eos_token.value_or(false);
        frame_ = SpecialFrame{};
        if (add_bos && bos_) frame_.prefix.push_back(*bos_);
        if (add_eos && !eos_.empty()) frame_.suffix.push_back(eos_.front());
    }
}

void HfTokenizer::parse_model(const Json& model, const JsonPlace& place, std::optional<BpeTables> tables) {
    const std::string type = get_optional_string(model, "type", place).value_or("BPE");
    if (type != "BPE") {
        throw UnsupportedTokenizerModel(file_ + ": key \"model.type\" is \"" + type +
                                        "\"; only BPE is read from tokenizer.json. Provide tokenizer.model "
                                        "(SentencePiece) next to it instead.");
    }
    if (!tables) tables = tables_from_json(model, place);
    for (const char* key : {"continuing_subword_prefix", "end_of_word_suffix"}) {
        if (auto v = get_optional_string(model, key, place); v && !v->empty()) {
            bad_value(place / key, "is set; BPE with word prefixes/suffixes is not supported");
        }
    }
    BpeOptions opt;
    opt.byte_fallback = get_bool(model, "byte_fallback", false, place);
    opt.fuse_unk = get_bool(model, "fuse_unk", false, place);
    opt.ignore_merges = get_bool(model, "ignore_merges", false, place);
    opt.unk_token = get_optional_string(model, "unk_token", place);
    model_ = BpeModel(std::move(tables->vocab), tables->merges, opt, file_);
}

// model.vocab and model.merges from the JSON tree (files the fast reader did not take).
BpeTables tables_from_json(const Json& model, const JsonPlace& place) {
    const Json& vocab = require_key(model, "vocab", place);
    if (!vocab.is_object()) bad_value(place / "vocab", "must be an object mapping tokens to ids");
    BpeTables t;
    t.vocab.reserve(vocab.size());
    for (const auto& [piece, id] : vocab.items()) {
        if (!id.is_number_integer() || id.get<long long>() < 0 || id.get<long long>() >= (1LL << 28)) {
            bad_value(place / "vocab" / piece, "must be an integer id between 0 and 2^28");
        }
        t.vocab.emplace_back(piece, id.get<int>());
    }
    const Json& merges = require_key(model, "merges", place);
    if (!merges.is_array()) bad_value(place / "merges", "must be a list");
    std::vector<std::pair<std::string, std::string>>& pairs = t.merges;
    pairs.reserve(merges.size());
    for (std::size_t i = 0; i < merges.size(); ++i) {
        const Json& m = merges[i];
        if (m.is_string()) {
            const auto& s = m.get_ref<const std::string&>();
            const std::size_t sp = s.find(' ');
            if (sp == std::string::npos || sp == 0 || sp + 1 >= s.size()) {
                bad_value((place / "merges").at(i), "is \"" + s + "\"; expected two tokens separated by one space");
            }
            pairs.emplace_back(s.substr(0, sp), s.substr(sp + 1));
        } else if (m.is_array() && m.size() == 2 && m[0].is_string() && m[1].is_string()) {
            pairs.emplace_back(m[0].get<std::string>(), m[1].get<std::string>());
        } else {
            bad_value((place / "merges").at(i), "must be \"a b\" or [\"a\", \"b\"]");
        }
    }
    return t;
}

void HfTokenizer::parse_added_tokens(const Json& list, const JsonPlace& place) {
    if (!list.is_array()) bad_value(place, "must be a list");
    for (std::size_t i = 0; i < list.size(); ++i) {
        const JsonPlace p = place.at(i);
        AddedToken t;
        const Json& id = require_key(list[i], "id", p);
        if (!id.is_number_integer() || id.get<long long>() < 0 || id.get<long long>() > 1'000'000'000) {
            bad_value(p / "id", "must be an id of 0 or more");
        }
        t.id = id.get<int>();
        t.content = get_string(list[i], "content", p);
        if (t.content.empty()) bad_value(p / "content", "must not be empty");
        t.special = get_bool(list[i], "special", false, p);
        t.lstrip = get_bool(list[i], "lstrip", false, p);
        t.rstrip = get_bool(list[i], "rstrip", false, p);
        t.single_word = get_bool(list[i], "single_word", false, p);
        t.normalized = get_bool(list[i], "normalized", !t.special, p);
        added_by_id_[t.id] = added_.size();
        added_by_content_[t.content] = t.id;
        added_.push_back(t);
    }
    // Two stages as the tokenizers library: tokens with normalized = false are found in the raw
    // text first; the others in the normalized text between them.
    std::vector<AddedToken> raw, normalized;
    for (const auto& t : added_) {
        if (!t.normalized) {
            raw.push_back(t);
        } else {
            AddedToken n = t;  // matched against normalized text, so normalize the pattern too
            n.content = normalizer_.apply(t.content);
            normalized.push_back(std::move(n));
        }
    }
    raw_matcher_ = AddedTokenMatcher(std::move(raw));
    normalized_matcher_ = AddedTokenMatcher(std::move(normalized));
}

SpecialFrame HfTokenizer::parse_post_processor(const Json& j, const JsonPlace& place) const {
    SpecialFrame frame;
    if (j.is_null()) return frame;
    const std::string type = get_string(j, "type", place);
    auto id_for = [&](const std::string& name, const JsonPlace& p) {
        if (auto id = piece_to_id(name)) return *id;
        bad_value(p, "names the token \"" + name + "\" that is neither in model.vocab nor in added_tokens");
    };
    if (type == "Sequence") {
        const Json& list = require_key(j, "processors", place);
        if (!list.is_array()) bad_value(place / "processors", "must be a list");
        for (std::size_t i = 0; i < list.size(); ++i) {
            SpecialFrame f = parse_post_processor(list[i], (place / "processors").at(i));
            if (f.from_template) frame = std::move(f);
        }
    } else if (type == "TemplateProcessing") {
        frame.from_template = true;
        const Json& single = require_key(j, "single", place);
        const Json specials = j.value("special_tokens", Json::object());
        // Items: {"SpecialToken": {"id": "<s>"}} / {"Sequence": {"id": "A"}}, or the string form "<s> $A".
        std::vector<std::pair<bool, std::string>> items;  // (is_sequence, special name)
        if (single.is_string()) {
            std::string s = single.get<std::string>();
            std::size_t pos = 0;
            while (pos < s.size()) {
                std::size_t e = s.find(' ', pos);
                if (e == std::string::npos) e = s.size();
                std::string item = s.substr(pos, e - pos);
                pos = e + 1;
                if (item.empty()) continue;
                if (item[0] == '$')
                    items.emplace_back(true, "");
                else
                    items.emplace_back(
                        false, item.substr(0, item.rfind(':') == std::string::npos ? item.size() : item.rfind(':')));
            }
        } else if (single.is_array()) {
            for (std::size_t i = 0; i < single.size(); ++i) {
                const JsonPlace p = (place / "single").at(i);
                if (single[i].contains("Sequence"))
                    items.emplace_back(true, "");
                else
                    items.emplace_back(false,
                                       get_string(require_key(single[i], "SpecialToken", p), "id", p / "SpecialToken"));
            }
        } else {
            bad_value(place / "single", "must be a list or a string");
        }
        bool seen_sequence = false;
        for (std::size_t i = 0; i < items.size(); ++i) {
            const auto& [is_seq, name] = items[i];
            if (is_seq) {
                seen_sequence = true;
                continue;
            }
            std::vector<int> ids;
            const JsonPlace p = place / "special_tokens" / name;
            if (specials.is_object() && specials.contains(name)) {
                const Json& entry = specials[name];
                const Json& list = require_key(entry, "ids", p);
                if (!list.is_array()) bad_value(p / "ids", "must be a list of ids");
                for (const auto& v : list) {
                    if (!v.is_number_integer()) bad_value(p / "ids", "must be a list of ids");
                    ids.push_back(v.get<int>());
                }
            } else {
                ids.push_back(id_for(name, (place / "single").at(i)));
            }
            auto& dst = seen_sequence ? frame.suffix : frame.prefix;
            dst.insert(dst.end(), ids.begin(), ids.end());
        }
    } else if (type == "RobertaProcessing" || type == "BertProcessing") {
        frame.from_template = true;
        for (const char* key : {"cls", "sep"}) {
            const Json& pair = require_key(j, key, place);
            if (!pair.is_array() || pair.size() != 2 || !pair[1].is_number_integer()) {
                bad_value(place / key, "must be [token, id]");
            }
            (std::string(key) == "cls" ? frame.prefix : frame.suffix).push_back(pair[1].get<int>());
        }
    } else if (type != "ByteLevel") {
        bad_value(place / "type",
                  "is \"" + type +
                      "\", which this loader does not support (supported: "
                      "TemplateProcessing, ByteLevel, RobertaProcessing, BertProcessing, Sequence)");
    }
    return frame;
}

std::optional<int> HfTokenizer::piece_to_id(std::string_view piece) const {
    if (auto it = added_by_content_.find(piece); it != added_by_content_.end()) return it->second;
    return model_.id_of(piece);
}

std::string HfTokenizer::piece(int id) const {
    if (const AddedToken* t = added(id)) return t->content;
    return model_.piece(id);
}

void HfTokenizer::encode_text(std::string_view text, bool at_start, std::vector<int>& out) const {
    const std::string normalized = normalizer_.apply(text);
    std::vector<std::string> words;
    for (const Segment& seg : normalized_matcher_.split(normalized)) {
        if (seg.token_id >= 0) {
            out.push_back(seg.token_id);
            continue;
        }
        words.clear();
        pre_tokenizer_.apply(seg.text, at_start && seg.offset == 0, words);
        for (const std::string& w : words) model_.tokenize(w, out);
    }
}

std::vector<int> HfTokenizer::encode(std::string_view text, bool add_special) const {
    require_utf8(text, file_);
    std::vector<int> out;
    if (add_special) out = frame_.prefix;
    for (const Segment& seg : raw_matcher_.split(text)) {
        if (seg.token_id >= 0)
            out.push_back(seg.token_id);
        else
            encode_text(seg.text, seg.offset == 0, out);
    }
    if (add_special) out.insert(out.end(), frame_.suffix.begin(), frame_.suffix.end());
    return out;
}

std::string HfTokenizer::decode(const std::vector<int>& ids, bool skip_special) const {
    std::vector<DecodeToken> tokens;
    tokens.reserve(ids.size());
    for (int id : ids) {
        if (const AddedToken* t = added(id)) {
            if (!(skip_special && t->special)) tokens.push_back({t->content, true});
        } else if (id >= 0 && id < model_.size() && !model_.piece(id).empty()) {
            tokens.push_back({model_.piece(id), false});
        }
        // Ids outside the vocabulary are skipped, as Hugging Face tokenizers does.
    }
    return decoder_.decode(std::move(tokens));
}

std::string HfTokenizer::display(int id) const {
    if (const AddedToken* t = added(id)) return t->special ? t->content : display_label(t->content);
    const std::string& p = model_.piece(id);
    if (p.empty()) return {};
    return display_label(decoder_.is_null() ? p : decoder_.token_bytes(p));
}

}  // namespace

std::unique_ptr<Tokenizer> load_tokenizer_json(const std::filesystem::path& file, const SpecialConfig& config) {
    TokenizerJson j = read_tokenizer_json(read_text_file(file), file.string());
    return std::make_unique<HfTokenizer>(file, j.rest, std::move(j.tables), config);
}

}  // namespace gna::tok
