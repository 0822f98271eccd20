// Plot views: what is drawn equals what was set (read back from the QCPColorMap cells), clicks
// land on the right cell, difference maps, shared ranges, bar and curve data.
#include <QRegularExpression>
#include <QSet>
#include <QSignalSpy>
#include <QTest>
#include <algorithm>
#include <cmath>
#include <qcustomplot.h>

#include "ablation_curve.h"
#include "attention_heatmap.h"
#include "gather_aggregate_pair.h"
#include "head_board_figure.h"
#include "head_board_model.h"
#include "next_token_chart.h"
#include "number_format.h"
#include "plot_style.h"
#include "retrieval_map.h"
#include "views/view_test_util.h"
#include "gui_test_main.h"

using namespace gna::views;

namespace {
HeatmapData causalMap(int n, const QString& title, unsigned seed) {
    HeatmapData d;
    d.title = title;
    d.rows = d.cols = n;
    d.values.assign(static_cast<std::size_t>(n) * n, 0.0f);
    for (int r = 0; r < n; ++r) {
        d.rowLabels << QStringLiteral("q%1").arg(r);
        d.rowPositions << r;
        double sum = 0.0;
        for (int c = 0; c <= r; ++c) sum += 1.0 + ((seed * 31 + r * 7 + c * 13) % 17);
        for (int c = 0; c <= r; ++c) d.values[r * n + c] = float((1.0 + ((seed * 31 + r * 7 + c * 13) % 17)) / sum);
    }
    for (int c = 0; c < n; ++c) d.colLabels << QStringLiteral("k%1").arg(c);
    return d;
}

// A click on the centre of cell (row, col) emits cellClicked(row, col), once.
template <class Map>
bool clickEmitsCell(Map& map, int row, int col) {
    QSignalSpy clicked(&map, &Map::cellClicked);
    QTest::mouseClick(map.plot(), Qt::LeftButton, {}, map.cellCenterPixel(row, col).toPoint());
    return clicked.count() == 1 && clicked.at(0).at(0).toInt() == row && clicked.at(0).at(1).toInt() == col;
}
}  // namespace

class TestPlots : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void heatmapCellsEqualData();
    void heatmapTooltipAndHit();
    void heatmapRanges();
    void differenceMap();
    void pairSharesRange();
    void retrievalMapCellsAndClick();
    void retrievalMapReadsWithoutRedGreen();
    void nextTokenBars();
    void ablationCurveGraphs();
    void signedHiddenAttentionScale();
    void signedMapColoursAndMaskedCells();
    void hiddenAttentionColoursEndAtThe99thPercentile();
    void hybridBoardFigureHatchesMissingHeads();
    void numericTicksInTheLocale();
    void negativeTicksUseTheMinusSign();
    void pairShowsOneMessage();
};

void TestPlots::heatmapCellsEqualData() {
    AttentionHeatmap map;
    const HeatmapData d = causalMap(9, QStringLiteral("L1.H2"), 3);
    map.setData(d);
    for (int r = 0; r < d.rows; ++r)
        for (int c = 0; c < d.cols; ++c) QCOMPARE(float(map.cellValue(r, c)), d.at(r, c));
    // Rows sum to one (independent check of the fixture, not of the widget).
    double sum = 0.0;
    for (int c = 0; c < d.cols; ++c) sum += map.cellValue(8, c);
    QVERIFY(std::abs(sum - 1.0) < 1e-5);
    QVERIFY(std::isnan(map.cellValue(9, 0)));
}

void TestPlots::heatmapTooltipAndHit() {
    AttentionHeatmap map;
    QVERIFY(showSized(map, 500, 400));
    map.setData(causalMap(6, QStringLiteral("L0.H0"), 1));
    map.plot()->replot();
    const QString text = map.cellText(4, 2);
    QVERIFY(text.contains(QStringLiteral("q4")));
    QVERIFY(text.contains(QStringLiteral("k2")));
    QVERIFY(text.contains(QString::number(map.cellValue(4, 2), 'g', 4)));
    int r = -1, c = -1;
    QVERIFY(map.cellAtPixel(map.cellCenterPixel(4, 2), &r, &c));
    QCOMPARE(r, 4);
    QCOMPARE(c, 2);
    QVERIFY(clickEmitsCell(map, 1, 0));
}

