#include "io/tiny_ssm.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "gna/error.h"

namespace gna {

namespace {

struct Maker {
    SeededNormal& rng;
    DType dtype;
    std::vector<TensorToWrite>& out;

    double uniform() { return static_cast<double>(rng.next_u64() >> 11) / 9007199254740992.0; }
    void put(const std::string& name, std::vector<int64_t> shape, const std::vector<float>& v) {
        out.push_back({name, dtype, std::move(shape), encode_floats(v, dtype)});
    }
    void random(const std::string& name, std::vector<int64_t> shape, double std, double mean = 0.0) {
        int64_t n = 1;
        for (auto d : shape) n *= d;
        std::vector<float> v(static_cast<std::size_t>(n));
        for (auto& x : v) x = static_cast<float>(mean + rng.next() * std);
        put(name, std::move(shape), v);
    }
    void around_one(const std::string& name, int64_t n, double std = 0.1) { random(name, {n}, std, 1.0); }
    // dt_bias such that softplus(dt_bias) is log-uniform in [0.01, 0.3]
    void dt_bias(const std::string& name, int64_t n) {
        std::vector<float> v(static_cast<std::size_t>(n));
        for (auto& x : v) {
            const double dt = std::exp(std::log(0.01) + uniform() * (std::log(0.3) - std::log(0.01)));
            x = static_cast<float>(dt + std::log(-std::expm1(-dt)));  // inverse softplus
        }
        put(name, {n}, v);
    }
    // A_log with A = -exp(A_log) in [-8, -1] (Mamba-2: per head) or S4D-real 1..N (Mamba-1).
    void a_log_heads(const std::string& name, int64_t n) {
        std::vector<float> v(static_cast<std::size_t>(n));
        for (auto& x : v) x = static_cast<float>(std::log(1.0 + 7.0 * uniform()));
        put(name, {n}, v);
    }
    void a_log_s4d(const std::string& name, int64_t D, int64_t N) {
        std::vector<float> v(static_cast<std::size_t>(D * N));
        for (int64_t d = 0; d < D; ++d)
            for (int64_t i = 0; i < N; ++i) v[d * N + i] = static_cast<float>(std::log(static_cast<double>(i + 1)));
        put(name, {D, N}, v);
    }
};

const char* torch_dtype(DType d) { return d == DType::BF16 ? "bfloat16" : d == DType::F16 ? "float16" : "float32"; }

Json common(const TinyModelSpec& s, int vocab, int bos, int eos) {
    return {{"vocab_size", vocab},
            {"hidden_size", s.hidden},
            {"num_hidden_layers", s.layers},
            {"bos_token_id", bos},
            {"eos_token_id", eos},
            {"pad_token_id", eos},
            {"initializer_range", s.init_std},
            {"torch_dtype", torch_dtype(s.dtype)},
            {"transformers_version", "4.46.0"},
            {"use_cache", true}};
}

int dt_rank(const TinyModelSpec& s) { return s.time_step_rank > 0 ? s.time_step_rank : (s.hidden + 15) / 16; }

// Mamba-1 mixer weights under `p` (Jamba adds dt/b/c_layernorm).
void mamba1_mixer(const TinyModelSpec& s, Maker& m, const std::string& p, bool jamba_norms, bool proj_bias) {
    const int64_t C = s.hidden, D = static_cast<int64_t>(s.expand) * C, N = s.state_size, R = dt_rank(s);
    const double sd = s.init_std;
    m.random(p + ".in_proj.weight", {2 * D, C}, sd * 2.5);
    if (proj_bias) m.random(p + ".in_proj.bias", {2 * D}, sd);
    m.random(p + ".conv1d.weight", {D, 1, s.conv_kernel}, 0.3);
    m.random(p + ".conv1d.bias", {D}, 0.05);
    m.random(p + ".x_proj.weight", {R + 2 * N, D}, sd * 2.5);
    m.random(p + ".dt_proj.weight", {D, R}, 0.3);
    m.dt_bias(p + ".dt_proj.bias", D);
    m.a_log_s4d(p + ".A_log", D, N);
    m.around_one(p + ".D", D);
    m.random(p + ".out_proj.weight", {C, D}, sd);
    if (proj_bias) m.random(p + ".out_proj.bias", {C}, sd);
    if (jamba_norms) {
        m.around_one(p + ".dt_layernorm.weight", R);
        m.around_one(p + ".b_layernorm.weight", N);
        m.around_one(p + ".c_layernorm.weight", N);
    }
}

// The config keys of the Mamba-1 and Mamba-2 checkpoints (backbone.* layout, tied embeddings) beyond
// `common`, with their published defaults.
Json mamba_backbone_config(const TinyModelSpec& s, int vocab, int bos, int eos) {
    Json cfg = common(s, vocab, bos, eos);
    cfg.update({{"state_size", s.state_size},
                {"expand", s.expand},
                {"conv_kernel", s.conv_kernel},
                {"time_step_min", 0.001},
                {"time_step_max", 0.1},
                {"time_step_floor", 1e-4},
                {"layer_norm_epsilon", 1e-5},
                {"use_bias", false},
                {"use_conv_bias", true},
                {"hidden_act", "silu"},
                {"residual_in_fp32", true},
                {"rescale_prenorm_residual", false},
                {"tie_word_embeddings", true}});
    return cfg;
}

// The weights of a Mamba backbone: embeddings, per layer a norm and the mixer `mixer(prefix)` writes,
// the final norm.
template <class Mixer>
void mamba_backbone_weights(const TinyModelSpec& s, int vocab, Maker& m, Mixer&& mixer) {
    m.random("backbone.embeddings.weight", {vocab, s.hidden}, 1.0);
    for (int l = 0; l < s.layers; ++l) {
        const std::string p = "backbone.layers." + std::to_string(l);
        m.around_one(p + ".norm.weight", s.hidden);
        mixer(p + ".mixer");
    }
    m.around_one("backbone.norm_f.weight", s.hidden);
}

Json mamba1(const TinyModelSpec& s, int vocab, int bos, int eos, Maker& m) {
    const bool falcon = s.arch == "falcon_mamba";
    Json cfg = mamba_backbone_config(s, vocab, bos, eos);
    cfg["architectures"] = {falcon ? "FalconMambaForCausalLM" : "MambaForCausalLM"};
    cfg["model_type"] = falcon ? "falcon_mamba" : "mamba";
    cfg["intermediate_size"] = s.expand * s.hidden;
    cfg["time_step_rank"] = dt_rank(s);
    cfg["time_step_scale"] = 1.0;
    cfg["time_step_init_scheme"] = "random";
    cfg["use_mambapy"] = false;
    if (falcon) cfg["mixer_rms_eps"] = 1e-6;
    mamba_backbone_weights(s, vocab, m, [&](const std::string& p) { mamba1_mixer(s, m, p, false, false); });
    return cfg;
}

// Mamba-2 mixer weights under `p`.
void mamba2_mixer(const TinyModelSpec& s, Maker& m, const std::string& p, int64_t H) {
    const int64_t C = s.hidden, DI = static_cast<int64_t>(s.expand) * C, GN = int64_t{s.n_groups} * s.state_size;
    const int64_t conv_dim = DI + 2 * GN;
    m.random(p + ".in_proj.weight", {DI + conv_dim + H, C}, s.init_std * 2.5);
    m.random(p + ".conv1d.weight", {conv_dim, 1, s.conv_kernel}, 0.3);
    m.random(p + ".conv1d.bias", {conv_dim}, 0.05);
    m.dt_bias(p + ".dt_bias", H);
    m.a_log_heads(p + ".A_log", H);
    m.around_one(p + ".D", H);
    m.around_one(p + ".norm.weight", DI);
    m.random(p + ".out_proj.weight", {C, DI}, s.init_std);
}

Json mamba2(const TinyModelSpec& s, int vocab, int bos, int eos, Maker& m) {
    const int64_t DI = static_cast<int64_t>(s.expand) * s.hidden;
    if (s.ssm_head_dim <= 0 || DI % s.ssm_head_dim != 0)
        throw Error("make-tiny-model: expand * hidden must be a multiple of --ssm-head-dim");
    const int64_t H = DI / s.ssm_head_dim;
    if (s.n_groups <= 0 || H % s.n_groups != 0)
        throw Error("make-tiny-model: the number of Mamba-2 heads (" + std::to_string(H) +
                    ") must be a multiple of --n-groups");
    Json cfg = mamba_backbone_config(s, vocab, bos, eos);
    cfg["architectures"] = {"Mamba2ForCausalLM"};
    cfg["model_type"] = "mamba2";
    cfg["num_heads"] = H;
    cfg["head_dim"] = s.ssm_head_dim;
    cfg["n_groups"] = s.n_groups;
    cfg["chunk_size"] = s.chunk_size;
    cfg["time_step_rank"] = (s.hidden + 15) / 16;
    cfg["time_step_limit"] = {0.0, std::numeric_limits<double>::infinity()};
    cfg["rms_norm"] = true;
    mamba_backbone_weights(s, vocab, m, [&](const std::string& p) { mamba2_mixer(s, m, p, H); });
    return cfg;
}

void attention_weights(const TinyModelSpec& s, Maker& m, const std::string& p, int64_t in, int64_t heads,
                       int64_t kv_heads, int64_t head_dim, int64_t out) {
    m.random(p + ".q_proj.weight", {heads * head_dim, in}, s.init_std * 2.5);
    m.random(p + ".k_proj.weight", {kv_heads * head_dim, in}, s.init_std * 2.5);
    m.random(p + ".v_proj.weight", {kv_heads * head_dim, in}, s.init_std);
    m.random(p + ".o_proj.weight", {out, heads * head_dim}, s.init_std);
}

void swiglu(const TinyModelSpec& s, Maker& m, const std::string& p) {
    m.random(p + ".gate_proj.weight", {s.intermediate, s.hidden}, s.init_std);
    m.random(p + ".up_proj.weight", {s.intermediate, s.hidden}, s.init_std);
    m.random(p + ".down_proj.weight", {s.hidden, s.intermediate}, s.init_std);
}

Json jamba(const TinyModelSpec& s, int vocab, int bos, int eos, Maker& m) {
    Json cfg = common(s, vocab, bos, eos);
    cfg["architectures"] = {"JambaForCausalLM"};
    cfg["model_type"] = "jamba";
    cfg["intermediate_size"] = s.intermediate;
    cfg["num_attention_heads"] = s.heads;
    cfg["num_key_value_heads"] = s.kv_heads;
    cfg["hidden_act"] = "silu";
    cfg["rms_norm_eps"] = 1e-6;
    cfg["tie_word_embeddings"] = s.tie_embeddings;
    cfg["num_logits_to_keep"] = 1;
    cfg["output_router_logits"] = false;
    cfg["router_aux_loss_coef"] = 0.001;
    cfg["sliding_window"] = nullptr;
    cfg["max_position_embeddings"] = s.max_positions;
    cfg["attention_dropout"] = 0.0;
    cfg["num_experts_per_tok"] = s.experts_per_tok;
    cfg["num_experts"] = s.experts;
    cfg["expert_layer_period"] = s.expert_layer_period;
    cfg["expert_layer_offset"] = s.expert_layer_offset;
    cfg["attn_layer_period"] = s.attn_layer_period;
    cfg["attn_layer_offset"] = s.attn_layer_offset;
    cfg["use_mamba_kernels"] = false;
    cfg["mamba_d_state"] = s.state_size;
    cfg["mamba_d_conv"] = s.conv_kernel;
    cfg["mamba_expand"] = s.expand;
    cfg["mamba_dt_rank"] = dt_rank(s);
    cfg["mamba_conv_bias"] = true;
    cfg["mamba_proj_bias"] = false;
    const int64_t D = s.hidden / s.heads;

    m.random("model.embed_tokens.weight", {vocab, s.hidden}, 1.0);
    for (int l = 0; l < s.layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l);
        m.around_one(p + ".input_layernorm.weight", s.hidden);
        if (l % s.attn_layer_period == s.attn_layer_offset)
            attention_weights(s, m, p + ".self_attn", s.hidden, s.heads, s.kv_heads, D, s.hidden);
        else
            mamba1_mixer(s, m, p + ".mamba", true, false);
        m.around_one(p + ".pre_ff_layernorm.weight", s.hidden);
        if (s.experts > 1 && l % s.expert_layer_period == s.expert_layer_offset) {
            m.random(p + ".feed_forward.router.weight", {s.experts, s.hidden}, s.init_std * 5);
            for (int e = 0; e < s.experts; ++e) swiglu(s, m, p + ".feed_forward.experts." + std::to_string(e));
        } else {
            swiglu(s, m, p + ".feed_forward");
        }
    }
    m.around_one("model.final_layernorm.weight", s.hidden);
    if (!s.tie_embeddings) m.random("lm_head.weight", {vocab, s.hidden}, s.init_std);
    return cfg;
}

std::vector<std::string> zamba2_types(const TinyModelSpec& s) {
    std::vector<std::string> types;
    std::string cur;
    for (char c : s.block_types + ",") {
        if (c != ',') {
            cur += c;
            continue;
        }
        if (!cur.empty()) types.push_back(cur);
        cur.clear();
    }
    if (types.empty())
        for (int l = 0; l < s.layers; ++l) types.push_back(l % 2 == 1 ? "hybrid" : "mamba");
    if (static_cast<int>(types.size()) != s.layers)
        throw Error("make-tiny-model: --block-types must list one type per layer");
    for (const auto& t : types)
        if (t != "mamba" && t != "hybrid") throw Error("make-tiny-model: zamba2 block types are mamba and hybrid");
    return types;
}

Json zamba2(const TinyModelSpec& s, int vocab, int bos, int eos, Maker& m) {
    const int64_t C = s.hidden, DI = static_cast<int64_t>(s.expand) * C, I = s.intermediate, rank = 4;
    if (s.ssm_head_dim <= 0 || DI % s.ssm_head_dim != 0 || (2 * C) % s.heads != 0)
        throw Error("make-tiny-model: expand * hidden must be a multiple of --ssm-head-dim and 2 * hidden of --heads");
    const int64_t H = DI / s.ssm_head_dim, blocks = std::max(1, s.mem_blocks);
    const auto types = zamba2_types(s);
    std::vector<int> hybrid_ids;
    for (int l = 0; l < s.layers; ++l)
        if (types[l] == "hybrid") hybrid_ids.push_back(l);
    Json cfg = common(s, vocab, bos, eos);
    cfg["architectures"] = {"Zamba2ForCausalLM"};
    cfg["model_type"] = "zamba2";
    cfg["max_position_embeddings"] = s.max_positions;
    cfg["layers_block_type"] = types;
    cfg["hybrid_layer_ids"] = hybrid_ids;
    cfg["mamba_d_state"] = s.state_size;
    cfg["mamba_d_conv"] = s.conv_kernel;
    cfg["mamba_expand"] = s.expand;
    cfg["mamba_ngroups"] = s.n_groups;
    cfg["n_mamba_heads"] = H;
    cfg["mamba_headdim"] = s.ssm_head_dim;
    cfg["time_step_min"] = 0.001;
    cfg["time_step_max"] = 0.1;
    cfg["time_step_floor"] = 1e-4;
    cfg["time_step_limit"] = {0.0, std::numeric_limits<double>::infinity()};
    cfg["use_conv_bias"] = true;
    cfg["chunk_size"] = s.chunk_size;
    cfg["use_mem_eff_path"] = false;
    cfg["add_bias_linear"] = false;
    cfg["intermediate_size"] = s.intermediate;
    cfg["hidden_act"] = "gelu";
    cfg["num_attention_heads"] = s.heads;
    cfg["num_key_value_heads"] = s.heads;
    cfg["attention_hidden_size"] = 2 * C;
    cfg["attention_head_dim"] = 2 * C / s.heads;
    cfg["attention_dropout"] = 0.0;
    cfg["num_mem_blocks"] = blocks;
    cfg["use_shared_attention_adapter"] = true;
    cfg["adapter_rank"] = rank;
    cfg["use_mem_rope"] = false;
    cfg["rope_theta"] = s.rope_theta;
    cfg["rms_norm_eps"] = 1e-5;
    cfg["num_logits_to_keep"] = 1;
    cfg["use_long_context"] = false;
    cfg["tie_word_embeddings"] = true;

    m.random("model.embed_tokens.weight", {vocab, C}, 1.0);
    for (int l = 0; l < s.layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l);
        if (types[l] == "mamba") {
            m.around_one(p + ".input_layernorm.weight", C);
            mamba2_mixer(s, m, p + ".mamba", H);
            continue;
        }
        const int64_t k = std::find(hybrid_ids.begin(), hybrid_ids.end(), l) - hybrid_ids.begin();
        m.random(p + ".linear.weight", {C, C}, s.init_std);
        m.around_one(p + ".mamba_decoder.input_layernorm.weight", C);
        mamba2_mixer(s, m, p + ".mamba_decoder.mamba", H);
        if (k >= blocks) continue;  // the block's weights live under its first hybrid layer
        const std::string sp = p + ".shared_transformer";
        const int64_t hd = 2 * C / s.heads;
        m.around_one(sp + ".input_layernorm.weight", 2 * C);
        m.around_one(sp + ".pre_ff_layernorm.weight", C);
        attention_weights(s, m, sp + ".self_attn", 2 * C, s.heads, s.heads, hd, C);
        m.random(sp + ".feed_forward.gate_up_proj.weight", {2 * I, C}, s.init_std);
        m.random(sp + ".feed_forward.down_proj.weight", {C, I}, s.init_std);
        for (std::size_t jj = 0; jj < hybrid_ids.size(); ++jj) {
            if (static_cast<int64_t>(jj) % blocks != k) continue;
            const std::string j = std::to_string(jj);
            for (const char* a : {"q", "k", "v"}) {
                const std::string ap = sp + ".self_attn.linear_" + a + "_adapter_list." + j;
                m.random(ap + ".0.weight", {rank, 2 * C}, s.init_std);
                m.random(ap + ".1.weight", {2 * C, rank}, s.init_std);
            }
            const std::string gp = sp + ".feed_forward.gate_up_proj_adapter_list." + j;
            m.random(gp + ".0.weight", {rank, C}, s.init_std);
            m.random(gp + ".1.weight", {2 * I, rank}, s.init_std);
        }
    }
    m.around_one("model.final_layernorm.weight", C);
    return cfg;
}

