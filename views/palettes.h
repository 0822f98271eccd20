#pragma once
// Colour gradients for heatmaps. QCustomPlot 2.1 has no viridis/cividis presets, so the
// colour-blind-safe maps are built here from their published control points.
#include <QColor>
#include <QString>
#include <QStringList>

#include <qcustomplot.h>

namespace gna::views {

enum class Palette {
    Viridis,        // perceptually uniform, colour-blind safe (default)
    Cividis,        // optimised for deuteranopia/protanopia
    Magma,          // dark-to-light, prints well
    Greys,          // for black-and-white print
    RedYellowGreen, // retrieval scores 0..5 (bad..good)
    Diverging       // blue-white-red for differences (symmetric around 0)
};

QCPColorGradient makeGradient(Palette palette);
QString paletteName(Palette palette);      // translated display name
QStringList paletteNames();                // in enum order
Palette paletteFromIndex(int index);

// The colour of text or a mark readable on top of `background` (black or white).
QColor contrastingText(const QColor& background);

// WCAG 2 contrast ratio of two opaque colours (1 .. 21).
double contrastRatio(const QColor& a, const QColor& b);
// A muted version of `text` on `background` (for masked or secondary text): blended towards the
// background only as far as the contrast ratio stays at least `minRatio`.
QColor mutedText(const QColor& text, const QColor& background, double minRatio = 3.0);

}  // namespace gna::views
