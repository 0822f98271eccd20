// DemoData: the synthetic corpus the demo models learn from.
//   - KV retrieval, in the task's own template (DESIGN.md, Tasks).
//   - An invented world: entities with a city, a pet, a favourite colour and a job, stated in
//     sentences so that the model memorises them.
//   - Questions about those facts in MMLU format ("...\nAnswer:" + " B") and classic format
//     ("...\nAnswer:" + " <text>"), and plain questions without options.
//   - Filler prose about the world.
// Answering in MMLU format needs the fact (memorised) *and* retrieval of the option whose text is
// that fact (Gather and Aggregate); the classic format needs only the fact.
#include <algorithm>
#include <array>

#include "gna/error.h"
#include "gna/tasks.h"
#include "gna/tiny_model.h"
#include "train/train_demo.h"
#include "train/bottleneck.h"

namespace gna {
namespace {

constexpr uint64_t kWorldSeed = 0x6a2024;
constexpr uint64_t kEvalStream = 0x5eed0000000000ull;
constexpr uint64_t kBottleneckStream = 0xb0771e0000000000ull;
constexpr uint64_t kLateLookupStream = 0x1a7e100c00000000ull;

const std::array<const char*, 24> kEntities = {
    "Zorba", "Mirta", "Kelvo",  "Tamsin", "Orrin", "Belka",  "Quill", "Nadra", "Fennick", "Ysolde", "Brannoc", "Lirra",
    "Dovik", "Esmer", "Gorlan", "Hessa",  "Ivro",  "Jantel", "Korra", "Lomax", "Marnie",  "Pell",   "Rusk",    "Saffa"};

struct Attribute {
    const char* name;
    std::array<const char*, 8> values;
    const char* sentence;  // {E} entity, {V} value
    const char* question;  // {E}
};

const std::array<Attribute, 4> kAttributes = {{
    {"city",
     {"Avenmoor", "Brisk", "Calder", "Dunmere", "Elsby", "Fallow", "Grenn", "Holt"},
     "{E} lives in {V}.",
     "Where does {E} live?"},
    {"pet",
     {"cat", "dog", "owl", "fox", "goat", "horse", "frog", "duck"},
     "{E} has a pet {V}.",
     "Which pet does {E} have?"},
    {"color",
     {"red", "blue", "green", "yellow", "purple", "orange", "white", "black"},
     "The favourite colour of {E} is {V}.",
     "What is the favourite colour of {E}?"},
    {"job",
     {"baker", "farmer", "sailor", "doctor", "painter", "miner", "teacher", "singer"},
     "{E} works as a {V}.",
     "What is the job of {E}?"},
}};

// DemoWorld::Phrases: the same attributes, sentences and questions; values of one to three words that
// share words within an attribute, none the first words of another (so the classic format's summed
// log-probability does not favour a shorter value that begins a longer one).
const std::array<Attribute, 4> kPhraseAttributes = {{
    {"city",
     {"Avenmoor", "Calder", "North Avenmoor", "North Calder", "Old Avenmoor", "Old Calder", "Old North Avenmoor",
      "Old North Calder"},
     "{E} lives in {V}.",
     "Where does {E} live?"},
    {"pet",
     {"cat", "dog", "grey cat", "grey dog", "small cat", "small dog", "small grey cat", "small grey dog"},
     "{E} has a pet {V}.",
     "Which pet does {E} have?"},
    {"color",
     {"red", "blue", "dark red", "dark blue", "light red", "light blue", "light sea blue", "dark sea blue"},
     "The favourite colour of {E} is {V}.",
     "What is the favourite colour of {E}?"},
    {"job",
     {"baker", "miner", "sea baker", "sea miner", "head baker", "head miner", "head sea baker", "head sea miner"},
     "{E} works as a {V}.",
     "What is the job of {E}?"},
}};

// DemoWorld::Prefixes: one or two words from four per attribute (a b c d): a, b, c, "a b", "b c", "c a",
// "d a", "b d". Some values begin others (Calder, Calder Holt) and every word ends one value and begins
// another, so no token of an option knows that the option ends there; only its closing newline does.
// No two values have the same words, so a summary that reads the words in any order tells them apart.
const std::array<Attribute, 4> kPrefixAttributes = {{
    {"city",
     {"Calder", "Holt", "Brisk", "Calder Holt", "Holt Brisk", "Brisk Calder", "Avenmoor Calder", "Holt Avenmoor"},
     "{E} lives in {V}.",
     "Where does {E} live?"},
    {"pet",
     {"cat", "owl", "fox", "cat owl", "owl fox", "fox cat", "dog cat", "owl dog"},
     "{E} has a pet {V}.",
     "Which pet does {E} have?"},
    {"color",
     {"red", "blue", "green", "red blue", "blue green", "green red", "white red", "blue white"},
     "The favourite colour of {E} is {V}.",
     "What is the favourite colour of {E}?"},
    {"job",
     {"baker", "miner", "singer", "baker miner", "miner singer", "singer baker", "sailor baker", "miner sailor"},
     "{E} works as a {V}.",
     "What is the job of {E}?"},
}};

const std::array<Attribute, 4>& attributes(DemoWorld w) {
    return w == DemoWorld::Phrases ? kPhraseAttributes : w == DemoWorld::Prefixes ? kPrefixAttributes : kAttributes;
}

// A text answer as the model reads and is scored on it: in the prefixes world it ends with the answer
// line's newline, without which "Calder" would always score above "Calder Holt".
std::string text_answer(DemoWorld w, const std::string& value) {
    return " " + value + (w == DemoWorld::Prefixes ? "\n" : "");
}

const char* kMmluHeader = "The following are multiple choice questions (with answers) about the world of Vell.\n\n";

class Rng {
public:
    explicit Rng(uint64_t seed) : g_(seed) {}
    uint64_t below(uint64_t n) { return g_.next_u64() % n; }
    double unit() { return static_cast<double>(g_.next_u64() >> 11) / 9007199254740992.0; }
    template <class T>
    void shuffle(std::vector<T>& v) {
        for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[below(i)]);
    }

private:
    SeededNormal g_;
};

std::string fill(std::string t, const std::string& e, const std::string& v = {}) {
    for (auto p = t.find("{E}"); p != std::string::npos; p = t.find("{E}")) t.replace(p, 3, e);
    for (auto p = t.find("{V}"); p != std::string::npos; p = t.find("{V}")) t.replace(p, 3, v);
    return t;
}

const Attribute& attribute(DemoWorld w, const std::string& name) {
    for (const auto& a : attributes(w))
        if (name == a.name) return a;
    return attributes(w)[0];
}

uint64_t mix(uint64_t a, uint64_t b) {
    uint64_t z = a * 0x9e3779b97f4a7c15ull ^ (b + 0x632be59bd9b4e019ull + (a << 6) + (a >> 2));
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    return z ^ (z >> 31);
}

// The KV-retrieval task's own dictionaries: keys from the bundled word list
// (resources/data/kv_words.txt), distinct values 0-99, the prompt from gna::kv_prompt.
struct KvDraw {
    std::vector<std::pair<std::string, int>> dictionary;
    std::vector<int> order;  // the queried entries: order[0] is the sample's question
};

KvDraw kv_draw(Rng& r, const std::vector<std::string>& words, int pairs) {
    std::vector<int> keys(words.size()), values(100);
    for (std::size_t i = 0; i < keys.size(); ++i) keys[i] = static_cast<int>(i);
    for (int i = 0; i < 100; ++i) values[i] = i;
    r.shuffle(keys);
    r.shuffle(values);
    KvDraw d;
    for (int i = 0; i < pairs; ++i) d.dictionary.emplace_back(words[keys[i]], values[i]);
    for (int i = 0; i < pairs; ++i) d.order.push_back(i);
    r.shuffle(d.order);
    return d;
}

ChoiceSample kv(Rng& r, const std::vector<std::string>& words, int pairs) {
    const KvDraw d = kv_draw(r, words, pairs);
    ChoiceSample s;
    s.answer = d.order[0];
    s.prompt = kv_prompt(d.dictionary, d.dictionary[s.answer].first);
    for (const auto& [k, v] : d.dictionary) s.choices.push_back(" " + std::to_string(v));
    return s;
}

// A question about a random fact with four options; `letters` selects the answer form.
// `mixed_letters`: the options are labelled A-D in a shuffled order (training documents of the prefixes
// world), so that the token after an option's newline, the next option's letter, does not tell that
// option's letter; the option's own summary does.
ChoiceSample question(Rng& r, DemoWorld w, const std::vector<WorldFact>& facts, bool letters, bool header,
                      bool mixed_letters = false) {
    const WorldFact& f = facts[r.below(facts.size())];
    const Attribute& a = attribute(w, f.attribute);
    std::vector<std::string> wrong;
    for (const char* v : a.values)
        if (f.value != v) wrong.push_back(v);
    r.shuffle(wrong);
    std::vector<std::string> options = {f.value, wrong[0], wrong[1], wrong[2]};
    r.shuffle(options);
    ChoiceSample s;
    s.prompt = header ? kMmluHeader : "";
    s.prompt += fill(a.question, f.entity) + "\n";
    std::vector<char> label = {'A', 'B', 'C', 'D'};
    if (mixed_letters) r.shuffle(label);
    for (int i = 0; i < 4; ++i) {
        s.prompt += std::string(1, label[i]) + ". " + options[i] + "\n";
        if (options[i] == f.value) s.answer = i;
        s.choices.push_back(letters ? std::string(" ") + label[i] : text_answer(w, options[i]));
    }
    s.prompt += "Answer:";
    return s;
}

std::string prose(Rng& r, DemoWorld w, const std::vector<WorldFact>& facts) {
    static const char* kLines[] = {
        "The land of Vell is quiet in winter.",           "Every town in Vell has a market and a well.",
        "People in Vell like long walks by the river.",   "The roads of Vell are old and narrow.",
        "In spring the fields of Vell turn green.",       "Many people of Vell keep animals at home.",
        "Stories in Vell are told by the fire at night.", "The people of Vell are known by their work."};
    std::string t;
    const int n = 2 + static_cast<int>(r.below(3));
    for (int i = 0; i < n; ++i) {
        if (r.below(3) == 0) {
            const WorldFact& f = facts[r.below(facts.size())];
            t += fill(attribute(w, f.attribute).sentence, f.entity, f.value);
        } else {
            t += kLines[r.below(std::size(kLines))];
        }
        t += i + 1 < n ? " " : "\n";
    }
    return t;
}

}  // namespace

