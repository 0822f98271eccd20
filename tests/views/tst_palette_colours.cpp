// Colours that follow the palette, measured on the rendered widgets against the studio's dark and light
// palettes: a heatmap's masked (causal) cells are no bright patch in the dark palette yet unlike the
// colour scale's lowest colour, and keep the print grey in the light palette and its exports; the
// next-token chart's baseline bars stand out from the plot; the mask editor frames exactly the summary
// tokens and its tooltip says so. Contrast is WCAG 2 (checked against published values in
// tst_plot_states); colour differences are CIE76 ΔE, computed here from the sRGB and CIELAB formulas.
#include <QTemporaryDir>
#include <QTest>
#include <QMap>
#include <algorithm>
#include <array>
#include <cmath>
#include <qcustomplot.h>

#include "attention_heatmap.h"
#include "figure_export.h"
#include "mask_editor.h"
#include "next_token_chart.h"
#include "palettes.h"
#include "views/view_test_util.h"
#include "gui_test_main.h"

using namespace gna::views;

namespace {

// The studio's palettes (app/studio/theme.cpp): plots are drawn on Base, widgets on Window.
QPalette studioDark() {
    QPalette p;
    p.setColor(QPalette::Base, QColor(30, 30, 32));
    p.setColor(QPalette::Window, QColor(45, 45, 48));
    p.setColor(QPalette::Mid, QColor(110, 110, 115));
    for (const auto role : {QPalette::Text, QPalette::WindowText}) p.setColor(role, QColor(230, 230, 230));
    return p;
}
QPalette studioLight() {
    QPalette p;
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::Window, QColor(239, 239, 239));
    p.setColor(QPalette::Mid, QColor(160, 160, 160));
    for (const auto role : {QPalette::Text, QPalette::WindowText}) p.setColor(role, QColor(20, 20, 20));
    return p;
}

// CIE76 ΔE between two sRGB colours (D65 white): sRGB -> linear -> XYZ -> L*a*b*.
double deltaE(const QColor& a, const QColor& b) {
    const auto lab = [](const QColor& c) {
        const auto lin = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        const double r = lin(c.redF()), g = lin(c.greenF()), bl = lin(c.blueF());
        const double x = (0.4124 * r + 0.3576 * g + 0.1805 * bl) / 0.95047, y = 0.2126 * r + 0.7152 * g + 0.0722 * bl,
                     z = (0.0193 * r + 0.1192 * g + 0.9505 * bl) / 1.08883;
        const auto f = [](double t) {
            return t > 216.0 / 24389.0 ? std::cbrt(t) : (24389.0 / 27.0 * t + 16.0) / 116.0;
        };
        return std::array<double, 3>{116.0 * f(y) - 16.0, 500.0 * (f(x) - f(y)), 200.0 * (f(y) - f(z))};
    };
    const auto p = lab(a), q = lab(b);
    return std::hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

// A 6 x 6 causal map: cells after the diagonal masked, one weight of 0 (the scale's lowest colour) at (4, 1).
HeatmapData causalMap() {
    HeatmapData d;
    d.title = QStringLiteral("L0.H0");
    d.rows = d.cols = 6;
    d.values.assign(36, 0.0f);
    for (int r = 0; r < 6; ++r) {
        d.rowLabels << QStringLiteral("q%1").arg(r);
        d.colLabels << QStringLiteral("k%1").arg(r);
        d.rowPositions << r;
        for (int c = 0; c <= r; ++c) d.values[r * 6 + c] = 1.0f / float(r + 1);
    }
    d.values[4 * 6 + 1] = 0.0f;
    return d;
}

}  // namespace

class TestPaletteColours : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void maskedCellsFollowThePalette();
    void lightExportKeepsThePrintGrey();
    void baselineBarsStandOut();
    void summaryTokensFramedAndExplained();
};

// Dark: the masked cells' grey is under 2:1 against the window (no bright half of every map) yet
// differs from each colour scale's lowest colour and from the plot background by ΔE >= 10. Light:
// the print grey (170, 170, 170) of before.
void TestPaletteColours::maskedCellsFollowThePalette() {
    for (const bool dark : {true, false}) {
        const QPalette palette = dark ? studioDark() : studioLight();
        AttentionHeatmap map;
        map.setPalette(palette);
        QVERIFY(showSized(map, 420, 420));
        map.setData(causalMap());
        for (const Palette scale : {Palette::Viridis, Palette::Cividis, Palette::Magma, Palette::Greys}) {
            map.setColorPalette(scale);
            map.plot()->replot();
            const QImage img = map.plot()->grab().toImage();
            const auto pixel = [&](int row, int col) {
                return QColor(img.pixel(map.cellCenterPixel(row, col).toPoint()));
            };
            QVERIFY(map.isMaskedCell(0, 5) && map.isMaskedCell(2, 4) && !map.isMaskedCell(4, 1));
            const QColor masked = pixel(0, 5), lowest = pixel(4, 1);
            QCOMPARE(pixel(2, 4), masked);
            const QString what = QStringLiteral("%1 palette, scale %2: masked %3, lowest %4")
                                     .arg(dark ? QStringLiteral("dark") : QStringLiteral("light"), paletteName(scale),
                                          masked.name(), lowest.name());
            if (dark) {
                QVERIFY2(contrastRatio(masked, palette.color(QPalette::Window)) < 2.0, qPrintable(what));
                QVERIFY2(deltaE(masked, lowest) >= 10.0, qPrintable(what));
                QVERIFY2(deltaE(masked, palette.color(QPalette::Base)) >= 10.0, qPrintable(what));
            } else {
                QVERIFY2(nearColour(masked.rgb(), QColor(170, 170, 170), 3), qPrintable(what));
            }
        }
        // A palette switch while shown restyles the masked cells too.
        map.setPalette(dark ? studioLight() : studioDark());
        map.plot()->replot();
        const QColor after(map.plot()->grab().toImage().pixel(map.cellCenterPixel(0, 5).toPoint()));
        QCOMPARE(nearColour(after.rgb(), QColor(170, 170, 170), 3), dark);
    }
}

