// Figure export: PDF with vector content, SVG that parses with path elements, PNG at the exact
// pixel size for its inches and dpi with text the same size at every dpi (and transparent when asked), CSV of the plotted data, a figure set.
#include <QDir>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>
#include <qcustomplot.h>

#include "ablation_curve.h"
#include "attention_heatmap.h"
#include "figure_data.h"
#include "figure_export.h"
#include "gui_test_main.h"

using namespace gna::views;

namespace {

// Concatenates the PDF's content streams, inflating FlateDecode ones.
QByteArray pdfContent(const QByteArray& pdf) {
    QByteArray out;
    qsizetype pos = 0;
    while ((pos = pdf.indexOf("stream", pos)) >= 0) {
        if (pos >= 3 && pdf.mid(pos - 3, 9) == "endstream") {
            pos += 6;
            continue;
        }
        qsizetype start = pos + 6;
        if (pdf.at(start) == '\r') ++start;
        if (pdf.at(start) == '\n') ++start;
        const qsizetype end = pdf.indexOf("endstream", start);
        if (end < 0) break;
        const QByteArray dict = pdf.mid(std::max<qsizetype>(0, pos - 300), 300);
        QByteArray body = pdf.mid(start, end - start);
        if (dict.lastIndexOf("FlateDecode") > dict.lastIndexOf("<<")) {
            QByteArray sized(4, '\0');
            const quint32 guess = 64u * 1024u * 1024u;
            sized[0] = char(guess >> 24);
            sized[1] = char(guess >> 16);
            sized[2] = char(guess >> 8);
            sized[3] = char(guess);
            body = qUncompress(sized + body);
        }
        out += body;
        out += '\n';
        pos = end + 9;
    }
    return out;
}

FigureOptions inches(double width, double height, int dpi, bool transparent = false) {
    FigureOptions o;
    o.widthInches = width;
    o.heightInches = height;
    o.dpi = dpi;
    o.transparent = transparent;
    return o;
}

// Share of the image's pixels that are dark (text, axes, lines).
double darkShare(const QImage& img) {
    int dark = 0, total = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            ++total;
            if (qGray(img.pixel(x, y)) < 128) ++dark;
        }
    return double(dark) / std::max(1, total);
}

void fillCurve(AblationCurve& curve) {
    curve.setSeries(
        {{QStringLiteral("KV-retrieval"), {0, 10, 20, 30}, {0.95, 0.6, 0.3, 0.1}, {0.02, 0.05, 0.05, 0.03}, false},
         {QStringLiteral("random heads"), {0, 10, 20, 30}, {0.95, 0.93, 0.9, 0.88}, {}, true}},
        QStringLiteral("heads removed"), QStringLiteral("accuracy"));
}

}  // namespace

class TestFigureExport : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void pdfIsVector();
    void svgParsesWithPaths();
    void pngHasRequestedSize();
    void pngTextScalesWithDpi();
    void columnWidths();
    void pngTransparent();
    void csvHasData();
    void figureSet();
    void layerPruningFigure();

private:
    QTemporaryDir m_dir;
};

