#include "model/layers.h"

#include <algorithm>
#include <cmath>

#include "gna/error.h"
#include "gna/rope.h"
#include "model/hook_points.h"

namespace gna {

at::ScalarType to_scalar_type(ComputeDType d) {
    switch (d) {
        case ComputeDType::BF16:
            return at::kBFloat16;
        case ComputeDType::F16:
            return at::kHalf;
        default:
            return at::kFloat;
    }
}

at::Device to_device(Device d) { return d == Device::CUDA ? at::Device(at::kCUDA, 0) : at::Device(at::kCPU); }

WeightLoader::WeightLoader(const Checkpoint& ckpt, const LoadOptions& opt)
    : ckpt_(ckpt),
      device_(to_device(opt.device)),
      dtype_(to_scalar_type(opt.dtype)),
      progress_(opt.progress),
      cancel_(opt.cancel),
      total_bytes_(std::max<double>(1.0, static_cast<double>(ckpt.total_bytes()))) {}

namespace {
at::ScalarType scalar_of(DType d) {
    switch (d) {
        case DType::F32:
            return at::kFloat;
        case DType::F16:
            return at::kHalf;
        case DType::BF16:
            return at::kBFloat16;
        case DType::F64:
            return at::kDouble;
        default:
            return at::kFloat;
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
    throw Error(wl.checkpoint().dir().string() +
                ": the checkpoint has no tensor 'lm_head.weight' and config.json sets "
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
    at::Tensor emb = at::cat({ang, ang}, -1);  // (T, rd)
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
    at::Tensor ot = out.transpose(1, 2);  // ot: (B, T, NH, D), a view of out
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
    if (batch_invariant() && x.dim() >= 3 && x.size(0) > 1)
        return per_row(x, [this](const at::Tensor& r) { return in_place(r); });
    at::Tensor g = gate(x);
    if (gelu_tanh)
        g = at::gelu(g, "tanh");
    else
        at::silu_(g);
    return down(g.mul_(up(x)));
}

at::Tensor GatedMLP::operator()(const at::Tensor& x) const {
    if (batch_invariant() && x.dim() >= 3 && x.size(0) > 1)
        return per_row(x, [this](const at::Tensor& r) { return (*this)(r); });
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
