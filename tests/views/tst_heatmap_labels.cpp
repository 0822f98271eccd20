// Heatmap labels measured on the drawn map: key and query labels with their positions, a slanted key
// label's distance from its neighbours at the main window's map sizes, and the Gather/Aggregate pair's
// titles wrapped to their columns and lined up.
#include <QTest>
#include <cmath>
#include <qcustomplot.h>

#include "attention_heatmap.h"
#include "gather_aggregate_pair.h"
#include "views/view_test_util.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::views;

class TestHeatmapLabels : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void slantedKeyLabelsKeepTheirDistance_data();
    void slantedKeyLabelsKeepTheirDistance();
    void pairTitlesWrapAndLineUp();
    void titleSaysWhatTheScaleDraws();
    void titleTellsRepeatedKeysApart();
};

void TestHeatmapLabels::slantedKeyLabelsKeepTheirDistance_data() {
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("tokens");
    QTest::newRow("tall, 99 tokens") << QSize(320, 700) << 99;
    // One of the pair's maps in a 1024x640 and a 1600x1000 window (the main view's screenshots).
    QTest::newRow("1024x640, 29 tokens") << QSize(330, 445) << 29;
    QTest::newRow("1024x640, 99 tokens") << QSize(330, 445) << 99;
    QTest::newRow("1600x1000, 29 tokens") << QSize(600, 780) << 29;
    QTest::newRow("1600x1000, 99 tokens") << QSize(600, 780) << 99;
}

void TestHeatmapLabels::slantedKeyLabelsKeepTheirDistance() {
    // Many short key tokens ("wit", "h", ":"): labels slanted by 60° need their height / sin 60°
    // between neighbouring ticks, plus a gap. Each label on either axis names its token's position
    // first ("12 :"), so that a one-character key token says where in the prompt it is.
    QFETCH(QSize, size);
    QFETCH(int, tokens);
    HeatmapData d;
    d.rows = d.cols = tokens;
    d.values.assign(std::size_t(tokens) * std::size_t(tokens), 0.01f);
    for (int i = 0; i < tokens; ++i) {
        d.rowLabels << QStringLiteral("wit");
        d.colLabels << (i % 3 == 0 ? QStringLiteral("wit") : i % 3 == 1 ? QStringLiteral("h") : QStringLiteral(":"));
        d.rowPositions << i;
    }
    AttentionHeatmap map;
    QVERIFY(showSized(map, size.width(), size.height()));
    map.setData(d);
    map.plot()->replot();
    const QVector<double> ticks = map.plot()->xAxis->tickVector();
    QVERIFY(ticks.size() >= 2);
    const double need = QFontMetrics(map.plot()->xAxis->tickLabelFont()).height() / std::sin(M_PI / 3.0) + 2.0;
    for (int i = 1; i < ticks.size(); ++i) {
        const double apart = map.plot()->xAxis->coordToPixel(ticks[i]) - map.plot()->xAxis->coordToPixel(ticks[i - 1]);
        QVERIFY2(apart >= need, qPrintable(QStringLiteral("ticks %1 px apart, need %2").arg(apart).arg(need)));
    }
    // Query labels: a line each, apart by at least the text's height.
    const QVector<double> rowTicks = map.plot()->yAxis->tickVector();
    const int lineHeight = QFontMetrics(map.plot()->yAxis->tickLabelFont()).height();
    for (int i = 1; i < rowTicks.size(); ++i)
        QVERIFY(std::abs(map.plot()->yAxis->coordToPixel(rowTicks[i]) -
                         map.plot()->yAxis->coordToPixel(rowTicks[i - 1])) >= lineHeight);
    // Both axes: "position token", the position being the tick's (every key from the prompt's start).
    for (QCPAxis* axis : {map.plot()->xAxis, map.plot()->yAxis}) {
        const QVector<double> t = axis->tickVector();
        const QVector<QString> labels = axis->tickVectorLabels();
        QCOMPARE(labels.size(), t.size());
        for (int i = 0; i < t.size(); ++i) {
            const int k = qRound(t[i]);
            const QString token = axis == map.plot()->yAxis ? QStringLiteral("wit") : d.colLabels[k];
            QCOMPARE(labels[i], QStringLiteral("%1 %2").arg(k).arg(token));
        }
    }
    // The slanted labels leave the map most of the widget's height.
    QVERIFY2(map.plot()->axisRect()->height() >= size.height() / 2,
             qPrintable(QString::number(map.plot()->axisRect()->height())));
}

