// Plot views without data and with awkward data: empty states say what to do (and are never
// exported), the difference map is signed and centred on 0, missing retrieval cells are marked,
// result tables read at one precision, unsorted and full width, signed head scores take the
// diverging palette, and masked tokens stay readable in a dark palette (WCAG contrast, checked
// against its published values first).
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>
#include <qcustomplot.h>

#include "attention_heatmap.h"
#include "figure_export.h"
#include "head_board.h"
#include "head_board_model.h"
#include "number_format.h"
#include "mask_editor.h"
#include "next_token_chart.h"
#include "palettes.h"
#include "plot_style.h"
#include "results_table.h"
#include "retrieval_map.h"
#include "views/view_test_util.h"
#include "gui_test_main.h"

using namespace gna::views;

namespace {

// Pixels of `img` within 12 RGB units of `c`.
int countNear(const QImage& img, QColor c) {
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) n += nearColour(img.pixel(x, y), c, 12);
    return n;
}

QLabel* emptyLabel(QCustomPlot* plot) { return plot->findChild<QLabel*>(QStringLiteral("gnaEmptyMessage")); }

}  // namespace

class TestPlotStates : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void emptyHeatmapShowsMessageNotDummy();
    void emptyFiguresAreNotExported();
    void differenceIsDivergingAroundZero();
    void emptyChartAndTableSayWhatToDo();
    void missingRetrievalCellsAreMarked();
    void tablePrecisionSortAndWidth();
    void signedHeadScoresUseDivergingPalette();
    void maskedTokensReadableInBothPalettes();
};

void TestPlotStates::emptyHeatmapShowsMessageNotDummy() {
    AttentionHeatmap map;
    QVERIFY(showSized(map, 360, 360));
    map.plot()->replot();
    // No dummy 5 x 5 matrix in viridis' darkest colour, no 0..5 axes: the message.
    const QImage img = map.grab().toImage();
    QCOMPARE(countNear(img, QColor(68, 1, 84)), 0);
    QVERIFY(emptyLabel(map.plot()) && emptyLabel(map.plot())->isVisible());
    QCOMPARE(emptyLabel(map.plot())->text(), QStringLiteral("No model loaded"));
    QCOMPARE(emptyMessage(map.plot()), QStringLiteral("No model loaded"));
    // Data: the message goes; clear(): it comes back.
    HeatmapData d;
    d.rows = d.cols = 2;
    d.values = {1.0f, 0.0f, 0.5f, 0.5f};
    map.setData(d);
    QVERIFY(!emptyLabel(map.plot())->isVisible());
    QVERIFY(emptyMessage(map.plot()).isEmpty());
    map.setEmptyMessage(QStringLiteral("Tick it"));
    map.clear();
    QVERIFY(emptyLabel(map.plot())->isVisible());
    QCOMPARE(emptyMessage(map.plot()), QStringLiteral("Tick it"));
}

void TestPlotStates::emptyFiguresAreNotExported() {
    AttentionHeatmap empty;
    empty.resize(300, 300);
    QTemporaryDir dir;
    QString error;
    for (FigureFormat f : {FigureFormat::PDF, FigureFormat::SVG, FigureFormat::PNG, FigureFormat::CSV}) {
        const QString path = dir.filePath(QStringLiteral("empty.") + formatSuffix(f));
        error.clear();
        QVERIFY(!exportFigure(empty.plot(), path, f, FigureOptions{}, &error));
        QVERIFY2(error.contains(QStringLiteral("No model loaded")), qPrintable(error));
        QVERIFY(!QFileInfo::exists(path));
    }
    AttentionHeatmap full;
    HeatmapData d;
    d.rows = d.cols = 2;
    d.values = {1.0f, 0.0f, 0.5f, 0.5f};
    full.setData(d);
    error.clear();
    const QStringList written =
        exportFigureSet({{QStringLiteral("empty"), empty.plot()}, {QStringLiteral("full"), full.plot()}}, dir.path(),
                        {FigureFormat::PNG}, FigureOptions{}, &error);
    QCOMPARE(written, QStringList{dir.filePath(QStringLiteral("full.png"))});
    QVERIFY2(error.contains(QStringLiteral("empty")), qPrintable(error));
}

