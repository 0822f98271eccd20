#include "run_job.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "gna/error.h"
#include "tour_steps.h"

namespace gna::studio {

namespace {

// "gna::studio": the context lupdate gives tr() calls in this namespace (see translations/*.ts).
QString tr(const char* s) { return QCoreApplication::translate("gna::studio", s); }

std::vector<double> softmax(const std::vector<float>& logits) {
    std::vector<double> p(logits.size());
    if (logits.empty()) return p;
    const double m = *std::max_element(logits.begin(), logits.end());
    double sum = 0.0;
    for (std::size_t i = 0; i < logits.size(); ++i) sum += p[i] = std::exp(double(logits[i]) - m);
    for (double& v : p) v /= sum;
    return p;
}

constexpr int kMultiToken = -2;  // candidate id marker: scored as a whole continuation

QList<views::TokenProbability> nextTokens(const gna::Tokenizer& tok, const std::vector<float>& logits,
                                          const std::vector<int>& candidateIds, const QStringList& candidates, int k,
                                          std::vector<int>* ids, const std::vector<double>& sequenceProb) {
    const std::vector<double> p = softmax(logits);
    std::vector<int> order(p.size());
    std::iota(order.begin(), order.end(), 0);
    const int kk = std::min<int>(k, static_cast<int>(order.size()));
    std::partial_sort(order.begin(), order.begin() + kk, order.end(), [&](int a, int b) { return p[a] > p[b]; });
    QList<views::TokenProbability> out;
    for (int i = 0; i < kk; ++i) {
        const int id = order[i];
        const bool cand = std::find(candidateIds.begin(), candidateIds.end(), id) != candidateIds.end();
        out << views::TokenProbability{QString::fromStdString(tok.display(id)), p[id], cand};
        ids->push_back(id);
    }
    for (std::size_t c = 0; c < candidateIds.size(); ++c) {
        const int id = candidateIds[c];
        if (id == kMultiToken && c < sequenceProb.size()) {
            // A candidate of several tokens: the probability of the whole continuation.
            out << views::TokenProbability{candidates.value(static_cast<int>(c)), sequenceProb[c], true};
            continue;
        }
        if (id < 0 || id >= static_cast<int>(p.size())) continue;
        if (std::find(order.begin(), order.begin() + kk, id) != order.begin() + kk) continue;
        out << views::TokenProbability{candidates.value(static_cast<int>(c)), p[id], true};
        ids->push_back(id);
    }
    return out;
}

std::vector<gna::HeadRef> attentionHeads(const gna::ModelInfo& info) {
    std::vector<gna::HeadRef> heads;
    for (const gna::LayerInfo& l : info.layers)
        for (int h = 0; h < l.attention_heads; ++h) heads.push_back({l.index, h, gna::HeadKind::Attention});
    if (info.layers.empty())
        for (int l = 0; l < info.num_layers; ++l)
            for (int h = 0; h < info.num_heads; ++h) heads.push_back({l, h, gna::HeadKind::Attention});
    return heads;
}

}  // namespace

bool headExists(const gna::ModelInfo& info, const views::HeadCell& c) {
    if (c.layer < 0 || c.layer >= info.num_layers || c.head < 0) return false;
    if (!info.layers.empty()) {
        const gna::LayerInfo& l = info.layers[static_cast<std::size_t>(c.layer)];
        return c.head < (c.ssm ? l.ssm_heads : l.attention_heads);
    }
    return !c.ssm && c.head < info.num_heads;
}

gna::InterventionPlan planFor(const views::HeadCells& ablated) {
    gna::InterventionPlan plan;
    for (const auto& c : ablated) plan.ablate({c.layer, c.head, c.ssm ? gna::HeadKind::SSM : gna::HeadKind::Attention});
    return plan;
}

views::HeatmapData toHeatmap(const gna::AttentionMap& map, const QStringList& tokenLabels) {
    views::HeatmapData d;
    d.title = QString::fromStdString(map.head.name());
    d.rows = static_cast<int>(map.rows.size());
    d.cols = map.cols;
    d.values = map.weights;
    for (int r : map.rows) {
        d.rowPositions << r;
        d.rowLabels << tokenLabels.value(r);
    }
    for (int c = 0; c < map.cols; ++c) d.colLabels << tokenLabels.value(c);
    return d;
}

namespace {

// Per-head score of one attention row (the last query row).
double rowScore(ScoreMode mode, const float* row, int cols, int selected) {
    double v = 0.0;
    if (mode == ScoreMode::LastRowEntropy) {
        for (int c = 0; c < cols; ++c)
            if (row[c] > 0) v -= double(row[c]) * std::log2(double(row[c]));
    } else if (mode == ScoreMode::LastRowMaxWeight) {
        for (int c = 0; c < cols; ++c) v = std::max<double>(v, row[c]);
    } else {
        v = selected < cols ? row[selected] : 0.0;
    }
    return v;
}

}  // namespace

RunOutcome computeRun(gna::Model& model, const RunSpec& spec, const std::atomic<bool>* cancel, BaselineCache* cache) {
    RunOutcome out;
    out.generation = spec.generation;
    QElapsedTimer timer;
    timer.start();
    try {
        const gna::Tokenizer& tok = model.tokenizer();
        const gna::ModelInfo& info = model.info();
        const std::string text = spec.prompt.toStdString();
        out.tokens = tok.encode(text, true);
        if (out.tokens.empty()) throw gna::Error(tr("The prompt is empty: type a prompt first.").toStdString());
        for (int id : out.tokens) out.tokenLabels << QString::fromStdString(tok.display(id));
        std::vector<int> candidateIds;
        std::vector<std::vector<int>> candidateSeqs;
        bool anyMulti = false;
        for (const QString& c : spec.candidates) {
            // A continuation after the prompt starts with a space ("... is 88"). SentencePiece may
            // split it into "▁" + "88": such candidates are scored as whole continuations.
            const std::vector<int> ids = tok.encode(QString(QLatin1Char(' ') + c).toStdString(), false);
            candidateIds.push_back(ids.empty() ? -1 : ids.size() == 1 ? ids.front() : kMultiToken);
            anyMulti = anyMulti || ids.size() > 1;
            candidateSeqs.push_back(ids);
        }
        const int T = static_cast<int>(out.tokens.size());
        const int last = T - 1;

        std::vector<gna::HeadRef> shown;
        // SSM heads (L3.S5) are drawn from their hidden-attention matrix, attention heads from softmax.
        for (const auto& h : spec.shownHeads)
            if (headExists(info, h)) shown.push_back({h.layer, h.head, h.ssm ? gna::HeadKind::SSM : gna::HeadKind::Attention});
        const std::vector<gna::HeadRef> every = spec.scoreMode != ScoreMode::None ? attentionHeads(info) : std::vector<gna::HeadRef>{};
        // One pass for everything when every head's full map is small enough (demo models, short
        // prompts): the shown maps and the last row of every head come from the same capture.
        const bool onePass = !every.empty() && every.size() * std::size_t(T) * std::size_t(T) <= spec.fullCaptureBudget;

        gna::RunRequest req;
        req.tokens = out.tokens;
        req.plan = planFor(spec.ablated);
        req.cancel = cancel;
        req.capture = onePass ? every : shown;
        if (onePass)  // shown SSM heads are not among every attention head
            for (const auto& h : shown)
                if (std::find(every.begin(), every.end(), h) == every.end()) req.capture.push_back(h);
        const gna::RunResult res = model.run(req);
        ++out.forwardPasses;
        out.lastLogits = res.last_logits;
        std::vector<int> nextIds;
        std::vector<double> sequenceProb;
        if (anyMulti) {
            std::vector<std::vector<int>> seqs;
            for (const auto& q : candidateSeqs) seqs.push_back(q.empty() ? std::vector<int>{0} : q);
            for (double lp : model.score_continuations(out.tokens, seqs, req.plan)) sequenceProb.push_back(std::exp(lp));
            ++out.forwardPasses;
        }
        out.next = nextTokens(tok, res.last_logits, candidateIds, spec.candidates, spec.topK, &nextIds, sequenceProb);
        auto mapOf = [&](const std::vector<gna::AttentionMap>& maps, const gna::HeadRef& h) -> const gna::AttentionMap* {
            for (const auto& m : maps)
                if (m.head == h) return &m;
            return nullptr;
        };
        for (const auto& h : shown)
            if (const gna::AttentionMap* m = mapOf(res.attention, h)) out.maps << toHeatmap(*m, out.tokenLabels);

        if (spec.withBaseline) {
            // The unablated run depends on the prompt and the shown heads only: reuse it.
            std::vector<float> baseLogits;
            std::vector<gna::AttentionMap> baseMaps;
            std::unique_lock<std::mutex> lock;
            if (cache) lock = std::unique_lock<std::mutex>(cache->mutex);
            if (req.plan.empty()) {
                baseLogits = res.last_logits;
                for (const auto& h : shown)
                    if (const gna::AttentionMap* m = mapOf(res.attention, h)) baseMaps.push_back(*m);
            } else if (cache && cache->tokens == out.tokens && cache->capture == shown) {
                baseLogits = cache->lastLogits;
                baseMaps = cache->maps;
            } else {
                gna::RunRequest base = req;
                base.plan = {};
                base.capture = shown;
                gna::RunResult b = model.run(base);
                ++out.forwardPasses;
                baseLogits = std::move(b.last_logits);
                baseMaps = std::move(b.attention);
            }
            if (cache) {
                cache->tokens = out.tokens;
                cache->capture = shown;
                cache->lastLogits = baseLogits;
                cache->maps = baseMaps;
            }
            const auto p = softmax(baseLogits);
            for (qsizetype i = 0; i < out.next.size(); ++i) {
                views::TokenProbability bp = out.next[i];
                bp.probability = p[static_cast<std::size_t>(nextIds[i])];
                out.baseline << bp;
            }
            for (const gna::AttentionMap& m : baseMaps) out.baselineMaps << toHeatmap(m, out.tokenLabels);
        }

        if (spec.scoreMode != ScoreMode::None) {
            // Per-head scores from the last query row of every attention head (and, for the line
            // scores, the rows of the line ends).
            const bool lineMode = spec.scoreMode == ScoreMode::LineGather || spec.scoreMode == ScoreMode::LineAggregate;
            std::vector<int> lineEnds, scoreRows;
            if (lineMode)
                for (int t = 0; t < last; ++t)
                    if (tok.decode({out.tokens[static_cast<std::size_t>(t)]}).find('\n') != std::string::npos) lineEnds.push_back(t);
            scoreRows = lineEnds;
            scoreRows.push_back(last);
            gna::RunResult second;
            const std::vector<gna::AttentionMap>* rows = &res.attention;
            if (!onePass) {
                gna::RunRequest all = req;
                all.capture = every;
                all.capture_rows = scoreRows;
                second = model.run(all);
                ++out.forwardPasses;
                rows = &second.attention;
            }
            const int sel = std::clamp(spec.selectedToken < 0 ? 0 : spec.selectedToken, 0, last);
            auto scoresOf = [&](const std::vector<gna::AttentionMap>& maps) {
                std::vector<double> s(static_cast<std::size_t>(info.num_layers) * info.num_heads, std::nan(""));
                for (const gna::AttentionMap& m : maps) {
                    if (m.head.kind != gna::HeadKind::Attention || m.head.layer >= info.num_layers ||
                        m.head.head >= info.num_heads || m.rows.empty())
                        continue;  // the board has a cell per attention head
                    const std::size_t r = m.rows.size() - 1;  // the last row (the only one, or row T-1)
                    double v = 0.0;
                    if (lineMode) {
                        const tour::PatternScore p = tour::patternScore(m, lineEnds);
                        v = spec.scoreMode == ScoreMode::LineGather ? p.gather : p.aggregate;
                    } else {
                        v = rowScore(spec.scoreMode, m.weights.data() + r * m.cols, m.cols, sel);
                    }
                    s[static_cast<std::size_t>(m.head.layer) * info.num_heads + m.head.head] = v;
                }
                return s;
            };
            out.headScores = scoresOf(*rows);
            out.scoreLabel = spec.scoreMode == ScoreMode::LastRowEntropy ? tr("entropy of the last row (bits)")
                           : spec.scoreMode == ScoreMode::LastRowMaxWeight ? tr("max weight of the last row")
                           : spec.scoreMode == ScoreMode::LineGather
                               ? (lineEnds.empty() ? tr("Gather score: the prompt has no line ends")
                                                   : tr("Gather score: attention of each line end on its own line"))
                           : spec.scoreMode == ScoreMode::LineAggregate
                               ? (lineEnds.empty() ? tr("Aggregate score: the prompt has no line ends")
                                                   : tr("Aggregate score: attention of the last token on the line ends"))
                               : tr("attention from the last token to token %1").arg(sel);
            if (spec.withBaseline && !req.plan.empty()) {
                // Compare mode: colour by the change against the unablated run (last rows of every
                // head without interventions; cached, they do not depend on the plan).
                std::vector<gna::AttentionMap> baseRows;
                std::unique_lock<std::mutex> lock;
                if (cache) lock = std::unique_lock<std::mutex>(cache->mutex);
                if (cache && cache->rowTokens == out.tokens && cache->rowPositions == scoreRows && !cache->lastRows.empty()) {
                    baseRows = cache->lastRows;
                } else {
                    gna::RunRequest base = req;
                    base.plan = {};
                    base.capture = every;
                    base.capture_rows = scoreRows;
                    baseRows = model.run(base).attention;
                    ++out.forwardPasses;
                    if (cache) {
                        cache->rowTokens = out.tokens;
                        cache->rowPositions = scoreRows;
                        cache->lastRows = baseRows;
                    }
                }
                out.baselineHeadScores = scoresOf(baseRows);
                for (std::size_t i = 0; i < out.headScores.size(); ++i)
                    out.headScores[i] -= out.baselineHeadScores[i];
                out.scoresAreDeltas = true;
                out.scoreLabel = tr("Δ %1 vs unablated").arg(out.scoreLabel);
            }
        }
    } catch (const gna::Cancelled&) {
        out.cancelled = true;
    } catch (const gna::Error& e) {
        out.error = QString::fromUtf8(e.what());
    } catch (const std::exception& e) {
        out.error = tr("Unexpected error: %1").arg(QString::fromUtf8(e.what()));
    }
    out.milliseconds = timer.nsecsElapsed() / 1e6;
    return out;
}

}  // namespace gna::studio