namespace {
// An n x n map whose title states the last row's statistics with `key` as the heaviest key token.
HeatmapData titledMap(const QString& head, const QString& key) {
    HeatmapData d;
    d.title = head;
    d.rows = d.cols = 4;
    d.values.assign(16, 0.0f);
    for (int r = 0; r < 4; ++r) {
        d.rowLabels << QStringLiteral("q%1").arg(r);
        d.colLabels << (r == 2 ? key : QStringLiteral("k%1").arg(r));
        for (int c = 0; c <= r; ++c) d.values[r * 4 + c] = 1.0f / float(r + 1);
    }
    d.hiddenAttention = true;
    d.lastRow = RowStats{2.45, 0.18, 2, true};
    return d;
}
}  // namespace

// Side by side in a narrow pair, each map's title (head, then the last row's statistics) wraps to its own
// column: every line fits the width it is drawn in, nothing is elided; the map with the longer title gets
// more lines, and both maps still start at the same height.
void TestHeatmapLabels::pairTitlesWrapAndLineUp() {
    GatherAggregatePair pair;
    QVERIFY(showSized(pair, 620, 460));
    pair.setMaps(titledMap(QStringLiteral("Gather L1.S0"), QStringLiteral("a rather long key token, with words")),
                 titledMap(QStringLiteral("Aggregate L3.S2"), QStringLiteral("k")));
    gna::testing::waitForLayout(pair);  // the pair lines its maps up after the event loop ran once
    int lines[2] = {0, 0};
    int i = 0;
    for (AttentionHeatmap* map : {pair.gather(), pair.aggregate()}) {
        map->plot()->replot();
        auto* title = qobject_cast<QCPTextElement*>(map->plot()->plotLayout()->element(0, 0));
        QVERIFY(title);
        QCOMPARE(title->text(), map->titleText());
        QVERIFY2(!title->text().contains(QChar(0x2026)), qPrintable(title->text()));  // nothing elided
        const QFontMetrics fm(title->font());
        const QStringList parts = title->text().split(QLatin1Char('\n'));
        for (const QString& line : parts)
            QVERIFY2(fm.horizontalAdvance(line) <= title->outerRect().width(),
                     qPrintable(QStringLiteral("“%1”: %2 px in %3")
                                    .arg(line)
                                    .arg(fm.horizontalAdvance(line))
                                    .arg(title->outerRect().width())));
        lines[i++] = int(parts.size());
    }
    QVERIFY2(lines[0] > lines[1] && lines[1] >= 2,
             qPrintable(QStringLiteral("%1 and %2 lines").arg(lines[0]).arg(lines[1])));
    QTRY_COMPARE(pair.gather()->plot()->axisRect()->top(), pair.aggregate()->plot()->axisRect()->top());
    // A difference's title (no statistics) wraps to its column too, not clipped at both ends.
    HeatmapData d = titledMap(QStringLiteral("Gather L0.S0: unchanged by the ablation"), QStringLiteral("k"));
    d.isDifference = true;
    d.lastRow.reset();
    pair.setMaps(d, d);
    gna::testing::waitForLayout(pair);
    pair.gather()->plot()->replot();
    auto* title = qobject_cast<QCPTextElement*>(pair.gather()->plot()->plotLayout()->element(0, 0));
    QVERIFY(title && title->text().contains(QLatin1Char('\n')));
    QCOMPARE(title->text().split(QLatin1Char('\n')).join(QLatin1Char(' ')), d.title);
    for (const QString& line : title->text().split(QLatin1Char('\n')))
        QVERIFY2(QFontMetrics(title->font()).horizontalAdvance(line) <= title->outerRect().width(), qPrintable(line));
}

