// HeadBoard: its model under QAbstractItemModelTester, and the real widget driven by simulated
// mouse and keyboard input (click, arrows + Space, rectangle drag), undo/redo and merging.
#include <QAbstractItemModelTester>
#include <QApplication>
#include <QHelpEvent>
#include <QScrollArea>
#include <QScrollBar>
#include <QToolTip>
#include <QSignalSpy>
#include <QSet>
#include <QTest>
#include <cmath>
#include <tuple>

#include "head_board.h"
#include "head_board_legend.h"
#include "views/view_test_util.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::views;

class TestHeadBoard : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void modelPassesTester();
    void modelRolesAndNames();
    void clickTogglesExactlyThatHead();
    void keyboardToggles();
    void undoRedo();
    void rapidTogglesMerge();
    void rectangleSelection();
    void ablateLayerAndInvert();
    void mixedBoardHoldsBothKinds();
    void everyColumnLabelWhereItFits();
    void shownHeadsAreMarked();
    void smallCellsShowColourUnderTheirMark();
    void ssmMarkReadsOnEveryColour_data();
    void ssmMarkReadsOnEveryColour();
    void overviewShowsEveryHead_data();
    void overviewShowsEveryHead();
    void estimatesKeepAScaleOfTheirOwn_data();
    void estimatesKeepAScaleOfTheirOwn();

private:
    void showBoard(HeadBoard& board, int layers, int heads) {
        board.setShape(layers, heads);
        QVERIFY(showSized(board, 500, 360));
    }
};

void TestHeadBoard::modelPassesTester() {
    HeadBoardModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setShape(4, 6);
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(model.columnCount(), 6);
    std::vector<double> scores(24);
    for (int i = 0; i < 24; ++i) scores[i] = i * 0.5;
    model.setScores(scores, QStringLiteral("importance"));
    QVERIFY(model.setData(model.index(1, 2), Qt::Checked, Qt::CheckStateRole));
    QVERIFY(!model.setData(model.index(1, 2), QStringLiteral("x"), Qt::EditRole));
    model.setShape(2, 3);
    QCOMPARE(model.rowCount(), 2);
    QVERIFY(model.ablatedHeads().isEmpty());
}

void TestHeadBoard::modelRolesAndNames() {
    HeadBoardModel model;
    model.setShape(18, 32);
    std::vector<double> scores(18 * 32, std::nan(""));
    scores[17 * 32 + 24] = 0.75;
    model.setScores(scores, QStringLiteral("importance"));
    const QModelIndex i = model.index(17, 24);
    QCOMPARE(model.data(i, HeadBoardModel::NameRole).toString(), QStringLiteral("L17.H24"));
    QCOMPARE(model.data(i, HeadBoardModel::ScoreRole).toDouble(), 0.75);
    QVERIFY(!model.data(model.index(0, 0), HeadBoardModel::ScoreRole).isValid());
    QCOMPARE(model.headerData(3, Qt::Vertical).toString(), QStringLiteral("L3"));
    QCOMPARE(model.headerData(5, Qt::Horizontal).toString(), QStringLiteral("H5"));
    QVERIFY(model.data(i, Qt::ToolTipRole).toString().contains(QStringLiteral("L17.H24")));
}

void TestHeadBoard::clickTogglesExactlyThatHead() {
    HeadBoard board;
    showBoard(board, 4, 6);
    QSignalSpy toggled(&board, &HeadBoard::headToggled);
    QSignalSpy plan(&board, &HeadBoard::planChanged);
    const QRect r = board.cellRect(2, 3);
    QVERIFY(board.rect().contains(r));
    QTest::mouseClick(&board, Qt::LeftButton, {}, r.center());
    QCOMPARE(toggled.count(), 1);
    QCOMPARE(toggled.at(0).at(0).toInt(), 2);
    QCOMPARE(toggled.at(0).at(1).toInt(), 3);
    QCOMPARE(toggled.at(0).at(2).toBool(), true);
    QCOMPARE(plan.count(), 1);
    const HeadCells ablated = board.ablatedHeads();
    QCOMPARE(ablated.size(), 1);
    QCOMPARE(ablated.front().name(), QStringLiteral("L2.H3"));
    // Second click on the same cell restores it.
    QTest::mouseClick(&board, Qt::LeftButton, {}, r.center());
    QVERIFY(board.ablatedHeads().isEmpty());
    QCOMPARE(toggled.count(), 2);
    QCOMPARE(toggled.at(1).at(2).toBool(), false);
    // A click on a neighbouring cell toggles that one, not (2,3).
    QTest::mouseClick(&board, Qt::LeftButton, {}, board.cellRect(0, 5).center());
    QCOMPARE(board.ablatedHeads().size(), 1);
    QCOMPARE(board.ablatedHeads().front().name(), QStringLiteral("L0.H5"));
}