const char* demo_world_name(DemoWorld w) {
    return w == DemoWorld::Phrases ? "phrases" : w == DemoWorld::Prefixes ? "prefixes" : "words";
}

DemoWorld parse_demo_world(const std::string& name) {
    if (name == "words") return DemoWorld::Words;
    if (name == "phrases") return DemoWorld::Phrases;
    if (name == "prefixes") return DemoWorld::Prefixes;
    throw Error("unknown demo world '" + name +
                "'; use words (one-word values), phrases (values of 1-3 shared words) or prefixes (values of 1-2 "
                "words, some beginning others)");
}

DemoWorld demo_world_of(const Json& data) {
    if (!data.is_object() || !data.contains("options") || !data["options"].is_string()) return DemoWorld::Words;
    return parse_demo_world(data["options"].get<std::string>());
}

DemoData::DemoData(uint64_t seed, DemoWorld world) : seed_(seed), world_(world), keys_(kv_keys()) {
    // The same draws in both worlds: entity e gets value index i of an attribute in either.
    Rng r(kWorldSeed);
    for (const char* e : kEntities)
        for (const auto& a : attributes(world_)) facts_.push_back({e, a.name, a.values[r.below(a.values.size())]});
}

DemoData::Document DemoData::document(uint64_t index) const {
    Rng r(mix(seed_, index));
    const uint64_t step = index / 100000;
    const bool warm = step < static_cast<uint64_t>(std::max(0, kv_warmup_));
    const bool focus = !warm && step < static_cast<uint64_t>(std::max(0, focus_until_));
    double u = warm ? 0.0 : r.unit();  // the curriculum: KV only
    if (focus) {
        // The MMLU-focused mix: KV 20%, MMLU format 50%, classic 6%, plain questions 8%, facts 16%.
        u = u < 0.2    ? u * (0.45 / 0.2)
            : u < 0.7  ? 0.45 + (u - 0.2) * (0.30 / 0.5)
            : u < 0.76 ? 0.75 + (u - 0.7) * (0.08 / 0.06)
            : u < 0.84 ? 0.83 + (u - 0.76) * (0.06 / 0.08)
                       : 0.89 + (u - 0.84) * (0.08 / 0.16);
    }
    Document d;
    auto split = [&](const ChoiceSample& s, const char* kind) {
        d.prefix = s.prompt;
        d.answer = s.choices[s.answer];
        d.kind = kind;
    };
    if (u < 0.45) {
        // The task's prompt and answer, then more questions about other keys of the same
        // dictionary in the same template: every answer is a retrieval target (dense signal).
        const int pairs =
            warm ? 1 + static_cast<int>(r.below(8)) : 2 + static_cast<int>(r.below(23));  // 2..24; 1..8 first
        const KvDraw k = kv_draw(r, keys_, pairs);
        d.prefix = kv_prompt(k.dictionary, k.dictionary[k.order[0]].first);
        d.answer = " " + std::to_string(k.dictionary[k.order[0]].second);
        d.answer_segments.push_back(static_cast<int>(k.order[0]) + 1);
        const bool recite = r.below(2) == 0;  // the rest as questions, or as the dictionary recited
        if (recite) d.more.emplace_back("\nRecite the dictionary:", ""), d.answer_segments.push_back(0);
        for (std::size_t q = recite ? 0 : 1; q < k.order.size() && q < 8; ++q) {
            const std::size_t line = repeat_keys_ ? r.below(k.order.size()) : k.order[q];
            d.answer_segments.push_back(static_cast<int>(line) + 1);
            const auto& [key, value] = k.dictionary[line];
            // Recited: "\n<key>:" then "<value>", every value a retrieval target.
            if (recite)
                d.more.emplace_back("\n" + key + ":", std::to_string(value));
            else
                d.more.emplace_back("\nThe value of the key '" + key + "' is", " " + std::to_string(value));
        }
        d.kind = "kv";
        d.segments_after = 1;  // "Memorize the following dictionary:\n", then one line per pair
        d.segments = pairs;
    } else if (u < 0.75) {
        const bool header = r.below(2) == 0;
        // Some MMLU-format documents label their options in a shuffled order (prefixes world: half by
        // default). The draw is made only where the fraction is above 0, so the words world's stream is
        // the one its shipped models were trained on.
        const double mixed = mixed_letters();
        const bool shuffled = mixed >= 1 || (mixed > 0 && r.unit() < mixed);
        split(question(r, world_, facts_, true, header, shuffled), "mmlu");
        d.segments_after = header ? 3 : 1;  // the header's two newlines, the question's; then the options
        d.segments = 4;
        // The option line labelled with the answer letter (" B" -> the line "B. ...").
        std::size_t at = 0;
        for (int n = 0; n < d.segments_after; ++n) at = d.prefix.find('\n', at) + 1;
        for (int s = 1; s <= d.segments; ++s, at = d.prefix.find('\n', at) + 1)
            if (d.prefix.compare(at, 2, d.answer.substr(1, 1) + ".") == 0) d.answer_segments = {s};
        if (d.answer_segments.empty()) throw Error("demo data: an MMLU-format question has no option " + d.answer);
    } else if (u < 0.83) {
        split(question(r, world_, facts_, false, r.below(2) == 0), "classic");
    } else if (u < 0.89) {
        // A plain question without options: the fact must come from memory.
        const WorldFact& f = facts_[r.below(facts_.size())];
        d.prefix = fill(attribute(world_, f.attribute).question, f.entity) + "\nAnswer:";
        d.answer = text_answer(world_, f.value);
        d.kind = "qa";
    } else if (u < 0.97) {
        // Facts of one entity, stated in sentences.
        const std::string& e = facts_[r.below(facts_.size())].entity;
        std::vector<const WorldFact*> mine;
        for (const auto& f : facts_)
            if (f.entity == e) mine.push_back(&f);
        r.shuffle(mine);
        for (const WorldFact* f : mine) d.prefix += fill(attribute(world_, f->attribute).sentence, e, f->value) + " ";
        d.prefix.back() = '\n';
        d.kind = "facts";
    } else {
        d.prefix = prose(r, world_, facts_);
        d.kind = "prose";
    }
    // Drawn from a stream of its own, so that the documents are the same with or without it.
    const double fraction = d.kind == "kv" ? kv_bottleneck_ : bottleneck_;
    if (d.segments > 0 && fraction > 0)
        d.bottleneck = fraction >= 1 || Rng(mix(seed_ ^ kBottleneckStream, index)).unit() < fraction;
    if (d.kind == "kv" && !d.bottleneck && late_lookup_ > 0)
        d.late_lookup = late_lookup_ >= 1 || Rng(mix(seed_ ^ kLateLookupStream, index)).unit() < late_lookup_;
    return d;
}

