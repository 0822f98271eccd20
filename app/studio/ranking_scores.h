#pragma once
// A head ranking as the head board shows it: each head's exact importance (baseline − ablated) where
// it was measured, its attribution estimate (docs/attribution.md) elsewhere. Built from a result file,
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
    bool isEmpty() const { return estimates.isEmpty() && exact.isEmpty(); }
};

// From a result.json (aggregates.ranking, and aggregates.attribution of the attribution methods).
RankingScores rankingScores(const gna::ExperimentResult& result);
// From the core runner's progress of an attribution ranking.
RankingScores rankingScoresFromProgress(const gna::RankingProgress& progress);
// Layers x heads of one kind (SSM heads when `ssm`), row-major: the exact value where there is one,
// else the estimate, NaN for heads the ranking lacks.
std::vector<double> boardValues(const RankingScores& ranking, int layers, int heads, bool ssm);
// The board's colour-scale label for the ranking (translated).
QString rankingLabel(const RankingScores& ranking);

}  // namespace gna::studio

Q_DECLARE_METATYPE(gna::studio::RankingScores)
