// config.json of checkpoints that nest the language model under "text_config" (Llava, Gemma 3), in
// the layout the published files have, read as the text model; the expected values are the files'
// own and transformers' LlamaConfig defaults, written out by hand.
#include <QtTest>

#include <cstring>

#include "gna/config.h"
#include "gna/error.h"

using gna::Json;
using gna::ModelConfig;

namespace {

// llava-hf/llava-1.5-7b-hf/config.json as published (transformers 4.41): text_config holds only what
// differs from LlamaConfig's defaults.
Json llava_config() {
    return Json::parse(R"({
      "architectures": ["LlavaForConditionalGeneration"],
      "ignore_index": -100,
      "image_token_index": 32000,
      "model_type": "llava",
      "pad_token_id": 32001,
      "projector_hidden_act": "gelu",
      "text_config": {
        "_name_or_path": "lmsys/vicuna-7b-v1.5",
        "architectures": ["LlamaForCausalLM"],
        "max_position_embeddings": 4096,
        "model_type": "llama",
        "rms_norm_eps": 1e-05,
        "torch_dtype": "float16",
        "vocab_size": 32064
      },
      "tie_word_embeddings": false,
      "torch_dtype": "float16",
      "transformers_version": "4.41.1",
      "vision_config": {
        "hidden_size": 1024, "image_size": 336, "intermediate_size": 4096, "model_type": "clip_vision_model",
        "num_attention_heads": 16, "num_hidden_layers": 24, "patch_size": 14, "projection_dim": 768, "vocab_size": 32000
      },
      "vision_feature_layer": -2,
      "vision_feature_select_strategy": "default"
    })");
}

template <class F>
std::string error_of(F&& fn) {
    try {
        fn();
    } catch (const gna::Error& e) {
        return e.what();
    }
    return {};
}

}  // namespace

class TestConfig : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void llavaReadsItsTextModel() {
        const ModelConfig c = ModelConfig::from_json(llava_config(), "llava/config.json");
        QCOMPARE(c.architecture(), std::string("LlamaForCausalLM"));
        QCOMPARE(c.container_architecture(), std::string("LlavaForConditionalGeneration"));
        QCOMPARE(c.model_type(), std::string("llama"));
        // The text model's own values.
        QCOMPARE(c.require_int("vocab_size"), int64_t{32064});
        QCOMPARE(c.require_int("max_position_embeddings"), int64_t{4096});
        QCOMPARE(c.require_double("rms_norm_eps"), 1e-5);
        // LlamaConfig's defaults, which the file leaves out: Vicuna-7B's shape.
        QCOMPARE(c.require_int("hidden_size"), int64_t{4096});
        QCOMPARE(c.require_int("intermediate_size"), int64_t{11008});
        QCOMPARE(c.require_int("num_hidden_layers"), int64_t{32});
        QCOMPARE(c.require_int("num_attention_heads"), int64_t{32});
        QCOMPARE(c.get_string("hidden_act", ""), std::string("silu"));
        QCOMPARE(c.rope().theta, 10000.0);
        // Outer keys the text model lacks; the vision tower's never.
        QCOMPARE(c.get_bool("tie_word_embeddings", true), false);
        QCOMPARE(c.get_int("pad_token_id", -1), int64_t{32001});
        QVERIFY(!c.has("vision_config") && !c.has("patch_size") && !c.has("image_size"));
    }

    void gemma3TextConfig() {
        // google/gemma-3-4b-it/config.json's layout: no architectures in text_config, linear RoPE scaling.
        const Json j = Json::parse(R"({
          "architectures": ["Gemma3ForConditionalGeneration"],
          "boi_token_index": 255999,
          "eoi_token_index": 256000,
          "eos_token_id": [1, 106],
          "image_token_index": 262144,
          "initializer_range": 0.02,
          "mm_tokens_per_image": 256,
          "model_type": "gemma3",
          "text_config": {
            "hidden_size": 2560,
            "intermediate_size": 10240,
            "model_type": "gemma3_text",
            "num_hidden_layers": 34,
            "rope_scaling": {"factor": 8.0, "rope_type": "linear"},
            "sliding_window": 1024
          },
          "torch_dtype": "bfloat16",
          "transformers_version": "4.50.0.dev0",
          "vision_config": {"hidden_size": 1152, "image_size": 896, "model_type": "siglip_vision_model",
                            "num_attention_heads": 16, "num_hidden_layers": 27, "patch_size": 14}
        })");
        const ModelConfig c = ModelConfig::from_json(j, "gemma3/config.json");
        QCOMPARE(c.architecture(), std::string());  // the registry goes by model_type then
        QCOMPARE(c.container_architecture(), std::string("Gemma3ForConditionalGeneration"));
        QCOMPARE(c.model_type(), std::string("gemma3_text"));
        QCOMPARE(c.require_int("hidden_size"), int64_t{2560});
        QCOMPARE(c.require_int("num_hidden_layers"), int64_t{34});
        QCOMPARE(c.rope().type, std::string("linear"));
        QCOMPARE(c.rope().factor, 8.0);
        QCOMPARE(c.get_int_list("eos_token_id"), (std::vector<int64_t>{1, 106}));
        // No defaults are known for gemma3_text: a key the file leaves out is missing, named in the text config.
        const std::string e = error_of([&] { c.require_int("num_attention_heads"); });
        QVERIFY2(e.find("gemma3/config.json: key \"text_config.num_attention_heads\" is missing") == 0, e.c_str());
        // An outer key is named as such.
        Json bad = j;
        bad["mm_tokens_per_image"] = "many";
        const std::string outer =
            error_of([&] { ModelConfig::from_json(bad, "g/config.json").require_int("mm_tokens_per_image"); });
        QVERIFY2(outer.find("g/config.json: key \"mm_tokens_per_image\" must be an integer") == 0, outer.c_str());
    }

    void plainConfigUnchanged() {
        const Json j = {{"architectures", {"LlamaForCausalLM"}}, {"model_type", "llama"}, {"hidden_size", 64}};
        const ModelConfig c = ModelConfig::from_json(j, "plain/config.json");
        QCOMPARE(c.container_architecture(), std::string());
        QCOMPARE(c.require_int("hidden_size"), int64_t{64});
        QVERIFY(!c.has("intermediate_size"));  // no defaults outside a nested text config
        const std::string e = error_of([&] { c.require_int("num_hidden_layers"); });
        QVERIFY2(e.find("plain/config.json: key \"num_hidden_layers\" is missing") == 0, e.c_str());
        Json bad = j;
        bad["text_config"] = "llama";
        const std::string t = error_of([&] { ModelConfig::from_json(bad, "x/config.json"); });
        QVERIFY2(t.find("x/config.json: key \"text_config\" must be an object") == 0, t.c_str());
    }
};

QTEST_GUILESS_MAIN(TestConfig)
#include "tst_config.moc"