double DemoData::mixed_letters() const {
    return mixed_letters_ >= 0 ? mixed_letters_ : world_ == DemoWorld::Prefixes ? 0.5 : 0.0;
}

ChoiceSample DemoData::kv_sample(uint64_t index, int pairs) const {
    Rng r(mix(seed_ ^ kEvalStream, index * 3 + 0));
    return kv(r, keys_, pairs);
}

ChoiceSample DemoData::mmlu_sample(uint64_t index) const {
    Rng r(mix(seed_ ^ kEvalStream, index * 3 + 1));
    return question(r, world_, facts_, true, true);
}

ChoiceSample DemoData::classic_sample(uint64_t index) const {
    Rng r(mix(seed_ ^ kEvalStream, index * 3 + 2));
    return question(r, world_, facts_, false, true);
}

std::vector<std::string> DemoData::kv_keys() { return load_word_list(bundled_data_dir() / "kv_words.txt"); }

std::string DemoData::tokenizer_corpus(int documents) const {
    std::string out;
    for (const auto& k : keys_) out += k + ":0\n";
    for (const auto& f : facts_) out += fill(attribute(world_, f.attribute).sentence, f.entity, f.value) + "\n";
    // Documents of step 100000 on, after any KV-only curriculum (at most 100000 steps), so that the
    // world's words are in the corpus too; without a curriculum, those of the first steps.
    const uint64_t first = kv_warmup_ > 0 ? uint64_t{100000} * 100000 : 0;
    for (int i = 0; i < documents; ++i) {
        Document d = document(first + static_cast<uint64_t>(i));
        out += d.prefix + d.answer + "\n";
    }
    return out;
}