void TestPlots::heatmapRanges() {
    AttentionHeatmap map;
    map.setData(causalMap(5, QStringLiteral("L0.H0"), 2));
    map.setFixedRange(0.0, 0.5);
    QCOMPARE(map.colorMap()->dataRange().upper, 0.5);
    map.setAutoRange();
    const auto vr = valueRange(map.data());
    QCOMPARE(map.colorMap()->dataRange().upper, vr.second);
    map.setLogScale(true);
    QCOMPARE(map.colorMap()->dataScaleType(), QCPAxis::stLogarithmic);
    QVERIFY(map.colorMap()->dataRange().lower > 0.0);
}

void TestPlots::differenceMap() {
    const HeatmapData a = causalMap(5, QStringLiteral("A"), 1);
    const HeatmapData b = causalMap(5, QStringLiteral("B"), 4);
    const HeatmapData d = difference(a, b);
    QVERIFY(d.isDifference);
    AttentionHeatmap map;
    map.setData(d);
    for (int r = 0; r < 5; ++r)
        for (int c = 0; c < 5; ++c) QVERIFY(std::abs(map.cellValue(r, c) - (a.at(r, c) - b.at(r, c))) < 1e-6);
    // Symmetric colour range around zero.
    QCOMPARE(map.colorMap()->dataRange().lower, -map.colorMap()->dataRange().upper);
    QVERIFY(!difference(a, causalMap(4, QStringLiteral("C"), 1)).isValid());
}

void TestPlots::pairSharesRange() {
    GatherAggregatePair pair;
    HeatmapData g = causalMap(4, QStringLiteral("G"), 1);
    HeatmapData a = causalMap(4, QStringLiteral("A"), 2);
    for (float& v : a.values) v *= 0.5f;
    pair.setMaps(g, a);
    QCOMPARE(pair.gather()->colorMap()->dataRange().upper, pair.aggregate()->colorMap()->dataRange().upper);
    pair.setSharedRange(false);
    QVERIFY(pair.gather()->colorMap()->dataRange().upper > pair.aggregate()->colorMap()->dataRange().upper);
    // An SSM head beside an attention head (a hybrid): hidden attention and attention weights keep their own
    // ranges even with "Same colour range" on, and the attention map's bar starts at 0.
    a.hiddenAttention = true;
    a.values[1] = -0.01f;
    pair.setSharedRange(true);
    pair.setMaps(g, a);
    QCOMPARE(pair.gather()->colorMap()->dataRange().lower, 0.0);
    QCOMPARE(pair.gather()->colorMap()->dataRange().upper, valueRange(g).second);
    QVERIFY(pair.aggregate()->colorMap()->dataRange().lower < 0.0);
}

void TestPlots::retrievalMapCellsAndClick() {
    RetrievalGrid grid;
    grid.contextLengths = {250, 677, 1104, 1531};
    grid.depths = {0, 50, 100};
    for (int d = 0; d < 3; ++d)
        for (int l = 0; l < 4; ++l) grid.scores.push_back((d * 4 + l) % 6);
    RetrievalMap map;
    QVERIFY(showSized(map, 500, 400));
    map.setGrid(grid);
    map.plot()->replot();
    for (int d = 0; d < 3; ++d)
        for (int l = 0; l < 4; ++l) QCOMPARE(map.cellValue(d, l), double((d * 4 + l) % 6));
    QCOMPARE(map.meanScore(), (0 + 1 + 2 + 3 + 4 + 5 + 0 + 1 + 2 + 3 + 4 + 5) / 12.0);
    QVERIFY(clickEmitsCell(map, 2, 1));
}

