// Mamba2ForCausalLM (state-spaces Mamba-2, SSD).
//   block: h = h + mixer(rms(h)); final norm_f; lm_head (tied to the embeddings by default).
//   mixer: [z, xBC, dt] = in_proj(x); xBC = silu(conv1d(xBC)); x, B, C = split(xBC)
//          dt = clamp(softplus(dt + dt_bias), time_step_limit); A = -exp(A_log)
//          state_h = exp(dt A_h) state_h + dt x_h (outer) B_g;  y_h = state_h C_g + D_h x_h
//          y = norm.weight * grouped_rms(y * silu(z)); out_proj(y)
#include "ssm/mamba2.h"

#include <cmath>

#include "gna/error.h"
#include "ssm/hidden_attention.h"
#include "ssm/mamba.h"
#include "ssm/scan.h"
#include "ssm/ssm_ops.h"

namespace gna {

Mamba2Mixer Mamba2Mixer::load(WeightLoader& wl, const std::string& p, const Mamba2Dims& d) {
    Mamba2Mixer m;
    m.d = d;
    const int64_t Cc = d.conv_dim();
    m.in_proj = Linear::load(wl, p + ".in_proj", d.d_inner + Cc + d.heads, d.hidden);
    m.conv_w = wl.get(p + ".conv1d.weight", {Cc, 1, d.conv_kernel});
    m.conv_b = wl.optional(p + ".conv1d.bias", {Cc});
    m.dt_bias = wl.get_f32(p + ".dt_bias", {d.heads});
    m.A = -at::exp(wl.get_f32(p + ".A_log", {d.heads}));
    m.D = wl.get_f32(p + ".D", {d.heads});
    m.norm_w = wl.get(p + ".norm.weight", {d.d_inner});
    m.out_proj = Linear::load(wl, p + ".out_proj", d.hidden, d.d_inner);
    return m;
}

void Mamba2Mixer::describe(LayerInfo& li) const {
    li.kind = "mamba2";
    li.ssm_heads = static_cast<int>(d.heads);
}

at::Tensor Mamba2Mixer::forward(const at::Tensor& x, at::Tensor& conv_state, at::Tensor& ssm_state, int64_t past,
                                int layer, ForwardContext& ctx) const {
    const int64_t B = x.size(0), T = x.size(1), H = d.heads, P = d.head_dim, G = d.groups, N = d.state;
    const int64_t DI = d.d_inner, Cc = d.conv_dim();
    at::Tensor proj = in_proj(x);  // (B, T, DI + Cc + H)
    at::Tensor z = proj.narrow(-1, 0, DI);  // (B, T, DI)
    ConvResult conv = conv1d_f32(proj.narrow(-1, DI, Cc), conv_w, conv_b, conv_state, /*silu=*/true);
    conv_state = conv.state;
    at::Tensor xBC = conv.y;  // (B, T, Cc) float32
    at::Tensor xs = xBC.narrow(-1, 0, DI).reshape({B, T, H, P});  // (B, T, H, P)
    at::Tensor Bg = xBC.narrow(-1, DI, G * N).reshape({B, T, G, N});  // (B, T, G, N)
    at::Tensor Cg = xBC.narrow(-1, DI + G * N, G * N).reshape({B, T, G, N});
    at::Tensor dt = at::softplus(proj.narrow(-1, DI + Cc, H).to(at::kFloat) + dt_bias);  // (B, T, H)
    if (d.dt_min > 0.0 || std::isfinite(d.dt_max))
        dt = at::clamp(dt, d.dt_min, std::isfinite(d.dt_max) ? d.dt_max : std::numeric_limits<double>::max());
    const int64_t rep = H / G;  // head h uses group h / rep
    ScanResult scan = ssd_scan(xs, dt, A, Bg, Cg, d.chunk, ssm_state);
    ssm_state = scan.state;

    auto caps = ssm_captures(ctx, layer);
    if (!caps.empty()) {
        for (const CaptureSlot* c : caps) {
            const CaptureRows rows = capture_rows_for_pass(ctx, *c, past, T);
            const int64_t g = c->head / rep;
            at::Tensor alpha = ssd_hidden_attention(Cg.select(2, g), Bg.select(2, g), dt.select(2, c->head),
                                                    A[c->head].item<double>(), rows.local);
            store_capture(ctx, *c, rows, alpha, past, T);
        }
    }

    // y + D x, gated RMSNorm per group of DI / G channels, ablation of each head's P channels
    const LayerPlan* plan = ctx.plan(layer);
    at::Tensor out = mamba2_gated_norm(scan.y, xs, D, z, norm_w, G, d.norm_eps, plan ? plan->ssm_scale : at::Tensor(),
                                       x.scalar_type());  // (B, T, DI)
    // each head's P channels of the out_proj input through the ssm.out hooks
    return out_proj(head_output_hooks(out.view({B, T, H, P}), layer, HeadKind::SSM, ctx, past).reshape({B, T, DI}));
}

std::unique_ptr<CausalLM> make_mamba2(const ModelConfig& cfg, const Checkpoint& ckpt, const LoadOptions& opt) {
    const auto [f, C, L, V] = read_base_dims(cfg);
    Mamba2Dims d;
    d.hidden = C;
    d.heads = cfg.require_int("num_heads");
    d.head_dim = cfg.get_int("head_dim", 64);
    d.groups = cfg.get_int("n_groups", 1);
    d.state = cfg.get_int("state_size", 128);
    d.conv_kernel = cfg.get_int("conv_kernel", 4);
    d.chunk = cfg.get_int("chunk_size", 256);
    d.norm_eps = cfg.get_double("layer_norm_epsilon", 1e-5);
    const double expand = cfg.get_double("expand", 2.0);
    d.d_inner = static_cast<int64_t>(expand * static_cast<double>(C));
    if (C <= 0 || L <= 0 || V <= 0 || d.heads <= 0 || d.head_dim <= 0 || d.groups <= 0 || d.state <= 0 ||
        d.conv_kernel <= 0 || d.chunk <= 0)
        throw Error(f +
                    ": hidden_size, num_hidden_layers, vocab_size, num_heads, head_dim, n_groups, state_size, "
                    "conv_kernel and chunk_size must be positive");
    if (d.heads * d.head_dim != d.d_inner)
        throw Error(f + ": num_heads * head_dim (" + std::to_string(d.heads) + " * " + std::to_string(d.head_dim) +
                    " = " + std::to_string(d.heads * d.head_dim) + ") must equal expand * hidden_size (" +
                    std::to_string(d.d_inner) + ")");
    if (d.heads % d.groups != 0)
        throw Error(f + ": num_heads (" + std::to_string(d.heads) + ") must be a multiple of n_groups (" +
                    std::to_string(d.groups) + ")");
    const Json& j = cfg.json();
    if (j.contains("time_step_limit") && j["time_step_limit"].is_array() && j["time_step_limit"].size() == 2) {
        const Json& lim = j["time_step_limit"];
        d.dt_min = lim[0].is_number() ? lim[0].get<double>() : 0.0;
        d.dt_max = lim[1].is_number() ? lim[1].get<double>() : std::numeric_limits<double>::infinity();
    }
    const std::string act = cfg.get_string("hidden_act", "silu");
    if (act != "silu" && act != "swish")
        throw Error(f + ": hidden_act \"" + act + "\" is not supported for Mamba-2 (silu only)");

    WeightLoader wl(ckpt, opt);
    DecoderParts p = load_backbone(cfg, wl, L, V, C, [&](const std::string& prefix) {
        return std::make_unique<Mamba2Mixer>(Mamba2Mixer::load(wl, prefix, d));
    });
    p.head_dim = static_cast<int>(d.head_dim);
    p.eps = d.norm_eps;
    return std::make_unique<Decoder>(cfg, wl, std::move(p));
}

}  // namespace gna
