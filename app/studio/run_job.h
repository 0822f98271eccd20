#pragma once
// One interactive rerun as a value: what to compute (RunSpec) and what came out (RunOutcome).
// computeRun runs on a worker thread; it touches only the probe and its arguments.
#include <QStringList>
#include <atomic>
#include <memory>
#include <vector>

#include "gna/model.h"
#include "gna/probe.h"
#include "head_cell.h"
#include "heatmap_data.h"
#include "next_token_chart.h"

namespace gna::studio {

// A prompt longer than the model's context times this many characters is refused untokenized.
inline constexpr qsizetype kMaxCharsPerToken = 32;

// LineGather: mean attention of each line end (a token holding '\n', the summary token) on the tokens of
// its own line; LineAggregate: attention of the last token on the line ends (the G&A roles, measured on
// the prompt as it is). DuplicateToken / Induction: TransformerLens's head-detector scores on the prompt
// (docs/head-scores.md), BOS and the current token kept.
enum class ScoreMode {
    None,
    LastRowEntropy,
    LastRowMaxWeight,
    AttentionToToken,
    LineGather,
    LineAggregate,
    DuplicateToken,
    Induction
};

struct RunSpec {
    quint64 generation = 0;
    QString prompt;
    QStringList candidates;  // answer candidates, scored by the first token of " " + text
    views::HeadCells ablated;
    views::HeadCells shownHeads;  // heads whose full maps are drawn
    ScoreMode scoreMode = ScoreMode::LastRowEntropy;
    int selectedToken = -1;  // for AttentionToToken
    bool withBaseline = false;  // also run without interventions (compare mode)
    int topK = 10;
    bool separateScorePass = false;  // the scores' rows in a pass of their own (the earlier path; benchmarks)
};

struct RunOutcome {
    quint64 generation = 0;
    bool cancelled = false;
    QString error;  // the core's message when it threw gna::Error
    std::vector<int> tokens;
    QStringList tokenLabels;
    std::vector<float> lastLogits;
    QList<views::TokenProbability> next;  // top-k + candidates
    QList<views::TokenProbability> baseline;  // same labels, no interventions (when asked)
    QList<views::HeatmapData> maps;  // one per shown head (valid ones)
    QList<views::HeatmapData> baselineMaps;
    int ablatedHeads = 0;  // heads this run switched off
    std::vector<double> headScores;  // layers x the board's columns (BoardColumns), empty = none
    QString scoreLabel;
    // Compare mode with an intervention: headScores are current - unablated (baselineHeadScores).
    bool scoresAreDeltas = false;
    std::vector<double> baselineHeadScores;
    double milliseconds = 0.0;
    int forwardPasses = 0;  // model runs this outcome took (for the benchmark)
};

// The head board's columns for a model: its attention heads (as many as its widest layer has), then
// its SSM heads (scored by their hidden attention); per layer, how many of each kind it really has.
struct BoardColumns {
    int attention = 0;
    int ssm = 0;
    std::vector<int> rowAttention, rowSsm;
    int width() const { return attention + ssm; }
    int column(const views::HeadCell& c) const { return c.ssm ? attention + c.head : c.head; }
};
BoardColumns boardColumns(const gna::ModelInfo& info);

// Whether the model has this head: an attention head of a layer with attention, or an SSM head
// (L3.S5: Mamba-2 head, Mamba-1 channel, RG-LRU block) of a layer with a state-space mixer.
bool headExists(const gna::ModelInfo& info, const views::HeadCell& head);
// Builds the core's plan from the board's ablated heads.
gna::InterventionPlan planFor(const views::HeadCells& ablated);
// Converts a captured map into view data with token labels.
views::HeatmapData toHeatmap(const gna::AttentionMap& map, const QStringList& tokenLabels);
// The core probe's request for the spec.
gna::ProbeRequest probeRequest(const gna::ModelInfo& info, const RunSpec& spec, const std::atomic<bool>* cancel);
// Runs the spec through the core probe (which caches the unablated run of compare mode) and
// converts its result to view data; never throws (errors and cancellation are in the outcome).
RunOutcome computeRun(gna::Probe& probe, const RunSpec& spec, const std::atomic<bool>* cancel);

}  // namespace gna::studio
