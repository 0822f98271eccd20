// ExperimentPanel's cost estimate of the head ranking's methods: the core's arithmetic
// (gna::ranking_cost, docs/attribution.md "Choosing a method") for the open model and the spec in the
// editor, put in words beside the method choice. An estimate, and it says so.
#include <QFontMetrics>
#include <QLabel>
#include <QLocale>
#include <algorithm>

#include "experiment_panel.h"
#include "gna/attribution.h"
#include "gna/experiment_spec.h"
#include "gna/model.h"

namespace gna::studio {

void ExperimentPanel::setModelInfo(const gna::ModelInfo& info) {
    m_modelInfo = std::make_shared<const gna::ModelInfo>(info);
    updateCostEstimate();
}

void ExperimentPanel::elideCost() {
    if (!m_cost) return;
    m_cost->setText(
        m_cost->fontMetrics().elidedText(m_costText, Qt::ElideRight, std::max(20, m_cost->contentsRect().width())));
}

void ExperimentPanel::updateCostEstimate() {
    if (!m_cost) return;
    // the label's whole text and its tooltip (the whole text, then how it is counted)
    auto show = [this](const QString& text, const QString& how) {
        m_costText = text;
        m_cost->setToolTip(how.isEmpty() ? text : text + QStringLiteral("\n\n") + how);
        m_cost->setAccessibleDescription(text);
        elideCost();
    };
    if (!m_modelInfo) return show(tr("Open a model to see what each method is estimated to cost on it."), {});
    gna::RankingCost c;
    std::size_t prompts = 0, tokens = 0;
    try {
        const gna::ExperimentSpec s = gna::parse_experiment_spec(spec());
        const gna::RankingCostInput in = gna::ranking_cost_input(s);
        prompts = in.prompts;
        tokens = in.tokens;
        c = gna::ranking_cost(*m_modelInfo, s);
    } catch (const std::exception&) {
        return show(tr("Cost estimate: waits for a valid spec."), {});  // the spec note says why
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
    // the recommendation first: the part of the line that stays when it is elided
    show(tr("%1 Estimate: Exact ablates %2 heads, %3%4; Fast verifies %5, %6%7.")
             .arg(why)
             .arg(c.exact.ablated)
             .arg(passes(c.exact), memory(c.exact))
             .arg(c.fast.ablated)
             .arg(passes(c.fast), memory(c.fast)),
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
