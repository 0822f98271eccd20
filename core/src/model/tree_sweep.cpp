#include "model/tree_sweep.h"

#include <algorithm>
#include <map>

#include "model/plan.h"

namespace gna {

ContinuationTree ContinuationTree::build(const std::vector<std::vector<int>>& continuations) {
    ContinuationTree t;
    std::map<std::pair<int, int>, int> child;  // (parent, token) -> node
    for (const auto& cont : continuations) {
        std::vector<int> path;
        int node = -1;
        for (std::size_t i = 0; i + 1 < cont.size(); ++i) {
            auto [it, fresh] = child.emplace(std::make_pair(node, cont[i]), static_cast<int>(t.tokens.size()));
            if (fresh) {
                t.tokens.push_back(cont[i]);
                t.parent.push_back(node);
                t.depth.push_back(node < 0 ? 0 : t.depth[node] + 1);
            }
            node = it->second;
            path.push_back(node);
        }
        t.path.push_back(std::move(path));
    }
    return t;
}

TreeLayout tree_layout(int64_t prompt_len, const ContinuationTree& tree, at::Device device) {
    const int64_t T = prompt_len, N = tree.size(), S = T + N;
    at::Tensor pos = at::empty({S}, at::kLong);
    at::Tensor hidden = at::ones({S, S}, at::kBool);
    auto p = pos.accessor<int64_t, 1>();
    auto m = hidden.accessor<bool, 2>();
    for (int64_t i = 0; i < T; ++i) {
        p[i] = i;
        for (int64_t j = 0; j <= i; ++j) m[i][j] = false;  // causal
    }
    for (int64_t a = 0; a < N; ++a) {
        p[T + a] = T + tree.depth[a];
        for (int64_t j = 0; j < T; ++j) m[T + a][j] = false;  // the whole prompt
        for (int n = static_cast<int>(a); n >= 0; n = tree.parent[n]) m[T + a][T + n] = false;  // its branch
    }
    TreeLayout t;
    for (int64_t i = 0; i < S; ++i) {  // parents come before children: i + 1 here, but say it from the mask
        int64_t e = S;
        while (e > 1 && m[i][e - 1]) --e;
        t.key_end.push_back(e);
    }
    t.positions = pos.to(device);
    t.hidden = hidden.to(device);
    t.outputs = at::cat({at::tensor({T - 1}, at::kLong), at::arange(T, S, at::kLong)}).to(device);
    return t;
}

void tree_sweep(const CausalLM& lm, const SweepRequest& req, const std::vector<int64_t>& plans,
                std::vector<std::vector<double>>& out) {
    at::NoGradGuard ng;
    const ModelInfo& info = lm.info();
    const int L = info.num_layers;
    const int64_t T = static_cast<int64_t>(req.prompt.size());
    const int64_t max_rows = std::max(1, req.max_batch_rows);
    const ContinuationTree tree = ContinuationTree::build(req.continuations);
    const TreeLayout layout = tree_layout(T, tree, lm.device());

    // Plans sorted by the first layer they change: a batch starts at its smallest such layer.
    std::vector<int> first(req.plans.size(), 0);
    for (int64_t i : plans) first[i] = req.reuse_prefix ? first_intervened_layer(req.plans[i], L) : 0;
    std::vector<int64_t> order = plans;
    std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) { return first[a] < first[b]; });

    // The shared prefix: one row, no intervention, advanced layer by layer as batches need it.
    std::vector<int64_t> ids(req.prompt.begin(), req.prompt.end());
    ids.insert(ids.end(), tree.tokens.begin(), tree.tokens.end());
    InterventionPlan none;
    ForwardContext base = make_context(info, {&none}, lm.device(), Stage::Prefill);
    base.cancel = req.cancel;
    auto state = lm.new_state(1);  // unused by the tree pass; embed() wants one
    at::Tensor h = lm.embed(at::tensor(ids, at::kLong).view({1, -1}).to(lm.device()), *state);  // h: (1, S, C)
    int at_layer = 0;
    const int64_t P = static_cast<int64_t>(order.size());
    for (int64_t s0 = 0; s0 < P;) {
        const int l = first[order[s0]];
        int64_t n = 0;
        while (s0 + n < P && n < max_rows && first[order[s0 + n]] == l) ++n;
        if (l > at_layer) {
            h = lm.run_tree_layers(h, at_layer, l, layout, base);
            at_layer = l;
        }
        std::vector<const InterventionPlan*> batch;
        for (int64_t i = 0; i < n; ++i) batch.push_back(&req.plans[order[s0 + i]]);
        ForwardContext ctx = make_context(info, batch, lm.device(), Stage::Prefill);
        ctx.cancel = req.cancel;
        at::Tensor hb = lm.run_tree_layers(h, l, L, layout, ctx);  // (n or 1, R, C)
        at::Tensor lp = at::log_softmax(lm.logits(hb), -1).to(at::kCPU).contiguous();  // (n or 1, R, V)
        auto acc = lp.accessor<float, 3>();
        for (int64_t b = 0; b < n; ++b) {
            const int64_t row = std::min<int64_t>(b, lp.size(0) - 1);  // rows that never fanned out are equal
            for (std::size_t c = 0; c < req.continuations.size(); ++c) {
                const auto& cont = req.continuations[c];
                const std::size_t from = req.scored_from(c);
                double s = from == 0 ? acc[row][0][cont[0]] : 0.0;
                for (std::size_t i = std::max<std::size_t>(1, from); i < cont.size(); ++i)
                    s += acc[row][1 + tree.path[c][i - 1]][cont[i]];
                out[order[s0 + b]][c] = s;
            }
        }
        s0 += n;
    }
}

}  // namespace gna
