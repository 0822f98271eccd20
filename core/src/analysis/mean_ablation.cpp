// Mean ablation on the public hook interface only (no LibTorch): the worked example of docs/hooks.md.
#include "gna/mean_ablation.h"

#include <map>
#include <memory>
#include <string>

#include "gna/error.h"

namespace gna {

namespace {
std::string point_of(const HeadRef& h) {
    return "L" + std::to_string(h.layer) + (h.kind == HeadKind::Attention ? ".attn.out" : ".ssm.out");
}
}  // namespace

HeadMeans mean_head_outputs(Model& model, const std::vector<std::vector<int>>& prompts,
                            const std::vector<HeadRef>& heads, const std::atomic<bool>* cancel) {
    if (prompts.empty()) throw Error("mean ablation: the reference set has no prompts; give at least one");
    const ModelInfo& info = model.info();
    for (const HeadRef& h : heads) {
        const bool in = h.layer >= 0 && h.layer < info.num_layers;
        const LayerInfo* li = in ? &info.layers[static_cast<std::size_t>(h.layer)] : nullptr;
        const int n = !li ? 0 : h.kind == HeadKind::Attention ? li->attention_heads : li->ssm_heads;
        if (h.head < 0 || h.head >= n)
            throw Error("mean ablation: " + h.name() +
                        " is not a head of this model (`gna info` lists its layers and heads)");
    }
    HeadMeans out;
    out.heads = heads;
    std::vector<std::vector<double>> sum(heads.size());
    RunRequest req;
    req.cancel = cancel;
    std::map<std::string, std::vector<std::size_t>> by_point;  // one read hook per point
    for (std::size_t i = 0; i < heads.size(); ++i) by_point[point_of(heads[i])].push_back(i);
    for (const auto& [point, idx] : by_point) {
        req.plan.read(point, [&sum, &heads, idx = idx](const HookCall& call, std::span<const float> v) {
            // values: {tokens, heads, head_dim}
            const int64_t T = call.shape[0], H = call.shape[1], P = call.shape[2];
            for (std::size_t i : idx) {
                std::vector<double>& s = sum[i];
                s.resize(static_cast<std::size_t>(P), 0.0);
                for (int64_t t = 0; t < T; ++t)
                    for (int64_t p = 0; p < P; ++p)
                        s[p] += v[static_cast<std::size_t>((t * H + heads[i].head) * P + p)];
            }
        });
    }
    for (const auto& prompt : prompts) {
        if (prompt.empty()) throw Error("mean ablation: a reference prompt is empty");
        req.tokens = prompt;
        model.run(req);  // validates the heads' points (gna::Error names a head the model lacks)
        out.positions += static_cast<int64_t>(prompt.size());
    }
    for (const auto& s : sum) {
        std::vector<float> m(s.size());
        for (std::size_t p = 0; p < s.size(); ++p) m[p] = static_cast<float>(s[p] / static_cast<double>(out.positions));
        out.mean.push_back(std::move(m));
    }
    return out;
}

void mean_ablate(InterventionPlan& plan, const HeadMeans& means) {
    std::map<std::string, std::vector<std::size_t>> by_point;
    for (std::size_t i = 0; i < means.heads.size(); ++i) by_point[point_of(means.heads[i])].push_back(i);
    auto shared = std::make_shared<HeadMeans>(means);
    for (const auto& [point, idx] : by_point) {
        plan.write(point, [shared, idx = idx](const HookCall& call, std::span<float> v) {
            const int64_t T = call.shape[0], H = call.shape[1], P = call.shape[2];
            for (std::size_t i : idx) {
                const std::vector<float>& m = shared->mean[i];
                if (static_cast<int64_t>(m.size()) != P || shared->heads[i].head >= H)
                    throw Error("mean ablation of " + shared->heads[i].name() + ": the means have " +
                                std::to_string(m.size()) + " values per head, the model's heads " + std::to_string(P) +
                                "; compute them on this model");
                for (int64_t t = 0; t < T; ++t)
                    std::copy(m.begin(), m.end(), v.begin() + (t * H + shared->heads[i].head) * P);
            }
        });
    }
}

}  // namespace gna
