#pragma once
// Helpers of the view suites.
#include <QColor>
#include <QPalette>
#include <QTest>
#include <QWidget>
#include <cstdlib>

namespace gna::views {

// Resizes `w` to width x height, shows it and waits until it is on screen (false when it never is).
// Resize events reach shown widgets only, so a test that reads a laid-out view shows it first.
inline bool showSized(QWidget& w, int width, int height) {
    w.resize(width, height);
    w.show();
    return QTest::qWaitForWindowExposed(&w);
}

// True when the pixel `p` is within `tolerance` of `c` in each of red, green and blue.
inline bool nearColour(QRgb p, QColor c, int tolerance = 40) {
    const QColor q(p);
    return std::abs(q.red() - c.red()) < tolerance && std::abs(q.green() - c.green()) < tolerance &&
           std::abs(q.blue() - c.blue()) < tolerance;
}

// White background, black text: the plots' light palette, so that colours read from pixels are known.
inline QPalette lightPalette() {
    QPalette p;
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::Window, Qt::white);
    p.setColor(QPalette::Text, Qt::black);
    p.setColor(QPalette::WindowText, Qt::black);
    return p;
}

}  // namespace gna::views
