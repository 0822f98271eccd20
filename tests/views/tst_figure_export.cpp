// Figure export: PDF with vector content, SVG that parses with path elements, PNG at the exact
// requested pixel size (and transparent when asked), CSV of the plotted data, a figure set.
#include <QDir>
#include <QImage>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>
#include <qcustomplot.h>

#include "ablation_curve.h"
#include "attention_heatmap.h"
#include "figure_export.h"

using namespace gna::views;

namespace {

// Concatenates the PDF's content streams, inflating FlateDecode ones.
QByteArray pdfContent(const QByteArray& pdf) {
    QByteArray out;
    qsizetype pos = 0;
    while ((pos = pdf.indexOf("stream", pos)) >= 0) {
        if (pos >= 3 && pdf.mid(pos - 3, 9) == "endstream") { pos += 6; continue; }
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
            sized[0] = char(guess >> 24); sized[1] = char(guess >> 16); sized[2] = char(guess >> 8); sized[3] = char(guess);
            body = qUncompress(sized + body);
        }
        out += body;
        out += '\n';
        pos = end + 9;
    }
    return out;
}

void fillCurve(AblationCurve& curve) {
    curve.setSeries({{QStringLiteral("KV-retrieval"), {0, 10, 20, 30}, {0.95, 0.6, 0.3, 0.1}, {0.02, 0.05, 0.05, 0.03}, false},
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
    void pngTransparent();
    void csvHasData();
    void figureSet();

private:
    QTemporaryDir m_dir;
};

void TestFigureExport::pdfIsVector() {
    AblationCurve curve;
    curve.resize(600, 400);
    fillCurve(curve);
    const QString path = m_dir.filePath(QStringLiteral("curve.pdf"));
    QString error;
    QVERIFY2(exportPdf(curve.plot(), path, {600, 400, 300, false}, &error), qPrintable(error));
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
    QVERIFY(exportPdf(map.plot(), mpath, {500, 400, 300, false}, &error));
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
    QVERIFY2(exportSvg(curve.plot(), path, {600, 400, 96, false}, &error), qPrintable(error));
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
    QVERIFY(exportPng(curve.plot(), path, {1234, 777, 300, false}));
    QImage img(path);
    QCOMPARE(img.size(), QSize(1234, 777));
    QCOMPARE(qRound(img.dotsPerMeterX() * 0.0254), 300);
    // Not blank: more than one colour.
    QSet<QRgb> colours;
    for (int y = 0; y < img.height(); y += 7)
        for (int x = 0; x < img.width(); x += 7) colours.insert(img.pixel(x, y));
    QVERIFY(colours.size() > 3);
}

void TestFigureExport::pngTransparent() {
    AblationCurve curve;
    curve.resize(300, 200);
    fillCurve(curve);
    const QString path = m_dir.filePath(QStringLiteral("clear.png"));
    QVERIFY(exportPng(curve.plot(), path, {400, 300, 96, true}));
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
    const QStringList files = exportFigureSet({{QStringLiteral("one"), a.plot()}, {QStringLiteral("two"), b.plot()}}, dir,
                                              {FigureFormat::PDF, FigureFormat::SVG, FigureFormat::PNG, FigureFormat::CSV},
                                              {400, 300, 96, false});
    QCOMPARE(files.size(), 8);
    for (const QString& f : files) QVERIFY(QFileInfo(f).size() > 0);
    QVERIFY(QFileInfo::exists(QDir(dir).filePath(QStringLiteral("two.svg"))));
}

QTEST_MAIN(TestFigureExport)
#include "tst_figure_export.moc"
