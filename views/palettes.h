#pragma once
// Colour gradients for heatmaps. QCustomPlot 2.1 has no viridis/cividis presets, so the
// colour-blind-safe maps are built here from their published control points.
#include <QColor>
#include <QPalette>
#include <QString>
#include <QStringList>

#include <qcustomplot.h>

namespace gna::views {

enum class Palette {
    Viridis,  // perceptually uniform, colour-blind safe (default)
    Cividis,  // optimised for deuteranopia/protanopia
    Magma,  // dark-to-light, prints well
    Greys,  // for black-and-white print
    RedYellowGreen,  // bad..good; not for maps (its ends differ in hue, hardly in lightness)
    Diverging  // blue-white-red for differences (symmetric around 0)
};

QCPColorGradient makeGradient(Palette palette);
QString paletteName(Palette palette);  // translated display name
QStringList paletteNames();  // in enum order
Palette paletteFromIndex(int index);

// The colour of text or a mark readable on top of `background` (black or white).
QColor contrastingText(const QColor& background);

// WCAG 2 contrast ratio of two opaque colours (1 .. 21).
double contrastRatio(const QColor& a, const QColor& b);
// A muted version of `text` on `background` (for masked or secondary text): blended towards the
// background only as far as the contrast ratio stays at least `minRatio`.
QColor mutedText(const QColor& text, const QColor& background, double minRatio = 3.0);

// The colour of a heatmap cell without a value (a key after its query: the causal mask) on a plot
// drawn on `background`. On a light background the light grey of printed figures; on a dark one a
// grey a little lighter than the background (under 2:1 against it: no bright patch over half of every
// map), neutral and lighter than every colour scale's darkest end, so still told apart from a weight.
QColor maskedCellColor(const QColor& background);
// The colour of the unablated baseline's bars (compare mode) on a plot drawn on `background`: a
// neutral grey at 3.5:1 or more against it, dark on a light plot and light on a dark one.
QColor baselineBarColor(const QColor& background);

// The studio's light or dark theme (View > Theme); figure exports with paper colours draw in the light one.
QPalette studioPalette(bool dark);

}  // namespace gna::views
