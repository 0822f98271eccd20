#include "session.h"

#include <QCoreApplication>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include "core_errors.h"
#include "gna/error.h"

namespace gna::studio {

namespace {
struct LoadOutcome {
    std::shared_ptr<gna::Model> model;
    gna::ModelLoadSpec spec;
    QString error;
    bool cancelled = false;
};
}  // namespace

Session::Session(QObject* parent) : QObject(parent) {
    qRegisterMetaType<RunOutcome>();
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1);
}

Session::~Session() {
    cancel();
    m_jobStop->store(true);
    m_pool.waitForDone();
}

void Session::loadModel(const QString& dir, const QString& tokenizerDir) {
    cancel();
    // Every job of the model open until now stops: queued ones do not start, long ones stop at their next sample.
    m_jobStop->store(true);
    m_jobStop = std::make_shared<std::atomic<bool>>(false);
    m_loading = true;
    setRunning(+1, true);
    Q_EMIT modelLoadStarted(dir);
    auto flag = std::make_shared<std::atomic<bool>>(false);
    m_cancel = flag;  // Cancel stops the load too
    const quint64 load = ++m_loads;
    auto* watcher = new QFutureWatcher<LoadOutcome>(this);
    connect(watcher, &QFutureWatcher<LoadOutcome>::finished, this, [this, watcher, dir, tokenizerDir, load] {
        const LoadOutcome r = watcher->result();
        watcher->deleteLater();
        setRunning(-1, true);
        if (load != m_loads) {  // another load was asked for meanwhile: this one's model is not used
            releaseOnWorker(r.model, nullptr);
            return;
        }
        m_loading = false;
        if (r.cancelled) {
            Q_EMIT modelLoadCancelled(dir);
            return;
        }
        if (!r.model) {
            Q_EMIT modelLoadFailed(dir, r.error);
            return;
        }
        // A plan belongs to one model: another model starts with every head on (a workspace sets
        // its own plan once its model is open); the same model again keeps the heads it has.
        const bool sameModel = m_model && dir == m_modelPath;
        releaseOnWorker(std::move(m_model), std::move(m_probe));
        m_model = r.model;
        m_loaded = r.spec;
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
    });
    QPointer<Session> self(this);
    gna::ModelLoadSpec spec;  // the one way every front door loads a model (gna/load_spec.h)
    spec.path = dir.toStdString();
    spec.tokenizer = tokenizerDir.toStdString();
    spec.device = m_device;
    spec.dtype = m_dtype;
    watcher->setFuture(QtConcurrent::run(&m_pool, [spec, flag, self]() -> LoadOutcome {
        LoadOutcome out;
        out.spec = spec;
        gna::LoadOptions opt = gna::load_options(spec);
        opt.cancel = flag.get();
        int shown = -1;  // whole percent last reported: at most 101 queued signals
        opt.progress = [&shown, self](double f) {
            const int percent = static_cast<int>(f * 100.0);
            if (percent == shown) return;
            shown = percent;
            QMetaObject::invokeMethod(
                self, [self, percent] { if (self) Q_EMIT self->modelLoadProgress(percent); }, Qt::QueuedConnection);
        };
        try {
            out.model = std::shared_ptr<gna::Model>(gna::Model::load(spec.path, opt));
        } catch (const gna::Cancelled&) {
            out.cancelled = true;
        } catch (const std::exception& e) {
            out.error = errorText(e);
        }
        return out;
    }));
}

void Session::reload() {
    if (!m_modelPath.isEmpty()) loadModel(m_modelPath, m_tokenizerPath);
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
    if (!m_model || m_loading) return;  // a run of the model being replaced would only delay the load; it runs once loaded
    if (m_cancel) m_cancel->store(true);  // the previous run stops at its next checkpoint
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    RunSpec spec = m_spec;
    spec.generation = ++m_generation;
    auto probe = m_probe;
    auto flag = m_cancel;
    auto turns = m_turns;
    setRunning(+1, true);
    Q_EMIT runStarted(spec.generation);
    auto* watcher = new QFutureWatcher<RunOutcome>(this);
    connect(watcher, &QFutureWatcher<RunOutcome>::finished, this, [this, watcher] {
        const RunOutcome out = watcher->result();
        watcher->deleteLater();
        setRunning(-1, true);
        if (out.generation != m_generation) return;  // stale: a newer request exists
        if (out.cancelled) {
            Q_EMIT runCancelled(out.generation);
            return;
        }
        if (!out.error.isEmpty()) {
            Q_EMIT runFailed(out.error);
            return;
        }
        m_last = out;
        Q_EMIT resultReady(m_last);
    });
    watcher->setFuture(QtConcurrent::run(&m_pool, [probe, spec, flag, turns]() {
        if (flag->load()) {  // superseded before it started
            RunOutcome o;
            o.generation = spec.generation;
            o.cancelled = true;
            return o;
        }
        ModelTurns::Interactive turn(*turns);  // a running experiment lets it in after its current sample
        return computeRun(*probe, spec, flag.get());
    }));
}

bool Session::runOnModel(std::function<void(gna::Model&)> work, std::function<void()> done, std::function<void()> dropped) {
    if (!m_model || m_loading) return false;
    auto model = m_model;
    auto stop = m_jobStop;
    auto turns = m_turns;
    setRunning(+1);
    auto* watcher = new QFutureWatcher<bool>(this);
    connect(watcher, &QFutureWatcher<bool>::finished, this, [this, watcher, done, dropped] {
        const bool ran = watcher->result();
        watcher->deleteLater();
        setRunning(-1);
        if (ran && done) done();
        else if (!ran && dropped) dropped();
    });
    watcher->setFuture(QtConcurrent::run(&m_pool, [model, work, stop, turns] {
        if (stop->load()) return false;  // another model was opened while it waited
        ModelTurns::Interactive turn(*turns);
        work(*model);
        return true;
    }));
    return true;
}

void Session::cancel() {
    if (m_cancel) m_cancel->store(true);
}

}  // namespace gna::studio