Json recurrent_gemma(const TinyModelSpec& s, int vocab, int bos, int eos, Maker& m) {
    const int64_t C = s.hidden, H = s.heads, KVH = 1, D = C / H, W = C, I = s.intermediate / 2, K = s.conv_kernel;
    if (C % H != 0 || s.intermediate % 2 != 0)
        throw Error("make-tiny-model: recurrentgemma needs hidden a multiple of heads and an even intermediate size");
    const int64_t bw = W / H;
    std::vector<std::string> types;
    std::string cur;
    for (char c : (s.block_types.empty() ? std::string("recurrent,recurrent,attention") : s.block_types) + ",") {
        if (c != ',') {
            cur += c;
            continue;
        }
        if (cur != "recurrent" && cur != "attention")
            throw Error("make-tiny-model: recurrentgemma block types are recurrent and attention");
        types.push_back(cur);
        cur.clear();
    }
    Json cfg = common(s, vocab, bos, eos);
    cfg["architectures"] = {"RecurrentGemmaForCausalLM"};
    cfg["model_type"] = "recurrent_gemma";
    cfg["intermediate_size"] = s.intermediate;
    cfg["num_attention_heads"] = H;
    cfg["num_key_value_heads"] = KVH;
    cfg["head_dim"] = D;
    cfg["lru_width"] = W;
    cfg["attention_window_size"] = s.sliding_window > 0 ? s.sliding_window : 2048;
    cfg["conv1d_width"] = K;
    cfg["logits_soft_cap"] = 30.0;
    cfg["rms_norm_eps"] = 1e-6;
    cfg["hidden_activation"] = "gelu_pytorch_tanh";
    cfg["partial_rotary_factor"] = 0.5;
    cfg["rope_theta"] = s.rope_theta;
    cfg["block_types"] = types;
    cfg["attention_dropout"] = 0.0;
    cfg["attention_bias"] = false;
    cfg["w_init_variance_scale"] = 0.01;
    cfg["final_w_init_variance_scale"] = 2.0 / s.layers;
    cfg["embeddings_scale_by_sqrt_dim"] = true;
    cfg["tie_word_embeddings"] = true;

    const double sd = s.init_std;
    m.random("model.embed_tokens.weight", {vocab, C}, 1.0 / std::sqrt(static_cast<double>(C)));
    for (int l = 0; l < s.layers; ++l) {
        const std::string p = "model.layers." + std::to_string(l), tb = p + ".temporal_block";
        m.random(p + ".temporal_pre_norm.weight", {C}, 0.1);
        if (types[l % types.size()] == "attention") {
            attention_weights(s, m, tb, C, H, KVH, D, C);
            m.random(tb + ".o_proj.bias", {C}, sd);
        } else {
            for (const char* n : {"linear_y", "linear_x"}) {
                m.random(tb + "." + n + ".weight", {W, C}, sd * 2.5);
                m.random(tb + "." + n + ".bias", {W}, sd);
            }
            m.random(tb + ".linear_out.weight", {C, W}, sd);
            m.random(tb + ".linear_out.bias", {C}, sd);
            m.random(tb + ".conv_1d.weight", {W, 1, K}, 0.3);
            m.random(tb + ".conv_1d.bias", {W}, 0.05);
            std::vector<float> rp(static_cast<std::size_t>(W));
            for (auto& v : rp) v = static_cast<float>(-4.0 + 3.0 * m.uniform());  // softplus in ~[0.02, 0.3]
            m.put(tb + ".rg_lru.recurrent_param", {W}, rp);
            m.random(tb + ".rg_lru.input_gate_weight", {H, bw, bw}, 0.5);
            m.random(tb + ".rg_lru.input_gate_bias", {H, bw}, 0.1);
            m.random(tb + ".rg_lru.recurrent_gate_weight", {H, bw, bw}, 0.5);
            m.random(tb + ".rg_lru.recurrent_gate_bias", {H, bw}, 0.1);
        }
        m.random(p + ".channel_pre_norm.weight", {C}, 0.1);
        for (const char* n : {"gate_proj", "up_proj"}) {
            m.random(p + ".mlp_block." + n + ".weight", {I, C}, sd);
            m.random(p + ".mlp_block." + n + ".bias", {I}, sd);
        }
        m.random(p + ".mlp_block.down_proj.weight", {C, I}, sd);
        m.random(p + ".mlp_block.down_proj.bias", {C}, sd);
    }
    m.random("model.final_norm.weight", {C}, 0.1);
    return cfg;
}

