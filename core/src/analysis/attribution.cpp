// Attribution patching (Nanda 2023; Kramar et al. 2024, AtP): every head's zero-ablation effect to
// first order from one forward and one backward pass.
//   a_h: the head's slice of the o_proj/out_proj input; the plan's output scale alpha_h multiplies it.
//   metric(alpha) = sum_i z_i[cont_i] - mean_v z_i[v] (logit difference, z = logits predicting cont_i),
//                   or sum_i log p(cont_i | prompt, cont_<i).
//   effect(h) = metric(1) - metric(alpha_h = 0) ~ -(0 - a_h) . dmetric/da_h = dmetric/dalpha_h at 1.
// The scales (1, heads) of every layer carry requires_grad; the weights do not, so the backward
// computes activation gradients only. With freeze_norms, every RMSNorm's 1/rms is a constant for the
// backward pass. Why (and why AtP*'s query-key correction is not needed here): docs/attribution.md.
#include "analysis/attribution_pass.h"

#include <optional>

#include "gna/error.h"
#include "model/layers.h"

namespace gna {

AttributionResult attribute_prompt(const CausalLM& lm, const at::Tensor& ids, int64_t prompt_len,
                                   const std::vector<int>& continuation, const std::vector<HeadRef>& heads,
                                   AttributionMetric which, bool freeze_norms,
                                   const std::atomic<bool>* cancel) {
    const ModelInfo& info = lm.info();
    const int L = info.num_layers;
    at::AutoGradMode grad(true);
    std::optional<FrozenNormScope> frozen;
    if (freeze_norms) frozen.emplace();
    ForwardContext ctx;
    ctx.stage = Stage::Prefill;
    ctx.layers.resize(L);
    ctx.hooks.resize(1);
    ctx.cancel = cancel;
    const auto opts = at::TensorOptions().dtype(at::kFloat).device(lm.device());
    for (int l = 0; l < L; ++l) {
        const LayerInfo& li = info.layers[l];
        if (li.attention_heads > 0) ctx.layers[l].attn_scale = at::ones({1, li.attention_heads}, opts).requires_grad_(true);
        if (li.ssm_heads > 0) ctx.layers[l].ssm_scale = at::ones({1, li.ssm_heads}, opts).requires_grad_(true);
    }
    auto state = lm.new_state(1);
    at::Tensor h = lm.forward(ids, *state, ctx);  // h: (1, T + n - 1, C)
    const int64_t n = static_cast<int64_t>(continuation.size());
    // logits after the last prompt token and after each fed continuation token predict cont[0..n-1]
    const at::Tensor z = lm.logits(h.narrow(1, prompt_len - 1, n)).select(0, 0);  // z: (n, V)
    std::vector<int64_t> want(continuation.begin(), continuation.end());
    const at::Tensor idx = at::tensor(want, at::kLong).to(z.device()).unsqueeze(1);  // (n, 1)
    at::Tensor metric = which == AttributionMetric::LogProb
                            ? at::log_softmax(z, -1).gather(1, idx).sum()     // log p(continuation | prompt)
                            : (z.gather(1, idx).squeeze(1) - z.mean(-1)).sum();  // sum_i z_i[c_i] - mean_v z_i[v]
    ctx.check_cancel();
    try {
        metric.backward();
    } catch (const c10::Error& e) {
        throw Error(info.architecture + ": the gradient pass of attribution patching failed (" + e.what_without_backtrace() +
                    "); rank the heads with \"method\": \"exact\" instead");
    }

    AttributionResult r;
    r.metric = metric.item<double>();
    std::vector<HeadRef> list = heads;
    if (list.empty())
        for (const LayerInfo& li : info.layers) {
            for (int k = 0; k < li.attention_heads; ++k) list.push_back({li.index, k, HeadKind::Attention});
            for (int k = 0; k < li.ssm_heads; ++k) list.push_back({li.index, k, HeadKind::SSM});
        }
    std::vector<at::Tensor> attn(L), ssm(L);  // gradients on the CPU, read once per layer
    for (const HeadRef& hr : list) {
        std::vector<at::Tensor>& g = hr.kind == HeadKind::Attention ? attn : ssm;
        if (!g[hr.layer].defined()) {
            const at::Tensor& s = hr.kind == HeadKind::Attention ? ctx.layers[hr.layer].attn_scale : ctx.layers[hr.layer].ssm_scale;
            // a head whose output never reaches the metric (a skipped path) has no gradient: effect 0
            g[hr.layer] = s.grad().defined() ? s.grad().to(at::kCPU).to(at::kDouble).contiguous() : at::zeros_like(s, at::kDouble).cpu();
        }
        r.heads.push_back(hr);
        r.effect.push_back(g[hr.layer][0][hr.head].item<double>());
    }
    return r;
}

}  // namespace gna
