#include "palettes.h"

#include <QCoreApplication>
#include <QPalette>
#include <algorithm>
#include <array>
#include <cmath>

namespace gna::views {
namespace {

struct Stop {
    double pos;
    int r, g, b;
};

// Nine samples along each matplotlib map (0, 1/8, ..., 1); linear interpolation between them
// stays within a few RGB units of the 256-entry tables.
constexpr std::array<Stop, 9> kViridis{{{0.000, 68, 1, 84},
                                        {0.125, 71, 44, 122},
                                        {0.250, 59, 81, 139},
                                        {0.375, 44, 113, 142},
                                        {0.500, 33, 144, 141},
                                        {0.625, 39, 173, 129},
                                        {0.750, 92, 200, 99},
                                        {0.875, 170, 220, 50},
                                        {1.000, 253, 231, 37}}};
constexpr std::array<Stop, 9> kCividis{{{0.000, 0, 34, 78},
                                        {0.125, 18, 53, 112},
                                        {0.250, 59, 73, 108},
                                        {0.375, 87, 92, 109},
                                        {0.500, 112, 113, 115},
                                        {0.625, 138, 134, 120},
                                        {0.750, 168, 157, 117},
                                        {0.875, 200, 180, 102},
                                        {1.000, 254, 232, 56}}};
constexpr std::array<Stop, 9> kMagma{{{0.000, 0, 0, 4},
                                      {0.125, 28, 16, 68},
                                      {0.250, 79, 18, 123},
                                      {0.375, 129, 37, 129},
                                      {0.500, 181, 54, 122},
                                      {0.625, 229, 80, 100},
                                      {0.750, 251, 135, 97},
                                      {0.875, 254, 194, 135},
                                      {1.000, 252, 253, 191}}};
constexpr std::array<Stop, 2> kGreys{{{0.0, 255, 255, 255}, {1.0, 0, 0, 0}}};
constexpr std::array<Stop, 3> kRedYellowGreen{{{0.0, 215, 48, 39}, {0.5, 254, 224, 139}, {1.0, 26, 152, 80}}};
constexpr std::array<Stop, 3> kDiverging{{{0.0, 33, 102, 172}, {0.5, 247, 247, 247}, {1.0, 178, 24, 43}}};

// `levels` colour levels; 0 keeps QCPColorGradient's default.
template <std::size_t N>
QCPColorGradient fromStops(const std::array<Stop, N>& stops, int levels = 256) {
    QCPColorGradient g;
    g.clearColorStops();
    for (const Stop& s : stops) g.setColorStopAt(s.pos, QColor(s.r, s.g, s.b));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    if (levels > 0) g.setLevelCount(levels);
    return g;
}

}  // namespace

QCPColorGradient makeGradient(Palette palette) {
    switch (palette) {
        case Palette::Viridis:
            return fromStops(kViridis);
        case Palette::Cividis:
            return fromStops(kCividis);
        case Palette::Magma:
            return fromStops(kMagma);
        case Palette::Greys:
            return fromStops(kGreys, 0);
        case Palette::RedYellowGreen:
            return fromStops(kRedYellowGreen);
        case Palette::Diverging:
            return fromStops(kDiverging);
    }
    return fromStops(kViridis);
}

QString paletteName(Palette palette) {
    switch (palette) {
        case Palette::Viridis:
            return QCoreApplication::translate("gna::views::Palette", "Viridis");
        case Palette::Cividis:
            return QCoreApplication::translate("gna::views::Palette", "Cividis (colour-blind safe)");
        case Palette::Magma:
            return QCoreApplication::translate("gna::views::Palette", "Magma");
        case Palette::Greys:
            return QCoreApplication::translate("gna::views::Palette", "Greys (print)");
        case Palette::RedYellowGreen:
            return QCoreApplication::translate("gna::views::Palette", "Red-yellow-green");
        case Palette::Diverging:
            return QCoreApplication::translate("gna::views::Palette", "Diverging (differences)");
    }
    return {};
}

QStringList paletteNames() {
    QStringList names;
    for (int i = 0; i <= static_cast<int>(Palette::Diverging); ++i) names << paletteName(static_cast<Palette>(i));
    return names;
}

Palette paletteFromIndex(int index) {
    if (index < 0 || index > static_cast<int>(Palette::Diverging)) return Palette::Viridis;
    return static_cast<Palette>(index);
}

QColor contrastingText(const QColor& background) {
    // Relative luminance (sRGB approximation) decides between black and white text.
    const double l = 0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
    return l > 0.5 ? QColor(Qt::black) : QColor(Qt::white);
}

namespace {
double linearChannel(double c) { return c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4); }
double relativeLuminance(const QColor& c) {
    return 0.2126 * linearChannel(c.redF()) + 0.7152 * linearChannel(c.greenF()) + 0.0722 * linearChannel(c.blueF());
}
// `t` of the way from `from` to `to` (0: from, 1: to), channel by channel.
QColor blend(const QColor& from, const QColor& to, double t) {
    return QColor::fromRgbF(float(from.redF() + t * (to.redF() - from.redF())),
                            float(from.greenF() + t * (to.greenF() - from.greenF())),
                            float(from.blueF() + t * (to.blueF() - from.blueF())));
}
bool isLight(const QColor& background) { return contrastingText(background) == QColor(Qt::black); }
}  // namespace

