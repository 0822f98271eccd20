#include "gna/tiny_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "gna/error.h"
#include "gna/tokenizer.h"
#include "io/tiny_ssm.h"

namespace gna {

namespace {
uint64_t splitmix(uint64_t& x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
}  // namespace

SeededNormal::SeededNormal(uint64_t seed) {
    for (auto& s : s_) s = splitmix(seed);
}

uint64_t SeededNormal::next_u64() {
    const uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
}

double SeededNormal::next() {
    if (have_spare_) {
        have_spare_ = false;
        return spare_;
    }
    double u1 = (static_cast<double>(next_u64() >> 11) + 1.0) / 9007199254740993.0;  // (0, 1]
    double u2 = static_cast<double>(next_u64() >> 11) / 9007199254740992.0;
    double r = std::sqrt(-2.0 * std::log(u1));
    spare_ = r * std::sin(2 * M_PI * u2);
    have_spare_ = true;
    return r * std::cos(2 * M_PI * u2);
}

std::string tiny_tokenizer_corpus() {
    return "The value of the key is the number that follows it. Memorize the following dictionary:\n"
           "apple:12\nriver:7\nstone:45\ncloud:3\nThe value of the key 'river' is 7.\n"
           "The following are multiple choice questions (with answers) about general knowledge.\n\n"
           "Which animal is known as the king of the jungle?\nA. Lion\nB. Horse\nC. Cow\nD. Sheep\nAnswer: A\n"
           "The best thing to do in San Francisco is eat a sandwich and sit in Dolores Park on a sunny day.\n"
           "What is the best thing to do in San Francisco? It was the best of times, it was the worst of times, "
           "it was the age of wisdom, it was the age of foolishness. Call me Ishmael. Some years ago, never mind "
           "how long precisely, having little or no money in my purse, and nothing particular to interest me on "
           "shore, I thought I would sail about a little and see the watery part of the world. 0 1 2 3 4 5 6 7 8 9 "
           "10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 40 50 60 70 80 90 99 ";
}

void write_checkpoint_tensors(const std::filesystem::path& dir, const std::vector<TensorToWrite>& tensors, int shards) {
    if (shards <= 1) {
        write_safetensors(dir / "model.safetensors", tensors, {{"format", "pt"}});
        return;
    }
    Json index = {{"metadata", {{"total_size", 0}}}, {"weight_map", Json::object()}};
    uint64_t total = 0;
    const std::size_t per = (tensors.size() + shards - 1) / shards;
    for (int s = 0; s < shards; ++s) {
        char name[64];
        std::snprintf(name, sizeof name, "model-%05d-of-%05d.safetensors", s + 1, shards);
        std::vector<TensorToWrite> part;
        for (std::size_t i = s * per; i < std::min(tensors.size(), (s + 1) * per); ++i) {
            part.push_back(tensors[i]);
            index["weight_map"][tensors[i].name] = name;
            total += tensors[i].bytes.size();
        }
        write_safetensors(dir / name, part, {{"format", "pt"}});
    }
    index["metadata"]["total_size"] = total;
    write_json_file_atomic(dir / "model.safetensors.index.json", index);
}

namespace {

struct TensorMaker {
    SeededNormal rng;
    DType dtype;
    std::vector<TensorToWrite> out;
    void random(const std::string& name, std::vector<int64_t> shape, double std) {
        int64_t n = 1;
        for (auto d : shape) n *= d;
        std::vector<float> v(static_cast<std::size_t>(n));
        for (auto& x : v) x = static_cast<float>(rng.next() * std);
        out.push_back({name, dtype, std::move(shape), encode_floats(v, dtype)});
    }
    void around_one(const std::string& name, int64_t n, double std) {
        std::vector<float> v(static_cast<std::size_t>(n));
        for (auto& x : v) x = static_cast<float>(1.0 + rng.next() * std);
        out.push_back({name, dtype, {n}, encode_floats(v, dtype)});
    }
};

Json llama_like(const TinyModelSpec& s, int vocab, int bos, int eos, TensorMaker& tm) {
    const int D = s.head_dim > 0 ? s.head_dim : s.hidden / s.heads;
    const bool qkv_bias = s.arch == "qwen2";
    Json cfg = {
        {"hidden_size", s.hidden},
        {"intermediate_size", s.intermediate},
        {"num_hidden_layers", s.layers},
        {"num_attention_heads", s.heads},
        {"num_key_value_heads", s.kv_heads},
        {"head_dim", D},
        {"rms_norm_eps", 1e-5},
        {"vocab_size", vocab},
        {"max_position_embeddings", s.max_positions},
        {"hidden_act", "silu"},
        {"tie_word_embeddings", s.tie_embeddings},
        {"bos_token_id", bos},
        {"eos_token_id", eos},
        {"initializer_range", s.init_std},
        {"torch_dtype",
         s.dtype == DType::BF16      ? "bfloat16"
             : s.dtype == DType::F16 ? "float16"
                                     : "float32"},
        {"transformers_version", "4.46.0"},
    };
    if (s.arch == "llama") {
        cfg["architectures"] = {"LlamaForCausalLM"};
        cfg["model_type"] = "llama";
        cfg["attention_bias"] = false;
        cfg["mlp_bias"] = false;
        cfg["pretraining_tp"] = 1;
    } else if (s.arch == "mistral") {
        cfg["architectures"] = {"MistralForCausalLM"};
        cfg["model_type"] = "mistral";
        cfg["sliding_window"] = s.sliding_window > 0 ? Json(s.sliding_window) : Json(nullptr);
    } else {
        cfg["architectures"] = {"Qwen2ForCausalLM"};
        cfg["model_type"] = "qwen2";
        cfg["use_sliding_window"] = s.sliding_window > 0;
        cfg["sliding_window"] = s.sliding_window > 0 ? s.sliding_window : 4096;
        cfg["max_window_layers"] = s.layers;
    }
    Json scaling = nullptr;
    if (s.llama3_rope_scaling)
        scaling = {{"rope_type", "llama3"},
                   {"factor", 8.0},
                   {"low_freq_factor", 1.0},
                   {"high_freq_factor", 4.0},
                   {"original_max_position_embeddings", 64}};
    if (s.rope_parameters_style) {
        Json rp = scaling.is_null() ? Json{{"rope_type", "default"}} : scaling;
        rp["rope_theta"] = s.rope_theta;
        cfg["rope_parameters"] = rp;
    } else {
        cfg["rope_theta"] = s.rope_theta;
        cfg["rope_scaling"] = scaling;
    }

    const double sd = s.init_std;
    tm.random("model.embed_tokens.weight", {vocab, s.hidden}, 1.0);
    for (int l = 0; l < s.layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l);
        tm.around_one(p + ".input_layernorm.weight", s.hidden, 0.1);
        tm.random(p + ".self_attn.q_proj.weight", {s.heads * D, s.hidden}, 2.5 * sd);
        tm.random(p + ".self_attn.k_proj.weight", {s.kv_heads * D, s.hidden}, 2.5 * sd);
        tm.random(p + ".self_attn.v_proj.weight", {s.kv_heads * D, s.hidden}, sd);
        if (qkv_bias) {
            tm.random(p + ".self_attn.q_proj.bias", {s.heads * D}, sd);
            tm.random(p + ".self_attn.k_proj.bias", {s.kv_heads * D}, sd);
            tm.random(p + ".self_attn.v_proj.bias", {s.kv_heads * D}, sd);
        }
        tm.random(p + ".self_attn.o_proj.weight", {s.hidden, s.heads * D}, sd);
        tm.around_one(p + ".post_attention_layernorm.weight", s.hidden, 0.1);
        tm.random(p + ".mlp.gate_proj.weight", {s.intermediate, s.hidden}, sd);
        tm.random(p + ".mlp.up_proj.weight", {s.intermediate, s.hidden}, sd);
        tm.random(p + ".mlp.down_proj.weight", {s.hidden, s.intermediate}, sd);
    }
    tm.around_one("model.norm.weight", s.hidden, 0.1);
    if (!s.tie_embeddings) tm.random("lm_head.weight", {vocab, s.hidden}, sd);
    return cfg;
}

// The causal LM in tm.out / cfg wrapped as a LlavaForConditionalGeneration checkpoint
// (TinyModelSpec::container). Vision weights come after the language model's, from the same stream.
Json wrap_as_llava(const TinyModelSpec& s, Json cfg, TensorMaker& tm) {
    const bool v452 = s.container == "llava-4.52";
    if (!v452 && s.container != "llava")
        throw Error("make-tiny-model: unknown --container '" + s.container + "' (llava, llava-4.52)");
    for (TensorToWrite& t : tm.out) {
        if (t.name.rfind("model.", 0) == 0)
            t.name = (v452 ? "model.language_model." : "language_model.model.") + t.name.substr(6);
        else if (!v452)
            t.name = "language_model." + t.name;  // lm_head.weight
    }
    const int vision = 16, patch = 4;
    const std::string vt = v452 ? "model.vision_tower.vision_model." : "vision_tower.vision_model.";
    const std::string mp = v452 ? "model.multi_modal_projector." : "multi_modal_projector.";
    tm.random(vt + "embeddings.patch_embedding.weight", {vision, 3, patch, patch}, s.init_std);
    tm.random(vt + "embeddings.position_embedding.weight", {5, vision}, s.init_std);
    tm.around_one(vt + "post_layernorm.weight", vision, 0.1);
    tm.random(mp + "linear_1.weight", {s.hidden, vision}, s.init_std);
    tm.random(mp + "linear_1.bias", {s.hidden}, s.init_std);
    tm.random(mp + "linear_2.weight", {s.hidden, s.hidden}, s.init_std);
    const Json dtype = cfg["torch_dtype"];
    cfg.erase("torch_dtype");
    cfg.erase("transformers_version");
    return {{"architectures", {"LlavaForConditionalGeneration"}},
            {"model_type", "llava"},
            {"image_token_index", cfg["vocab_size"].get<int>() - 1},
            {"projector_hidden_act", "gelu"},
            {"vision_feature_layer", -2},
            {"vision_feature_select_strategy", "default"},
            {"vision_config",
             {{"model_type", "clip_vision_model"},
              {"hidden_size", vision},
              {"image_size", 8},
              {"patch_size", patch},
              {"num_hidden_layers", 0},
              {"num_attention_heads", 2},
              {"intermediate_size", 2 * vision},
              {"projection_dim", vision}}},
            {"text_config", cfg},
            {"torch_dtype", dtype},
            {"transformers_version", v452 ? "4.52.0" : "4.46.0"}};
}

}  // namespace

Json write_tiny_model(const TinyModelSpec& s, const std::filesystem::path& dir) {
    if (s.layers <= 0 || s.hidden <= 0 || s.heads <= 0 || s.kv_heads <= 0 || s.heads % s.kv_heads != 0)
        throw Error("make-tiny-model: layers, hidden, heads must be positive and heads a multiple of kv_heads");
    if (s.head_dim == 0 && s.hidden % s.heads != 0)
        throw Error("make-tiny-model: hidden must be a multiple of heads (or give head_dim)");
    if (s.layout != "full" && s.layout != "no-tokenizer" && s.layout != "config-only")
        throw Error("make-tiny-model: unknown layout '" + s.layout + "' (full, no-tokenizer, config-only)");
    if (!s.container.empty() && s.arch != "llama")
        throw Error("make-tiny-model: --container needs --arch llama (Llava's language model)");
    std::filesystem::create_directories(dir);
    WrittenTokenizer tok = write_bytelevel_bpe_tokenizer(dir, tiny_tokenizer_corpus(), s.merges);
    if (s.vocab < 0) throw Error("make-tiny-model: --vocab must be positive (or 0 for the tokenizer's size)");
    const int vocab = std::max(tok.vocab_size, s.vocab);
    TensorMaker tm{SeededNormal(s.seed), s.dtype, {}};
    Json cfg;
    if (s.arch == "llama" || s.arch == "mistral" || s.arch == "qwen2") {
        cfg = llama_like(s, vocab, tok.bos_id, tok.eos_id, tm);
        if (!s.container.empty()) cfg = wrap_as_llava(s, std::move(cfg), tm);
    } else if (is_tiny_ssm_arch(s.arch)) {
        cfg = tiny_ssm_model(s, vocab, tok.bos_id, tok.eos_id, tm.rng, tm.out);
    } else {
        throw Error("make-tiny-model: unknown --arch '" + s.arch +
                    "' (supported: llama, mistral, qwen2, mamba, falcon_mamba, mamba2, jamba, zamba2, recurrentgemma)");
    }
    write_checkpoint_tensors(dir, tm.out, s.shards);
    write_file_atomic(dir / "config.json", python_json_dump(cfg));  // Infinity as Python writes it
    write_json_file_atomic(dir / "generation_config.json",
                           {{"bos_token_id", tok.bos_id}, {"eos_token_id", tok.eos_id}, {"do_sample", false}});
    if (s.layout != "full") {
        for (const char* f : {"tokenizer.json", "tokenizer_config.json", "generation_config.json"})
            std::filesystem::remove(dir / f);
    }
    if (s.layout == "config-only") {
        for (const auto& e : std::filesystem::directory_iterator(dir))
            if (e.path().filename() != "config.json") std::filesystem::remove(e.path());
    }
    return cfg;
}

}  // namespace gna
