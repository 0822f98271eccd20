// Plot layout measured on the drawn pixels: probability bars centred on their token labels (in the
// widget and in exported PNG and SVG figures), legends that neither clip their names nor cover the
// data, tick labels that never touch, probability ticks by axis length (heatmap labels: tst_heatmap_labels.cpp).
#include <QHeaderView>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <qcustomplot.h>

#include "ablation_curve.h"
#include "attention_heatmap.h"
#include "figure_export.h"
#include "gather_aggregate_pair.h"
#include "next_token_chart.h"
#include "views/view_test_util.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::views;

namespace {

bool isBarColour(QRgb p) {
    // Okabe-Ito blue (0, 114, 178) and orange (230, 159, 0), as drawn (antialiasing aside).
    return nearColour(p, QColor(0, 114, 178)) || nearColour(p, QColor(230, 159, 0));
}

bool isInk(QRgb p) {  // dark and grey: text and axis lines on a white background
    const QColor c(p);
    return qGray(p) < 140 && std::abs(c.red() - c.green()) < 30 && std::abs(c.green() - c.blue()) < 30;
}

// Vertical runs [first, last] of rows in which `hit(x, y)` holds for some x in [x0, x1).
template <class Hit>
QList<QPair<int, int>> rowRuns(const QImage& img, int x0, int x1, int y0, int y1, Hit hit) {
    QList<QPair<int, int>> runs;
    int start = -1;
    for (int y = y0; y <= y1; ++y) {
        bool any = false;
        for (int x = std::max(0, x0); x < std::min(img.width(), x1) && !any; ++x) any = hit(x, y);
        if (any && start < 0) start = y;
        if ((!any || y == y1) && start >= 0) {
            runs << qMakePair(start, any ? y : y - 1);
            start = -1;
        }
    }
    return runs;
}

// In an image of a horizontal bar chart on a white background: the value axis line is the column
// with the longest vertical run of ink; bars start right of it, token labels end left of it. Returns,
// for each bar, the distance of its vertical centre from the centre of the nearest label, as a
// fraction of the distance between neighbouring labels.
QList<double> barOffsets(const QImage& src, QString* why) {
    const QImage img = src.convertToFormat(QImage::Format_RGB32);
    int axisX = -1, best = 0, top = 0, bottom = 0;
    for (int x = 0; x < img.width(); ++x) {
        int run = 0;
        for (int y = 0; y < img.height(); ++y) {
            run = isInk(img.pixel(x, y)) ? run + 1 : 0;
            if (run > best) {
                best = run;
                axisX = x;
                bottom = y;
                top = y - run + 1;
            }
        }
    }
    QList<double> out;
    if (axisX < 0 || best < 20) {
        *why = QStringLiteral("no axis line found");
        return out;
    }
    // Past the tick marks drawn inward from the axis across each bar's start.
    const int lineWidth = std::max(1, img.width() / 300);
    const auto bars = rowRuns(img, axisX + 20 * lineWidth, axisX + 24 * lineWidth, top, bottom,
                              [&](int x, int y) { return isBarColour(img.pixel(x, y)); });
    const auto labels =
        rowRuns(img, 0, axisX - 2 * lineWidth, top, bottom, [&](int x, int y) { return isInk(img.pixel(x, y)); });
    if (bars.isEmpty() || labels.size() < 2) {
        *why = QStringLiteral("%1 bars, %2 labels").arg(bars.size()).arg(labels.size());
        return out;
    }
    const double pitch =
        ((labels.last().first + labels.last().second) - (labels.first().first + labels.first().second)) / 2.0 /
        (labels.size() - 1);
    for (const auto& b : bars) {
        const double centre = (b.first + b.second) / 2.0;
        double nearest = 1e9;
        for (const auto& l : labels) nearest = std::min(nearest, std::abs(centre - (l.first + l.second) / 2.0));
        out << nearest / pitch;
    }
    *why = QStringLiteral("%1 bars, labels %2 px apart").arg(bars.size()).arg(pitch);
    return out;
}

QList<TokenProbability> candidatesOnly() {
    return {{QStringLiteral("A"), 0.62, true}, {QStringLiteral("B"), 0.41, true}, {QStringLiteral("C"), 0.23, true}};
}

QList<TokenProbability> mixed() {
    return {{QStringLiteral("Paris"), 0.55, false},
            {QStringLiteral("London"), 0.35, true},
            {QStringLiteral("Rome"), 0.25, false},
            {QStringLiteral("Berlin"), 0.15, true}};
}

// The demo transformer's answer to the KV prompt: a space (p ≈ 1) as the top next token, ten
// unlikely top tokens, and the candidates' whole-answer probabilities (88 ≈ 1).
QList<TokenProbability> demoAnswer() {
    QList<TokenProbability> rows{{QStringLiteral("␣"), 0.9996, false}};
    const QStringList rest{QStringLiteral("⏎"),     QStringLiteral("␣fox"),  QStringLiteral("ice"),
                           QStringLiteral("crate"), QStringLiteral("␣duck"), QStringLiteral("ant"),
                           QStringLiteral("␣dog"),  QStringLiteral("ite"),   QStringLiteral("␣purple")};
    for (int i = 0; i < rest.size(); ++i) rows.push_back({rest[i], 1e-4 / (i + 1), false});
    rows.push_back({QStringLiteral("88"), 0.9991, true});
    rows.push_back({QStringLiteral("42"), 2e-4, true});
    rows.push_back({QStringLiteral("17"), 1e-4, true});
    return rows;
}

// The legend's entries (a legend's grid may have empty cells).
QList<QCPPlottableLegendItem*> entries(QCPLegend* legend) {
    QList<QCPPlottableLegendItem*> out;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i))) out << item;
    return out;
}