void TestPlotStates::differenceIsDivergingAroundZero() {
    AttentionHeatmap map;
    map.setColorPalette(Palette::Viridis);
    HeatmapData d;
    d.rows = 1;
    d.cols = 3;
    d.values = {-0.1f, 0.0f, 0.4f};
    d.isDifference = true;
    map.setData(d);
    const QCPRange r = map.colorMap()->dataRange();
    QCOMPARE(r.lower, -r.upper);  // symmetric: 0 in the middle
    QVERIFY(r.upper >= 0.4);
    // The colour of 0 is the diverging map's neutral middle (247, 247, 247), of -max its blue end.
    const QColor zero = QColor::fromRgb(map.colorMap()->gradient().color(0.0, r));
    QVERIFY2(std::abs(zero.red() - 247) < 6 && std::abs(zero.green() - 247) < 6 && std::abs(zero.blue() - 247) < 6,
             qPrintable(zero.name()));
    const QColor low = QColor::fromRgb(map.colorMap()->gradient().color(r.lower, r));
    QVERIFY2(std::abs(low.red() - 33) < 6 && std::abs(low.blue() - 172) < 6, qPrintable(low.name()));
    QCOMPARE(map.colorScale()->dataRange(), r);
}

void TestPlotStates::emptyChartAndTableSayWhatToDo() {
    NextTokenChart chart;
    chart.setEmptyMessage(QStringLiteral("Run with and without the mask to fill this chart"));
    QVERIFY(showSized(chart, 300, 220));
    QVERIFY(emptyLabel(chart.plot()) && emptyLabel(chart.plot())->isVisible());
    QCOMPARE(emptyLabel(chart.plot())->text(), QStringLiteral("Run with and without the mask to fill this chart"));
    chart.setProbabilities({{QStringLiteral("A"), 0.5, true}});
    QVERIFY(!emptyLabel(chart.plot())->isVisible());

    // An empty results table draws its placeholder: ink in the middle of the viewport.
    ResultsTable table;
    QVERIFY(showSized(table, 600, 300));
    QVERIFY(!table.placeholderText().isEmpty());
    const QImage img = table.viewport()->grab().toImage();
    const QColor base = table.palette().color(QPalette::Base);
    int ink = 0;
    for (int y = img.height() / 3; y < 2 * img.height() / 3; ++y)
        for (int x = 0; x < img.width(); ++x) ink += QColor(img.pixel(x, y)) != base;
    QVERIFY2(ink > 50, "the empty table is blank");
}

void TestPlotStates::missingRetrievalCellsAreMarked() {
    RetrievalGrid g;
    g.contextLengths = {300, 500};
    g.depths = {0, 50, 100};
    g.scores = {5, 4, 3, std::nan(""), 1, 0};  // 500 tokens at depth 50 % never ran
    RetrievalMap map;
    QVERIFY(showSized(map, 420, 360));
    map.setGrid(g);
    map.plot()->replot();
    QCOMPARE(map.missingCells(), 1);
    QVERIFY(map.plot()->legend->visible());
    QCOMPARE(map.plot()->legend->itemCount(), 1);
    QCOMPARE(qobject_cast<QCPPlottableLegendItem*>(map.plot()->legend->item(0))->plottable()->name(),
             QStringLiteral("not run"));
    // The cell is hatched: grey hatch pixels and background pixels both inside it, not one blank colour.
    const QImage img = map.grab().toImage();
    const QPointF c = map.cellCenterPixel(1, 1);
    const int half =
        static_cast<int>(std::abs(map.plot()->xAxis->coordToPixel(0.5) - map.plot()->xAxis->coordToPixel(0.0))) - 3;
    const QImage cell = img.copy(QRect(c.toPoint() - QPoint(half, half), QSize(2 * half, 2 * half)));
    const int grey = countNear(cell, QColor(128, 128, 128));
    QVERIFY2(grey > cell.width() * cell.height() / 20, qPrintable(QStringLiteral("%1 grey pixels").arg(grey)));
    QVERIFY(grey < cell.width() * cell.height() * 9 / 10);
    // The exported figure carries the hatch too (more grey than the same map without a gap).
    QTemporaryDir dir;
    QVERIFY(exportPng(map.plot(), dir.filePath(QStringLiteral("gap.png")), FigureOptions{}));
    g.scores[3] = 2;
    map.setGrid(g);
    QCOMPARE(map.missingCells(), 0);
    QVERIFY(!map.plot()->legend->visible());
    QVERIFY(exportPng(map.plot(), dir.filePath(QStringLiteral("full.png")), FigureOptions{}));
    const int withGap = countNear(QImage(dir.filePath(QStringLiteral("gap.png"))), QColor(128, 128, 128));
    const int without = countNear(QImage(dir.filePath(QStringLiteral("full.png"))), QColor(128, 128, 128));
    QVERIFY2(withGap > without + 200, qPrintable(QStringLiteral("%1 vs %2").arg(withGap).arg(without)));
}

