#include "session.h"

#include <QCoreApplication>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include "core_errors.h"
#include "gna/error.h"

namespace gna::studio {

namespace {
// A load's result; its errors and cancellation are the job's ends (job_tracker.h).
struct LoadOutcome {
    std::shared_ptr<gna::Model> model;
    gna::ModelLoadSpec spec;
};
}  // namespace

Session::Session(QObject* parent)
    : QObject(parent),
      m_loads(new JobTracker(&m_pool, JobTracker::Policy::Supersede, this)),
      m_runs(new JobTracker(&m_pool, JobTracker::Policy::Supersede, this)),
      m_modelJobs(new JobTracker(&m_pool, JobTracker::Policy::Queue, this)) {
    qRegisterMetaType<RunOutcome>();
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1);
}

Session::~Session() {
    m_loads->stop();
    m_runs->stop();
    m_modelJobs->stop();
    m_pool.waitForDone();
}

void Session::loadModel(const QString& dir, const QString& tokenizerDir) { loadModelFrom({}, dir, tokenizerDir); }

void Session::loadModelFrom(const ModelSource& source, const QString& dir, const QString& tokenizerDir) {
    m_runs->stop();
    // Every job of the model open until now stops: queued ones do not start, long ones stop at their next sample.
    m_modelJobs->stop();
    m_loading = true;
    setRunning(+1, true);
    Q_EMIT modelLoadStarted(dir);
    QPointer<Session> self(this);
    gna::ModelLoadSpec spec;  // the one way every front door loads a model (gna/load_spec.h)
    spec.path = dir.toStdString();
    spec.tokenizer = tokenizerDir.toStdString();
    spec.device = m_device;
    spec.dtype = m_dtype;
    // A newer load (or Cancel) stops this one: its model, if it got one, is not used. The tracker starts
    // the new load only after stopping the one before, so its ends below see m_loads's latest generation.
    const quint64 load = m_loads->generation() + 1;
    auto ended = [this, load] {
        setRunning(-1, true);
        if (load != m_loads->generation()) return false;  // another load was asked for meanwhile
        m_loading = false;
        return true;
    };
    m_loads->start(
        [spec, self, opener = source.open](const JobControl& job) {
            LoadOutcome out;
            out.spec = spec;
            gna::LoadOptions opt = gna::load_options(spec);
            opt.cancel = job.stopFlag();
            int shown = -1;  // whole percent last reported: at most 101 queued signals
            opt.progress = [&shown, self](double f) {
                const int percent = static_cast<int>(f * 100.0);
                if (percent == shown) return;
                shown = percent;
                QMetaObject::invokeMethod(
                    self,
                    [self, percent] {
                        if (self) Q_EMIT self->modelLoadProgress(percent);
                    },
                    Qt::QueuedConnection);
            };
            out.model = opener ? opener(spec, opt) : std::shared_ptr<gna::Model>(gna::Model::load(spec.path, opt));
            if (job.stopRequested()) throw gna::Cancelled();  // the model ends here, on the worker
            return out;
        },
        [this, ended, dir, tokenizerDir, source](const LoadOutcome& r) {
            if (!ended()) return releaseOnWorker(r.model, nullptr);
            // A plan belongs to one model: another model starts with every head on (a workspace sets
            // its own plan once its model is open); the same model again keeps the heads it has.
            const bool sameModel = m_model && dir == m_modelPath && source.server == m_source.server;
            releaseOnWorker(std::move(m_model), std::move(m_probe));
            m_model = r.model;
            m_loaded = r.spec;
            m_source = source;
            m_modelPath = dir;
            m_tokenizerPath = tokenizerDir;
            m_probe = std::make_shared<gna::Probe>(m_model);  // another model: its unablated run differs
            views::HeadCells kept;
            if (sameModel)
                for (const auto& h : m_spec.ablated)
                    if (headExists(m_model->info(), h)) kept << h;
            m_spec.ablated = kept;
            views::HeadCells shown;
            for (const auto& h : m_spec.shownHeads)
                if (headExists(m_model->info(), h)) shown << h;
            m_spec.shownHeads = shown;
            m_last = {};
            Q_EMIT modelLoaded(dir);
            maybeRun();
        },
        {[this, ended, dir](const QString& message) {
             if (ended()) Q_EMIT modelLoadFailed(dir, message);
         },
         [this, ended, dir] {
             if (ended()) Q_EMIT modelLoadCancelled(dir);
         }});
}

void Session::reload() {
    if (!m_modelPath.isEmpty()) loadModelFrom(m_source, m_modelPath, m_tokenizerPath);
}

void Session::announceModel() {
    if (m_model && !m_loading) Q_EMIT modelLoaded(m_modelPath);
}

void Session::setPrompt(const QString& prompt) {
    if (prompt == m_spec.prompt) return;
    m_spec.prompt = prompt;
    maybeRun();
}

