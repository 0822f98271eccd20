// Winogrande's partial evaluation as lm-evaluation-harness does it (winogrande/default.yaml with
// preprocess_winogrande.py): one context per option, sentence[:blank] + option, and ONE continuation,
// " " (target_delimiter) + sentence[blank + 1:].strip(); the options are compared by that
// continuation's log-likelihood after each context. The expected strings are written out by hand;
// the expected scores are naive per-option log-likelihoods from the model's plain forward over
// tokens(context + continuation) (lm-eval's _encode_pair), on an attention model (one tree pass)
// and a state-space model (cached passes), unablated and with a layer skipped, through
// score_choices, sweep_continuations, an empty shared prompt and an experiment run.
#include <QtTest>

#include <cmath>
#include <fstream>

#include "gna/error.h"
#include "gna/experiments.h"
#include "gna/model.h"
#include "gna/tasks.h"
#include "gna/tokenizer.h"
#include "test_models.h"

using namespace gna;
using namespace gna::test;
using Ids = std::vector<int>;

namespace {

struct Case {
    const char* row;
    const char* context[2];  // by hand: sentence[:blank] + option
    const char* continuation;  // by hand: " " + sentence[blank + 1:].strip()
    int answer;
};

const Case kCases[] = {
    {R"({"sentence": "Sarah was a much better surgeon than Maria so _ always got the harder cases.", "option1": "Sarah", "option2": "Maria", "answer": "1"})",
     {"Sarah was a much better surgeon than Maria so Sarah", "Sarah was a much better surgeon than Maria so Maria"},
     " always got the harder cases.",
     0},
    // The text after the blank starts with "'s": lm-eval's target delimiter still puts a space before
    // it; the trailing space is stripped.
    {"{\"sentence\": \"The cloud does not fit into the _'s house. \", \"option1\": \"stone\", \"option2\": \"river\", "
     "\"answer\": 1}",
     {"The cloud does not fit into the stone", "The cloud does not fit into the river"},
     " 's house.",
     0},
    // The blank opens the sentence: the contexts share only what the tokenizer puts before them.
    {R"({"sentence": "_ went to the river to see the apple tree.", "option1": "Ishmael", "option2": "The key", "answer": "2"})",
     {"Ishmael", "The key"},
     " went to the river to see the apple tree.",
     1},
};

// lm-eval's _encode_pair for a context without trailing spaces: context = tokens(context),
// continuation = tokens(context + continuation) after len(context) tokens.
std::pair<Ids, Ids> encode_pair_by_hand(const Tokenizer& tok, const std::string& context, const std::string& cont,
                                        bool bos) {
    const Ids ctx = tok.encode(context, bos), whole = tok.encode(context + cont, bos);
    return {ctx, Ids(whole.begin() + static_cast<std::ptrdiff_t>(ctx.size()), whole.end())};
}

}  // namespace

class TestPartialEval : public QObject {
    Q_OBJECT
    TempDir dir_;
    std::filesystem::path file_;
    std::unique_ptr<Model> llama_, mamba_;

    void checkScores(Model& m) {
        const Tokenizer& tok = m.tokenizer();
        const auto items = load_knowledge_mc(tok, file_);
        InterventionPlan skip;
        skip.skip_layers = {1};
        for (std::size_t i = 0; i < items.size(); ++i) {
            std::vector<std::vector<double>> want(2, std::vector<double>(2));
            for (int c = 0; c < 2; ++c) {
                const auto [ctx, cont] = encode_pair_by_hand(tok, kCases[i].context[c], kCases[i].continuation, true);
                want[0][c] = naive_logprob(m, ctx, cont);
                want[1][c] = naive_logprob(m, ctx, cont, skip);
            }
            const ChoiceOutcome o = score_choices(m, items[i]);
            for (int c = 0; c < 2; ++c)
                QVERIFY2(std::abs(o.logprobs[c] - want[0][c]) < 1e-4, qPrintable(QString::number(i)));
            QCOMPARE(o.predicted, want[0][0] >= want[0][1] ? 0 : 1);
            SweepRequest r;
            r.prompt = items[i].prompt;
            r.continuations = items[i].choices;
            r.context_tokens = items[i].context_tokens;
            r.plans = {InterventionPlan{}, skip};
            const auto swept = m.sweep_continuations(r);
            for (int p = 0; p < 2; ++p)
                for (int c = 0; c < 2; ++c) QVERIFY(std::abs(swept[p][c] - want[p][c]) < 1e-4);
        }
        // No shared first token (no BOS): an empty prompt, each option scored after its own context.
        std::vector<Ids> conts;
        std::vector<int> context_tokens;
        std::vector<double> want;
        for (int c = 0; c < 2; ++c) {
            const auto [ctx, cont] = encode_pair_by_hand(tok, kCases[2].context[c], kCases[2].continuation, false);
            want.push_back(naive_logprob(m, ctx, cont));
            Ids seq = ctx;
            seq.insert(seq.end(), cont.begin(), cont.end());
            conts.push_back(seq);
            context_tokens.push_back(static_cast<int>(ctx.size()));
        }
        QVERIFY(conts[0][0] != conts[1][0]);
        const auto got = m.score_continuations({}, conts, {}, context_tokens);
        SweepRequest r;
        r.continuations = conts;
        r.context_tokens = context_tokens;
        r.plans = {InterventionPlan{}};
        const auto swept = m.sweep_continuations(r);
        for (int c = 0; c < 2; ++c) {
            QVERIFY(std::abs(got[c] - want[c]) < 1e-4);
            QVERIFY(std::abs(swept[0][c] - want[c]) < 1e-4);
        }
        // Every token context: nothing left to score.
        const QString e = [&] {
            try {
                m.score_continuations({}, conts, {}, {static_cast<int>(conts[0].size()), 1});
            } catch (const Error& x) {
                return QString::fromStdString(x.what());
            }
            return QString();
        }();
        QVERIFY2(e.contains("continuation 0") && e.contains("at least one must be scored"), qPrintable(e));
    }

private Q_SLOTS:
    void initTestCase() {
        file_ = dir_ / "winogrande.jsonl";
        std::ofstream f(file_);
        for (const Case& c : kCases) f << c.row << "\n";
        f.close();
        llama_ = Model::load(make_model(dir_, "llama", tiny_any_arch("llama", 3)));
        mamba_ = Model::load(make_model(dir_, "mamba", tiny_any_arch("mamba", 4)));
    }