// The retrieval map's colours carry the score in their lightness, so that a reader who cannot tell red
// from green (1 in 12 men) reads it too: the pixels drawn for the lowest and the highest score differ by
// a WCAG contrast ratio of at least 3, and the middle score's lightness lies between them.
void TestPlots::retrievalMapReadsWithoutRedGreen() {
    RetrievalGrid grid;
    grid.contextLengths = {100, 200, 300};
    grid.depths = {0};
    grid.scores = {0, 2.5, 5};
    RetrievalMap map;
    QVERIFY(showSized(map, 500, 400));
    map.setGrid(grid);
    map.plot()->replot();
    const QImage image = map.plot()->toPixmap().toImage();
    auto luminance = [&](int col) {  // WCAG relative luminance of the cell's centre pixel
        const QColor c = image.pixelColor(map.cellCenterPixel(0, col).toPoint());
        auto lin = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
        return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
    };
    const double low = luminance(0), mid = luminance(1), high = luminance(2);
    const double contrast = (std::max(low, high) + 0.05) / (std::min(low, high) + 0.05);
    QVERIFY2(contrast >= 3.0,
             qPrintable(QStringLiteral("score 0 and score 5 differ in lightness by %1:1 only").arg(contrast)));
    QVERIFY2((mid - low) * (high - mid) > 0,
             qPrintable(QStringLiteral("lightness %1, %2, %3 is not monotonic").arg(low).arg(mid).arg(high)));
}

void TestPlots::nextTokenBars() {
    NextTokenChart chart;
    chart.setProbabilities({{QStringLiteral("Paris"), 0.6, false},
                            {QStringLiteral("London"), 0.2, true},
                            {QStringLiteral("the"), 0.1, false}});
    auto* bars = qobject_cast<QCPBars*>(chart.plot()->plottable(1));
    auto* cand = qobject_cast<QCPBars*>(chart.plot()->plottable(2));
    QVERIFY(bars && cand);
    QCOMPARE(bars->data()->size(), 2);
    QCOMPARE(cand->data()->size(), 1);
    QCOMPARE(cand->data()->at(0)->value, 0.2);
    QCOMPARE(cand->data()->at(0)->key, 1.0);

    // 10 top tokens + 8 candidates in a short chart: only what fits is drawn,
    // with at least one text line per row; a taller chart shows every row again.
    QList<TokenProbability> rows;
    for (int i = 0; i < 10; ++i) rows.push_back({QStringLiteral("t%1").arg(i), 0.5 / (i + 1), false});
    for (int i = 0; i < 8; ++i) rows.push_back({QStringLiteral("c%1").arg(i), 0.01 * (i + 1), true});
    QVERIFY(showSized(chart, 400, 200));
    chart.setProbabilities(rows);
    const int line = QFontMetrics(chart.plot()->yAxis->tickLabelFont()).height();
    const QList<TokenProbability> shown = chart.shownRows();
    QVERIFY(shown.size() < rows.size());
    QVERIFY(shown.size() * line <= 200);
    // The most probable top tokens (two from four rows on), then candidates, then more top tokens.
    const int n = static_cast<int>(shown.size()), leading = n >= 4 ? 2 : 1;
    const int candidatesKept = std::min(8, n - leading), topKept = n - candidatesKept;
    QStringList expected;
    for (int i = 0; i < topKept; ++i) expected << QStringLiteral("t%1").arg(i);
    for (int i = 0; i < candidatesKept; ++i) expected << QStringLiteral("c%1").arg(i);
    QStringList labels;
    for (const auto& r : shown) labels << r.label;
    QCOMPARE(labels, expected);
    QCOMPARE(bars->data()->size() + cand->data()->size(), shown.size());
    chart.resize(400, 40 * line);
    QCOMPARE(chart.shownRows().size(), rows.size());
}

void TestPlots::ablationCurveGraphs() {
    AblationCurve curve;
    curve.setSeries({{QStringLiteral("KV"), {0, 10, 20}, {0.9, 0.5, 0.1}, {0.05, 0.05, 0.04}, false},
                     {QStringLiteral("random"), {0, 10, 20}, {0.9, 0.88, 0.85}, {}, true}},
                    QStringLiteral("heads removed"), QStringLiteral("accuracy"));
    QCOMPARE(curve.plot()->graphCount(), 2);
    QCOMPARE(curve.plot()->graph(0)->data()->at(1)->value, 0.5);
    QCOMPARE(curve.plot()->graph(1)->pen().style(), Qt::DashLine);
    QCOMPARE(curve.plot()->plottableCount(), 3);  // two graphs + one error-bar set
}

