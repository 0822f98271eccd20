#pragma once
// Waiting for a window to be laid out, in the GUI suites (tests/app, tests/views): instead of a fixed
// QTest::qWait, the event loop runs until the layout has settled: nothing left posted for the window's
// widgets (layout requests, queued dock fits, queued replots are all posted events or zero timers) and the
// rectangle of every widget in it and of every plot's axis rectangle the same over a few turns of the loop.
// A slow or loaded machine then waits as long as it needs, a fast one no longer than it needs.
#include <QCoreApplication>
#include <QElapsedTimer>
#include <QList>
#include <QRect>
#include <QTest>
#include <QWidget>

#include <qcustomplot.h>

namespace gna::testing {

// Where every widget in `w` is now, as far as a layout decides it: each one's rectangle in `w` (an empty one
// when hidden), each plot's axis rectangle.
inline QList<QRect> layoutSnapshot(const QWidget& w) {
    QList<QRect> out{w.geometry()};
    for (const QWidget* c : w.findChildren<QWidget*>()) {
        out << (c->isVisibleTo(&w) ? QRect(c->mapTo(&w, QPoint(0, 0)), c->size()) : QRect());
        if (const auto* plot = qobject_cast<const QCustomPlot*>(c); plot && plot->axisRect())
            out << plot->axisRect()->rect();
    }
    return out;
}

// Runs the event loop until `w` is laid out: the same layoutSnapshot over `turns` consecutive turns of the
// loop (`pollMs` apart, each one delivering whatever was posted). Returns false, without asserting, when
// the layout still changed after `timeoutMs` (the test's own checks then say what is wrong).
inline bool waitForLayout(const QWidget& w, int timeoutMs = 10000, int turns = 3, int pollMs = 10) {
    QElapsedTimer t;
    t.start();
    QList<QRect> last = layoutSnapshot(w);
    int same = 0;
    while (t.elapsed() < timeoutMs) {
        QCoreApplication::sendPostedEvents();
        QTest::qWait(pollMs);  // the polling interval of the condition, as in QTRY_VERIFY
        const QList<QRect> now = layoutSnapshot(w);
        same = now == last ? same + 1 : 0;
        if (same >= turns) return true;
        last = now;
    }
    return false;
}

}  // namespace gna::testing
