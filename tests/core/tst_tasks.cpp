// Task generators and scorers: KV-retrieval, MMLU, knowledge MC, needle in a haystack, Table 2.1.
#include <QtTest>

#include <cmath>
#include <fstream>
#include <set>

#include "gna/config.h"
#include "gna/model.h"
#include "gna/tasks.h"
#include "naive_llama.h"
#include "test_models.h"
#include "test_support.h"

using namespace gna;
using namespace gna::test;

class TestTasks : public TinyModelSuite {
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { load_tiny(tiny_llama(2, 11)); }

    void kvPromptFormat() {
        QCOMPARE(QString::fromStdString(kv_prompt({{"apple", 3}, {"river", 42}}, "river")),
                 QString("Memorize the following dictionary:\napple:3\nriver:42\nThe value of the key 'river' is"));
    }

    void kvFixedSeedFixedPrompts() {
        KvRetrievalOptions o;
        o.sizes = {10, 50};
        o.samples_per_size = 3;
        o.seed = 42;
        const auto a = make_kv_samples(o), b = make_kv_samples(o);
        QCOMPARE(a.size(), std::size_t(6));
        std::string all;
        for (std::size_t i = 0; i < a.size(); ++i) {
            QCOMPARE(QString::fromStdString(a[i].prompt), QString::fromStdString(b[i].prompt));
            std::set<std::string> keys;
            std::set<int> values;
            for (const auto& [k, v] : a[i].dictionary) {
                keys.insert(k);
                values.insert(v);
                QVERIFY(v >= 0 && v <= 99);
            }
            QCOMPARE(static_cast<int>(keys.size()), a[i].size);
            QCOMPARE(static_cast<int>(values.size()), a[i].size);
            QVERIFY(a[i].query >= 0 && a[i].query < a[i].size);
            QVERIFY(a[i].prompt.size() > 0 &&
                    a[i].prompt.rfind("'" + a[i].dictionary[a[i].query].first + "' is") != std::string::npos);
            all += a[i].prompt + "|";
        }
        // Pinned: the generator (xoshiro256** via SeededNormal, splitmix64 seeds, multiply-high
        // ranges, Fisher-Yates) must give these exact prompts on every platform.
        QCOMPARE(QString::fromStdString(sha256_hex(all)).left(16), QString("cd5b1f88c3ea25d1"));
        o.seed = 43;
        QVERIFY(make_kv_samples(o)[0].prompt != a[0].prompt);
        // a sample does not depend on how many samples per size are drawn
        o.seed = 42;
        o.samples_per_size = 1;
        QCOMPARE(QString::fromStdString(make_kv_samples(o)[1].prompt), QString::fromStdString(a[3].prompt));
    }

    void kvExactMatch() {
        QVERIFY(kv_exact_match(" 42", 42));
        QVERIFY(kv_exact_match(" 42.\nThe", 42));
        QVERIFY(!kv_exact_match(" 421", 42));
        QVERIFY(!kv_exact_match(" 4", 42));
        QVERIFY(kv_exact_match("7", 7));
        QVERIFY(!kv_exact_match(" seven", 7));
    }

