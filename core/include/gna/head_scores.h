#pragma once
// Per-head scores of captured attention rows, one implementation each: the entropy and the
// largest weight of a row, and the Gather-and-Aggregate line pattern (each line end's attention on
// its own line; the final position's attention on the line ends). The studio's head board, the
// guided tour, the model cards and `gna run --scores` all use these.
#include <atomic>
#include <string>
#include <vector>

#include "gna/model.h"

namespace gna {

// One row of attention weights read as a distribution p: a softmax row as it is; a row that is not one
// (an SSM head's hidden attention: signed, not summing to 1) as p = |a| / sum |a| (magnitudes = true).
// Every row score and every title that states one uses this reading.
struct RowStats {
    double entropy_bits = 0.0;  // -sum p*log2(p) (zero weights contribute nothing)
    double max_weight = 0.0;  // the largest p
    int argmax = -1;  // its column (the first of equals); -1 for an empty row
    bool magnitudes = false;  // p = |a| / sum |a|
};
RowStats row_stats(const float* row, int cols);
// The row as that distribution p (cols values); returns whether it is the magnitudes' reading. An
// all-zero row gives all zeros.
bool row_distribution(const float* row, int cols, std::vector<double>& p);
double row_entropy_bits(const float* row, int cols);  // row_stats(...).entropy_bits
double row_max_weight(const float* row, int cols);  // row_stats(...).max_weight (0 for an empty row)

// The prompt positions whose token text contains a line break: the summary tokens of the lines
// ("key:value\n", "A. option\n").
std::vector<int> line_ends(const std::vector<std::string>& token_texts);
std::vector<int> line_ends(const Tokenizer& tokenizer, const std::vector<int>& tokens);

struct LinePattern {
    // Mean over line ends whose line has tokens of their own of the weight each line end puts on
    // its own line (the tokens after the previous line end, the line end itself excluded).
    double gather = 0.0;
    // The weight of the map's last row (the final position) on the line ends.
    double aggregate = 0.0;
};
// A line: its tokens [begin, summary) and its summary token (the line end).
struct LineSegment {
    int begin = 0;
    int summary = 0;
};
// `map` must hold the summary rows for the Gather score (missing rows and lines without tokens of
// their own are skipped) and the final position as its last row.
LinePattern segment_pattern(const AttentionMap& map, const std::vector<LineSegment>& lines);
// The lines of a prompt from its line ends: each starts after the previous line end.
LinePattern line_pattern(const AttentionMap& map, const std::vector<int>& line_ends);

// Token-pattern scores (TransformerLens's head detector, its "mul" measure; docs/head-scores.md): the
// share of a head's attention that lies on the query-key pairs of a detection pattern D of the tokens,
//   score = sum_{q,k} p[q,k] D[q,k] / sum_{q,k} p[q,k]
// over the map's rows q (their absolute positions) and keys k <= q, p each row read as a distribution
// (row_distribution). Excluding BOS zeroes p[q,0], excluding the current token zeroes p[q,q], in both
// sums, before they are taken (TransformerLens: exclude_bos, exclude_current_token; both false there
// and here by default).
enum class TokenPattern {
    DuplicateToken,  // D[q,k] = 1 where k < q and tokens[k] == tokens[q]
    Induction,  // D[q,k] = 1 where 1 <= k <= q and tokens[k-1] == tokens[q], k-1 < q
};
struct TokenPatternOptions {
    bool exclude_bos = false;  // position 0, whatever token it holds
    bool exclude_current_token = false;  // the diagonal k = q
    bool operator==(const TokenPatternOptions&) const = default;
};
bool in_token_pattern(TokenPattern pattern, const std::vector<int>& tokens, int q, int k);
// 0 when the map has no weight left after the exclusions. Throws gna::Error when a row's position or
// the map's columns do not fit the tokens.
double token_pattern_score(const AttentionMap& map, const std::vector<int>& tokens, TokenPattern pattern,
                           const TokenPatternOptions& options = {});
// Whether the tokens repeat at all (else both patterns are empty and every score is 0).
bool has_repeated_token(const std::vector<int>& tokens);

// The prompt TransformerLens's induction detection is usually run on: BOS (when the tokenizer has one),
// then `length` tokens drawn uniformly (seeded) from the vocabulary's ordinary tokens, `repeats` times.
std::vector<int> repeated_random_tokens(const Tokenizer& tokenizer, int length, int repeats, unsigned seed);

// Retrieval score (Wu et al. 2024, "Retrieval Head Mechanistically Explains Long-Context Factuality";
// docs/head-scores.md). `sequence` is the prompt followed by the greedy continuation; each row of `map`
// at position q is the decoding step that produced sequence[q+1]. A step scores 1/|needle| when the
// row's most-attended key (row_stats().argmax: the first of equals; an SSM row by |a|) lies in the
// needle [needle_begin, needle_end) and holds the token generated at that step. Throws gna::Error when
// a row has no next token or the needle span is empty or outside the sequence.
double retrieval_step_score(const AttentionMap& map, const std::vector<int>& sequence, int needle_begin,
                            int needle_end);
// ROUGE-1 recall of `response` against `reference`: the share of the reference's unigrams (lower-cased,
// split at every character that is not a letter or digit; counts clipped) found in the response. No
// stemming (Wu et al. ran rouge_score with the Porter stemmer): 0 for an empty reference.
double rouge1_recall(const std::string& reference, const std::string& response);
// Where the needle's tokens lie in the prompt: the first exact occurrence, else (Wu et al.'s rule, for
// a needle tokenised differently in context) the first window of the needle's length holding more than
// 90% of its distinct tokens. {-1, -1} when neither is found.
struct TokenSpan {
    int begin = -1;
    int end = -1;
};
TokenSpan find_needle_span(const std::vector<int>& prompt, const std::vector<int>& needle);

struct RetrievalSample {
    std::vector<int> prompt;  // tokenized, BOS included if wanted
    TokenSpan needle;  // prompt positions
    std::string reference;  // the answer the response must recall (Wu et al.: the needle's text)
};
struct RetrievalScores {
    std::vector<HeadRef> heads;
    std::vector<double> score;  // per head: mean over the recalled samples (0 when none)
    std::vector<std::string> responses;  // per sample: the greedy continuation (up to its first line break)
    std::vector<double> recall;  // per sample: rouge1_recall(reference, response)
    int recalled = 0;  // samples with recall > kRetrievalRecallThreshold
};
inline constexpr double kRetrievalRecallThreshold = 0.5;
// Generates greedily (at most max_new_tokens, stopping at an end-of-sequence token or after the first
// token holding a line break, as Wu et al.'s decoder), then reads the attention of every decoding step
// from a forward pass over prompt + continuation (equal to the decoder's, the model being causal) in
// groups of heads of at most kRetrievalCaptureBudget bytes. heads: empty = every head of the model.
inline constexpr std::size_t kRetrievalCaptureBudget = std::size_t(512) << 20;
RetrievalScores retrieval_head_scores(Model& model, const std::vector<RetrievalSample>& samples,
                                      const std::vector<HeadRef>& heads, const InterventionPlan& plan,
                                      int max_new_tokens, const std::atomic<bool>* cancel = nullptr);

// QR score (Wu, Zhang et al. 2025, "Query-Focused Retrieval Heads", Princeton's QRHead;
// docs/head-scores.md). For a multi-document prompt: a head's attention from the query tokens to each
// document's tokens, calibrated by the same under a null query, low outliers dropped:
//   c(t) = mean_{r in query rows} p[r,t] - mean_{r in null-query rows} p_null[r,t]   (t before both queries)
//   doc score S_d = sum of c(t) over t in d with c(t) > mean_d(c) - 2 std_d(c)   (std with n-1; a
//                   one-token document keeps its token)
// query_map / null_map hold the query rows of the prompt and of the null prompt (the same tokens up to
// the query); p as row_distribution reads them. Documents end where the shorter map's columns end.
// Throws gna::Error when a map has no rows or a document lies outside both maps' shared columns.
std::vector<double> qr_document_scores(const AttentionMap& query_map, const AttentionMap& null_map,
                                       const std::vector<TokenSpan>& documents);

struct QrSample {
    std::vector<int> prompt;  // documents, then the query (to the end of the prompt)
    std::vector<int> null_prompt;  // the same documents, then the null query ("N/A")
    TokenSpan query, null_query;  // [begin, end) in each; both begin at the same position
    std::vector<TokenSpan> documents;  // [begin, end) in the prompt, before the query
    std::vector<int> gold;  // indices of the documents that answer the query
};
// The QR score of each head: sum over the gold documents of S_d, averaged over the samples (QRHead's
// detection score). heads: empty = every head of the model. Two forward passes per sample and group of
// heads (groups of at most kRetrievalCaptureBudget bytes of maps).
struct QrScores {
    std::vector<HeadRef> heads;
    std::vector<double> score;
};
QrScores qr_head_scores(Model& model, const std::vector<QrSample>& samples, const std::vector<HeadRef>& heads,
                        const InterventionPlan& plan, const std::atomic<bool>* cancel = nullptr);
// A sample from a prompt whose documents are its lines (the dictionary lines of a KV prompt, the
// option lines of an MMLU prompt: each line's tokens with its line end) and whose query is everything
// after its last line end; the null prompt ends in the tokens of " N/A" instead. gold_line counts the
// lines from 0. Throws gna::Error when the prompt has no line or gold_line is not one of them.
QrSample qr_sample_from_lines(const Tokenizer& tokenizer, const std::vector<int>& prompt, int gold_line);

}  // namespace gna
