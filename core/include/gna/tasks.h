#pragma once
// The retrieval and knowledge tasks of the papers: generators (seeded, from local files) and
// scorers. Torch-free; scoring runs through gna::Model.
//  - KV-retrieval (G&A slides): "Memorize the following dictionary:" + key:value lines + query.
//  - MMLU (lm-evaluation-harness prompt, letter scoring or "classic" continuation scoring).
//  - Knowledge multiple choice (ARC / PIQA / HellaSwag style JSONL): acc and acc_norm.
//  - Needle in a haystack (thesis, section 2.2 and appendix A) with the granular score (Table 2.1).
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gna/intervention.h"
#include "gna/json.h"

namespace gna {

class Model;
class Tokenizer;

// The folder with the bundled task data (word list, haystack texts, MMLU sample, needle table):
// $GNA_DATA_DIR if set, else <prefix>/share/gna-studio/data relative to the executable, else (for
// programs run from the build tree only) <source>/resources/data.
std::filesystem::path bundled_data_dir();

// ---- Multiple choice, the common form of the scored tasks --------------------------------------
struct ChoiceItem {
    std::string id;
    std::string group;  // subject / dictionary size / task name
    std::string prompt_text;
    std::vector<int> prompt;  // tokens, BOS included when the tokenizer adds one
    std::vector<std::vector<int>> choices;  // continuation tokens
    // Partial evaluation (lm-eval's multiple-input tasks, Winogrande): choice c has its own context,
    // whose tokens after `prompt` (the tokens every context shares) are the first context_tokens[c]
    // of choices[c], fed but not scored; the rest is the continuation, scored. Empty: none
    // (SweepRequest::context_tokens).
    std::vector<int> context_tokens;
    std::vector<double> choice_bytes;  // UTF-8 length of each choice text (lm-eval's byte_length)
    // Length that acc_norm divides by: lm-evaluation-harness's completion_len, the number of
    // characters (code points) of the choice text without the " " delimiter. Empty: choice_bytes.
    std::vector<double> choice_chars;
    int answer = 0;  // index of the correct choice
};

// A context and a continuation tokenized as lm-evaluation-harness's _encode_pair does: trailing
// whitespace of the context moves to the front of the continuation; context = tokens(context
// without it); continuation = tokens(context + continuation) after the first len(context) tokens.
struct EncodedPair {
    std::vector<int> context, continuation;
};
EncodedPair encode_pair(const Tokenizer& tok, const std::string& context, const std::string& continuation);
// encode_pair(...).continuation; when the whole is not longer than the context, the continuation
// tokenized alone.
std::vector<int> continuation_tokens(const Tokenizer& tok, const std::string& prompt, const std::string& continuation);
// The tokens `answer` adds to a prompt shown to the model (the studio's next-token chart): " <answer>" after
// "... is"; after a prompt that ends with a space (gna::prompt_ending_at_answer) the tokens past
// `prompt_tokens` (the prompt's own, with its special tokens) of the prompt's text with the answer, else the
// answer tokenized alone.
std::vector<int> answer_tokens(const Tokenizer& tok, const std::string& prompt, const std::vector<int>& prompt_tokens,
                               const std::string& answer);
// Number of Unicode code points of UTF-8 `text` (Python's len(str), lm-eval's completion_len).
double text_length_chars(const std::string& text);

// Moves the tokens every choice starts with to the end of the prompt (their log-probability is
// the same for all choices, so the argmax is unchanged): " A" tokenized as [" ", "A"] becomes a
// single-token choice, scored from one forward. Not for acc_norm tasks. With context_tokens, only
// shared context tokens move (no score changes).
void move_common_prefix_to_prompt(ChoiceItem& item);
// The prompt and the scored continuation of choice c alone (its own context in the prompt).
std::pair<std::vector<int>, std::vector<int>> choice_sequence(const ChoiceItem& item, std::size_t c);

struct ChoiceOutcome {
    std::vector<double> logprobs;  // summed log-probability of each choice
    int predicted = 0;  // argmax logprob
    int predicted_norm = 0;  // argmax logprob / choice length (acc_norm)
    bool correct = false;
    bool correct_norm = false;
};
ChoiceOutcome judge_choices(const ChoiceItem& item, const std::vector<double>& logprobs);
ChoiceOutcome score_choices(Model& model, const ChoiceItem& item, const InterventionPlan& plan = {});

// ---- KV-retrieval ------------------------------------------------------------------------------
struct KvRetrievalOptions {
    std::vector<int> sizes{10, 15, 20, 25, 30, 35, 40, 45, 50};  // dictionary sizes
    int samples_per_size = 100;
    uint64_t seed = 1;
    std::filesystem::path word_list;  // empty = bundled kv_words.txt
};

struct KvSample {
    std::string id;
    int size = 0;
    std::vector<std::pair<std::string, int>> dictionary;  // distinct keys, distinct values 0-99
    int query = 0;  // index of the asked key
    std::string prompt;
    int answer() const { return dictionary[query].second; }
};

// One word per line; '#' comments and blank lines skipped; duplicates are an error.
std::vector<std::string> load_word_list(const std::filesystem::path& file);
// Fixed seed -> fixed samples on every platform (xoshiro256** through SeededNormal::next_u64).
std::vector<KvSample> make_kv_samples(const KvRetrievalOptions& opt);
std::string kv_prompt(const std::vector<std::pair<std::string, int>>& dictionary, const std::string& key);
// `prompt` made to end where the model answers: with the space before `answer` when the tokenizer writes that
// space as a token of its own (" 88" as " " + "88", the bundled demos, Llama 3, SentencePiece digits), since
// the model's next token after "... is" is then that space and the answer comes one position later;
// unchanged when the space belongs to the answer's first token (GPT-2's " 88"). For the views, whose last
// row is the position that answers; the experiments score " <answer>" continuations of the plain prompt.
std::string prompt_ending_at_answer(const Tokenizer& tok, const std::string& prompt, const std::string& answer);
// Choices are the dictionary's values, as " <value>" continuations.
ChoiceItem kv_choice_item(const Tokenizer& tok, const KvSample& s);
// Greedy exact match: the generated text, trimmed, starts with the value and is not followed by a digit.
bool kv_exact_match(const std::string& generated, int value);

// ---- MMLU --------------------------------------------------------------------------------------
struct MmluQuestion {
    std::string subject;  // e.g. "high_school_biology"
    std::string question;
    std::vector<std::string> options;  // 4
    int answer = 0;  // 0..3
    std::string source;  // file:line for messages
};

struct MmluOptions {
    std::filesystem::path data;  // folder (dev/ val/ test/ with <subject>_<split>.csv) or a .jsonl file
    std::string split = "test";
    int shots = 0;  // examples from the dev split
    std::vector<std::string> subjects;  // empty = all
    bool classic = false;  // score the answer texts instead of the letters
    int limit_per_subject = 0;  // 0 = all
};

// Reads one split. CSV rows: question,A,B,C,D,answer (no header; RFC-4180 quoting). JSONL lines:
// {"question", "choices": [4], "answer": 0-3 or "A"-"D", "subject"}. Throws gna::Error naming the
// file and line for missing columns or a bad answer.
std::vector<MmluQuestion> load_mmlu(const std::filesystem::path& data, const std::string& split);
std::string mmlu_subject_title(const std::string& subject);  // "high_school_biology" -> "high school biology"
std::string mmlu_format_question(const MmluQuestion& q, bool with_answer);
std::string mmlu_prompt(const MmluQuestion& q, const std::vector<MmluQuestion>& shots);
// Letter scoring: choices are the single tokens the model produces for " A".." D" after "Answer:".
std::vector<ChoiceItem> mmlu_items(const Tokenizer& tok, const MmluOptions& opt);
// The answer letter a generated text starts with (after spaces), or -1.
int mmlu_letter(const std::string& text);

// Segments of an MMLU prompt's last question for G&A masks: option lines "A. text\n" as token
// ranges, the summary token of each (its last token, the newline) and the final position.
struct OptionSegment {
    int begin = 0, end = 0;  // token range [begin, end)
    int summary = 0;  // end - 1
};
struct MmluLayout {
    std::vector<OptionSegment> options;
    int final_position = 0;
};
MmluLayout mmlu_layout(const Tokenizer& tok, const std::string& prompt_text, const std::vector<int>& tokens);
// Token index covering each character of `text` given its tokens (by decoding prefixes).
std::vector<int> char_to_token(const Tokenizer& tok, const std::vector<int>& tokens, std::size_t text_size);

// ---- Knowledge multiple choice (ARC, PIQA, Winogrande, HellaSwag, OpenBookQA style) ----------
// JSONL lines in one of these forms, each prompted as lm-evaluation-harness's task file does:
//  - generic: {"context" (or "question"), "choices": [...], "answer": index}, context verbatim;
//  - ARC (allenai/ai2_arc rows): "Question: {question}\nAnswer:", choices.text, answerKey;
//  - OpenBookQA (allenai/openbookqa): question_stem verbatim, choices.text, answerKey;
//  - PIQA (goal, sol1, sol2, label): "Question: {goal}\nAnswer:";
//  - HellaSwag (activity_label, ctx_a, ctx_b, endings, label): lm-eval's preprocess of
//    "{activity_label}: {ctx_a} {ctx_b.capitalize()}" and of each ending.
//  - Winogrande (sentence, option1, option2, answer "1"/"2"): lm-eval's partial evaluation, one
//    context per option, sentence[:blank] + option, and one continuation, " " + the rest of the
//    sentence after the blank, stripped (ChoiceItem::context_tokens).
// Choices are scored as " {choice}" continuations (target_delimiter " "); acc_norm divides by
// the choice's length in characters (for Winogrande, as lm-eval, the option's context's).
std::vector<ChoiceItem> load_knowledge_mc(const Tokenizer& tok, const std::filesystem::path& file, int limit = 0);

// ---- Needle in a haystack ----------------------------------------------------------------------
struct ScoreRule {
    std::string keyword;  // matched on lower-cased text without punctuation
    bool set = false;  // false: add value; true: set the score to value
    double value = 0;
};

struct NeedleSpec {
    std::string needle =
        "The best thing to do in San Francisco is eat a sandwich and sit in Dolores Park on a sunny day.";
    std::string question = "What is the best thing to do in San Francisco?";
    std::vector<ScoreRule> rules;  // thesis Table 2.1 by default (needle_table_2_1())
};
std::vector<ScoreRule> needle_table_2_1();
// Reads {"needle", "question", "rules": [{"keyword", "op": "add"|"set", "value"}]}.
NeedleSpec load_needle_spec(const std::filesystem::path& file);
std::string normalize_for_scoring(const std::string& text);  // lower case, punctuation dropped, single spaces
// Adds of every matched "add" keyword, then matched "set" rules in table order (the last wins).
double granular_score(const std::string& output, const std::vector<ScoreRule>& rules);

struct NiahOptions {
    std::vector<int> lengths;  // prompt lengths in tokens; empty = niah_default_lengths
    std::vector<double> depths;  // percent; empty = linspace(0, 100, 10)
    std::filesystem::path haystack;  // folder of .txt files; empty = bundled haystack/
    NeedleSpec needle;
    bool instruct = false;  // instruction template (appendix A)
    bool just_read_twice = false;  // repeat context and question
    std::optional<int> buffer;  // tokens left for template and question; empty = niah_default_buffer
    int generate = 40;
    bool depth_from_end = false;  // false: 0% = beginning of the haystack
};

struct NiahPrompt {
    std::string id;
    int length = 0;  // requested prompt length
    double depth = 0;  // percent
    std::vector<int> tokens;
    std::vector<int> needle_tokens;  // absolute positions of the needle (both copies with JRT)
    int needle_begin = 0, needle_end = 0;  // first copy's span [begin, end)
};

std::vector<int> linspace_int(double a, double b, int n);
std::vector<double> linspace(double a, double b, int n);

// The grid's defaults for a model whose context holds `max_positions` tokens (0: not known). A
// context that holds the thesis grid gets it: lengths linspace(250, 4096, 10), 40 generated tokens,
// a buffer of 200. A shorter one (the bundled demos' 256 tokens) gets lengths that fit it: with
// room = (max_positions - generate) / copies (copies 2 with Just-Read-Twice), linspace(min(250,
// room * 2 / 3), room, n) with n 10, or 5 when room < 500; generate min(40, max_positions / 16) (at
// least 1); a buffer of min(200, max_positions / 4), which make_niah_prompts raises to what the
// template and the question take when they take more.
std::vector<int> niah_default_lengths(int max_positions, int generate, bool just_read_twice);
int niah_default_generate(int max_positions);
int niah_default_buffer(int max_positions);
// Builds the grid. Throws gna::Error for an empty haystack folder or a grid length (times two
// with Just-Read-Twice, plus the generated tokens) beyond `max_positions`.
std::vector<NiahPrompt> make_niah_prompts(const Tokenizer& tok, const NiahOptions& opt, int max_positions);

}  // namespace gna
