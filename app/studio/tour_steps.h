#pragma once
// What the guided tour computes, as plain functions (no widgets): where the bundled demo models
// are, the tour's KV-retrieval prompt, a head ranking read from the demo folder, and which of the
// top-ranked heads look like the Gather and the Aggregate head judged by where their attention
// goes (summary tokens = line ends; the final position).
#include <QList>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "gna/experiment_result.h"
#include "gna/head_scores.h"
#include "gna/json.h"
#include "gna/model.h"
#include "gna/tasks.h"
#include "ranking_scores.h"
#include "gna/tokenizer.h"
#include "head_cell.h"

namespace gna::studio::tour {

// resources/demo-models/<kind> (kind: transformer, ssm, hybrid) next to the bundled task data
// (source tree or <prefix>/share/gna), or $GNA_DEMO_MODELS_DIR/<kind>; empty when not there.
QString demoModelDir(const QString& kind);

// The heads a model has: attention heads only, SSM heads only, or both (a hybrid). Attention when no
// model is open (the tour then opens the transformer demo).
enum class ModelKind { Attention, Ssm, Hybrid };
ModelKind modelKind(const gna::ModelInfo* info);

struct RankedHead {
    views::HeadCell head;
    double importance = 0.0;  // metric without the head subtracted from the baseline
};
using Ranking = QList<RankedHead>;  // most important first

// A head_ranking result (aggregates.ranking) as a ranking.
Ranking rankingFromResult(const gna::ExperimentResult& result);
// The same ranking in result form (aggregates.ranking: head and importance), for MainWindow::showImportance.
gna::ExperimentResult rankingAsResult(const Ranking& ranking);
// A precomputed ranking in a model folder: ranking.json (a head_ranking result) or model_card.json
// (evaluation.single_head_ablation: importance = baseline kv - kv with the head ablated). Empty
// when neither holds one; `source` names the file used.
Ranking precomputedRanking(const QString& modelDir, QString* source = nullptr);

// Where a head's attention goes (the core's line pattern: gather, aggregate).
using PatternScore = gna::LinePattern;
inline std::vector<int> summaryPositions(const std::vector<std::string>& tokenTexts) {
    return gna::line_ends(tokenTexts);
}
inline PatternScore patternScore(const gna::AttentionMap& map, const std::vector<int>& summary) {
    return gna::line_pattern(map, summary);
}

struct GatherAggregate {
    views::HeadCell gather, aggregate;
    PatternScore gatherScore, aggregateScore;
    bool valid = false;
};
// Among the ranked heads (scores[i] belongs to heads[i]): the pair (Gather, Aggregate) with the
// largest gather + aggregate score whose Gather head sits in an earlier layer; any two different
// heads when no layer order is possible. Ties: rank order.
GatherAggregate chooseGatherAggregate(const Ranking& heads, const std::vector<PatternScore>& scores);

// The tour's KV-retrieval sample: 8 pairs from the bundled word list in the task's own template
// (gna::kv_prompt), seeded. With a tokenizer, keys that are one token of it come first (a small
// demo model trained on its own key words reads them best).
gna::KvSample kvSample(const gna::Tokenizer* tok = nullptr);
// One question in both formats: MMLU (choices " A".." D") and classic (the option texts).
struct FormatQuestion {
    std::string prompt;  // ends with "Answer:"
    std::vector<std::string> letters, texts;
    int answer = 0;
};
// Up to n questions for the MMLU-versus-classic step: from the invented world of a bundled demo
// model (the mmlu_format_questions.json its trainer wrote next to it) when modelDir holds one, else from the
// bundled MMLU sample. `source` says which.
std::vector<FormatQuestion> formatQuestions(const QString& modelDir, int n, QString* source = nullptr);
// Only the demo world's questions (the ones its card was measured on): empty for a model folder
// without a demo model card, so real checkpoints keep the bundled MMLU sample.
std::vector<FormatQuestion> demoWorldQuestions(const QString& modelDir, int n);
// The first of them as the main view's MMLU-style sample prompt; empty for other models.
QString demoMmluPrompt(const QString& modelDir);

// The demo model card's one-head retrieval-vs-knowledge dissociation (evaluation.retrieval_vs_knowledge
// in model_card.json): the attention head whose ablation costs the MMLU format most while the classic
// format moves by less than 10 points. Empty for models without such a card entry.
std::optional<views::HeadCell> letterHead(const QString& modelDir);
// The heads the formats step switches off on a demo model: the card's top two of the head ranking
// (evaluation.top2_by_kv_drop) when they show the dissociation themselves (MMLU format down by at least
// 30 points, classic format moved by less than 10), else letterHead(). Empty without such a card.
struct CardLetterHeads {
    views::HeadCells heads;
    bool rankingTopTwo = false;
};
std::optional<CardLetterHeads> cardLetterHeads(const QString& modelDir);
// The Gather and the Aggregate head a model card names (model_card.json: the attention heads of its
// ranking's top two, else of its single-head ablations, with the largest measured Gather and Aggregate
// masses, each at least one half). Empty for models without such a card.
struct CardHeads {
    views::HeadCell gather, aggregate;
};
std::optional<CardHeads> cardGatherAggregate(const QString& modelDir);
// The Gather and Aggregate heads every head field shows on opening a model (main view, mask editor,
// G&A-mask experiment): the ones its card names, when the model has them (cardGatherAggregate, else the
// card's top two by KV-retrieval drop, the earlier layer's as Gather); else head 0 of the first and
// of the last layer with attention heads; else, when `ssmHeads` allows them (the main view's maps),
// SSM head 0 of the first and of the last layer with SSM heads. None when the model has no head of the
// wanted kind (a Mamba model has no attention head for a G&A mask).
std::optional<CardHeads> defaultGatherAggregate(const gna::ModelInfo& info, const QString& modelDir, bool ssmHeads);
// The heads to switch off for "Gather and Aggregate heads off" on a demo model: its card's top two
// of the head ranking by KV-retrieval drop (evaluation.top2_by_kv_drop: attention or SSM heads),
// else cardGatherAggregate(); empty without a card that names them.
views::HeadCells cardRetrievalHeads(const QString& modelDir);
// The ranking a demo's card holds: each head's KV-retrieval accuracy drop when it alone is switched off
// (evaluation.baseline.kv − evaluation.single_head_ablation[].kv), as exact importance. Empty without one.
RankingScores cardRanking(const QString& modelDir);
gna::ChoiceItem choiceItem(const gna::Tokenizer& tok, const std::string& prompt,
                           const std::vector<std::string>& choices, int answer);

// Probability of choice `index` among the choices (softmax of their summed log-probabilities).
double choiceProbability(const std::vector<double>& logprobs, int index);

}  // namespace gna::studio::tour
