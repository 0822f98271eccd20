// Prompts and continuations exactly as lm-evaluation-harness builds them. The expected strings
// are written out by hand from lm-eval's task files (mmlu/default/_default_template_yaml,
// arc/arc_easy.yaml, openbookqa/openbookqa.yaml, piqa/piqa.yaml, hellaswag/utils.py,
// winogrande/preprocess_winogrande.py) and its _encode_pair / acc_norm code, never produced by the
// code under test.
#include <QtTest>

#include <fstream>

#include "gna/error.h"
#include "gna/tasks.h"
#include "gna/tokenizer.h"
#include "test_models.h"
#include "test_support.h"

using namespace gna;
using namespace gna::test;
using Ids = std::vector<int>;

class TestLmEvalPrompts : public QObject {
    Q_OBJECT
    TempDir dir_;
    std::unique_ptr<Tokenizer> tok_;

    // lm-eval's continuation: tokens(context + continuation) after the first len(tokens(context)).
    Ids expected_continuation(const std::string& context, const std::string& continuation) const {
        const Ids ctx = tok_->encode(context, true), whole = tok_->encode(context + continuation, true);
        return Ids(whole.begin() + static_cast<std::ptrdiff_t>(ctx.size()), whole.end());
    }

private Q_SLOTS:
    void initTestCase() {
        write_bytelevel_bpe_tokenizer(dir_ / "tok", tiny_tokenizer_corpus(), 120);
        tok_ = load_tokenizer(dir_ / "tok");
    }

    void mmluChoicesAreNotStripped() {
        // Question stripped, choices verbatim (leading/trailing spaces and a tab kept).
        MmluQuestion q{"college_physics", "  Which is a vector?  ", {" speed", "velocity ", "\tmass", "time"}, 1, ""};
        MmluQuestion shot{"college_physics", "What is 1+1?\n", {"2 ", " 3", "4", "5"}, 0, ""};
        const std::string zero =
            "The following are multiple choice questions (with answers) about college physics.\n\n"
            "Which is a vector?\nA.  speed\nB. velocity \nC. \tmass\nD. time\nAnswer:";
        QCOMPARE(QString::fromStdString(mmlu_prompt(q, {})), QString::fromStdString(zero));
        const std::string one =
            "The following are multiple choice questions (with answers) about college physics.\n\n"
            "What is 1+1?\nA. 2 \nB.  3\nC. 4\nD. 5\nAnswer: A\n\n"
            "Which is a vector?\nA.  speed\nB. velocity \nC. \tmass\nD. time\nAnswer:";
        QCOMPARE(QString::fromStdString(mmlu_prompt(q, {shot})), QString::fromStdString(one));
    }

    void mmluItemsScoreSpaceLetterAndUnstrippedChoices() {
        const auto data = dir_ / "mmlu.jsonl";
        write_text(
            data,
            R"({"subject": "college_physics", "question": "Which is a vector?", "choices": [" speed", "velocity ", "mass", "time"], "answer": 1, "split": "test"})"
            "\n");
        MmluOptions o;
        o.data = data;
        o.classic = true;
        const auto classic = mmlu_items(*tok_, o);
        const std::string prompt =
            "The following are multiple choice questions (with answers) about college physics.\n\n"
            "Which is a vector?\nA.  speed\nB. velocity \nC. mass\nD. time\nAnswer:";
        QCOMPARE(QString::fromStdString(classic[0].prompt_text), QString::fromStdString(prompt));
        // Target delimiter " " + the choice as stored: "  speed" (two spaces), " velocity ".
        QCOMPARE(classic[0].choices[0], expected_continuation(prompt, "  speed"));
        QCOMPARE(classic[0].choices[1], expected_continuation(prompt, " velocity "));
        QCOMPARE(classic[0].choice_chars[0], 6.0);  // len(" speed")
        o.classic = false;
        const auto letters = mmlu_items(*tok_, o);
        // " B" after "Answer:" (the shared prefix may move into the prompt: compare the whole).
        Ids whole = letters[0].prompt;
        whole.insert(whole.end(), letters[0].choices[1].begin(), letters[0].choices[1].end());
        QCOMPARE(whole, tok_->encode(prompt + " B", true));
    }

    void encodePairMovesTrailingSpace() {
        // Context "Answer: " + "A": lm-eval scores " A" after tokens("Answer:").
        const EncodedPair p = encode_pair(*tok_, "Answer: ", "A");
        QCOMPARE(p.context, tok_->encode("Answer:", true));
        QCOMPARE(p.continuation, expected_continuation("Answer:", " A"));
    }