// An SSM head's hidden attention is signed: its colour bar is labelled as such and shows zero and a
// negative tick (values from -0.0021 to 0.042, as on the SSM demo); an attention head keeps its label.
void TestPlots::signedHiddenAttentionScale() {
    HeatmapData d = causalMap(6, QStringLiteral("L0.S0"), 5);
    for (std::size_t i = 0; i < d.values.size(); ++i) d.values[i] = float(-0.0021 + 0.0441 * double(i % 7) / 6.0);
    d.hiddenAttention = true;
    AttentionHeatmap map;
    map.resize(400, 400);
    map.show();
    QVERIFY(QTest::qWaitForWindowExposed(&map));
    for (const bool fixed : {false, true}) {
        if (fixed) map.setFixedRange(-0.0021, 0.042);  // "Same colour range" with the other map
        map.setData(d);
        map.plot()->replot();
        QCPAxis* axis = map.colorScale()->axis();
        QCOMPARE(axis->label(), QStringLiteral("Hidden attention"));
        const QVector<double> ticks = axis->tickVector();
        QVERIFY2(std::any_of(ticks.begin(), ticks.end(), [](double t) { return t < 0.0; }), "a negative tick");
        QVERIFY2(std::any_of(ticks.begin(), ticks.end(), [](double t) { return std::abs(t) < 1e-12; }),
                 "a tick at zero");
        // The bar covers every value and its lowest tick (the negative one) lies on it.
        QVERIFY(map.colorScale()->dataRange().lower <= -0.0021 && map.colorScale()->dataRange().upper >= 0.042 - 1e-9);
        QVERIFY(ticks.first() >= map.colorScale()->dataRange().lower - 1e-12);
    }
    d.hiddenAttention = false;
    for (float& v : d.values) v = std::abs(v);
    map.setAutoRange();
    map.setData(d);
    QCOMPARE(map.colorScale()->axis()->label(), QStringLiteral("Attention weight"));
}

// A signed SSM map is drawn on the diverging scale with symmetric limits: a cell of 0 is its neutral white
// middle, a positive cell red, a negative one blue; a masked cell (key after query) is a grey unlike the
// white of 0, in an attention map as well. Colours are read from the rendered pixels.
void TestPlots::signedMapColoursAndMaskedCells() {
    HeatmapData d = causalMap(6, QStringLiteral("L0.S0"), 3);
    for (int r = 0; r < 6; ++r)
        for (int c = 0; c <= r; ++c) d.values[r * 6 + c] = 0.01f;
    d.values[3 * 6 + 1] = 0.0f;  // a zero inside the causal triangle
    d.values[5 * 6 + 0] = 0.08f;  // the largest value
    d.values[5 * 6 + 1] = -0.1f;  // the smallest: the limits are then -0.1 .. +0.1, not -0.1 .. 0.08
    d.hiddenAttention = true;
    AttentionHeatmap map;
    QVERIFY(showSized(map, 420, 420));
    map.setData(d);
    map.plot()->replot();
    QCOMPARE(map.colorMap()->dataRange().lower, -map.colorMap()->dataRange().upper);
    const auto pixel = [&map](int row, int col) {
        return QColor(map.plot()->grab().toImage().pixel(map.cellCenterPixel(row, col).toPoint()));
    };
    const auto neutral = [](const QColor& c) {
        return std::abs(c.red() - c.green()) <= 8 && std::abs(c.green() - c.blue()) <= 8 &&
            std::abs(c.red() - c.blue()) <= 8;
    };
    const auto far = [](const QColor& a, const QColor& b) {
        return std::max(
                   {std::abs(a.red() - b.red()), std::abs(a.green() - b.green()), std::abs(a.blue() - b.blue())}) >= 40;
    };
    const QColor zero = pixel(3, 1), positive = pixel(5, 0), negative = pixel(5, 1), masked = pixel(1, 4);
    QVERIFY2(neutral(zero) && zero.lightness() >= 230, qPrintable(zero.name()));
    QVERIFY2(positive.red() > positive.blue() + 50, qPrintable(positive.name()));
    QVERIFY2(negative.blue() > negative.red() + 50, qPrintable(negative.name()));
    QVERIFY2(neutral(masked) && far(masked, zero), qPrintable(masked.name() + QLatin1Char(' ') + zero.name()));
    // An attention map (weights >= 0, viridis: no grey in it) shows its masked cells the same way.
    map.setData(causalMap(6, QStringLiteral("L0.H0"), 3));
    map.plot()->replot();
    const QColor attentionMasked = pixel(0, 5), weight = pixel(5, 0);
    QVERIFY2(neutral(attentionMasked) && !neutral(weight),
             qPrintable(attentionMasked.name() + QLatin1Char(' ') + weight.name()));
    QVERIFY(!far(attentionMasked, masked));
}

