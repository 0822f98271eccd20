// MambaForCausalLM and FalconMambaForCausalLM (Mamba-1).
//   block: h = h + mixer(rms(h)); final norm_f; lm_head (tied by default).
//   mixer: x, z = split(in_proj(h)); x = silu(conv1d(x)); (delta, B, C) = split(x_proj(x), [R, N, N])
//          (Falcon-Mamba: weightless RMSNorm on delta, B, C); dt = softplus(dt_proj(delta)); A = -exp(A_log)
//          h_t = exp(dt_t A) h_{t-1} + dt_t B_t x_t;  y_t = h_t C_t + D x_t;  out = out_proj(y * silu(z))
#include "ssm/mamba.h"

#include <cmath>

#include "gna/error.h"
#include "ssm/hidden_attention.h"
#include "ssm/scan.h"
#include "ssm/ssm_ops.h"

namespace gna {

Mamba1Mixer Mamba1Mixer::load(WeightLoader& wl, const std::string& p, const Mamba1Dims& d) {
    Mamba1Mixer m;
    m.d = d;
    const int64_t D = d.d_inner, N = d.state, R = d.dt_rank;
    m.in_proj = Linear::load(wl, p + ".in_proj", 2 * D, d.hidden);
    m.conv_w = wl.get(p + ".conv1d.weight", {D, 1, d.conv_kernel});
    m.conv_b = wl.optional(p + ".conv1d.bias", {D});
    m.x_proj = Linear::load(wl, p + ".x_proj", R + 2 * N, D);
    m.dt_proj = Linear::load(wl, p + ".dt_proj", D, R);
    m.A = -at::exp(wl.get_f32(p + ".A_log", {D, N}));
    m.Dskip = wl.get_f32(p + ".D", {D});
    m.out_proj = Linear::load(wl, p + ".out_proj", d.hidden, D);
    if (d.bc_norm == Mamba1Dims::BcNorm::Weighted) {
        m.dt_norm = wl.get(p + ".dt_layernorm.weight", {R});
        m.b_norm = wl.get(p + ".b_layernorm.weight", {N});
        m.c_norm = wl.get(p + ".c_layernorm.weight", {N});
    }
    return m;
}

void Mamba1Mixer::describe(LayerInfo& li) const {
    li.kind = "mamba";
    li.ssm_heads = static_cast<int>(d.d_inner);
}

at::Tensor Mamba1Mixer::forward(const at::Tensor& x, at::Tensor& conv_state, at::Tensor& ssm_state, int64_t past,
                                int layer, ForwardContext& ctx) const {
    const int64_t B = x.size(0), T = x.size(1), D = d.d_inner, N = d.state, R = d.dt_rank;
    at::Tensor xz = in_proj(x);  // (B, T, 2D)
    at::Tensor z = xz.narrow(-1, D, D);  // (B, T, D)
    ConvResult conv = conv1d_f32(xz.narrow(-1, 0, D), conv_w, conv_b, conv_state, /*silu=*/true);
    conv_state = conv.state;
    at::Tensor uf = conv.y;  // (B, T, D) float32
    at::Tensor dbc = x_proj(uf.to(x.scalar_type()));  // (B, T, R + 2N)
    at::Tensor delta = dbc.narrow(-1, 0, R), Bm = dbc.narrow(-1, R, N), Cm = dbc.narrow(-1, R + N, N);
    if (d.bc_norm != Mamba1Dims::BcNorm::None) {
        delta = rms_norm(delta, dt_norm, d.bc_eps);  // undefined weight = weightless (Falcon-Mamba)
        Bm = rms_norm(Bm, b_norm, d.bc_eps);
        Cm = rms_norm(Cm, c_norm, d.bc_eps);
    }
    at::Tensor dt = at::softplus(dt_proj(delta).to(at::kFloat));  // (B, T, D), bias inside the softplus
    at::Tensor Bf = Bm.to(at::kFloat), Cf = Cm.to(at::kFloat);
    ScanResult scan = selective_scan(uf, dt, A, Bf, Cf, ssm_state);
    ssm_state = scan.state;

    auto caps = ssm_captures(ctx, layer);
    if (!caps.empty()) {
        for (const CaptureSlot* c : caps) {
            const CaptureRows rows = capture_rows_for_pass(ctx, *c, past, T);
            at::Tensor alpha = selective_hidden_attention(Cf, Bf, dt.select(2, c->head), A[c->head], rows.local);
            store_capture(ctx, *c, rows, alpha, past, T);
        }
    }

    const LayerPlan* plan = ctx.plan(layer);  // (y + D u) silu(z), each channel's ablation scale
    at::Tensor y = mamba1_gate(scan.y, uf, Dskip, z, plan ? plan->ssm_scale : at::Tensor(), x.scalar_type());
    // every channel is a head: (B, T, D, 1) through the ssm.out hooks
    return out_proj(head_output_hooks(y.view({B, T, D, 1}), layer, HeadKind::SSM, ctx, past).view({B, T, D}));
}

DecoderParts load_backbone(const ModelConfig& cfg, WeightLoader& wl, int64_t L, int64_t V, int64_t C,
                           const std::function<std::unique_ptr<Mixer>(const std::string&)>& mixer) {
    DecoderParts p;
    p.embed = wl.get("backbone.embeddings.weight", {V, C});
    for (int64_t l = 0; l < L; ++l) {
        const std::string lp = "backbone.layers." + std::to_string(l);
        DecoderLayer layer = load_layer_norms(wl, lp + ".norm.weight", "", C);
        layer.mixer = mixer(lp + ".mixer");
        p.layers.push_back(std::move(layer));
    }
    p.norm_f = wl.get("backbone.norm_f.weight", {C});
    p.lm_head = load_output_head(wl, cfg, p.embed, V, C, true);
    p.max_positions = static_cast<int>(cfg.get_int("max_position_embeddings", 1 << 20));
    return p;
}

std::unique_ptr<CausalLM> make_mamba(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt) {
    const auto [f, C, L, V] = read_base_dims(cfg);
    Mamba1Dims d;
    d.hidden = C;
    d.state = cfg.get_int("state_size", 16);
    d.conv_kernel = cfg.get_int("conv_kernel", 4);
    d.d_inner = static_cast<int64_t>(cfg.get_double("expand", 2.0) * static_cast<double>(C));
    const Json& j = cfg.json();
    if (j.contains("time_step_rank") && j["time_step_rank"].is_string()) {
        if (j["time_step_rank"].get<std::string>() != "auto")
            throw Error(f + ": time_step_rank must be an integer or \"auto\"");
        d.dt_rank = (C + 15) / 16;
    } else {
        d.dt_rank = cfg.get_int("time_step_rank", (C + 15) / 16);
    }
    if (C <= 0 || L <= 0 || V <= 0 || d.state <= 0 || d.conv_kernel <= 0 || d.d_inner <= 0 || d.dt_rank <= 0)
        throw Error(f +
                    ": hidden_size, num_hidden_layers, vocab_size, state_size, conv_kernel, expand and "
                    "time_step_rank must be positive");
    if (cfg.has("intermediate_size") && cfg.get_int("intermediate_size", d.d_inner) != d.d_inner)
        throw Error(f + ": intermediate_size (" + std::to_string(cfg.get_int("intermediate_size", 0)) +
                    ") must equal expand * hidden_size (" + std::to_string(d.d_inner) + ")");
    const bool falcon = cfg.model_type() == "falcon_mamba" || cfg.architecture() == "FalconMambaForCausalLM";
    if (falcon) {
        d.bc_norm = Mamba1Dims::BcNorm::Weightless;
        d.bc_eps = cfg.get_double("mixer_rms_eps", 1e-6);
    }

    WeightLoader wl(ckpt, opt);
    DecoderParts p = load_backbone(cfg, wl, L, V, C, [&](const std::string& prefix) {
        return std::make_unique<Mamba1Mixer>(Mamba1Mixer::load(wl, prefix, d));
    });
    p.head_dim = 1;
    p.eps = cfg.get_double("layer_norm_epsilon", 1e-5);
    return std::make_unique<Decoder>(cfg, wl, std::move(p));
}

}  // namespace gna
