#pragma once
// Helpers of the view suites.
#include <QTest>
#include <QWidget>

namespace gna::views {

// Resizes `w` to width x height, shows it and waits until it is on screen (false when it never is).
// Resize events reach shown widgets only, so a test that reads a laid-out view shows it first.
inline bool showSized(QWidget& w, int width, int height) {
    w.resize(width, height);
    w.show();
    return QTest::qWaitForWindowExposed(&w);
}

}  // namespace gna::views