// With German as the UI language every number a plot's axis or colour bar draws has a decimal comma: the
// heatmap's colour bar (linear, signed and log), the retrieval map's, the head board figure's, the bars'
// and the curves' axes.
void TestPlots::numericTicksInTheLocale() {
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::German, QLocale::Germany));
    QStringList bad;
    auto check = [&bad](QCustomPlot* plot, const QString& name) {
        QWidget* owner = plot->window();
        owner->resize(500, 400);
        owner->show();
        if (!QTest::qWaitForWindowExposed(owner)) bad << name + QStringLiteral(": not shown");
        plot->replot();
        QList<QCPAxis*> axes;
        for (int i = 0; i < plot->axisRectCount(); ++i) axes << plot->axisRect(i)->axes();
        for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
            if (auto* s = qobject_cast<QCPColorScale*>(e)) axes << s->axis();
        int fractional = 0;
        for (QCPAxis* a : axes) {
            if (!a->visible() || a->ticker().dynamicCast<QCPAxisTickerText>()) continue;  // token and head names
            for (const QString& label : a->tickVectorLabels()) {
                if (label.contains(QRegularExpression(QStringLiteral("\\d\\.\\d"))))
                    bad << name + QStringLiteral(": ") + label;
                fractional += label.contains(QLatin1Char(','));
            }
        }
        if (fractional == 0) bad << name + QStringLiteral(": no fractional tick to check");
    };
    AttentionHeatmap map;
    map.setData(causalMap(6, QStringLiteral("L0.H0"), 2));
    check(map.plot(), QStringLiteral("heatmap"));
    HeatmapData signedMap = causalMap(6, QStringLiteral("L0.S0"), 2);
    signedMap.values[1] = -0.01f;
    signedMap.hiddenAttention = true;
    map.setData(signedMap);
    check(map.plot(), QStringLiteral("signed heatmap"));
    map.setData(causalMap(6, QStringLiteral("L0.H0"), 2));
    map.setLogScale(true);
    check(map.plot(), QStringLiteral("log heatmap"));
    RetrievalMap retrieval;
    RetrievalGrid grid;
    grid.kind = RetrievalGrid::Kind::KvAccuracy;
    grid.maxScore = 1.0;
    grid.contextLengths = {250, 677};
    grid.depths = {0, 100};
    grid.scores = {0.1, 0.35, 0.6, 0.95};
    retrieval.setGrid(grid);
    check(retrieval.plot(), QStringLiteral("retrieval map"));
    HeadBoardModel board;
    board.setShape(2, 3);
    board.setScores({0.1, 0.25, 0.4, 0.55, 0.7, 0.85}, QStringLiteral("score"));
    HeadBoardFigure figure;
    figure.setBoard(board, Palette::Viridis);
    check(figure.plot(), QStringLiteral("head board figure"));
    NextTokenChart chart;
    chart.setProbabilities({{QStringLiteral("a"), 0.6, false}, {QStringLiteral("b"), 0.2, true}});
    check(chart.plot(), QStringLiteral("next-token chart"));
    AblationCurve curve;
    curve.setSeries({{QStringLiteral("KV"), {0, 1, 2}, {0.9, 0.5, 0.1}, {}, false}}, QStringLiteral("x"),
                    QStringLiteral("y"));
    check(curve.plot(), QStringLiteral("curve"));
    QLocale::setDefault(before);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
}