void TestPlotStates::tablePrecisionSortAndWidth() {
    // One precision per column, worked out by hand: three significant digits for the largest value,
    // two at least for the smallest non-zero one, more where two values would read the same, at most
    // three decimals beyond the largest's.
    QCOMPARE(columnDecimals({0.065536, 0.065536}), 4);  // 0.0655
    QCOMPARE(columnDecimals({2.097152}), 2);  // 2.10
    QCOMPARE(columnDecimals({0.075, 0.075, 0.1}), 3);  // 0.075, 0.100
    QCOMPARE(columnDecimals({0.0, 0.0, -0.025}), 4);  // 0.0000, -0.0250
    QCOMPARE(columnDecimals({0.5, 0.5004, 12.25}), 4);  // 0.5004 and 0.5000 stay apart
    QCOMPARE(columnDecimals({1.0, 1e-5}), 5);  // 0.00001
    QCOMPARE(columnDecimals({1.0, 1e-7}), 5);  // capped: 0.00000
    QCOMPARE(columnDecimals({1234.5, 12.0}), 0);  // 1235, 12
    QCOMPARE(columnDecimals({0.0, std::nan("")}), 2);  // nothing to size by: 0.00
    ResultsTable table;
    QVERIFY(showSized(table, 800, 300));
    const QStringList modes{QStringLiteral("Keep"), QStringLiteral("Omit"), QStringLiteral("Only"),
                            QStringLiteral("Binary"), QStringLiteral("Null")};
    QList<QVariantList> rows;
    for (const QString& m : modes) rows << QVariantList{m, 0.065536, 2.097152};
    table.setTable({QStringLiteral("Prefill \\ Generation"), QStringLiteral("Keep"), QStringLiteral("Omit")}, rows);
    QCOMPARE(table.model()->data(table.model()->index(0, 1)).toString(), QStringLiteral("0.0655"));
    QCOMPARE(table.model()->data(table.model()->index(0, 2)).toString(), QStringLiteral("2.10"));
    // Rows in the given order, and no sort arrow claiming otherwise.
    QVERIFY(table.horizontalHeader()->sortIndicatorSection() < 0 ||
            table.horizontalHeader()->sortIndicatorSection() >= table.model()->columnCount());
    for (int r = 0; r < modes.size(); ++r)
        QCOMPARE(table.model()->data(table.model()->index(r, 0)).toString(), modes[r]);
    // Clicking a header sorts (and shows the arrow); a new result starts unsorted again.
    table.sortByColumn(0, Qt::AscendingOrder);
    QCOMPARE(table.model()->data(table.model()->index(0, 0)).toString(), QStringLiteral("Binary"));
    table.setTable({QStringLiteral("Prefill \\ Generation"), QStringLiteral("Keep"), QStringLiteral("Omit")}, rows);
    QCOMPARE(table.model()->data(table.model()->index(0, 0)).toString(), QStringLiteral("Keep"));

    // A head ranking: every cell of a column at that column's precision, numbers right-aligned, the
    // head names left-aligned, and a NaN estimate as a dash.
    rows.clear();
    const QStringList heads{QStringLiteral("L0.H0"), QStringLiteral("L1.H0"), QStringLiteral("L1.H1"),
                            QStringLiteral("L1.H2"), QStringLiteral("L1.H3"), QStringLiteral("L0.H1")};
    for (int i = 0; i < 6; ++i)
        rows << QVariantList{
            i + 1, heads[i], i == 5 ? -0.025 : 0.0, 0.075, i == 5 ? 0.1 : 0.075, i == 0 ? std::nan("") : 0.5 + i};
    table.setTable({QStringLiteral("Rank"), QStringLiteral("Head"), QStringLiteral("Importance"),
                    QStringLiteral("Baseline"), QStringLiteral("Ablated"), QStringLiteral("Attribution estimate")},
                   rows);
    auto cell = [&](int r, int c) { return table.model()->data(table.model()->index(r, c)).toString(); };
    QCOMPARE(cell(0, 2), QStringLiteral("0.0000"));
    QCOMPARE(cell(5, 2), QStringLiteral("−0.0250"));
    QCOMPARE(cell(0, 3), QStringLiteral("0.0750"));
    QCOMPARE(cell(0, 4), QStringLiteral("0.075"));
    QCOMPARE(cell(5, 4), QStringLiteral("0.100"));
    QCOMPARE(cell(0, 5), QStringLiteral("–"));
    QCOMPARE(cell(1, 5), QStringLiteral("1.50"));
    QCOMPARE(cell(5, 5), QStringLiteral("5.50"));
    for (int c : {0, 2, 3, 4, 5})
        QCOMPARE(
            table.model()->data(table.model()->index(1, c), Qt::TextAlignmentRole).toInt() & Qt::AlignHorizontal_Mask,
            int(Qt::AlignRight));
    QCOMPARE(table.model()->data(table.model()->index(1, 1), Qt::TextAlignmentRole).toInt() & Qt::AlignHorizontal_Mask,
             int(Qt::AlignLeft));
    // Sorted, the column keeps its precision.
    table.sortByColumn(2, Qt::AscendingOrder);
    QCOMPARE(cell(0, 2), QStringLiteral("−0.0250"));
    QCOMPARE(cell(1, 2), QStringLiteral("0.0000"));
    table.sortByColumn(-1, Qt::AscendingOrder);
    // The rank is the Rank column's alone (no row numbers beside it), and it is in the CSV and the copy.
    QVERIFY(!table.verticalHeader()->isVisible());
    QVERIFY(table.toCsv().split(QLatin1Char('\n')).value(1).startsWith(QStringLiteral("1,L0.H0,")));
    QVERIFY(table.toTsv(false).split(QLatin1Char('\n')).value(6).startsWith(QStringLiteral("6\tL0.H1\t")));
    // Columns as wide as their widest text (plus the cell's padding and the sort arrow's room), and the
    // spare width of the 800-pixel table to the right of the last column, not inside it.
    QCoreApplication::processEvents();
    const QFontMetrics fm(table.font()), hm(table.horizontalHeader()->font());
    for (int c = 0; c < table.model()->columnCount(); ++c) {
        int widest = hm.horizontalAdvance(table.model()->headerData(c, Qt::Horizontal).toString());
        for (int r = 0; r < table.model()->rowCount(); ++r) widest = std::max(widest, fm.horizontalAdvance(cell(r, c)));
        QVERIFY2(
            table.columnWidth(c) <= widest + 48,
            qPrintable(
                QStringLiteral("column %1: %2 px for %3 px of text").arg(c).arg(table.columnWidth(c)).arg(widest)));
    }
    const int last = table.model()->columnCount() - 1;
    QVERIFY(table.columnViewportPosition(last) + table.columnWidth(last) < table.viewport()->width() - 100);
}

