#include "model/layers.h"

#include <algorithm>
#include <cmath>

#include "gna/error.h"
#include "gna/rope.h"
#include "model/hook_points.h"

namespace gna {

at::ScalarType to_scalar_type(ComputeDType d) {
    switch (d) {
        case ComputeDType::BF16: return at::kBFloat16;
        case ComputeDType::F16: return at::kHalf;
        default: return at::kFloat;
    }
}

at::Device to_device(Device d) { return d == Device::CUDA ? at::Device(at::kCUDA, 0) : at::Device(at::kCPU); }

WeightLoader::WeightLoader(const Checkpoint& ckpt, const LoadOptions& opt)
    : ckpt_(ckpt), device_(to_device(opt.device)), dtype_(to_scalar_type(opt.dtype)), progress_(opt.progress),
      cancel_(opt.cancel), total_bytes_(std::max<double>(1.0, static_cast<double>(ckpt.total_bytes()))) {}

namespace {
at::ScalarType scalar_of(DType d) {
    switch (d) {
        case DType::F32: return at::kFloat;
        case DType::F16: return at::kHalf;
        case DType::BF16: return at::kBFloat16;
        case DType::F64: return at::kDouble;
        default: return at::kFloat;
    }
}
}  // namespace

at::Tensor WeightLoader::load(const std::string& name, const std::vector<int64_t>& shape, at::ScalarType want) {
    if (cancel_ && cancel_->load()) throw Cancelled();
    TensorView v = ckpt_.tensor(name, shape);
    parameters_ += v.numel();
    read_bytes_ += static_cast<double>(v.nbytes);
    if (progress_) progress_(std::min(1.0, read_bytes_ / total_bytes_));
    // A read-only view of the mapped bytes; from_blob never frees it (the Checkpoint owns the map).
    at::Tensor t = at::from_blob(const_cast<std::byte*>(v.data), shape, at::TensorOptions().dtype(scalar_of(v.dtype)));
    if (device_.is_cpu() && t.scalar_type() == want) return t;  // zero copy
    return t.to(device_, want, /*non_blocking=*/false, /*copy=*/true);
}

at::Tensor WeightLoader::get(const std::string& name, const std::vector<int64_t>& shape) {
    return load(name, shape, dtype_);
}

at::Tensor WeightLoader::optional(const std::string& name, const std::vector<int64_t>& shape) {
    if (!ckpt_.contains(name)) return {};
    return get(name, shape);
}

at::Tensor WeightLoader::get_f32(const std::string& name, const std::vector<int64_t>& shape) {
    return load(name, shape, at::kFloat);
}

at::Tensor load_output_head(WeightLoader& wl, const ModelConfig& cfg, const at::Tensor& embed, int64_t V, int64_t C,
                            bool tie_default) {
    if (wl.has("lm_head.weight")) return wl.get("lm_head.weight", {V, C});
    if (cfg.get_bool("tie_word_embeddings", tie_default)) return embed;
    throw Error(wl.checkpoint().dir().string() + ": the checkpoint has no tensor 'lm_head.weight' and config.json sets "
                "tie_word_embeddings to false; the file is incomplete");
}

namespace {
thread_local bool batch_invariant_mode = false;
}

BatchInvariantScope::BatchInvariantScope() : FlagScope(batch_invariant_mode) {}
bool batch_invariant() { return batch_invariant_mode; }

namespace {
thread_local bool frozen_norm_mode = false;
}
FrozenNormScope::FrozenNormScope() : FlagScope(frozen_norm_mode) {}

at::Tensor linear(const at::Tensor& x, const at::Tensor& w, const at::Tensor& b) {
    if (!batch_invariant_mode || x.dim() < 3) return at::linear(x, w, b);
    // One GEMM per batch row, each on a contiguous (rows, in) block: the same call whether the
    // batch holds one row or many. (With one row this is the same single GEMM as at::linear.)
    const at::Tensor xc = x.contiguous();
    std::vector<int64_t> shape = xc.sizes().vec();
    shape.back() = w.size(0);
    at::Tensor out = at::empty(shape, xc.options().dtype(w.scalar_type()));
    const at::Tensor x3 = xc.view({xc.size(0), -1, xc.size(-1)});
    const at::Tensor o3 = out.view({xc.size(0), -1, w.size(0)});
    for (int64_t i = 0; i < x3.size(0); ++i) o3.select(0, i).copy_(at::linear(x3.select(0, i), w, b));
    return out;
}

at::Tensor Linear::operator()(const at::Tensor& x) const { return gna::linear(x, w, b); }

Linear Linear::load(WeightLoader& wl, const std::string& prefix, int64_t out, int64_t in, bool bias_if_present) {
    Linear l;
    l.w = wl.get(prefix + ".weight", {out, in});
    if (bias_if_present) l.b = wl.optional(prefix + ".bias", {out});
    return l;
}

at::Tensor rms_norm(const at::Tensor& x, const at::Tensor& weight, double eps, bool one_plus) {
    at::Tensor xf = x.to(at::kFloat);
    at::Tensor inv = at::rsqrt(xf.pow(2).mean(-1, /*keepdim=*/true) + eps);
    if (frozen_norm_mode) inv = inv.detach();
    at::Tensor y = xf * inv;
    y = y.to(x.scalar_type());
    if (!weight.defined()) return y;
    return one_plus ? y * (weight + 1) : y * weight;
}

Rope Rope::make(const RopeConfig& cfg, int64_t rotary_dim, at::Device device) {
    Rope r;
    r.rotary_dim = rotary_dim;
    if (rotary_dim == 0) return r;
    auto inv = rope_inverse_frequencies(cfg, rotary_dim);
    std::vector<float> f(inv.begin(), inv.end());
    r.inv_freq = at::tensor(f, at::kFloat).to(device);
    return r;
}

at::Tensor Rope::apply(const at::Tensor& x, const at::Tensor& positions) const {
    if (rotary_dim == 0) return x;
    // angles: (T, rotary_dim/2) = pos (T,1) * inv_freq (1, rd/2); emb = cat(angles, angles)
    at::Tensor ang = positions.to(at::kFloat).unsqueeze(1) * inv_freq.unsqueeze(0);
    at::Tensor emb = at::cat({ang, ang}, -1);  // (T, rd)
    at::Tensor cos = emb.cos(), sin = emb.sin();
    at::Tensor xr = x.narrow(-1, 0, rotary_dim).to(at::kFloat);
    const int64_t half = rotary_dim / 2;
    // rotate_half(x) = cat(-x2, x1)
    at::Tensor rot = at::cat({-xr.narrow(-1, half, half), xr.narrow(-1, 0, half)}, -1);
    at::Tensor out = (xr * cos + rot * sin).to(x.scalar_type());
    if (rotary_dim == x.size(-1)) return out;
    return at::cat({out, x.narrow(-1, rotary_dim, x.size(-1) - rotary_dim)}, -1);
}

Rope::Tables Rope::tables(const at::Tensor& positions) const {
    if (rotary_dim == 0) return {};
    at::Tensor ang = positions.to(at::kFloat).unsqueeze(1) * inv_freq.unsqueeze(0);  // (T, rd/2)
    at::Tensor emb = at::cat({ang, ang}, -1);                                        // (T, rd)
    return {emb.cos(), emb.sin()};
}

at::Tensor Rope::apply_to_heads(const at::Tensor& x, const Tables& t) const {
    const int64_t B = x.size(0), T = x.size(1), NH = x.size(2), D = x.size(3);
    at::Tensor out = at::empty({B, NH, T, D}, x.options());  // out: (B, NH, T, D)
    if (batch_invariant() && B > 1) {
        // Row by row: how an elementwise loop vectorises (and so whether addcmul fuses the
        // multiply-add) depends on the whole shape, and a row must not see its batch.
        for (int64_t b = 0; b < B; ++b) out.narrow(0, b, 1).copy_(apply_to_heads(x.narrow(0, b, 1), t));
        return out;
    }
    at::Tensor ot = out.transpose(1, 2);                    // ot: (B, T, NH, D), a view of out
    if (rotary_dim == 0) {
        ot.copy_(x);
        return out;
    }
    // x * cos + rotate_half(x) * sin, rotate_half(x) = cat(-x2, x1), in fp32
    const int64_t half = rotary_dim / 2;
    const at::Tensor cos = t.cos.unsqueeze(1), sin = t.sin.unsqueeze(1);  // (T, 1, rd)
    const at::Tensor xr = x.narrow(-1, 0, rotary_dim).to(at::kFloat);
    const bool f32 = x.scalar_type() == at::kFloat;
    at::Tensor r = f32 ? ot.narrow(-1, 0, rotary_dim) : at::empty_like(xr);
    at::mul_out(r, xr, cos);
    r.narrow(-1, 0, half).addcmul_(xr.narrow(-1, half, half), sin.narrow(-1, 0, half), -1);
    r.narrow(-1, half, half).addcmul_(xr.narrow(-1, 0, half), sin.narrow(-1, half, half));
    if (!f32) ot.narrow(-1, 0, rotary_dim).copy_(r);
    if (rotary_dim < D) ot.narrow(-1, rotary_dim, D - rotary_dim).copy_(x.narrow(-1, rotary_dim, D - rotary_dim));
    return out;
}

AttentionWeights AttentionWeights::load(WeightLoader& wl, const std::string& prefix, const AttentionConfig& c,
                                        int64_t out_dim) {
    AttentionWeights w;
    w.q = Linear::load(wl, prefix + ".q_proj", c.heads * c.head_dim, c.input_dim);
    w.k = Linear::load(wl, prefix + ".k_proj", c.kv_heads * c.head_dim, c.input_dim);
    w.v = Linear::load(wl, prefix + ".v_proj", c.kv_heads * c.head_dim, c.input_dim);
    w.o = Linear::load(wl, prefix + ".o_proj", out_dim, c.heads * c.head_dim);
    return w;
}

void KVCache::repeat_rows(int64_t n) {
    if (k.defined()) k = k.repeat_interleave(n, 0);
    if (v.defined()) v = v.repeat_interleave(n, 0);
}

namespace {
// Query rows per chunk so that one chunk's probabilities stay near 64 MiB.
int64_t query_chunk(int64_t batch, int64_t heads, int64_t keys) {
    const int64_t budget = 16ll * 1024 * 1024;  // floats
    int64_t rows = budget / std::max<int64_t>(1, batch * heads * keys);
    return std::max<int64_t>(16, rows);
}
}  // namespace

at::Tensor attention_forward(const AttentionConfig& cfg, const AttentionWeights& w, const at::Tensor& x,
                             KVCache& cache, int64_t past, int layer, ForwardContext& ctx) {
    const int64_t B = x.size(0), T = x.size(1), H = cfg.heads, KVH = cfg.kv_heads, D = cfg.head_dim;
    const int64_t G = H / KVH;
    at::Tensor q = w.q(x).view({B, T, H, D}).transpose(1, 2);    // q: (B, H, T, D)
    at::Tensor k = w.k(x).view({B, T, KVH, D}).transpose(1, 2);  // k: (B, KVH, T, D)
    at::Tensor v = w.v(x).view({B, T, KVH, D}).transpose(1, 2);  // v: (B, KVH, T, D)
    if (cfg.rope.rotary_dim > 0) {
        at::Tensor pos = at::arange(past, past + T, at::TensorOptions().dtype(at::kLong).device(x.device()));
        q = cfg.rope.apply(q, pos);
        k = cfg.rope.apply(k, pos);
    }
    cache.k = cache.k.defined() ? at::cat({cache.k, k}, 2) : k;
    cache.v = cache.v.defined() ? at::cat({cache.v, v}, 2) : v;
    const int64_t Tk = cache.k.size(2);

    at::Tensor qg = q.reshape({B, KVH, G, T, D});          // qg: (B, KVH, G, T, D)
    at::Tensor kt = cache.k.unsqueeze(2).transpose(-1, -2); // kt: (B, KVH, 1, D, Tk)
    at::Tensor vv = cache.v.unsqueeze(2);                   // vv: (B, KVH, 1, Tk, D)
    at::Tensor out = at::empty({B, KVH, G, T, D}, q.options());

    const LayerPlan* plan = ctx.plan(layer);
    const bool hooks = plan && plan->any_hook;
    std::vector<const CaptureSlot*> caps;
    for (const auto& c : ctx.captures)
        if (c.layer == layer && c.kind == HeadKind::Attention) caps.push_back(&c);

    const at::Tensor kpos = at::arange(Tk, at::TensorOptions().dtype(at::kLong).device(x.device())).unsqueeze(0);
    const int64_t chunk = query_chunk(B, H, Tk);
    for (int64_t s = 0; s < T; s += chunk) {
        const int64_t tq = std::min(chunk, T - s);
        // scores = q k^T * scale, causal (and sliding-window) mask, softmax in fp32
        at::Tensor scores = at::matmul(qg.narrow(3, s, tq), kt).to(at::kFloat) * cfg.scale;  // (B,KVH,G,tq,Tk)
        at::Tensor qpos = at::arange(past + s, past + s + tq, kpos.options()).unsqueeze(1);  // (tq,1)
        at::Tensor hidden = kpos > qpos;
        if (cfg.window > 0) hidden = hidden.logical_or(kpos <= qpos - cfg.window);
        scores.masked_fill_(hidden, -std::numeric_limits<float>::infinity());
        at::Tensor probs = at::softmax(scores, -1);
        at::Tensor ph = probs.view({B, H, tq, Tk});  // query head h = kv_head * G + g
        if (hooks) {
            for (int64_t b = 0; b < B; ++b) {
                if (b >= static_cast<int64_t>(ctx.hooks.size())) break;
                for (const auto& hook : ctx.hooks[b]) {
                    if (!hook->applies_to(layer, ctx.stage)) continue;
                    at::Tensor row = ph[b];
                    hook->apply(AttentionHookSite{layer, ctx.stage, past + s, b}, row);
                }
            }
        }
        if (ctx.named_at(layer, HookSite::AttnProbs)) call_named_hooks(ctx, layer, HookSite::AttnProbs, ph, past + s);
        for (const CaptureSlot* c : caps) {
            // rows of this chunk that were asked for -> their place in the captured tensor
            std::vector<int64_t> local, dest;
            const bool every_row = ctx.capture_rows.empty() || c->all_rows;
            if (every_row) {
                for (int64_t i = 0; i < tq; ++i) { local.push_back(i); dest.push_back(s + i); }
            } else {
                for (std::size_t r = 0; r < ctx.capture_rows.size(); ++r) {
                    int64_t p = ctx.capture_rows[r] - past - s;
                    if (p >= 0 && p < tq) { local.push_back(p); dest.push_back(static_cast<int64_t>(r)); }
                }
            }
            at::Tensor& dst = ctx.captured[c->slot];
            if (!dst.defined()) {
                const int64_t rows = every_row ? T : static_cast<int64_t>(ctx.capture_rows.size());
                dst = at::zeros({B, rows, Tk}, at::kFloat);
            }
            if (local.empty()) continue;
            at::Tensor li = at::tensor(local, at::kLong).to(x.device());
            at::Tensor sel = ph.select(1, c->head).index_select(1, li).to(at::kCPU);  // (B, n, Tk)
            dst.index_copy_(1, at::tensor(dest, at::kLong), sel);
        }
        out.narrow(3, s, tq).copy_(at::matmul(probs.to(q.scalar_type()), vv));  // (B,KVH,G,tq,D)
    }
    // (B, T, H, D) with the plan's head scales and the attn.out hooks
    const at::Tensor o = head_outputs(out.view({B, H, T, D}).transpose(1, 2), layer, HeadKind::Attention, ctx, past);
    return w.o(o.reshape({B, T, H * D}));
}

at::Tensor masked_attention(const AttentionConfig& cfg, const AttentionWeights& w, const at::Tensor& x,
                            const TreeLayout& t, const Rope::Tables& rope, bool outputs_only,
                            const at::Tensor& scale) {
    const int64_t Bx = x.size(0), S = x.size(1), H = cfg.heads, KVH = cfg.kv_heads, D = cfg.head_dim;
    const int64_t G = H / KVH;
    const at::Tensor xq = outputs_only ? x.index_select(1, t.outputs) : x;  // xq: (Bx, Sq, C)
    const int64_t Sq = xq.size(1);
    Rope::Tables rq = rope;
    if (outputs_only && cfg.rope.rotary_dim > 0) rq = {rope.cos.index_select(0, t.outputs), rope.sin.index_select(0, t.outputs)};
    // Contiguous per head, so that the query blocks below multiply views, not copies.
    const at::Tensor q = cfg.rope.apply_to_heads(w.q(xq).view({Bx, Sq, H, D}), rq);    // q: (Bx, H, Sq, D)
    const at::Tensor k = cfg.rope.apply_to_heads(w.k(x).view({Bx, S, KVH, D}), rope);  // k: (Bx, KVH, S, D)
    const at::Tensor v = w.v(x).view({Bx, S, KVH, D}).transpose(1, 2).contiguous();   // v: (Bx, KVH, S, D)
    at::Tensor hidden = outputs_only ? t.hidden.index_select(0, t.outputs) : t.hidden;  // (Sq, S)
    if (cfg.window > 0) {
        const at::Tensor qpos = outputs_only ? t.positions.index_select(0, t.outputs) : t.positions;
        hidden = hidden.logical_or(t.positions.unsqueeze(0) <= qpos.unsqueeze(1) - cfg.window);
    }

    const at::Tensor q5 = q.view({Bx, KVH, G, Sq, D});  // query head h = kv_head * G + g
    at::Tensor out = at::empty({Bx, Sq, H, D}, q.options());                      // laid out for o
    const at::Tensor out5 = out.view({Bx, Sq, KVH, G, D}).permute({0, 2, 3, 1, 4});  // (Bx, KVH, G, Sq, D)
    // Query blocks: keys past the block's last visible key are never computed. The block does not
    // depend on the batch (every row runs the same GEMM shapes whatever the batch holds; see
    // BatchInvariantScope); rows go in groups that keep the scores within the memory budget.
    const int64_t block = std::min<int64_t>(outputs_only ? Sq : 64, query_chunk(1, H, S));
    // (oneDNN's bf16 batched GEMM blocks by batch size, so a batch-invariant bf16 pass takes one row at a time.)
    const bool one_row = batch_invariant() && q.scalar_type() != at::kFloat;
    const int64_t group = one_row ? 1 : std::max<int64_t>(1, query_chunk(1, H, S) / block);
    for (int64_t b0 = 0; b0 < Bx; b0 += group) {
        const int64_t nb = std::min(group, Bx - b0);
        const at::Tensor k3 = k.narrow(0, b0, nb).view({nb * KVH, S, D});
        const at::Tensor v3 = v.narrow(0, b0, nb).view({nb * KVH, S, D});
        for (int64_t s = 0; s < Sq; s += block) {
            const int64_t tq = std::min(block, Sq - s);
            int64_t ke = S;
            if (!outputs_only) {
                ke = 1;
                for (int64_t i = s; i < s + tq; ++i) ke = std::max(ke, t.key_end[i]);
            }
            // softmax(q k^T * scale, masked) v in fp32, as attention_forward
            const at::Tensor qc = q5.narrow(0, b0, nb).narrow(3, s, tq).reshape({nb * KVH, G * tq, D});  // a copy only with GQA
            at::Tensor scores = at::bmm(qc, k3.narrow(1, 0, ke).transpose(1, 2)).to(at::kFloat);  // (nb*KVH, G*tq, ke)
            scores.mul_(cfg.scale);
            scores.view({nb * KVH, G, tq, ke})
                .masked_fill_(hidden.narrow(0, s, tq).narrow(1, 0, ke), -std::numeric_limits<float>::infinity());
            const at::Tensor probs = at::softmax(scores, -1);
            const at::Tensor pv = at::bmm(probs.to(q.scalar_type()), v3.narrow(1, 0, ke));  // (nb*KVH, G*tq, D)
            out5.narrow(0, b0, nb).narrow(3, s, tq).copy_(pv.view({nb, KVH, G, tq, D}));
        }
    }
    at::Tensor o = out;  // o: (Bx, Sq, H, D)
    if (scale.defined()) o = o * scale.view({-1, 1, H, 1}).to(o.scalar_type());  // o: (B, Sq, H, D)
    return w.o(o.view({o.size(0), Sq, H * D}));
}

namespace {
// In batch-invariant mode, f on every batch row alone (x: (B, ...)): activations such as silu are
// vectorised over the whole tensor with a scalar tail, and a row must not land in a different
// part of that loop because of its batch.
template <class F>
at::Tensor per_row(const at::Tensor& x, const F& f) {
    std::vector<at::Tensor> rows;
    for (int64_t b = 0; b < x.size(0); ++b) rows.push_back(f(x.narrow(0, b, 1)));
    return at::cat(rows, 0);
}
}  // namespace

at::Tensor GatedMLP::in_place(const at::Tensor& x) const {
    if (batch_invariant() && x.dim() >= 3 && x.size(0) > 1) return per_row(x, [this](const at::Tensor& r) { return in_place(r); });
    at::Tensor g = gate(x);
    if (gelu_tanh)
        g = at::gelu(g, "tanh");
    else
        at::silu_(g);
    return down(g.mul_(up(x)));
}

at::Tensor GatedMLP::operator()(const at::Tensor& x) const {
    if (batch_invariant() && x.dim() >= 3 && x.size(0) > 1) return per_row(x, [this](const at::Tensor& r) { return (*this)(r); });
    at::Tensor g = gate(x);
    g = gelu_tanh ? at::gelu(g, "tanh") : at::silu(g);
    return down(g * up(x));
}

at::Tensor apply_skip(const ForwardContext& ctx, int layer, const at::Tensor& h_in, const at::Tensor& h_out) {
    const LayerPlan* p = ctx.plan(layer);
    if (!p || !p->skip.defined()) return h_out;
    return at::where(p->skip.view({-1, 1, 1}).to(h_out.device()), h_in, h_out);
}

bool all_rows_skip(const ForwardContext& ctx, int layer) {
    const LayerPlan* p = ctx.plan(layer);
    return p && p->skip.defined() && p->skip.all().item<bool>();
}

}  // namespace gna