// Tick numbers as the app writes numbers: a Unicode minus (U+2212), powers of ten with raised digits;
// the colour scale of a difference map of ±1e-6 reads −1·10⁻⁶ … 1·10⁻⁶ in steps of 5·10⁻⁷.
void TestPlots::negativeTicksUseTheMinusSign() {
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QCOMPARE(formatTickNumber(-5e-7), QStringLiteral("−5·10⁻⁷"));
    QCOMPARE(formatTickNumber(1.5e-10), QStringLiteral("1.5·10⁻¹⁰"));
    QCOMPARE(formatTickNumber(-0.25), QStringLiteral("−0.25"));
    QCOMPARE(formatTickNumber(2e6), QStringLiteral("2·10⁶"));
    QCOMPARE(formatTickNumber(0.0), QStringLiteral("0"));
    HeatmapData d = causalMap(6, QStringLiteral("L0.H0"), 2);
    d.isDifference = true;
    for (std::size_t i = 0; i < d.values.size(); ++i) d.values[i] = (i % 2 ? 1e-6f : -1e-6f) * float(i % 7) / 6.0f;
    AttentionHeatmap map;
    QVERIFY(showSized(map, 500, 400));
    map.setData(d);
    map.plot()->replot();
    const QVector<QString> labels = map.colorScale()->axis()->tickVectorLabels();
    const QVector<double> ticks = map.colorScale()->axis()->tickVector();
    QCOMPARE(labels.size(), ticks.size());
    QStringList want;
    for (const double t : ticks) {  // independent of the ticker: the expected text from the tick's value
        const int k = qRound(t / 5e-7);
        QVERIFY(std::abs(t - k * 5e-7) < 1e-12);
        static const QStringList texts{QStringLiteral("−1·10⁻⁶"), QStringLiteral("−5·10⁻⁷"), QStringLiteral("0"),
                                       QStringLiteral("5·10⁻⁷"), QStringLiteral("1·10⁻⁶")};
        want << texts.value(k + 2);
    }
    QCOMPARE(QStringList(labels.begin(), labels.end()), want);
    QVERIFY(want.contains(QStringLiteral("−5·10⁻⁷")));
    QLocale::setDefault(before);
}

// A pair asked to show a message: one message across the pair (the Aggregate map hidden), no data for an
// export, kept over the empty-state message until the next maps come.
void TestPlots::pairShowsOneMessage() {
    GatherAggregatePair pair;
    QVERIFY(showSized(pair, 800, 400));
    pair.setMaps(causalMap(4, QStringLiteral("G"), 1), causalMap(4, QStringLiteral("A"), 2));
    pair.showMessage(QStringLiteral("nothing to compare"));
    QCOMPARE(pair.message(), QStringLiteral("nothing to compare"));
    for (const AttentionHeatmap* m : {pair.gather(), pair.aggregate()}) {
        QVERIFY(!m->data().isValid());
        QCOMPARE(emptyMessage(m->plot()), QStringLiteral("nothing to compare"));
    }
    QVERIFY(pair.gather()->isVisible() && !pair.aggregate()->isVisible());
    pair.setEmptyMessage(QStringLiteral("tick compare"));
    QCOMPARE(emptyMessage(pair.gather()->plot()), QStringLiteral("nothing to compare"));
    pair.setMaps(causalMap(4, QStringLiteral("G"), 1), causalMap(4, QStringLiteral("A"), 2));
    QVERIFY(pair.message().isEmpty() && pair.aggregate()->isVisible() && pair.aggregate()->data().isValid());
    pair.setMaps({}, {});
    QCOMPARE(emptyMessage(pair.aggregate()->plot()), QStringLiteral("tick compare"));
}

