#pragma once
// The demo models' synthetic data: a seeded generator of KV-retrieval dictionaries, an invented world of
// entities and facts (stated in sentences), questions about those facts in MMLU format (answer = letter)
// and classic format (answer = text), and filler prose. Part of the demo trainer (tools/train-demo).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gna/json.h"

namespace gna {

// A multiple-choice probe: `prompt` then one of `choices` as the continuation (" 42", " B", " blue").
struct ChoiceSample {
    std::string prompt;
    std::vector<std::string> choices;
    int answer = 0;
};

// One fact of the invented world: "<entity> <relation> <value>".
struct WorldFact {
    std::string entity;
    std::string attribute;  // city | pet | color | job
    std::string value;
};

// How the invented world's values read. Words: one word each ("cat", "blue"), the shipped SSM and
// hybrid demos. Phrases: one to three words that the values of an attribute share ("cat", "grey cat",
// "small grey cat"; no value is the first words of another), so no single token of an MMLU option
// names it: only a position that has read the whole option line (its summary token, the newline)
// tells the options apart. Prefixes: one or two words, some value the first word of another ("Calder",
// "Calder Holt"), and every word ends one value and begins another, so no token of an option line
// knows that the option ends there: only its closing newline does. Text answers (classic format,
// plain questions) end with that newline, which tells "Calder" from "Calder Holt" when scored.
enum class DemoWorld { Words, Phrases, Prefixes };
const char* demo_world_name(DemoWorld w);
// "words" | "phrases" | "prefixes"; throws gna::Error naming the value otherwise.
DemoWorld parse_demo_world(const std::string& name);
// The world a model card's "data" section records ("options"); cards without one are Words.
DemoWorld demo_world_of(const Json& card_data);

class DemoData {
public:
    // The world (entities, facts) is fixed per DemoWorld; `seed` drives the documents and samples.
    explicit DemoData(uint64_t seed, DemoWorld world = DemoWorld::Words);
    DemoWorld world() const { return world_; }
    // Curriculum: training documents of the first `steps` steps (document index < steps * 100000,
    // see the trainer's packing) are all KV-retrieval dictionaries of 1-8 pairs.
    void set_kv_warmup(int steps) { kv_warmup_ = steps; }
    // Then, up to step `until`, a mix focused on the MMLU format (half MMLU-format questions, the rest
    // KV retrieval, fact sentences, plain and classic questions); the whole mix after it.
    void set_focus_until(int until) { focus_until_ = until; }
    // Fraction of the MMLU-format training documents whose options are labelled A-D in a shuffled
    // order (evaluation prompts keep A-D in order); -1 = the world's default (prefixes 1/2, else 0).
    void set_mixed_letters(double fraction) { mixed_letters_ = fraction; }
    double mixed_letters() const;
    // Fraction of the MMLU-format training documents trained with a summary-token bottleneck
    // (Document::bottleneck), and of the KV-retrieval ones (kv_fraction < 0: the same fraction);
    // 0 = none (the default).
    void set_summary_bottleneck(double fraction, double kv_fraction = -1) {
        bottleneck_ = fraction;
        kv_bottleneck_ = kv_fraction < 0 ? fraction : kv_fraction;
    }
    double summary_bottleneck() const { return bottleneck_; }
    double kv_summary_bottleneck() const { return kv_bottleneck_; }
    // Fraction of the KV-retrieval training documents (of those without the summary-token bottleneck)
    // trained with a late lookup (Document::late_lookup); 0 = none (the default).
    void set_late_lookup(double fraction) { late_lookup_ = fraction; }
    double late_lookup() const { return late_lookup_; }
    // The layer in which the readers of documents with the summary-token bottleneck see the summary
    // tokens (in the other layers they see no segment token at all), so that the readout of the
    // segments is learnt in that layer; -1 = every layer (the default).
    void set_summary_readout_layer(int layer) { readout_layer_ = layer; }
    // KV documents' further questions draw their keys with replacement (a key may be asked again), so
    // that a model cannot answer the last questions by elimination; false: each key once (the default).
    void set_kv_repeat_keys(bool repeat) { repeat_keys_ = repeat; }
    bool kv_repeat_keys() const { return repeat_keys_; }
    int summary_readout_layer() const { return readout_layer_; }
    // With the summary-token bottleneck: each segment's summary token sees only the tokens of its own
    // segment (and the BOS token), in every layer, so that it must gather its line; false: it sees
    // everything before it (the default).
    void set_summary_gather(bool own_segment) { gather_ = own_segment; }
    bool summary_gather() const { return gather_; }
    // The attention guide: an auxiliary loss, weight times (Gather term + Aggregate term), that teaches
    // heads to gather (at each KV-dictionary or MMLU-option line's newline, attention spread over that
    // line's other tokens: the cross-entropy against the uniform distribution on them, one term per
    // Gather head, averaged) and one head to aggregate (at each position that predicts a KV value or an
    // MMLU answer letter, -log of the attention mass on the newline of the line holding the answer).
    // (layer, head), 0-based; weight 0 = no guide (the default).
    struct AttentionGuide {
        std::vector<std::pair<int, int>> gather;
        std::pair<int, int> aggregate{-1, -1};
        double weight = 0;
    };
    void set_attention_guide(const AttentionGuide& g) { guide_ = g; }
    const AttentionGuide& attention_guide() const { return guide_; }

