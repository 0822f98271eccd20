#pragma once
// JobTracker: the one way the studio runs work off the GUI thread (in the spirit of KDAB hotspot's
// jobtracker.h). Each job gets a generation number and a stop flag that the work checks between
// layers, samples or models (JobControl); its result comes back to the GUI thread through a queued
// call guarded by a QPointer to the tracker, which is a child of the object that asked for the work,
// so a closed panel never hears from a job it started. Exactly one of the job's ends runs, on the GUI
// thread: `done` with the result, `failed` with the error in the UI language, or `dropped` when the job
// was stopped (a newer job of a Supersede tracker, stop(), the tracker's owner closing) before it ended
// or while it ran (the work threw gna::Cancelled). Progress is posted the same way, and dropped once the
// job is stale. The work runs on the pool the tracker is given: a one-thread pool serialises jobs.
#include <QMetaObject>
#include <QObject>
#include <QPointer>
#include <QString>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>
#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "core_errors.h"
#include "gna/error.h"

namespace gna::studio {

// What a job's work sees on its thread.
class JobControl {
public:
    // The job should end: stopped, superseded, or its owner closed.
    bool stopRequested() const { return m_stop->load(); }
    // The same flag, for the core's cancel pointers (LoadOptions::cancel, ExperimentOptions::cancel, a probe run's).
    const std::atomic<bool>* stopFlag() const { return m_stop.get(); }
    // Ends the job (`dropped` runs) when it should stop.
    void throwIfStopped() const {
        if (stopRequested()) throw gna::Cancelled();
    }
    // `done` of `total` steps, to the tracker's progress() signal (queued; dropped once the job is stale).
    void progress(int done, int total) const {
        if (m_progress) m_progress(done, total);
    }
    quint64 generation() const { return m_generation; }

private:
    friend class JobTracker;
    std::shared_ptr<std::atomic<bool>> m_stop;
    std::function<void(int, int)> m_progress;
    quint64 m_generation = 0;
};

class JobTracker : public QObject {
    Q_OBJECT
public:
    // Supersede: a new job stops the ones before it, whose results are dropped (the interactive run, a
    // load). Queue: jobs run one after the other and each delivers its result (the panels' model jobs).
    enum class Policy { Supersede, Queue };

    // `pool` runs the work and must outlive every job (its owner waits for it); `parent` owns the tracker.
    JobTracker(QThreadPool* pool, Policy policy, QObject* parent);
    ~JobTracker() override;  // stops every job; their ends no longer run

    // The ends of one job, each optional; they run on the GUI thread.
    struct Ends {
        std::function<void(const QString& message)> failed;
        std::function<void()> dropped;
    };

    // Runs `work(const JobControl&)` on the pool; its result (if any) goes to `done` on the GUI thread.
    // Returns the job's generation.
    template <class Work, class Done>
    quint64 start(Work work, Done done, Ends ends = {});

    // Stops every job started so far: queued ones never start, running ones end at their next check.
    void stop();
    quint64 generation() const { return m_generation; }
    // Jobs started and not yet ended.
    int pending() const { return m_pending; }
    bool isBusy() const { return m_pending > 0; }

Q_SIGNALS:
    void busyChanged(bool busy);
    void progress(quint64 generation, int done, int total);

private:
    enum class End { Done, Failed, Dropped };
    std::shared_ptr<std::atomic<bool>> begin();
    // On the GUI thread: whether the job of `generation` with stop flag `stop` may deliver its result.
    bool current(quint64 generation, const std::shared_ptr<std::atomic<bool>>& stop) const;
    void ended();

    QThreadPool* m_pool;
    Policy m_policy;
    quint64 m_generation = 0;
    int m_pending = 0;
    std::vector<std::weak_ptr<std::atomic<bool>>> m_stops;  // the pending jobs' flags
};

template <class Work, class Done>
quint64 JobTracker::start(Work work, Done done, Ends ends) {
    using Result = std::invoke_result_t<Work&, const JobControl&>;
    std::shared_ptr<std::atomic<bool>> stop = begin();
    const quint64 generation = m_generation;
    QPointer<JobTracker> self(this);
    JobControl control;
    control.m_stop = stop;
    control.m_generation = generation;
    control.m_progress = [self, generation, stop](int doneSteps, int total) {
        QMetaObject::invokeMethod(
            self,
            [self, generation, stop, doneSteps, total] {
                if (self && self->current(generation, stop)) Q_EMIT self->progress(generation, doneSteps, total);
            },
            Qt::QueuedConnection);
    };
    (void)QtConcurrent::run(m_pool,
                            [self, control, stop, generation, work = std::optional<Work>(std::move(work)),
                             done = std::move(done), ends = std::move(ends)]() mutable {
                                using Value = std::conditional_t<std::is_void_v<Result>, bool, Result>;
                                std::optional<Value> value;
                                End end = End::Dropped;
                                QString message;
                                if (!stop->load()) {
                                    try {
                                        if constexpr (std::is_void_v<Result>) {
                                            (*work)(control);
                                            value = true;
                                        } else {
                                            value.emplace((*work)(control));
                                        }
                                        end = End::Done;
                                    } catch (const gna::Cancelled&) {
                                        end = End::Dropped;
                                    } catch (const std::exception& e) {
                                        end = End::Failed;
                                        message = errorText(e);
                                    }
                                }
                                // The work's captures (a model, a probe) end here, on the worker thread where they were used.
                                work.reset();
                                QMetaObject::invokeMethod(
                                    self,
                                    [self, stop, generation, end, message, value = std::move(value),
                                     done = std::move(done), ends = std::move(ends)]() mutable {
                                        if (!self) return;
                                        const bool deliver = self->current(generation, stop);
                                        self->ended();
                                        if (deliver && end == End::Done) {
                                            if constexpr (std::is_void_v<Result>)
                                                done();
                                            else
                                                done(std::move(*value));
                                        } else if (deliver && end == End::Failed) {
                                            if (ends.failed) ends.failed(message);
                                        } else if (ends.dropped) {
                                            ends.dropped();
                                        }
                                    },
                                    Qt::QueuedConnection);
                            });
    return generation;
}

}  // namespace gna::studio