// An SSM head's hidden attention with a few cells ten times the rest (the first token's column): a scale to
// their size left the map white. The colours end at the 99th percentile of |a| (computed here by sorting),
// alone and on the range a pair shares, and the colour bar says the larger cells take the end colours.
void TestPlots::hiddenAttentionColoursEndAtThe99thPercentile() {
    const int n = 40;
    HeatmapData d = causalMap(n, QStringLiteral("L1.S2"), 5);
    std::vector<double> magnitudes;
    for (int r = 0; r < n; ++r)
        for (int c = 0; c <= r; ++c) {
            float& v = d.values[static_cast<std::size_t>(r * n + c)];
            v = (c == 0 && r % 5 == 0) ? 1.0f
                                       : 0.01f * float(1 + (r * 7 + c * 3) % 9) * ((r + c) % 3 == 0 ? -1.0f : 1.0f);
            magnitudes.push_back(std::abs(double(v)));
        }
    d.hiddenAttention = true;
    std::sort(magnitudes.begin(), magnitudes.end());
    const double p99 = magnitudes[static_cast<std::size_t>(0.99 * double(magnitudes.size() - 1))];
    QVERIFY(p99 < 0.1);  // the eight large cells are under 1% of the 820
    AttentionHeatmap map;
    QVERIFY(showSized(map, 500, 500));
    map.setData(d);
    map.plot()->replot();
    const QCPRange r = map.colorScale()->dataRange();
    QVERIFY2(r.upper >= p99 - 1e-9 && r.upper < 0.2, qPrintable(QString::number(r.upper)));
    QCOMPARE(r.lower, -r.upper);
    QVERIFY2(map.colorScale()->axis()->label().contains(QStringLiteral("end colours")),
             qPrintable(map.colorScale()->axis()->label()));
    // Side by side on one shared range (the default): the same ends, not the outliers'.
    GatherAggregatePair pair;
    QVERIFY(showSized(pair, 800, 420));
    pair.setMaps(d, d);
    pair.gather()->plot()->replot();
    QVERIFY(pair.sharedRange());
    const double shared = pair.gather()->colorMap()->dataRange().upper;
    QVERIFY2(shared >= p99 - 1e-9 && shared < 0.2, qPrintable(QString::number(shared)));
    // A map without such outliers keeps its full range and plain label.
    for (float& v : d.values) v = std::clamp(v, -0.09f, 0.09f);
    map.setData(d);
    QCOMPARE(map.colorScale()->axis()->label(), QStringLiteral("Hidden attention"));
}

// A hybrid's board figure: the cells of a layer without heads of a kind are hatched (the axis label says
// so), not white like "no change"; each colour bar names the score and its unit as the board's legend does.
void TestPlots::hybridBoardFigureHatchesMissingHeads() {
    HeadBoardModel board;
    board.setMixedShape(3, 2, 2, {0, 2, 2}, {2, 2, 0});  // layer 0 has no attention heads, layer 2 no SSM heads
    std::vector<double> scores(12, std::nan(""));
    for (int l = 0; l < 3; ++l)
        for (int h = 0; h < 4; ++h)
            if (board.contains(l, h)) scores[static_cast<std::size_t>(l * 4 + h)] = (h < 2 ? 0.004 : -1.2) * (l + 1);
    board.setScores(scores, QStringLiteral("Δ entropy (bits)"), true);
    HeadBoardFigure figure;
    figure.setBoard(board, Palette::Viridis);
    figure.resize(500, 360);
    figure.show();
    QVERIFY(QTest::qWaitForWindowExposed(&figure));
    figure.plot()->replot();
    QCPAxisRect* rect = figure.plot()->axisRect();
    QCOMPARE(rect->backgroundBrush().style(), Qt::BDiagPattern);
    QVERIFY(rect->axis(QCPAxis::atBottom)->label().simplified().contains(QStringLiteral("hatched: no such head")));
    int scales = 0;
    for (QCPLayoutElement* e : figure.plot()->plotLayout()->elements(true))
        if (auto* scale = qobject_cast<QCPColorScale*>(e)) {
            ++scales;
            QVERIFY2(scale->axis()->label().simplified().startsWith(QStringLiteral("Δ entropy (bits), ")),
                     qPrintable(scale->axis()->label()));
        }
    QCOMPARE(scales, 2);
    // The drawn cell of L0.H0 (no such head) is hatched: not one flat colour.
    const QImage img = figure.plot()->grab().toImage();
    const double x = rect->axis(QCPAxis::atBottom)->coordToPixel(0), y = rect->axis(QCPAxis::atLeft)->coordToPixel(0);
    const double w = std::abs(rect->axis(QCPAxis::atBottom)->coordToPixel(1) - x) / 2 - 1;
    QSet<QRgb> colours;
    for (int dx = int(-w); dx <= int(w); ++dx) colours.insert(img.pixel(int(x) + dx, int(y) + dx / 2));
    QVERIFY2(colours.size() >= 2, "a flat cell where no head is");
}

GNA_GUI_TEST_MAIN(TestPlots)
#include "tst_plots.moc"