    void kvMultipleChoiceAgainstNaive() {
        KvRetrievalOptions o;
        o.sizes = {10};
        o.samples_per_size = 1;
        const KvSample s = make_kv_samples(o)[0];
        const ChoiceItem item = kv_choice_item(model_->tokenizer(), s);
        QCOMPARE(item.choices.size(), std::size_t(10));
        QCOMPARE(item.answer, s.query);
        const ChoiceOutcome got = score_choices(*model_, item);
        // Independent: naive forward over prompt + choice, summed log-softmax of the choice tokens.
        int best = 0;
        std::vector<double> ref;
        for (std::size_t c = 0; c < item.choices.size(); ++c) {
            std::vector<int> seq = item.prompt;
            seq.insert(seq.end(), item.choices[c].begin(), item.choices[c].end());
            const auto res = naive_llama_forward(path_, seq);
            const double lp = continuation_logprob(res.logits, item.prompt.size(), item.choices[c]);
            ref.push_back(lp);
            if (lp > ref[best]) best = static_cast<int>(c);
            QVERIFY2(std::fabs(lp - got.logprobs[c]) < 1e-3,
                     qPrintable(QString("%1 vs %2").arg(lp).arg(got.logprobs[c])));
        }
        QCOMPARE(got.predicted, best);
        QCOMPARE(got.correct, best == s.query);
        // The choice tokens, appended to the prompt, spell " <value>" after the prompt text.
        std::vector<int> seq = item.prompt;
        seq.insert(seq.end(), item.choices[s.query].begin(), item.choices[s.query].end());
        const std::string text = model_->tokenizer().decode(seq, true);
        QVERIFY(text.size() > s.prompt.size());
        QCOMPARE(QString::fromStdString(text), QString::fromStdString(s.prompt + " " + std::to_string(s.answer())));
    }

    void commonPrefixMovesToPrompt() {
        ChoiceItem it;
        it.prompt = {1, 2};
        it.choices = {{5, 7}, {5, 8, 9}, {5, 6}};
        move_common_prefix_to_prompt(it);
        QCOMPARE(it.prompt, (std::vector<int>{1, 2, 5}));
        QCOMPARE(it.choices[1], (std::vector<int>{8, 9}));
        ChoiceItem one;
        one.choices = {{5}, {5, 6}};  // a choice would become empty: unchanged
        move_common_prefix_to_prompt(one);
        QCOMPARE(one.choices[0], (std::vector<int>{5}));
    }

    void accNormByHand() {
        ChoiceItem it;
        it.choices = {{1}, {2}, {3}};
        it.choice_bytes = {4, 20, 10};
        it.answer = 1;
        // logprob: -2, -3, -4 -> acc picks 0; per byte: -0.5, -0.15, -0.4 -> acc_norm picks 1
        const ChoiceOutcome o = judge_choices(it, {-2, -3, -4});
        QCOMPARE(o.predicted, 0);
        QCOMPARE(o.predicted_norm, 1);
        QVERIFY(!o.correct);
        QVERIFY(o.correct_norm);
    }

    void mmluPromptAndLetters() {
        MmluQuestion q{"high_school_biology", "Which base pairs with adenine?", {"C", "G", "T", "U"}, 2, ""};
        MmluQuestion shot{"high_school_biology", "What carries genes?", {"DNA", "ATP", "fat", "salt"}, 0, ""};
        QCOMPARE(QString::fromStdString(mmlu_prompt(q, {})),
                 QString("The following are multiple choice questions (with answers) about high school biology.\n\n"
                         "Which base pairs with adenine?\nA. C\nB. G\nC. T\nD. U\nAnswer:"));
        QCOMPARE(QString::fromStdString(mmlu_prompt(q, {shot})),
                 QString("The following are multiple choice questions (with answers) about high school biology.\n\n"
                         "What carries genes?\nA. DNA\nB. ATP\nC. fat\nD. salt\nAnswer: A\n\n"
                         "Which base pairs with adenine?\nA. C\nB. G\nC. T\nD. U\nAnswer:"));
        QCOMPARE(mmlu_letter(" C"), 2);
        QCOMPARE(mmlu_letter("A. DNA"), 0);
        QCOMPARE(mmlu_letter("  D\n"), 3);
        QCOMPARE(mmlu_letter(" Cat"), -1);
        QCOMPARE(mmlu_letter(" E"), -1);
        QCOMPARE(mmlu_letter(""), -1);
    }

