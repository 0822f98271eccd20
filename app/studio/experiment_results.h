#pragma once
// Result files of `gna experiment` (and of the experiment panels, which run the same code) turned
// into what the views draw: ablation curves with error bars and a random control, retrieval maps
// (one cell per NIAH prompt), the slides' and thesis' tables (head importance for the board:
// ranking_scores.h).
// Pure functions of the typed result (gna/experiment_result.h).
#include <QList>
#include <QStringList>
#include <QVariantList>
#include <optional>
#include <vector>

#include "ablation_curve.h"
#include "gna/experiment_result.h"
#include "retrieval_map.h"

namespace gna::studio {

struct ResultTableData {
    QStringList headers;
    QList<QVariantList> rows;
};

// Mean and standard error of the mean of a (task, condition) over the per-sample scores: the core's
// gna::condition_stat, which the result's aggregate rows hold too.
using ConditionStat = gna::ConditionStat;
ConditionStat conditionStat(const gna::ExperimentResult& result, const QString& task, const QString& condition);

QString experimentKind(const gna::ExperimentResult& result);  // spec.experiment
QStringList resultConditions(const gna::ExperimentResult& result);
QStringList resultTasks(const gna::ExperimentResult& result);  // in order of appearance
QString taskTitle(const QString& task);  // "kv_retrieval" -> "KV-retrieval"

// cumulative_removal: per task, score vs heads removed (top-n) and the random-heads control;
// layer_pruning: score vs layers removed from the end (gradual) and vs the skipped layer
// (individual); sparsification: score vs k per stage. Error bars: standard error of the mean.
QList<views::CurveSeries> resultCurves(const gna::ExperimentResult& result, QString* xLabel, QString* yLabel);
// The range the curves' metric can take: 0..5 for needle-in-a-haystack granular scores, else 0..1
// (accuracy, probability).
std::pair<double, double> resultValueBounds(const gna::ExperimentResult& result);
bool hasCurves(const gna::ExperimentResult& result);

// NIAH: x = context length, y = depth, the mean granular score of the prompts in each cell for
// one condition (empty = the first). Invalid when the result holds no NIAH samples.
views::RetrievalGrid retrievalGrid(const gna::ExperimentResult& result, const QString& condition = {});
// The sample behind a retrieval-map cell, or none.
std::optional<gna::SampleOutcome> niahSample(const gna::ExperimentResult& result, int depthIndex, int lengthIndex);

// Tables: head ranking (rank, head, importance, baseline, ablated); manipulation grid as thesis
// Table 6.1 (prefill modes x generation modes); memory table; otherwise the summary as the slides
// lay it out (rows: task / group, columns: conditions).
ResultTableData resultTable(const gna::ExperimentResult& result);

}  // namespace gna::studio
