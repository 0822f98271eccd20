// Result curves (ablation, removal, layer pruning) measured on the drawn pixels: a result drawn over
// its random control, coinciding results that both stay visible (on screen and in the exported PNG),
// and value axes that stay readable for flat curves.
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <qcustomplot.h>

#include "ablation_curve.h"
#include "figure_export.h"
#include "views/view_test_util.h"
#include "gui_test_main.h"

using namespace gna::views;

class TestCurves : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void flatCurvesGetReadableRanges();
    void resultsLieOverTheirControl();
    void coincidentResultsBothShow();
};

namespace {
// Pixels of `img` near colour `c` in the box of half-size `half` around `centre`, leaving out the box of
// half-size `hole` (-1: none).
int countAround(const QImage& img, QPointF centre, int half, int hole, QColor c) {
    int n = 0;
    const int cx = qRound(centre.x()), cy = qRound(centre.y());
    for (int y = cy - half; y <= cy + half; ++y)
        for (int x = cx - half; x <= cx + half; ++x)
            if (img.rect().contains(x, y) && (std::abs(x - cx) > hole || std::abs(y - cy) > hole))
                n += nearColour(img.pixel(x, y), c);
    return n;
}
const QColor kBlue(0, 114, 178), kOrange(213, 94, 0), kGrey(128, 128, 128);
}  // namespace

// A result that coincides with its random-heads control (the KV curve of a model without any effect):
// the result's blue marker is drawn over the control, whose larger grey square and wider error-bar
// whiskers still show around it. Read from the drawn pixels.
void TestCurves::resultsLieOverTheirControl() {
    AblationCurve curve;
    curve.setPalette(lightPalette());
    QVERIFY(showSized(curve, 500, 360));
    const std::vector<double> x{0, 1, 2, 3}, y{0.5, 0.5, 0.5, 0.5}, e{0.1, 0.1, 0.1, 0.1};
    curve.setSeries(
        {{QStringLiteral("KV-retrieval"), x, y, e, false}, {QStringLiteral("random heads (control)"), x, y, e, true}},
        QStringLiteral("Heads removed"), QStringLiteral("Accuracy"), {0.0, 1.0});
    curve.plot()->replot();
    const QImage img = curve.grab().toImage().convertToFormat(QImage::Format_RGB32);
    QCPAxis* xa = curve.plot()->xAxis;
    QCPAxis* ya = curve.plot()->yAxis;
    for (double at : {1.0, 2.0}) {
        const QPointF p(xa->coordToPixel(at), ya->coordToPixel(0.5));
        // The marker's middle is the result's colour, not the control's grey.
        QVERIFY2(countAround(img, p, 1, -1, kBlue) >= 7,
                 qPrintable(QStringLiteral("x = %1: %2").arg(at).arg(QColor(img.pixel(p.toPoint())).name())));
        QCOMPARE(countAround(img, p, 1, -1, kGrey), 0);
        // The control's square shows as a grey ring around it.
        QVERIFY2(countAround(img, p, 7, 4, kGrey) >= 8, qPrintable(QString::number(countAround(img, p, 7, 4, kGrey))));
        // The error bars' whiskers: the result's short blue one, the control's longer grey ends beside it.
        const QPointF top(p.x(), ya->coordToPixel(0.6));
        QVERIFY(countAround(img, top, 1, -1, kBlue) >= 2);
        int grey = 0;
        for (int dx = 5; dx <= 8; ++dx)
            for (int dy = -1; dy <= 1; ++dy)
                for (int side : {-1, 1})
                    grey += nearColour(img.pixel(qRound(top.x()) + side * dx, qRound(top.y()) + dy), kGrey);
        QVERIFY2(grey >= 4, qPrintable(QStringLiteral("%1 grey whisker pixels").arg(grey)));
    }
}