    void contextsAndContinuationAsLmEval() {
        const Tokenizer& tok = llama_->tokenizer();
        const auto items = load_knowledge_mc(tok, file_);
        QCOMPARE(items.size(), std::size_t(3));
        for (std::size_t i = 0; i < items.size(); ++i) {
            const ChoiceItem& it = items[i];
            QCOMPARE(it.answer, kCases[i].answer);
            QCOMPARE(it.context_tokens.size(), std::size_t(2));
            for (std::size_t c = 0; c < 2; ++c) {
                const auto [prompt, cont] = choice_sequence(it, c);
                const auto [ctx, want_cont] =
                    encode_pair_by_hand(tok, kCases[i].context[c], kCases[i].continuation, true);
                QCOMPARE(prompt, ctx);
                QCOMPARE(cont, want_cont);
                QCOMPARE(QString::fromStdString(tok.decode(prompt, true)), QString::fromUtf8(kCases[i].context[c]));
                QCOMPARE(QString::fromStdString(tok.decode(cont, true)), QString::fromUtf8(kCases[i].continuation));
                // lm-eval's acc_norm length: the choice, i.e. the option's context, in characters.
                QCOMPARE(it.choice_chars[c], static_cast<double>(std::string(kCases[i].context[c]).size()));
            }
            // The shared prompt is the common token prefix of the two contexts, nothing more.
            const auto [p0, c0] = choice_sequence(it, 0);
            const auto [p1, c1] = choice_sequence(it, 1);
            std::size_t common = 0;
            while (common < p0.size() && common < p1.size() && p0[common] == p1[common]) ++common;
            QCOMPARE(it.prompt.size(), common);
        }
    }

    void badRows() {
        const auto f = dir_ / "bad.jsonl";
        std::ofstream(f) << R"({"sentence": "No blank here.", "option1": "a", "option2": "b", "answer": "1"})"
                            "\n"
                         << R"({"sentence": "A _ here.", "option1": "a", "option2": "b", "answer": ""})"
                            "\n";
        QString e;
        try {
            load_knowledge_mc(llama_->tokenizer(), f);
        } catch (const Error& x) {
            e = QString::fromStdString(x.what());
        }
        QVERIFY2(e.contains("bad.jsonl:1") && e.contains("no blank"), qPrintable(e));
        std::ofstream(f) << R"({"sentence": "A _ here.", "option1": "a", "option2": "b", "answer": ""})"
                            "\n";
        try {
            load_knowledge_mc(llama_->tokenizer(), f);
            e.clear();
        } catch (const Error& x) {
            e = QString::fromStdString(x.what());
        }
        QVERIFY2(e.contains("bad.jsonl:1") && e.contains("\"answer\""), qPrintable(e));
    }

    void attentionModelMatchesNaive() { checkScores(*llama_); }
    void stateSpaceModelMatchesNaive() { checkScores(*mamba_); }

    // The knowledge experiment on Winogrande rows: per-sample predictions are the naive argmax.
    void experimentRun() {
        const Json spec = {{"experiment", "evaluate"}, {"task", {{"name", "knowledge"}, {"file", file_.string()}}}};
        ExperimentOptions opt;
        opt.out_dir = dir_ / "exp";
        const ExperimentOutcome out = run_experiment(*llama_, spec, opt);
        QVERIFY(out.complete);
        const std::vector<SampleOutcome>& samples = out.result.samples;
        QCOMPARE(samples.size(), std::size_t(3));
        const Tokenizer& tok = llama_->tokenizer();
        for (std::size_t i = 0; i < 3; ++i) {
            double lp[2];
            for (int c = 0; c < 2; ++c) {
                const auto [ctx, cont] = encode_pair_by_hand(tok, kCases[i].context[c], kCases[i].continuation, true);
                lp[c] = naive_logprob(*llama_, ctx, cont);
            }
            const int want = lp[0] >= lp[1] ? 0 : 1;
            QCOMPARE(samples[i].predicted.value()[0], want);
            QCOMPARE(samples[i].scores[0], want == kCases[i].answer ? 1.0 : 0.0);
        }
    }
};

QTEST_GUILESS_MAIN(TestPartialEval)
#include "tst_partial_eval.moc"