    void mmluBundledSampleLoads() {
        MmluOptions o;
        o.data = bundled_data_dir() / "mmlu_sample";
        o.shots = 2;
        const auto items = mmlu_items(model_->tokenizer(), o);
        QCOMPARE(items.size(), std::size_t(8));
        for (const auto& it : items) {
            QCOMPARE(it.choices.size(), std::size_t(4));
            for (const auto& c : it.choices) QVERIFY(c.size() == 1 || c.size() == 2);  // " A" or " ", "A"
            QVERIFY(it.answer >= 0 && it.answer < 4);
            // the scored token is what follows "Answer:" in the text " A": prompt + token decodes to ... " X"
            std::vector<int> seq = it.prompt;
            seq.insert(seq.end(), it.choices[it.answer].begin(), it.choices[it.answer].end());
            const std::string text = model_->tokenizer().decode(seq, true);
            QCOMPARE(QString::fromStdString(text.substr(text.size() - 9)),
                     QString("Answer: ") + QChar('A' + it.answer));
        }
        QCOMPARE(QString::fromStdString(items[0].group), QString("astronomy"));
        QCOMPARE(items[0].answer, 2);  // Jupiter
        // quoted CSV fields with commas survive
        const auto qs = load_mmlu(o.data, "dev");
        bool found = false;
        for (const auto& q : qs)
            found |= q.question == "How long does light from the Sun take to reach the Earth, roughly?";
        QVERIFY(found);
    }

    void mmluBadDataErrors() {
        const auto d = dir_ / "bad_mmlu";
        write_text(d / "test" / "x_test.csv", "Q1,a,b,c,d,A\nQ2,a,b,c,B\n");
        QString e = error_of([&] { load_mmlu(d, "test"); });
        QVERIFY2(e.contains("x_test.csv:2") && e.contains("expected 6 columns"), qPrintable(e));
        write_text(d / "test" / "x_test.csv", "Q1,a,b,c,d,E\n");
        e = error_of([&] { load_mmlu(d, "test"); });
        QVERIFY2(e.contains("not one of A, B, C, D"), qPrintable(e));
        e = error_of([&] { load_mmlu(d, "val"); });
        QVERIFY2(e.contains("no folder 'val/'"), qPrintable(e));
        write_text(d / "j.jsonl", "{\"question\": \"q\", \"choices\": [\"a\", \"b\", \"c\"], \"answer\": 0}\n");
        e = error_of([&] { load_mmlu(d / "j.jsonl", "test"); });
        QVERIFY2(e.contains("j.jsonl:1") && e.contains("4 strings"), qPrintable(e));
        write_text(d / "j.jsonl",
                   "{\"question\": \"q\", \"choices\": [\"a\", \"b\", \"c\", \"d\"], \"answer\": \"B\", \"subject\": "
                   "\"s\"}\n");
        QCOMPARE(load_mmlu(d / "j.jsonl", "test")[0].answer, 1);
        MmluOptions o;
        write_text(
            d / "j.jsonl",
            "{\"question\": \"q\", \"choices\": [\"a\", \"b\", \"c\", \"d\"], \"answer\": 1, \"split\": \"test\"}\n");
        o.data = d / "j.jsonl";
        o.shots = 1;
        e = error_of([&] { mmlu_items(model_->tokenizer(), o); });
        QVERIFY2(!e.isEmpty(), "k-shot without a dev split must fail");
    }

    void mmluLayoutSegments() {
        MmluQuestion q{"astronomy", "Which planet is largest?", {"Mars", "Jupiter", "Venus", "Earth"}, 1, ""};
        const std::string text = mmlu_prompt(q, {});
        const auto& tok = model_->tokenizer();
        const auto ids = tok.encode(text, true);
        const MmluLayout lay = mmlu_layout(tok, text, ids);
        QCOMPARE(lay.options.size(), std::size_t(4));
        const char* opts[] = {"A. Mars\n", "B. Jupiter\n", "C. Venus\n", "D. Earth\n"};
        for (int i = 0; i < 4; ++i) {
            const auto& s = lay.options[i];
            const std::vector<int> seg(ids.begin() + s.begin, ids.begin() + s.end);
            QCOMPARE(QString::fromStdString(tok.decode(seg, true)).trimmed(), QString(opts[i]).trimmed());
            QCOMPARE(s.summary, s.end - 1);
            QVERIFY(tok.decode({ids[s.summary]}, true).find('\n') != std::string::npos);
        }
        QCOMPARE(lay.final_position, static_cast<int>(ids.size()) - 1);
    }

