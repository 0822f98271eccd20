#include "tokenizer/special_config.h"

#include "gna/json.h"
#include "tokenizer/json_fields.h"

namespace gna::tok {
namespace {

// bos_token and friends are a string, {"content": "..."} (AddedToken), or null.
std::optional<std::string> token_name(const Json& obj, const char* key, const JsonPlace& place) {
    if (!obj.is_object()) return std::nullopt;
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return std::nullopt;
    if (it->is_string()) return it->get<std::string>();
    if (it->is_object()) return get_string(*it, "content", place / key);
    bad_value(place / key, "must be a string or an object with \"content\"");
}

std::optional<bool> optional_bool(const Json& obj, const char* key, const JsonPlace& place) {
    if (!obj.is_object() || !obj.contains(key) || obj[key].is_null()) return std::nullopt;
    return get_bool(obj, key, false, place);
}

}  // namespace

SpecialConfig read_special_config(const std::filesystem::path& dir) {
    SpecialConfig c;
    const auto config_path = dir / "tokenizer_config.json";
    if (std::filesystem::exists(config_path)) {
        const Json j = read_json_file(config_path);
        const JsonPlace place{config_path.string(), ""};
        if (!j.is_object()) bad_value(place, "(the top level) must be an object");
        c.bos_token = token_name(j, "bos_token", place);
        c.eos_token = token_name(j, "eos_token", place);
        c.unk_token = token_name(j, "unk_token", place);
        c.add_bos_token = optional_bool(j, "add_bos_token", place);
        c.add_eos_token = optional_bool(j, "add_eos_token", place);
        c.tokenizer_class = get_optional_string(j, "tokenizer_class", place).value_or("");
        if (auto it = j.find("added_tokens_decoder"); it != j.end() && it->is_object()) {
            for (const auto& [key, v] : it->items()) {
                const JsonPlace p = place / "added_tokens_decoder" / key;
                AddedToken t;
                try {
                    t.id = std::stoi(key);
                } catch (const std::exception&) {
                    bad_value(p, "must be named by an integer id");
                }
                t.content = get_string(v, "content", p);
                t.special = get_bool(v, "special", false, p);
                t.lstrip = get_bool(v, "lstrip", false, p);
                t.rstrip = get_bool(v, "rstrip", false, p);
                t.single_word = get_bool(v, "single_word", false, p);
                t.normalized = get_bool(v, "normalized", false, p);
                c.added_tokens_decoder.push_back(std::move(t));
            }
        }
    }
    const auto map_path = dir / "special_tokens_map.json";
    if (std::filesystem::exists(map_path) && (!c.bos_token || !c.eos_token)) {
        const Json j = read_json_file(map_path);
        const JsonPlace place{map_path.string(), ""};
        if (!c.bos_token) c.bos_token = token_name(j, "bos_token", place);
        if (!c.eos_token) c.eos_token = token_name(j, "eos_token", place);
        if (!c.unk_token) c.unk_token = token_name(j, "unk_token", place);
    }
    const auto gen_path = dir / "generation_config.json";
    if (std::filesystem::exists(gen_path)) {
        const Json j = read_json_file(gen_path);
        const JsonPlace place{gen_path.string(), ""};
        if (j.is_object()) {
            if (auto it = j.find("eos_token_id"); it != j.end() && !it->is_null()) {
                if (it->is_number_integer()) {
                    c.generation_eos_ids.push_back(it->get<int>());
                } else if (it->is_array()) {
                    for (std::size_t i = 0; i < it->size(); ++i) {
                        if (!(*it)[i].is_number_integer())
                            bad_value((place / "eos_token_id").at(i), "must be an integer");
                        c.generation_eos_ids.push_back((*it)[i].get<int>());
                    }
                } else {
                    bad_value(place / "eos_token_id", "must be an integer or a list of integers");
                }
            }
            if (auto it = j.find("bos_token_id"); it != j.end() && it->is_number_integer()) {
                c.generation_bos_id = it->get<int>();
            }
        }
    }
    return c;
}

bool class_follows_bos_flags(const std::string& cls) {
    return cls == "LlamaTokenizer" || cls == "LlamaTokenizerFast" || cls == "CodeLlamaTokenizer" ||
        cls == "CodeLlamaTokenizerFast" || cls == "GemmaTokenizer" || cls == "GemmaTokenizerFast";
}

void push_unique(std::vector<int>& ids, int id) {
    for (int x : ids)
        if (x == id) return;
    ids.push_back(id);
}

}  // namespace gna::tok
