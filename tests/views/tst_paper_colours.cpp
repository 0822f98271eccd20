// Paper colours: with the studio in its dark palette, a figure exported with paperColours (the default)
// has a white margin and dark text, one exported without it is as dark as on screen, and the view on
// screen draws exactly as before either export (measured on the pixels of the PNG, the text fills of the SVG
// and the grabbed widget); the Export figure dialog offers the choice, checked by default.
#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>
#include <qcustomplot.h>

#include "ablation_curve.h"
#include "attention_heatmap.h"
#include "figure_export.h"
#include "heatmap_data.h"
#include "next_token_chart.h"
#include "palettes.h"
#include "view_test_util.h"
#include "gui_test_main.h"

using namespace gna::views;

namespace {

// The darkest and the lightest pixel of the left tenth of the image's middle rows: the value axis's
// label and tick labels, drawn left of the axis rect.
std::pair<double, double> leftLabelRange(const QImage& img) {
    double lo = 1.0, hi = 0.0;
    for (int y = img.height() / 5; y < img.height() * 4 / 5; ++y)
        for (int x = 0; x < img.width() / 10; ++x) {
            lo = std::min(lo, luminance(img.pixel(x, y)));
            hi = std::max(hi, luminance(img.pixel(x, y)));
        }
    return {lo, hi};
}

// The colours of an SVG: the background (its first rect, which covers the figure) and the fills its text is
// drawn in (QSvgGenerator puts a text's colour on the enclosing <g>).
struct SvgColours {
    QColor background;
    QList<QColor> text;
};
SvgColours svgColours(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return {};
    QXmlStreamReader xml(&f);
    QList<QString> fills{QStringLiteral("#000000")};  // SVG's initial fill
    SvgColours out;
    while (!xml.atEnd()) {
        const auto token = xml.readNext();
        if (token == QXmlStreamReader::StartElement) {
            const QString fill = xml.attributes().value(QLatin1String("fill")).toString();
            fills << (fill.isEmpty() ? fills.last() : fill);
            if (xml.name() == QLatin1String("text")) out.text << QColor(fills.last());
            if (xml.name() == QLatin1String("rect") && !out.background.isValid()) out.background = QColor(fills.last());
        } else if (token == QXmlStreamReader::EndElement) {
            fills.removeLast();
        }
    }
    return out;
}

HeatmapData causalMap() {
    HeatmapData d;
    d.rows = d.cols = 4;
    d.values = {1, 0, 0, 0, .5f, .5f, 0, 0, .2f, .3f, .5f, 0, .1f, .2f, .3f, .4f};
    d.rowLabels =
        d.colLabels = {QStringLiteral("The"), QStringLiteral("cat"), QStringLiteral("sat"), QStringLiteral("down")};
    return d;
}

// The widget drawn afresh (queued replots done) as it is on screen.
QImage freshGrab(QWidget& view, QCustomPlot* plot) {
    QCoreApplication::processEvents();
    plot->replot();
    QCoreApplication::processEvents();
    return view.grab().toImage();
}

FigureOptions figure(bool paper) {
    FigureOptions o;
    o.widthInches = 4.0;
    o.heightInches = 3.0;
    o.dpi = 100;
    o.paperColours = paper;
    return o;
}

}  // namespace

class TestPaperColours : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase();
    void heatmapPng_data();
    void heatmapPng();
    void chartsPng_data();
    void chartsPng();
    void svgIsWhiteWithDarkTextOnPaper();
    void maskedCellsTakeThePrintGrey();
    void defaultIsPaper();

private:
    QTemporaryDir m_dir{QDir::tempPath() + QStringLiteral("/paper-XXXXXX")};
    QPalette m_applicationPalette;
};

void TestPaperColours::initTestCase() {
    m_dir.setAutoRemove(qEnvironmentVariableIsEmpty("GNA_KEEP_FIGURES"));  // to look at the figures
    m_applicationPalette = QApplication::palette();
    QApplication::setPalette(studioPalette(true));  // the studio's dark theme
    const QColor base = QApplication::palette().color(QPalette::Base);
    QVERIFY(luminance(base.rgb()) < 0.2);
}

