#pragma once
// config.json of a Hugging Face checkpoint, with typed accessors whose errors name the file and key.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "gna/json.h"

namespace gna {

struct RopeConfig {
    double theta = 10000.0;
    std::string type = "default";  // default | llama3 | linear | dynamic (dynamic treated as default)
    double factor = 1.0;
    double low_freq_factor = 1.0;
    double high_freq_factor = 4.0;
    int64_t original_max_position_embeddings = 8192;
    double partial_rotary_factor = 1.0;
};

class ModelConfig {
public:
    static ModelConfig load(const std::filesystem::path& dir);  // reads dir/config.json
    // A config that nests its language model under "text_config" (multimodal checkpoints such as
    // Llava or Gemma 3) is read as that text model: its keys (the published files keep only those that
    // differ from the text model type's defaults, which are filled in for llama and mistral), the
    // outer keys it lacks (torch_dtype, tie_word_embeddings, ...), and its architecture.
    static ModelConfig from_json(Json j, std::filesystem::path file);  // for tests

    const Json& json() const { return j_; }
    const std::filesystem::path& file() const { return file_; }
    std::string architecture() const;  // architectures[0], or derived from model_type
    std::string model_type() const;
    // With a nested text_config: the whole checkpoint's architectures[0] (e.g.
    // LlavaForConditionalGeneration); empty otherwise.
    std::string container_architecture() const { return container_architecture_; }

    bool has(const std::string& key) const;
    int64_t require_int(const std::string& key) const;
    double require_double(const std::string& key) const;
    std::string require_string(const std::string& key) const;
    int64_t get_int(const std::string& key, int64_t fallback) const;
    double get_double(const std::string& key, double fallback) const;
    bool get_bool(const std::string& key, bool fallback) const;
    std::string get_string(const std::string& key, const std::string& fallback) const;
    std::vector<int64_t> get_int_list(const std::string& key) const;  // int or list of ints; empty if absent/null
    // Reads rope_theta + rope_scaling, or rope_parameters (newer transformers). "type" accepted as "rope_type".
    RopeConfig rope() const;
    // SHA-256 of the canonical JSON (dump with sorted keys), hex; identifies the model in results.
    std::string hash() const;

private:
    [[noreturn]] void fail(const std::string& key, const std::string& what) const;
    Json j_;
    std::filesystem::path file_;
    std::string key_prefix_;  // "text_config." when read from a nested text config, for errors
    std::vector<std::string> outer_keys_;  // ... except these, taken from the outer config
    std::string container_architecture_;
};

std::string sha256_hex(std::string_view bytes);

}  // namespace gna