void TestHeadBoard::keyboardToggles() {
    HeadBoard board;
    showBoard(board, 4, 6);
    board.setFocus();
    QSignalSpy toggled(&board, &HeadBoard::headToggled);
    QTest::keyClick(&board, Qt::Key_Right);
    QTest::keyClick(&board, Qt::Key_Right);
    QTest::keyClick(&board, Qt::Key_Down);
    QCOMPARE(board.currentHead().name(), QStringLiteral("L1.H2"));
    QTest::keyClick(&board, Qt::Key_Space);
    QCOMPARE(toggled.count(), 1);
    QVERIFY(board.model()->isAblated(1, 2));
    // Arrows stop at the edges.
    for (int i = 0; i < 10; ++i) QTest::keyClick(&board, Qt::Key_Up);
    QCOMPARE(board.currentHead().layer, 0);
}

void TestHeadBoard::undoRedo() {
    HeadBoard board;
    showBoard(board, 3, 3);
    board.setMergeInterval(0);
    board.toggleHead(0, 0);
    board.toggleHead(2, 1);
    QCOMPARE(board.ablatedHeads().size(), 2);
    QCOMPARE(board.undoStack()->count(), 2);
    board.undoStack()->undo();
    QCOMPARE(board.ablatedHeads().size(), 1);
    QVERIFY(board.model()->isAblated(0, 0));
    board.undoStack()->undo();
    QVERIFY(board.ablatedHeads().isEmpty());
    board.undoStack()->redo();
    QVERIFY(board.model()->isAblated(0, 0));
    QVERIFY(!board.model()->isAblated(2, 1));
    // Ctrl+Z from the keyboard.
    board.setFocus();
    QTest::keySequence(&board, QKeySequence::Undo);
    QVERIFY(board.ablatedHeads().isEmpty());
}

void TestHeadBoard::rapidTogglesMerge() {
    HeadBoard board;
    showBoard(board, 3, 3);
    board.setMergeInterval(60000);
    board.toggleHead(0, 0);
    board.toggleHead(1, 1);
    board.toggleHead(2, 2);
    QCOMPARE(board.undoStack()->count(), 1);
    QCOMPARE(board.ablatedHeads().size(), 3);
    board.undoStack()->undo();
    QVERIFY(board.ablatedHeads().isEmpty());
    board.undoStack()->redo();
    QCOMPARE(board.ablatedHeads().size(), 3);

    // A head toggled twice within the burst is back where it was: the merged command names only the
    // heads it changes (a hybrid board's clicks on an attention head and an SSM head, then the SSM
    // head again, left "Toggle 2 head(s)" with one head ablated).
    board.undoStack()->clear();
    board.setAblatedHeads({});
    QTest::mouseClick(&board, Qt::LeftButton, {}, board.cellRect(1, 1).center());
    QTest::mouseClick(&board, Qt::LeftButton, {}, board.cellRect(0, 2).center());
    QTest::mouseClick(&board, Qt::LeftButton, {}, board.cellRect(0, 2).center());
    QCOMPARE(board.ablatedHeads(), (HeadCells{{1, 1, false}}));
    QCOMPARE(board.undoStack()->count(), 1);
    QCOMPARE(board.undoStack()->undoText(), QStringLiteral("Toggle L1.H1"));
    board.undoStack()->undo();
    QVERIFY(board.ablatedHeads().isEmpty());
}