// Every legend entry shows its whole name, inside the plot, and the legend is outside the axis rect.
void checkLegend(QCustomPlot* plot) {
    QCPLegend* legend = plot->legend;
    QVERIFY(legend->visible());
    QVERIFY(!entries(legend).isEmpty());
    QVERIFY2(!legend->outerRect().intersects(plot->axisRect()->rect()), "the legend covers the data");
    QVERIFY(plot->rect().contains(legend->outerRect()));
    for (QCPPlottableLegendItem* item : entries(legend)) {
        const QFontMetrics fm(item->font());
        const int needed =
            legend->iconSize().width() + legend->iconTextPadding() + fm.horizontalAdvance(item->plottable()->name());
        QVERIFY2(item->rect().width() >= needed,
                 qPrintable(QStringLiteral("“%1” needs %2 px, has %3")
                                .arg(item->plottable()->name())
                                .arg(needed)
                                .arg(item->rect().width())));
        QVERIFY(legend->rect().contains(item->outerRect()));
    }
}

}  // namespace

class TestPlotLayout : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void barsAlignWithLabels_data();
    void barsAlignWithLabels();
    void legendOnlyNamesDrawnSeries();
    void barsSitOnTheirRowTicks_data();
    void barsSitOnTheirRowTicks();
    void topTokensStayWhenRowsAreCut();
    void compareBarsStayInTheirRows_data();
    void compareBarsStayInTheirRows();
    void legendTellsOneTokenFromWholeAnswer();
    void legendsFitAndStayOffTheData();
    void probabilityTicksNeverTouch();
    void probabilityAxisTicksFollowItsLength_data();
    void probabilityAxisTicksFollowItsLength();
};

void TestPlotLayout::barsAlignWithLabels_data() {
    QTest::addColumn<int>("which");
    QTest::newRow("candidates only") << 0;
    QTest::newRow("top tokens and candidates") << 1;
}

