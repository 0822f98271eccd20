#include "run_job.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cmath>

#include "core_errors.h"
#include "gna/error.h"
#include "gna/head_scores.h"

namespace gna::studio {

namespace {

// "gna::studio": the context lupdate gives tr() calls in this namespace (see translations/*.ts).
QString tr(const char* s) { return QCoreApplication::translate("gna::studio", s); }

gna::HeadRef headRef(const views::HeadCell& c) {
    return {c.layer, c.head, c.ssm ? gna::HeadKind::SSM : gna::HeadKind::Attention};
}

gna::HeadScoreKind scoreKind(ScoreMode mode) {
    switch (mode) {
        case ScoreMode::None:
            return gna::HeadScoreKind::None;
        case ScoreMode::LastRowEntropy:
            return gna::HeadScoreKind::Entropy;
        case ScoreMode::LastRowMaxWeight:
            return gna::HeadScoreKind::MaxWeight;
        case ScoreMode::AttentionToToken:
            return gna::HeadScoreKind::AttentionToToken;
        case ScoreMode::LineGather:
            return gna::HeadScoreKind::Gather;
        case ScoreMode::LineAggregate:
            return gna::HeadScoreKind::Aggregate;
        case ScoreMode::DuplicateToken:
            return gna::HeadScoreKind::DuplicateToken;
        case ScoreMode::Induction:
            return gna::HeadScoreKind::Induction;
    }
    return gna::HeadScoreKind::None;
}

QString scoreLabel(const RunSpec& spec, bool hasLineEnds, bool hasRepeats, int selected) {
    switch (spec.scoreMode) {
        case ScoreMode::LastRowEntropy:
            return tr("entropy of the last row (bits)");
        case ScoreMode::LastRowMaxWeight:
            return tr("max weight of the last row");
        case ScoreMode::LineGather:
            return hasLineEnds ? tr("Gather score: attention of each line end on its own line")
                               : tr("Gather score: the prompt has no line ends");
        case ScoreMode::LineAggregate:
            return hasLineEnds ? tr("Aggregate score: attention of the last token on the line ends")
                               : tr("Aggregate score: the prompt has no line ends");
        case ScoreMode::AttentionToToken:
            return tr("attention from the last token to token %1").arg(selected);
        case ScoreMode::DuplicateToken:
            return hasRepeats
                ? tr("duplicate-token score: attention on earlier copies of the token (BOS and current token kept)")
                : tr("duplicate-token score: no token of the prompt repeats");
        case ScoreMode::Induction:
            return hasRepeats
                ? tr("induction score: attention on the token after an earlier copy (BOS and current token kept)")
                : tr("induction score: no token of the prompt repeats");
        case ScoreMode::None:
            break;
    }
    return {};
}

}  // namespace

BoardColumns boardColumns(const gna::ModelInfo& info) {
    BoardColumns b;
    for (const gna::LayerInfo& l : info.layers) {
        b.attention = std::max(b.attention, l.attention_heads);
        b.ssm = std::max(b.ssm, l.ssm_heads);
        b.rowAttention.push_back(l.attention_heads);
        b.rowSsm.push_back(l.ssm_heads);
    }
    if (b.ssm == 0) b.attention = std::max(b.attention, info.num_heads);  // a transformer: every layer has attention
    if (b.attention == 0 || b.ssm == 0) b.rowAttention.clear();
    if (b.ssm == 0) b.rowSsm.clear();
    if (b.attention == 0 && b.ssm == 0) b.attention = info.num_heads;
    return b;
}

bool headExists(const gna::ModelInfo& info, const views::HeadCell& c) { return gna::model_has_head(info, headRef(c)); }

gna::InterventionPlan planFor(const views::HeadCells& ablated) {
    gna::InterventionPlan plan;
    for (const auto& c : ablated) plan.ablate(headRef(c));
    return plan;
}

views::HeatmapData toHeatmap(const gna::AttentionMap& map, const QStringList& tokenLabels) {
    views::HeatmapData d;
    d.title = QString::fromStdString(map.head.name());
    d.rows = static_cast<int>(map.rows.size());
    d.cols = map.cols;
    d.values = map.weights;
    d.hiddenAttention = map.head.kind == gna::HeadKind::SSM;
    for (int r : map.rows) {
        d.rowPositions << r;
        d.rowLabels << tokenLabels.value(r);
    }
    for (int c = 0; c < map.cols; ++c) d.colLabels << tokenLabels.value(c);
    if (!map.rows.empty() && map.cols > 0 &&
        map.weights.size() == map.rows.size() * static_cast<std::size_t>(map.cols)) {
        // The title's statistics: the core's reading of the last row, the one the head board scores.
        const gna::RowStats s =
            gna::row_stats(map.weights.data() + (map.rows.size() - 1) * static_cast<std::size_t>(map.cols), map.cols);
        d.lastRow = views::RowStats{s.entropy_bits, s.max_weight, s.argmax, s.magnitudes};
    }
    return d;
}

gna::ProbeRequest probeRequest(const gna::ModelInfo& info, const RunSpec& spec, const std::atomic<bool>* cancel) {
    gna::ProbeRequest r;
    r.prompt = spec.prompt.toStdString();
    r.plan = planFor(spec.ablated);
    for (const auto& h : spec.shownHeads) r.shown.push_back(headRef(h));
    for (const QString& c : spec.candidates) r.candidates.push_back(c.toStdString());
    r.top_k = spec.topK;
    r.score = scoreKind(spec.scoreMode);
    if (r.score != gna::HeadScoreKind::None) {  // every head of the board: attention heads and SSM heads
        r.scored = gna::every_head(info, gna::HeadKind::Attention);
        for (const gna::HeadRef& h : gna::every_head(info, gna::HeadKind::SSM)) r.scored.push_back(h);
    }
    r.selected_token = spec.selectedToken;
    r.compare = spec.withBaseline;
    r.separate_score_pass = spec.separateScorePass;
    r.cancel = cancel;
    return r;
}

RunOutcome computeRun(gna::Probe& probe, const RunSpec& spec, const std::atomic<bool>* cancel) {
    RunOutcome out;
    out.generation = spec.generation;
    out.ablatedHeads = static_cast<int>(spec.ablated.size());
    QElapsedTimer timer;
    timer.start();
    try {
        if (spec.prompt.isEmpty()) throw gna::Error(tr("The prompt is empty: type a prompt first.").toStdString());
        const gna::ModelInfo& info = probe.model().info();
        // A paste far beyond the context is refused before it is tokenized (no token is that long); one
        // closer to it is tokenized and refused by the model with its token count.
        if (info.max_positions > 0 &&
            spec.prompt.size() > static_cast<qsizetype>(info.max_positions) * kMaxCharsPerToken)
            throw gna::Error(tr("The prompt has %1 characters, far more than this model's context of %2 tokens holds; "
                                "shorten it to run it.")
                                 .arg(spec.prompt.size())
                                 .arg(info.max_positions)
                                 .toStdString());
        const gna::ProbeResult res = probe.run(probeRequest(info, spec, cancel));
        out.forwardPasses = res.forward_passes;
        out.tokens = res.tokens;
        for (const std::string& t : res.token_texts) out.tokenLabels << QString::fromStdString(t);
        out.lastLogits = res.last_logits;
        for (const gna::NextToken& t : res.next) {
            const QString label = QString::fromStdString(t.text);
            out.next << views::TokenProbability{label, t.probability, t.candidate >= 0};
            if (res.compared) out.baseline << views::TokenProbability{label, t.unablated, t.candidate >= 0};
        }
        for (const gna::AttentionMap& m : res.maps) out.maps << toHeatmap(m, out.tokenLabels);
        for (const gna::AttentionMap& m : res.unablated_maps) out.baselineMaps << toHeatmap(m, out.tokenLabels);

        if (spec.scoreMode != ScoreMode::None) {
            // The board's grid: layers x its columns (attention heads, then SSM heads); NaN = no head.
            const BoardColumns board = boardColumns(info);
            const std::size_t width = static_cast<std::size_t>(board.width());
            const std::size_t cells = static_cast<std::size_t>(info.num_layers) * width;
            out.headScores.assign(cells, std::nan(""));
            const bool deltas = res.compared && !spec.ablated.isEmpty();
            if (deltas) out.baselineHeadScores.assign(cells, std::nan(""));
            for (const gna::HeadScore& s : res.scores) {
                const int col = board.column({s.head.layer, s.head.head, s.head.kind == gna::HeadKind::SSM});
                if (col < 0 || col >= board.width()) continue;
                const std::size_t i = static_cast<std::size_t>(s.head.layer) * width + static_cast<std::size_t>(col);
                if (i >= cells) continue;
                out.headScores[i] = deltas ? s.value - s.unablated : s.value;
                if (deltas) out.baselineHeadScores[i] = s.unablated;
            }
            const int last = static_cast<int>(res.tokens.size()) - 1;
            const int sel = std::clamp(spec.selectedToken < 0 ? 0 : spec.selectedToken, 0, last);
            out.scoreLabel = scoreLabel(spec, !res.line_ends.empty(), gna::has_repeated_token(res.tokens), sel);
            if (deltas) {
                out.scoresAreDeltas = true;
                out.scoreLabel = tr("Δ %1 vs unablated").arg(out.scoreLabel);
            }
        }
    } catch (const gna::Cancelled&) {
        out.cancelled = true;
    } catch (const gna::Error& e) {
        out.error = errorText(e);
    } catch (const std::exception& e) {
        out.error = tr("Unexpected error: %1").arg(errorText(e));
    }
    out.milliseconds = timer.nsecsElapsed() / 1e6;
    return out;
}

}  // namespace gna::studio
