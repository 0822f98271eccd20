#pragma once
// Session: the open model, the intervention plan, the prompt and the latest results. Every job runs
// on one worker thread through the studio's job system (job_tracker.h): loads and interactive runs
// supersede their predecessors (a new request stops the one before at its next layer; results of old
// generations are dropped), and the panels' model jobs (runOnModel) queue behind them. Opening a model
// stops every job of the model open before: the run in flight at its next layer, queued runs and
// queued model jobs before they start, and long model jobs at their next sample (their JobControl);
// the load therefore waits for one layer or one sample at most.
// The session holds the one copy of the open checkpoint's model, loaded once with the user's choices
// (gna::ModelLoadSpec: folder, tokenizer folder, device, dtype); the experiments run on it too
// (sharedModel(), turns(): model_turns.h says how they share it; docs/studio-engine.md).
#include <QObject>
#include <QThreadPool>
#include <atomic>
#include <functional>
#include <memory>

#include "gna/load_spec.h"
#include "job_tracker.h"
#include "model_turns.h"
#include "run_job.h"

namespace gna::studio {

class Session : public QObject {
    Q_OBJECT
public:
    explicit Session(QObject* parent = nullptr);
    ~Session() override;

    // Model (loaded on the worker thread).
    // tokenizerDir: a folder whose tokenizer files to use (checkpoints shipped without them);
    // empty = the model folder's own.
    void loadModel(const QString& dir, const QString& tokenizerDir = QString());
    // Loads the open model again, with its tokenizer folder, on the device and in the dtype set now
    // (Run ▸ Device): once, for every view and the experiments.
    void reload();
    // Where a load gets its model: gna::Model::load on this machine (empty), or a server's copy
    // (ServerLink::source(): the model opens there, and every job runs on it through the server).
    using ModelOpener = std::function<std::shared_ptr<gna::Model>(const gna::ModelLoadSpec&, const gna::LoadOptions&)>;
    struct ModelSource {
        ModelOpener open;  // empty = this machine
        QString server;  // the server's name for the user ("" = this machine)
    };
    // loadModel on a server: `dir` and `tokenizerDir` are the server's paths.
    void loadModelFrom(const ModelSource& source, const QString& dir, const QString& tokenizerDir = QString());
    // The server the open model runs on ("" = this machine).
    QString modelServer() const { return m_source.server; }
    // The device the next load uses (CUDA only where gna::cuda_available()).
    void setDevice(gna::Device device) { m_device = device; }
    gna::Device device() const { return m_device; }
    // The compute dtype of the next load: f32, or bf16 (CUDA, or a CPU with bf16 instructions).
    void setDtype(gna::ComputeDType dtype) { m_dtype = dtype; }
    gna::ComputeDType dtype() const { return m_dtype; }
    bool hasModel() const { return static_cast<bool>(m_model); }
    const gna::ModelInfo* modelInfo() const { return m_model ? &m_model->info() : nullptr; }
    QString modelPath() const { return m_modelPath; }
    QString tokenizerPath() const { return m_tokenizerPath; }
    // What the open model was loaded with (gna/load_spec.h): the experiments record it.
    gna::ModelLoadSpec loadSpec() const { return m_loaded; }
    // The open model itself, for a job on another thread (ExperimentRunner): it computes on it only
    // during its turns (turns()), so that the interactive runs get in between its samples. Empty when
    // no model is open or one is being loaded.
    std::shared_ptr<gna::Model> sharedModel() const { return m_loading ? nullptr : m_model; }
    std::shared_ptr<ModelTurns> turns() const { return m_turns; }
    bool isLoading() const { return m_loading; }
    // Emits modelLoaded again for the open model (views built after it was loaded: a language switch).
    void announceModel();

