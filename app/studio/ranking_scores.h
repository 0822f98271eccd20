#pragma once
// A head ranking as the head board shows it: each head's exact importance (baseline − ablated) where
// it was measured and its attribution estimate (docs/attribution.md), two quantities in different
// units that the board keeps apart (BoardRanking). Built from a result file,
// or, while an attribution ranking runs, from the core's progress (on the worker thread: a plain value
// that crosses to the GUI thread through a queued signal).
#include <QList>
#include <QMetaType>
#include <QString>
#include <vector>

#include "gna/experiment_result.h"
#include "gna/json.h"
#include "head_cell.h"

namespace gna {
struct RankingProgress;
}

namespace gna::studio {

struct HeadValue {
    views::HeadCell cell;
    double value = 0.0;
};

struct RankingScores {
    QList<HeadValue> estimates;  // attribution estimates (logit difference); empty for an exact ranking
    QList<HeadValue> exact;  // exact importance, the spec's metric
    int toVerify = 0;  // heads a running attribution+verify measures in all (0 = none or done)
    QString metric = QStringLiteral("accuracy");  // the spec's: what the exact importance is a drop in
    bool isEmpty() const { return estimates.isEmpty() && exact.isEmpty(); }
};

// From a result.json (aggregates.ranking, and aggregates.attribution of the attribution methods).
RankingScores rankingScores(const gna::ExperimentResult& result);
// From the core runner's progress of an attribution ranking of `spec`.
RankingScores rankingScoresFromProgress(const gna::RankingProgress& progress, const gna::Json& spec);

// What the head board shows of a ranking. `scores` are coloured on the board's scale: the exact
// importance, or the estimates while no head is measured exactly (one quantity either way).
// `estimates`: when some heads are measured, every head's estimate; the board draws a head's
// estimate hatched, on a scale of its own, where it has no exact value (HeadBoard::setEstimates).
struct BoardRanking {
    QList<HeadValue> scores, estimates;
    QString scoreLabel, estimateLabel;  // translated, each naming its quantity and unit
};
BoardRanking boardRanking(const RankingScores& ranking);
// Layers x heads of one kind (SSM heads when `ssm`), row-major; NaN for heads `values` lacks.
std::vector<double> boardValues(const QList<HeadValue>& values, int layers, int heads, bool ssm);

}  // namespace gna::studio

Q_DECLARE_METATYPE(gna::studio::RankingScores)