// Layer pruning's two results where they coincide (both at 0 once the model is broken): the orange one,
// drawn last, leaves the blue one visible (a thicker line under a thinner dash-dotted one, a filled
// circle inside a hollow square), on screen and in the exported PNG.
void TestCurves::coincidentResultsBothShow() {
    AblationCurve curve;
    curve.setPalette(lightPalette());
    QVERIFY(showSized(curve, 500, 360));
    curve.setSeries({{QStringLiteral("gradual: last n layers removed"), {0, 1, 2, 3}, {1.0, 0.2, 0.2, 0.2}, {}, false},
                     {QStringLiteral("individual: only layer n skipped"), {0, 1, 2}, {1.0, 0.2, 0.2}, {}, false}},
                    QStringLiteral("n"), QStringLiteral("Accuracy"), {0.0, 1.0});
    curve.plot()->replot();
    const QImage img = curve.grab().toImage().convertToFormat(QImage::Format_RGB32);
    auto at = [&](double x, double y) {
        return QPointF(curve.plot()->xAxis->coordToPixel(x), curve.plot()->yAxis->coordToPixel(y));
    };
    for (double x : {1.0, 2.0}) {
        const QPointF p = at(x, 0.2);
        QVERIFY2(countAround(img, p, 1, -1, kBlue) >= 5,
                 qPrintable(QStringLiteral("x = %1: middle %2").arg(x).arg(QColor(img.pixel(p.toPoint())).name())));
        QVERIFY2(countAround(img, p, 6, 2, kOrange) >= 6,
                 qPrintable(QStringLiteral("x = %1: no orange square").arg(x)));
    }
    // Along the shared segment from 1 to 2 both lines show: the blue one wider, beside and between the
    // orange dash-dots.
    int blue = 0, orange = 0, places = 0;
    for (double x = 1.2; x <= 1.8; x += 0.02, ++places) {
        blue += countAround(img, at(x, 0.2), 3, -1, kBlue) > 0;
        orange += countAround(img, at(x, 0.2), 3, -1, kOrange) > 0;
    }
    QVERIFY2(blue >= places * 9 / 10 && orange >= places / 2,
             qPrintable(QStringLiteral("blue at %1, orange at %2 of %3 places").arg(blue).arg(orange).arg(places)));

    // The exported PNG (laid out with print fonts, so found by colour): where the orange series runs,
    // the blue one shows too.
    QTemporaryDir dir;
    const QString png = dir.filePath(QStringLiteral("pruning.png"));
    QVERIFY(exportPng(curve.plot(), png, FigureOptions{}));
    const QImage out = QImage(png).convertToFormat(QImage::Format_RGB32);
    const int top = out.height() * 3 / 10;  // below the legend's line samples
    int x0 = out.width(), x1 = -1;
    for (int y = top; y < out.height(); ++y)
        for (int x = 0; x < out.width(); ++x)
            if (nearColour(out.pixel(x, y), kOrange)) x0 = std::min(x0, x), x1 = std::max(x1, x);
    QVERIFY2(x1 - x0 > out.width() / 3, qPrintable(QStringLiteral("orange from %1 to %2").arg(x0).arg(x1)));
    int blueColumns = 0;
    for (int x = x0 + 10; x < x1 - 10; ++x) {
        bool any = false;
        for (int y = top; y < out.height() && !any; ++y) any = nearColour(out.pixel(x, y), kBlue);
        blueColumns += any;
    }
    QVERIFY2(blueColumns > (x1 - x0 - 20) / 3,
             qPrintable(QStringLiteral("blue in %1 of %2 columns").arg(blueColumns).arg(x1 - x0 - 20)));
}

void TestCurves::flatCurvesGetReadableRanges() {
    AblationCurve curve;
    curve.resize(400, 300);
    // Layer pruning where every accuracy is 0: the axis shows the metric's range 0..1.
    curve.setSeries({{QStringLiteral("gradual"), {0, 1, 2}, {0, 0, 0}, {0, 0, 0}, false},
                     {QStringLiteral("individual"), {0, 1}, {0, 0}, {0, 0}, false}},
                    QStringLiteral("Layers"), QStringLiteral("Accuracy"), {0.0, 1.0});
    QCPRange y = curve.plot()->yAxis->range();
    QVERIFY2(y.lower >= -0.1 && y.lower < 0.0 && y.upper > 1.0 && y.upper <= 1.1,
             qPrintable(QStringLiteral("%1 .. %2").arg(y.lower).arg(y.upper)));
    // Accuracies near 1 with error bars: still within the metric's range and its margin.
    curve.setSeries({{QStringLiteral("KV"), {0, 1}, {1.0, 0.98}, {0.02, 0.05}, false}}, QStringLiteral("Heads"),
                    QStringLiteral("Accuracy"), {0.0, 1.0});
    y = curve.plot()->yAxis->range();
    QVERIFY(y.lower >= -0.1 && y.upper <= 1.1);
    // No bounds, every value equal (0.5), one x: a finite, non-degenerate range around the point.
    curve.setSeries({{QStringLiteral("KV"), {3}, {0.5}, {}, false}}, QStringLiteral("Heads"), QStringLiteral("Score"));
    y = curve.plot()->yAxis->range();
    const QCPRange x = curve.plot()->xAxis->range();
    QVERIFY(y.contains(0.5) && y.size() > 0.1 && y.size() < 3.0);
    QVERIFY(x.contains(3.0) && x.size() > 0.1 && x.size() < 3.0);
}

GNA_GUI_TEST_MAIN(TestCurves)
#include "tst_curves.moc"
