#pragma once
// GuidedTour: a dock that walks a learner through the Gather-and-Aggregate mechanism in seven
// steps. Each step explains in a few sentences and sets the window up for it (loads the demo model
// when none is open, fills the prompt, colours the head board by the head ranking, shows the
// Gather and Aggregate heads, switches heads off through the head board's undoable path). Back,
// Next and Leave at every step; leaving keeps everything as the tour left it.
#include <QDockWidget>
#include <QPointer>
#include <QThreadPool>
#include <functional>

#include "gna/tasks.h"
#include "tour_steps.h"

class QLabel;
class QPushButton;

namespace gna::studio {

class JobTracker;
class MainWindow;

class GuidedTour : public QDockWidget {
    Q_OBJECT
public:
    explicit GuidedTour(MainWindow* window);
    ~GuidedTour() override;  // stops the comparison of step 7 and waits for it (one model or question)

    static constexpr int kSteps = 7;  // step 0 is the welcome page
    int step() const { return m_step; }
    // True once the current step has set up the window (model loaded, run finished, ...).
    bool isStepReady() const { return m_ready; }
    QString title() const;
    QString text() const;
    // A step's text for a model with attention heads, SSM heads only, or both (tour::modelKind).
    static QString stepText(int step, tour::ModelKind kind);
    QString resultText() const;
    QPushButton* backButton() const { return m_back; }
    QPushButton* nextButton() const { return m_next; }
    QPushButton* leaveButton() const { return m_leave; }

    // What the tour found (valid after steps 1, 2 and 3).
    const gna::KvSample& sample() const { return m_sample; }
    const tour::Ranking& ranking() const { return m_ranking; }
    const tour::GatherAggregate& heads() const { return m_heads; }
    // Probability of the correct value among the dictionary's values (the task's scoring: summed
    // log-probability of each value as a continuation) under the window's plan, last measured.
    double answerProbability() const { return m_lastP; }
    double probabilityUnablated() const { return m_pUnablated; }  // step 4
    double probabilityAblated() const { return m_pAblated; }  // step 5
    // What the next-token chart draws for the correct value (its starred bar): the probability over
    // the whole vocabulary of " <value>" as the prompt's continuation, last measured; and the same at
    // steps 4 and 5, so the tour's text quotes the chart's numbers next to the task's.
    double answerTokenProbability() const { return m_lastTokenP; }
    double tokenProbabilityUnablated() const { return m_tokenUnablated; }
    double tokenProbabilityAblated() const { return m_tokenAblated; }

public Q_SLOTS:
    void start();  // shows the tour at the welcome page
    void next();
    void back();
    void leave();
    void goTo(int step);

Q_SIGNALS:
    void stepReady(int step);

private:
    using Then = std::function<void()>;
    void applyStep();
    void markReady(const QString& result = {});
    void fail(const QString& message);
    // For a model job the session drops (another model was opened before it ran): the step says so.
    std::function<void()> droppedJob(int token);
    void whenIdle(Then then);
    void ensureModel(Then then);
    void ensureTask(Then then);
    void measure(Then then);
    void ensureRanking(Then then);
    void ensureHeads(Then then);
    void showGatherAndAggregate(Then then);
    void setAblated(const views::HeadCells& heads);
    void showTask();
    void showRanking();
    void showGather();
    void showAggregate();
    void ablateAggregate();
    void compareFormats();
    void otherArchitectures();

    MainWindow* m_window;
    QLabel* m_counter;
    QLabel* m_title;
    QLabel* m_text;
    QLabel* m_result;
    QPushButton* m_back;
    QPushButton* m_next;
    QPushButton* m_leave;
    QThreadPool m_comparePool;  // step 7's comparison: other models than the session's, on a thread of its own
    JobTracker* m_compare;  // stopped on every step change and when the tour closes
    int m_step = 0;
    int m_token = 0;  // bumped on every step change; async work of older steps is dropped
    bool m_ready = false;
    bool m_openedExperiments = false;  // the tour showed the experiment dock (step 2) and hides it after
    gna::KvSample m_sample;
    double m_lastP = -1.0, m_lastTokenP = -1.0;
    QString m_sampleFor;  // model path the sample was made for (its tokenizer picks the keys)
    // The sample's prompt as shown: ending where the model answers (gna::prompt_ending_at_answer); the
    // task's score reads the sample's own prompt.
    std::string m_shownPrompt;
    QString m_rankingFor;
    tour::Ranking m_ranking;
    QString m_rankingSource;
    QString m_headsFor;
    tour::GatherAggregate m_heads;
    double m_pUnablated = -1.0, m_pAblated = -1.0;
    double m_tokenUnablated = -1.0, m_tokenAblated = -1.0;
};

}  // namespace gna::studio
