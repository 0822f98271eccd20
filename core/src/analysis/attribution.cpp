// Attribution patching (Nanda 2023; Kramar et al. 2024, AtP): every head's zero-ablation effect to
// first order from one forward and one backward pass.
//   a_h: the head's slice of the o_proj/out_proj input; the plan's output scale alpha_h multiplies it.
//   metric(alpha) = sum_i z_i[cont_i] - mean_v z_i[v] (logit difference, z = logits predicting cont_i),
//                   or sum_i log p(cont_i | prompt, cont_<i).
//   effect(h) = metric(1) - metric(alpha_h = 0) ~ -(0 - a_h) . dmetric/da_h = dmetric/dalpha_h at 1.
// The scales (B, heads) of every layer carry requires_grad (a row per prompt); the weights do not, so the backward
// computes activation gradients only. With freeze_norms, every RMSNorm's 1/rms is a constant for the
// backward pass. Why (and why AtP*'s query-key correction is not needed here): docs/attribution.md.
#include "analysis/attribution_pass.h"

#include <algorithm>
#include <optional>

#include "gna/error.h"
#include "gna/probe.h"
#include "model/layers.h"

namespace gna {

std::vector<AttributionResult> attribute_prompts(const CausalLM& lm, const std::vector<AttributionRequest>& requests) {
    const ModelInfo& info = lm.info();
    const int L = info.num_layers;
    const int64_t B = static_cast<int64_t>(requests.size());
    if (B == 0) return {};
    const AttributionRequest& first = requests.front();
    at::AutoGradMode grad(true);
    std::optional<FrozenNormScope> frozen;
    if (first.freeze_norms) frozen.emplace();
    ForwardContext ctx;
    ctx.stage = Stage::Prefill;
    ctx.layers.resize(L);
    ctx.hooks.resize(B);
    ctx.named.resize(B);
    ctx.cancel = first.cancel;
    const auto opts = at::TensorOptions().dtype(at::kFloat).device(lm.device());
    for (int l = 0; l < L; ++l) {
        const LayerInfo& li = info.layers[l];
        if (li.attention_heads > 0)
            ctx.layers[l].attn_scale = at::ones({B, li.attention_heads}, opts).requires_grad_(true);
        if (li.ssm_heads > 0) ctx.layers[l].ssm_scale = at::ones({B, li.ssm_heads}, opts).requires_grad_(true);
    }
    // Row b: prompt b, then its continuation but the last token, padded at the end with its own
    // last token. Every layer is causal, so a row's real tokens never see its padding.
    int64_t T = 0;
    for (const AttributionRequest& r : requests)
        T = std::max<int64_t>(T, static_cast<int64_t>(r.prompt.size() + r.continuation.size()) - 1);
    at::Tensor ids = at::empty({B, T}, at::kLong);
    auto acc = ids.accessor<int64_t, 2>();
    for (int64_t b = 0; b < B; ++b) {
        std::vector<int> seq = requests[b].prompt;
        seq.insert(seq.end(), requests[b].continuation.begin(), requests[b].continuation.end() - 1);
        for (int64_t t = 0; t < T; ++t)
            acc[b][t] = seq[std::min<std::size_t>(static_cast<std::size_t>(t), seq.size() - 1)];
    }
    auto state = lm.new_state(B);
    at::Tensor h = lm.forward(ids.to(lm.device()), *state, ctx);  // h: (B, T, C)
    std::vector<at::Tensor> metrics;
    for (int64_t b = 0; b < B; ++b) {
        const AttributionRequest& r = requests[b];
        const int64_t n = static_cast<int64_t>(r.continuation.size()), P = static_cast<int64_t>(r.prompt.size());
        // logits after the last prompt token and after each fed continuation token predict cont[0..n-1]
        const at::Tensor z = lm.logits(h.narrow(0, b, 1).narrow(1, P - 1, n)).select(0, 0);  // z: (n, V)
        std::vector<int64_t> want(r.continuation.begin(), r.continuation.end());
        const at::Tensor idx = at::tensor(want, at::kLong).to(z.device()).unsqueeze(1);  // (n, 1)
        metrics.push_back(r.metric == AttributionMetric::LogProb
                              ? at::log_softmax(z, -1).gather(1, idx).sum()  // log p(continuation | prompt)
                              : (z.gather(1, idx).squeeze(1) - z.mean(-1)).sum());  // sum_i z_i[c_i] - mean_v z_i[v]
    }
    // The rows are independent, so the gradient of the sum at row b's scales is row b's own.
    const at::Tensor metric = at::stack(metrics);
    ctx.check_cancel();
    try {
        metric.sum().backward();
    } catch (const c10::Error& e) {
        throw Error(info.architecture + ": the gradient pass of attribution patching failed (" +
                    e.what_without_backtrace() + "); rank the heads with \"method\": \"exact\" instead");
    }

    std::vector<at::Tensor> attn(L), ssm(L);  // gradients on the CPU, (B, heads), read once per layer
    auto gradient = [&](const HeadRef& hr) -> const at::Tensor& {
        std::vector<at::Tensor>& g = hr.kind == HeadKind::Attention ? attn : ssm;
        if (!g[hr.layer].defined()) {
            const at::Tensor& s =
                hr.kind == HeadKind::Attention ? ctx.layers[hr.layer].attn_scale : ctx.layers[hr.layer].ssm_scale;
            // a head whose output never reaches the metric (a skipped path) has no gradient: effect 0
            g[hr.layer] = s.grad().defined() ? s.grad().to(at::kCPU).to(at::kDouble).contiguous()
                                             : at::zeros_like(s, at::kDouble).cpu();
        }
        return g[hr.layer];
    };
    const at::Tensor m = metric.detach().to(at::kCPU).to(at::kDouble);
    const std::vector<HeadRef> all = every_head(info);
    std::vector<AttributionResult> out(static_cast<std::size_t>(B));
    for (int64_t b = 0; b < B; ++b) {
        AttributionResult& r = out[b];
        r.metric = m[b].item<double>();
        for (const HeadRef& hr : requests[b].heads.empty() ? all : requests[b].heads) {
            r.heads.push_back(hr);
            r.effect.push_back(gradient(hr)[b][hr.head].item<double>());
        }
    }
    return out;
}

}  // namespace gna
