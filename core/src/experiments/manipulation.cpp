// Attention-weight manipulation (Keep/Null/Only/Omit/Binary), top-k entropy sparsification and
// per-sample attention masks as AttentionHooks on post-softmax probabilities (H, Tq, Tk).
#include "gna/manipulation.h"
#include "gna/hook_data.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "gna/error.h"
#include "model/attention_hook.h"

namespace gna {

std::string to_string(ManipulationMode m) {
    switch (m) {
        case ManipulationMode::Keep:
            return "Keep";
        case ManipulationMode::Null:
            return "Null";
        case ManipulationMode::Only:
            return "Only";
        case ManipulationMode::Omit:
            return "Omit";
        case ManipulationMode::Binary:
            return "Binary";
    }
    return "Keep";
}

ManipulationMode parse_manipulation_mode(std::string_view text) {
    std::string t(text);
    for (auto& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (t == "keep") return ManipulationMode::Keep;
    if (t == "null") return ManipulationMode::Null;
    if (t == "only") return ManipulationMode::Only;
    if (t == "omit") return ManipulationMode::Omit;
    if (t == "binary") return ManipulationMode::Binary;
    throw Error("unknown manipulation mode '%1': use Keep, Null, Only, Omit or Binary", {std::string(text)});
}

std::string Manipulation::name() const { return to_string(generation) + "-" + to_string(prefill); }

namespace {

// Heads of one layer a hook acts on: empty optional = every head of the layer.
class HeadSelection {
public:
    explicit HeadSelection(const std::vector<HeadRef>& heads) {
        all_ = heads.empty();
        for (const auto& h : heads) {
            if (h.kind != HeadKind::Attention)
                throw Error("attention-weight hooks act on attention heads; " + h.name() + " is an SSM head");
            by_layer_[h.layer].push_back(h.head);
        }
    }
    bool touches(int layer) const { return all_ || by_layer_.count(layer) > 0; }
    std::vector<int64_t> heads(int layer, int64_t H) const {
        std::vector<int64_t> out;
        if (all_) {
            for (int64_t h = 0; h < H; ++h) out.push_back(h);
        } else if (auto it = by_layer_.find(layer); it != by_layer_.end()) {
            for (int h : it->second)
                if (h < H) out.push_back(h);
        }
        return out;
    }

private:
    bool all_ = true;
    std::map<int, std::vector<int>> by_layer_;
};

class ManipulationHook final : public AttentionHook {
public:
    explicit ManipulationHook(const Manipulation& m) : m_(m), sel_(m.heads) {
        std::set<int> uniq(m.tokens.begin(), m.tokens.end());
        tokens_.assign(uniq.begin(), uniq.end());
    }
    bool applies_to(int layer, Stage stage) const override {
        return mode(stage) != ManipulationMode::Keep && sel_.touches(layer);
    }

    void apply(const AttentionHookSite& site, at::Tensor& probs) const override {
        const ManipulationMode mode = this->mode(site.stage);
        const int64_t H = probs.size(0), Tq = probs.size(1), Tk = probs.size(2);
        const auto opts = probs.options();
        // inside: (Tk) 1 for keys in T; causal: (Tq, Tk) 1 where key <= query position
        at::Tensor inside = at::zeros({Tk}, opts);
        for (int t : tokens_)
            if (t >= 0 && t < Tk) inside[t] = 1.0f;
        at::Tensor kpos = at::arange(Tk, opts).unsqueeze(0);
        at::Tensor qpos = at::arange(site.q_offset, site.q_offset + Tq, opts).unsqueeze(1);
        at::Tensor in_causal = inside.unsqueeze(0) * (kpos <= qpos).to(probs.scalar_type());  // (Tq, Tk)
        for (int64_t h : sel_.heads(site.layer, H)) {
            at::Tensor p = probs[h];  // (Tq, Tk), a view into probs
            switch (mode) {
                case ManipulationMode::Keep:
                    break;
                case ManipulationMode::Null:
                    p.zero_();
                    break;
                case ManipulationMode::Only:
                    p.mul_(inside.unsqueeze(0));
                    break;
                case ManipulationMode::Omit:
                    p.mul_(1.0f - inside.unsqueeze(0));
                    break;
                case ManipulationMode::Binary: {
                    // mean over the visible keys of T, per row; every visible key of T gets it
                    at::Tensor cnt = in_causal.sum(1, true).clamp_min(1.0f);
                    at::Tensor mean = (p * in_causal).sum(1, true) / cnt;  // (Tq, 1)
                    p.copy_(in_causal * mean);
                    break;
                }
            }
        }
    }

    const Manipulation& data() const { return m_; }

private:
    ManipulationMode mode(Stage s) const { return s == Stage::Prefill ? m_.prefill : m_.generation; }
    Manipulation m_;
    HeadSelection sel_;
    std::vector<int> tokens_;
};

class SparsificationHook final : public AttentionHook {
public:
    explicit SparsificationHook(const Sparsification& s) : s_(s) {
        if (s.k < 0) throw Error("top-k sparsification: k must be >= 0, got " + std::to_string(s.k));
    }
    bool applies_to(int, Stage stage) const override { return stage == Stage::Generation || s_.prefill; }

    void apply(const AttentionHookSite&, at::Tensor& probs) const override {
        const int64_t H = probs.size(0);
        if (s_.k >= H) return;
        if (s_.k == 0) {
            probs.zero_();
            return;
        }
        // entropy (bits) of each head's row: (H, Tq); 0 log 0 = 0
        at::Tensor ent = -at::where(probs > 0, probs * at::log2(probs), at::zeros_like(probs)).sum(-1);
        at::Tensor idx = std::get<1>(at::sort(ent, /*stable=*/true, /*dim=*/0, /*descending=*/false));  // (H, Tq)
        at::Tensor keep = at::zeros_like(ent);
        keep.scatter_(0, idx.narrow(0, 0, s_.k), 1.0f);
        probs.mul_(keep.unsqueeze(-1));
    }

    const Sparsification& data() const { return s_; }

private:
    Sparsification s_;
};

class MaskHook final : public AttentionHook {
public:
    explicit MaskHook(const AttentionMask& m) : m_(m) {
        for (const auto& r : m.rules) {
            if (r.head.kind != HeadKind::Attention)
                throw Error("attention mask: " + r.head.name() + " is not an attention head");
            layers_.insert(r.head.layer);
        }
    }
    bool applies_to(int layer, Stage stage) const override {
        const bool on = stage == Stage::Prefill ? m_.prefill : m_.generation;
        return on && layers_.count(layer) > 0;
    }
    void apply(const AttentionHookSite& site, at::Tensor& probs) const override {
        const int64_t H = probs.size(0), Tq = probs.size(1), Tk = probs.size(2);
        for (const auto& r : m_.rules) {
            if (r.head.layer != site.layer || r.head.head >= H) continue;
            at::Tensor keep = at::zeros({Tk}, probs.options());
            for (int k : r.keys)
                if (k >= 0 && k < Tk) keep[k] = 1.0f;
            for (int row : r.rows) {
                const int64_t local = row - site.q_offset;
                if (local < 0 || local >= Tq) continue;
                probs[r.head.head][local].mul_(keep);
            }
        }
    }

    const AttentionMask& data() const { return m_; }

private:
    AttentionMask m_;
    std::set<int> layers_;
};

}  // namespace

std::shared_ptr<const AttentionHook> manipulation_hook(const Manipulation& m) {
    return std::make_shared<ManipulationHook>(m);
}
std::shared_ptr<const AttentionHook> sparsification_hook(const Sparsification& s) {
    return std::make_shared<SparsificationHook>(s);
}
std::shared_ptr<const AttentionHook> mask_hook(const AttentionMask& m) { return std::make_shared<MaskHook>(m); }

std::optional<AttentionHookData> attention_hook_data(const AttentionHook& hook) {
    if (const auto* m = dynamic_cast<const ManipulationHook*>(&hook)) return m->data();
    if (const auto* s = dynamic_cast<const SparsificationHook*>(&hook)) return s->data();
    if (const auto* k = dynamic_cast<const MaskHook*>(&hook)) return k->data();
    return std::nullopt;
}

std::shared_ptr<const AttentionHook> attention_hook(const AttentionHookData& data) {
    return std::visit(
        [](const auto& d) -> std::shared_ptr<const AttentionHook> {
            using T = std::decay_t<decltype(d)>;
            if constexpr (std::is_same_v<T, Manipulation>) return manipulation_hook(d);
            else if constexpr (std::is_same_v<T, Sparsification>) return sparsification_hook(d);
            else return mask_hook(d);
        },
        data);
}

}  // namespace gna
