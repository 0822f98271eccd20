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
        for (std::size_t v = 0; v < V; ++v) m = std::max(m, std::fabs(static_cast<double>(flat[t * V + v]) - ref[t][v]));
    return m;
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