    // Inputs of the interactive run; each setter reruns when a model is open.
    void setPrompt(const QString& prompt);
    QString prompt() const { return m_spec.prompt; }
    void setCandidates(const QStringList& candidates);
    QStringList candidates() const { return m_spec.candidates; }
    void setAblatedHeads(const views::HeadCells& heads);
    views::HeadCells ablatedHeads() const { return m_spec.ablated; }
    gna::InterventionPlan plan() const { return planFor(m_spec.ablated); }
    void setShownHeads(const views::HeadCells& heads);
    views::HeadCells shownHeads() const { return m_spec.shownHeads; }
    void setScoreMode(ScoreMode mode);
    ScoreMode scoreMode() const { return m_spec.scoreMode; }
    void setSelectedToken(int token);
    int selectedToken() const { return m_spec.selectedToken; }
    void setCompare(bool on);
    bool compare() const { return m_spec.withBaseline; }
    void setAutoRun(bool on) { m_autoRun = on; }
    // Attention weights captured along with the run for the head scores (see RunSpec); for benchmarks.
    void setSeparateScorePass(bool on) { m_spec.separateScorePass = on; }

    const RunOutcome& lastOutcome() const { return m_last; }
    quint64 generation() const { return m_generation; }
    bool isRunning() const { return m_running > 0; }
    // A load or a run is in flight: what cancel() stops (model jobs of the panels have their own Cancel).
    bool isCancellable() const { return m_cancellable > 0; }

    // Runs `work` on the model's worker thread, after the run in flight (the model runs one
    // request at a time); `done` then runs on the GUI thread. false when no model is open.
    // A job still queued when another model is opened does not run, and a long one stops at its next
    // check of the JobControl's stop flag (throwIfStopped() between samples): `dropped` runs instead
    // of `done` (on the GUI thread). An error the work throws is passed to `failed` (when given).
    bool runOnModel(std::function<void(gna::Model&, const JobControl&)> work, std::function<void()> done,
                    std::function<void()> dropped = {}, std::function<void(const QString&)> failed = {});
    // The same for work that needs no stop flag (a few short forward passes).
    bool runOnModel(std::function<void(gna::Model&)> work, std::function<void()> done,
                    std::function<void()> dropped = {});

public Q_SLOTS:
    void requestRun();
    void cancel();

Q_SIGNALS:
    void modelLoadStarted(const QString& dir);
    void modelLoaded(const QString& dir);
    void modelLoadFailed(const QString& dir, const QString& message);
    void modelLoadProgress(int percent);  // share of the checkpoint's bytes read
    void modelLoadCancelled(const QString& dir);
    void runStarted(quint64 generation);
    void resultReady(const gna::studio::RunOutcome& outcome);
    void runFailed(const QString& message);
    void runCancelled(quint64 generation);
    void busyChanged(bool busy);
    void cancellableChanged(bool cancellable);  // isCancellable() changed

private:
    void maybeRun();
    void setRunning(int delta, bool cancellable = false);
    void releaseOnWorker(std::shared_ptr<gna::Model> model, std::shared_ptr<gna::Probe> probe);

    QThreadPool m_pool;  // one thread: the model runs one request at a time
    JobTracker* m_loads;  // Supersede: the latest load counts
    JobTracker* m_runs;  // Supersede: the latest interactive run counts
    JobTracker* m_modelJobs;  // Queue: the panels' jobs; all stopped when another model is opened
    std::shared_ptr<gna::Model> m_model;
    std::shared_ptr<ModelTurns> m_turns = std::make_shared<ModelTurns>();  // the worker's and the experiments'
    gna::ModelLoadSpec m_loaded;  // m_model's
    ModelSource m_source;  // m_model's (reload() uses it again)
    QString m_modelPath;
    QString m_tokenizerPath;
    bool m_loading = false;
    gna::Device m_device = gna::Device::CPU;
    gna::ComputeDType m_dtype = gna::ComputeDType::F32;
    RunSpec m_spec;
    RunOutcome m_last;
    quint64 m_generation = 0;
    std::shared_ptr<gna::Probe> m_probe;  // the loaded model's probe (caches compare mode's unablated run)
    int m_running = 0;
    int m_cancellable = 0;  // loads and runs among m_running
    bool m_autoRun = true;
};

}  // namespace gna::studio

Q_DECLARE_METATYPE(gna::studio::RunOutcome)