    void knowledgeJsonl() {
        const auto items = load_knowledge_mc(model_->tokenizer(), bundled_data_dir() / "knowledge_sample.jsonl");
        QCOMPARE(items.size(), std::size_t(4));
        QCOMPARE(items[2].answer, 2);
        QCOMPARE(items[2].choice_bytes[2], double(std::string("a pair of scissors").size()));  // lm-eval byte_length
        QCOMPARE(items[2].choice_chars[2], double(std::string("a pair of scissors").size()));  // ASCII: chars = bytes
        const auto f = dir_ / "k.jsonl";
        write_text(f, "{\"context\": \"c\", \"choices\": [\"a\", \"b\"], \"answer\": 2}\n");
        QString e = error_of([&] { load_knowledge_mc(model_->tokenizer(), f); });
        QVERIFY2(e.contains("k.jsonl:1") && e.contains("not an index"), qPrintable(e));
        write_text(f, "{\"choices\": [\"a\", \"b\"], \"answer\": 0}\n");
        e = error_of([&] { load_knowledge_mc(model_->tokenizer(), f); });
        QVERIFY2(e.contains("missing \"context\""), qPrintable(e));
    }

    void table21EveryRow() {
        const auto rules = needle_table_2_1();
        QCOMPARE(granular_score("I like to eat a sandwich.", rules), 1.0);
        QCOMPARE(granular_score("Dolores Park!", rules), 0.5);
        QCOMPARE(granular_score("You could sit in Dolores Park.", rules), 1.0);  // both Park rows match
        QCOMPARE(granular_score("On a sunny day.", rules), 1.0);
        QCOMPARE(granular_score("eat a sandwich, sit in Dolores Park, sunny day", rules), 3.0);
        QCOMPARE(
            granular_score(
                "The best thing to do in San Francisco is to eat a sandwich and sit in Dolores Park on a sunny day.",
                rules),
            4.0);
        QCOMPARE(granular_score(
                     "The best thing to do in San Francisco is eat a sandwich and sit in Dolores Park on a sunny day.",
                     rules),
                 5.0);
        QCOMPARE(granular_score(
                     "THE BEST THING TO DO IN SAN FRANCISCO IS EAT A SANDWICH AND SIT IN DOLORES PARK ON A SUNNY DAY",
                     rules),
                 5.0);
        QCOMPARE(granular_score("Nothing relevant here.", rules), 0.0);
        QCOMPARE(granular_score("sunny days", rules), 0.0);  // words, not substrings
        // the bundled data file holds the same table
        const NeedleSpec s = load_needle_spec(bundled_data_dir() / "niah_needle.json");
        QCOMPARE(s.rules.size(), rules.size());
        for (std::size_t i = 0; i < rules.size(); ++i) {
            QCOMPARE(s.rules[i].keyword, rules[i].keyword);
            QCOMPARE(s.rules[i].set, rules[i].set);
            QCOMPARE(s.rules[i].value, rules[i].value);
        }
    }

    void niahGridDefaults() {
        const auto L = linspace_int(250, 4096, 10);
        QCOMPARE(L, (std::vector<int>{250, 677, 1105, 1532, 1959, 2387, 2814, 3241, 3669, 4096}));
        const auto D = linspace(0, 100, 10);
        QCOMPARE(D.size(), std::size_t(10));
        QVERIFY(std::fabs(D[1] - 11.1111111) < 1e-6);
        QCOMPARE(D[9], 100.0);
    }

