// ExperimentPanel's cost estimate of the head ranking's methods: the core's arithmetic
// (gna::ranking_cost, docs/attribution.md "Choosing a method") for the open model and the spec in the
// editor, put in words beside the method choice. An estimate, and it says so.
#include <QLabel>
#include <QLocale>

#include "experiment_panel.h"
#include "gna/attribution.h"
#include "gna/experiment_spec.h"
#include "gna/model.h"

namespace gna::studio {

void ExperimentPanel::setModelInfo(const gna::ModelInfo& info) {
    m_modelInfo = std::make_shared<const gna::ModelInfo>(info);
    updateCostEstimate();
}

void ExperimentPanel::updateCostEstimate() {
    if (!m_cost) return;
    if (!m_modelInfo) {
        m_cost->setText(tr("Open a model to see what each method is estimated to cost on it."));
        m_cost->setToolTip(QString());
        return;
    }
    gna::RankingCost c;
    std::size_t prompts = 0, tokens = 0;
    try {
        const gna::ExperimentSpec s = gna::parse_experiment_spec(spec());
        const gna::RankingCostInput in = gna::ranking_cost_input(s);
        prompts = in.prompts;
        tokens = in.tokens;
        c = gna::ranking_cost(*m_modelInfo, s);
    } catch (const std::exception&) {
        m_cost->setText(tr("Cost estimate: waits for a valid spec."));  // the spec note says why
        m_cost->setToolTip(QString());
        return;
    }
    const QLocale locale;
    // passes over every prompt when the spec counts its prompts, else per prompt
    auto passes = [&](const gna::MethodCost& m) {
        return prompts > 0 ? tr("≈%1 forward passes").arg(locale.toString(qRound64(m.passes)))
                           : tr("≈%1 forward passes per prompt").arg(locale.toString(m.passes_per_prompt, 'f', 1));
    };
    auto memory = [&](const gna::MethodCost& m) {
        return tokens > 0
            ? tr(", ≈%1 of activations").arg(locale.formattedDataSize(static_cast<qint64>(m.activation_bytes), 0))
            : QString();
    };
    const QString speedup = locale.toString(c.speedup(), 'f', 1);
    const QString why = c.recommended == gna::RankingMethod::AttributionVerify
        ? tr("Recommended: Fast, ≈%1× fewer passes (more memory; the %2 heads it does not verify keep their "
             "estimate).")
              .arg(speedup)
              .arg(c.heads - c.fast.ablated)
        : c.fast.ablated >= c.heads ? tr("Recommended: Exact; Fast would verify every head after its gradient pass.")
                                    : tr("Recommended: Exact; Fast saves only ≈%1× (under %2×) and needs more memory.")
                                          .arg(speedup)
                                          .arg(gna::kFastRecommendedSpeedup);
    m_cost->setText(tr("Estimate: Exact ablates %1 heads, %2%3. Fast verifies %4, %5%6. %7")
                        .arg(c.exact.ablated)
                        .arg(passes(c.exact), memory(c.exact))
                        .arg(c.fast.ablated)
                        .arg(passes(c.fast), memory(c.fast), why));
    m_cost->setToolTip(
        tr("Counted before running, not measured. A pass is one forward over a prompt: an exact ablation of a head "
           "in layer l recomputes the layers from l on; Fast's gradient pass counts as 3 forwards, and the heads it "
           "verifies are priced at the average depth. Fast is recommended when it needs at most half the passes: it "
           "holds far more memory (its gradient pass keeps every layer's activations) and ranks the heads it does "
           "not verify by first-order estimate only. Memory: the activations held at once beyond the weights, at "
           "16 floats of hidden width per token and layer%1. See docs/attribution.md, \"Choosing a method\".")
            .arg(tokens > 0 ? tr("; prompts of about %1 tokens").arg(tokens)
                            : tr("; this task's prompt length is not known before it runs")));
}

}  // namespace gna::studio
