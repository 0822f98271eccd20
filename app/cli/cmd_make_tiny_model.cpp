#include <iostream>

#include "args.h"
#include "gna/tiny_model.h"

namespace gna::cli {

int cmd_make_tiny_model(const std::vector<std::string>& argv) {
    Args a(argv, {"tie", "llama3-rope", "rope-parameters"},
           {"arch", "layers", "hidden", "heads", "kv-heads", "head-dim", "intermediate", "seed", "dtype", "shards",
            "merges", "vocab", "max-positions", "sliding-window", "init-std", "rope-theta", "state-size", "expand",
            "conv-kernel", "ssm-head-dim", "n-groups", "chunk-size", "time-step-rank", "attn-period", "attn-offset",
            "experts", "experts-per-tok", "expert-period", "expert-offset", "block-types", "mem-blocks", "layout",
            "container"});
    if (a.help() || a.positionals().size() != 1) {
        std::cout << "usage: gna make-tiny-model [--arch ARCH] [--layers N] [--hidden N] [--heads N]\n"
                     "         [--kv-heads N] [--head-dim N] [--intermediate N] [--seed N] [--dtype f32|bf16|f16]\n"
                     "         [--tie] [--shards N] [--merges N] [--vocab N] [--max-positions N] [--sliding-window N]\n"
                     "         [--llama3-rope] [--rope-parameters] [--rope-theta X] [--init-std X] OUT_DIR\n"
                     "  state-space / hybrid: [--state-size N] [--expand N] [--conv-kernel N] [--ssm-head-dim N]\n"
                     "         [--n-groups N] [--chunk-size N] [--time-step-rank N] [--attn-period N] [--attn-offset N]\n"
                     "         [--experts N] [--experts-per-tok N] [--expert-period N] [--expert-offset N]\n"
                     "         [--block-types a,b,...] [--mem-blocks N]\n"
                     "  [--layout full|no-tokenizer|config-only]  which files to keep (default full): no-tokenizer is\n"
                     "         weights + config.json (as state-spaces/mamba-*), config-only is config.json alone\n"
                     "  [--container llava|llava-4.52]  llama only: the same language model inside a Llava checkpoint\n"
                     "         (text_config, a small vision tower; weights named as transformers before/since 4.52)\n"
                     "ARCH: llama, mistral, qwen2, mamba, falcon_mamba, mamba2, jamba, zamba2, recurrentgemma.\n"
                     "  (recurrentgemma: --sliding-window sets attention_window_size; zamba2/recurrentgemma:\n"
                     "   --block-types lists the layer types, e.g. mamba,hybrid or recurrent,recurrent,attention)\n"
                     "Writes a seeded random-initialised checkpoint in exact Hugging Face layout (config.json,\n"
                     "model.safetensors or shards with an index, tokenizer.json, tokenizer_config.json).\n";
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
    if (dt == "f32") s.dtype = DType::F32;
    else if (dt == "bf16") s.dtype = DType::BF16;
    else if (dt == "f16") s.dtype = DType::F16;
    else throw UsageError{"--dtype must be f32, bf16 or f16"};
    write_tiny_model(s, a.positionals()[0]);
    std::cout << "wrote " << s.arch << " model (" << s.layers << " layers, hidden " << s.hidden << ", " << s.heads
              << " heads) to " << a.positionals()[0] << "\n";
    return kOk;
}

}  // namespace gna::cli