    // Training document `index` (deterministic in seed and index), split where the scored answer
    // begins: text = prefix + answer. answer is empty for documents without one (facts, prose).
    // `more`: further (text, answer) pairs that follow the answer (KV documents ask several keys).
    // Segments (KV documents: the dictionary's "key:value" lines; MMLU format: the option lines), each
    // ending at its summary token, the line's newline: segments_after newlines of the prefix come before
    // the first segment, then `segments` lines. bottleneck: train this document with a summary-token
    // bottleneck, where every position after the last summary token sees the segments only through
    // their summary tokens (the trainer masks the other segment tokens for those query positions).
    // late_lookup (KV documents): every position after the last segment sees the segments, their
    // newlines included, only in the last layer, so the lookup of the queried key's value is learnt there.
    struct Document {
        std::string prefix, answer, kind;
        std::vector<std::pair<std::string, std::string>> more;
        int segments_after = -1, segments = 0;
        bool bottleneck = false, late_lookup = false;
        // The segment (1-based line number) that holds each answer: [0] for `answer`, [q + 1] for
        // more[q]; 0 where the answer has no line (an empty answer). KV and MMLU-format documents only.
        std::vector<int> answer_segments;
    };
    Document document(uint64_t index) const;

    // Evaluation probes drawn from a stream disjoint from the training documents.
    ChoiceSample kv_sample(uint64_t index, int pairs) const;
    ChoiceSample mmlu_sample(uint64_t index) const;  // choices " A".." D"
    ChoiceSample classic_sample(uint64_t index) const;  // choices " <option text>"

    const std::vector<WorldFact>& facts() const { return facts_; }
    // The dictionary keys: the KV-retrieval task's word list (single tokens in the demo tokenizer).
    static std::vector<std::string> kv_keys();
    // Lines of text for the tokenizer trainer (every word the documents use appears).
    std::string tokenizer_corpus(int documents) const;
    Json describe() const;  // for the model card

private:
    uint64_t seed_;
    DemoWorld world_;
    int kv_warmup_ = 0, focus_until_ = 0;
    double mixed_letters_ = -1;
    double bottleneck_ = 0, kv_bottleneck_ = 0, late_lookup_ = 0;
    int readout_layer_ = -1;
    bool repeat_keys_ = false, gather_ = false;
    AttentionGuide guide_;
    std::vector<std::string> keys_;
    std::vector<WorldFact> facts_;
};

}  // namespace gna