void TestPlotLayout::barsAlignWithLabels() {
    QFETCH(int, which);
    NextTokenChart chart;
    chart.setPalette(lightPalette());
    QVERIFY(showSized(chart, 420, 320));
    chart.setProbabilities(which == 0 ? candidatesOnly() : mixed());
    chart.plot()->replot();
    QString why;
    const QList<double> widget = barOffsets(chart.grab().toImage(), &why);
    QCOMPARE(widget.size(), chart.shownRows().size());
    for (double o : widget)
        QVERIFY2(o < 0.08, qPrintable(QStringLiteral("widget: bar %1 rows off its label; %2").arg(o).arg(why)));

    QTemporaryDir dir;
    FigureOptions options;
    options.widthInches = 3.3;
    options.heightInches = 2.4;
    options.dpi = 200;
    const QString png = dir.filePath(QStringLiteral("bars.png"));
    QVERIFY(exportPng(chart.plot(), png, options));
    const QList<double> exported = barOffsets(QImage(png), &why);
    QCOMPARE(exported.size(), chart.shownRows().size());
    for (double o : exported)
        QVERIFY2(o < 0.08, qPrintable(QStringLiteral("PNG: bar %1 rows off its label; %2").arg(o).arg(why)));

    const QString svg = dir.filePath(QStringLiteral("bars.svg"));
    QVERIFY(exportSvg(chart.plot(), svg, options));
    QSvgRenderer renderer(svg);
    QVERIFY(renderer.isValid());
    QImage drawn(660, 480, QImage::Format_RGB32);
    drawn.fill(Qt::white);
    {
        QPainter p(&drawn);
        renderer.render(&p);
    }
    const QList<double> vector = barOffsets(drawn, &why);
    QCOMPARE(vector.size(), chart.shownRows().size());
    for (double o : vector)
        QVERIFY2(o < 0.08, qPrintable(QStringLiteral("SVG: bar %1 rows off its label; %2").arg(o).arg(why)));
}

void TestPlotLayout::legendOnlyNamesDrawnSeries() {
    NextTokenChart chart;
    chart.resize(420, 320);
    chart.setProbabilities(candidatesOnly());
    QCPLegend* legend = chart.plot()->legend;
    QCOMPARE(entries(legend).size(), 1);  // no "Top tokens" entry without a top-token bar
    QCOMPARE(entries(legend).first()->plottable()->name(), chart.seriesNames().value(1));
    chart.setProbabilities(mixed());
    chart.setBaseline(mixed());
    QCOMPARE(entries(legend).size(), 3);
}

void TestPlotLayout::barsSitOnTheirRowTicks_data() {
    QTest::addColumn<bool>("fit");
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    QTest::newRow("widget, every row") << true << 420 << 420;
    QTest::newRow("figure, every row") << false << 760 << 320;
    QTest::newRow("widget, rows cut") << true << 300 << 220;
}