    // The defaults fit the model's context. Derived by hand: a context of 256 tokens (the demos'
    // max_position_embeddings) gets 256 / 16 = 16 generated tokens and a buffer of 256 / 4 = 64; the
    // room is 256 - 16 = 240, the lengths run from 240 * 2 / 3 = 160 to 240 in 5 steps of 20 (room <
    // 500); with Just-Read-Twice the room halves to 120: 80 to 120 in steps of 10. A context that holds
    // 4096 + 40 tokens, or one not known, gets the thesis grid.
    void niahDefaultsFitTheContext() {
        QCOMPARE(niah_default_generate(256), 16);
        QCOMPARE(niah_default_buffer(256), 64);
        QCOMPARE(niah_default_lengths(256, 16, false), (std::vector<int>{160, 180, 200, 220, 240}));
        QCOMPARE(niah_default_lengths(256, 16, true), (std::vector<int>{80, 90, 100, 110, 120}));
        const std::vector<int> thesis{250, 677, 1105, 1532, 1959, 2387, 2814, 3241, 3669, 4096};
        for (int context : {0, 4136, 131072}) {
            QCOMPARE(niah_default_generate(context), 40);
            QCOMPARE(niah_default_buffer(context), 200);
            QCOMPARE(niah_default_lengths(context, 40, false), thesis);
        }
        // 2048 tokens (the tiny test models): room 2008, from 250 in 10 steps of 1758 / 9 = 195.33...
        QCOMPARE(niah_default_lengths(2048, 40, false),
                 (std::vector<int>{250, 445, 641, 836, 1031, 1227, 1422, 1617, 1813, 2008}));
        // On the demo transformer the default grid builds, and every prompt and its answer fit its context.
        auto demo = std::shared_ptr<Model>(Model::load(demo_model("transformer")));
        const int context = demo->info().max_positions;
        QCOMPARE(context, 256);  // its config.json
        NiahOptions o;
        o.generate = niah_default_generate(context);
        o.depths = {0, 50, 100};
        const auto prompts = make_niah_prompts(demo->tokenizer(), o, context);
        QCOMPARE(prompts.size(), std::size_t(15));
        for (const auto& p : prompts) {
            QVERIFY2(static_cast<int>(p.tokens.size()) <= p.length, p.id.c_str());
            QVERIFY(p.length + o.generate <= context);
            QVERIFY2(p.needle_end <= static_cast<int>(p.tokens.size()) && p.needle_begin > 0, p.id.c_str());
        }
    }

