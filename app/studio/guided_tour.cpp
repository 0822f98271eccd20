// GuidedTour: the panel, navigation and what every step needs first (a model, the task prompt,
// the head ranking, the Gather/Aggregate pair). The steps themselves: guided_tour_steps.cpp.
#include "guided_tour.h"

#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QShortcut>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>
#include <memory>

#include "core_errors.h"
#include "experiment_dock.h"
#include "experiment_panel.h"
#include "experiment_runner.h"
#include "head_board.h"
#include "job_tracker.h"
#include "main_window.h"
#include "prompt_editor.h"

namespace gna::studio {

GuidedTour::GuidedTour(MainWindow* window)
    : QDockWidget(tr("Guided tour"), window),
      m_window(window),
      m_compare(new JobTracker(&m_comparePool, JobTracker::Policy::Supersede, this)) {
    setObjectName(QStringLiteral("tourDock"));
    m_comparePool.setMaxThreadCount(1);
    // step 7's comparison, model by model (a stopped comparison's progress never arrives)
    connect(m_compare, &JobTracker::progress, this, [this](quint64, int done, int total) {
        m_result->setText(tr("Running the prompt on the other demo models… (%1 of %2)").arg(done).arg(total));
    });
    auto* box = new QWidget;
    auto* layout = new QVBoxLayout(box);
    m_counter = new QLabel;
    m_title = new QLabel;
    QFont f = m_title->font();
    f.setBold(true);
    f.setPointSizeF(f.pointSizeF() * 1.2);
    m_title->setFont(f);
    m_title->setWordWrap(true);
    m_text = new QLabel;
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::PlainText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    m_result = new QLabel;
    m_result->setWordWrap(true);
    m_result->setTextFormat(Qt::RichText);
    m_result->setFrameShape(QFrame::StyledPanel);
    m_result->setMargin(6);
    m_result->setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    layout->addWidget(m_counter);
    layout->addWidget(m_title);
    layout->addWidget(m_text);
    layout->addWidget(m_result);
    layout->addStretch(1);
    auto* buttons = new QHBoxLayout;
    m_back = new QPushButton(tr("&Back"));
    m_next = new QPushButton(tr("&Next"));
    m_leave = new QPushButton(tr("&Leave tour"));
    m_back->setToolTip(tr("The previous step (Alt+Left)"));
    m_next->setToolTip(tr("The next step (Alt+Right)"));
    m_leave->setToolTip(tr("Close the tour and keep everything as it is; reopen it from Help ▸ Guided tour (F1)"));
    // Besides the buttons' mnemonics (not on every platform): browser-like keys while the tour is open.
    connect(new QShortcut(QKeySequence(Qt::ALT | Qt::Key_Right), this), &QShortcut::activated, this, &GuidedTour::next);
    connect(new QShortcut(QKeySequence(Qt::ALT | Qt::Key_Left), this), &QShortcut::activated, this, &GuidedTour::back);
    buttons->addWidget(m_back);
    buttons->addWidget(m_next);
    buttons->addStretch(1);
    buttons->addWidget(m_leave);
    layout->addLayout(buttons);
    auto* scroll = new QScrollArea;
    scroll->setWidget(box);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    setWidget(scroll);
    setMinimumWidth(300);
    setTabOrder(m_back, m_next);
    setTabOrder(m_next, m_leave);
    connect(m_back, &QPushButton::clicked, this, &GuidedTour::back);
    connect(m_next, &QPushButton::clicked, this, &GuidedTour::next);
    connect(m_leave, &QPushButton::clicked, this, &GuidedTour::leave);
}

QString GuidedTour::title() const { return m_title->text(); }
QString GuidedTour::text() const { return m_text->text(); }
QString GuidedTour::resultText() const { return m_result->text(); }

void GuidedTour::start() {
    goTo(0);
    show();
    raise();
    m_next->setFocus(Qt::OtherFocusReason);
}

void GuidedTour::next() {
    if (m_step >= kSteps) return leave();  // Finish
    goTo(m_step + 1);
}

void GuidedTour::back() {
    if (m_step > 0) goTo(m_step - 1);
}

GuidedTour::~GuidedTour() {
    m_compare->stop();
    m_comparePool.waitForDone();
}

void GuidedTour::leave() {
    ++m_token;  // whatever a step still had under way leaves the window alone
    m_compare->stop();
    m_window->setPinnedCandidate({});
    hide();
}

void GuidedTour::goTo(int step) {
    m_step = std::clamp(step, 0, kSteps);
    ++m_token;
    m_compare->stop();  // the comparison of step 7 ends at its next model or question
    m_ready = false;
    m_counter->setText(m_step == 0 ? tr("Welcome") : tr("Step %1 of %2").arg(m_step).arg(kSteps));
    m_back->setEnabled(m_step > 0);
    m_next->setText(m_step == kSteps ? tr("&Finish") : tr("&Next"));
    m_result->clear();
    m_result->setVisible(false);
    if (m_step != 2 && m_openedExperiments) {  // room for the maps again
        m_window->experiments()->hide();
        m_openedExperiments = false;
    }
    applyStep();
}

void GuidedTour::markReady(const QString& result) {
    if (!result.isEmpty()) {
        m_result->setText(result);
        m_result->setVisible(true);
    }
    m_ready = true;
    Q_EMIT stepReady(m_step);
}

void GuidedTour::fail(const QString& message) {
    markReady(QStringLiteral("<span style=\"color:#d55e00\">%1</span>").arg(message.toHtmlEscaped()));
}

std::function<void()> GuidedTour::droppedJob(int token) {
    return [self = QPointer<GuidedTour>(this), token] {
        if (self && token == self->m_token)
            self->fail(tr("Another model was opened before this step ran: press Next again."));
    };
}

void GuidedTour::whenIdle(Then then) {
    const int token = m_token;
    auto* timer = new QTimer(this);
    timer->setInterval(30);
    connect(timer, &QTimer::timeout, this, [this, timer, token, then] {
        if (token != m_token) return timer->deleteLater();
        const Session* s = m_window->session();
        if (s->isRunning() || s->isLoading()) return;
        timer->stop();
        timer->deleteLater();
        then();
    });
    timer->start();
}

void GuidedTour::ensureModel(Then then) {
    Session* s = m_window->session();
    if (s->hasModel() || s->isLoading())
        return whenIdle([this, then] {
            if (!m_window->session()->hasModel()) return fail(tr("The model could not be loaded."));
            then();
        });
    const QString demo = tour::demoModelDir(QStringLiteral("transformer"));
    if (demo.isEmpty())
        return fail(
            tr("No model is open and the demo model is not bundled in this build. Open a model "
               "(File ▸ Open model), then press Next again."));
    m_result->setText(tr("Loading the demo model…"));
    m_result->setVisible(true);
    m_window->openModel(demo);
    whenIdle([this, then] {
        if (!m_window->session()->hasModel()) return fail(tr("The demo model could not be loaded."));
        then();
    });
}

void GuidedTour::setAblated(const views::HeadCells& heads) {
    views::HeadBoard* board = m_window->headBoard();
    const views::HeadCells now = board->ablatedHeads();
    views::HeadCells off, on;
    for (const auto& c : now)
        if (!heads.contains(c)) off << c;
    for (const auto& c : heads)
        if (!now.contains(c)) on << c;
    if (off.isEmpty() && on.size() == 1) return board->toggleHead(on[0].layer, on[0].head);  // as a click does
    if (!off.isEmpty()) board->setHeads(off, false, tr("Tour: restore heads"));
    if (!on.isEmpty()) board->setHeads(on, true, tr("Tour: switch heads off"));
}

void GuidedTour::ensureTask(Then then) {
    const QString path = m_window->session()->modelPath();
    if (m_sampleFor != path) {  // a sample with keys this model's tokenizer reads as one token
        auto sample = std::make_shared<gna::KvSample>();
        auto shown = std::make_shared<std::string>();
        auto error = std::make_shared<QString>();
        const int token = m_token;
        QPointer<GuidedTour> self(this);
        m_window->session()->runOnModel(
            [sample, shown, error](gna::Model& m) {
                try {
                    *sample = tour::kvSample(&m.tokenizer());
                    *shown =
                        gna::prompt_ending_at_answer(m.tokenizer(), sample->prompt, std::to_string(sample->answer()));
                } catch (const std::exception& e) {
                    *error = errorText(e);
                }
            },
            [self, sample, shown, error, path, token, then] {
                if (!self || token != self->m_token) return;
                if (!error->isEmpty()) return self->fail(*error);
                self->m_sample = *sample;
                self->m_shownPrompt = *shown;
                self->m_sampleFor = path;
                self->ensureTask(then);
            },
            droppedJob(token));
        return;
    }
    const QString prompt = QString::fromStdString(m_shownPrompt);
    QStringList candidates;
    for (const auto& [key, value] : m_sample.dictionary) candidates << QString::number(value);
    // The chart keeps the correct value in sight (its top bar), as the text talks about that one.
    m_window->setPinnedCandidate(QString::number(m_sample.answer()));
    PromptEditor* editor = m_window->promptEditor();
    editor->setCandidates(candidates);
    editor->setPrompt(prompt);
    m_window->session()->setCandidates(candidates);
    m_window->session()->setPrompt(prompt);
    setAblated({});
    whenIdle(then);
}

void GuidedTour::measure(Then then) {
    auto p = std::make_shared<double>(-1.0);
    auto tokenP = std::make_shared<double>(-1.0);
    auto error = std::make_shared<QString>();
    const gna::KvSample sample = m_sample;
    const std::string shown = m_shownPrompt;
    const gna::InterventionPlan plan = m_window->session()->plan();
    const int token = m_token;
    QPointer<GuidedTour> self(this);
    m_window->session()->runOnModel(
        [p, tokenP, error, sample, shown, plan](gna::Model& m) {
            try {
                const gna::ChoiceItem item = gna::kv_choice_item(m.tokenizer(), sample);
                *p = tour::choiceProbability(gna::score_choices(m, item, plan).logprobs, item.answer);
                // The chart's starred bar (gna::Probe): the value as the continuation of the prompt shown.
                const std::vector<int> prompt = m.tokenizer().encode(shown, true);
                const std::vector<int> value =
                    gna::answer_tokens(m.tokenizer(), shown, prompt, std::to_string(sample.answer()));
                *tokenP = std::exp(m.score_continuations(prompt, {value}, plan).front());
            } catch (const std::exception& e) {
                *error = errorText(e);
            }
        },
        [self, p, tokenP, error, token, then] {
            if (!self || token != self->m_token) return;
            if (!error->isEmpty()) return self->fail(*error);
            self->m_lastP = *p;
            self->m_lastTokenP = *tokenP;
            then();
        },
        droppedJob(token));
}

void GuidedTour::ensureRanking(Then then) {
    const gna::ModelInfo* info = m_window->session()->modelInfo();
    const QString path = m_window->session()->modelPath();
    auto fits = [info](const tour::Ranking& r) {
        tour::Ranking out;
        for (const auto& h : r)
            if (!h.head.ssm && h.head.layer < info->num_layers && h.head.head < info->num_heads) out << h;
        return out;
    };
    if (m_rankingFor == path && !m_ranking.isEmpty()) {
        m_window->showImportance(tour::rankingAsResult(m_ranking));
        return then();
    }
    QString source;
    const tour::Ranking pre = fits(tour::precomputedRanking(path, &source));
    if (pre.size() >= 2) {
        m_ranking = pre;
        m_rankingFor = path;
        m_rankingSource = tr("precomputed in %1").arg(QFileInfo(source).fileName());
        m_window->showImportance(tour::rankingAsResult(m_ranking));
        return then();
    }
    // No precomputed ranking: run the head-ranking experiment on a small KV-retrieval sample.
    ExperimentDock* dock = m_window->experiments();
    ExperimentPanel* panel = dock->panel(QStringLiteral("head_ranking"));
    if (dock->runner()->isRunning())
        return fail(tr("Another experiment is running: wait for it or cancel it, then press Next again."));
    m_result->setText(tr("Ranking the heads: every head is switched off alone on 8 KV-retrieval prompts…"));
    m_result->setVisible(true);
    m_openedExperiments = m_openedExperiments || dock->isHidden();
    dock->showPanel(QStringLiteral("head_ranking"));
    panel->setSpecText(QStringLiteral(R"({"experiment": "head_ranking", "metric": "logprob",
 "task": {"name": "kv_retrieval", "sizes": [8], "samples_per_size": 8, "seed": 1}})"));
    const int token = m_token;
    auto connections = std::make_shared<QList<QMetaObject::Connection>>();
    auto disconnectAll = [connections] {
        for (const auto& c : *connections) QObject::disconnect(c);
    };
    *connections << connect(dock, &ExperimentDock::headImportanceReady, this,
                            [this, token, path, fits, then, disconnectAll](const gna::ExperimentResult& r) {
                                disconnectAll();
                                if (token != m_token) return;
                                m_ranking = fits(tour::rankingFromResult(r));
                                m_rankingFor = path;
                                m_rankingSource = tr("computed now on 8 KV-retrieval prompts (Experiments dock)");
                                if (m_ranking.size() < 2)
                                    return fail(tr("The head ranking found fewer than two heads."));
                                then();
                            });
    *connections << connect(dock->runner(), &ExperimentRunner::failed, this,
                            [this, token, disconnectAll](const QString& msg) {
                                disconnectAll();
                                if (token == m_token) fail(msg);
                            });
    *connections << connect(dock->runner(), &ExperimentRunner::cancelled, this, [this, token, disconnectAll] {
        disconnectAll();
        if (token == m_token) fail(tr("The head ranking was cancelled."));
    });
    panel->run();
}

void GuidedTour::ensureHeads(Then then) {
    const QString key = m_window->session()->modelPath() + QLatin1Char('|') + QString::fromStdString(m_shownPrompt);
    if (m_headsFor == key && m_heads.valid) return then();
    tour::Ranking top;
    for (const auto& h : m_ranking)
        if (top.size() < 6) top << h;
    auto scores = std::make_shared<std::vector<tour::PatternScore>>();
    auto error = std::make_shared<QString>();
    const std::string prompt = m_shownPrompt;  // its last row is where the model answers
    const int token = m_token;
    QPointer<GuidedTour> self(this);
    m_window->session()->runOnModel(
        [top, prompt, scores, error](gna::Model& m) {
            try {
                gna::RunRequest req;
                req.tokens = m.tokenizer().encode(prompt, true);
                for (const auto& h : top) req.capture.push_back({h.head.layer, h.head.head, gna::HeadKind::Attention});
                std::vector<std::string> texts;
                for (int id : req.tokens) texts.push_back(m.tokenizer().decode({id}, true));
                const std::vector<int> summary = tour::summaryPositions(texts);
                const gna::RunResult res = m.run(req);
                for (const auto& map : res.attention) scores->push_back(tour::patternScore(map, summary));
            } catch (const std::exception& e) {
                *error = errorText(e);
            }
        },
        [self, top, scores, error, key, token, then] {
            if (!self || token != self->m_token) return;
            if (!error->isEmpty()) return self->fail(*error);
            self->m_heads = tour::chooseGatherAggregate(top, *scores);
            if (!self->m_heads.valid) return self->fail(tr("Could not pick a Gather and an Aggregate head."));
            self->m_headsFor = key;
            then();
        },
        droppedJob(token));
}

}  // namespace gna::studio
