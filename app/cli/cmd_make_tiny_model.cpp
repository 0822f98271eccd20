#include <iostream>

#include "args.h"
#include "gna/tiny_model.h"

namespace gna::cli {

int cmd_make_tiny_model(const std::vector<std::string>& argv) {
    static const Options table = {
        {"arch", "ARCH", "llama (default), mistral, qwen2, mamba, falcon_mamba, mamba2, jamba, zamba2, recurrentgemma"},
        {"layers", "N", "decoder layers"},
        {"hidden", "N", "hidden size"},
        {"heads", "N", "attention heads"},
        {"kv-heads", "N", "key-value heads (grouped-query attention)"},
        {"head-dim", "N", "dimension of one head"},
        {"intermediate", "N", "MLP width"},
        {"seed", "N", "the weights' seed"},
        {"dtype", "f32|bf16|f16", "the weights' dtype on disk"},
        {"tie", "", "tie the output head to the embeddings"},
        {"shards", "N", "weight files (with model.safetensors.index.json when N > 1)"},
        {"merges", "N", "BPE merges of the tokenizer trained on the bundled text"},
        {"vocab", "N", "vocabulary size"},
        {"max-positions", "N", "max_position_embeddings"},
        {"sliding-window", "N", "attention window (mistral; recurrentgemma: attention_window_size)"},
        {"llama3-rope", "", "Llama 3's RoPE frequency scaling"},
        {"rope-parameters", "", "RoPE settings in transformers 5's rope_parameters block"},
        {"rope-theta", "X", "RoPE base"},
        {"init-std", "X", "standard deviation of the random weights"},
        {"state-size", "N", "state-space / hybrid: SSM state size"},
        {"expand", "N", "state-space / hybrid: inner width over hidden size"},
        {"conv-kernel", "N", "state-space / hybrid: causal convolution width"},
        {"ssm-head-dim", "N", "mamba2 / zamba2: dimension of one SSM head"},
        {"n-groups", "N", "mamba2 / zamba2: B and C groups"},
        {"chunk-size", "N", "mamba2 / zamba2: scan chunk size"},
        {"time-step-rank", "N", "mamba: rank of the time-step projection"},
        {"attn-period", "N", "jamba: one attention layer every N layers"},
        {"attn-offset", "N", "jamba: the first attention layer"},
        {"experts", "N", "jamba: MLP experts"},
        {"experts-per-tok", "N", "jamba: experts per token"},
        {"expert-period", "N", "jamba: a mixture-of-experts MLP every N layers"},
        {"expert-offset", "N", "jamba: the first mixture-of-experts layer"},
        {"block-types", "a,b,...",
         "zamba2 / recurrentgemma: the layer types, e.g. mamba,hybrid or "
         "recurrent,recurrent,attention"},
        {"mem-blocks", "N", "zamba2: shared transformer blocks"},
        {"layout", "full|no-tokenizer|config-only",
         "which files to keep (default full): no-tokenizer is weights + "
         "config.json (as state-spaces/mamba-*), config-only is config.json alone"},
        {"container", "llava|llava-4.52",
         "llama only: the same language model inside a Llava checkpoint (text_config, "
         "a small vision tower; weights named as transformers before/since 4.52)"},
    };
    Args a(argv, table);
    if (a.help() || a.positionals().size() != 1) {
        std::cout << "usage: gna make-tiny-model [options] OUT_DIR\n"
                     "Writes a seeded random-initialised checkpoint in exact Hugging Face layout (config.json,\n"
                     "model.safetensors or shards with an index, tokenizer.json, tokenizer_config.json).\n";
        print_options(std::cout, table);
        return a.help() ? kOk : kUsage;
    }
    TinyModelSpec s;
    s.arch = a.get_or("arch", s.arch);
    s.layers = a.get_int("layers", s.layers);
    s.hidden = a.get_int("hidden", s.hidden);
    s.heads = a.get_int("heads", s.heads);
    s.kv_heads = a.get_int("kv-heads", std::min(s.kv_heads, s.heads));
    s.head_dim = a.get_int("head-dim", s.head_dim);
    s.intermediate = a.get_int("intermediate", s.intermediate);
    s.seed = static_cast<uint64_t>(a.get_int("seed", static_cast<int>(s.seed)));
    s.shards = a.get_int("shards", s.shards);
    s.merges = a.get_int("merges", s.merges);
    s.vocab = a.get_int("vocab", s.vocab);
    s.max_positions = a.get_int("max-positions", s.max_positions);
    s.sliding_window = a.get_int("sliding-window", s.sliding_window);
    s.init_std = a.get_double("init-std", s.init_std);
    s.rope_theta = a.get_double("rope-theta", s.rope_theta);
    s.state_size = a.get_int("state-size", s.state_size);
    s.expand = a.get_int("expand", s.expand);
    s.conv_kernel = a.get_int("conv-kernel", s.conv_kernel);
    s.ssm_head_dim = a.get_int("ssm-head-dim", s.ssm_head_dim);
    s.n_groups = a.get_int("n-groups", s.n_groups);
    s.chunk_size = a.get_int("chunk-size", s.chunk_size);
    s.time_step_rank = a.get_int("time-step-rank", s.time_step_rank);
    s.attn_layer_period = a.get_int("attn-period", s.attn_layer_period);
    s.attn_layer_offset = a.get_int("attn-offset", s.attn_layer_offset);
    s.experts = a.get_int("experts", s.experts);
    s.experts_per_tok = a.get_int("experts-per-tok", s.experts_per_tok);
    s.expert_layer_period = a.get_int("expert-period", s.expert_layer_period);
    s.expert_layer_offset = a.get_int("expert-offset", s.expert_layer_offset);
    s.block_types = a.get_or("block-types", s.block_types);
    s.mem_blocks = a.get_int("mem-blocks", s.mem_blocks);
    s.layout = a.get_or("layout", s.layout);
    s.container = a.get_or("container", s.container);
    s.tie_embeddings = a.flag("tie");
    s.llama3_rope_scaling = a.flag("llama3-rope");
    s.rope_parameters_style = a.flag("rope-parameters");
    const std::string dt = a.get_or("dtype", "f32");
    if (dt == "f32")
        s.dtype = DType::F32;
    else if (dt == "bf16")
        s.dtype = DType::BF16;
    else if (dt == "f16")
        s.dtype = DType::F16;
    else
        throw UsageError{"--dtype must be f32, bf16 or f16"};
    write_tiny_model(s, a.positionals()[0]);
    std::cout << "wrote " << s.arch << " model (" << s.layers << " layers, hidden " << s.hidden << ", " << s.heads
              << " heads) to " << a.positionals()[0] << "\n";
    return kOk;
}

}  // namespace gna::cli
