// The demo models' synthetic data: seeded and fixed, the three worlds, the segments and summary tokens of the
// bottleneck, repeated KV keys and the attention guide's targets, each against a count by hand.

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
#include "train/train_demo.h"
#include "naive_llama.h"
#include "gna/tokenizer.h"
#include "train/bottleneck.h"
#include "train/demo_card.h"
#include "tokenizer/spm_model_file.h"
#include "train_test_util.h"

using namespace gna::train_test;

namespace {
// The options of an MMLU-format prompt's lines: "A. " .. "D. " in the four lines above "Answer:", the
// letters taken off; empty when the lines do not end that way.
std::vector<std::string> mmlu_options(const std::vector<std::string>& ls) {
    if (ls.size() < 6 || ls.back() != "Answer:") return {};
    std::vector<std::string> options;
    for (int k = 0; k < 4; ++k) {
        const std::string& line = ls[ls.size() - 5 + k];
        if (line.substr(0, 3) != std::string(1, static_cast<char>('A' + k)) + ". ") return {};
        options.push_back(line.substr(3));
    }
    return options;
}
}  // namespace

class TestDemoData : public QObject {
    Q_OBJECT
private Q_SLOTS:
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
        std::map<std::string, std::set<std::string>> values;  // attribute -> every value seen
        std::size_t longest = 0;
        for (const auto& f : p.facts()) values[f.attribute].insert(f.value);
        int shared_everywhere = 0, questions = 0;
        for (int i = 0; i < 200; ++i) {
            const gna::ChoiceSample m = p.mmlu_sample(i), c = p.classic_sample(i);
            const auto ls = lines(m.prompt);
            const std::vector<std::string> options = mmlu_options(ls);
            QCOMPARE(options.size(), std::size_t(4));
            for (const auto& o : options) longest = std::max(longest, words(o).size());
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
            const std::vector<std::string> options = mmlu_options(ls);
            QCOMPARE(options.size(), std::size_t(4));
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
            for (int k = 0; k < 4; ++k) QCOMPARE(c.choices[k], " " + lc[lc.size() - 5 + k].substr(3) + "\n");
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
            QCOMPARE(last, inner);  // every word ends one value and begins another
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
                        is_fact = is_fact ||
                            (f.value == line.substr(3) && ls[ls.size() - 6].find(f.entity) != std::string::npos);
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
                    if (a == std::string::npos || b == std::string::npos || c == std::string::npos ||
                        e == std::string::npos)
                        return std::pair(-1, 0);  // an option line is missing
                    ++docs;
                    in_order += a < b && b < c && c < e;
                }
            return std::pair(docs, in_order);
        };
        const auto [all_docs, all_in_order] = orders(1.0, gna::DemoWorld::Prefixes);
        QVERIFY2(all_docs > 50 && all_in_order < all_docs / 8,
                 qPrintable(QString("%1 of %2").arg(all_in_order).arg(all_docs)));
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
                if (text.rfind(tail, 0) == 0)
                    qa.emplace_back(text.substr(tail.size(), text.size() - tail.size() - 4), answer.substr(1));
                else
                    qa.emplace_back(text.substr(1, text.size() - 2), answer);  // "\n<key>:" then "<value>"
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
                        : question.substr(question.rfind('\n') + 1, question.size() - question.rfind('\n') - 2);
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
};

QTEST_GUILESS_MAIN(TestDemoData)
#include "tst_demo_data.moc"
