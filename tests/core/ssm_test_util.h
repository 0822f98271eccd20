#pragma once
// Helpers shared by the state-space suites (header-only, torch-free).
#include <QProcess>
#include <QString>
#include <QStringList>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "gna/error.h"
#include "gna/model.h"
#include "gna/safetensors.h"
#include "naive_ssm.h"
#include "test_models.h"
#include "print_ids.h"

namespace gna::test {

inline std::vector<int> ssm_prompt(int n, int vocab, int seed = 7) {
    std::vector<int> ids;
    for (int t = 0; t < n; ++t) ids.push_back(1 + (t * 37 + seed * 11) % (vocab - 1));
    return ids;
}

inline double max_diff_logits(const std::vector<float>& flat, const std::vector<std::vector<float>>& ref) {
    double m = 0;
    const std::size_t V = ref.empty() ? 0 : ref[0].size();
    if (flat.size() != ref.size() * V) return INFINITY;
    for (std::size_t t = 0; t < ref.size(); ++t)
        for (std::size_t v = 0; v < V; ++v)
            m = std::max(m, std::fabs(static_cast<double>(flat[t * V + v]) - ref[t][v]));
    return m;
}

// A request for `n` greedily generated tokens after `tokens`, never stopping early.
inline RunRequest generation_request(std::vector<int> tokens, int n) {
    RunRequest r;
    r.tokens = std::move(tokens);
    r.generate = n;
    r.stop_tokens = {-1};
    return r;
}

// Greedy generation checked by recomputation: the tokens that the naive forward over the prompt and
// the generated tokens fed back (all but the last) picks at every generated position.
inline std::vector<int> naive_greedy(const std::filesystem::path& model, const RunRequest& r, const RunResult& g,
                                     const NaiveSsmOptions& o = {}) {
    std::vector<int> seq = r.tokens;
    seq.insert(seq.end(), g.generated.begin(), g.generated.end() - 1);
    return argmax_tokens(naive_ssm_forward(model, seq, o).logits, r.tokens.size() - 1, g.generated.size());
}

// The same interventions for the model (its plan) and for the naive forward (its options).
struct Interventions {
    InterventionPlan plan;
    NaiveSsmOptions naive;
    void ablate(const HeadRef& h, float scale = 0.0f) {
        plan.ablate(h, scale);
        (h.kind == HeadKind::SSM ? naive.ssm_scale : naive.attn_scale)[{h.layer, h.head}] = scale;
    }
    void skip(const std::vector<int>& layers) { plan.skip_layers = naive.skip_layers = layers; }
};

// `ids` run plain and under `plan` in one batch, each against the naive forward (plain, and with
// `o`, the same interventions): the largest logit differences, and the two runs' logits.
struct AblationCheck {
    double plain = 0, ablated = 0;
    std::vector<float> plain_logits, ablated_logits;
};
inline AblationCheck check_ablation(Model& m, const std::filesystem::path& model, const std::vector<int>& ids,
                                    const InterventionPlan& plan, const NaiveSsmOptions& o) {
    RunRequest plain, abl;
    plain.tokens = abl.tokens = ids;
    plain.all_logits = abl.all_logits = true;
    abl.plan = plan;
    auto outs = m.run_batch({plain, abl});
    AblationCheck c;
    c.plain = max_diff_logits(outs[0].all_logits, naive_ssm_forward(model, ids).logits);
    c.ablated = max_diff_logits(outs[1].all_logits, naive_ssm_forward(model, ids, o).logits);
    c.plain_logits = std::move(outs[0].all_logits);
    c.ablated_logits = std::move(outs[1].all_logits);
    return c;
}

// Copies a checkpoint folder's model.safetensors into `out` with `edit` applied to the tensor list
// (config and tokenizer copied as they are).
inline void rewrite_checkpoint(const std::filesystem::path& src, const std::filesystem::path& out,
                               const std::function<void(std::vector<TensorToWrite>&)>& edit) {
    std::filesystem::create_directories(out);
    for (const auto& e : std::filesystem::directory_iterator(src))
        if (e.path().extension() != ".safetensors")
            std::filesystem::copy_file(e.path(), out / e.path().filename(),
                                       std::filesystem::copy_options::overwrite_existing);
    Checkpoint ck = Checkpoint::open(src);
    std::vector<TensorToWrite> ts;
    for (const auto& n : ck.names()) {
        TensorView v = ck.tensor(n);
        TensorToWrite t{n, v.dtype, v.shape, std::vector<std::byte>(v.nbytes)};
        std::memcpy(t.bytes.data(), v.data, v.nbytes);
        ts.push_back(std::move(t));
    }
    edit(ts);
    write_safetensors(out / "model.safetensors", ts);
}

// The message of the gna::Error thrown by loading `dir` ("" if it loads).
inline std::string load_error(const std::filesystem::path& dir) {
    try {
        Model::load(dir);
    } catch (const Error& e) {
        return e.what();
    }
    return {};
}

// Largest difference between sweep_continuations (prefix reuse: a cloned, row-repeated state) and
// score_continuations run plan by plan.
inline double sweep_vs_single(Model& m, const std::vector<int>& prompt, const std::vector<std::vector<int>>& conts,
                              const std::vector<InterventionPlan>& plans) {
    SweepRequest req;
    req.prompt = prompt;
    req.continuations = conts;
    req.plans = plans;
    req.max_batch_rows = 2;
    const auto sweep = m.sweep_continuations(req);
    double worst = 0;
    for (std::size_t p = 0; p < plans.size(); ++p) {
        const auto single = m.score_continuations(prompt, conts, plans[p]);
        for (std::size_t c = 0; c < conts.size(); ++c) worst = std::max(worst, std::fabs(single[c] - sweep[p][c]));
    }
    return worst;
}

struct CliOut {
    int code;
    QByteArray out, err;
};
inline CliOut run_cli(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(GNA_CLI_PATH), args);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}
inline QString qpath(const std::filesystem::path& p) { return QString::fromStdString(p.string()); }

}  // namespace gna::test