void TestPlotStates::signedHeadScoresUseDivergingPalette() {
    // Importance (baseline − ablated) from -0.351 to 0.44, set without the "differences" flag.
    HeadBoard board;
    board.setShape(2, 3);
    board.setColorPalette(Palette::Viridis);
    board.setScores({-0.351, 0.0, 0.44, 0.1, 0.2, 0.3}, QStringLiteral("importance"));
    QVERIFY(board.model()->scoresAreDifferences());
    QVERIFY(showSized(board, 400, 300));
    const QImage img = board.grab().toImage();
    // 0 is the diverging map's neutral middle, -0.351 is on its blue side (range ±0.44).
    const QColor zero = img.pixelColor(board.cellRect(0, 1).center());
    QVERIFY2(zero.red() > 225 && zero.green() > 225 && zero.blue() > 225, qPrintable(zero.name()));
    const QColor negative = img.pixelColor(board.cellRect(0, 0).center());
    QVERIFY2(negative.blue() > negative.red() + 60, qPrintable(negative.name()));
    // Scores of one sign keep the sequential palette.
    board.setScores({0.0, 0.1, 0.2, 0.3, 0.4, 0.5}, QStringLiteral("entropy"));
    QVERIFY(!board.model()->scoresAreDifferences());
}

void TestPlotStates::maskedTokensReadableInBothPalettes() {
    // The WCAG 2 contrast ratio against its published values: 21:1 black on white, 4.48:1 for #777 on
    // white (the classic "just fails AA" grey), 1:1 for a colour on itself.
    QVERIFY(std::abs(contrastRatio(Qt::black, Qt::white) - 21.0) < 1e-9);
    QVERIFY(std::abs(contrastRatio(QColor(0x77, 0x77, 0x77), Qt::white) - 4.48) < 0.01);
    QVERIFY(std::abs(contrastRatio(QColor(30, 30, 32), QColor(30, 30, 32)) - 1.0) < 1e-12);
    // The studio's dark palette: base (30, 30, 32), text (230, 230, 230); and a light one.
    QPalette dark;
    dark.setColor(QPalette::Base, QColor(30, 30, 32));
    dark.setColor(QPalette::Window, QColor(45, 45, 48));
    dark.setColor(QPalette::Text, QColor(230, 230, 230));
    QPalette light;
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Window, QColor(239, 239, 239));
    light.setColor(QPalette::Text, Qt::black);
    for (const QPalette& palette : {dark, light}) {
        MaskEditor editor;
        editor.setPalette(palette);
        MaskSample s;
        s.tokens = {
            QStringLiteral("Question"), QStringLiteral("?"),      QStringLiteral("\n"),   QStringLiteral("A"),
            QStringLiteral("Saturn"),   QStringLiteral("\n"),     QStringLiteral("B"),    QStringLiteral("Mars"),
            QStringLiteral("\n"),       QStringLiteral("Answer"), QStringLiteral("C"),    QStringLiteral("Venus"),
            QStringLiteral("\n"),       QStringLiteral("D"),      QStringLiteral("Moon"), QStringLiteral("\n")};
        s.segments = {{3, 5}, {6, 8}, {10, 12}, {13, 15}};
        s.summaryTokens = {5, 8, 12, 15};
        s.keys = {5, 8, 12, 15};  // everything else masked
        editor.setSample(s);
        QVERIFY(showSized(editor, 420, editor.heightForWidth(420)));
        const QImage img = editor.grab().toImage();
        for (int i : {0, 4, 7, 11, 14}) {  // on the base and on each option's chip
            QVERIFY(editor.isMasked(i));
            const QColor bg = editor.tokenBackground(i);
            // Body-text contrast (4.5:1), well above the 3:1 floor: struck through and antialiased, a
            // 3:1 grey is barely readable on a dark chip.
            QVERIFY2(contrastRatio(editor.maskedTextColor(i), bg) >= 4.5,
                     qPrintable(
                         QStringLiteral("token %1: %2 on %3").arg(i).arg(editor.maskedTextColor(i).name(), bg.name())));
            QVERIFY2(contrastRatio(editor.maskedTextColor(i), bg) < contrastRatio(palette.color(QPalette::Text), bg),
                     "a masked token is dimmer than a kept one");
            // As drawn: the strongest pixel of the struck-through text reaches 4:1 against the chip.
            const QRect r = editor.tokenRect(i).adjusted(2, 2, -2, -2);
            const QColor drawnBg = img.pixelColor(r.topLeft());
            double best = 1.0;
            for (int y = r.top(); y <= r.bottom(); ++y)
                for (int x = r.left(); x <= r.right(); ++x)
                    best = std::max(best, contrastRatio(img.pixelColor(x, y), drawnBg));
            QVERIFY2(best >= 4.0, qPrintable(QStringLiteral("token %1 drawn at %2:1").arg(i).arg(best)));
        }
    }
}

GNA_GUI_TEST_MAIN(TestPlotStates)
#include "tst_plot_states.moc"
