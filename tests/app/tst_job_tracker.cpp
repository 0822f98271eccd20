// JobTracker, the studio's one way to run work off the GUI thread: each job ends exactly once, on the
// GUI thread (done, failed or dropped); a newer job of a Supersede tracker stops the older one; a
// stopped queued job never starts; a job whose owner closed says nothing; stale progress is dropped.
#include <QSignalSpy>
#include <QTest>
#include <QThread>
#include <atomic>
#include <memory>
#include <semaphore>
#include <stdexcept>

#include "../gui_test_main.h"
#include "job_tracker.h"

using namespace gna::studio;

namespace {

// A one-thread pool, as the session's worker.
struct Worker {
    QThreadPool pool;
    Worker() {
        pool.setMaxThreadCount(1);
        pool.setExpiryTimeout(-1);
    }
    ~Worker() { pool.waitForDone(); }
};

}  // namespace

class TestJobTracker : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void resultComesBackOnTheGuiThread() {
        Worker w;
        QObject owner;
        auto* jobs = new JobTracker(&w.pool, JobTracker::Policy::Supersede, &owner);
        QSignalSpy busy(jobs, &JobTracker::busyChanged);
        QThread* workThread = nullptr;
        QThread* doneThread = nullptr;
        int result = 0;
        const quint64 g = jobs->start(
            [&](const JobControl&) {
                workThread = QThread::currentThread();
                return 6 * 7;
            },
            [&](int r) {
                result = r;
                doneThread = QThread::currentThread();
            });
        QCOMPARE(g, jobs->generation());
        QVERIFY(jobs->isBusy());
        QTRY_COMPARE(result, 42);
        QVERIFY(workThread && workThread != QThread::currentThread());
        QCOMPARE(doneThread, QThread::currentThread());
        QVERIFY(!jobs->isBusy());
        QCOMPARE(busy.size(), 2);
        QCOMPARE(busy.at(0).at(0).toBool(), true);
        QCOMPARE(busy.at(1).at(0).toBool(), false);
    }

    void aNewerJobStopsTheOlderOne() {
        Worker w;
        QObject owner;
        auto* jobs = new JobTracker(&w.pool, JobTracker::Policy::Supersede, &owner);
        std::binary_semaphore firstRunning(0);
        std::atomic<bool> firstSawStop = false;
        int firstDone = 0, firstDropped = 0, secondDone = 0;
        jobs->start(
            [&](const JobControl& c) {
                firstRunning.release();
                while (!c.stopRequested()) QThread::msleep(1);  // a long run, checking between layers
                firstSawStop = true;
                c.throwIfStopped();
                return 1;
            },
            [&](int) { ++firstDone; }, {{}, [&] { ++firstDropped; }});
        firstRunning.acquire();
        jobs->start([](const JobControl&) { return 2; }, [&](int r) { secondDone = r; });
        QTRY_COMPARE(secondDone, 2);
        QVERIFY(firstSawStop);
        QCOMPARE(firstDone, 0);
        QCOMPARE(firstDropped, 1);
        QCOMPARE(jobs->generation(), quint64(2));
    }

    void aFinishedButStaleResultIsDropped() {
        // The older job ends without checking its flag: its result still never reaches `done`.
        Worker w;
        QObject owner;
        auto* jobs = new JobTracker(&w.pool, JobTracker::Policy::Supersede, &owner);
        std::binary_semaphore release(0);
        int firstDone = 0, firstDropped = 0, secondDone = 0;
        jobs->start(
            [&](const JobControl&) {
                release.acquire();
                return 1;
            },
            [&](int) { ++firstDone; }, {{}, [&] { ++firstDropped; }});
        jobs->start([](const JobControl&) { return 2; }, [&](int r) { secondDone = r; });
        release.release();
        QTRY_COMPARE(secondDone, 2);
        QTRY_COMPARE(firstDropped, 1);
        QCOMPARE(firstDone, 0);
    }

    void queuedJobsEachDeliverInOrder() {
        Worker w;
        QObject owner;
        auto* jobs = new JobTracker(&w.pool, JobTracker::Policy::Queue, &owner);
        QList<int> order;
        for (int i = 0; i < 4; ++i) jobs->start([i](const JobControl&) { return i; }, [&](int r) { order << r; });
        QTRY_COMPARE(order.size(), 4);
        QCOMPARE(order, (QList<int>{0, 1, 2, 3}));
    }

    void stopKeepsQueuedJobsFromStarting() {
        Worker w;
        QObject owner;
        auto* jobs = new JobTracker(&w.pool, JobTracker::Policy::Queue, &owner);
        std::binary_semaphore release(0);
        std::atomic<int> started = 0;
        int done = 0, dropped = 0;
        for (int i = 0; i < 3; ++i)
            jobs->start(
                [&, i](const JobControl&) {
                    ++started;
                    if (i == 0) release.acquire();
                },
                [&] { ++done; }, {{}, [&] { ++dropped; }});
        QTRY_COMPARE(started.load(), 1);
        jobs->stop();
        release.release();
        QTRY_COMPARE(dropped, 3);  // the running one ended after the stop: its result is dropped too
        QCOMPARE(done, 0);
        QCOMPARE(started.load(), 1);
        QVERIFY(!jobs->isBusy());
        // the tracker takes new jobs after a stop
        jobs->start([](const JobControl&) {}, [&] { ++done; });
        QTRY_COMPARE(done, 1);
    }

    void anErrorComesBackAsAMessage() {
        Worker w;
        QObject owner;
        auto* jobs = new JobTracker(&w.pool, JobTracker::Policy::Supersede, &owner);
        QString message;
        int done = 0, dropped = 0;
        jobs->start([](const JobControl&) -> int { throw std::runtime_error("config.json: no key hidden_size"); },
                    [&](int) { ++done; }, {[&](const QString& m) { message = m; }, [&] { ++dropped; }});
        QTRY_VERIFY(!message.isEmpty());
        QVERIFY2(message.contains(QLatin1String("hidden_size")), qPrintable(message));
        QCOMPARE(done, 0);
        QCOMPARE(dropped, 0);
    }

    void aClosedOwnerHearsNothing() {
        Worker w;
        auto owner = std::make_unique<QObject>();
        auto* jobs = new JobTracker(&w.pool, JobTracker::Policy::Supersede, owner.get());
        std::binary_semaphore running(0), release(0);
        std::atomic<bool> sawStop = false;
        int ends = 0;
        jobs->start(
            [&](const JobControl& c) {
                running.release();
                release.acquire();
                sawStop = c.stopRequested();
                return 1;
            },
            [&](int) { ++ends; }, {[&](const QString&) { ++ends; }, [&] { ++ends; }});
        running.acquire();
        owner.reset();  // the panel closes while its job runs
        release.release();
        w.pool.waitForDone();
        QCoreApplication::processEvents();
        QCoreApplication::processEvents();
        QVERIFY(sawStop);  // the job was told to stop
        QCOMPARE(ends, 0);  // and nothing ran on the closed panel
    }

    void progressOfTheCurrentJobOnly() {
        Worker w;
        QObject owner;
        auto* jobs = new JobTracker(&w.pool, JobTracker::Policy::Supersede, &owner);
        QSignalSpy progress(jobs, &JobTracker::progress);
        int done = 0;
        const quint64 g = jobs->start(
            [](const JobControl& c) {
                for (int i = 1; i <= 3; ++i) c.progress(i, 3);
            },
            [&] { ++done; });
        QTRY_COMPARE(done, 1);
        QTRY_COMPARE(progress.size(), 3);
        for (int i = 0; i < 3; ++i) {
            QCOMPARE(progress.at(i).at(0).toULongLong(), g);
            QCOMPARE(progress.at(i).at(1).toInt(), i + 1);
            QCOMPARE(progress.at(i).at(2).toInt(), 3);
        }
        // a job's progress posted after a newer job started is not shown
        progress.clear();
        std::binary_semaphore reported(0);
        jobs->start(
            [&](const JobControl& c) {
                c.progress(1, 2);
                reported.release();
            },
            [] {});
        reported.acquire();
        jobs->start([](const JobControl&) {}, [&] { ++done; });
        QTRY_COMPARE(done, 2);
        QCOMPARE(progress.size(), 0);
    }
};

GNA_GUI_TEST_MAIN(TestJobTracker)
#include "tst_job_tracker.moc"
