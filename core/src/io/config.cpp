#include "gna/config.h"

#include <algorithm>
#include <cmath>

#include "gna/error.h"

namespace gna {

ModelConfig ModelConfig::load(const std::filesystem::path& dir) {
    const auto file = dir / "config.json";
    if (!std::filesystem::exists(file))
        throw Error("%1: not found. A Hugging Face model folder needs config.json next to the weights.",
                    {file.string()});
    return from_json(read_json_file(file), file);
}

namespace {

// The defaults of transformers' configuration classes for the text model types G&A Studio loads.
// A nested text_config is saved as its difference from them (PretrainedConfig.to_diff_dict), so a
// published Llava config names only vocab_size, max_position_embeddings and rms_norm_eps.
Json text_model_defaults(const std::string& model_type) {
    if (model_type == "llama")  // LlamaConfig
        return {{"vocab_size", 32000},
                {"hidden_size", 4096},
                {"intermediate_size", 11008},
                {"num_hidden_layers", 32},
                {"num_attention_heads", 32},
                {"hidden_act", "silu"},
                {"max_position_embeddings", 2048},
                {"rms_norm_eps", 1e-6},
                {"bos_token_id", 1},
                {"eos_token_id", 2},
                {"tie_word_embeddings", false},
                {"rope_theta", 10000.0},
                {"attention_bias", false},
                {"mlp_bias", false}};
    if (model_type == "mistral")  // MistralConfig
        return {{"vocab_size", 32000},        {"hidden_size", 4096},
                {"intermediate_size", 14336}, {"num_hidden_layers", 32},
                {"num_attention_heads", 32},  {"num_key_value_heads", 8},
                {"hidden_act", "silu"},       {"max_position_embeddings", 4096 * 32},
                {"rms_norm_eps", 1e-6},       {"bos_token_id", 1},
                {"eos_token_id", 2},          {"tie_word_embeddings", false},
                {"rope_theta", 10000.0},      {"sliding_window", 4096}};
    return Json::object();
}

}  // namespace

ModelConfig ModelConfig::from_json(Json j, std::filesystem::path file) {
    if (!j.is_object()) throw Error(file.string() + ": must contain a JSON object");
    ModelConfig c;
    c.file_ = std::move(file);
    if (j.contains("text_config") && !j["text_config"].is_null()) {
        if (!j["text_config"].is_object()) throw Error(c.file_.string() + ": key \"text_config\" must be an object");
        Json text = j["text_config"];
        if (auto it = j.find("architectures"); it != j.end() && it->is_array() && !it->empty() && (*it)[0].is_string())
            c.container_architecture_ = (*it)[0].get<std::string>();
        // The outer keys the text model lacks, but not the other parts' configs or the container's identity.
        for (const auto& [key, value] : j.items())
            if (!text.contains(key) && key != "architectures" && key != "model_type" && key != "text_config" &&
                key != "vision_config" && key != "audio_config") {
                text[key] = value;
                c.outer_keys_.push_back(key);
            }
        if (text.contains("model_type") && text["model_type"].is_string()) {
            const Json defaults = text_model_defaults(text["model_type"].get<std::string>());
            for (const auto& [key, value] : defaults.items())
                if (!text.contains(key) || text[key].is_null()) text[key] = value;
        }
        c.j_ = std::move(text);
        c.key_prefix_ = "text_config.";
    } else {
        c.j_ = std::move(j);
    }
    return c;
}

void ModelConfig::fail(const std::string& key, const std::string& what) const {
    const bool outer = std::find(outer_keys_.begin(), outer_keys_.end(), key) != outer_keys_.end();
    throw Error(file_.string() + ": key \"" + (outer ? std::string() : key_prefix_) + key + "\" " + what);
}

std::string ModelConfig::architecture() const {
    auto it = j_.find("architectures");
    if (it != j_.end() && it->is_array() && !it->empty() && (*it)[0].is_string()) return (*it)[0].get<std::string>();
    return "";
}

std::string ModelConfig::model_type() const { return get_string("model_type", ""); }

bool ModelConfig::has(const std::string& key) const {
    auto it = j_.find(key);
    return it != j_.end() && !it->is_null();
}

int64_t ModelConfig::require_int(const std::string& key) const {
    auto it = j_.find(key);
    if (it == j_.end() || it->is_null()) fail(key, "is missing; the model cannot be built without it");
    if (it->is_number_integer()) return it->get<int64_t>();
    if (it->is_number_float()) {
        double d = it->get<double>();
        if (std::isfinite(d) && d == std::floor(d)) return static_cast<int64_t>(d);
    }
    fail(key, "must be an integer, got " + it->dump());
}

double ModelConfig::require_double(const std::string& key) const {
    auto it = j_.find(key);
    if (it == j_.end() || it->is_null()) fail(key, "is missing");
    if (!it->is_number()) fail(key, "must be a number, got " + it->dump());
    return it->get<double>();
}

std::string ModelConfig::require_string(const std::string& key) const {
    auto it = j_.find(key);
    if (it == j_.end() || it->is_null()) fail(key, "is missing");
    if (!it->is_string()) fail(key, "must be a string, got " + it->dump());
    return it->get<std::string>();
}

int64_t ModelConfig::get_int(const std::string& key, int64_t fallback) const {
    return has(key) ? require_int(key) : fallback;
}
double ModelConfig::get_double(const std::string& key, double fallback) const {
    return has(key) ? require_double(key) : fallback;
}
bool ModelConfig::get_bool(const std::string& key, bool fallback) const {
    if (!has(key)) return fallback;
    const auto& v = j_.at(key);
    if (!v.is_boolean()) fail(key, "must be true or false, got " + v.dump());
    return v.get<bool>();
}
std::string ModelConfig::get_string(const std::string& key, const std::string& fallback) const {
    return has(key) ? require_string(key) : fallback;
}

std::vector<int64_t> ModelConfig::get_int_list(const std::string& key) const {
    std::vector<int64_t> out;
    if (!has(key)) return out;
    const auto& v = j_.at(key);
    if (v.is_number_integer()) return {v.get<int64_t>()};
    if (!v.is_array()) fail(key, "must be an integer or a list of integers");
    for (const auto& x : v) {
        if (!x.is_number_integer()) fail(key, "must contain only integers");
        out.push_back(x.get<int64_t>());
    }
    return out;
}

RopeConfig ModelConfig::rope() const {
    RopeConfig r;
    r.theta = get_double("rope_theta", 10000.0);
    r.partial_rotary_factor = get_double("partial_rotary_factor", 1.0);
    const Json* scaling = nullptr;
    std::string where = "rope_scaling";
    if (has("rope_parameters")) {
        scaling = &j_.at("rope_parameters");
        where = "rope_parameters";
    } else if (has("rope_scaling")) {
        scaling = &j_.at("rope_scaling");
    }
    if (!scaling) return r;
    if (!scaling->is_object()) fail(where, "must be an object");
    auto num = [&](const char* k, double fb) {
        auto it = scaling->find(k);
        if (it == scaling->end() || it->is_null()) return fb;
        if (!it->is_number()) fail(where + "." + k, "must be a number");
        return it->get<double>();
    };
    r.theta = num("rope_theta", r.theta);
    r.partial_rotary_factor = num("partial_rotary_factor", r.partial_rotary_factor);
    std::string type = "default";
    if (auto it = scaling->find("rope_type"); it != scaling->end() && it->is_string())
        type = it->get<std::string>();
    else if (auto it2 = scaling->find("type"); it2 != scaling->end() && it2->is_string())
        type = it2->get<std::string>();
    r.type = type;
    r.factor = num("factor", 1.0);
    r.low_freq_factor = num("low_freq_factor", 1.0);
    r.high_freq_factor = num("high_freq_factor", 4.0);
    r.original_max_position_embeddings = static_cast<int64_t>(
        num("original_max_position_embeddings", static_cast<double>(get_int("max_position_embeddings", 8192))));
    if (type != "default" && type != "llama3" && type != "linear" && type != "dynamic")
        fail(where + ".rope_type",
             "is \"" + type + "\", which G&A Studio does not implement (supported: default, linear, llama3, dynamic)");
    if (type == "llama3" && !(r.high_freq_factor > r.low_freq_factor))
        fail(where, "llama3 scaling needs high_freq_factor > low_freq_factor");
    return r;
}

std::string ModelConfig::hash() const { return sha256_hex(j_.dump()); }

}  // namespace gna