// A figure exported from the light palette shows its masked cells in the print grey, as before.
void TestPaletteColours::lightExportKeepsThePrintGrey() {
    QTemporaryDir dir;
    AttentionHeatmap map;
    map.setPalette(studioLight());
    QVERIFY(showSized(map, 420, 420));
    map.setData(causalMap());
    const QString path = dir.filePath(QStringLiteral("map.png"));
    FigureOptions o;
    o.widthInches = o.heightInches = 3.3;
    o.dpi = 150;
    QVERIFY(exportPng(map.plot(), path, o));
    const QImage img(path);
    QVERIFY(!img.isNull());
    int grey = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) grey += nearColour(img.pixel(x, y), QColor(170, 170, 170), 3);
    // 15 of 36 cells masked over an axis rect of at least a third of the figure's width and height.
    QVERIFY2(grey > img.width() * img.height() / 30, qPrintable(QString::number(grey)));
}

// The baseline's bars in compare mode: solid, at >= 3:1 against the plot background in both palettes,
// measured as drawn (the colour over the largest area of the bar's row).
void TestPaletteColours::baselineBarsStandOut() {
    for (const bool dark : {true, false}) {
        const QPalette palette = dark ? studioDark() : studioLight();
        NextTokenChart chart;
        chart.setPalette(palette);
        QVERIFY(showSized(chart, 400, 300));
        chart.setProbabilities({{QStringLiteral("Paris"), 0.3, false}, {QStringLiteral("Rome"), 0.2, false}});
        chart.setBaseline({{QStringLiteral("Paris"), 0.9, false}, {QStringLiteral("Rome"), 0.8, false}});
        chart.plot()->replot();
        QCPBars* baseline = nullptr;
        for (int i = 0; i < chart.plot()->plottableCount(); ++i)
            if (chart.plot()->plottable(i)->name() == NextTokenChart::tr("Baseline (no ablation)"))
                baseline = qobject_cast<QCPBars*>(chart.plot()->plottable(i));
        QVERIFY(baseline && baseline->visible());
        // The baseline (0.9) is the only bar past 0.5 on Paris's row: sample the row's band there.
        const QImage img = chart.plot()->grab().toImage();
        const int x = qRound(chart.plot()->xAxis->coordToPixel(0.7));
        const double y0 = chart.plot()->yAxis->coordToPixel(-0.4), y1 = chart.plot()->yAxis->coordToPixel(0.4);
        QMap<QRgb, int> counts;
        for (int y = int(std::min(y0, y1)); y <= int(std::max(y0, y1)); ++y) ++counts[img.pixel(x, y)];
        const QColor bg = palette.color(QPalette::Base);
        QColor bar = bg;
        int most = 0;
        for (auto it = counts.cbegin(); it != counts.cend(); ++it)
            if (!nearColour(it.key(), bg, 4) && it.value() > most) {
                most = it.value();
                bar = QColor(it.key());
            }
        QVERIFY2(most >= 5, qPrintable(QStringLiteral("no bar drawn at x = %1").arg(x)));
        QVERIFY2(contrastRatio(bar, bg) >= 3.0,
                 qPrintable(QStringLiteral("%1 on %2: %3:1").arg(bar.name(), bg.name()).arg(contrastRatio(bar, bg))));
        // Neutral: told apart from the blue and orange series by hue.
        QVERIFY2(std::abs(bar.red() - bar.blue()) <= 8 && std::abs(bar.red() - bar.green()) <= 8,
                 qPrintable(bar.name()));
    }
}

// The frame marks each option's summary token (the tokens of MaskSample::summaryTokens, no others),
// and the editor's tooltip names it.
void TestPaletteColours::summaryTokensFramedAndExplained() {
    for (const bool dark : {true, false}) {
        const QPalette palette = dark ? studioDark() : studioLight();
        MaskEditor editor;
        editor.setPalette(palette);
        MaskSample s;
        s.tokens = {QStringLiteral("Q"), QStringLiteral("?"),     QStringLiteral("\n"),
                    QStringLiteral("A"), QStringLiteral("Mars"),  QStringLiteral("\n"),
                    QStringLiteral("B"), QStringLiteral("Venus"), QStringLiteral("\n")};
        s.segments = {{3, 5}, {6, 8}};
        s.summaryTokens = {5, 8};
        s.keys = {3, 4, 5, 6, 7, 8};
        editor.setSample(s);
        QVERIFY(showSized(editor, 420, editor.heightForWidth(420)));
        const QImage img = editor.grab().toImage();
        const QColor text = palette.color(QPalette::Text);
        for (int i = 0; i < s.tokens.size(); ++i) {
            // The frame's left edge, half-way down the token's box (2 px wide from the box's second column).
            const QRect r = editor.tokenRect(i);
            const QRgb edge = img.pixel(r.left() + 1, r.center().y());
            QVERIFY2(nearColour(edge, text, 30) == s.summaryTokens.contains(i),
                     qPrintable(QStringLiteral("token %1: %2").arg(i).arg(QColor(edge).name())));
        }
    }
    QVERIFY2(MaskEditor().toolTip().contains(QStringLiteral("summary token")),
             "the tooltip explains the framed tokens");
}

GNA_GUI_TEST_MAIN(TestPaletteColours)
#include "tst_palette_colours.moc"