Json DemoData::describe() const {
    Json facts = Json::array();
    for (const auto& f : facts_)
        facts.push_back({{"entity", f.entity}, {"attribute", f.attribute}, {"value", f.value}});
    return {
        {"mix",
         {{"kv_retrieval", 0.45},
          {"mmlu_format", 0.30},
          {"classic_format", 0.08},
          {"plain_question", 0.06},
          {"fact_sentences", 0.08},
          {"filler_prose", 0.03}}},
        {"kv_retrieval",
         "the KV-retrieval task's template (\"Memorize the following dictionary:\\n\", key:value "
         "lines, \"\\nThe value of the key '<key>' is\" + \" <value>\"), 2-24 pairs, keys from "
         "resources/data/kv_words.txt, values 0-99, then up to 7 more questions about other keys of "
         "the same dictionary in the same template, or the dictionary recited ('Recite the "
         "dictionary:' then key: + value lines)"},
        {"mmlu_format",
         "optional harness header, question, options A-D (answer + 3 distractors of the same "
         "attribute), \"Answer:\" + \" <letter>\""},
        {"mmlu_shuffled_letters", mixed_letters()},
        {"summary_bottleneck", bottleneck_},
        {"summary_bottleneck_kv", kv_bottleneck_},
        {"kv_late_lookup", late_lookup_},
        {"summary_readout_layer", readout_layer_},
        {"summary_gather", gather_},
        {"attention_guide",
         guide_.weight > 0 ? Json{{"gather", guide_.gather}, {"aggregate", guide_.aggregate}, {"weight", guide_.weight}}
                           : Json()},
        {"kv_repeat_keys", repeat_keys_},
        {"options", demo_world_name(world_)},
        {"option_values",
         world_ == DemoWorld::Phrases
             ? "one to three words shared within an attribute (cat, grey cat, small grey cat), none "
               "the first words of another: no single token names an option"
             : world_ == DemoWorld::Prefixes
             ? "one or two words of four per attribute (Calder, Calder Holt, Holt Brisk), some "
               "beginning others and every word ending one value and beginning another: only an "
               "option's closing newline shows where it ends; text answers end with that newline"
             : "one word each"},
        {"classic_format",
         world_ == DemoWorld::Prefixes ? "same prompt, \"Answer:\" + \" <answer text>\\n\""
                                       : "same prompt, \"Answer:\" + \" <answer text>\""},
        {"world", {{"entities", kEntities.size()}, {"attributes", {"city", "pet", "color", "job"}}, {"facts", facts}}},
    };
}

