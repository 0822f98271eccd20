#include "run_job.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <algorithm>
#include <cmath>
#include <numeric>

#include "gna/error.h"

namespace gna::studio {

namespace {

QString tr(const char* s) { return QCoreApplication::translate("gna::studio::RunJob", s); }

std::vector<double> softmax(const std::vector<float>& logits) {
    std::vector<double> p(logits.size());
    if (logits.empty()) return p;
    const double m = *std::max_element(logits.begin(), logits.end());
    double sum = 0.0;
    for (std::size_t i = 0; i < logits.size(); ++i) sum += p[i] = std::exp(double(logits[i]) - m);
    for (double& v : p) v /= sum;
    return p;
}

QList<views::TokenProbability> nextTokens(const gna::Tokenizer& tok, const std::vector<float>& logits,
                                          const std::vector<int>& candidateIds, const QStringList& candidates, int k,
                                          std::vector<int>* ids) {
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

RunOutcome computeRun(gna::Model& model, const RunSpec& spec, const std::atomic<bool>* cancel) {
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
        for (const QString& c : spec.candidates) {
            // A continuation after the prompt starts with a space ("... is 88").
            const std::vector<int> ids = tok.encode(QString(QLatin1Char(' ') + c).toStdString(), false);
            candidateIds.push_back(ids.empty() ? -1 : ids.front());
        }

        gna::RunRequest req;
        req.tokens = out.tokens;
        req.plan = planFor(spec.ablated);
        req.cancel = cancel;
        for (const auto& h : spec.shownHeads)
            if (h.layer >= 0 && h.layer < info.num_layers && h.head >= 0 && h.head < info.num_heads)
                req.capture.push_back({h.layer, h.head, gna::HeadKind::Attention});
        const gna::RunResult res = model.run(req);
        out.lastLogits = res.last_logits;
        std::vector<int> nextIds;
        out.next = nextTokens(tok, res.last_logits, candidateIds, spec.candidates, spec.topK, &nextIds);
        for (const gna::AttentionMap& m : res.attention) out.maps << toHeatmap(m, out.tokenLabels);

        if (spec.withBaseline) {
            gna::RunRequest base = req;
            base.plan = {};
            const gna::RunResult b = model.run(base);
            const auto p = softmax(b.last_logits);
            for (qsizetype i = 0; i < out.next.size(); ++i) {
                views::TokenProbability bp = out.next[i];
                bp.probability = p[static_cast<std::size_t>(nextIds[i])];
                out.baseline << bp;
            }
            for (const gna::AttentionMap& m : b.attention) out.baselineMaps << toHeatmap(m, out.tokenLabels);
        }

        if (spec.scoreMode != ScoreMode::None) {
            // Per-head scores from the last query row of every attention head (one row each).
            gna::RunRequest all = req;
            all.capture = attentionHeads(info);
            const int last = static_cast<int>(out.tokens.size()) - 1;
            all.capture_rows = {last};
            const gna::RunResult r = model.run(all);
            out.headScores.assign(static_cast<std::size_t>(info.num_layers) * info.num_heads, std::nan(""));
            const int sel = std::clamp(spec.selectedToken < 0 ? 0 : spec.selectedToken, 0, last);
            for (const gna::AttentionMap& m : r.attention) {
                if (m.head.layer >= info.num_layers || m.head.head >= info.num_heads || m.rows.empty()) continue;
                double v = 0.0;
                if (spec.scoreMode == ScoreMode::LastRowEntropy) {
                    for (int c = 0; c < m.cols; ++c) {
                        const double a = m.at(0, c);
                        if (a > 0) v -= a * std::log2(a);
                    }
                } else if (spec.scoreMode == ScoreMode::LastRowMaxWeight) {
                    for (int c = 0; c < m.cols; ++c) v = std::max<double>(v, m.at(0, c));
                } else {
                    v = sel < m.cols ? m.at(0, sel) : 0.0;
                }
                out.headScores[static_cast<std::size_t>(m.head.layer) * info.num_heads + m.head.head] = v;
            }
            out.scoreLabel = spec.scoreMode == ScoreMode::LastRowEntropy ? tr("entropy of the last row (bits)")
                           : spec.scoreMode == ScoreMode::LastRowMaxWeight ? tr("max weight of the last row")
                           : tr("attention from the last token to token %1").arg(sel);
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
