#include "model/plan.h"

#include "gna/error.h"

namespace gna {

void validate_head(const ModelInfo& info, const HeadRef& h, const char* what) {
    if (h.layer < 0 || h.layer >= info.num_layers)
        throw Error(std::string(what) + " " + h.name() + ": the model has layers L0..L" +
                    std::to_string(info.num_layers - 1));
    const LayerInfo& li = info.layers[h.layer];
    const int n = h.kind == HeadKind::Attention ? li.attention_heads : li.ssm_heads;
    if (n == 0)
        throw Error(std::string(what) + " " + h.name() + ": layer " + std::to_string(h.layer) + " (" + li.kind +
                    ") has no " +
                    (h.kind == HeadKind::Attention ? "attention heads (use L<l>.S<h> for SSM heads)"
                                                   : "SSM heads (use L<l>.H<h> for attention heads)"));
    if (h.head < 0 || h.head >= n)
        throw Error(std::string(what) + " " + h.name() + ": layer " + std::to_string(h.layer) + " has heads 0.." +
                    std::to_string(n - 1));
}

void validate_hook_point(const ModelInfo& info, const HookPoint& p) {
    if (p.layer < 0 || p.layer >= info.num_layers)
        throw Error("hook point " + p.name() + ": the model has layers L0..L" + std::to_string(info.num_layers - 1));
    const LayerInfo& li = info.layers[p.layer];
    const bool ok = (p.site != HookSite::AttnProbs && p.site != HookSite::AttnOut) || li.attention_heads > 0;
    if (!ok || (p.site == HookSite::SsmOut && li.ssm_heads == 0) || (p.site == HookSite::MlpOut && !li.mlp)) {
        std::string has = "resid_post";
        if (li.attention_heads > 0) has += ", attn.probs, attn.out";
        if (li.ssm_heads > 0) has += ", ssm.out";
        if (li.mlp) has += ", mlp.out";
        throw Error("hook point " + p.name() + ": layer " + std::to_string(p.layer) + " (" + li.kind +
                    ") has no such point; its points are " + has + " (docs/hooks.md)");
    }
}

void validate_plan(const ModelInfo& info, const InterventionPlan& plan) {
    for (const auto& a : plan.ablations) validate_head(info, a.head, "ablate");
    for (const auto& h : plan.named_hooks) {
        validate_hook_point(info, h.point);
        if (!h.read == !h.write)
            throw Error("hook at " + h.point.name() + ": give exactly one of a read and a write callback");
    }
    for (int l : plan.skip_layers)
        if (l < 0 || l >= info.num_layers)
            throw Error("skip layer " + std::to_string(l) + ": the model has layers 0.." +
                        std::to_string(info.num_layers - 1));
}

ForwardContext make_context(const ModelInfo& info, const std::vector<const InterventionPlan*>& plans, at::Device device,
                            Stage stage) {
    ForwardContext ctx;
    ctx.stage = stage;
    const int64_t B = static_cast<int64_t>(plans.size());
    ctx.layers.resize(info.num_layers);
    ctx.hooks.resize(B);
    ctx.named.resize(B);
    ctx.named_sites.assign(info.num_layers, 0u);
    for (int64_t b = 0; b < B; ++b) {
        const InterventionPlan& p = *plans[b];
        for (const auto& a : p.ablations) {
            LayerPlan& lp = ctx.layers[a.head.layer];
            const LayerInfo& li = info.layers[a.head.layer];
            at::Tensor& t = a.head.kind == HeadKind::Attention ? lp.attn_scale : lp.ssm_scale;
            if (!t.defined())
                t = at::ones({B, a.head.kind == HeadKind::Attention ? li.attention_heads : li.ssm_heads}, at::kFloat);
            t[b][a.head.head] = a.alpha;
        }
        for (int l : p.skip_layers) {
            LayerPlan& lp = ctx.layers[l];
            if (!lp.skip.defined()) lp.skip = at::zeros({B}, at::kBool);
            lp.skip[b] = true;
        }
        for (const auto& h : p.named_hooks) {
            ctx.named[b].push_back(&h);
            if (h.point.layer >= 0 && h.point.layer < info.num_layers)
                ctx.named_sites[h.point.layer] |= 1u << static_cast<unsigned>(h.point.site);
        }
        for (const auto& h : p.hooks) {
            ctx.hooks[b].push_back(h);
            for (int l = 0; l < info.num_layers; ++l)
                if (h->applies_to(l, stage)) ctx.layers[l].any_hook = true;
        }
    }
    for (auto& lp : ctx.layers) {
        if (lp.attn_scale.defined()) lp.attn_scale = lp.attn_scale.to(device);
        if (lp.ssm_scale.defined()) lp.ssm_scale = lp.ssm_scale.to(device);
        if (lp.skip.defined()) lp.skip = lp.skip.to(device);
    }
    return ctx;
}

}  // namespace gna