    void knowledgeRowsAsLmEvalTaskFiles() {
        const auto f = dir_ / "k.jsonl";
        write_text(
            f,
            // ARC: "Question: {{question}}\nAnswer:", choices.text, label.index(answerKey)
            R"({"id": "arc", "question": "Which is hot?", "choices": {"text": ["ice", "fire"], "label": ["A", "B"]}, "answerKey": "B"})"
            "\n"
            // OpenBookQA: question_stem verbatim, answerKey.lstrip()
            R"({"question_stem": "The sun is", "choices": {"text": ["a star", "a moon", "cold"], "label": ["A", "B", "C"]}, "answerKey": " A"})"
            "\n"
            // PIQA: "Question: {{goal}}\nAnswer:", [sol1, sol2], label
            R"({"goal": "Open a jar", "sol1": "twist the lid", "sol2": "eat the lid", "label": 0})"
            "\n"
            // HellaSwag: preprocess(activity_label + ": " + ctx_a + " " + ctx_b.capitalize())
            R"({"activity_label": "Baking", "ctx_a": "A man mixes flour. [title] Step two", "ctx_b": "then HE bakes", "endings": [" it [header] well.", "a  cake"], "label": "1"})"
            "\n");
        const auto items = load_knowledge_mc(*tok_, f);
        QCOMPARE(items.size(), std::size_t(4));
        QCOMPARE(QString::fromStdString(items[0].prompt_text), QStringLiteral("Question: Which is hot?\nAnswer:"));
        QCOMPARE(items[0].answer, 1);
        QCOMPARE(items[0].choices[1], expected_continuation("Question: Which is hot?\nAnswer:", " fire"));
        QCOMPARE(QString::fromStdString(items[1].prompt_text), QStringLiteral("The sun is"));
        QCOMPARE(items[1].answer, 0);
        QCOMPARE(QString::fromStdString(items[2].prompt_text), QStringLiteral("Question: Open a jar\nAnswer:"));
        QCOMPARE(items[2].choices[0], expected_continuation("Question: Open a jar\nAnswer:", " twist the lid"));
        // "Baking: A man mixes flour. [title] Step two Then he bakes": " [title]" -> ". ", then
        // "  " -> " "; endings: " it [header] well." -> strip -> "it  well." -> "it well.";
        // "a  cake" -> "a cake".
        const std::string hs = "Baking: A man mixes flour.. Step two Then he bakes";
        QCOMPARE(QString::fromStdString(items[3].prompt_text), QString::fromStdString(hs));
        QCOMPARE(items[3].answer, 1);
        QCOMPARE(items[3].choices[0], expected_continuation(hs, " it well."));
        QCOMPARE(items[3].choices[1], expected_continuation(hs, " a cake"));
        QCOMPARE(items[3].choice_chars[0], 8.0);  // len("it well.")
    }

    void hellaswagBracketsDoNotCrossLines() {
        // re.sub("\\[.*?\\]", "", text): "." does not match a newline, so "[a\nb]" stays and "[c]"
        // goes; strip() ran before, so the space left behind stays too.
        const auto f = dir_ / "h.jsonl";
        write_text(
            f,
            R"({"activity_label": "X", "ctx_a": "keep [a\nb] drop [c]", "ctx_b": "", "endings": ["e", "f"], "label": 0})"
            "\n");
        const auto items = load_knowledge_mc(*tok_, f);
        QCOMPARE(QString::fromStdString(items[0].prompt_text), QStringLiteral("X: keep [a\nb] drop "));
    }

    void winograndeContextsPerOption() {
        // preprocess_winogrande: choices = [sentence[:idx] + option], target = sentence[idx+1:].strip(),
        // continuation " " + target after each choice (tst_partial_eval scores them).
        const auto f = dir_ / "w.jsonl";
        write_text(
            f,
            R"({"sentence": "The cup broke because _ was thin. ", "option1": "cup", "option2": "table", "answer": "2"})"
            "\n");
        const auto items = load_knowledge_mc(*tok_, f);
        QCOMPARE(items[0].answer, 1);
        QCOMPARE(QString::fromStdString(items[0].prompt_text), QStringLiteral("The cup broke because "));
        for (std::size_t c = 0; c < 2; ++c) {
            const std::string context = std::string("The cup broke because ") + (c == 0 ? "cup" : "table");
            const auto [prompt, cont] = choice_sequence(items[0], c);
            QCOMPARE(prompt, tok_->encode(context, true));
            QCOMPARE(cont, expected_continuation(context, " was thin."));
        }
    }

    void accNormDividesByCharacters() {
        // lm-eval: pred_norm = argmax(lls / len(choice)), len in characters without the delimiter.
        // "é" is 1 character (2 bytes); "ab" 2 characters. lls -1.2, -2.0: per character -1.2 vs
        // -1.0 -> choice 1 (per byte it would be -0.6 vs -1.0 -> choice 0).
        const auto f = dir_ / "n.jsonl";
        write_text(f, "{\"context\": \"Pick:\", \"choices\": [\"\xC3\xA9\", \"ab\"], \"answer\": 1}\n");
        const auto items = load_knowledge_mc(*tok_, f);
        QCOMPARE(items[0].choice_chars, (std::vector<double>{1.0, 2.0}));
        QCOMPARE(items[0].choice_bytes, (std::vector<double>{2.0, 2.0}));
        const ChoiceOutcome o = judge_choices(items[0], {-1.2, -2.0});
        QCOMPARE(o.predicted, 0);
        QCOMPARE(o.predicted_norm, 1);
        QVERIFY(o.correct_norm);
    }
};

QTEST_GUILESS_MAIN(TestLmEvalPrompts)
#include "tst_lm_eval_prompts.moc"