namespace train {

void mark_bottleneck(const Tokenizer& tok, const DemoData::Document& d, const std::vector<int>& prefix,
                     std::size_t doc_tokens, std::vector<uint8_t>& body, std::vector<uint8_t>& reader,
                     bool with_summaries, std::vector<int>* segment) {
    body.assign(doc_tokens, 0);
    if (segment) segment->assign(doc_tokens, 0);
    reader.assign(doc_tokens, 0);
    const int first = d.segments_after, last = d.segments_after + d.segments - 1;  // newline numbers
    int newline = 0;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        const bool nl = tok.piece(prefix[i]) == "<0x0A>" || tok.decode({prefix[i]}, true) == "\n";
        if (newline >= first && newline <= last && (!nl || with_summaries)) body[i + 1] = 1;
        if (segment && newline >= first && newline <= last) (*segment)[i + 1] = newline - first + 1;
        if (nl && newline++ == last) {
            for (std::size_t j = i + 2; j < doc_tokens; ++j) reader[j] = 1;
            return;
        }
    }
    throw Error("train-demo: a " + d.kind + " document has fewer than " + std::to_string(last + 1) +
                " newline tokens, so its segments cannot be found; the tokenizer must keep '\\n' a token of its own");
}

}  // namespace train
}  // namespace gna
