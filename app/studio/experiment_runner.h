#pragma once
// ExperimentRunner: runs one experiment (gna::run_experiment, the code the CLI runs) on a worker
// thread with progress, an estimate of time left and cancellation between samples and layers.
// It loads its own copy of the model (kept for the next run), so the interactive view stays
// responsive during a long sweep. Results are files (result.json, result.csv, summary.csv); an
// attribution head ranking also reports its estimates and verified heads as they come.
#include <QObject>
#include <QString>
#include <QThreadPool>
#include <atomic>
#include <functional>
#include <memory>

#include "gna/json.h"
#include "ranking_scores.h"

namespace gna {
class Model;
}

namespace gna::studio {

// Batches of an attribution+verify ranking's exact phase: the head board refines after each.
inline constexpr int kLiveVerifyBatches = 6;

class ExperimentRunner : public QObject {
    Q_OBJECT
public:
    explicit ExperimentRunner(QObject* parent = nullptr);
    ~ExperimentRunner() override;  // cancels and waits

    // false when a run is already under way.
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
    void finished(const QString& resultPath);   // complete
    void cancelled(const QString& resultPath);  // finished samples saved; a rerun resumes
    void failed(const QString& message);

private:
    struct Cache {
        QString dir;
        std::shared_ptr<gna::Model> model;
    };
    QThreadPool m_pool;
    std::shared_ptr<Cache> m_cache = std::make_shared<Cache>();  // touched by the worker only
    std::shared_ptr<std::atomic<bool>> m_cancel;
    bool m_running = false;
    std::function<double()> m_clock;
};

}  // namespace gna::studio
