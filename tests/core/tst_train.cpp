// Demo-model training: the synthetic data is seeded and fixed; a short run is deterministic;
// a cancelled run resumes from its checkpoint to the same weights as an uninterrupted run; the
// result loads through gna::Model.
#include <QtTest/QtTest>

#include <algorithm>
#include <array>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

#include "gna/error.h"
#include "gna/model.h"
#include "gna/safetensors.h"
#include "gna/train.h"
#include "naive_llama.h"
#include "gna/tokenizer.h"
#include "train/bottleneck.h"
#include "train/demo_card.h"
#include "tokenizer/spm_model_file.h"

namespace fs = std::filesystem;

namespace {

std::string read_bytes(const fs::path& p) {
    std::ifstream f(p, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

fs::path fresh_dir(const std::string& name) {
    fs::path d = fs::path(GNA_TEST_DATA_DIR) / "train" / name;
    fs::remove_all(d);
    fs::create_directories(d);
    return d;
}

gna::TrainOptions tiny(const fs::path& out) {
    gna::TrainOptions o;
    o.out = out;
    o.seed = 7;
    o.steps = 6;
    o.layers = 1;
    o.hidden = 32;
    o.heads = 2;
    o.intermediate = 64;
    o.vocab = 900;  // >= 351 KV keys + 100 numbers + byte fallback + characters
    o.context = 128;
    o.batch = 2;
    o.lr = 1e-2;
    o.warmup = 2;
    o.checkpoint_every = 0;
    o.evaluate = false;
    o.threads = 1;
    o.log_every = 1;
    return o;
}

// The error train_demo gives for `o`, or "" when it trained.
std::string refusal(const gna::TrainOptions& o) {
    try {
        gna::train_demo(o);
    } catch (const gna::Error& e) {
        return e.what();
    }
    return {};
}

std::vector<std::string> lines(const std::string& text) {
    std::vector<std::string> out;
    std::istringstream s(text);
    for (std::string l; std::getline(s, l);) out.push_back(l);
    return out;
}

}  // namespace

class TestTrain : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void cardStatusJudgesAgainstChance() {
        // KV retrieval is multiple choice over the dictionary's values (chance 1 / pairs): a pure
        // SSM at chance for every size does not "fall with size", nor does one that retrieves at every
        // size; one that retrieves small dictionaries and loses 20+ points by 20 pairs does. A hybrid
        // at chance cannot "drop to near zero".
        const std::filesystem::path dir = std::filesystem::path(GNA_TEST_DATA_DIR) / "card_status";
        std::filesystem::create_directories(dir);
        auto status = [&](const std::string& recipe, const gna::DemoEvaluation& e) {
            gna::train::DemoCardInfo info;
            info.recipe = recipe;
            info.architecture = recipe == "ssm" ? "Mamba2ForCausalLM" : "Zamba2ForCausalLM";
            info.data = gna::DemoData(1).describe();
            info.shape = gna::Json::object();
            try {
                gna::train::write_demo_card(dir, info, e);
            } catch (const std::exception& ex) {
                qFatal("write_demo_card: %s", ex.what());
            }
            std::ifstream f(dir / "MODEL_CARD.md");
            std::stringstream ss;
            ss << f.rdbuf();
            const std::string text = ss.str();
            const auto a = text.find("## Status"), b = text.find("## Data");
            return text.substr(a, b - a);
        };
        gna::DemoEvaluation chance;
        chance.kv_by_size = {{4, 0.28}, {10, 0.10}, {20, 0.04}};
        QVERIFY(status("ssm", chance).find("not met: KV retrieval 28.0% at 4 pairs (chance 25.0%") != std::string::npos);
        gna::DemoEvaluation works = chance;
        works.kv_by_size = {{4, 0.80}, {10, 0.30}, {20, 0.08}};
        QVERIFY(status("ssm", works).find("Every target of this recipe is met") != std::string::npos);
        gna::DemoEvaluation flat = chance;  // retrieves at every size: does not fall like an SSM should
        flat.kv_by_size = {{4, 0.95}, {10, 0.90}, {20, 0.80}};
        QVERIFY(status("ssm", flat).find("not met: KV retrieval 95.0% at 4 pairs") != std::string::npos);
        flat.kv_by_size = {{4, 0.91}, {10, 0.69}, {20, 0.54}};
        QVERIFY(status("ssm", flat).find("Every target of this recipe is met") != std::string::npos);
        gna::DemoEvaluation hybrid;
        hybrid.hybrid = true;
        hybrid.kv_accuracy = 0.19;
        hybrid.no_attention_kv = 0.12;
        hybrid.mmlu_accuracy = 1.0;
        hybrid.no_attention_mmlu = 0.28;
        const std::string h = status("hybrid", hybrid);
        QVERIFY(h.find("Targets **not met** (2 of 3)") != std::string::npos);
        QVERIFY(h.find("from 19.0% to 12.0%") != std::string::npos);
        QVERIFY(h.find("met: ablating every attention head takes MMLU format from 100.0% to 28.0%") != std::string::npos);
        hybrid.kv_accuracy = 0.95;
        hybrid.no_attention_kv = 0.11;
        QVERIFY(status("hybrid", hybrid).find("Every target of this recipe is met") != std::string::npos);

        // Transformer: the dissociation and the roles of the ranking's top 2 (attention mass on MMLU prompts).
        gna::DemoEvaluation t;
        t.kv_accuracy = 0.99, t.mmlu_accuracy = 1.0, t.classic_accuracy = 1.0;
        t.kv_top2_mmlu = 0.38, t.kv_top2_classic = 0.93;
        const gna::HeadRef g{0, 0, gna::HeadKind::Attention}, a{1, 2, gna::HeadKind::Attention};
        t.top_kv = {g, a};
        t.single_ablation = {{g, 0.12, 0.99, 1.0, 0.99, 0.001}, {a, 0.90, 0.42, 0.93, 0.128, 0.0}};
        const std::string s1 = status("transformer", t);
        QVERIFY2(s1.find("Targets **not met** (1 of 4)") != std::string::npos, s1.c_str());
        QVERIFY2(s1.find("not met: the ranking's top-2 heads name a Gather-like and an Aggregate-like head (L0.H0: "
                         "Gather 99.0%, Aggregate 0.1%; L1.H2: Gather 12.8%, Aggregate 0.0%") != std::string::npos, s1.c_str());
        QVERIFY2(s1.find("met: ablating the ranking's top-2 heads (L0.H0, L1.H2) lowers MMLU format by 62.0%") != std::string::npos, s1.c_str());
        t.single_ablation[1].aggregate_mass = 0.7;
        QVERIFY(status("transformer", t).find("Every target of this recipe is met") != std::string::npos);
        t.single_ablation[1].aggregate_mass = 0.0;
        t.single_ablation[0].aggregate_mass = 0.9;  // one head with both roles is not two heads
        QVERIFY(status("transformer", t).find("(1 of 4)") != std::string::npos);
    }

    void dataIsSeededAndFixed() {
        gna::DemoData a(1), b(1), c(2);
        QCOMPARE(a.facts().size(), std::size_t(24 * 4));
        std::set<std::string> kinds;
        bool differs = false;
        for (uint64_t i = 0; i < 200; ++i) {
            const auto da = a.document(i), db = b.document(i), dc = c.document(i);
            QCOMPARE(da.prefix, db.prefix);
            QCOMPARE(da.answer, db.answer);
            differs = differs || da.prefix != dc.prefix;
            kinds.insert(da.kind);
        }
        QVERIFY(differs);
        QCOMPARE(kinds, (std::set<std::string>{"kv", "mmlu", "classic", "qa", "facts", "prose"}));
        // The world does not depend on the seed.
        QCOMPARE(a.facts().front().value, c.facts().front().value);

        // KV probe: the task's template, and the answer is the value written next to the asked key.
        for (int i = 0; i < 20; ++i) {
            const gna::ChoiceSample s = a.kv_sample(i, 10);
            QCOMPARE(s.prompt.rfind("Memorize the following dictionary:\n", 0), std::size_t(0));
            const auto ls = lines(s.prompt);
            QCOMPARE(ls.size(), std::size_t(1 + 10 + 1));  // header, 10 pairs, question (gna::kv_prompt)
            const std::string q = ls[11];
            QCOMPARE(q.rfind("The value of the key '", 0), std::size_t(0));
            QVERIFY(q.size() > 3 && q.substr(q.size() - 4) == "' is");
            const std::string key = q.substr(22, q.size() - 26);
            std::string value;
            for (int k = 1; k <= 10; ++k)
                if (ls[k].rfind(key + ":", 0) == 0) value = ls[k].substr(key.size() + 1);
            QVERIFY(!value.empty());
            QCOMPARE(s.choices.size(), std::size_t(10));
            QCOMPARE(s.choices[s.answer], " " + value);
        }
        // KV training documents: the task's prompt and answer, then further questions about other
        // keys of the same dictionary, each answered with the value written next to that key.
        const auto words = gna::DemoData::kv_keys();
        const std::set<std::string> word_set(words.begin(), words.end());
        QVERIFY(word_set.size() > 300);  // resources/data/kv_words.txt
        int kv_docs = 0, extra_questions = 0;
        for (uint64_t i = 0; i < 200; ++i) {
            const auto d = a.document(i);
            if (d.kind != "kv") continue;
            ++kv_docs;
            std::map<std::string, std::string> dict;
            const auto ls = lines(d.prefix);
            for (std::size_t k = 1; k + 1 < ls.size(); ++k) {
                const auto colon = ls[k].find(':');
                QVERIFY(colon != std::string::npos);
                QVERIFY(word_set.count(ls[k].substr(0, colon)));
                dict[ls[k].substr(0, colon)] = ls[k].substr(colon + 1);
            }
            QVERIFY(dict.size() >= 2 && dict.size() <= 24);
            auto check = [&](const std::string& question, const std::string& answer) {
                QVERIFY(question.size() > 26);
                const std::string key = question.substr(22, question.size() - 26);
                QVERIFY2(dict.count(key), question.c_str());
                QCOMPARE(answer, " " + dict[key]);
            };
            check(ls.back(), d.answer);
            std::set<std::string> asked = {ls.back().substr(22, ls.back().size() - 26)};
            for (const auto& [text, answer] : d.more) {
                QCOMPARE(text.substr(0, 1), std::string("\n"));
                if (text == "\nRecite the dictionary:") {
                    QVERIFY(answer.empty());
                    continue;
                }
                std::string key;
                if (text.rfind("\nThe value of the key '", 0) == 0) {
                    check(text.substr(1), answer);
                    key = text.substr(23, text.size() - 27);
                } else {  // recited line "\n<key>:" + "<value>"
                    QCOMPARE(text.back(), ':');
                    key = text.substr(1, text.size() - 2);
                    QVERIFY2(dict.count(key), text.c_str());
                    QCOMPARE(answer, dict[key]);
                }
                QVERIFY(asked.insert(key).second || text.back() == ':');  // each key asked once
                ++extra_questions;
            }
        }
        QVERIFY(kv_docs > 50);
        QVERIFY(extra_questions > kv_docs);

        // MMLU probe: the answer letter's option is the world's fact; classic answers the text.
        for (int i = 0; i < 20; ++i) {
            const gna::ChoiceSample m = a.mmlu_sample(i);
            const auto ls = lines(m.prompt);
            QCOMPARE(ls.back(), std::string("Answer:"));
            QCOMPARE(m.choices, (std::vector<std::string>{" A", " B", " C", " D"}));
            const std::string option = ls[ls.size() - 5 + m.answer];
            QCOMPARE(option.substr(0, 3), std::string(1, static_cast<char>('A' + m.answer)) + ". ");
            const std::string text = option.substr(3);
            bool is_fact = false;
            for (const auto& f : a.facts())
                is_fact = is_fact || (f.value == text && ls[ls.size() - 6].find(f.entity) != std::string::npos);
            QVERIFY2(is_fact, m.prompt.c_str());
            const gna::ChoiceSample c2 = a.classic_sample(i);
            QCOMPARE(c2.choices.size(), std::size_t(4));
            QVERIFY(c2.choices[c2.answer].size() > 1);
        }
    }

    void phraseWorldNeedsTheWholeOption() {
        // DemoWorld::Phrases: options of one to three words that share words, so that no single token
        // of an option line tells the options apart and the classic format's summed log-probability is
        // not biased by one option beginning another.
        const gna::DemoData w(1), p(1, gna::DemoWorld::Phrases);
        QCOMPARE(p.facts().size(), w.facts().size());
        auto words = [](const std::string& s) {
            std::vector<std::string> out;
            std::istringstream in(s);
            for (std::string t; in >> t;) out.push_back(t);
            return out;
        };
        std::map<std::string, std::set<std::string>> values;  // attribute -> every value seen
        std::size_t longest = 0;
        for (const auto& f : p.facts()) values[f.attribute].insert(f.value);
        int shared_everywhere = 0, questions = 0;
        for (int i = 0; i < 200; ++i) {
            const gna::ChoiceSample m = p.mmlu_sample(i), c = p.classic_sample(i);
            const auto ls = lines(m.prompt);
            QCOMPARE(ls.back(), std::string("Answer:"));
            std::vector<std::string> options;
            for (int k = 0; k < 4; ++k) {
                const std::string& line = ls[ls.size() - 5 + k];
                QCOMPARE(line.substr(0, 3), std::string(1, static_cast<char>('A' + k)) + ". ");
                options.push_back(line.substr(3));
                longest = std::max(longest, words(options.back()).size());
            }
            // The letter's option is the fact of the asked entity.
            bool is_fact = false;
            for (const auto& f : p.facts())
                if (f.value == options[m.answer] && ls[ls.size() - 6].find(f.entity) != std::string::npos) {
                    is_fact = true;
                    for (const auto& o : options) values[f.attribute].insert(o);
                }
            QVERIFY2(is_fact, m.prompt.c_str());
            // No option's words begin another option's.
            for (int a = 0; a < 4; ++a)
                for (int b = 0; b < 4; ++b) {
                    if (a == b) continue;
                    const auto wa = words(options[a]), wb = words(options[b]);
                    QVERIFY2(wa.size() >= wb.size() || !std::equal(wa.begin(), wa.end(), wb.begin()), m.prompt.c_str());
                }
            // Every word of the right option appears in another option of the same question (counted).
            bool all_shared = true;
            for (const auto& word : words(options[m.answer])) {
                bool elsewhere = false;
                for (int k = 0; k < 4; ++k)
                    if (k != m.answer)
                        for (const auto& x : words(options[k])) elsewhere = elsewhere || x == word;
                all_shared = all_shared && elsewhere;
            }
            shared_everywhere += all_shared;
            ++questions;
            // Classic format: the option texts, the same answer.
            QCOMPARE(c.choices.size(), std::size_t(4));
            QVERIFY(words(c.choices[c.answer]).size() >= 1);
        }
        QCOMPARE(longest, std::size_t(3));
        QVERIFY2(shared_everywhere > questions / 3, qPrintable(QString::number(shared_everywhere)));
        // Across an attribute's values, each word is shared with another value (no word names a value).
        for (const auto& [attribute, vs] : values) {
            QCOMPARE(vs.size(), std::size_t(8));
            for (const auto& v : vs)
                for (const auto& word : words(v)) {
                    int in = 0;
                    for (const auto& u : vs)
                        for (const auto& x : words(u)) in += x == word;
                    QVERIFY2(in >= 2, qPrintable(QString::fromStdString(attribute + ": " + v)));
                }
        }
        // The card records the world; old cards without it are the one-word world.
        QCOMPARE(gna::demo_world_of(p.describe()), gna::DemoWorld::Phrases);
        QCOMPARE(gna::demo_world_of(w.describe()), gna::DemoWorld::Words);
        QCOMPARE(gna::demo_world_of(gna::Json::object()), gna::DemoWorld::Words);
        try {
            gna::parse_demo_world("sentences");
            QFAIL("an unknown world was accepted");
        } catch (const gna::Error& e) {
            QVERIFY2(std::string(e.what()).find("unknown demo world 'sentences'") != std::string::npos, e.what());
        }
    }

    void prefixWorldEndsOnlyAtTheNewline() {
        // DemoWorld::Prefixes: some options begin others (Calder, Calder Holt) and every word ends one
        // value and begins another, so only an option's closing newline shows where it ends; text
        // answers end with that newline.
        const gna::DemoData w(1), p(1, gna::DemoWorld::Prefixes);
        QCOMPARE(p.facts().size(), w.facts().size());
        auto words = [](const std::string& s) {
            std::vector<std::string> out;
            std::istringstream in(s);
            for (std::string t; in >> t;) out.push_back(t);
            return out;
        };
        auto begins = [&](const std::string& a, const std::string& b) {  // a's words begin b's, a != b
            const auto wa = words(a), wb = words(b);
            return wa.size() < wb.size() && std::equal(wa.begin(), wa.end(), wb.begin());
        };
        std::map<std::string, std::set<std::string>> values;  // attribute -> every option seen
        int nested = 0;
        const int n = 300;
        for (int i = 0; i < n; ++i) {
            const gna::ChoiceSample m = p.mmlu_sample(i), c = p.classic_sample(i);
            const auto ls = lines(m.prompt);
            QCOMPARE(ls.back(), std::string("Answer:"));
            std::vector<std::string> options;
            for (int k = 0; k < 4; ++k) {
                const std::string& line = ls[ls.size() - 5 + k];
                QCOMPARE(line.substr(0, 3), std::string(1, static_cast<char>('A' + k)) + ". ");
                options.push_back(line.substr(3));
            }
            QCOMPARE(m.choices[m.answer], std::string(" ") + static_cast<char>('A' + m.answer));
            std::string attribute;
            for (const auto& f : p.facts())
                if (f.value == options[m.answer] && ls[ls.size() - 6].find(f.entity) != std::string::npos)
                    attribute = f.attribute;
            QVERIFY2(!attribute.empty(), m.prompt.c_str());
            for (const auto& o : options) values[attribute].insert(o);
            bool any = false;
            for (const auto& a : options)
                for (const auto& b : options) any = any || begins(a, b);
            nested += any;
            // Classic format: each option's text then the newline that ends the answer line.
            const auto lc = lines(c.prompt);
            QCOMPARE(c.choices.size(), std::size_t(4));
            for (int k = 0; k < 4; ++k)
                QCOMPARE(c.choices[k], " " + lc[lc.size() - 5 + k].substr(3) + "\n");
        }
        // With 4 of 8 values per question, most questions have an option that begins another.
        QVERIFY2(nested > n / 2, qPrintable(QString::number(nested)));
        for (const auto& [attribute, vs] : values) {
            QCOMPARE(vs.size(), std::size_t(8));
            std::set<std::multiset<std::string>> bags;
            std::set<std::string> last, inner;  // words that end a value / are followed by another word
            for (const auto& v : vs) {
                const auto ws = words(v);
                bags.insert(std::multiset<std::string>(ws.begin(), ws.end()));
                last.insert(ws.back());
                for (std::size_t k = 0; k + 1 < ws.size(); ++k) inner.insert(ws[k]);
            }
            QCOMPARE(bags.size(), vs.size());  // no two values have the same words
            QCOMPARE(last, inner);             // every word ends one value and begins another
            int prefixes = 0;
            for (const auto& a : vs)
                for (const auto& b : vs) prefixes += begins(a, b);
            QVERIFY2(prefixes >= 3, attribute.c_str());
        }
        // Training documents: text answers end with the newline, letters do not.
        std::set<std::string> kinds;
        int mmlu_docs = 0, shuffled = 0;
        for (uint64_t i = 0; i < 400; ++i) {
            const auto d = p.document(i);
            if (d.kind == "classic" || d.kind == "qa") {
                QVERIFY2(d.answer.size() > 2 && d.answer.back() == '\n', d.answer.c_str());
                kinds.insert(d.kind);
            } else if (d.kind == "mmlu") {
                QCOMPARE(d.answer.size(), std::size_t(2));
                // Half of them label the options in a shuffled order; the answer letter labels the fact.
                const auto ls = lines(d.prefix);
                std::string order;
                for (int k = 0; k < 4; ++k) {
                    const std::string& line = ls[ls.size() - 5 + k];
                    order += line[0];
                    if (line[0] != d.answer[1]) continue;
                    bool is_fact = false;
                    for (const auto& f : p.facts())
                        is_fact = is_fact || (f.value == line.substr(3) && ls[ls.size() - 6].find(f.entity) != std::string::npos);
                    QVERIFY2(is_fact, d.prefix.c_str());
                }
                std::string sorted = order;
                std::sort(sorted.begin(), sorted.end());
                QCOMPARE(sorted, std::string("ABCD"));
                ++mmlu_docs;
                shuffled += order != "ABCD";
            }
        }
        QCOMPARE(kinds, (std::set<std::string>{"classic", "qa"}));
        QVERIFY2(shuffled > mmlu_docs / 4 && shuffled < mmlu_docs * 3 / 4,
                 qPrintable(QString("%1 of %2").arg(shuffled).arg(mmlu_docs)));
        for (uint64_t i = 0; i < 400; ++i)  // the one-word world keeps A-D in order
            if (const auto d = w.document(i); d.kind == "mmlu") {
                const auto a = d.prefix.find("\nA. "), b = d.prefix.find("\nB. "), c = d.prefix.find("\nC. "),
                           e = d.prefix.find("\nD. ");
                QVERIFY2(a < b && b < c && c < e && e != std::string::npos, d.prefix.c_str());
            }
        QVERIFY(w.classic_sample(0).choices[0].back() != '\n');
        // --mixed-letters: every MMLU-format document shuffled (the identity order is 1 in 24 of them), or none.
        auto orders = [&](double fraction, gna::DemoWorld world) {
            gna::DemoData d(3, world);
            d.set_mixed_letters(fraction);
            int docs = 0, in_order = 0;
            for (uint64_t i = 0; i < 400; ++i)
                if (const auto doc = d.document(i); doc.kind == "mmlu") {
                    const auto a = doc.prefix.find("\nA. "), b = doc.prefix.find("\nB. "), c = doc.prefix.find("\nC. "),
                               e = doc.prefix.find("\nD. ");
                    if (a == std::string::npos || b == std::string::npos || c == std::string::npos || e == std::string::npos)
                        return std::pair(-1, 0);  // an option line is missing
                    ++docs;
                    in_order += a < b && b < c && c < e;
                }
            return std::pair(docs, in_order);
        };
        const auto [all_docs, all_in_order] = orders(1.0, gna::DemoWorld::Prefixes);
        QVERIFY2(all_docs > 50 && all_in_order < all_docs / 8, qPrintable(QString("%1 of %2").arg(all_in_order).arg(all_docs)));
        const auto [none_docs, none_in_order] = orders(0.0, gna::DemoWorld::Prefixes);
        QVERIFY(none_docs > 50);
        QCOMPARE(none_in_order, none_docs);
        const auto [word_docs, word_in_order] = orders(1.0, gna::DemoWorld::Words);
        QVERIFY(word_docs > 50 && word_in_order < word_docs / 8);
        QCOMPARE(p.describe()["mmlu_shuffled_letters"].get<double>(), 0.5);
        QCOMPARE(gna::demo_world_of(p.describe()), gna::DemoWorld::Prefixes);
        QCOMPARE(gna::parse_demo_world("prefixes"), gna::DemoWorld::Prefixes);
        QCOMPARE(std::string(gna::demo_world_name(gna::DemoWorld::Prefixes)), std::string("prefixes"));
    }

    void summaryBottleneckMarksSegments() {
        // DemoData::Document segments and train::mark_bottleneck, checked against the document's text cut
        // by hand: the body is every segment line ("key:value", "B. dog") without its newline, the
        // readers are everything after the last segment's newline.
        const auto tok = gna::load_tokenizer(fs::path(GNA_SOURCE_DIR) / "resources" / "demo-models" / "transformer");
        gna::DemoData data(1);
        data.set_summary_bottleneck(0.5);
        auto squeeze = [](std::string s) {
            s.erase(std::remove_if(s.begin(), s.end(), [](char c) { return c == ' '; }), s.end());
            return s;
        };
        int kv = 0, mmlu = 0, headers = 0, bottlenecked = 0, others = 0;
        for (uint64_t i = 3000 * 100000ull; i < 3000 * 100000ull + 400; ++i) {
            const gna::DemoData::Document d = data.document(i);
            if (d.kind != "kv" && d.kind != "mmlu") {
                QCOMPARE(d.segments, 0);
                QVERIFY(!d.bottleneck);
                ++others;
                continue;
            }
            bottlenecked += d.bottleneck;
            // The text by hand: lines of the prefix; the segments are the lines after `segments_after`.
            const std::vector<std::string> ls = lines(d.prefix);
            std::size_t skip = 0;
            if (d.kind == "kv") {
                QCOMPARE(ls[0], std::string("Memorize the following dictionary:"));
                skip = 1;
                ++kv;
            } else {
                const bool header = ls[0].rfind("The following are multiple choice", 0) == 0;
                QVERIFY(!header || ls[1].empty());
                skip = header ? 3 : 1;
                headers += header;
                ++mmlu;
            }
            QCOMPARE(d.segments_after, static_cast<int>(skip));
            std::string want_body, want_reader;
            for (int s = 0; s < d.segments; ++s) {
                const std::string& l = ls.at(skip + s);
                QVERIFY2(d.kind == "kv" ? l.find(':') != std::string::npos : l.size() > 3 && l[1] == '.', l.c_str());
                want_body += l;
            }
            // After the last segment's newline: the rest of the prefix, the answer, the further questions.
            std::size_t at = 0;
            for (int n = 0; n < d.segments_after + d.segments; ++n) at = d.prefix.find('\n', at) + 1;
            want_reader = d.prefix.substr(at) + d.answer;
            for (const auto& [text, answer] : d.more) want_reader += text + answer;

            // The trainer's token layout: BOS, the prefix, then each answer and further text.
            const std::vector<int> prefix = tok->encode(d.prefix, false);
            std::vector<int> seq = {tok->bos_id().value_or(1)};
            seq.insert(seq.end(), prefix.begin(), prefix.end());
            for (const std::string& t : [&] {
                     std::vector<std::string> parts = {d.answer};
                     for (const auto& [text, answer] : d.more) parts.insert(parts.end(), {text, answer});
                     return parts;
                 }())
                if (!t.empty())
                    for (int id : tok->encode(t, false)) seq.push_back(id);
            std::vector<uint8_t> body, reader;
            std::vector<int> segment;
            gna::train::mark_bottleneck(*tok, d, prefix, seq.size(), body, reader, false, &segment);
            QCOMPARE(body.size(), seq.size());
            // Segment numbers: line s's tokens and its newline are numbered s, nothing else is.
            std::vector<std::string> got_segments(d.segments + 1);
            for (std::size_t k = 0; k < seq.size(); ++k) {
                QVERIFY(segment[k] >= 0 && segment[k] <= d.segments);
                got_segments[segment[k]] += tok->decode({seq[k]}, false);
            }
            for (int s = 1; s <= d.segments; ++s)
                QCOMPARE(squeeze(got_segments[s]), squeeze(ls.at(skip + s - 1) + "\n"));
            std::string got_body, got_reader;
            int newlines_in_body = 0;
            for (std::size_t k = 0; k < seq.size(); ++k) {
                QVERIFY(!(body[k] && reader[k]));
                const std::string piece = tok->decode({seq[k]}, false);
                if (body[k]) got_body += piece, newlines_in_body += piece == "\n";
                if (reader[k]) got_reader += piece;
            }
            QCOMPARE(newlines_in_body, 0);
            QCOMPARE(squeeze(got_body), squeeze(want_body));
            QCOMPARE(squeeze(got_reader), squeeze(want_reader));
            QVERIFY(reader.back());
        }
        QVERIFY(kv > 20 && mmlu > 20 && headers > 5 && headers < mmlu && others > 20);
        QVERIFY2(bottlenecked > (kv + mmlu) / 4 && bottlenecked < 3 * (kv + mmlu) / 4, "about half bottlenecked");
        // The draw has a stream of its own: the documents are the same without it.
        gna::DemoData plain(1);
        for (uint64_t i = 3000 * 100000ull; i < 3000 * 100000ull + 50; ++i) {
            QCOMPARE(plain.document(i).prefix, data.document(i).prefix);
            QVERIFY(!plain.document(i).bottleneck);
        }
        // A prefix with too few newlines (a tokenizer that merged them) is a clear error.
        gna::DemoData::Document broken = data.document(3000 * 100000ull);
        while (broken.kind != "kv") broken = data.document(3000 * 100000ull + (++kv) * 7);
        broken.prefix = "no lines here";
        std::vector<uint8_t> b, r;
        try {
            gna::train::mark_bottleneck(*tok, broken, tok->encode(broken.prefix, false), 10, b, r);
            QFAIL("a document without its newlines was accepted");
        } catch (const gna::Error& e) {
            QVERIFY2(std::string(e.what()).find("newline") != std::string::npos, e.what());
        }
    }

    void summaryBottleneckTrainsAndIsChecked() {
        // A short transformer run with every KV and MMLU-format document bottlenecked trains other weights
        // than one without, the same weights twice; the bottleneck is refused for other recipes and above 1.
        auto run = [](const std::string& name, double p) {
            gna::TrainOptions o = tiny(fresh_dir(name));
            o.kv_warmup = 0;
            o.summary_bottleneck = p;
            gna::train_demo(o);
            return read_bytes(o.out / "model.safetensors");
        };
        const std::string with = run("sb_with", 1.0);
        QVERIFY(with == run("sb_again", 1.0));
        QVERIFY(with != run("sb_none", 0.0));
        for (auto [recipe, p] : {std::pair{"ssm", 0.5}, std::pair{"hybrid", 0.5}, std::pair{"transformer", 1.5}}) {
            gna::TrainOptions bad = tiny(fresh_dir("sb_bad"));
            bad.recipe = recipe;
            bad.summary_bottleneck = p;
            const std::string e = refusal(bad);
            QVERIFY2(e.find("summary-bottleneck") != std::string::npos, ("accepted or unclear: " + e).c_str());
        }
        gna::DemoData d(1);
        d.set_summary_bottleneck(0.25);
        QCOMPARE(d.describe()["summary_bottleneck"].get<double>(), 0.25);
        QCOMPARE(d.describe()["summary_bottleneck_kv"].get<double>(), 0.25);  // the same by default
    }

    void summaryBottleneckPerKind() {
        // The KV documents' fraction apart from the MMLU-format documents': counted over 600 documents
        // of the whole mix, by kind, against the fractions asked for.
        auto count = [](double mmlu, double kv) {
            gna::DemoData data(1);
            data.set_summary_bottleneck(mmlu, kv);
            std::array<int, 5> n{};  // kv docs, kv bottlenecked, mmlu docs, mmlu bottlenecked, others bottlenecked
            for (uint64_t i = 3000 * 100000ull; i < 3000 * 100000ull + 600; ++i) {
                const gna::DemoData::Document doc = data.document(i);
                if (doc.kind == "kv") ++n[0], n[1] += doc.bottleneck;
                if (doc.kind == "mmlu") ++n[2], n[3] += doc.bottleneck;
                if (doc.kind != "kv" && doc.kind != "mmlu") n[4] += doc.bottleneck;
            }
            return n;
        };
        const auto only_mmlu = count(1.0, 0.0);
        QVERIFY(only_mmlu[0] > 50 && only_mmlu[2] > 50);
        QCOMPARE(only_mmlu[4], 0);
        QCOMPARE(only_mmlu[1], 0);
        QCOMPARE(only_mmlu[3], only_mmlu[2]);
        const auto only_kv = count(0.0, 1.0);
        QCOMPARE(only_kv[1], only_kv[0]);
        QCOMPARE(only_kv[3], 0);
        const auto part = count(0.75, 0.0);
        QCOMPARE(part[1], 0);
        QVERIFY2(part[3] > part[2] * 6 / 10 && part[3] < part[2] * 9 / 10, "about three quarters of MMLU documents");
        gna::DemoData d(1);
        d.set_summary_bottleneck(0.75, 0.0);
        QCOMPARE(d.describe()["summary_bottleneck"].get<double>(), 0.75);
        QCOMPARE(d.describe()["summary_bottleneck_kv"].get<double>(), 0.0);
        // The late KV lookup: KV documents only, never one with the summary bottleneck; its lines are
        // hidden whole (the segments' newlines too), after the same readers.
        const auto tok = gna::load_tokenizer(fs::path(GNA_SOURCE_DIR) / "resources" / "demo-models" / "transformer");
        gna::DemoData late(1);
        late.set_summary_bottleneck(0.5, 0.5);
        late.set_late_lookup(1.0);
        QCOMPARE(late.describe()["kv_late_lookup"].get<double>(), 1.0);
        int kv_docs = 0, late_docs = 0, checked = 0;
        for (uint64_t i = 3000 * 100000ull; i < 3000 * 100000ull + 400; ++i) {
            const gna::DemoData::Document doc = late.document(i);
            QVERIFY(!(doc.late_lookup && doc.bottleneck));
            if (doc.kind != "kv") {
                QVERIFY(!doc.late_lookup);
                continue;
            }
            ++kv_docs;
            QCOMPARE(doc.late_lookup, !doc.bottleneck);  // fraction 1: every KV document the bottleneck left
            late_docs += doc.late_lookup;
            if (!doc.late_lookup || checked >= 20) continue;
            ++checked;
            const std::vector<int> prefix = tok->encode(doc.prefix, false);
            const std::size_t n = prefix.size() + 1;  // BOS + prefix (readers: what follows the lines)
            std::vector<uint8_t> body, reader, whole, reader2;
            gna::train::mark_bottleneck(*tok, doc, prefix, n + 3, body, reader);
            gna::train::mark_bottleneck(*tok, doc, prefix, n + 3, whole, reader2, true);
            QVERIFY(reader == reader2);
            int extra_newlines = 0;
            for (std::size_t k = 0; k < n; ++k) {
                QVERIFY(!body[k] || whole[k]);  // the lines' tokens are hidden in both
                if (whole[k] && !body[k]) {
                    QCOMPARE(tok->decode({prefix[k - 1]}, false), std::string("\n"));
                    ++extra_newlines;
                }
            }
            QCOMPARE(extra_newlines, doc.segments);  // one newline per dictionary line
        }
        QVERIFY(kv_docs > 50 && late_docs > kv_docs / 4 && late_docs < kv_docs && checked == 20);
        // Refused above 1, and for other recipes, naming the option.
        for (const std::string option : {"summary-bottleneck-kv", "kv-late-lookup"})
            for (auto [recipe, p] : {std::pair{"transformer", 1.5}, std::pair{"ssm", 0.5}}) {
                gna::TrainOptions bad = tiny(fresh_dir("kv_mask_bad"));
                bad.recipe = recipe;
                (option == "kv-late-lookup" ? bad.late_lookup : bad.summary_bottleneck_kv) = p;
                const std::string e = refusal(bad);
                QVERIFY2(e.find(option) != std::string::npos, ("--" + option + " accepted or unclear: " + e).c_str());
            }
    }

    void summaryReadoutLayer() {
        // --summary-readout-layer N: the bottlenecked documents' readers see the summary tokens only in
        // layer N. In a one-layer model layer 0 is every layer, so the weights are those of a run without
        // it, bit for bit; in a two-layer model layers 0 and 1 and none train three different weight sets,
        // each the same twice. Refused without the bottleneck and for a layer the model does not have.
        auto run = [](const std::string& name, int layers, int readout) {
            gna::TrainOptions o = tiny(fresh_dir(name));
            o.kv_warmup = 0;
            o.layers = layers;
            o.summary_bottleneck = 1.0;
            o.summary_readout_layer = readout;
            gna::train_demo(o);
            return read_bytes(o.out / "model.safetensors");
        };
        QVERIFY(run("ro_1l_0", 1, 0) == run("ro_1l_none", 1, -1));
        const std::string none = run("ro_2l_none", 2, -1), first = run("ro_2l_0", 2, 0), second = run("ro_2l_1", 2, 1);
        QVERIFY(none != first && none != second && first != second);
        QVERIFY(second == run("ro_2l_1_again", 2, 1));
        gna::DemoData d(1);
        QCOMPARE(d.describe()["summary_readout_layer"].get<int>(), -1);
        d.set_summary_readout_layer(2);
        QCOMPARE(d.describe()["summary_readout_layer"].get<int>(), 2);
        for (auto [bottleneck, layer] : {std::pair{0.0, 0}, std::pair{1.0, 1}, std::pair{1.0, -2}}) {
            gna::TrainOptions bad = tiny(fresh_dir("ro_bad"));
            bad.summary_bottleneck = bottleneck;
            bad.summary_readout_layer = layer;
            const std::string e = refusal(bad);
            QVERIFY2(e.find("summary-readout-layer") != std::string::npos, ("accepted or unclear: " + e).c_str());
        }
    }

    void kvRepeatKeys() {
        // --kv-repeat-keys: the KV documents' further questions may ask a key again. Read back from the
        // documents' text: every asked key is in the dictionary and its answer is that key's value; by
        // default no key is asked twice, with the option some are; the first question and the dictionary
        // are the same either way (the option draws only after them).
        auto asked = [](const gna::DemoData::Document& d, std::map<std::string, std::string>& dict) {
            const std::string head = "Memorize the following dictionary:\n", tail = "\nThe value of the key '";
            const std::size_t end = d.prefix.rfind(tail);
            std::istringstream lines(d.prefix.substr(head.size(), end - head.size()));
            for (std::string l; std::getline(lines, l);) dict[l.substr(0, l.find(':'))] = l.substr(l.find(':') + 1);
            std::vector<std::pair<std::string, std::string>> qa = {
                {d.prefix.substr(end + tail.size(), d.prefix.size() - end - tail.size() - 4), d.answer.substr(1)}};
            for (const auto& [text, answer] : d.more) {
                if (text == "\nRecite the dictionary:") continue;
                if (text.rfind(tail, 0) == 0) qa.emplace_back(text.substr(tail.size(), text.size() - tail.size() - 4), answer.substr(1));
                else qa.emplace_back(text.substr(1, text.size() - 2), answer);  // "\n<key>:" then "<value>"
            }
            return qa;
        };
        gna::DemoData once(1), again(1);
        again.set_kv_repeat_keys(true);
        QCOMPARE(again.describe()["kv_repeat_keys"].get<bool>(), true);
        QCOMPARE(once.describe()["kv_repeat_keys"].get<bool>(), false);
        int kv = 0, repeated_once = 0, repeated_again = 0;
        for (uint64_t i = 3000 * 100000ull; i < 3000 * 100000ull + 600; ++i) {
            const gna::DemoData::Document a = once.document(i), b = again.document(i);
            QCOMPARE(a.kind, b.kind);
            if (a.kind != "kv") continue;
            ++kv;
            QCOMPARE(a.prefix, b.prefix);
            QCOMPARE(a.answer, b.answer);
            QCOMPARE(a.more.size(), b.more.size());
            for (const auto* d : {&a, &b}) {
                std::map<std::string, std::string> dict;
                const auto qa = asked(*d, dict);
                // A recitation lists keys after the first question (which it may list again): keys are
                // distinct within the recitation, or within the questions.
                const bool recite = !d->more.empty() && d->more.front().first == "\nRecite the dictionary:";
                std::set<std::string> keys;
                for (std::size_t q = 0; q < qa.size(); ++q) {
                    const auto& [key, value] = qa[q];
                    QVERIFY2(dict.count(key) && dict[key] == value, (key + " -> " + value).c_str());
                    if (q > 0 || !recite) keys.insert(key);
                }
                (d == &a ? repeated_once : repeated_again) += keys.size() < qa.size() - (recite ? 1 : 0);
            }
        }
        QVERIFY(kv > 100);
        QCOMPARE(repeated_once, 0);
        QVERIFY2(repeated_again > kv / 4, std::to_string(repeated_again).c_str());
    }

    void stripTrainerPaths() {
        // A hand-built ModelProto: pieces (field 1), trainer_spec (field 2) with two inputs (field 1), a
        // model_prefix (field 2), a varint and a fixed32 field, then normalizer_spec (field 3). Only the
        // inputs and the prefix go, the trainer_spec's length is rewritten, the rest is kept byte for byte.
        using namespace std::string_literals;
        const std::string pieces = "\x0a\x03\x0a\x01\x61"s;
        const std::string proto = pieces + "\x12\x14"s + "\x0a\x03" "c.t" "\x0a\x01x" "\x12\x02pf"s +
                                  "\x18\x95\x01\x25\x00\x00\x80\x3f"s + "\x1a\x00"s;
        QCOMPARE(proto.size(), std::size_t(5 + 2 + 20 + 2));
        const std::string want = pieces + "\x12\x08\x18\x95\x01\x25\x00\x00\x80\x3f"s + "\x1a\x00"s;
        QVERIFY(gna::tok::strip_trainer_paths(proto, "m") == want);
        QVERIFY(gna::tok::strip_trainer_paths(want, "m") == want);  // nothing left to strip
        // Truncated or foreign bytes: an error naming the file, never a crash.
        for (const std::string bad : {"\x12\x05ab"s, "\x0a"s, "\x0b\x00"s, std::string(11, '\xff')}) {
            try {
                gna::tok::strip_trainer_paths(bad, "some/tokenizer.model");
                QFAIL("malformed bytes were accepted");
            } catch (const gna::Error& e) {
                QVERIFY2(std::string(e.what()).find("some/tokenizer.model: not a SentencePiece model") == 0, e.what());
            }
        }
    }

    void shippedTokenizerIsReproduced() {
        // The demo models' card command trains their tokenizer again byte for byte: seed 1, vocab 1200
        // (the tokenizer depends on the seed's corpus and the vocabulary size, not on the model's shape).
        gna::TrainOptions o = tiny(fresh_dir("tok_seed1"));
        o.seed = 1;
        o.vocab = 1200;
        o.steps = 1;
        gna::train_demo(o);
        const std::string fresh = read_bytes(o.out / "tokenizer.model");
        for (const char* demo : {"transformer", "ssm", "hybrid"})
            QVERIFY2(fresh == read_bytes(fs::path(GNA_SOURCE_DIR) / "resources" / "demo-models" / demo / "tokenizer.model"), demo);
    }

    void shortRunIsDeterministicAndLoads() {
        const fs::path d1 = fresh_dir("det1"), d2 = fresh_dir("det2");
        gna::TrainResult r1 = gna::train_demo(tiny(d1));
        gna::train_demo(tiny(d2));
        QCOMPARE(r1.steps, 6);
        QVERIFY(std::isfinite(r1.final_loss) && r1.final_loss > 0);
        const std::string w1 = read_bytes(d1 / "model.safetensors");
        QVERIFY(w1.size() > 1000);
        QVERIFY(w1 == read_bytes(d2 / "model.safetensors"));
        QVERIFY(!fs::exists(d1 / "checkpoint"));

        auto model = gna::Model::load(d1);
        {
            // The same tokenizer file, byte for byte, naming no folder of the run (SentencePiece records
            // the corpus path and output prefix; the trainer strips them), and the same vocabulary.
            const std::string t1 = read_bytes(d1 / "tokenizer.model");
            QVERIFY(t1 == read_bytes(d2 / "tokenizer.model"));
            QVERIFY(t1.find(d1.filename().string()) == std::string::npos);
            QVERIFY(t1.find("tokenizer_corpus") == std::string::npos);
            auto other = gna::Model::load(d2);
            QCOMPARE(other->tokenizer().vocab_size(), model->tokenizer().vocab_size());
            for (int id = 0; id < model->tokenizer().vocab_size(); ++id)
                QCOMPARE(other->tokenizer().piece(id), model->tokenizer().piece(id));
        }
        QCOMPARE(model->info().architecture, std::string("LlamaForCausalLM"));
        QCOMPARE(model->info().num_layers, 1);
        QCOMPARE(model->tokenizer().kind(), std::string("sentencepiece"));
        // Keys and values are single tokens in the dictionary and in the question.
        const auto& tok = model->tokenizer();
        QCOMPARE(tok.encode("apple", false).size(), std::size_t(1));
        QCOMPARE(tok.encode("42", false).size(), std::size_t(1));
        QCOMPARE(tok.encode("\napple:42\n", false).size(), std::size_t(5));

        // Another seed gives other weights.
        const fs::path d3 = fresh_dir("det3");
        gna::TrainOptions o3 = tiny(d3);
        o3.seed = 8;
        gna::train_demo(o3);
        QVERIFY(w1 != read_bytes(d3 / "model.safetensors"));

        // --tokenizer: the first run's tokenizer instead of a new one gives the first run's weights
        // (the same token ids, the same documents), and is copied unchanged.
        const fs::path d4 = fresh_dir("det4");
        gna::TrainOptions o4 = tiny(d4);
        o4.tokenizer = d1 / "tokenizer.model";
        gna::train_demo(o4);
        QVERIFY(read_bytes(d4 / "tokenizer.model") == read_bytes(d1 / "tokenizer.model"));
        QVERIFY(w1 == read_bytes(d4 / "model.safetensors"));
        // ... and with the phrase world the same tokenizer (the phrases' words in its pieces).
        const fs::path d5 = fresh_dir("det5");
        gna::TrainOptions o5 = o4;
        o5.out = d5;
        o5.world = "phrases";
        gna::train_demo(o5);
        QVERIFY(read_bytes(d5 / "tokenizer.model") == read_bytes(d1 / "tokenizer.model"));
        QVERIFY(gna::Model::load(d5)->tokenizer().encode(" small grey cat", false).size() >= 3);
        // A missing tokenizer is named before anything is trained.
        gna::TrainOptions bad = tiny(fresh_dir("det6"));
        bad.tokenizer = d1 / "no-such-tokenizer.model";
        try {
            gna::train_demo(bad);
            QFAIL("a missing --tokenizer was accepted");
        } catch (const gna::Error& e) {
            QVERIFY2(std::string(e.what()).find("no-such-tokenizer.model is not a file") != std::string::npos, e.what());
        }
        QVERIFY(!fs::exists(bad.out / "model.safetensors"));

        // --init-from: the run starts from d1's weights. With a vanishing learning rate the written
        // weights are d1's, tensor by tensor (a seeded start would differ everywhere).
        const fs::path d7 = fresh_dir("det7");
        gna::TrainOptions o7 = tiny(d7);
        o7.init_from = d1;
        o7.seed = 8;  // d3's seed: its own initialisation would give d3's weights
        o7.lr = 1e-12;
        gna::train_demo(o7);
        QVERIFY(read_bytes(d7 / "tokenizer.model") == read_bytes(d1 / "tokenizer.model"));
        {
            const gna::Checkpoint a = gna::Checkpoint::open(d1), b = gna::Checkpoint::open(d7);
            QCOMPARE(b.names(), a.names());
            for (const auto& name : a.names()) {
                const std::vector<float> va = gna::to_float(a.tensor(name)), vb = gna::to_float(b.tensor(name));
                QCOMPARE(vb.size(), va.size());
                double worst = 0;
                for (std::size_t i = 0; i < va.size(); ++i) worst = std::max(worst, std::fabs(double(va[i]) - vb[i]));
                QVERIFY2(worst < 1e-6, qPrintable(QString::fromStdString(name) + ": " + QString::number(worst)));
            }
        }
        // A model of another shape is refused, naming the tensor.
        gna::TrainOptions o8 = tiny(fresh_dir("det8"));
        o8.init_from = d1;
        o8.hidden = 48;
        try {
            gna::train_demo(o8);
            QFAIL("weights of another shape were accepted");
        } catch (const gna::Error& e) {
            QVERIFY2(std::string(e.what()).find("model.embed_tokens.weight") != std::string::npos, e.what());
        }
    }

    void cardRecordsTheShaping() {
        // A card of a run with the bottleneck and the guide says so in its training section and its command;
        // a card without them says nothing of either.
        const fs::path dir = fresh_dir("card_shaping");
        auto card = [&](const gna::DemoData& data) {
            gna::train::DemoCardInfo info;
            info.recipe = "transformer";
            info.architecture = "LlamaForCausalLM";
            info.seed = 1;
            info.steps = 10;
            info.data = data.describe();
            info.shape = gna::Json::object();
            gna::train::write_demo_card(dir, info, gna::DemoEvaluation{});
            return read_bytes(dir / "MODEL_CARD.md");
        };
        gna::DemoData shaped(1);
        shaped.set_summary_bottleneck(0.5, 0.25);
        shaped.set_attention_guide({{{1, 3}, {1, 1}}, {2, 2}, 1.5});
        const std::string with = card(shaped);
        for (const char* want : {"25% of the KV-retrieval and 50% of the MMLU-format documents",
                                 "Attention guide (training only, weight 1.5)", "attention of L1.H3 and L1.H1 at each",
                                 "put the attention of L2.H2 at each answer position",
                                 "--summary-bottleneck 0.5 --summary-bottleneck-kv 0.25 --guide-heads 1.3,1.1,2.2 --guide-weight 1.5"})
            QVERIFY2(with.find(want) != std::string::npos, want);
        const gna::Json j = gna::Json::parse(read_bytes(dir / "model_card.json"));
        QVERIFY(j["command"].get<std::string>().find("--guide-heads 1.3,1.1,2.2") != std::string::npos);
        const std::string plain = card(gna::DemoData(1));
        QVERIFY(plain.find("Attention guide") == std::string::npos && plain.find("bottleneck") == std::string::npos);
        QVERIFY(plain.find("--guide-heads") == std::string::npos);
    }

    void attentionGuideTargetsAreTheAnswerLines() {
        // Document::answer_segments against the document's text: each KV answer is the value written on that
        // dictionary line, whose key is the one the question (or the recital) names; each MMLU-format answer
        // letter labels that option line, with the options in order and in shuffled order.
        gna::DemoData data(1);
        data.set_mixed_letters(0.5);
        int kv = 0, mmlu = 0, recited = 0, shuffled = 0;
        for (uint64_t i = 3000 * 100000ull; i < 3000 * 100000ull + 400; ++i) {
            const gna::DemoData::Document d = data.document(i);
            if (d.kind != "kv" && d.kind != "mmlu") {
                QVERIFY(d.answer_segments.empty());
                continue;
            }
            const std::vector<std::string> ls = lines(d.prefix);
            std::vector<std::pair<std::string, std::string>> qa = {{d.prefix, d.answer}};
            qa.insert(qa.end(), d.more.begin(), d.more.end());
            QCOMPARE(d.answer_segments.size(), qa.size());
            for (std::size_t k = 0; k < qa.size(); ++k) {
                const auto& [question, answer] = qa[k];
                const int s = d.answer_segments[k];
                if (answer.empty()) {
                    QCOMPARE(s, 0);
                    continue;
                }
                QVERIFY(s >= 1 && s <= d.segments);
                const std::string& line = ls.at(d.segments_after + s - 1);
                if (d.kind == "kv") {
                    const std::size_t colon = line.find(':');
                    const std::string key = line.substr(0, colon), value = line.substr(colon + 1);
                    QCOMPARE(value, answer.substr(answer[0] == ' ' ? 1 : 0));
                    // The question names the key: "... key 'K' is", or recited "\nK:".
                    const std::size_t close = question.rfind('\'');
                    const std::string named = close != std::string::npos && question.size() - close < 6
                                                  ? question.substr(question.rfind('\'', close - 1) + 1,
                                                                    close - question.rfind('\'', close - 1) - 1)
                                                  : question.substr(question.rfind('\n') + 1,
                                                                    question.size() - question.rfind('\n') - 2);
                    QCOMPARE(named, key);
                    recited += question.back() == ':';
                    ++kv;
                } else {
                    QCOMPARE(line.substr(0, 2), answer.substr(1, 1) + ".");
                    shuffled += ls.at(d.segments_after)[0] != 'A';
                    ++mmlu;
                }
            }
        }
        QVERIFY(kv > 100 && mmlu > 20 && recited > 20 && shuffled > 5);
    }

    void attentionGuideTrainsAndIsChecked() {
        // --guide-heads: the guided run's Gather term falls (the newline's attention moves onto its line),
        // its weights differ from an unguided run's and are the same twice; bad heads are refused.
        auto opts = [](const std::string& name) {
            gna::TrainOptions o = tiny(fresh_dir(name));
            o.layers = 2;
            o.steps = 30;
            o.lr = 3e-2;
            o.log_every = 5;
            o.attention_guide = {{{0, 1}}, {1, 0}, 5.0};
            return o;
        };
        std::vector<double> gather, aggregate;
        const gna::TrainOptions oa = opts("guide_a"), ob = opts("guide_b");
        gna::train_demo(oa, [&](const gna::TrainProgress& p) {
            if (p.step > 0) gather.push_back(p.guide_gather_loss), aggregate.push_back(p.guide_aggregate_loss);
        });
        QCOMPARE(gather.size(), std::size_t(6));
        for (double a : aggregate) QVERIFY(a > 0);
        // The Gather term is a cross-entropy against the uniform distribution on the line (its floor: the mean
        // log of the line lengths, about log 3). Without the term in the loss this fails (the term rises).
        QVERIFY2(gather.back() < gather.front() - 0.5, (std::to_string(gather.front()) + " -> " + std::to_string(gather.back())).c_str());
        QVERIFY2(gather.back() > std::log(2.0), std::to_string(gather.back()).c_str());
        gna::train_demo(ob);
        gna::TrainOptions none = opts("guide_none");
        none.attention_guide = {};
        std::vector<double> unguided;
        gna::train_demo(none, [&](const gna::TrainProgress& p) { unguided.push_back(p.guide_gather_loss); });
        for (double g : unguided) QCOMPARE(g, -1.0);
        const std::string a = read_bytes(oa.out / "model.safetensors");
        QVERIFY(a == read_bytes(ob.out / "model.safetensors"));
        QVERIFY(a != read_bytes(none.out / "model.safetensors"));
        gna::DemoData d(1);
        d.set_attention_guide({{{0, 1}, {0, 0}}, {1, 0}, 5.0});
        QCOMPARE(d.describe()["attention_guide"]["gather"], gna::Json::parse("[[0, 1], [0, 0]]"));
        QCOMPARE(d.describe()["attention_guide"]["aggregate"], gna::Json::array({1, 0}));
        QVERIFY(gna::DemoData(1).describe()["attention_guide"].is_null());
        for (const gna::DemoData::AttentionGuide& bad :
             {gna::DemoData::AttentionGuide{{{0, 2}}, {1, 0}, 1.0}, gna::DemoData::AttentionGuide{{{0, 0}}, {2, 0}, 1.0},
              gna::DemoData::AttentionGuide{{{1, 0}}, {1, 0}, 1.0}, gna::DemoData::AttentionGuide{{{0, 0}, {0, 0}}, {1, 0}, 1.0},
              gna::DemoData::AttentionGuide{{}, {1, 0}, 1.0}}) {
            gna::TrainOptions o = opts("guide_bad");
            o.attention_guide = bad;
            const std::string e = refusal(o);
            QVERIFY2(e.find("--guide-heads") != std::string::npos, ("accepted or unclear: " + e).c_str());
            QVERIFY(!fs::exists(o.out / "model.safetensors"));
        }
        gna::TrainOptions ssm = opts("guide_ssm");
        ssm.recipe = "ssm";
        QVERIFY(refusal(ssm).find("transformer recipe only") != std::string::npos);
    }

    void summaryGatherTrainsAndIsChecked() {
        // --summary-gather: refused without the bottleneck; with it, other weights than the bottleneck alone.
        auto run = [](const std::string& name, bool gather, double p) {
            gna::TrainOptions o = tiny(fresh_dir(name));
            o.kv_warmup = 0;
            o.summary_bottleneck = p;
            o.summary_gather = gather;
            gna::train_demo(o);
            return read_bytes(o.out / "model.safetensors");
        };
        QVERIFY(run("sg_with", true, 1.0) != run("sg_without", false, 1.0));
        gna::TrainOptions o = tiny(fresh_dir("sg_bad"));
        o.summary_gather = true;
        const std::string e = refusal(o);
        QVERIFY2(e.find("--summary-gather needs --summary-bottleneck") != std::string::npos, ("accepted or unclear: " + e).c_str());
    }

    void reinitLayers() {
        // --reinit-layers: with --init-from, the named layers keep the run's seeded initialisation and every
        // other tensor is loaded. With a vanishing learning rate the written weights show which is which:
        // layer 0, the embeddings and the final norm are the trained model's; layer 1 is what a seeded
        // start of the same seed writes (a run of its own, not loading anything).
        gna::TrainOptions oa = tiny(fresh_dir("re_trained"));
        oa.layers = 2;
        gna::train_demo(oa);
        gna::TrainOptions os = tiny(fresh_dir("re_seeded"));
        os.layers = 2;
        os.seed = 8;
        os.lr = 1e-12;
        os.tokenizer = oa.out / "tokenizer.model";  // the same vocabulary, so the embeddings have one shape
        gna::train_demo(os);
        gna::TrainOptions ob = tiny(fresh_dir("re_mixed"));
        ob.layers = 2;
        ob.seed = 8;
        ob.lr = 1e-12;
        ob.init_from = oa.out;
        ob.reinit_layers = {1};
        ob.evaluate = true;  // the card records the option
        ob.eval_samples = 2;
        // The starting weights' card names the command that trained them; the new card repeats it.
        const std::string first = "gna train-demo --recipe transformer --seed 7 --steps 6 --out DIR";
        gna::write_json_file_atomic(oa.out / "model_card.json", gna::Json{{"command", first}});
        gna::train_demo(ob);
        const gna::Checkpoint trained = gna::Checkpoint::open(oa.out), seeded = gna::Checkpoint::open(os.out),
                              mixed = gna::Checkpoint::open(ob.out);
        auto worst = [](const gna::Checkpoint& a, const gna::Checkpoint& b, const std::string& name) {
            const std::vector<float> va = gna::to_float(a.tensor(name)), vb = gna::to_float(b.tensor(name));
            if (va.size() != vb.size()) return 1e9;
            double w = 0;
            for (std::size_t i = 0; i < va.size(); ++i) w = std::max(w, std::fabs(double(va[i]) - vb[i]));
            return w;
        };
        int from_layer1 = 0, loaded = 0;
        for (const auto& name : mixed.names()) {
            const bool layer1 = name.rfind("model.layers.1.", 0) == 0;
            const gna::Checkpoint& want = layer1 ? seeded : trained;
            const gna::Checkpoint& other = layer1 ? trained : seeded;
            QVERIFY2(worst(mixed, want, name) < 1e-6, name.c_str());
            QVERIFY2(worst(mixed, other, name) > 1e-4, name.c_str());  // the two sources differ there
            ++(layer1 ? from_layer1 : loaded);
        }
        QVERIFY(from_layer1 >= 7 && loaded >= 7);  // attention, MLP and norms of a layer; and the rest
        const gna::Json card = gna::Json::parse(read_bytes(ob.out / "model_card.json"));
        QCOMPARE(card["training"]["reinitialised_layers"], gna::Json::array({1}));
        QCOMPARE(card["training"]["initialised_from_command"].get<std::string>(), first);
        QVERIFY(read_bytes(ob.out / "MODEL_CARD.md").find("with the same tokenizer, by `" + first + "`), not from a seed") !=
                std::string::npos);
        QCOMPARE(gna::train::read_demo_card_info(ob.out).init_from_command, first);
        QVERIFY2(card["command"].get<std::string>().find("--reinit-layers 1") != std::string::npos,
                 card["command"].get<std::string>().c_str());

        // Refused: without --init-from, a layer the model lacks, a layer named twice.
        for (const auto& [from, layers] : {std::pair{false, std::vector<int>{1}}, std::pair{true, std::vector<int>{2}},
                                           std::pair{true, std::vector<int>{1, 1}}}) {
            gna::TrainOptions bad = tiny(fresh_dir("re_bad"));
            bad.layers = 2;
            if (from) bad.init_from = oa.out;
            bad.reinit_layers = layers;
            const std::string e = refusal(bad);
            QVERIFY2(e.find("reinit-layers") != std::string::npos, ("accepted or unclear: " + e).c_str());
            QVERIFY(!fs::exists(bad.out / "model.safetensors"));
        }
    }

    void cancelledRunResumesToTheSameWeights() {
        const fs::path full = fresh_dir("full"), part = fresh_dir("part");
        gna::train_demo(tiny(full));

        std::atomic<bool> stop{false};
        int last_step = 0;
        auto cb = [&](const gna::TrainProgress& p) {
            if (p.step > 0) last_step = p.step;
            if (p.step == 3) stop = true;
        };
        bool cancelled = false;
        try {
            gna::train_demo(tiny(part), cb, &stop);
        } catch (const gna::Cancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
        QCOMPARE(last_step, 3);
        QVERIFY(fs::exists(part / "checkpoint" / "state.pt"));
        QVERIFY(!fs::exists(part / "model.safetensors"));

        stop = false;
        int first_logged = 0;
        gna::TrainOptions o = tiny(part);
        o.evaluate = true;
        o.eval_samples = 2;
        gna::TrainResult r = gna::train_demo(o, [&](const gna::TrainProgress& p) {
            if (p.step > 0 && first_logged == 0) first_logged = p.step;
        }, &stop);
        QCOMPARE(first_logged, 4);  // continued after the checkpoint, did not start over
        QCOMPARE(r.steps, 6);
        QVERIFY(read_bytes(full / "model.safetensors") == read_bytes(part / "model.safetensors"));

        // The evaluation ran through gna::Model and wrote the card.
        QVERIFY(r.evaluated);
        QCOMPARE(r.evaluation.single_ablation.size(), std::size_t(2));
        QCOMPARE(r.evaluation.top_kv.size(), std::size_t(2));
        const gna::Json card = gna::Json::parse(read_bytes(part / "model_card.json"));
        QCOMPARE(card["recipe"].get<std::string>(), std::string("transformer"));
        QCOMPARE(card["seed"].get<int>(), 7);
        QVERIFY(card["evaluation"]["baseline"].contains("mmlu"));
        QVERIFY(fs::exists(part / "MODEL_CARD.md"));
    }

    void ssmRecipeTrainsAndLoads() {
        const fs::path d1 = fresh_dir("ssm1"), d2 = fresh_dir("ssm2");
        gna::TrainOptions o = tiny(d1);
        o.recipe = "ssm";
        o.layers = 2;
        o.steps = 3;
        gna::TrainResult r = gna::train_demo(o);
        QVERIFY(std::isfinite(r.final_loss) && r.final_loss > 0);
        o.out = d2;
        gna::train_demo(o);
        QVERIFY(read_bytes(d1 / "model.safetensors") == read_bytes(d2 / "model.safetensors"));
        auto model = gna::Model::load(d1);
        QCOMPARE(model->info().architecture, std::string("Mamba2ForCausalLM"));
        QCOMPARE(model->info().num_layers, 2);
        QCOMPARE(model->info().layers[0].ssm_heads, 4);  // expand 2 * hidden 32 / head size 16
        const auto lp = model->score_continuations(model->tokenizer().encode("apple:42\n", true),
                                                   {model->tokenizer().encode(" 7", false)}, {});
        QVERIFY(std::isfinite(lp[0]) && lp[0] < 0);
    }

    // The hybrid recipe writes a Zamba2 checkpoint (Mamba-2 layers, hybrid layers 1 and 3 with
    // attention), with and without RoPE in the attention blocks (use_mem_rope); train_demo itself
    // checks that gna::Model reproduces the trained model's log-probabilities on a training
    // document (it throws otherwise), and gna::Model's Zamba2 RoPE is checked against the naive
    // reference in tst_hybrid.
    void hybridRecipeTrainsAndLoads() {
        for (int rope : {0, 1}) {
            const fs::path d1 = fresh_dir("hybrid" + std::to_string(rope));
            gna::TrainOptions o = tiny(d1);
            o.recipe = "hybrid";
            o.layers = 4;
            o.steps = 3;
            o.mem_rope = rope;
            if (rope == 1) o.kv_warmup = 1;  // shorter KV phase: the MMLU-focused phase follows
            o.evaluate = true;  // the card records the curriculum
            o.eval_samples = 1;
            gna::TrainResult r = gna::train_demo(o);
            QVERIFY(std::isfinite(r.final_loss) && r.final_loss > 0);
            const gna::Json cfg = gna::Json::parse(read_bytes(d1 / "config.json"));
            QCOMPARE(cfg.at("use_mem_rope").get<bool>(), rope == 1);
            // The recipe starts with KV-retrieval data only, until KV values are 90% right (never in 3 steps),
            // then the MMLU-focused mix until the letters are 90% right (never here either).
            const gna::Json training = gna::Json::parse(read_bytes(d1 / "model_card.json"))["training"];
            QCOMPARE(training["kv_only_steps"].get<int>(), rope == 1 ? 1 : 3);
            QCOMPARE(training["mmlu_focus_steps"].get<int>(), rope == 1 ? 2 : 0);
            auto model = gna::Model::load(d1);
            QCOMPARE(model->info().architecture, std::string("Zamba2ForCausalLM"));
            QCOMPARE(model->info().num_layers, 4);
            for (int l = 0; l < 4; ++l) {
                QCOMPARE(model->info().layers[l].ssm_heads, 4);
                QCOMPARE(model->info().layers[l].attention_heads, l % 2 == 1 ? 2 : 0);
            }
            // Ablating every attention head changes the output (the attention blocks are wired in).
            gna::InterventionPlan off;
            for (int l : {1, 3})
                for (int h = 0; h < 2; ++h) off.ablate(gna::HeadRef{l, h, gna::HeadKind::Attention});
            const auto prompt = model->tokenizer().encode("apple:42\nriver:7\nThe value of the key 'apple' is", true);
            const std::vector<std::vector<int>> cont = {model->tokenizer().encode(" 42", false)};
            const double on = model->score_continuations(prompt, cont, {})[0];
            const double without = model->score_continuations(prompt, cont, off)[0];
            QVERIFY(std::isfinite(on) && std::isfinite(without));
            QVERIFY(std::fabs(on - without) > 1e-6);
        }
        gna::TrainOptions bad = tiny(fresh_dir("rope_ssm"));
        bad.recipe = "ssm";
        bad.mem_rope = 1;
        try {
            gna::train_demo(bad);
            QFAIL("--mem-rope on the ssm recipe must be refused");
        } catch (const gna::Error& e) {
            QVERIFY2(std::string(e.what()).find("--mem-rope") != std::string::npos, e.what());
        }
    }

    // --head-dim decouples the attention width from the hidden size and --tie-embeddings drops
    // lm_head; the written folder must say so in config.json and load as such: its logits equal the
    // independent naive forward (which reads head_dim and falls back to the embeddings itself).
    void headDimAndTiedEmbeddingsLoad() {
        const fs::path d = fresh_dir("tied");
        gna::TrainOptions o = tiny(d);
        o.head_dim = 24;  // 2 heads x 24 = 48 attention dims on a hidden size of 32
        o.tie_embeddings = 1;
        o.steps = 3;
        gna::train_demo(o);
        const gna::Json cfg = gna::Json::parse(read_bytes(d / "config.json"));
        QCOMPARE(cfg["head_dim"].get<int>(), 24);
        QCOMPARE(cfg["tie_word_embeddings"].get<bool>(), true);
        const std::string st = read_bytes(d / "model.safetensors");
        QVERIFY(st.find("lm_head.weight") == std::string::npos);
        QVERIFY(st.find("q_proj.weight") != std::string::npos);

        auto model = gna::Model::load(d);
        const std::vector<int> ids = model->tokenizer().encode("Memorize the following dictionary:\napple:42\nriver:7\n"
                                                               "The value of the key 'apple' is", true);
        gna::RunRequest r;
        r.tokens = ids;
        r.all_logits = true;
        const gna::RunResult got = model->run(r);
        const auto ref = gna::test::naive_llama_forward(d, ids);
        const std::size_t V = ref.logits[0].size();
        QCOMPARE(got.all_logits.size(), ids.size() * V);
        double worst = 0;
        for (std::size_t t = 0; t < ids.size(); ++t)
            for (std::size_t v = 0; v < V; ++v)
                worst = std::max(worst, std::fabs(double(got.all_logits[t * V + v]) - ref.logits[t][v]));
        QVERIFY2(worst < 1e-4, std::to_string(worst).c_str());

        // An odd head size cannot carry half-split RoPE: a clear error, not a crash.
        gna::TrainOptions bad = tiny(fresh_dir("odd"));
        bad.head_dim = 15;
        try {
            gna::train_demo(bad);
            QFAIL("an odd head size was accepted");
        } catch (const gna::Error& e) {
            QVERIFY2(std::string(e.what()).find("RoPE") != std::string::npos, e.what());
        }
    }

    // The KV-only curriculum ends once the KV values of the last 50 steps reach kv_until_accuracy;
    // the step it ended at is part of the checkpoint, so a run cancelled around the switch resumes to
    // the same weights, and the card records how many steps were KV only.
    void curriculumSwitchResumes() {
        auto opts = [](const fs::path& d) {
            gna::TrainOptions o = tiny(d);
            o.steps = 100;
            o.kv_warmup = 95;
            o.kv_until_accuracy = 1e-9;  // any KV value right in the last 50 steps ends it
            o.lr = 2e-2;
            o.evaluate = true;
            o.eval_samples = 1;
            return o;
        };
        const fs::path full = fresh_dir("cur_full"), part = fresh_dir("cur_part");
        bool said = false;
        gna::train_demo(opts(full), [&](const gna::TrainProgress& p) {
            said = said || p.message.find("KV retrieval learned") != std::string::npos;
        });
        QVERIFY(said);
        const int kv_only = gna::Json::parse(read_bytes(full / "model_card.json"))["training"]["kv_only_steps"].get<int>();
        QVERIFY2(kv_only >= 50 && kv_only < 95, std::to_string(kv_only).c_str());

        // Cancel two steps before the switch (the window of KV hits comes from the checkpoint).
        std::atomic<bool> stop{false};
        try {
            gna::train_demo(opts(part), [&](const gna::TrainProgress& p) { if (p.step == kv_only - 2) stop = true; }, &stop);
            QFAIL("not cancelled");
        } catch (const gna::Cancelled&) {
        }
        stop = false;
        gna::train_demo(opts(part), {}, &stop);
        QVERIFY(read_bytes(full / "model.safetensors") == read_bytes(part / "model.safetensors"));
        QCOMPARE(gna::Json::parse(read_bytes(part / "model_card.json"))["training"]["kv_only_steps"].get<int>(), kv_only);
        QVERIFY(!gna::Json::parse(read_bytes(full / "model_card.json"))["training"].value("kv_only_phase_capped", false));

        // A KV-only phase that runs out before the KV values are right (an accuracy no tiny model reaches):
        // a warning says so as it ends, and the card records that the circuit had not formed.
        const fs::path capped = fresh_dir("cur_capped");
        gna::TrainOptions oc = opts(capped);
        oc.steps = 12;
        oc.kv_warmup = 8;
        oc.kv_until_accuracy = 1.0 + 1e-9;
        int warned_at = -1;
        std::string warning;
        gna::train_demo(oc, [&](const gna::TrainProgress& p) {
            if (p.message.find("warning: KV retrieval not learned in the KV-only phase") != std::string::npos)
                warned_at = p.step, warning = p.message;
            QVERIFY(p.message.find("KV retrieval learned") == std::string::npos);
        });
        QVERIFY(warned_at >= 0);
        // It says what to do, whole (not cut off by the message buffer).
        QVERIFY2(warning.find("(--kv-warmup 6000) or another --seed") != std::string::npos, warning.c_str());
        QVERIFY2(warning.find("wanted 100%") != std::string::npos, warning.c_str());
        const gna::Json card = gna::Json::parse(read_bytes(capped / "model_card.json"));
        QCOMPARE(card["training"]["kv_only_steps"].get<int>(), 8);
        QVERIFY(card["training"].value("kv_only_phase_capped", false));
        QVERIFY(read_bytes(capped / "MODEL_CARD.md").find("the retrieval circuit had not formed") != std::string::npos);
    }

    // The MMLU-focused phase: half of its documents are MMLU-format questions (the whole mix has 30%),
    // KV-only before it; counted over documents, not taken from the generator's constants.
    void mmluFocusPhaseMix() {
        gna::DemoData d(5);
        d.set_kv_warmup(2);
        d.set_focus_until(6);
        auto share = [&](uint64_t first_step, const std::string& kind) {
            int n = 0;
            for (uint64_t i = 0; i < 2000; ++i) n += d.document(first_step * 100000 + i).kind == kind;
            return n / 2000.0;
        };
        QCOMPARE(share(1, "kv"), 1.0);
        const double focus = share(3, "mmlu"), mix = share(7, "mmlu");
        QVERIFY2(std::abs(focus - 0.5) < 0.04, std::to_string(focus).c_str());
        QVERIFY2(std::abs(mix - 0.3) < 0.04, std::to_string(mix).c_str());
        QVERIFY2(share(3, "prose") == 0.0 && share(7, "prose") > 0.0, "filler prose only in the whole mix");
        QVERIFY2(share(3, "kv") > 0.15 && share(3, "kv") < 0.25, std::to_string(share(3, "kv")).c_str());
    }

    // KV-only, then the MMLU-focused mix (ended early by its accuracy), then the whole mix: each phase
    // restarts the learning-rate warm-up, and a run cancelled just before the second switch resumes to
    // the same weights and the same phase lengths.
    void mmluFocusSwitchResumes() {
        auto opts = [](const fs::path& d) {
            gna::TrainOptions o = tiny(d);
            o.steps = 200;
            o.kv_warmup = 95;
            o.kv_until_accuracy = 1e-9;
            o.mmlu_focus = 90;
            o.mmlu_until_accuracy = 1e-9;  // any right letter in the last 50 steps ends it
            o.lr = 2e-2;
            o.warmup = -1;  // 5% of each phase
            o.log_every = 1;
            o.evaluate = true;
            o.eval_samples = 1;
            return o;
        };
        const fs::path full = fresh_dir("focus_full"), part = fresh_dir("focus_part");
        std::map<int, double> lr;
        gna::train_demo(opts(full), [&](const gna::TrainProgress& p) {
            if (p.message.empty()) lr[p.step] = p.lr;
        });
        const gna::Json t = gna::Json::parse(read_bytes(full / "model_card.json"))["training"];
        const int kv_only = t["kv_only_steps"].get<int>(), focus = t["mmlu_focus_steps"].get<int>();
        QVERIFY2(kv_only >= 50 && kv_only < 95, std::to_string(kv_only).c_str());
        QVERIFY2(focus >= 50 && focus <= 90, std::to_string(focus).c_str());
        // Step s (1-based in progress) runs schedule step s-1. First step of a phase of length n:
        // peak / max(1, n / 20).
        QCOMPARE(lr.at(1), 2e-2 / (95 / 20));
        QCOMPARE(lr.at(kv_only + 1), 2e-2 / (90 / 20));
        QCOMPARE(lr.at(kv_only + focus + 1), 2e-2 / std::max(1, (200 - kv_only - focus) / 20));

        std::atomic<bool> stop{false};
        try {
            gna::train_demo(opts(part), [&](const gna::TrainProgress& p) { if (p.step == kv_only + focus - 2) stop = true; }, &stop);
            QFAIL("not cancelled");
        } catch (const gna::Cancelled&) {
        }
        stop = false;
        gna::train_demo(opts(part), {}, &stop);
        QVERIFY(read_bytes(full / "model.safetensors") == read_bytes(part / "model.safetensors"));
        const gna::Json u = gna::Json::parse(read_bytes(part / "model_card.json"))["training"];
        QCOMPARE(u["kv_only_steps"].get<int>(), kv_only);
        QCOMPARE(u["mmlu_focus_steps"].get<int>(), focus);
    }

    // Head dropout (transformer): the masks come from the seed and the step alone, so a run is
    // deterministic and a cancelled one resumes to the same weights; it changes training (other
    // weights than without it); the exported model has no trace of it; misuse is a clear error.
    void headDropoutIsSeededAndResumes() {
        auto with_dropout = [](const fs::path& d) {
            gna::TrainOptions o = tiny(d);
            o.layers = 2;
            o.head_dropout = 0.5;
            o.head_dropout_layers = 1;
            o.kv_warmup = 0;
            return o;
        };
        const fs::path full = fresh_dir("hd_full"), part = fresh_dir("hd_part"), none = fresh_dir("hd_none");
        gna::train_demo(with_dropout(full));
        gna::TrainOptions plain = with_dropout(none);
        plain.head_dropout = 0;
        gna::train_demo(plain);
        const std::string w = read_bytes(full / "model.safetensors");
        QVERIFY(w != read_bytes(none / "model.safetensors"));
        {
            // During a KV-only curriculum (here the whole run) no head is dropped.
            const fs::path kv = fresh_dir("hd_kv");
            gna::TrainOptions o = with_dropout(kv);
            o.kv_warmup = 6;
            o.kv_until_accuracy = 0;
            gna::train_demo(o);
            plain.out = fresh_dir("hd_kv_plain");
            plain.kv_warmup = 6;
            plain.kv_until_accuracy = 0;
            gna::train_demo(plain);
            QVERIFY(read_bytes(kv / "model.safetensors") == read_bytes(plain.out / "model.safetensors"));
        }

        std::atomic<bool> stop{false};
        bool cancelled = false;
        try {
            gna::train_demo(with_dropout(part), [&](const gna::TrainProgress& p) { if (p.step == 3) stop = true; }, &stop);
        } catch (const gna::Cancelled&) {
            cancelled = true;
        }
        QVERIFY(cancelled);
        stop = false;
        gna::train_demo(with_dropout(part), {}, &stop);
        QVERIFY(w == read_bytes(part / "model.safetensors"));
        const gna::Json cfg = gna::Json::parse(read_bytes(full / "config.json"));
        QVERIFY(!cfg.contains("head_dropout"));
        QCOMPARE(cfg["num_hidden_layers"].get<int>(), 2);

        for (auto [recipe, p, layers] : {std::tuple{"ssm", 0.2, 1}, std::tuple{"transformer", 1.0, 1},
                                         std::tuple{"transformer", 0.2, 3}}) {
            gna::TrainOptions bad = with_dropout(fresh_dir("hd_bad"));
            bad.recipe = recipe;
            bad.head_dropout = p;
            bad.head_dropout_layers = layers;
            const std::string e = refusal(bad);
            QVERIFY2(e.find("head-dropout") != std::string::npos, ("accepted or unclear: " + e).c_str());
        }
    }

    void unknownRecipeIsAnError() {
        gna::TrainOptions o = tiny(fresh_dir("bad"));
        o.recipe = "moe";
        try {
            gna::train_demo(o);
            QFAIL("an unknown recipe was accepted");
        } catch (const gna::Error& e) {
            QVERIFY2(std::string(e.what()).find("'moe'") != std::string::npos, e.what());
            QVERIFY2(std::string(e.what()).find("hybrid") != std::string::npos, e.what());
        }
    }
};

QTEST_GUILESS_MAIN(TestTrain)
#include "tst_train.moc"