void TestFigureExport::pdfIsVector() {
    AblationCurve curve;
    curve.resize(600, 400);
    fillCurve(curve);
    const QString path = m_dir.filePath(QStringLiteral("curve.pdf"));
    QString error;
    QVERIFY2(exportPdf(curve.plot(), path, inches(600 / 72.0, 400 / 72.0, 300), &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray pdf = f.readAll();
    QVERIFY(pdf.startsWith("%PDF"));
    QVERIFY(!pdf.contains("/Subtype /Image"));  // a line plot must not be a bitmap
    const QByteArray content = pdfContent(pdf);
    // Path construction (m, l, c) and painting (S, f) operators: the curves and axes are paths.
    const QString text = QString::fromLatin1(content);
    QVERIFY2(text.count(QRegularExpression(QStringLiteral("[-\\d.]+ [-\\d.]+ m\\b"))) > 10, "no moveto operators");
    QVERIFY(text.count(QRegularExpression(QStringLiteral("[-\\d.]+ [-\\d.]+ l\\b"))) > 10);
    QVERIFY(text.contains(QRegularExpression(QStringLiteral("\\bS\\b"))));

    // A heatmap PDF keeps axes and labels as vectors next to its colour-map image.
    AttentionHeatmap map;
    map.resize(500, 400);
    HeatmapData d;
    d.rows = d.cols = 3;
    d.values = {1, 0, 0, .5f, .5f, 0, .2f, .3f, .5f};
    d.rowLabels = d.colLabels = {QStringLiteral("a"), QStringLiteral("b"), QStringLiteral("c")};
    map.setData(d);
    const QString mpath = m_dir.filePath(QStringLiteral("map.pdf"));
    QVERIFY(exportPdf(map.plot(), mpath, inches(500 / 72.0, 400 / 72.0, 300), &error));
    QFile mf(mpath);
    QVERIFY(mf.open(QIODevice::ReadOnly));
    const QString mtext = QString::fromLatin1(pdfContent(mf.readAll()));
    QVERIFY(mtext.count(QRegularExpression(QStringLiteral("[-\\d.]+ [-\\d.]+ l\\b"))) > 5);
}

void TestFigureExport::svgParsesWithPaths() {
    AblationCurve curve;
    curve.resize(600, 400);
    fillCurve(curve);
    const QString path = m_dir.filePath(QStringLiteral("curve.svg"));
    QString error;
    QVERIFY2(exportSvg(curve.plot(), path, inches(600 / 72.0, 400 / 72.0, 96), &error), qPrintable(error));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&f);
    int paths = 0, elements = 0;
    bool sawSvgRoot = false;
    while (!xml.atEnd()) {
        if (xml.readNext() == QXmlStreamReader::StartElement) {
            ++elements;
            if (xml.name() == QLatin1String("svg")) sawSvgRoot = true;
            if (xml.name() == QLatin1String("path") || xml.name() == QLatin1String("polyline")) ++paths;
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(sawSvgRoot);
    QVERIFY2(paths >= 5, qPrintable(QString::number(paths)));
}

void TestFigureExport::pngHasRequestedSize() {
    AblationCurve curve;
    curve.resize(300, 200);
    fillCurve(curve);
    const QString path = m_dir.filePath(QStringLiteral("curve.png"));
    QVERIFY(exportPng(curve.plot(), path, inches(4.0, 2.5, 300)));
    QImage img(path);
    QCOMPARE(img.size(), QSize(1200, 750));  // inches x dpi
    QCOMPARE(qRound(img.dotsPerMeterX() * 0.0254), 300);
    // Not blank: more than one colour.
    QSet<QRgb> colours;
    for (int y = 0; y < img.height(); y += 7)
        for (int x = 0; x < img.width(); x += 7) colours.insert(img.pixel(x, y));
    QVERIFY(colours.size() > 3);
}

void TestFigureExport::pngTextScalesWithDpi() {
    // The same figure at 96 and 300 dpi is the same drawing: text does not grow with the dpi. The
    // 300-dpi image scaled down to the 96-dpi size covers about as much ink.
    AblationCurve curve;
    curve.resize(800, 600);
    fillCurve(curve);
    const QString low = m_dir.filePath(QStringLiteral("low.png")), high = m_dir.filePath(QStringLiteral("high.png"));
    QVERIFY(exportPng(curve.plot(), low, inches(3.3, 2.5, 96)));
    QVERIFY(exportPng(curve.plot(), high, inches(3.3, 2.5, 300)));
    const QImage a(low);
    const QImage b = QImage(high).scaled(a.size(), Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
    QCOMPARE(QImage(high).width(), 990);
    const double inkLow = darkShare(a), inkHigh = darkShare(b);
    QVERIFY2(inkLow > 0.005, qPrintable(QString::number(inkLow)));
    QVERIFY2(std::abs(inkHigh - inkLow) < 0.35 * inkLow,
             qPrintable(QStringLiteral("%1 vs %2").arg(inkLow).arg(inkHigh)));
    // Pixel by pixel, the downscaled image is close to the low-resolution one.
    double diff = 0;
    for (int y = 0; y < a.height(); ++y)
        for (int x = 0; x < a.width(); ++x) diff += std::abs(qGray(a.pixel(x, y)) - qGray(b.pixel(x, y)));
    diff /= double(a.width()) * a.height();
    QVERIFY2(diff < 12.0, qPrintable(QString::number(diff)));
}

void TestFigureExport::columnWidths() {
    double w = 0;
    QVERIFY(parseFigureWidth(QStringLiteral("single"), &w));
    QCOMPARE(w, 3.3);
    QVERIFY(parseFigureWidth(QStringLiteral("double"), &w));
    QCOMPARE(w, 6.9);
    QVERIFY(parseFigureWidth(QStringLiteral("5.5"), &w));
    QCOMPARE(w, 5.5);
    QVERIFY(!parseFigureWidth(QStringLiteral("wide"), &w));
    QVERIFY(!parseFigureWidth(QStringLiteral("0"), &w));
    QVERIFY(!parseFigureWidth(QStringLiteral("100"), &w));
}

void TestFigureExport::pngTransparent() {
    AblationCurve curve;
    curve.resize(300, 200);
    fillCurve(curve);
    const QString path = m_dir.filePath(QStringLiteral("clear.png"));
    QVERIFY(exportPng(curve.plot(), path, inches(400 / 96.0, 300 / 96.0, 96, true)));
    QImage img(path);
    QCOMPARE(img.size(), QSize(400, 300));
    QVERIFY(img.hasAlphaChannel());
    QCOMPARE(qAlpha(img.pixel(1, 1)), 0);
}

void TestFigureExport::csvHasData() {
    AblationCurve curve;
    fillCurve(curve);
    const QString path = m_dir.filePath(QStringLiteral("curve.csv"));
    QVERIFY(exportCsv(curve.plot(), path));
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString csv = QString::fromUtf8(f.readAll());
    QVERIFY(csv.startsWith(QStringLiteral("series,x,y,value")));
    QVERIFY(csv.contains(QStringLiteral("KV-retrieval,20,0.3,")));
    QVERIFY(csv.contains(QStringLiteral("random heads,30,0.88,")));
}

void TestFigureExport::figureSet() {
    AblationCurve a, b;
    fillCurve(a);
    fillCurve(b);
    const QString dir = m_dir.filePath(QStringLiteral("set"));
    const QStringList files = exportFigureSet(
        {{QStringLiteral("one"), a.plot()}, {QStringLiteral("two"), b.plot()}}, dir,
        {FigureFormat::PDF, FigureFormat::SVG, FigureFormat::PNG, FigureFormat::CSV}, inches(3.3, 2.5, 96));
    QCOMPARE(files.size(), 8);
    for (const QString& f : files) QVERIFY(QFileInfo(f).size() > 0);
    QVERIFY(QFileInfo::exists(QDir(dir).filePath(QStringLiteral("two.svg"))));
}

// Layer pruning's figure: one axis, n, two series whose names say what n is for each, coinciding from
// n = 1 to 2. The PDF and SVG draw both as vector paths (the SVG strokes each series in its colour, the
// later one dash-dotted), and the CSVs carry both series by name with the same points.
void TestFigureExport::layerPruningFigure() {
    AblationCurve curve;
    curve.resize(600, 400);
    const QList<CurveSeries> series{
        {QStringLiteral("gradual: last n layers removed"),
         {0, 1, 2, 3},
         {1.0, 0.2, 0.2, 0.2},
         {0, 0.1, 0.1, 0.1},
         false},
        {QStringLiteral("individual: only layer n skipped"), {0, 1, 2}, {1.0, 0.2, 0.2}, {0, 0.1, 0.1}, false}};
    curve.setSeries(series, QStringLiteral("n"), QStringLiteral("Accuracy"), {0.0, 1.0});
    QString error;
    const QString pdf = m_dir.filePath(QStringLiteral("pruning.pdf")),
                  svg = m_dir.filePath(QStringLiteral("pruning.svg")),
                  csv = m_dir.filePath(QStringLiteral("pruning.csv"));
    QVERIFY2(exportPdf(curve.plot(), pdf, inches(3.3, 2.5, 300), &error), qPrintable(error));
    QVERIFY2(exportSvg(curve.plot(), svg, inches(3.3, 2.5, 96), &error), qPrintable(error));
    QVERIFY2(exportCsv(curve.plot(), csv, &error), qPrintable(error));
    QFile pf(pdf);
    QVERIFY(pf.open(QIODevice::ReadOnly));
    const QByteArray pdfBytes = pf.readAll();
    QVERIFY(!pdfBytes.contains("/Subtype /Image"));
    QVERIFY(
        QString::fromLatin1(pdfContent(pdfBytes)).count(QRegularExpression(QStringLiteral("[-\\d.]+ [-\\d.]+ l\\b"))) >
        10);
    QFile sf(svg);
    QVERIFY(sf.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&sf);
    bool blue = false, orangeDashed = false;
    while (!xml.atEnd())
        if (xml.readNext() == QXmlStreamReader::StartElement) {  // the pen is set on <g> elements around the paths
            const QXmlStreamAttributes a = xml.attributes();
            const QString stroke = a.value(QLatin1String("stroke")).toString().toLower();
            blue = blue || stroke == QLatin1String("#0072b2");
            orangeDashed = orangeDashed ||
                (stroke == QLatin1String("#d55e00") && a.hasAttribute(QLatin1String("stroke-dasharray")));
        }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    QVERIFY(blue);
    QVERIFY(orangeDashed);
    QFile cf(csv);
    QVERIFY(cf.open(QIODevice::ReadOnly));
    const QString data = QString::fromUtf8(cf.readAll());
    QVERIFY2(data.contains(QStringLiteral("gradual: last n layers removed,3,0.2,")), qPrintable(data));
    QVERIFY2(data.contains(QStringLiteral("individual: only layer n skipped,2,0.2,")), qPrintable(data));
    // The figure's own data CSV (the studio's "CSV of exactly the plotted data"): the axis named n.
    const QString plotted = curvesCsv(series, QStringLiteral("n"), QStringLiteral("Accuracy"));
    QVERIFY(plotted.startsWith(QStringLiteral("series,n,Accuracy,error\n")));
    QVERIFY(plotted.contains(QStringLiteral("individual: only layer n skipped,1,0.2,0.1\n")));
    QCOMPARE(plotted.count(QLatin1Char('\n')), 1 + 4 + 3);
}

GNA_GUI_TEST_MAIN(TestFigureExport)
#include "tst_figure_export.moc"
