// GuidedTour: the seven steps, each a few sentences and what it does to the window.
#include <QFileInfo>
#include <QLabel>
#include <algorithm>
#include <memory>

#include "core_errors.h"
#include "gna/error.h"
#include "gna/intervention.h"
#include "guided_tour.h"
#include "job_tracker.h"
#include "main_window.h"
#include "number_format.h"
#include "prompt_editor.h"

namespace gna::studio {

namespace {
// Small probabilities keep two significant digits ("0.0021%"), as the chart's bars show them apart.
QString percent(double p) { return views::formatPercent(p, p < 0.001 ? 2 : 3); }

// How a measured value moved, in the words the text uses: a change by less than a fifth either way
// (a tenth of the scale for shares answered right) is no change.
enum class Change { Drops, Stays, Rises };
Change probabilityChange(double before, double after) {
    return after < 0.8 * before ? Change::Drops : after > 1.25 * before ? Change::Rises : Change::Stays;
}
Change shareChange(double before, double after) {
    return after < before - 0.1 ? Change::Drops : after > before + 0.1 ? Change::Rises : Change::Stays;
}

gna::InterventionPlan planOf(const views::HeadCells& heads) {
    gna::InterventionPlan plan;
    for (const auto& h : heads) plan.ablate({h.layer, h.head, h.ssm ? gna::HeadKind::SSM : gna::HeadKind::Attention});
    return plan;
}
}  // namespace

QString GuidedTour::stepText(int step, tour::ModelKind kind) {
    static const char* const texts[] = {
        QT_TR_NOOP("This tour shows, live, the few attention heads that let a language model retrieve from its "
                   "context. Each step sets up the window for you: press Next to go on, Back to return, or Leave to "
                   "keep exploring with everything as it is. Help ▸ Guided tour brings the tour back."),
        QT_TR_NOOP("The prompt lists a dictionary of key:value pairs and asks for the value of one key, so the model "
                   "can only answer by retrieving it from its context. The chart next to the head board shows the "
                   "probability of each candidate value as the next token."),
        QT_TR_NOOP("Every cell is one attention head (rows: layers, columns: heads). Each head was switched off alone "
                   "and the retrieval score measured again; the colour shows how much the score dropped. A few heads "
                   "matter far more than all the others."),
        QT_TR_NOOP("A Gather head condenses each segment of the prompt into its summary token: from the end of every "
                   "line it attends back over that line. The left map shows this head, chosen among the top-ranked "
                   "heads by where its attention goes."),
        QT_TR_NOOP("An Aggregate head reads those summaries: from the final position it attends to the line ends and "
                   "carries the retrieved value to the output. The right map shows this head; its last row is the "
                   "final position."),
        QT_TR_NOOP("The tour has switched the Aggregate head off on the head board, just as a click does (Edit ▸ Undo "
                   "brings it back). Compare the probability of the correct value with the previous step."),
        QT_TR_NOOP("MMLU asks for the letter of the right option, so the model must retrieve which letter stands next "
                   "to the answer it knows; the classic format scores the answer text itself. The tour switches off "
                   "the heads that carry the letter (the model card's measured one, or else the Gather and Aggregate "
                   "heads) and scores both formats: where the letter falls while the classic answer holds, MMLU's "
                   "difficulty is retrieval, not knowledge."),
        QT_TR_NOOP("The same dictionary prompt on the bundled SSM and hybrid demo models. An SSM has to squeeze the "
                   "dictionary into a fixed-size state and approximates the Gather and Aggregate heads weakly; a "
                   "hybrid keeps a few attention layers and retrieves through attention again.")};
    // The steps that speak of heads and their attention, worded for a model without attention (its SSM
    // heads' hidden attention) and for a hybrid (both kinds); nullptr: the attention model's text fits.
    static const char* const ssmTexts[] = {
        QT_TR_NOOP("This tour shows, live, the few heads that let a language model retrieve from its context. This "
                   "model is a state-space model without attention: its heads are SSM heads, and what each one reads "
                   "from earlier tokens is shown as its hidden attention. Each step sets up the window for you: press "
                   "Next to go on, Back to return, or Leave to keep exploring with everything as it is. Help ▸ Guided "
                   "tour brings the tour back."),
        nullptr,
        QT_TR_NOOP(
            "Every cell is one SSM head (rows: layers, columns: heads). Each head was switched off alone and the "
            "retrieval score measured again; the colour shows how much the score dropped. A few heads matter "
            "far more than all the others."),
        QT_TR_NOOP("A Gather head condenses each segment of the prompt into its summary token: from the end of every "
                   "line it reads back over that line. An SSM head has no attention weights: the left map shows its "
                   "hidden attention, the weight its state-space recurrence gives each earlier token. This head was "
                   "chosen among the top-ranked heads by where that weight goes."),
        QT_TR_NOOP(
            "An Aggregate head reads those summaries: from the final position it reads the line ends and carries "
            "the retrieved value to the output. The right map shows this SSM head's hidden attention; its last "
            "row is the final position."),
        nullptr,
        nullptr,
        nullptr};
    static const char* const hybridTexts[] = {
        QT_TR_NOOP(
            "This tour shows, live, the few heads that let a language model retrieve from its context. This "
            "hybrid model has attention heads and SSM heads; what an SSM head reads from earlier tokens is shown "
            "as its hidden attention. Each step sets up the window for you: press Next to go on, Back to return, "
            "or Leave to keep exploring with everything as it is. Help ▸ Guided tour brings the tour back."),
        nullptr,
        QT_TR_NOOP("Every cell is one head (rows: layers; columns: the attention heads H, then the SSM heads S). Each "
                   "head was switched off alone and the retrieval score measured again; the colour shows how much the "
                   "score dropped. A few heads matter far more than all the others."),
        QT_TR_NOOP("A Gather head condenses each segment of the prompt into its summary token: from the end of every "
                   "line it attends back over that line. The left map shows this head, chosen among the top-ranked "
                   "heads by where its attention goes (for an SSM head, its hidden attention: the weight its "
                   "state-space recurrence gives each earlier token)."),
        QT_TR_NOOP("An Aggregate head reads those summaries: from the final position it attends to the line ends and "
                   "carries the retrieved value to the output. The right map shows this head (for an SSM head, its "
                   "hidden attention); its last row is the final position."),
        nullptr,
        nullptr,
        nullptr};
    static_assert(std::size(texts) == kSteps + 1 && std::size(ssmTexts) == kSteps + 1 &&
                  std::size(hybridTexts) == kSteps + 1);
    step = std::clamp(step, 0, kSteps);
    const char* text = kind == tour::ModelKind::Ssm ? ssmTexts[step]
        : kind == tour::ModelKind::Hybrid           ? hybridTexts[step]
                                                    : nullptr;
    return tr(text ? text : texts[step]);
}

void GuidedTour::applyStep() {
    static const char* const titles[] = {QT_TR_NOOP("A guided tour of Gather & Aggregate"),
                                         QT_TR_NOOP("The task: retrieve a value from a dictionary"),
                                         QT_TR_NOOP("The head board, coloured by the head ranking"),
                                         QT_TR_NOOP("The Gather head"),
                                         QT_TR_NOOP("The Aggregate head"),
                                         QT_TR_NOOP("Switch off the Aggregate head"),
                                         QT_TR_NOOP("MMLU format versus classic format"),
                                         QT_TR_NOOP("Transformer, SSM and hybrid")};
    static_assert(std::size(titles) == kSteps + 1);
    m_title->setText(tr(titles[m_step]));
    m_text->setText(stepText(m_step, tour::modelKind(m_window->session()->modelInfo())));
    switch (m_step) {
        case 0:
            return markReady();
        case 1:
            return showTask();
        case 2:
            return showRanking();
        case 3:
            return showGather();
        case 4:
            return showAggregate();
        case 5:
            return ablateAggregate();
        case 6:
            return compareFormats();
        default:
            return otherArchitectures();
    }
}

void GuidedTour::showTask() {
    ensureModel([this] {
        ensureTask([this] {
            measure([this] {
                markReady(tr("The correct value is <b>%1</b>. Scored as the task does (each value as a continuation), "
                             "the model gives it a probability of <b>%2</b> among the %3 values in the dictionary; "
                             "a guess would give %4.")
                              .arg(m_sample.answer())
                              .arg(percent(answerProbability()))
                              .arg(m_sample.dictionary.size())
                              .arg(percent(1.0 / double(m_sample.dictionary.size()))));
            });
        });
    });
}

void GuidedTour::showRanking() {
    ensureModel([this] {
        ensureTask([this] {
            ensureRanking([this] {
                QStringList top;
                for (int i = 0; i < std::min<int>(5, m_ranking.size()); ++i)
                    top << QStringLiteral("%1 (%2)")
                               .arg(m_ranking[i].head.name())
                               .arg(views::formatNumber(m_ranking[i].importance));
                markReady(tr("Ranking %1. Most important: %2.")
                              .arg(m_rankingSource.toHtmlEscaped(), top.join(QStringLiteral(", "))));
            });
        });
    });
}

// The steps that show the Gather and Aggregate heads: model, task, ranking and heads ready, both maps shown.
void GuidedTour::showGatherAndAggregate(Then then) {
    ensureModel([this, then] {
        ensureTask([this, then] {
            ensureRanking([this, then] {
                ensureHeads([this, then] {
                    m_window->setShownHeads({m_heads.gather, m_heads.aggregate});
                    then();
                });
            });
        });
    });
}

void GuidedTour::showGather() {
    showGatherAndAggregate([this] {
        whenIdle([this] {
            markReady(
                (m_heads.gather.ssm
                     ? tr("Gather head <b>%1</b>: the line ends put %2 of their hidden attention on their own line.")
                     : tr("Gather head <b>%1</b>: the line ends put %2 of their attention on their own line."))
                    .arg(m_heads.gather.name(), percent(m_heads.gatherScore.gather)));
        });
    });
}

void GuidedTour::showAggregate() {
    showGatherAndAggregate([this] {
        whenIdle([this] {
            measure([this] {
                m_pUnablated = answerProbability();
                m_tokenUnablated = answerTokenProbability();
                markReady(
                    (m_heads.aggregate.ssm
                         ? tr("Aggregate head <b>%1</b>: the final position puts %2 of its hidden attention on the "
                              "line "
                              "ends. Probability of the correct value as the next token (the chart's top bar, ★ %5): "
                              "<b>%3</b>; among the dictionary's values only (the task's score): %4.")
                         : tr("Aggregate head <b>%1</b>: the final position puts %2 of its attention on the line "
                              "ends. Probability of the correct value as the next token (the chart's top bar, ★ %5): "
                              "<b>%3</b>; among the dictionary's values only (the task's score): %4."))
                        .arg(m_heads.aggregate.name(), percent(m_heads.aggregateScore.aggregate),
                             percent(m_tokenUnablated), percent(m_pUnablated), QString::number(m_sample.answer())));
            });
        });
    });
}

void GuidedTour::ablateAggregate() {
    showGatherAndAggregate([this] {
        whenIdle([this] {
            measure([this] {
                m_pUnablated = answerProbability();
                m_tokenUnablated = answerTokenProbability();
                setAblated({m_heads.aggregate});
                whenIdle([this] {
                    measure([this] {
                        m_pAblated = answerProbability();
                        m_tokenAblated = answerTokenProbability();
                        // The chart's quantity first (its top bar), then the task's share among the dictionary's
                        // values; the verbs follow the measured values, so the text says what the chart shows.
                        auto moves = [](Change c, const QString& before, const QString& after) {
                            return c == Change::Drops ? tr("drops from %1 to %2").arg(before, after)
                                : c == Change::Rises  ? tr("rises from %1 to %2").arg(before, after)
                                                      : tr("stays about the same (%1, then %2)").arg(before, after);
                        };
                        const Change tokenMove = probabilityChange(m_tokenUnablated, m_tokenAblated);
                        QString r =
                            tr("With <b>%1</b> off, the probability of the correct value as the next token (the "
                               "chart's top bar, ★ %2) %3. Among the dictionary's values only (the task's score), it "
                               "%4.")
                                .arg(m_heads.aggregate.name(), QString::number(m_sample.answer()),
                                     moves(tokenMove, QStringLiteral("<b>%1</b>").arg(percent(m_tokenUnablated)),
                                           QStringLiteral("<b>%1</b>").arg(percent(m_tokenAblated))),
                                     moves(probabilityChange(m_pUnablated, m_pAblated), percent(m_pUnablated),
                                           percent(m_pAblated)));
                        if (tokenMove != Change::Drops)
                            r += QLatin1Char(' ') +
                                tr("It does not drop: in this model retrieval does not run through this head "
                                   "alone (try switching off the next ones on the board).");
                        markReady(r);
                    });
                });
            });
        });
    });
}

void GuidedTour::compareFormats() {
    ensureModel([this] {
        ensureRanking([this] {
            ensureTask([this] {
                ensureHeads([this] {
                    struct Outcome {
                        QString prompt, error, source;
                        int answer = 0, questions = 0;
                        int pickedOff = 0;  // the letter the model picks on the shown question with the heads off
                        double drop = 0;  // the shown question's loss in the correct letter's probability
                        double letter = 0, letterOff = 0, classic = 0, classicOff = 0;  // shares answered right
                    };
                    auto out = std::make_shared<Outcome>();
                    // The card's dissociating heads when the model has them (its ranking's top two, or its one
                    // retrieval-versus-knowledge head), else the Gather and Aggregate heads.
                    views::HeadCells off = {m_heads.gather, m_heads.aggregate};
                    const auto fromCard = tour::cardLetterHeads(m_window->session()->modelPath());
                    if (fromCard) off = fromCard->heads;
                    const bool topTwo = fromCard && fromCard->rankingTopTwo;
                    const gna::InterventionPlan plan = planOf(off);
                    const QString dir = m_window->session()->modelPath();
                    const int token = m_token;
                    QPointer<GuidedTour> self(this);
                    // On a demo model the card's 100 questions (milliseconds each), so the numbers are the card's; 8 on a real checkpoint.
                    const int count = fromCard ? 100 : 8;
                    m_window->session()->runOnModel(
                        [out, plan, dir, count](gna::Model& m, const JobControl& job) {
                            try {
                                const auto questions = tour::formatQuestions(dir, count, &out->source);
                                if (questions.empty())
                                    throw gna::Error("no MMLU question found (resources/data/mmlu_sample)");
                                const gna::Tokenizer& tok = m.tokenizer();
                                auto right = [](const std::vector<double>& lp, int answer) {
                                    return std::max_element(lp.begin(), lp.end()) - lp.begin() == answer ? 1.0 : 0.0;
                                };
                                // Accuracy over the questions, as the model card measures it; the example shown is the
                                // question whose letter probability falls most with the heads off.
                                double worst = -2.0;
                                for (const auto& q : questions) {
                                    job.throwIfStopped();  // another model was opened
                                    auto lp = [&](const std::vector<std::string>& c, const gna::InterventionPlan& pl) {
                                        return gna::score_choices(m, tour::choiceItem(tok, q.prompt, c, q.answer), pl)
                                            .logprobs;
                                    };
                                    const auto on = lp(q.letters, {}), offLetters = lp(q.letters, plan);
                                    out->letter += right(on, q.answer);
                                    out->letterOff += right(offLetters, q.answer);
                                    out->classic += right(lp(q.texts, {}), q.answer);
                                    out->classicOff += right(lp(q.texts, plan), q.answer);
                                    const double drop = tour::choiceProbability(on, q.answer) -
                                        tour::choiceProbability(offLetters, q.answer);
                                    if (drop > worst) {
                                        worst = drop;
                                        out->drop = drop;
                                        out->prompt = QString::fromStdString(q.prompt);
                                        out->answer = q.answer;
                                        out->pickedOff =
                                            static_cast<int>(std::max_element(offLetters.begin(), offLetters.end()) -
                                                             offLetters.begin());
                                    }
                                }
                                out->questions = static_cast<int>(questions.size());
                                for (double* v : {&out->letter, &out->letterOff, &out->classic, &out->classicOff})
                                    *v /= out->questions;
                            } catch (const gna::Cancelled&) {
                                throw;  // the job is dropped (droppedJob below says so)
                            } catch (const std::exception& e) {
                                out->error = errorText(e);
                            }
                        },
                        [self, out, token, off, topTwo] {
                            if (!self || token != self->m_token) return;
                            if (!out->error.isEmpty()) return self->fail(out->error);
                            const QStringList letters{QStringLiteral("A"), QStringLiteral("B"), QStringLiteral("C"),
                                                      QStringLiteral("D")};
                            self->m_window->setPinnedCandidate(letters.value(out->answer));  // the bar the text names
                            self->m_window->promptEditor()->setCandidates(letters);
                            self->m_window->promptEditor()->setPrompt(out->prompt);
                            self->m_window->session()->setCandidates(letters);
                            self->m_window->session()->setPrompt(out->prompt);
                            self->setAblated(off);
                            const QString row = QStringLiteral(
                                "<tr><td>%1</td><td align=\"right\">%2</td><td align=\"right\">%3</td></tr>");
                            const QString intro = topTwo ? tr("%1 questions from %2, each with four options, scored in "
                                                              "both formats. Share answered "
                                                              "right with all heads on and with %3 and %4 off (the "
                                                              "model card's top two of the head "
                                                              "ranking).")
                                                               .arg(out->questions)
                                                               .arg(out->source, off.front().name(), off.back().name())
                                : off.size() == 1 ? tr("%1 questions from %2, each with four options, scored in both "
                                                       "formats. Share answered "
                                                       "right with all heads on and with %3 off (the model card's "
                                                       "retrieval-versus-knowledge "
                                                       "head).")
                                                        .arg(out->questions)
                                                        .arg(out->source, off.front().name())
                                                  : tr("%1 questions from %2, each with four options, scored in both "
                                                       "formats. Share answered "
                                                       "right with all heads on and with %3 and %4 off.")
                                                        .arg(out->questions)
                                                        .arg(out->source, off.front().name(), off.back().name());
                            // Which question the prompt box shows, in words that fit what happened to it.
                            const QString shown = out->drop > 0.01
                                ? tr("The prompt shown is the question whose correct letter loses the most probability "
                                     "with "
                                     "the heads off; its correct answer is %1.")
                                      .arg(letters.value(out->answer))
                                : tr("With the heads off no question's correct letter loses probability; the prompt "
                                     "shown is "
                                     "the one that comes closest (its correct answer is %1).")
                                      .arg(letters.value(out->answer));
                            // What the chart shows (the question with the heads off) and what the table measured, in
                            // words that follow the numbers.
                            const QString correct = letters.value(out->answer), picked = letters.value(out->pickedOff);
                            const QString chart = out->pickedOff == out->answer
                                ? tr("In the chart (this question, heads off) the correct letter %1 (bar ★ %1) is "
                                     "still the most likely.")
                                      .arg(correct)
                                : tr("In the chart (this question, heads off) the model's most likely letter is %1, "
                                     "not the correct %2 (bar ★ %2).")
                                      .arg(picked, correct);
                            const Change letterMove = shareChange(out->letter, out->letterOff);
                            const Change classicMove = shareChange(out->classic, out->classicOff);
                            auto verb = [](Change c, double before, double after) {
                                return c == Change::Drops           ? tr("drops")
                                    : c == Change::Rises            ? tr("rises")
                                    : before <= 0.0 && after <= 0.0 ? tr("stays at %1").arg(percent(0.0))
                                                                    : tr("holds");
                            };
                            QString verdict = tr("With the heads off the letter format %1 and the classic format %2.")
                                                  .arg(verb(letterMove, out->letter, out->letterOff),
                                                       verb(classicMove, out->classic, out->classicOff));
                            verdict += QLatin1Char(' ') +
                                (letterMove == Change::Drops && classicMove != Change::Drops
                                     ? tr("Here MMLU's difficulty is retrieval, not knowledge.")
                                     : tr("Here the two formats do not come apart: in this model these heads do not "
                                          "carry the letter alone."));
                            const QString html = intro + QLatin1Char(' ') + shown + QLatin1Char(' ') + chart +
                                QStringLiteral("<table cellspacing=\"6\"><tr><th></th><th>%1</th><th>%2</th></tr>")
                                    .arg(tr("all heads"), tr("G&A off")) +
                                row.arg(tr("MMLU format (letter)"), percent(out->letter), percent(out->letterOff)) +
                                row.arg(tr("classic format (answer text)"), percent(out->classic),
                                        percent(out->classicOff)) +
                                QStringLiteral("</table>") + verdict;
                            self->whenIdle([self, html] { self->markReady(html); });
                        },
                        droppedJob(token));
                });
            });
        });
    });
}

void GuidedTour::otherArchitectures() {
    QStringList dirs, names;
    for (const QString& kind : {QStringLiteral("ssm"), QStringLiteral("hybrid")}) {
        const QString dir = tour::demoModelDir(kind);
        if (dir.isEmpty()) continue;
        dirs << dir;
        names << (kind == QLatin1String("ssm") ? tr("SSM") : tr("hybrid"));
    }
    if (dirs.isEmpty())
        return markReady(
            tr("The SSM and hybrid demo models are not bundled in this build, so this step is skipped. "
               "Everything the tour set up stays as it is: keep exploring, or press Finish."));
    if (m_sample.dictionary.empty()) {
        try {
            m_sample = tour::kvSample();
        } catch (const std::exception& e) {
            return fail(errorText(e));
        }
    }
    if (m_window->session()->hasModel()) {
        dirs.prepend(m_window->session()->modelPath());
        names.prepend(tr("open model (%1)").arg(QFileInfo(m_window->session()->modelPath()).fileName()));
    }
    m_result->setText(tr("Running the prompt on the other demo models…"));
    m_result->setVisible(true);
    // Per model: the correct value's probability on the dictionary prompt, the correct letter's
    // mean probability on MMLU-format questions about the demos' invented world, and for models with
    // attention and SSM heads (the hybrid) both again with every attention head switched off.
    struct Row {
        double kv = -1, kvNoAttention = -1, mmlu = -1, mmluNoAttention = -1;
        QString error;  // why the model could not be measured
    };
    struct Comparison {
        QList<Row> rows;
        QString questionsError;  // why the MMLU-format questions could not be read
    };
    const int token = m_token;
    auto show = [this, names, token](const Comparison& result) {
        if (token != m_token) return;
        const QList<Row>& rows = result.rows;
        auto cell = [this](double p) { return p < 0 ? QStringLiteral("–") : percent(p); };
        // One column per model, one row per measurement: narrow enough for the tour panel.
        QString html = QStringLiteral("<table cellspacing=\"6\"><tr><th></th>");
        for (const QString& n : names) html += QStringLiteral("<th>%1</th>").arg(n);
        html += QStringLiteral("</tr>");
        const std::pair<const char*, double Row::*> measures[] = {
            {QT_TR_NOOP("KV: correct value"), &Row::kv},
            {QT_TR_NOOP("KV, attention off"), &Row::kvNoAttention},
            {QT_TR_NOOP("MMLU: correct letter"), &Row::mmlu},
            {QT_TR_NOOP("MMLU, attention off"), &Row::mmluNoAttention}};
        for (const auto& [label, field] : measures) {
            html +=
                QStringLiteral("<tr><td nowrap>%1</td>").arg(tr(label));  // a label on one line, the numbers beside it
            for (int i = 0; i < names.size(); ++i) {
                const Row r = rows.value(i);
                const bool failed = !r.error.isEmpty();
                html += QStringLiteral("<td align=\"right\">%1</td>")
                            .arg(failed ? (field == &Row::kv ? tr("could not load") : QStringLiteral("–"))
                                        : cell(r.*field));
            }
            html += QStringLiteral("</tr>");
        }
        html += QStringLiteral("</table>");
        // what went wrong, model by model, below the table
        for (int i = 0; i < names.size(); ++i)
            if (!rows.value(i).error.isEmpty())
                html +=
                    QStringLiteral("<p>%1</p>").arg(tr("%1: %2").arg(names[i], rows.value(i).error.toHtmlEscaped()));
        if (!result.questionsError.isEmpty())
            html += QStringLiteral("<p>%1</p>")
                        .arg(tr("No MMLU-format questions: %1").arg(result.questionsError.toHtmlEscaped()));
        markReady(tr("Probability of the right answer (value %1 on the dictionary prompt; mean over MMLU-format "
                     "questions on the invented facts):")
                      .arg(m_sample.answer()) +
                  html +
                  tr("A hybrid retrieves through its attention heads: switch them off and the dictionary value and "
                     "the letter drop towards chance (1 in %1 values, 1 in 4 letters). Open one in the window with "
                     "Help ▸ Open demo model.")
                      .arg(static_cast<int>(m_sample.dictionary.size())));
    };
    const gna::KvSample sample = m_sample;
    const QString questionDir = dirs.back();  // a bundled demo: its card names the invented world
    // On the tour's own thread (the models compared are loaded here, not the session's): a step change or
    // leaving the tour stops it at its next model or question.
    m_compare->start(
        [dirs, sample, questionDir](const JobControl& job) {
            Comparison out;
            std::vector<tour::FormatQuestion> questions;
            try {
                questions = tour::formatQuestions(questionDir, 8);
            } catch (const std::exception& e) {
                out.questionsError = errorText(e);
            }
            for (const QString& d : dirs) {
                job.throwIfStopped();
                job.progress(static_cast<int>(out.rows.size()), static_cast<int>(dirs.size()));
                Row row;
                try {
                    auto m = gna::Model::load(d.toStdString());
                    const gna::ChoiceItem item = gna::kv_choice_item(m->tokenizer(), sample);
                    row.kv = tour::choiceProbability(gna::score_choices(*m, item).logprobs, item.answer);
                    gna::InterventionPlan noAttention;
                    bool attention = false, ssm = false;
                    for (const gna::LayerInfo& layer : m->info().layers) {
                        attention |= layer.attention_heads > 0;
                        ssm |= layer.ssm_heads > 0;
                        for (int h = 0; h < layer.attention_heads; ++h)
                            noAttention.ablate(gna::HeadRef{layer.index, h, gna::HeadKind::Attention});
                    }
                    auto mean = [&](const gna::InterventionPlan& plan) {
                        double sum = 0;
                        for (const tour::FormatQuestion& q : questions) {
                            job.throwIfStopped();
                            const gna::ChoiceItem qi = tour::choiceItem(m->tokenizer(), q.prompt, q.letters, q.answer);
                            sum += tour::choiceProbability(gna::score_choices(*m, qi, plan).logprobs, qi.answer);
                        }
                        return questions.empty() ? -1.0 : sum / static_cast<double>(questions.size());
                    };
                    row.mmlu = mean({});
                    if (attention && ssm) {
                        row.kvNoAttention =
                            tour::choiceProbability(gna::score_choices(*m, item, noAttention).logprobs, item.answer);
                        row.mmluNoAttention = mean(noAttention);
                    }
                } catch (const gna::Cancelled&) {
                    throw;
                } catch (const std::exception& e) {
                    row = Row{};
                    row.error = errorText(e);
                }
                out.rows << row;
            }
            return out;
        },
        show,
        {[this, token](const QString& message) {
             if (token == m_token) fail(message);
         },
         {}});
}

}  // namespace gna::studio