Json to_python_markers(const Json& j) {
    if (j.is_number_float()) {
        const double v = j.get<double>();
        if (std::isnan(v)) return "\x01NaN";
        if (std::isinf(v)) return v > 0 ? "\x01Infinity" : "\x01-Infinity";
        return j;
    }
    if (j.is_array()) {
        Json a = Json::array();
        for (const auto& v : j) a.push_back(to_python_markers(v));
        return a;
    }
    if (j.is_object()) {
        Json o = Json::object();
        for (auto it = j.begin(); it != j.end(); ++it) o[it.key()] = to_python_markers(it.value());
        return o;
    }
    return j;
}

}  // namespace

std::string python_json_dump(const Json& j, int indent) {
    std::string text = to_python_markers(j).dump(indent);
    for (const char* w : {"-Infinity", "Infinity", "NaN"}) {
        const std::string marker = std::string("\"\\u0001") + w + "\"";
        for (std::size_t pos; (pos = text.find(marker)) != std::string::npos;) text.replace(pos, marker.size(), w);
    }
    return text + "\n";
}

bool is_tiny_ssm_arch(const std::string& a) {
    return a == "mamba" || a == "falcon_mamba" || a == "mamba2" || a == "jamba" || a == "zamba2" ||
        a == "recurrentgemma" || a == "recurrent_gemma";
}

Json tiny_ssm_model(const TinyModelSpec& s, int vocab, int bos, int eos, SeededNormal& rng,
                    std::vector<TensorToWrite>& out) {
    Maker m{rng, s.dtype, out};
    if (s.arch == "mamba" || s.arch == "falcon_mamba") return mamba1(s, vocab, bos, eos, m);
    if (s.arch == "mamba2") return mamba2(s, vocab, bos, eos, m);
    if (s.arch == "jamba") return jamba(s, vocab, bos, eos, m);
    if (s.arch == "zamba2") return zamba2(s, vocab, bos, eos, m);
    if (s.arch == "recurrentgemma" || s.arch == "recurrent_gemma") return recurrent_gemma(s, vocab, bos, eos, m);
    throw Error("make-tiny-model: unknown --arch '" + s.arch + "'");
}

}  // namespace gna
