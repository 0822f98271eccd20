#include "model/attention.h"

#include <torch/version.h>

#include <algorithm>
#include <limits>
#include <map>
#include <optional>

#include "model/hook_points.h"
#include "ssm/hidden_attention.h"

// at::scaled_dot_product_attention with a scale argument: LibTorch 2.1; GQA without copying the
// KV heads (enable_gqa): 2.5.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 1)
#define GNA_HAVE_SDPA 1
#endif
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 5)
#define GNA_HAVE_SDPA_GQA 1
#endif

namespace gna {

namespace {
thread_local bool explicit_mode = false;
constexpr float kMinusInf = -std::numeric_limits<float>::infinity();
constexpr int64_t kKeysPerTile = 1024;

// hidden: (n, nk) bool, key k0 + j hidden from the query at absolute position qpos[i]
at::Tensor hidden_keys(const at::Tensor& qpos, int64_t k0, int64_t nk, int64_t window) {
    const at::Tensor kp = at::arange(k0, k0 + nk, qpos.options()).unsqueeze(0);  // (1, nk)
    const at::Tensor qp = qpos.unsqueeze(1);  // (n, 1)
    at::Tensor h = kp > qp;
    if (window > 0) h = h.logical_or(kp <= qp - window);
    return h;
}

// Whether some key of [k0, k0 + nk) is hidden from some query of [p0, p0 + n).
bool tile_has_hidden(int64_t p0, int64_t n, int64_t k0, int64_t nk, int64_t window) {
    if (k0 + nk - 1 > p0) return true;  // above the first query's diagonal
    return window > 0 && k0 <= p0 + n - 1 - window;  // before the last query's window
}

// scores = q k^T * scale in fp32 with the mask: qt (N, G*n, D), kt (N, nk, D) -> (N, G*n, nk)
at::Tensor tile_scores(const at::Tensor& qt, const at::Tensor& kt, int64_t G, int64_t p0, int64_t n, int64_t k0,
                       const AttentionMask& m) {
    const int64_t nk = kt.size(1);
    at::Tensor s = at::bmm(qt, kt.transpose(1, 2)).to(at::kFloat);
    s = s * m.scale;
    if (tile_has_hidden(p0, n, k0, nk, m.window)) {
        const at::Tensor qpos = at::arange(p0, p0 + n, at::TensorOptions().dtype(at::kLong).device(qt.device()));
        s.view({s.size(0), G, n, nk}).masked_fill_(hidden_keys(qpos, k0, nk, m.window), kMinusInf);
    }
    return s;
}

#ifdef GNA_HAVE_SDPA
at::Tensor attend_fused(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v, const AttentionMask& m) {
    const int64_t H = q.size(1), T = q.size(2), KVH = k.size(1), Tk = k.size(2);
    c10::optional<at::Tensor> visible;  // c10::optional: std::optional itself from LibTorch 2.4 on
    bool causal = false;
    if (m.window == 0 && m.past == 0) {
        causal = true;  // square causal mask: the flash kernel's own
    } else if (!(m.window == 0 && T == 1)) {
        const at::Tensor qpos = at::arange(m.past, m.past + T, at::TensorOptions().dtype(at::kLong).device(q.device()));
        visible = hidden_keys(qpos, 0, Tk, m.window).logical_not();  // (T, Tk): true = attends
    }
#ifdef GNA_HAVE_SDPA_GQA
    const at::Tensor o = at::scaled_dot_product_attention(q, k, v, visible, 0.0, causal, m.scale, H != KVH);
#else
    const at::Tensor kk = H == KVH ? k : k.repeat_interleave(H / KVH, 1);
    const at::Tensor vv = H == KVH ? v : v.repeat_interleave(H / KVH, 1);
    const at::Tensor o = at::scaled_dot_product_attention(q, kk, vv, visible, 0.0, causal, m.scale);
#endif
    return o.transpose(1, 2).contiguous();  // (B, T, H, D)
}
#endif

}  // namespace

ExplicitAttentionScope::ExplicitAttentionScope() : FlagScope(explicit_mode) {}
bool explicit_attention() { return explicit_mode; }

at::Tensor attend(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v, const AttentionMask& m) {
#ifdef GNA_HAVE_SDPA
    return attend_fused(q, k, v, m);
#else
    return attend_tiled(q, k, v, m);
#endif
}

at::Tensor attend_tiled(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v, const AttentionMask& m) {
    const int64_t B = q.size(0), H = q.size(1), T = q.size(2), D = q.size(3), KVH = k.size(1), Tk = k.size(2);
    const int64_t G = H / KVH;
    const at::ScalarType dt = q.scalar_type();
    at::Tensor out = at::empty({B, T, H, D}, q.options());  // laid out for o
    const at::Tensor out5 = out.view({B, T, KVH, G, D}).permute({0, 2, 3, 1, 4});  // (B, KVH, G, T, D)
    const at::Tensor q5 = q.view({B, KVH, G, T, D});  // query head h = kv_head * G + g
    const at::Tensor kc = k.contiguous(), vc = v.contiguous();  // (B, KVH, Tk, D)

    // Query blocks of tq rows against key tiles of up to kKeysPerTile keys; keys past a block's last
    // query (and before its first query's window) are never computed. The tile shapes do not depend
    // on the batch; rows go in groups that keep a tile within kAttentionTileFloats.
    const int64_t keys = std::min(Tk, kKeysPerTile);
    const int64_t tq = std::min(T, std::clamp<int64_t>(kAttentionTileFloats / (H * keys), 16, 256));
    // (oneDNN's bf16 batched GEMM blocks by batch size, so a batch-invariant bf16 pass takes one row at a time.)
    const bool one_row = batch_invariant() && dt != at::kFloat;
    const int64_t group = one_row ? 1 : std::max<int64_t>(1, kAttentionTileFloats / (H * tq * keys));
    for (int64_t b0 = 0; b0 < B; b0 += group) {
        const int64_t nb = std::min(group, B - b0);
        const at::Tensor k3 = kc.narrow(0, b0, nb).view({nb * KVH, Tk, D});
        const at::Tensor v3 = vc.narrow(0, b0, nb).view({nb * KVH, Tk, D});
        for (int64_t s = 0; s < T; s += tq) {
            const int64_t n = std::min(tq, T - s), p0 = m.past + s;
            const int64_t k_end = std::min(Tk, p0 + n);
            const int64_t k_begin = m.window > 0 ? std::max<int64_t>(0, p0 - m.window + 1) : 0;
            const at::Tensor qt = q5.narrow(0, b0, nb).narrow(3, s, n).reshape({nb * KVH, G * n, D});
            at::Tensor o;  // (nb*KVH, G*n, D)
            if (k_end - k_begin <= kKeysPerTile) {
                // one tile: softmax(s) v
                const at::Tensor sc = tile_scores(qt, k3.narrow(1, k_begin, k_end - k_begin), G, p0, n, k_begin, m);
                o = at::bmm(at::softmax(sc, -1).to(dt), v3.narrow(1, k_begin, k_end - k_begin));
            } else {
                // running softmax over key tiles: mx = max so far, l = sum exp(s - mx), acc = sum exp(s - mx) v
                at::Tensor mx, l, acc;
                for (int64_t k0 = k_begin; k0 < k_end; k0 += kKeysPerTile) {
                    const int64_t nk = std::min(kKeysPerTile, k_end - k0);
                    const at::Tensor sc = tile_scores(qt, k3.narrow(1, k0, nk), G, p0, n, k0, m);  // (N, G*n, nk)
                    const at::Tensor mt = std::get<0>(sc.max(-1, /*keepdim=*/true));
                    const at::Tensor mnew = mx.defined() ? at::maximum(mx, mt) : mt;
                    const at::Tensor msafe = mnew.masked_fill(mnew == kMinusInf, 0.0f);  // rows with no key yet
                    const at::Tensor p = at::exp(sc - msafe);
                    const at::Tensor pv = at::bmm(p.to(dt), v3.narrow(1, k0, nk)).to(at::kFloat);
                    if (!mx.defined()) {
                        l = p.sum(-1, /*keepdim=*/true);
                        acc = pv;
                    } else {
                        const at::Tensor corr = at::exp(mx - msafe);
                        l = l * corr + p.sum(-1, /*keepdim=*/true);
                        acc = acc * corr + pv;
                    }
                    mx = mnew;
                }
                o = (acc / l).to(dt);
            }
            out5.narrow(0, b0, nb).narrow(3, s, n).copy_(o.view({nb, KVH, G, n, D}));
        }
    }
    return out;
}

at::Tensor head_probabilities(const at::Tensor& q, const at::Tensor& k, const std::vector<int64_t>& heads,
                              const std::vector<int64_t>& rows, const AttentionMask& m) {
    const int64_t B = q.size(0), H = q.size(1), D = q.size(3), KVH = k.size(1), Tk = k.size(2);
    const int64_t G = H / KVH, nh = static_cast<int64_t>(heads.size()), n = static_cast<int64_t>(rows.size());
    at::Tensor out = at::empty({B, nh, n, Tk}, q.options().dtype(at::kFloat));
    if (nh == 0 || n == 0) return out;
    const at::Tensor qd = q.detach(), kd = k.detach();  // read, never differentiated
    const at::Tensor local = at::tensor(rows, at::kLong).to(q.device());
    const at::Tensor qpos = local + m.past;
    // heads that share a KV head go through one GEMM: (B, g*rc, D) x (B, D, Tk)
    std::map<int64_t, std::vector<int64_t>> by_kv;  // kv head -> positions in `heads`
    for (int64_t i = 0; i < nh; ++i) by_kv[heads[i] / G].push_back(i);
    for (const auto& [kvh, idx] : by_kv) {
        const int64_t g = static_cast<int64_t>(idx.size());
        std::vector<int64_t> hs;
        for (int64_t i : idx) hs.push_back(heads[i]);
        const at::Tensor qh = qd.index_select(1, at::tensor(hs, at::kLong).to(q.device()));  // (B, g, T, D)
        const at::Tensor kt = kd.select(1, kvh).transpose(1, 2);  // (B, D, Tk)
        const int64_t rc = std::max<int64_t>(1, kAttentionTileFloats / (B * g * Tk));
        for (int64_t r0 = 0; r0 < n; r0 += rc) {
            const int64_t nr = std::min(rc, n - r0);
            const at::Tensor qr = qh.index_select(2, local.narrow(0, r0, nr)).reshape({B, g * nr, D});
            at::Tensor s = at::bmm(qr, kt).to(at::kFloat) * m.scale;  // (B, g*nr, Tk)
            s.view({B, g, nr, Tk}).masked_fill_(hidden_keys(qpos.narrow(0, r0, nr), 0, Tk, m.window), kMinusInf);
            const at::Tensor p = at::softmax(s, -1).view({B, g, nr, Tk});
            for (int64_t j = 0; j < g; ++j) out.select(1, idx[j]).narrow(1, r0, nr).copy_(p.select(1, j));
        }
    }
    return out;
}

namespace {
// Query rows per chunk so that one chunk's scores stay within `floats` (at least 16 rows).
int64_t query_chunk(int64_t batch, int64_t heads, int64_t keys, int64_t floats = kAttentionTileFloats) {
    return std::max<int64_t>(16, floats / std::max<int64_t>(1, batch * heads * keys));
}
// The tree pass of sweeps batches many plans' rows into wide GEMMs: it keeps its earlier budget of
// 16 M floats per group of rows; its query blocks of 64 rows bound the scores of one row at long
// contexts.
constexpr int64_t kTreeTileFloats = 16 * kAttentionTileFloats;

// The captures of `layer`: each slot's probabilities, written into ctx.captured (B, rows, Tk) on the CPU.
void capture_heads(ForwardContext& ctx, int layer, const at::Tensor& q, const at::Tensor& k, const AttentionMask& m) {
    const int64_t B = q.size(0), T = q.size(2), Tk = k.size(2);
    // slots that read the same rows are computed together
    std::map<std::vector<int64_t>, std::vector<std::pair<const CaptureSlot*, CaptureRows>>> by_rows;
    for (const auto& c : ctx.captures) {
        if (c.layer != layer || c.kind != HeadKind::Attention) continue;
        CaptureRows rows = capture_rows_for_pass(ctx, c, m.past, T);
        at::Tensor& dst = ctx.captured[c.slot];
        if (!dst.defined()) dst = at::zeros({B, rows.total, Tk}, at::kFloat);
        if (rows.local.empty()) continue;
        by_rows[rows.local].emplace_back(&c, std::move(rows));
    }
    for (const auto& [local, slots] : by_rows) {
        std::vector<int64_t> heads;
        for (const auto& s : slots) heads.push_back(s.first->head);
        const at::Tensor p = head_probabilities(q, k, heads, local, m).to(at::kCPU);  // (B, heads, rows, Tk)
        for (std::size_t i = 0; i < slots.size(); ++i) {
            at::Tensor& dst = ctx.captured[slots[i].first->slot];
            dst.index_copy_(1, at::tensor(slots[i].second.dest, at::kLong), p.select(1, static_cast<int64_t>(i)));
        }
    }
}

// softmax(q k^T * scale) v with every head's probabilities materialised, in query chunks, so that
// the probability hooks (manipulations, attn.probs) can read and change them; captures read the
// changed probabilities. Returns (B, T, H, D).
at::Tensor attend_explicit(const at::Tensor& q, const at::Tensor& k, const at::Tensor& v, const AttentionMask& m,
                           int layer, ForwardContext& ctx) {
    const int64_t B = q.size(0), H = q.size(1), T = q.size(2), D = q.size(3), KVH = k.size(1), Tk = k.size(2);
    const int64_t G = H / KVH;
    const at::Tensor qg = q.reshape({B, KVH, G, T, D});  // qg: (B, KVH, G, T, D)
    const at::Tensor kt = k.unsqueeze(2).transpose(-1, -2);  // kt: (B, KVH, 1, D, Tk)
    const at::Tensor vv = v.unsqueeze(2);  // vv: (B, KVH, 1, Tk, D)
    at::Tensor out = at::empty({B, T, H, D}, q.options());
    const at::Tensor out5 = out.view({B, T, KVH, G, D}).permute({0, 2, 3, 1, 4});  // (B, KVH, G, T, D)

    const LayerPlan* plan = ctx.plan(layer);
    const bool hooks = plan && plan->any_hook;
    std::vector<const CaptureSlot*> caps;
    for (const auto& c : ctx.captures)
        if (c.layer == layer && c.kind == HeadKind::Attention) caps.push_back(&c);

    const auto lopt = at::TensorOptions().dtype(at::kLong).device(q.device());
    const int64_t chunk = query_chunk(B, H, Tk);
    for (int64_t s = 0; s < T; s += chunk) {
        const int64_t tq = std::min(chunk, T - s);
        // scores = q k^T * scale, causal (and sliding-window) mask, softmax in fp32
        at::Tensor scores = at::matmul(qg.narrow(3, s, tq), kt).to(at::kFloat) * m.scale;  // (B,KVH,G,tq,Tk)
        scores.masked_fill_(hidden_keys(at::arange(m.past + s, m.past + s + tq, lopt), 0, Tk, m.window), kMinusInf);
        at::Tensor probs = at::softmax(scores, -1);
        at::Tensor ph = probs.view({B, H, tq, Tk});  // query head h = kv_head * G + g
        if (hooks) {
            for (int64_t b = 0; b < B && b < static_cast<int64_t>(ctx.hooks.size()); ++b) {
                for (const auto& hook : ctx.hooks[b]) {
                    if (!hook->applies_to(layer, ctx.stage)) continue;
                    at::Tensor row = ph[b];
                    hook->apply(AttentionHookSite{layer, ctx.stage, m.past + s, b}, row);
                }
            }
        }
        if (ctx.named_at(layer, HookSite::AttnProbs)) call_named_hooks(ctx, layer, HookSite::AttnProbs, ph, m.past + s);
        for (const CaptureSlot* c : caps) {
            // rows of this chunk that were asked for -> their place in the captured tensor
            const CaptureRows rows = capture_rows_for_pass(ctx, *c, m.past, T);
            std::vector<int64_t> local, dest;
            for (std::size_t r = 0; r < rows.local.size(); ++r) {
                const int64_t p = rows.local[r] - s;
                if (p >= 0 && p < tq) {
                    local.push_back(p);
                    dest.push_back(rows.dest[r]);
                }
            }
            at::Tensor& dst = ctx.captured[c->slot];
            if (!dst.defined()) dst = at::zeros({B, rows.total, Tk}, at::kFloat);
            if (local.empty()) continue;
            const at::Tensor sel = ph.select(1, c->head).index_select(1, at::tensor(local, at::kLong).to(q.device()));
            dst.index_copy_(1, at::tensor(dest, at::kLong), sel.detach().to(at::kCPU));  // (B, n, Tk)
        }
        out5.narrow(3, s, tq).copy_(at::matmul(probs.to(q.scalar_type()), vv));  // (B,KVH,G,tq,D)
    }
    return out;
}
}  // namespace

at::Tensor attention_forward(const AttentionConfig& cfg, const AttentionWeights& w, const at::Tensor& x, KVCache& cache,
                             int64_t past, int layer, ForwardContext& ctx) {
    const int64_t B = x.size(0), T = x.size(1), H = cfg.heads, KVH = cfg.kv_heads, D = cfg.head_dim;
    at::Tensor q = w.q(x).view({B, T, H, D}).transpose(1, 2);  // q: (B, H, T, D)
    at::Tensor k = w.k(x).view({B, T, KVH, D}).transpose(1, 2);  // k: (B, KVH, T, D)
    at::Tensor v = w.v(x).view({B, T, KVH, D}).transpose(1, 2);  // v: (B, KVH, T, D)
    if (cfg.rope.rotary_dim > 0) {
        at::Tensor pos = at::arange(past, past + T, at::TensorOptions().dtype(at::kLong).device(x.device()));
        q = cfg.rope.apply(q, pos);
        k = cfg.rope.apply(k, pos);
    }
    cache.k = cache.k.defined() ? at::cat({cache.k, k}, 2) : k.contiguous();
    cache.v = cache.v.defined() ? at::cat({cache.v, v}, 2) : v.contiguous();

    const AttentionMask m{past, cfg.window, cfg.scale};
    const LayerPlan* plan = ctx.plan(layer);
    // The probabilities are written (a manipulation, an attn.probs hook): every head's, explicitly.
    // Otherwise the outputs alone, and the probabilities of the captured heads at the rows read.
    const bool written = (plan && plan->any_hook) || ctx.named_at(layer, HookSite::AttnProbs);
    at::Tensor out;  // out: (B, T, H, D)
    if (written || explicit_mode) {
        out = attend_explicit(q, cache.k, cache.v, m, layer, ctx);
    } else {
        out = attend(q, cache.k, cache.v, m);
        capture_heads(ctx, layer, q, cache.k, m);
    }
    // the plan's head scales and the attn.out hooks
    const at::Tensor o = head_outputs(out, layer, HeadKind::Attention, ctx, past);
    return w.o(o.reshape({B, T, H * D}));
}

at::Tensor masked_attention(const AttentionConfig& cfg, const AttentionWeights& w, const at::Tensor& x,
                            const TreeLayout& t, const Rope::Tables& rope, bool outputs_only, const at::Tensor& scale) {
    const int64_t Bx = x.size(0), S = x.size(1), H = cfg.heads, KVH = cfg.kv_heads, D = cfg.head_dim;
    const int64_t G = H / KVH;
    const at::Tensor xq = outputs_only ? x.index_select(1, t.outputs) : x;  // xq: (Bx, Sq, C)
    const int64_t Sq = xq.size(1);
    Rope::Tables rq = rope;
    if (outputs_only && cfg.rope.rotary_dim > 0)
        rq = {rope.cos.index_select(0, t.outputs), rope.sin.index_select(0, t.outputs)};
    // Contiguous per head, so that the query blocks below multiply views, not copies.
    const at::Tensor q = cfg.rope.apply_to_heads(w.q(xq).view({Bx, Sq, H, D}), rq);  // q: (Bx, H, Sq, D)
    const at::Tensor k = cfg.rope.apply_to_heads(w.k(x).view({Bx, S, KVH, D}), rope);  // k: (Bx, KVH, S, D)
    const at::Tensor v = w.v(x).view({Bx, S, KVH, D}).transpose(1, 2).contiguous();  // v: (Bx, KVH, S, D)
    at::Tensor hidden = outputs_only ? t.hidden.index_select(0, t.outputs) : t.hidden;  // (Sq, S)
    if (cfg.window > 0) {
        const at::Tensor qpos = outputs_only ? t.positions.index_select(0, t.outputs) : t.positions;
        hidden = hidden.logical_or(t.positions.unsqueeze(0) <= qpos.unsqueeze(1) - cfg.window);
    }

    const at::Tensor q5 = q.view({Bx, KVH, G, Sq, D});  // query head h = kv_head * G + g
    at::Tensor out = at::empty({Bx, Sq, H, D}, q.options());  // laid out for o
    const at::Tensor out5 = out.view({Bx, Sq, KVH, G, D}).permute({0, 2, 3, 1, 4});  // (Bx, KVH, G, Sq, D)
    // Query blocks: keys past the block's last visible key are never computed. The block does not
    // depend on the batch (every row runs the same GEMM shapes whatever the batch holds; see
    // BatchInvariantScope); rows go in groups that keep the scores within a tile.
    const int64_t block = std::min<int64_t>(outputs_only ? Sq : 64, query_chunk(1, H, S, kTreeTileFloats));
    // (oneDNN's bf16 batched GEMM blocks by batch size, so a batch-invariant bf16 pass takes one row at a time.)
    const bool one_row = batch_invariant() && q.scalar_type() != at::kFloat;
    const int64_t group = one_row ? 1 : std::max<int64_t>(1, query_chunk(1, H, S, kTreeTileFloats) / block);
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
            const at::Tensor qc =
                q5.narrow(0, b0, nb).narrow(3, s, tq).reshape({nb * KVH, G * tq, D});  // a copy only with GQA
            at::Tensor scores = at::bmm(qc, k3.narrow(1, 0, ke).transpose(1, 2)).to(at::kFloat);  // (nb*KVH, G*tq, ke)
            scores.mul_(cfg.scale);
            scores.view({nb * KVH, G, tq, ke}).masked_fill_(hidden.narrow(0, s, tq).narrow(1, 0, ke), kMinusInf);
            const at::Tensor probs = at::softmax(scores, -1);
            const at::Tensor pv = at::bmm(probs.to(q.scalar_type()), v3.narrow(1, 0, ke));  // (nb*KVH, G*tq, D)
            out5.narrow(0, b0, nb).narrow(3, s, tq).copy_(pv.view({nb, KVH, G, tq, D}));
        }
    }
    at::Tensor o = out;  // o: (Bx, Sq, H, D)
    if (scale.defined()) o = o * scale.view({-1, 1, H, 1}).to(o.scalar_type());  // o: (B, Sq, H, D)
    return w.o(o.view({o.size(0), Sq, H * D}));
}

}  // namespace gna
