#pragma once
// ExperimentRunner: runs one experiment (gna::run_experiment, the code the CLI runs) on a worker
// thread with progress, an estimate of time left and cancellation between samples and layers.
// It runs on the session's model, the one copy loaded with the user's device, dtype and tokenizer
// folder, during a background turn (model_turns.h): between samples it lets the interactive runs
// in, so the view stays responsive during a long sweep. Opening another model (or reloading this one
// on another device or dtype) cancels the run; its finished samples are kept and a rerun resumes.
// Results are files (result.json, result.csv, summary.csv); an attribution head ranking also reports
// its estimates and verified heads as they come.
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThreadPool>
#include <atomic>
#include <functional>
#include <memory>

#include "gna/json.h"
#include "job_tracker.h"
#include "ranking_scores.h"

namespace gna::studio {

class Session;

// Batches of an attribution+verify ranking's exact phase: the head board refines after each.
inline constexpr int kLiveVerifyBatches = 6;

class ExperimentRunner : public QObject {
    Q_OBJECT
public:
    explicit ExperimentRunner(QObject* parent = nullptr);
    ~ExperimentRunner() override;  // cancels and waits

    // The session whose model the experiments run on; a load it starts cancels the running experiment.
    void setSession(Session* session);
    // false when a run is already under way. `modelDir` is the folder of the session's open model;
    // failed() says so when no session has it open.
    bool start(const QString& modelDir, const gna::Json& spec, const QString& outDir);
    void cancel();
    bool isRunning() const { return m_running; }
    // The clock of the elapsed time and the time-left estimate (seconds; read on the worker thread);
    // empty = the steady clock. Tests give the worker thread's CPU time, which another job's load does not change.
    void setClock(std::function<double()> clock) { m_clock = std::move(clock); }

Q_SIGNALS:
    void started();
    void progress(int done, int total, double elapsedSeconds, double etaSeconds, const QString& current);
    // head_ranking by attribution: every estimate once the attribution phase ends, then the heads
    // verified so far after each verification batch (kLiveVerifyBatches of them).
    void rankingProgress(const gna::studio::RankingScores& ranking);
    void finished(const QString& resultPath);  // complete
    void cancelled(const QString& resultPath);  // finished samples saved; a rerun resumes
    void failed(const QString& message);

private:
    QThreadPool m_pool;
    JobTracker* m_jobs;  // one experiment at a time
    QPointer<Session> m_session;
    bool m_running = false;
    std::function<double()> m_clock;
};

}  // namespace gna::studio
