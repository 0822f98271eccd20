#include "experiment_runner.h"

#include <QCoreApplication>
#include <QDir>
#include <QPointer>
#include <QtConcurrent/QtConcurrentRun>

#include "core_errors.h"
#include "gna/error.h"
#include "gna/experiments.h"
#include "gna/model.h"

namespace gna::studio {

ExperimentRunner::ExperimentRunner(QObject* parent) : QObject(parent) {
    m_pool.setMaxThreadCount(1);
    m_pool.setExpiryTimeout(-1);
}

ExperimentRunner::~ExperimentRunner() {
    cancel();
    m_pool.waitForDone();
}

void ExperimentRunner::cancel() {
    if (m_cancel) m_cancel->store(true);
}

bool ExperimentRunner::start(const QString& modelDir, const gna::Json& spec, const QString& outDir) {
    if (m_running) return false;
    m_running = true;
    m_cancel = std::make_shared<std::atomic<bool>>(false);
    Q_EMIT started();
    QPointer<ExperimentRunner> self(this);
    auto flag = m_cancel;
    auto cache = m_cache;
    auto clock = m_clock;
    const std::string dir = modelDir.toStdString(), out = QDir(outDir).absolutePath().toStdString();
    auto post = [self](auto fn) {
        QMetaObject::invokeMethod(qApp, [self, fn] {
            if (self) fn(self.data());
        }, Qt::QueuedConnection);
    };
    (void)QtConcurrent::run(&m_pool, [=]() {
        enum { Done, Cancelled, Failed } end = Done;
        QString message, path = QDir(QString::fromStdString(out)).filePath(QStringLiteral("result.json"));
        try {
            if (!cache->model || cache->dir != QString::fromStdString(dir)) {
                cache->model.reset();
                cache->model = std::shared_ptr<gna::Model>(gna::Model::load(dir));
                cache->dir = QString::fromStdString(dir);
            }
            gna::ExperimentOptions opt;
            opt.out_dir = out;
            opt.cancel = flag.get();
            opt.clock = clock;
            opt.progress = [post](const gna::ExperimentProgress& p) {
                const QString current = QString::fromStdString(p.current);
                post([p, current](ExperimentRunner* r) {
                    Q_EMIT r->progress(static_cast<int>(p.done), static_cast<int>(p.total), p.elapsed_s, p.eta_s, current);
                });
            };
            opt.verify_batches = kLiveVerifyBatches;
            opt.ranking = [post](const gna::RankingProgress& p) {
                post([r = rankingScoresFromProgress(p)](ExperimentRunner* self) { Q_EMIT self->rankingProgress(r); });
            };
            const gna::ExperimentOutcome o = gna::run_experiment(*cache->model, spec, opt);
            path = QString::fromStdString(o.json_path.string());
        } catch (const gna::Cancelled&) {
            end = Cancelled;
        } catch (const std::exception& e) {
            end = Failed;
            message = errorText(e);
        }
        post([end, message, path](ExperimentRunner* r) {
            r->m_running = false;
            if (end == Done) Q_EMIT r->finished(path);
            else if (end == Cancelled) Q_EMIT r->cancelled(path);
            else Q_EMIT r->failed(message);
        });
    });
    return true;
}

}  // namespace gna::studio