void TestPlotLayout::barsSitOnTheirRowTicks() {
    // Each long bar's drawn centre within 2 px of its row's tick, a major tick on every row (the top
    // one too), and each label's ink centred on its row (the visible space in words, not a small glyph).
    QFETCH(bool, fit);
    QFETCH(int, width);
    QFETCH(int, height);
    NextTokenChart chart;
    chart.setPalette(lightPalette());
    chart.setFitRowsToHeight(fit);
    QVERIFY(showSized(chart, width, height));
    chart.setProbabilities(demoAnswer());
    chart.plot()->replot();
    QCoreApplication::processEvents();
    chart.plot()->replot();
    const QList<TokenProbability>& shown = chart.shownRows();
    QVERIFY(shown.size() >= 3);
    QCPAxis* y = chart.plot()->yAxis;
    const QVector<double> ticks = y->tickVector();
    for (int i = 0; i < shown.size(); ++i)
        QVERIFY2(ticks.contains(i), qPrintable(QStringLiteral("row %1 has no tick").arg(i)));
    const QImage img = chart.grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QPoint origin = chart.plot()->mapTo(&chart, QPoint(0, 0));
    const QRect axisRect = chart.plot()->axisRect()->rect().translated(origin);
    // The bars, read in a column a third of the way into the plot: only bars of p ≈ 1 reach it.
    const int x = axisRect.left() + axisRect.width() / 3;
    const auto bars = rowRuns(img, x, x + 1, axisRect.top(), axisRect.bottom(),
                              [&](int px, int py) { return isBarColour(img.pixel(px, py)); });
    int expected = 0;
    for (const TokenProbability& r : shown) expected += r.probability > 0.5;
    QCOMPARE(int(bars.size()), expected);
    int b = 0;
    for (int i = 0; i < shown.size(); ++i) {
        if (shown[i].probability <= 0.5) continue;
        const double centre = (bars[b].first + bars[b].second) / 2.0;
        const double tick = y->coordToPixel(i) + origin.y();
        QVERIFY2(std::abs(centre - tick) <= 2.0,
                 qPrintable(QStringLiteral("row %1 (%2): bar centre %3 px, tick %4 px")
                                .arg(i)
                                .arg(shown[i].label)
                                .arg(centre)
                                .arg(tick)));
        ++b;
    }
    // The labels' ink, left of the axis, within half a row of each tick: centred on the tick.
    const double pitch = std::abs(y->coordToPixel(1) - y->coordToPixel(0));
    const int minHeight = QFontMetrics(y->tickLabelFont()).ascent() * 2 / 5;
    for (int i = 0; i < shown.size(); ++i) {
        const double tick = y->coordToPixel(i) + origin.y();
        const auto runs =
            rowRuns(img, 0, axisRect.left() - 8, int(std::ceil(tick - pitch / 2)), int(std::floor(tick + pitch / 2)),
                    [&](int px, int py) { return isInk(img.pixel(px, py)); });
        QVERIFY2(!runs.isEmpty(),
                 qPrintable(QStringLiteral("label %1 (%2) not drawn on its row").arg(i).arg(shown[i].label)));
        const int first = runs.first().first, last = runs.last().second;
        const double centre = (first + last) / 2.0;
        QVERIFY2(std::abs(centre - tick) <= 3.0,
                 qPrintable(QStringLiteral("label %1 (%2) centred at %3 px, tick at %4 px")
                                .arg(i)
                                .arg(shown[i].label)
                                .arg(centre)
                                .arg(tick)));
        QVERIFY2(
            last - first + 1 >= minHeight,
            qPrintable(QStringLiteral("label %1 (%2) is %3 px high").arg(i).arg(shown[i].label).arg(last - first + 1)));
    }
    QCOMPARE(NextTokenChart::tickText(QStringLiteral("␣")), QStringLiteral("␣ (space)"));
    QCOMPARE(NextTokenChart::tickText(QStringLiteral("␣fox")), QStringLiteral("␣fox"));
    QCOMPARE(NextTokenChart::tickText(QStringLiteral("⏎")), QStringLiteral("⏎ (newline)"));
}

void TestPlotLayout::compareBarsStayInTheirRows_data() {
    QTest::addColumn<int>("width");
    QTest::addColumn<int>("height");
    // The main view's chart as the studio lays it out: 1024x640, and 1600x1000 with the Experiments dock.
    QTest::newRow("1024x640 window") << 335 << 165;
    QTest::newRow("1600x1000 window, Experiments dock") << 400 << 150;
    QTest::newRow("roomy") << 420 << 420;
}

