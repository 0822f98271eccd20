#include "model/decoder.h"

namespace gna {

void DecoderState::repeat_rows(int64_t n) {
    for (auto& t : conv)
        if (t.defined()) t = t.repeat_interleave(n, 0);
    for (auto& t : ssm)
        if (t.defined()) t = t.repeat_interleave(n, 0);
    for (auto& c : kv) c.repeat_rows(n);
    if (embedding.defined()) embedding = embedding.repeat_interleave(n, 0);
}

void AttentionMixer::describe(LayerInfo& li) const {
    li.kind = "attention";
    li.attention_heads = static_cast<int>(cfg.heads);
    li.kv_heads = static_cast<int>(cfg.kv_heads);
}

BaseDims read_base_dims(const ModelConfig& cfg) {
    return {cfg.file().string(), cfg.require_int("hidden_size"), cfg.require_int("num_hidden_layers"),
            cfg.require_int("vocab_size")};
}

DecoderLayer load_layer_norms(WeightLoader& wl, const std::string& norm1, const std::string& norm2, int64_t hidden) {
    DecoderLayer layer;
    layer.norm1 = wl.get(norm1, {hidden});
    if (!norm2.empty()) layer.norm2 = wl.get(norm2, {hidden});
    return layer;
}

GatedMLP load_gated_mlp(WeightLoader& wl, const std::string& p, int64_t intermediate, int64_t hidden) {
    GatedMLP m;
    m.gate = Linear::load(wl, p + ".gate_proj", intermediate, hidden);
    m.up = Linear::load(wl, p + ".up_proj", intermediate, hidden);
    m.down = Linear::load(wl, p + ".down_proj", hidden, intermediate);
    return m;
}

Decoder::Decoder(const ModelConfig& cfg, const WeightLoader& wl, DecoderParts parts)
    : p_(std::move(parts)), device_(wl.device()) {
    info_.architecture = cfg.architecture();
    info_.model_type = cfg.model_type();
    info_.num_layers = static_cast<int>(p_.layers.size());
    info_.hidden_size = static_cast<int>(p_.embed.size(1));
    info_.vocab_size = static_cast<int>(p_.embed.size(0));
    info_.head_dim = p_.head_dim;
    info_.max_positions = p_.max_positions;
    info_.sliding_window = p_.sliding_window;
    info_.parameters = wl.parameters();
    tree_ = !p_.layers.empty();
    for (std::size_t l = 0; l < p_.layers.size(); ++l) {
        LayerInfo li;
        li.index = static_cast<int>(l);
        p_.layers[l].mixer->describe(li);
        li.mlp = p_.layers[l].mlp != nullptr;
        if (info_.num_heads == 0 && li.attention_heads > 0) {
            info_.num_heads = li.attention_heads;
            info_.num_kv_heads = li.kv_heads;
        }
        tree_ = tree_ && p_.layers[l].mixer->attention() != nullptr;
        info_.layers.push_back(li);
    }
}

at::Tensor Decoder::embed(const at::Tensor& ids, DecodeState& state) const {
    at::Tensor e = at::embedding(p_.embed, ids);
    if (p_.embed_scale != 0.0f) e = e * p_.embed_scale;
    // Kept in the state (cloned and row-repeated with it), so that a pass that starts at a later
    // layer (prefix reuse) still has it.
    if (p_.keep_embedding) static_cast<DecoderState&>(state).embedding = e;
    return e;
}

at::Tensor Decoder::layer(const at::Tensor& h, int l, DecoderState& st, ForwardContext& ctx) const {
    const DecoderLayer& dl = p_.layers[l];
    BlockCall call{st, l, ctx};
    // Rows that skip the layer keep their input; their (unused) state is still advanced.
    at::Tensor out = h + dl.mixer->forward(norm(dl.mixer->input(h, call), dl.norm1), call);
    if (dl.mlp) {
        at::Tensor m = dl.mlp->forward(norm(out, dl.norm2));
        if (ctx.named_at(l, HookSite::MlpOut)) call_named_hooks(ctx, l, HookSite::MlpOut, m, st.len);
        out = out + m;
    }
    return apply_skip(ctx, l, h, out);
}

at::Tensor Decoder::run_layers(at::Tensor h, int from, int to, DecodeState& state, ForwardContext& ctx) const {
    auto& st = static_cast<DecoderState&>(state);
    for (int l = from; l < to; ++l) {
        ctx.check_cancel();
        if (!all_rows_skip(ctx, l)) h = layer(h, l, st, ctx);
        if (ctx.named_at(l, HookSite::ResidPost)) {
            h = h.clone();  // the stream before this point may be kept (residual reuse, embedding)
            call_named_hooks(ctx, l, HookSite::ResidPost, h, st.len);
        }
    }
    return h;
}

at::Tensor Decoder::run_tree_layers(at::Tensor h, int from, int to, const TreeLayout& t,
                                    const ForwardContext& ctx) const {
    const int L = static_cast<int>(p_.layers.size());
    const Rope::Tables rope = p_.layers[0].mixer->attention()->cfg.rope.tables(t.positions);
    for (int l = from; l < to; ++l) {
        ctx.check_cancel();
        const bool last = l == L - 1;  // nothing after it reads the other tokens: only outputs' rows
        at::Tensor h_in = last ? h.index_select(1, t.outputs) : h;  // (Bh, S or R, C)
        if (all_rows_skip(ctx, l)) {
            h = h_in;
            continue;
        }
        const DecoderLayer& dl = p_.layers[l];
        const AttentionMixer& am = *dl.mixer->attention();
        const LayerPlan* plan = ctx.plan(l);
        at::Tensor a = masked_attention(am.cfg, am.w, norm(h, dl.norm1), t, rope, last,
                                        plan ? plan->attn_scale : at::Tensor());  // (B, S or R, C)
        h = a.add_(h_in);  // a has h_in's rows or more
        if (dl.mlp) h = dl.mlp->forward_in_place(norm(h, dl.norm2)).add_(h);
        h = apply_skip(ctx, l, h_in, h);
    }
    return h;
}

at::Tensor Decoder::logits(const at::Tensor& h) const {
    at::Tensor lg = gna::linear(norm(h, p_.norm_f), p_.lm_head).to(at::kFloat);
    if (p_.logit_soft_cap > 0.0) lg = at::tanh(lg / p_.logit_soft_cap) * p_.logit_soft_cap;
    return lg;
}

}  // namespace gna