void TestPaperColours::cleanupTestCase() { QApplication::setPalette(m_applicationPalette); }

// Checks the exported PNG of `plot` (in `view`) against paper or screen colours, and the view after it.
static void checkExport(QWidget& view, QCustomPlot* plot, bool paper, const QString& path) {
    const QImage before = freshGrab(view, plot);
    QString error;
    QVERIFY2(exportPng(plot, path, figure(paper), &error), qPrintable(error));
    const QImage img(path);
    QCOMPARE(img.size(), QSize(400, 300));
    const auto [darkest, lightest] = leftLabelRange(img);
    if (paper) {
        const double white = marginShareAbove(img, 4, 0.95);
        QVERIFY2(white > 0.95, qPrintable(QString::number(white)));
        QVERIFY2(darkest < 0.3, qPrintable(QString::number(darkest)));  // dark text on white
    } else {
        const double light = marginShareAbove(img, 4, 0.2);
        QVERIFY2(light < 0.05, qPrintable(QString::number(light)));
        QVERIFY2(lightest > 0.7, qPrintable(QString::number(lightest)));  // light text on the dark background
    }
    // The view on screen is drawn exactly as before the export.
    const QImage after = freshGrab(view, plot);
    if (after != before) {
        before.save(path + QStringLiteral(".before.png"));
        after.save(path + QStringLiteral(".after.png"));
    }
    QCOMPARE(after, before);
}

void TestPaperColours::heatmapPng_data() {
    QTest::addColumn<bool>("paper");
    QTest::newRow("paper") << true;
    QTest::newRow("screen") << false;
}

void TestPaperColours::heatmapPng() {
    QFETCH(bool, paper);
    AttentionHeatmap map;
    map.setData(causalMap());
    QVERIFY(showSized(map, 420, 320));
    checkExport(map, map.plot(), paper, m_dir.filePath(QStringLiteral("map_%1.png").arg(paper)));
}

void TestPaperColours::chartsPng_data() {
    QTest::addColumn<bool>("paper");
    QTest::addColumn<bool>("bars");
    QTest::newRow("curve paper") << true << false;
    QTest::newRow("curve screen") << false << false;
    QTest::newRow("bars paper") << true << true;
    QTest::newRow("bars screen") << false << true;
}

void TestPaperColours::chartsPng() {
    QFETCH(bool, paper);
    QFETCH(bool, bars);
    const QString path = m_dir.filePath(
        QStringLiteral("%1_%2.png").arg(bars ? QStringLiteral("bars") : QStringLiteral("curve")).arg(paper));
    if (bars) {
        NextTokenChart chart;
        chart.setProbabilities({{QStringLiteral("Paris"), 0.6, false},
                                {QStringLiteral("London"), 0.2, false},
                                {QStringLiteral("Rome"), 0.1, true}});
        chart.setBaseline({{QStringLiteral("Paris"), 0.8, false},
                           {QStringLiteral("London"), 0.1, false},
                           {QStringLiteral("Rome"), 0.05, true}});
        QVERIFY(showSized(chart, 420, 320));
        checkExport(chart, chart.plot(), paper, path);
    } else {
        AblationCurve curve;
        curve.setSeries(
            {{QStringLiteral("KV-retrieval"), {0, 10, 20, 30}, {0.95, 0.6, 0.3, 0.1}, {0.02, 0.05, 0.05, 0.03}, false},
             {QStringLiteral("random heads"), {0, 10, 20, 30}, {0.95, 0.93, 0.9, 0.88}, {}, true}},
            QStringLiteral("heads removed"), QStringLiteral("accuracy"));
        QVERIFY(showSized(curve, 420, 320));
        checkExport(curve, curve.plot(), paper, path);
    }
}