// The title and the colour scale of a map describe the same values. A hidden-attention map with negative
// cells: a scale through 0 and a title that says the colour is the signed a (its statistics of |a| / Σ|a|);
// one without negative cells: a scale from 0 and a title whose formula has no magnitudes; a softmax map:
// neither. The sign is read from the values here, not from the map.
void TestHeatmapLabels::titleSaysWhatTheScaleDraws() {
    AttentionHeatmap map;
    QVERIFY(showSized(map, 600, 700));
    for (const float low : {-0.05f, 0.0f}) {
        HeatmapData d = titledMap(QStringLiteral("Gather L0.S0"), QStringLiteral("k"));
        d.values[3 * 4 + 1] = low;  // the last row: 0.25, low, 0.25, 0.25
        float least = 0.0f;
        for (const float v : d.values) least = std::min(least, v);
        map.setData(d);
        map.plot()->replot();
        const QString title = map.titleText().split(QLatin1Char('\n')).mid(1).join(QLatin1Char(' '));
        const double scaleLow = map.colorScale()->dataRange().lower;
        const QString where = QStringLiteral("least value %1, scale from %2: %3").arg(least).arg(scaleLow).arg(title);
        QVERIFY2((least < 0.0f) == (scaleLow < 0.0), qPrintable(where));
        QVERIFY2(title.contains(QStringLiteral("signed")) == (least < 0.0f), qPrintable(where));
        QVERIFY2(title.contains(QStringLiteral("|a| / Σ|a|")) == (least < 0.0f), qPrintable(where));
        QVERIFY2(title.contains(QStringLiteral("a / Σa")) == (least >= 0.0f), qPrintable(where));
    }
    HeatmapData softmax = titledMap(QStringLiteral("Gather L0.H0"), QStringLiteral("k"));
    softmax.hiddenAttention = false;
    softmax.lastRow->magnitudes = false;
    map.setData(softmax);
    QVERIFY2(map.colorScale()->dataRange().lower >= 0.0 && !map.titleText().contains(QStringLiteral("Σ")) &&
                 !map.titleText().contains(QStringLiteral("signed")),
             qPrintable(map.titleText()));
}

// The title names the key the last row's maximum falls on; a token the row holds more than once (the
// newline of every dictionary line) is named with the tokens before it, so that a reader knows which one.
void TestHeatmapLabels::titleTellsRepeatedKeysApart() {
    const QStringList labels = {QStringLiteral("dictionary"), QStringLiteral(":"), QStringLiteral("⏎"),
                                QStringLiteral("candle"),     QStringLiteral(":88"), QStringLiteral("⏎"),
                                QStringLiteral("␣is")};
    QCOMPARE(AttentionHeatmap::keyName(labels, 2), QStringLiteral("“⏎” after “dictionary:”"));
    QCOMPARE(AttentionHeatmap::keyName(labels, 5), QStringLiteral("“⏎” after “candle:88”"));
    QCOMPARE(AttentionHeatmap::keyName(labels, 3), QStringLiteral("“candle”"));  // only once: its name alone
    QCOMPARE(AttentionHeatmap::keyName(labels, 9), QString());
    AttentionHeatmap map;
    QVERIFY(showSized(map, 900, 700));
    HeatmapData d;
    d.title = QStringLiteral("Aggregate L2.H2");
    d.rows = d.cols = static_cast<int>(labels.size());
    d.rowLabels = d.colLabels = labels;
    d.values.assign(static_cast<std::size_t>(d.rows * d.cols), 0.0f);
    for (int r = 0; r < d.rows; ++r) d.values[static_cast<std::size_t>(r * d.cols)] = 1.0f;
    d.values[static_cast<std::size_t>((d.rows - 1) * d.cols)] = 0.1f;
    d.values[static_cast<std::size_t>((d.rows - 1) * d.cols + 2)] = 0.9f;  // the header line's newline
    d.lastRow = RowStats{0.47, 0.9, 2, false};
    map.setData(d);
    map.plot()->replot();
    const QString title = map.titleText().simplified();
    QVERIFY2(title.contains(QStringLiteral("max 0.90 on “⏎” after “dictionary:”")), qPrintable(title));
}

GNA_GUI_TEST_MAIN(TestHeatmapLabels)
#include "tst_heatmap_labels.moc"