void TestHeadBoard::rectangleSelection() {
    HeadBoard board;
    showBoard(board, 4, 6);
    QTest::mousePress(&board, Qt::LeftButton, {}, board.cellRect(1, 1).center());
    QTest::mouseMove(&board, board.cellRect(2, 2).center());
    QTest::mouseMove(&board, board.cellRect(2, 3).center());
    QTest::mouseRelease(&board, Qt::LeftButton, {}, board.cellRect(2, 3).center());
    QCOMPARE(board.selection(), QRect(QPoint(1, 1), QPoint(3, 2)));
    QVERIFY(board.ablatedHeads().isEmpty());  // a drag selects, it does not toggle
    board.setFocus();
    QTest::keyClick(&board, Qt::Key_Space);
    const HeadCells ablated = board.ablatedHeads();
    QCOMPARE(ablated.size(), 6);
    for (const HeadCell& c : ablated) {
        QVERIFY(c.layer >= 1 && c.layer <= 2);
        QVERIFY(c.head >= 1 && c.head <= 3);
    }
    // Space again restores the whole selection.
    QTest::keyClick(&board, Qt::Key_Space);
    QVERIFY(board.ablatedHeads().isEmpty());
}

void TestHeadBoard::ablateLayerAndInvert() {
    HeadBoard board;
    showBoard(board, 3, 4);
    QSignalSpy plan(&board, &HeadBoard::planChanged);
    board.ablateLayer(1);
    QCOMPARE(plan.count(), 1);
    QCOMPARE(board.ablatedHeads().size(), 4);
    for (const HeadCell& c : board.ablatedHeads()) QCOMPARE(c.layer, 1);
    board.invert();
    QCOMPARE(board.ablatedHeads().size(), 8);
    QVERIFY(!board.model()->isAblated(1, 0));
    board.undoStack()->undo();
    board.undoStack()->undo();
    QVERIFY(board.ablatedHeads().isEmpty());
}

