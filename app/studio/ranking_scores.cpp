#include "ranking_scores.h"

#include <QCoreApplication>
#include <cmath>

#include "core_errors.h"
#include "gna/attribution.h"
#include "gna/experiment_spec.h"
#include "gna/experiments.h"
#include "gna/heads.h"

namespace gna::studio {

namespace {

HeadValue headValue(const gna::HeadRef& h, double v) {
    return {views::HeadCell{h.layer, h.head, h.kind == gna::HeadKind::SSM}, v};
}

// (head name, value) rows; rows that are not heads are skipped.
template <class Row, class Value>
QList<HeadValue> headValues(const std::vector<Row>& rows, Value value) {
    QList<HeadValue> out;
    for (const Row& r : rows) {
        try {
            out << headValue(gna::parse_head(r.head), value(r));
        } catch (const std::exception& e) {
            logSkipped(QStringLiteral("head scores: a row that names no head skipped"), e);
        }
    }
    return out;
}

// The spec's metric ("accuracy" when the spec does not parse: it ran, so it had one).
QString metricOf(const gna::Json& spec) {
    try {
        return QString::fromStdString(gna::parse_experiment_spec(spec).metric);
    } catch (const std::exception& e) {
        logSkipped(QStringLiteral("head scores: the ranking's metric"), e);
        return QStringLiteral("accuracy");
    }
}

}  // namespace

RankingScores rankingScores(const gna::ExperimentResult& result) {
    RankingScores r;
    r.metric = metricOf(result.spec);
    const std::optional<gna::AttributionSummary>& attribution = result.aggregates.attribution;
    if (attribution)
        r.estimates = headValues(attribution->ranking, [](const gna::AttributionEstimate& e) { return e.attribution; });
    // "attribution" alone: the ranking's importance is the estimate itself
    const bool estimatedOnly = attribution && attribution->method == gna::to_string(gna::RankingMethod::Attribution);
    if (!estimatedOnly && result.aggregates.ranking)
        r.exact = headValues(*result.aggregates.ranking, [](const gna::HeadRankingRow& h) { return h.importance; });
    return r;
}

RankingScores rankingScoresFromProgress(const gna::RankingProgress& p, const gna::Json& spec) {
    RankingScores r;
    r.metric = metricOf(spec);
    for (const gna::RankedHead& h : p.estimates) r.estimates << headValue(h.head, h.value);
    for (const gna::RankedHead& h : p.verified) r.exact << headValue(h.head, h.value);
    r.toVerify = static_cast<int>(p.to_verify);
    return r;
}

BoardRanking boardRanking(const RankingScores& r) {
    BoardRanking b;
    const QString estimate =
        QCoreApplication::translate("gna::studio::RankingScores", "attribution estimate (logit difference)");
    if (r.exact.isEmpty()) {
        b.scores = r.estimates;
        b.scoreLabel = estimate;
        return b;
    }
    b.scores = r.exact;
    b.scoreLabel = r.metric == QLatin1String("logprob")
        ? QCoreApplication::translate("gna::studio::RankingScores",
                                      "exact drop in log-probability (baseline − ablated)")
        : r.metric == QLatin1String("accuracy")
        ? QCoreApplication::translate("gna::studio::RankingScores", "exact drop in accuracy (baseline − ablated)")
        : QCoreApplication::translate("gna::studio::RankingScores", "exact drop in %1 (baseline − ablated)")
              .arg(r.metric);
    if (!r.estimates.isEmpty()) {
        b.estimates = r.estimates;
        b.estimateLabel = estimate;
    }
    return b;
}

std::vector<double> boardValues(const QList<HeadValue>& values, int layers, int heads, bool ssm) {
    std::vector<double> v(static_cast<std::size_t>(std::max(0, layers * heads)), std::nan(""));
    for (const HeadValue& h : values)
        if (h.cell.ssm == ssm && h.cell.layer >= 0 && h.cell.layer < layers && h.cell.head >= 0 && h.cell.head < heads)
            v[static_cast<std::size_t>(h.cell.layer) * heads + h.cell.head] = h.value;
    return v;
}

}  // namespace gna::studio
