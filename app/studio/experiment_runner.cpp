#include "experiment_runner.h"

#include <QCoreApplication>
#include <QDir>
#include <QPointer>

#include "core_errors.h"
#include "gna/error.h"
#include "gna/experiments.h"
#include "gna/load_spec.h"
#include "gna/model.h"
#include "session.h"

namespace gna::studio {

namespace {

// The spec as it runs: the open model's load (the studio's choices, as the CLI's flags are) replaces
// what the spec says of the model, so that the result's spec tells how its model was loaded; a spec
// that says nothing of the tokenizer or the dtype stays as it is when the model uses the defaults.
gna::Json specAsRun(gna::Json spec, const gna::ModelLoadSpec& load) {
    if (spec.contains("model")) spec["model"] = load.path.string();
    if (!load.tokenizer.empty())
        spec["tokenizer"] = load.tokenizer.string();
    else
        spec.erase("tokenizer");
    if (load.dtype != gna::ComputeDType::F32 || spec.contains("dtype")) spec["dtype"] = gna::dtype_name(load.dtype);
    return spec;
}

}  // namespace

ExperimentRunner::ExperimentRunner(QObject* parent)
    : QObject(parent), m_jobs(new JobTracker(&m_pool, JobTracker::Policy::Supersede, this)) {
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1);
}

ExperimentRunner::~ExperimentRunner() {
    m_jobs->stop();
    m_pool.waitForDone();
}

void ExperimentRunner::setSession(Session* session) {
    if (m_session) disconnect(m_session, nullptr, this, nullptr);
    m_session = session;
    // Another model, or this one on another device or dtype: the experiment stops at its next sample
    // (finished samples saved), so that the old model is not held beside the new one for long.
    if (m_session) connect(m_session, &Session::modelLoadStarted, this, &ExperimentRunner::cancel);
}

void ExperimentRunner::cancel() { m_jobs->stop(); }

bool ExperimentRunner::start(const QString& modelDir, const gna::Json& spec, const QString& outDir) {
    if (m_running) return false;
    std::shared_ptr<gna::Model> model = m_session ? m_session->sharedModel() : nullptr;
    if (!model || m_session->modelPath() != modelDir) {
        Q_EMIT failed(m_session && m_session->isLoading()
                          ? tr("The model is still loading: run the experiment once it is open.")
                          : tr("Open the model first (File ▸ Open model…)."));
        return true;
    }
    m_running = true;
    QPointer<ExperimentRunner> self(this);
    auto clock = m_clock;
    std::shared_ptr<ModelTurns> turns = m_session->turns();
    const gna::Json ran = specAsRun(spec, m_session->loadSpec());
    const std::string out = QDir(outDir).absolutePath().toStdString();
    const QString resultPath = QDir(QString::fromStdString(out)).filePath(QStringLiteral("result.json"));
    // Progress and the live ranking are posted as they come; the job's end comes through the tracker.
    auto post = [self](auto fn) {
        QMetaObject::invokeMethod(
            qApp,
            [self, fn] {
                if (self) fn(self.data());
            },
            Qt::QueuedConnection);
    };
    m_jobs->start(
        [=](const JobControl& job) mutable {
            gna::ExperimentOptions opt;
            opt.out_dir = out;
            opt.cancel = job.stopFlag();
            opt.clock = clock;
            // The session's model, in a background turn. run_experiment reports progress on this thread after
            // each sample (and each attribution batch), when the run holds nothing inside the model: there
            // the interactive runs waiting get the model first.
            ModelTurns::Background turn(*turns);
            opt.progress = [post, &turn](const gna::ExperimentProgress& p) {
                turn.yield();
                const QString current = QString::fromStdString(p.current);
                post([p, current](ExperimentRunner* r) {
                    Q_EMIT r->progress(static_cast<int>(p.done), static_cast<int>(p.total), p.elapsed_s, p.eta_s,
                                       current);
                });
            };
            opt.verify_batches = kLiveVerifyBatches;
            opt.ranking = [post, &ran](const gna::RankingProgress& p) {
                post([r = rankingScoresFromProgress(p, ran)](ExperimentRunner* self) {
                    Q_EMIT self->rankingProgress(r);
                });
            };
            const gna::ExperimentOutcome o = gna::run_experiment(*model, ran, opt);
            model.reset();  // the session's copy only, from here on
            return QString::fromStdString(o.json_path.string());
        },
        [this](const QString& path) {
            m_running = false;
            Q_EMIT finished(path);
        },
        {[this](const QString& message) {
             m_running = false;
             Q_EMIT failed(message);
         },
         [this, resultPath] {  // cancelled: the finished samples are saved there
             m_running = false;
             Q_EMIT cancelled(resultPath);
         }});
    Q_EMIT started();  // after the job exists: a Cancel in answer to it stops this run
    return true;
}

}  // namespace gna::studio