// A hybrid's board: 2 attention columns then 3 SSM columns; layer 1 has no attention head, layer 2 one
// attention head and two SSM heads. Names, columns, clicks, keys and the plan follow the kind of each column.
void TestHeadBoard::mixedBoardHoldsBothKinds() {
    HeadBoard board;
    board.setMixedShape(3, 2, 3, {2, 0, 1}, {3, 3, 2});
    QVERIFY(showSized(board, 500, 360));
    HeadBoardModel* m = board.model();
    QAbstractItemModelTester tester(m, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QVERIFY(m->mixed() && !m->ssm());
    QCOMPARE(m->heads(), 5);
    const bool has[3][5] = {
        {true, true, true, true, true}, {false, false, true, true, true}, {true, false, true, true, false}};
    for (int l = 0; l < 3; ++l)
        for (int c = 0; c < 5; ++c) {
            QCOMPARE(m->contains(l, c), has[l][c]);
            const HeadCell cell = m->cell(l, c);
            QCOMPARE(cell, (HeadCell{l, c < 2 ? c : c - 2, c >= 2}));
            QCOMPARE(m->column(cell), has[l][c] ? c : -1);
        }
    QCOMPARE(m->headerData(1, Qt::Horizontal).toString(), QStringLiteral("H1"));
    QCOMPARE(m->headerData(4, Qt::Horizontal).toString(), QStringLiteral("S2"));
    QCOMPARE(m->data(m->index(2, 3), HeadBoardModel::NameRole).toString(), QStringLiteral("L2.S1"));
    QVERIFY(m->data(m->index(2, 3), Qt::ToolTipRole).toString().contains(QStringLiteral("SSM")));
    QCOMPARE(m->column(HeadCell{0, 2, false}), -1);  // no attention head 2 on this board
    QSignalSpy plan(&board, &HeadBoard::planChanged);
    QTest::mouseClick(&board, Qt::LeftButton, {}, board.cellRect(1, 3).center());  // L1.S1
    QTest::mouseClick(&board, Qt::LeftButton, {}, board.cellRect(0, 1).center());  // L0.H1
    QTest::mouseClick(&board, Qt::LeftButton, {}, board.cellRect(1, 0).center());  // no head: nothing
    bool ok = false;
    QCOMPARE(board.cellAt(board.cellRect(1, 3).center(), &ok), (HeadCell{1, 1, true}));
    QVERIFY(ok);
    QCOMPARE(plan.size(), 2);
    HeadCells ablated = board.ablatedHeads();
    std::sort(ablated.begin(), ablated.end());
    QCOMPARE(ablated, (HeadCells{{0, 1, false}, {1, 1, true}}));
    // Right from layer 2's only attention head steps over the cell that is no head to SSM head 0; Down from
    // L1.S2 steps over layer 2's missing S2; Space switches S0 off.
    // A board whose first layer has no attention head (a hybrid starting with a Mamba layer): the
    // keyboard starts on that layer's SSM head, not on the hatched L0.H0.
    HeadBoard mamba0;
    mamba0.setMixedShape(2, 2, 1, {0, 2}, {1, 1});
    QCOMPARE(mamba0.currentHead(), (HeadCell{0, 0, true}));
    board.setFocus();
    board.setCurrentHead(1, 4);
    QTest::keyClick(&board, Qt::Key_Down);
    QCOMPARE(board.currentHead(), (HeadCell{1, 2, true}));  // nothing below: stays
    board.setCurrentHead(2, 0);
    QTest::keyClick(&board, Qt::Key_Right);
    QCOMPARE(board.currentHead(), (HeadCell{2, 0, true}));
    QTest::keyClick(&board, Qt::Key_Right);
    QCOMPARE(board.currentHead(), (HeadCell{2, 1, true}));
    QTest::keyClick(&board, Qt::Key_Left);
    QCOMPARE(board.currentHead(), (HeadCell{2, 0, true}));
    QTest::keyClick(&board, Qt::Key_Space);
    QVERIFY(m->isAblated(2, 2));
    // Replacing the plan with heads of both kinds (a workspace) and undoing a click.
    board.setAblatedHeads({{2, 1, true}, {0, 0, false}});
    QVERIFY(m->isAblated(2, 3) && m->isAblated(0, 0) && !m->isAblated(1, 3));
    board.toggleHead(0, 4);
    QVERIFY(m->isAblated(0, 4));
    board.undoStack()->undo();
    QVERIFY(!m->isAblated(0, 4));
    std::vector<double> scores(15, std::nan(""));
    scores[2 * 5 + 3] = 0.5;
    scores[0 * 5 + 1] = 2.0;
    m->setScores(scores, QStringLiteral("entropy"));
    QCOMPARE(m->score(2, 3), 0.5);
    QCOMPARE(m->score(0, 1), 2.0);
    QVERIFY(!board.grab().isNull());
}

// A hybrid's board (4 attention and 8 SSM heads): every column labelled where the cells hold the widest
// label, and on a narrow board labels thinned only as far as needed so that none touches the next.
void TestHeadBoard::everyColumnLabelWhereItFits() {
    HeadBoard board;
    board.setMixedShape(4, 4, 8, {4, 4, 4, 4}, {8, 8, 8, 8});
    const QFontMetrics fm(board.font());
    const int widest = std::max(fm.horizontalAdvance(QStringLiteral("H3")), fm.horizontalAdvance(QStringLiteral("S7")));
    board.resize(board.sizeHint());
    board.show();
    QVERIFY(QTest::qWaitForWindowExposed(&board));
    const int wide = board.cellRect(0, 1).left() - board.cellRect(0, 0).left();
    QVERIFY2(wide >= widest + 3, "the size hint's cells hold a label");
    QStringList all;
    for (const auto& c : board.columnLabels()) all << c.text;
    QCOMPARE(all, (QStringList{"H0", "H1", "H2", "H3", "S0", "S1", "S2", "S3", "S4", "S5", "S6", "S7"}));
    board.resize(board.minimumSizeHint());
    gna::testing::waitForLayout(board);
    const int narrow = board.cellRect(0, 1).left() - board.cellRect(0, 0).left();
    QCOMPARE(narrow, HeadBoard::minimumCellSize());
    const auto thin = board.columnLabels();
    QVERIFY(!thin.isEmpty());
    for (int i = 1; i < thin.size(); ++i)
        QVERIFY2(thin[i].left >= thin[i - 1].left + fm.horizontalAdvance(thin[i - 1].text) + 3,
                 qPrintable(thin[i].text));
    // Thinned only when needed, group by group: the SSM heads' labels all shown where "S0".."S7" fit.
    const int widestS = fm.horizontalAdvance(QStringLiteral("S7")),
              widestH = fm.horizontalAdvance(QStringLiteral("H3"));
    int shownS = 0, shownH = 0;
    for (const auto& c : thin) (c.text.startsWith(QLatin1Char('S')) ? shownS : shownH)++;
    QCOMPARE(shownS == 8, narrow >= widestS + 3);
    QCOMPARE(shownH == 4, narrow >= widestH + 3);
}

void TestHeadBoard::shownHeadsAreMarked() {
    // The maps show L1.H3 (Gather) and L2.H2 (Aggregate): the board marks exactly those cells, drawn
    // (a box of the text colour in the cell's lower left corner, on a cell otherwise the base colour),
    // the keyboard starts on the Gather head, and the legend explains the marks.
    HeadBoard board;
    QPalette light;
    light.setColor(QPalette::Base, Qt::white);
    light.setColor(QPalette::Window, Qt::white);
    light.setColor(QPalette::Text, Qt::black);
    light.setColor(QPalette::Button, Qt::white);  // the colour of a cell without a score
    board.setPalette(light);
    HeadBoardLegend legend(&board);
    showBoard(board, 3, 4);
    QVERIFY(!legend.text().contains(QStringLiteral("shown")));
    QSignalSpy changed(&board, &HeadBoard::displayedHeadsChanged);
    board.setDisplayedHeads(HeadCell{1, 3, false}, HeadCell{2, 2, false});
    QCOMPARE(changed.size(), 1);
    QCOMPARE(board.displayedGather(), QPoint(3, 1));
    QCOMPARE(board.displayedAggregate(), QPoint(2, 2));
    QCOMPARE(board.currentHead().name(), QStringLiteral("L1.H3"));
    QVERIFY(legend.text().contains(QStringLiteral("G, A = shown heads")));
    QVERIFY(!legend.text().contains(QStringLiteral("no head")));
    const QImage img = board.grab().toImage();
    auto marked = [&](int layer, int head) {
        const QRect r = board.cellRect(layer, head);
        return img.pixelColor(r.left() + 3, r.bottom() - 3) == QColor(Qt::black);
    };
    for (int l = 0; l < 3; ++l)
        for (int h = 0; h < 4; ++h) {
            const bool shown = (l == 1 && h == 3) || (l == 2 && h == 2);
            QVERIFY2(marked(l, h) == shown, qPrintable(board.model()->cell(l, h).name()));
            QCOMPARE(board.displayedMark(l, h),
                     l == 1 && h == 3       ? QStringLiteral("G")
                         : l == 2 && h == 2 ? QStringLiteral("A")
                                            : QString());
        }
    // One head shown as both; a head the board lacks is not marked.
    board.setDisplayedHeads(HeadCell{0, 1, false}, HeadCell{0, 1, false});
    QCOMPARE(board.displayedMark(0, 1), QStringLiteral("G A"));
    board.setDisplayedHeads(HeadCell{7, 0, false}, std::nullopt);
    QCOMPARE(board.displayedGather(), QPoint(-1, -1));
    QCOMPARE(board.displayedAggregate(), QPoint(-1, -1));
    QVERIFY(!legend.text().contains(QStringLiteral("shown")));
    // A new model's shape clears them; a hybrid's hatched cells get their legend entry.
    board.setDisplayedHeads(HeadCell{1, 1, false}, std::nullopt);
    board.setMixedShape(3, 2, 3, {2, 0, 1}, {3, 3, 2});
    QCOMPARE(board.displayedGather(), QPoint(-1, -1));
    QVERIFY(legend.text().contains(QStringLiteral("▨ = no head")));
    board.setDisplayedHeads(HeadCell{1, 2, true}, HeadCell{2, 0, false});  // L1.S2 is column 2 + 2
    QCOMPARE(board.displayedGather(), QPoint(4, 1));
    QCOMPARE(board.displayedAggregate(), QPoint(0, 2));
    QCOMPARE(board.currentHead().name(), board.model()->cell(1, 4).name());
}

void TestHeadBoard::smallCellsShowColourUnderTheirMark() {
    // At the smallest cells (a 1024 px window) a shown head's mark leaves most of the cell as it is
    // drawn unmarked (its colour, and the cross of an ablated head): compared pixel by pixel with the
    // same board showing other heads.
    HeadBoard board;
    board.setShape(4, 8);
    std::vector<double> scores(32);
    for (int i = 0; i < 32; ++i) scores[std::size_t(i)] = i;
    board.model()->setScores(scores, QStringLiteral("importance"));
    QVERIFY(showSized(board, 170, 95));  // a little less than 16-px cells need: they keep their minimum
    const int s = board.cellRect(0, 0).width();
    QCOMPARE(s, HeadBoard::minimumCellSize());
    board.toggleHead(1, 2);  // ablated Gather head L1.H2; Aggregate head L2.H5 not ablated
    QVERIFY(board.model()->isAblated(1, 2));
    board.setDisplayedHeads(HeadCell{3, 7, false}, HeadCell{3, 6, false});
    const QImage plain = board.grab().toImage().convertToFormat(QImage::Format_RGB32);
    board.setDisplayedHeads(HeadCell{1, 2, false}, HeadCell{2, 5, false});
    const QImage marked = board.grab().toImage().convertToFormat(QImage::Format_RGB32);
    for (const QPoint& c : {QPoint(2, 1), QPoint(5, 2)}) {
        const QRect r = board.cellRect(c.y(), c.x()).adjusted(0, 0, -1, -1);  // the cell's fill, without the gap
        QVERIFY(marked.rect().contains(r));
        int same = 0, cross = 0, crossKept = 0;
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x) {
                same += plain.pixel(x, y) == marked.pixel(x, y);
                if (plain.pixel(x, y) == qRgb(255, 255, 255)) {
                    ++cross;
                    crossKept += marked.pixel(x, y) == qRgb(255, 255, 255);
                }
            }
        const QString name = board.model()->cell(c.y(), c.x()).name();
        const int area = r.width() * r.height();
        QVERIFY2(same * 3 >= area * 2,
                 qPrintable(QStringLiteral("%1: %2 of %3 pixels as unmarked").arg(name).arg(same).arg(area)));
        if (c == QPoint(2, 1)) {
            QVERIFY2(cross >= s / 2, qPrintable(QStringLiteral("%1: no cross drawn (%2 px)").arg(name).arg(cross)));
            QVERIFY2(
                crossKept == cross,
                qPrintable(QStringLiteral("%1: %2 of the cross's %3 pixels left").arg(name).arg(crossKept).arg(cross)));
        }
        // The mark is still there: text-coloured pixels in the cell's lower left quarter.
        int dark = 0;
        for (int y = r.center().y(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.center().x(); ++x)
                dark += marked.pixel(x, y) == board.palette().color(QPalette::Text).rgb();
        QVERIFY2(dark >= 6, qPrintable(name + QStringLiteral(": no mark")));
    }
}

void TestHeadBoard::ssmMarkReadsOnEveryColour_data() {
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

// A hybrid's SSM cells carry a corner mark: on the darkest and the brightest cell of the colour map,
// ablated or not, the mark stands out from the cell at a contrast of at least 3:1 in either palette.
void TestHeadBoard::ssmMarkReadsOnEveryColour() {
    QFETCH(bool, dark);
    HeadBoard board;
    QPalette p;
    p.setColor(QPalette::Base, dark ? QColor(30, 30, 32) : Qt::white);
    p.setColor(QPalette::Window, dark ? QColor(45, 45, 48) : QColor(239, 239, 239));
    p.setColor(QPalette::Text, dark ? QColor(230, 230, 230) : QColor(20, 20, 20));
    board.setPalette(p);
    board.setMixedShape(2, 1, 2, {1, 1}, {2, 2});
    // Columns H0, S0, S1: the SSM heads span their own colour scale from 0 (darkest) to 1 (brightest).
    board.setScores({0.5, 0.0, 1.0, 0.5, 1.0, 0.0}, QStringLiteral("entropy"));
    board.setAblatedHeads({{1, 0, true}, {1, 1, true}});  // the same two colours under the ablation veil
    QVERIFY(showSized(board, 500, 360));
    board.setCurrentHead(0, 0);  // the keyboard's box on an attention head, away from the SSM cells
    const QImage img = board.grab().toImage();
    QCPColorGradient viridis = makeGradient(Palette::Viridis);  // color() is not const
    for (const auto& [layer, column, value] :
         {std::tuple{0, 1, 0.0}, std::tuple{0, 2, 1.0}, std::tuple{1, 1, 1.0}, std::tuple{1, 2, 0.0}}) {
        const QRect r = board.cellRect(layer, column);
        const QColor cell = img.pixelColor(r.left() + 3, r.bottom() - 3);
        if (layer == 0) QCOMPARE(cell, QColor::fromRgb(viridis.color(value, QCPRange(0, 1))));  // the colour map's end
        const QColor mark = img.pixelColor(r.right() - 2, r.top() + 1);
        const QString where = board.model()->cell(layer, column).name();
        QVERIFY2(contrastRatio(mark, cell) >= 3.0,
                 qPrintable(QStringLiteral("%1: mark %2 on cell %3, contrast %4")
                                .arg(where, mark.name(), cell.name())
                                .arg(contrastRatio(mark, cell))));
    }
}

void TestHeadBoard::overviewShowsEveryHead_data() {
    QTest::addColumn<int>("layers");
    QTest::addColumn<int>("heads");
    QTest::newRow("32 x 32 (Llama-3.1-8B)") << 32 << 32;
    QTest::newRow("64 x 64 (4,096 heads)") << 64 << 64;
}

// Issue 44: in the overview a 1,024- and a 4,096-head board fit a 380 x 320 pane at once (no scrolling), each
// cell at least overviewCellSize() pixels; a click toggles the head under it, the tooltip names it and its
// value, arrows move the current head; '+' zooms into its region (the usual cells, scrolled to it), '-' out.
void TestHeadBoard::overviewShowsEveryHead() {
    QFETCH(int, layers);
    QFETCH(int, heads);
    QScrollArea area;
    area.setWidgetResizable(true);
    auto* board = new HeadBoard;
    area.setWidget(board);
    board->setShape(layers, heads);
    std::vector<double> scores(std::size_t(layers * heads));
    for (std::size_t i = 0; i < scores.size(); ++i) scores[i] = double(i % 97) / 97.0;
    board->model()->setScores(scores, QStringLiteral("entropy (bits)"));
    QSignalSpy changed(board, &HeadBoard::overviewChanged);
    board->setOverview(true);
    QCOMPARE(changed.size(), 1);
    QVERIFY(showSized(area, 380, 320));
    gna::testing::waitForLayout(area);
    const QRect last = board->cellRect(layers - 1, heads - 1);
    QVERIFY2(last.width() >= HeadBoard::overviewCellSize(), qPrintable(QString::number(last.width())));
    QVERIFY(area.viewport()->rect().contains(board->mapTo(area.viewport(), last.bottomRight())));
    QVERIFY(!area.horizontalScrollBar()->isVisible() && !area.verticalScrollBar()->isVisible());

    const int l = layers / 2, h = heads / 3;
    QTest::mouseClick(board, Qt::LeftButton, {}, board->cellRect(l, h).center());
    QVERIFY(board->model()->isAblated(l, h));
    QCOMPARE(board->model()->ablatedHeads().size(), 1);
    const QPoint at = board->cellRect(l + 1, h).center();
    QHelpEvent help(QEvent::ToolTip, at, board->mapToGlobal(at));
    QApplication::sendEvent(board, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    const QString name = board->model()->cell(l + 1, h).name();
    QVERIFY2(QToolTip::text().contains(name), qPrintable(QToolTip::text()));
    QToolTip::hideText();

    board->setFocus();
    QCOMPARE(board->currentHead().name(), board->model()->cell(l, h).name());
    QTest::keyClick(board, Qt::Key_Right);
    QCOMPARE(board->currentHead().name(), board->model()->cell(l, h + 1).name());
    QTest::keyClick(board, Qt::Key_Plus);
    QVERIFY(!board->overview());
    QTRY_COMPARE(board->cellRect(0, 1).left() - board->cellRect(0, 0).left(), HeadBoard::minimumCellSize());
    QTRY_VERIFY(area.viewport()->rect().contains(board->mapTo(area.viewport(), board->cellRect(l, h + 1).center())));
    QTRY_VERIFY(area.horizontalScrollBar()->isVisible());
    QTest::keyClick(board, Qt::Key_Minus);
    QVERIFY(board->overview());
    QCOMPARE(changed.size(), 3);
}

void TestHeadBoard::estimatesKeepAScaleOfTheirOwn_data() {
    QTest::addColumn<bool>("dark");
    QTest::newRow("light") << false;
    QTest::newRow("dark") << true;
}

// Issue 44: exact drops of at most 0.03 and estimates of -112..149 on one scale made the unverified
// heads the loudest. The scores' scale holds the exact values alone; the heads without one show their
// estimate muted and hatched on its own range, named by the legend and the tooltips, in either palette.
void TestHeadBoard::estimatesKeepAScaleOfTheirOwn() {
    QFETCH(bool, dark);
    HeadBoard board;
    QPalette palette;
    palette.setColor(QPalette::Button, dark ? QColor(53, 53, 53) : Qt::white);
    palette.setColor(QPalette::Base, dark ? QColor(42, 42, 42) : Qt::white);
    palette.setColor(QPalette::Window, dark ? QColor(53, 53, 53) : Qt::white);
    palette.setColor(QPalette::Text, dark ? Qt::white : Qt::black);
    board.setPalette(palette);
    HeadBoardLegend legend(&board);
    showBoard(board, 2, 3);
    const double nan = std::nan("");
    board.setScores({0.03, nan, nan, 0.01, nan, nan}, QStringLiteral("exact drop in accuracy"), true);
    board.setEstimates({112, -112, 149, 50, 3, -20}, QStringLiteral("attribution estimate (logit difference)"));
    const HeadBoardModel* m = board.model();
    QCOMPARE(m->maxScore(), 0.03);
    QCOMPARE(m->minScore(), -0.03);
    QVERIFY(!m->isEstimateOnly(0, 0) && !m->isEstimateOnly(1, 0));
    QVERIFY(m->isEstimateOnly(0, 1) && m->isEstimateOnly(0, 2) && m->isEstimateOnly(1, 2));
    QCOMPARE(m->maxEstimate(), 149.0);  // over the heads drawn with their estimate
    QCOMPARE(m->minEstimate(), -149.0);
    QCOMPARE(m->data(m->index(0, 2), HeadBoardModel::EstimateRole).toDouble(), 149.0);
    QVERIFY(!m->data(m->index(0, 2), HeadBoardModel::ScoreRole).isValid());
    const QString tip = m->data(m->index(0, 2), Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(QStringLiteral("attribution estimate (logit difference): +149")) &&
                 tip.contains(QStringLiteral("not measured exactly")) && !tip.contains(QStringLiteral("exact drop")),
             qPrintable(tip));
    const QString both = m->data(m->index(0, 0), Qt::ToolTipRole).toString();  // a verified head: both, named
    QVERIFY2(both.contains(QStringLiteral("exact drop in accuracy: +0.03")) &&
                 both.contains(QStringLiteral("attribution estimate (logit difference): +112")) &&
                 !both.contains(QStringLiteral("not measured")),
             qPrintable(both));
    QVERIFY2(legend.text().contains(QStringLiteral("Colour: exact drop in accuracy")), qPrintable(legend.text()));
    QVERIFY2(legend.text().contains(QStringLiteral("Hatched, not measured: attribution estimate (logit difference)")),
             qPrintable(legend.text()));
    // Drawn: the exact head of the largest drop is one saturated colour; the estimate of 149, the
    // largest estimate, is hatched (two colours) and quieter than it.
    QTRY_VERIFY(board.isVisible());
    board.setCurrentHead(1, 1);  // the keyboard's dotted box away from the cells compared
    const QImage img = board.grab().toImage();
    auto pixels = [&](int layer, int head) {
        const QRect r = board.cellRect(layer, head).adjusted(2, 2, -3, -3);
        QList<QColor> out;
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x) out << img.pixelColor(x, y);
        return out;
    };
    QSet<QRgb> exactColours, estimateColours;
    int exactSaturation = 0, estimateSaturation = 0;
    for (const QColor& c : pixels(0, 0)) {
        exactColours.insert(c.rgb());
        exactSaturation = std::max(exactSaturation, c.hslSaturation());
    }
    for (const QColor& c : pixels(0, 2)) {
        estimateColours.insert(c.rgb());
        estimateSaturation = std::max(estimateSaturation, c.hslSaturation());
    }
    QCOMPARE(exactColours.size(), 1);
    QVERIFY2(estimateColours.size() >= 2, "the estimate-only cell is not hatched");
    QVERIFY2(
        estimateSaturation < exactSaturation,
        qPrintable(QStringLiteral("estimate saturation %1, exact %2").arg(estimateSaturation).arg(exactSaturation)));
    // Another score (entropy, a run's scores) clears the estimates.
    board.setScores({1, 2, 3, 4, 5, 6}, QStringLiteral("entropy"));
    QVERIFY(!m->hasEstimateOnly());
    QVERIFY(!legend.text().contains(QStringLiteral("Hatched")));
}

GNA_GUI_TEST_MAIN(TestHeadBoard)
#include "tst_head_board.moc"