    void niahNeedlePlacement() {
        const auto& tok = model_->tokenizer();
        NiahOptions o;
        o.lengths = {300, 700};
        o.depths = {0, 25, 50, 75, 100};
        o.generate = 10;
        const auto prompts = make_niah_prompts(tok, o, model_->info().max_positions);
        QCOMPARE(prompts.size(), std::size_t(10));
        const auto head = tok.encode("CONTEXT:\n\n", false);
        const int offset = static_cast<int>(tok.encode("a", true).size() - tok.encode("a", false).size() + head.size());
        for (const auto& p : prompts) {
            const std::vector<int> span(p.tokens.begin() + p.needle_begin, p.tokens.begin() + p.needle_end);
            QCOMPARE(QString::fromStdString(tok.decode(span, true)), QString::fromStdString(" " + o.needle.needle));
            QCOMPARE(static_cast<int>(p.needle_tokens.size()), p.needle_end - p.needle_begin);
            QVERIFY(static_cast<int>(p.tokens.size()) <= p.length);
            const int hay_len =
                p.length - niah_default_buffer(model_->info().max_positions) - (p.needle_end - p.needle_begin);
            const int requested = static_cast<int>(std::lround(p.depth / 100.0 * hay_len));
            const int cut = p.needle_begin - offset;
            QVERIFY(cut <= requested);
            if (cut > 0 && p.depth < 100) {
                // on a sentence boundary (depth 100%: after the last haystack token, as the reference does): the haystack token before the needle ends a sentence ...
                std::string before = tok.decode({p.tokens[p.needle_begin - 1]}, true);
                while (!before.empty() && std::isspace(static_cast<unsigned char>(before.back()))) before.pop_back();
                QVERIFY2(!before.empty() && std::string(".!?").find(before.back()) != std::string::npos,
                         before.c_str());
            }
            if (p.depth < 100) {
                // ... and it is the last sentence end at or before the requested depth
                for (int i = p.needle_end; i < p.needle_end + (requested - cut); ++i) {
                    std::string t = tok.decode({p.tokens[i]}, true);
                    while (!t.empty() && std::isspace(static_cast<unsigned char>(t.back()))) t.pop_back();
                    QVERIFY(t.empty() || std::string(".!?").find(t.back()) == std::string::npos);
                }
            } else {
                QCOMPARE(cut, hay_len);
            }
            const std::string text = tok.decode(p.tokens, true);
            QVERIFY(text.rfind("CONTEXT:\n\n", 0) == 0);
            QVERIFY2(text.size() > 60 &&
                         text.substr(text.size() - 58) == "ANSWER: Here is the most relevant sentence in the context:",
                     text.substr(text.size() - 70).c_str());
        }
        QCOMPARE(prompts[0].needle_begin, offset);  // depth 0: first thing in the haystack
        o.lengths = {300};
        o.depths = {50};
        o.just_read_twice = true;
        o.instruct = true;
        const auto jrt = make_niah_prompts(tok, o, model_->info().max_positions);
        QCOMPARE(jrt[0].needle_tokens.size(), std::size_t(2 * (jrt[0].needle_end - jrt[0].needle_begin)));
        const std::string t = tok.decode(jrt[0].tokens, true);
        QVERIFY(t.find("QUESTION:") != t.rfind("QUESTION:"));
        QVERIFY(t.size() > 22 && t.substr(t.size() - 22) == "context, word by word!");
    }

    void niahErrors() {
        const auto& tok = model_->tokenizer();
        NiahOptions o;
        o.lengths = {2000};
        QString e = error_of([&] { make_niah_prompts(tok, o, 1024); });
        QVERIFY2(e.contains("2000") && e.contains("context of 1024"), qPrintable(e));
        // A context shorter than every cell (the demos' 256 tokens): said once, with what fits.
        o.lengths = {250, 500};
        e = error_of([&] { make_niah_prompts(tok, o, 256); });
        QVERIFY2(e.contains("holds no cell") && e.contains("up to 216 tokens") && e.contains("KV-retrieval map"),
                 qPrintable(e));
        o.just_read_twice = true;
        e = error_of([&] { make_niah_prompts(tok, o, 256); });
        QVERIFY2(e.contains("up to 108 tokens") && e.contains("Just-Read-Twice"), qPrintable(e));
        o.just_read_twice = false;
        o.lengths = {200, 2000};  // some cells fit: the one that does not is named
        e = error_of([&] { make_niah_prompts(tok, o, 1024); });
        QVERIFY2(e.contains("a prompt of 2000 tokens") && !e.contains("holds no cell"), qPrintable(e));
        o.lengths = {300};
        o.haystack = dir_ / "empty_hay";
        std::filesystem::create_directories(o.haystack);
        write_text(o.haystack / "blank.txt", "  \n");
        e = error_of([&] { make_niah_prompts(tok, o, 1024); });
        QVERIFY2(e.contains("no non-empty .txt"), qPrintable(e));
        o.haystack.clear();
        o.lengths = {210};
        e = error_of([&] { make_niah_prompts(tok, o, 1024); });
        QVERIFY2(e.contains("no room"), qPrintable(e));
    }
};

QTEST_GUILESS_MAIN(TestTasks)
#include "tst_tasks.moc"