double contrastRatio(const QColor& a, const QColor& b) {
    const double la = relativeLuminance(a), lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor mutedText(const QColor& text, const QColor& background, double minRatio) {
    // From mostly background towards the full text colour: the first blend that reads well enough.
    for (int step = 9; step <= 20; ++step) {
        const QColor c = blend(background, text, step / 20.0);
        if (contrastRatio(c, background) >= minRatio) return c;
    }
    return text;
}

QColor maskedCellColor(const QColor& background) {
    if (isLight(background)) return QColor(170, 170, 170);
    // The studio's dark plot background (30, 30, 32) gives (64, 64, 66): 1.6:1 against it.
    return blend(background, Qt::white, 0.15);
}

QColor baselineBarColor(const QColor& background) { return mutedText(contrastingText(background), background, 3.5); }

namespace {

// Each role's colour in the light and the dark palette, side by side (the text roles share one colour).
struct RoleColours {
    QPalette::ColorRole role;
    QColor light, dark;
};

}  // namespace

QPalette studioPalette(bool dark) {
    static const RoleColours roles[] = {{QPalette::Window, QColor(239, 239, 239), QColor(45, 45, 48)},
                                        {QPalette::Base, QColor(255, 255, 255), QColor(30, 30, 32)},
                                        {QPalette::AlternateBase, QColor(233, 236, 241), QColor(58, 60, 66)},
                                        {QPalette::Button, QColor(232, 232, 232), QColor(58, 58, 62)},
                                        {QPalette::Highlight, QColor(0, 114, 178), QColor(86, 180, 233)},
                                        {QPalette::HighlightedText, QColor(255, 255, 255), QColor(10, 10, 10)},
                                        {QPalette::ToolTipBase, QColor(255, 255, 220), QColor(60, 60, 64)},
                                        {QPalette::PlaceholderText, QColor(120, 120, 120), QColor(150, 150, 150)},
                                        {QPalette::Mid, QColor(160, 160, 160), QColor(110, 110, 115)},
                                        {QPalette::Link, QColor(0, 90, 160), QColor(120, 190, 240)}};
    QPalette p;
    for (const auto& r : roles) p.setColor(r.role, dark ? r.dark : r.light);
    const QColor text = dark ? QColor(230, 230, 230) : QColor(20, 20, 20);
    for (const auto role : {QPalette::WindowText, QPalette::Text, QPalette::ButtonText, QPalette::ToolTipText})
        p.setColor(role, text);
    // Disabled text (menu items, labels, buttons) at >= 3:1 against the window and menu background.
    const QColor disabled = dark ? QColor(140, 140, 140) : QColor(112, 112, 112);
    for (const auto role : {QPalette::Text, QPalette::ButtonText, QPalette::WindowText})
        p.setColor(QPalette::Disabled, role, disabled);
    return p;
}

}  // namespace gna::views