void TestPlotLayout::compareBarsStayInTheirRows() {
    // Compare mode on a short chart: the legend takes less than half the chart's height (one line when
    // it is compact), and each row's grey baseline bar and its current (blue or orange) bar lie in the
    // row's band, half a row either side of its tick, one above the other without overlapping.
    QFETCH(int, width);
    QFETCH(int, height);
    NextTokenChart chart;
    chart.setPalette(lightPalette());
    QVERIFY(showSized(chart, width, height));
    QList<TokenProbability> rows, baseline;
    for (int i = 0; i < 13; ++i) {
        rows.push_back({QStringLiteral("t%1").arg(i), 0.9 - 0.04 * i, i % 4 == 1});
        baseline.push_back({QStringLiteral("t%1").arg(i), 0.5 + 0.03 * i, i % 4 == 1});
    }
    chart.setProbabilities(rows);
    chart.setBaseline(baseline);
    chart.plot()->replot();
    QCoreApplication::processEvents();
    chart.plot()->replot();
    const QPoint origin = chart.plot()->mapTo(&chart, QPoint(0, 0));
    const QRect axisRect = chart.plot()->axisRect()->rect().translated(origin);
    const QRect legend = chart.plot()->legend->outerRect();
    QVERIFY2(legend.height() * 2 <= chart.height(),
             qPrintable(
                 QStringLiteral("the legend is %1 px high in a %2 px chart").arg(legend.height()).arg(chart.height())));
    if (chart.compactLegend()) QCOMPARE(chart.plot()->legend->rowCount(), 1);
    checkLegend(chart.plot());
    const QList<TokenProbability>& shown = chart.shownRows();
    QVERIFY2(shown.size() >= 4, qPrintable(QStringLiteral("%1 of 13 rows drawn").arg(shown.size())));
    const QImage img = chart.grab().toImage().convertToFormat(QImage::Format_RGB32);
    // A column a fifth of the way in: every bar (p >= 0.4 of a range up to 1) reaches it.
    const int x = axisRect.left() + axisRect.width() / 5;
    auto grey = [&](int px, int py) {
        const QColor c(img.pixel(px, py));
        return std::abs(c.red() - c.green()) < 8 && std::abs(c.green() - c.blue()) < 8 && c.red() >= 110 &&
            c.red() <= 235;
    };
    const auto greys = rowRuns(img, x, x + 1, axisRect.top(), axisRect.bottom(), grey);
    const auto colours = rowRuns(img, x, x + 1, axisRect.top(), axisRect.bottom(),
                                 [&](int px, int py) { return isBarColour(img.pixel(px, py)); });
    QCOMPARE(int(greys.size()), int(shown.size()));
    QCOMPARE(int(colours.size()), int(shown.size()));
    QCPAxis* y = chart.plot()->yAxis;
    const double pitch = std::abs(y->coordToPixel(1) - y->coordToPixel(0));
    for (int i = 0; i < shown.size(); ++i) {
        const double tick = y->coordToPixel(i) + origin.y();
        const double lo = tick - pitch / 2, hi = tick + pitch / 2;
        for (const auto& [name, run] : {std::pair{"baseline", greys[i]}, std::pair{"current", colours[i]}})
            QVERIFY2(run.first >= lo && run.second <= hi,
                     qPrintable(QStringLiteral("row %1 (%2): %3 bar at y %4..%5, the row's band %6..%7")
                                    .arg(i)
                                    .arg(shown[i].label, QLatin1String(name))
                                    .arg(run.first)
                                    .arg(run.second)
                                    .arg(lo)
                                    .arg(hi)));
        QVERIFY2(greys[i].second < colours[i].first,
                 qPrintable(QStringLiteral("row %1: baseline y %2..%3 and current bar y %4..%5 overlap")
                                .arg(i)
                                .arg(greys[i].first)
                                .arg(greys[i].second)
                                .arg(colours[i].first)
                                .arg(colours[i].second)));
    }
}

void TestPlotLayout::topTokensStayWhenRowsAreCut() {
    // 18 rows (eight candidates), room for a few: the most probable next tokens stay beside the candidates.
    NextTokenChart chart;
    QList<TokenProbability> rows = demoAnswer();
    for (const char* c : {"5", "83", "23", "4", "74"}) rows.push_back({QString::fromLatin1(c), 1e-5, true});
    for (const int height : {100, 150, 180, 220, 260}) {
        QVERIFY(showSized(chart, 300, height));
        chart.setProbabilities(rows);
        const QList<TokenProbability>& shown = chart.shownRows();
        QVERIFY2(shown.size() < rows.size(), qPrintable(QString::number(height)));
        int top = 0, candidates = 0;
        for (const TokenProbability& r : shown) (r.candidate ? candidates : top) += 1;
        QVERIFY2(top >= (shown.size() >= 4 ? 2 : 1),
                 qPrintable(QStringLiteral("%1 px: %2 top tokens of %3 rows").arg(height).arg(top).arg(shown.size())));
        QVERIFY2(candidates >= std::min<int>(3, shown.size() - top),
                 qPrintable(QStringLiteral("%1 px: %2 candidates").arg(height).arg(candidates)));
        QCOMPARE(shown.first().label, rows.first().label);  // the model's prediction comes first
        if (shown.size() >= 4) QCOMPARE(shown.value(1).label, rows.value(1).label);
        // In the original order.
        auto at = [&](const TokenProbability& t) {
            for (int j = 0; j < rows.size(); ++j)
                if (rows[j].label == t.label) return j;
            return -1;
        };
        for (int i = 1; i < shown.size(); ++i) QVERIFY(at(shown[i]) > at(shown[i - 1]));
    }
}

