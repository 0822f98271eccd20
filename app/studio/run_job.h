#pragma once
// One interactive rerun as a value: what to compute (RunSpec) and what came out (RunOutcome).
// computeRun runs on a worker thread; it touches only the model and its arguments.
#include <QStringList>
#include <atomic>
#include <memory>
#include <vector>

#include "gna/model.h"
#include "head_cell.h"
#include "heatmap_data.h"
#include "next_token_chart.h"

namespace gna::studio {

enum class ScoreMode { None, LastRowEntropy, LastRowMaxWeight, AttentionToToken };

struct RunSpec {
    quint64 generation = 0;
    QString prompt;
    QStringList candidates;        // answer candidates, scored by the first token of " " + text
    views::HeadCells ablated;
    views::HeadCells shownHeads;   // heads whose full maps are drawn
    ScoreMode scoreMode = ScoreMode::LastRowEntropy;
    int selectedToken = -1;        // for AttentionToToken
    bool withBaseline = false;     // also run without interventions (compare mode)
    int topK = 10;
};

struct RunOutcome {
    quint64 generation = 0;
    bool cancelled = false;
    QString error;                       // the core's message when it threw gna::Error
    std::vector<int> tokens;
    QStringList tokenLabels;
    std::vector<float> lastLogits;
    QList<views::TokenProbability> next;      // top-k + candidates
    QList<views::TokenProbability> baseline;  // same labels, no interventions (when asked)
    QList<views::HeatmapData> maps;           // one per shown head (valid ones)
    QList<views::HeatmapData> baselineMaps;
    std::vector<double> headScores;           // layers x heads, empty = none
    QString scoreLabel;
    double milliseconds = 0.0;
};

// Builds the core's plan from the board's ablated heads.
gna::InterventionPlan planFor(const views::HeadCells& ablated);
// Converts a captured map into view data with token labels.
views::HeatmapData toHeatmap(const gna::AttentionMap& map, const QStringList& tokenLabels);
// Runs the spec; never throws (errors and cancellation are in the outcome).
RunOutcome computeRun(gna::Model& model, const RunSpec& spec, const std::atomic<bool>* cancel);

}  // namespace gna::studio
