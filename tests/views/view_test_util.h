#pragma once
// Helpers of the view suites.
#include <QColor>
#include <QImage>
#include <QPalette>
#include <QTest>
#include <QWidget>
#include <algorithm>
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

// Rec. 709 luminance of a pixel's gamma-encoded channels, 0 (black) .. 1 (white).
inline double luminance(QRgb p) { return (0.2126 * qRed(p) + 0.7152 * qGreen(p) + 0.0722 * qBlue(p)) / 255.0; }

// The share of the pixels in the image's outer frame, `band` pixels wide (a figure's margin, where no data
// is drawn), whose luminance is above `limit`.
inline double marginShareAbove(const QImage& img, int band, double limit) {
    int above = 0, total = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x)
            if (x < band || y < band || x >= img.width() - band || y >= img.height() - band) {
                ++total;
                above += luminance(img.pixel(x, y)) > limit;
            }
    return double(above) / std::max(1, total);
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