void TestPlotLayout::legendTellsOneTokenFromWholeAnswer() {
    // A top token's probability is that of one token, a candidate's that of its whole answer; both
    // near 1 on one axis, the legend tells them apart.
    NextTokenChart chart;
    QVERIFY(showSized(chart, 600, 360));
    chart.setProbabilities(demoAnswer());
    QStringList names;
    for (QCPPlottableLegendItem* item : entries(chart.plot()->legend)) names << item->plottable()->name();
    QCOMPARE(names,
             (QStringList{QStringLiteral("Top next tokens (one token)"),
                          QStringLiteral("Answer candidates (whole answer)")}));
    chart.plot()->replot();
    checkLegend(chart.plot());
}

void TestPlotLayout::legendsFitAndStayOffTheData() {
    // The German names of the main chart, on the narrow chart of a 1024 x 640 window.
    NextTokenChart chart;
    chart.setSeriesNames(QStringLiteral("Wahrscheinlichste Tokens"), QStringLiteral("Antwortkandidaten"),
                         QStringLiteral("Basislinie (ohne Ablation)"));
    QVERIFY(showSized(chart, 300, 260));
    chart.setProbabilities(mixed());
    chart.setBaseline(mixed());
    chart.plot()->replot();
    checkLegend(chart.plot());
    if (QTest::currentTestFailed()) return;
    // More rows than fit: the axis title says so, in as few words as the width needs, never clipped.
    QList<TokenProbability> many;
    for (int i = 0; i < 14; ++i) many.push_back({QStringLiteral("t%1").arg(i), 0.5 / (i + 1), i < 3});
    chart.setProbabilities(many);
    QVERIFY(chart.shownRows().size() < many.size());
    const QString title = chart.plot()->xAxis->label();
    QVERIFY2(QFontMetrics(chart.plot()->xAxis->labelFont()).horizontalAdvance(title) <= chart.plot()->width(),
             qPrintable(title));
    QVERIFY2(title.contains(QString::number(many.size())), qPrintable(title));
    chart.setProbabilities(mixed());

    // The mask editor's names, wide chart: entries side by side, still whole.
    chart.setSeriesNames(QStringLiteral("With the mask"), QStringLiteral("With the mask (correct answer)"),
                         QStringLiteral("Without the mask"));
    chart.resize(900, 260);
    QCoreApplication::processEvents();
    chart.plot()->replot();
    checkLegend(chart.plot());
    if (QTest::currentTestFailed()) return;

    // A removal curve with error bars reaching the top right corner, where an inset legend would sit.
    AblationCurve curve;
    QVERIFY(showSized(curve, 500, 320));
    curve.setSeries(
        {{QStringLiteral("KV-retrieval"), {0, 1, 2, 3}, {0.95, 0.9, 0.92, 0.94}, {0.05, 0.08, 0.07, 0.06}, false},
         {QStringLiteral("random heads (control)"),
          {0, 1, 2, 3},
          {0.95, 0.96, 0.95, 0.97},
          {0.02, 0.02, 0.03, 0.03},
          true}},
        QStringLiteral("Heads removed"), QStringLiteral("Accuracy"), {0.0, 1.0});
    curve.plot()->replot();
    checkLegend(curve.plot());
}