void Session::setCandidates(const QStringList& candidates) {
    if (candidates == m_spec.candidates) return;
    m_spec.candidates = candidates;
    maybeRun();
}

void Session::setAblatedHeads(const views::HeadCells& heads) {
    if (heads == m_spec.ablated) return;
    m_spec.ablated = heads;
    maybeRun();
}

void Session::setShownHeads(const views::HeadCells& heads) {
    if (heads == m_spec.shownHeads) return;
    m_spec.shownHeads = heads;
    maybeRun();
}

void Session::setScoreMode(ScoreMode mode) {
    if (mode == m_spec.scoreMode) return;
    m_spec.scoreMode = mode;
    maybeRun();
}

void Session::setSelectedToken(int token) {
    if (token == m_spec.selectedToken) return;
    m_spec.selectedToken = token;
    if (m_spec.scoreMode == ScoreMode::AttentionToToken) maybeRun();
}

void Session::setCompare(bool on) {
    if (on == m_spec.withBaseline) return;
    m_spec.withBaseline = on;
    maybeRun();
}

void Session::maybeRun() {
    if (m_autoRun && m_model && !m_loading && !m_spec.prompt.trimmed().isEmpty()) requestRun();
}

void Session::releaseOnWorker(std::shared_ptr<gna::Model> model, std::shared_ptr<gna::Probe> probe) {
    // The old model (and its tokenizer) ends on the worker thread, where every use of it ran; a queued
    // job holding it still runs first.
    if (!model && !probe) return;
    (void)QtConcurrent::run(&m_pool, [model = std::move(model), probe = std::move(probe)]() mutable {
        probe.reset();
        model.reset();
    });
}

void Session::setRunning(int delta, bool cancellable) {
    const bool was = m_running > 0, wasCancellable = m_cancellable > 0;
    m_running += delta;
    if (cancellable) m_cancellable += delta;
    if (was != (m_running > 0)) Q_EMIT busyChanged(m_running > 0);
    if (wasCancellable != (m_cancellable > 0)) Q_EMIT cancellableChanged(m_cancellable > 0);
}

void Session::requestRun() {
    if (!m_model || m_loading)
        return;  // a run of the model being replaced would only delay the load; it runs once loaded
    RunSpec spec = m_spec;
    spec.generation = ++m_generation;
    auto probe = m_probe;
    auto turns = m_turns;
    setRunning(+1, true);
    const quint64 generation = spec.generation;
    // The previous run stops at its next layer (the tracker supersedes it); its result is dropped.
    m_runs->start(
        [probe, spec, turns](const JobControl& job) {
            job.throwIfStopped();  // superseded before it started
            ModelTurns::Interactive turn(*turns);  // a running experiment lets it in after its current sample
            RunOutcome out = computeRun(*probe, spec, job.stopFlag());
            if (out.cancelled) throw gna::Cancelled();
            return out;
        },
        [this](const RunOutcome& out) {
            setRunning(-1, true);
            if (!out.error.isEmpty()) {
                Q_EMIT runFailed(out.error);
                return;
            }
            m_last = out;
            Q_EMIT resultReady(m_last);
        },
        {[this](const QString& message) {
             setRunning(-1, true);
             Q_EMIT runFailed(message);
         },
         [this, generation] {
             setRunning(-1, true);
             if (generation == m_generation) Q_EMIT runCancelled(generation);  // Cancel, not a newer run
         }});
    Q_EMIT runStarted(generation);  // after the job exists: a Cancel in answer to it stops this run
}

bool Session::runOnModel(std::function<void(gna::Model&, const JobControl&)> work, std::function<void()> done,
                         std::function<void()> dropped, std::function<void(const QString&)> failed) {
    if (!m_model || m_loading) return false;
    auto model = m_model;
    auto turns = m_turns;
    setRunning(+1);
    m_modelJobs->start(
        [model, work, turns](const JobControl& job) {
            job.throwIfStopped();  // another model was opened while it waited
            ModelTurns::Interactive turn(*turns);
            work(*model, job);
        },
        [this, done] {
            setRunning(-1);
            if (done) done();
        },
        {[this, failed](const QString& message) {
             setRunning(-1);
             if (failed)
                 failed(message);
             else
                 qWarning("a model job failed: %s", qPrintable(message));  // the job's own catch should say it
         },
         [this, dropped] {
             setRunning(-1);
             if (dropped) dropped();
         }});
    return true;
}

bool Session::runOnModel(std::function<void(gna::Model&)> work, std::function<void()> done,
                         std::function<void()> dropped) {
    return runOnModel([work = std::move(work)](gna::Model& m, const JobControl&) { work(m); }, std::move(done),
                      std::move(dropped));
}

void Session::cancel() {
    m_loads->stop();
    m_runs->stop();
}

}  // namespace gna::studio