void TestPaperColours::svgIsWhiteWithDarkTextOnPaper() {
    AblationCurve curve;
    curve.setSeries({{QStringLiteral("KV-retrieval"), {0, 10, 20}, {0.9, 0.5, 0.2}, {}, false}},
                    QStringLiteral("heads removed"), QStringLiteral("accuracy"));
    QVERIFY(showSized(curve, 420, 320));
    const QImage before = freshGrab(curve, curve.plot());
    for (const bool paper : {true, false}) {
        const QString path = m_dir.filePath(QStringLiteral("curve_%1.svg").arg(paper));
        QVERIFY(exportSvg(curve.plot(), path, figure(paper)));
        const SvgColours colours = svgColours(path);
        QVERIFY(colours.background.isValid());
        const double background = luminance(colours.background.rgb());
        QVERIFY2(paper ? background > 0.95 : background < 0.2, qPrintable(colours.background.name()));
        QVERIFY2(colours.text.size() >= 5,
                 qPrintable(QString::number(colours.text.size())));  // tick labels, axis labels, legend
        for (const QColor& c : colours.text) {
            const double l = luminance(c.rgb());
            QVERIFY2(paper ? l < 0.3 : l > 0.7, qPrintable(c.name()));
        }
        QCOMPARE(freshGrab(curve, curve.plot()), before);
    }
}

void TestPaperColours::maskedCellsTakeThePrintGrey() {
    // The causal mask's cells (key after query) are a light grey on paper, not the dark theme's dark grey: the
    // top-right cell of a 4 x 4 map is masked; its centre is found on the exported image as the cell whose
    // colour no weight on the viridis scale has (a neutral grey).
    AttentionHeatmap map;
    map.setData(causalMap());
    QVERIFY(showSized(map, 420, 320));
    for (const bool paper : {true, false}) {
        const QString path = m_dir.filePath(QStringLiteral("mask_%1.png").arg(paper));
        QVERIFY(exportPng(map.plot(), path, figure(paper)));
        const QImage img(path);
        // Neutral mid-tone pixels (r = g = b within 3, neither background nor text): the masked cells.
        int grey = 0;
        double sum = 0.0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) {
                const QRgb p = img.pixel(x, y);
                if (std::abs(qRed(p) - qGreen(p)) > 3 || std::abs(qGreen(p) - qBlue(p)) > 3) continue;
                const double l = luminance(p);
                if (l < 0.4 || l > 0.9) continue;
                ++grey;
                sum += l;
            }
        if (paper) {
            // 6 of 16 cells masked: a large patch of a light grey.
            QVERIFY2(grey > 2000, qPrintable(QString::number(grey)));
            QVERIFY2(sum / grey > 0.5, qPrintable(QString::number(sum / grey)));
        } else {
            // On screen the masked cells are a dark grey (about 0.25), so hardly any mid-tone grey.
            QVERIFY2(grey < 2000, qPrintable(QString::number(grey)));
        }
    }
}

void TestPaperColours::defaultIsPaper() {
    QVERIFY(FigureOptions{}.paperColours);
    AblationCurve curve;
    curve.setSeries({{QStringLiteral("KV-retrieval"), {0, 10}, {0.9, 0.5}, {}, false}}, QStringLiteral("x"),
                    QStringLiteral("y"));
    QVERIFY(showSized(curve, 300, 200));
    FigureExportDialog dialog(curve.plot(), QStringLiteral("curve"));
    QCheckBox* paper = nullptr;
    for (QCheckBox* box : dialog.findChildren<QCheckBox*>())
        if (box->text().contains(QStringLiteral("Paper colours"))) paper = box;
    QVERIFY(paper);
    QVERIFY(paper->isChecked() && dialog.options().paperColours);
    QCOMPARE(paper->shortcut(), QKeySequence(Qt::ALT | Qt::Key_P));  // its Alt letter (tst_app_screenshots: no clash)
    paper->click();
    QVERIFY(!dialog.options().paperColours);
    dialog.setPaperColours(true);
    QVERIFY(paper->isChecked() && dialog.options().paperColours);
}

GNA_GUI_TEST_MAIN(TestPaperColours)
#include "tst_paper_colours.moc"
