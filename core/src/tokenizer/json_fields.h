#pragma once
// Typed access to tokenizer JSON files with errors that name the file and the key.
#include <optional>
#include <string>

#include "gna/error.h"
#include "gna/json.h"

namespace gna::tok {

// Where a value sits: the file and the key path inside it ("model.vocab").
struct JsonPlace {
    std::string file;
    std::string key;
    JsonPlace operator/(const std::string& child) const { return {file, key.empty() ? child : key + "." + child}; }
    JsonPlace at(std::size_t i) const { return {file, key + "[" + std::to_string(i) + "]"}; }
};

[[noreturn]] inline void bad_value(const JsonPlace& p, const std::string& what) {
    throw Error(p.file + ": key \"" + p.key + "\" " + what +
                ". The file is malformed or from an unsupported "
                "tokenizer version; re-download it or convert it with Hugging Face tokenizers.");
}

inline const Json& require_key(const Json& obj, const char* key, const JsonPlace& p) {
    if (!obj.is_object()) bad_value(p, "must be an object");
    auto it = obj.find(key);
    if (it == obj.end()) bad_value(p / key, "is missing");
    return *it;
}

inline std::string get_string(const Json& obj, const char* key, const JsonPlace& p) {
    const Json& v = require_key(obj, key, p);
    if (!v.is_string()) bad_value(p / key, "must be a string");
    return v.get<std::string>();
}

inline std::optional<std::string> get_optional_string(const Json& obj, const char* key, const JsonPlace& p) {
    if (!obj.is_object()) return std::nullopt;
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return std::nullopt;
    if (!it->is_string()) bad_value(p / key, "must be a string or null");
    return it->get<std::string>();
}

inline bool get_bool(const Json& obj, const char* key, bool fallback, const JsonPlace& p) {
    if (!obj.is_object()) return fallback;
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return fallback;
    if (!it->is_boolean()) bad_value(p / key, "must be true or false");
    return it->get<bool>();
}

inline long long get_int(const Json& obj, const char* key, long long fallback, const JsonPlace& p) {
    if (!obj.is_object()) return fallback;
    auto it = obj.find(key);
    if (it == obj.end() || it->is_null()) return fallback;
    if (!it->is_number_integer()) bad_value(p / key, "must be an integer");
    return it->get<long long>();
}

// A "Sequence" step (normalizers, pre-tokenizers, decoders): `add(element, place)` for each element of
// the list under `key`. False, doing nothing, for a step of another type.
template <class Add>
bool add_sequence(const Json& j, const std::string& type, const char* key, const JsonPlace& place, Add&& add) {
    if (type != "Sequence") return false;
    const Json& list = require_key(j, key, place);
    if (!list.is_array()) bad_value(place / key, "must be a list");
    for (std::size_t i = 0; i < list.size(); ++i) add(list[i], (place / key).at(i));
    return true;
}

}  // namespace gna::tok