void TestPlotLayout::probabilityTicksNeverTouch() {
    // Probabilities near 1e-10: labels like 1.5·10⁻¹⁰ are wide; read the drawn pixels under the axis.
    NextTokenChart chart;
    chart.setPalette(lightPalette());
    QVERIFY(showSized(chart, 260, 260));
    chart.setProbabilities({{QStringLiteral("5"), 2.5e-10, true},
                            {QStringLiteral("83"), 1.1e-10, true},
                            {QStringLiteral("2"), 0.7e-10, true}});
    chart.plot()->replot();
    chart.plot()->replot();
    const QImage img = chart.grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QRect axisRect = chart.plot()->axisRect()->rect();
    QVERIFY(chart.plot()->xAxis->tickVector().size() >= 2);
    const QFontMetrics fm(chart.plot()->xAxis->tickLabelFont());
    const int y0 = axisRect.bottom() + 3, y1 = y0 + fm.height();
    const int minGap = std::max(4, fm.averageCharWidth() * 4 / 5);
    // Labels are centred on their ticks: between two neighbouring ticks there must be a blank band
    // wider than the gaps inside one label (between "1.5·10" and its raised exponent, say).
    auto blank = [&](int x) {
        for (int y = y0; y <= y1; ++y)
            if (isInk(img.pixel(x, y))) return false;
        return true;
    };
    const QVector<double> ticks = chart.plot()->xAxis->tickVector();
    for (int i = 1; i < ticks.size(); ++i) {
        const int a = qRound(chart.plot()->xAxis->coordToPixel(ticks[i - 1])),
                  b = qRound(chart.plot()->xAxis->coordToPixel(ticks[i]));
        int run = 0, longest = 0;
        for (int x = a; x <= b; ++x) {
            run = blank(x) ? run + 1 : 0;
            longest = std::max(longest, run);
        }
        QVERIFY2(longest >= minGap, qPrintable(QStringLiteral("labels %1 and %2 touch").arg(i - 1).arg(i)));
    }
    // Evenly spaced: the kept ticks are every n-th of the ticker's, not an uneven pick.
    for (int i = 2; i < ticks.size(); ++i)
        QVERIFY(std::abs((ticks[i] - ticks[i - 1]) - (ticks[1] - ticks[0])) < 1e-6 * std::abs(ticks[1] - ticks[0]));
}

void TestPlotLayout::probabilityAxisTicksFollowItsLength_data() {
    QTest::addColumn<int>("width");
    QTest::newRow("narrow") << 260;
    QTest::newRow("mask panel") << 700;
    QTest::newRow("wide") << 1100;
}

// The mask panel's letter probabilities (A-D, both runs between 0.0004 and 0.0027, as on the demo's
// bundled MMLU questions): the probability axis gets a tick at least every 120 px of its length, never fewer
// than three, evenly spaced from 0.
void TestPlotLayout::probabilityAxisTicksFollowItsLength() {
    QFETCH(int, width);
    NextTokenChart chart;
    chart.setPalette(lightPalette());
    QVERIFY(showSized(chart, 200, 320));
    chart.setProbabilities({{QStringLiteral("A"), 0.0023, false},
                            {QStringLiteral("B"), 0.0027, false},
                            {QStringLiteral("C"), 0.0004, true},
                            {QStringLiteral("D"), 0.0027, false}});
    chart.setBaseline({{QStringLiteral("A"), 0.0021, false},
                       {QStringLiteral("B"), 0.0026, false},
                       {QStringLiteral("C"), 0.0004, true},
                       {QStringLiteral("D"), 0.0026, false}});
    chart.plot()->replot();
    // Drawn first in a narrow dock, then widened (as the mask panel's dock is): the plot's own replots
    // after the resize, none by hand, give the ticks of the new length.
    chart.resize(width, 320);
    gna::testing::waitForLayout(chart);
    const QVector<double> ticks = chart.plot()->xAxis->tickVector();
    const int length = chart.plot()->axisRect()->width();
    QVERIFY2(ticks.size() >= std::max(3, length / 120),
             qPrintable(QStringLiteral("%1 ticks on %2 px").arg(ticks.size()).arg(length)));
    QVERIFY(std::abs(ticks.first()) < 1e-12);
    for (int i = 2; i < ticks.size(); ++i)
        QVERIFY(std::abs((ticks[i] - ticks[i - 1]) - (ticks[1] - ticks[0])) < 1e-6 * std::abs(ticks[1] - ticks[0]));
}

GNA_GUI_TEST_MAIN(TestPlotLayout)
#include "tst_plot_layout.moc"
