// Screenshots of every view of the studio on each bundled demo model, in the light and dark
// palettes, at 1600x1000 and 1024x640, written into $GNA_SCREENSHOT_DIR (default:
// <build>/screenshots) for a person to look at, with what can be measured on them: the heatmaps'
// share of the window, no horizontal scroll bar when a dock opens, the Run buttons in sight (the
// experiment panels' without any scrolling, all their titles readable),
// content below the fold only with a vertical scroll bar; the WCAG contrast of unchecked check
// boxes, disabled menu items and dock title buttons from rendered pixels; mnemonics never shown as text and
// never shared in a panel (English, German, Chinese); hover texts.
#include <QAbstractItemView>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QGroupBox>
#include <QHeaderView>
#include <QHelpEvent>
#include <QKeySequence>
#include <QLabel>
#include <QLineEdit>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QMouseEvent>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabBar>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTest>
#include <QToolTip>
#include <QVBoxLayout>
#include <cmath>
#include <map>

#include "attention_heatmap.h"
#include "experiment_dock.h"
#include "experiment_panel.h"
#include "figure_export.h"
#include "gather_aggregate_pair.h"
#include "guided_tour.h"
#include "head_board.h"
#include "head_board_legend.h"
#include "language.h"
#include "main_window.h"
#include "mask_panel.h"
#include "mnemonic_checks.h"
#include "number_format.h"
#include "open_model_dialog.h"
#include "prompt_editor.h"
#include "layout_checks.h"
#include "results_table.h"
#include "theme.h"
#include "workspace.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::studio;

namespace {

// WCAG 2 relative luminance and contrast ratio, from 8-bit sRGB.
double luminance(QColor c) {
    auto lin = [](int v) {
        const double s = v / 255.0;
        return s <= 0.03928 ? s / 12.92 : std::pow((s + 0.055) / 1.055, 2.4);
    };
    return 0.2126 * lin(c.red()) + 0.7152 * lin(c.green()) + 0.0722 * lin(c.blue());
}

double contrast(QColor a, QColor b) {
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// The most frequent colour in `r` of `img`: the background of a menu item or a widget.
QColor modeColour(const QImage& img, const QRect& r) {
    std::map<QRgb, int> count;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) ++count[img.pixel(x, y) | 0xff000000u];
    return QColor(
        std::max_element(count.begin(), count.end(), [](auto& a, auto& b) { return a.second < b.second; })->first);
}

// Pixels of `r` at a contrast of at least 3:1 against `background`.
int pixelsAtContrast3(const QImage& img, const QRect& r, QColor background) {
    int n = 0;
    for (int y = r.top(); y <= r.bottom(); ++y)
        for (int x = r.left(); x <= r.right(); ++x) n += contrast(QColor(img.pixel(x, y)), background) >= 3.0;
    return n;
}

QPushButton* buttonNamed(const QWidget* in, const QString& text) {
    for (QPushButton* b : in->findChildren<QPushButton*>())
        if (b->text() == text) return b;
    return nullptr;
}

}  // namespace

class TestScreenshots : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase();
    void cleanupTestCase() { applyTheme(Theme::Light); }
    void mnemonicsNeverShowAsText();
    void labelsReachTheirFieldsAlike_data();
    void labelsReachTheirFieldsAlike();
    void checkBoxesAndDisabledItemsContrast_data();
    void checkBoxesAndDisabledItemsContrast();
    void hoverShowsCellAndHeadValues();
    void headBoardReadableInASmallWindow_data();
    void headBoardReadableInASmallWindow();
    void everyViewOnEveryDemo_data();
    void everyViewOnEveryDemo();
    void germanWindowAfterALiveSwitch();

private:
    void open(MainWindow& w, const QString& demo);
    void shoot(MainWindow& w, const QString& name);
    void checkLayout(MainWindow& w, const QString& name, QSize size, const QString& view);
    void shootDocks(MainWindow& w, const QString& name, QSize size);
    QDir m_out;
};

void TestScreenshots::initTestCase() {
    const QString dir = qEnvironmentVariableIsSet("GNA_SCREENSHOT_DIR")
        ? qEnvironmentVariable("GNA_SCREENSHOT_DIR")
        : QStringLiteral(GNA_TEST_DATA_DIR "/../../screenshots");
    QVERIFY(QDir().mkpath(dir));
    m_out = QDir(dir);
}

void TestScreenshots::open(MainWindow& w, const QString& demo) { QVERIFY2(openDemo(w, demo), qPrintable(demo)); }

void TestScreenshots::shoot(MainWindow& w, const QString& name) {
    QCoreApplication::processEvents();
    QVERIFY2(w.grab().toImage().save(m_out.filePath(name + QStringLiteral(".png"))), qPrintable(name));
}

void TestScreenshots::mnemonicsNeverShowAsText() {
    // The rules themselves, on the texts of the known bugs and on correct ones.
    QVERIFY(eatsAmpersand(QStringLiteral("G&A mask editor")) && !eatsAmpersand(QStringLiteral("G&&A &mask editor")));
    QVERIFY(showsMnemonic(QStringLiteral("F&ile:")) && showsMnemonic(QStringLiteral("&Heads:")));
    QVERIFY(!showsMnemonic(QStringLiteral("Open a model to edit G&A masks")) &&
            !showsMnemonic(QStringLiteral("Gather & Aggregate")));
    QVERIFY(showsMnemonic(QStringLiteral("G&&A mask editor")));  // a text drawn as it is would show both
    MainWindow w;
    open(w, QStringLiteral("transformer"));
    QStringList bad = mnemonicProblems(&w);
    OpenModelDialog openDialog(QString(), &w);
    bad << mnemonicProblems(&openDialog);
    gna::views::FigureExportDialog exportDialog(w.heatmaps()->gather()->plot(), QStringLiteral("gather"), &w);
    bad << mnemonicProblems(&exportDialog);
    bad << mnemonicClashes(&exportDialog, QStringLiteral("export figure dialog"));
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
}

// In each language, every label with a buddy has a mnemonic of its own in its panel, shared with no button or check
// box there; in English the head fields read alike in the main view, the mask editor and the G&A-mask experiment
// (whose fields take lists: "heads"), their letters aside. An experiment panel is seen with each of its tasks and ranking
// methods. No panel of the window (main view, docks) takes the letter of a menu bar title (Alt+R would be the "&Run"
// menu's and a button's), and the mask editor, docked beside the main view, shares no letter with it.
void TestScreenshots::labelsReachTheirFieldsAlike_data() {
    QTest::addColumn<QString>("language");
    for (const char* code : {"en", "de", "zh_CN"}) QTest::newRow(code) << QString::fromLatin1(code);
}

void TestScreenshots::labelsReachTheirFieldsAlike() {
    QFETCH(QString, language);
    {  // The rule itself: a button on a menu title's letter is reported, one on a letter of its own is not, nor one whose
        // underlined letter is not its shortcut.
        QWidget panel;
        auto* button = new QPushButton(QStringLiteral("&Run"), &panel);
        const QStringList clash =
            mnemonicClashes(&panel, QStringLiteral("panel"), {}, {QStringLiteral("&File"), QStringLiteral("&Run")});
        QCOMPARE(clash, QStringList{QStringLiteral("panel: '&Run' and menu '&Run' share Alt+R")});
        button->setText(QStringLiteral("R&un"));
        QVERIFY(mnemonicClashes(&panel, QStringLiteral("panel"), {}, {QStringLiteral("&File"), QStringLiteral("&Run")})
                    .isEmpty());
        button->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_R));  // drops the Alt+U its text underlines
        QCOMPARE(mnemonicClashes(&panel, QStringLiteral("panel")),
                 QStringList{QStringLiteral("panel: 'R&un' underlines Alt+U but its shortcut is Ctrl+R")});
    }
    applyTheme(Theme::Light);
    QVERIFY(installLanguage(language));
    const auto english = qScopeGuard([] { installLanguage(QStringLiteral("en")); });
    MainWindow w;
    // The menu bar's titles are window-wide Alt shortcuts: no panel of the window may take their letters.
    const QStringList menus = menuTitles(w);
    QCOMPARE(menus.size(), 6);
    for (int i = 0; i < menus.size(); ++i)  // Alt+letter opens one menu, not the next of several
        for (int j = i + 1; j < menus.size(); ++j)
            QVERIFY2(
                QKeySequence::mnemonic(menus[i]) != QKeySequence::mnemonic(menus[j]),
                qPrintable(language + QStringLiteral(": menus '%1' and '%2' share a letter").arg(menus[i], menus[j])));
    QStringList bad = mnemonicClashes(w.centralWidget(), QStringLiteral("main view"), {}, menus);
    // The experiment chooser's label is in sight above a panel when the dock is too narrow for the tabs.
    const QString chooser = labelOf(w.experiments(), w.experiments()->chooser());
    QVERIFY(!chooser.isEmpty());
    for (ExperimentPanel* p : w.experiments()->panels()) {
        bad << mnemonicClashes(p, p->kind(), {chooser}, menus);
        for (const char* name : {"task", "method"})  // each choice of a panel's own shows its rows
            if (auto* choice = p->findChild<QComboBox*>(QLatin1String(name)))
                for (int i = 0; i < choice->count(); ++i) {
                    choice->setCurrentIndex(i);
                    bad << mnemonicClashes(p, p->kind(), {chooser}, menus);
                }
    }
    bad.removeDuplicates();
    for (QDockWidget* d : w.findChildren<QDockWidget*>())
        if (d->widget() != w.maskPanel() && d != w.experiments()) bad << mnemonicClashes(d, d->objectName(), {}, menus);
    for (const QString& b : bad) qWarning().noquote() << language << b;  // all of them: QVERIFY2 cuts a long message
    QVERIFY2(bad.isEmpty(), qPrintable(language + QStringLiteral(":\n") + bad.join(QLatin1Char('\n'))));
    // The mask editor docks beside the main view: no letter of one reaches a field of the other.
    const QStringList mask = mnemonicClashes(w.maskPanel(), QStringLiteral("mask editor beside the main view"),
                                             mnemonicTexts(w.centralWidget()), menus);
    for (const QString& b : mask) qWarning().noquote() << language << b;
    QVERIFY2(mask.isEmpty(), qPrintable(language + QStringLiteral(":\n") + mask.join(QLatin1Char('\n'))));
    if (language != QLatin1String("en")) return;

    const ExperimentPanel* masks = w.experiments()->panel(QStringLiteral("gna_masks"));
    const struct {
        const QWidget* panel;
        const char *gather, *aggregate, *plural;
    } views[] = {{w.centralWidget(), "gatherHead", "aggregateHead", ""},
                 {w.maskPanel(), "maskGather", "maskAggregate", ""},
                 {masks, "gather", "aggregate", "s"}};
    for (const auto& v :
         views) {  // the words alike (the mask editor's letters differ: it is in sight with the main view)
        const QWidget* gather = v.panel->findChild<QLineEdit*>(QLatin1String(v.gather));
        const QWidget* aggregate = v.panel->findChild<QLineEdit*>(QLatin1String(v.aggregate));
        QVERIFY2(gather && aggregate, v.gather);
        QCOMPARE(mnemonicFree(labelOf(v.panel, gather)), QStringLiteral("Gather head%1:").arg(QLatin1String(v.plural)));
        QCOMPARE(mnemonicFree(labelOf(v.panel, aggregate)),
                 QStringLiteral("Aggregate head%1:").arg(QLatin1String(v.plural)));
    }
}

void TestScreenshots::checkBoxesAndDisabledItemsContrast_data() {
    QTest::addColumn<int>("theme");
    QTest::newRow("light") << int(Theme::Light);
    QTest::newRow("dark") << int(Theme::Dark);
}

void TestScreenshots::checkBoxesAndDisabledItemsContrast() {
    QFETCH(int, theme);
    applyTheme(Theme(theme));
    // An unchecked check box, rendered: most of its indicator's outline at >= 3:1 against the window.
    QWidget box;
    auto* layout = new QVBoxLayout(&box);
    layout->setContentsMargins(8, 8, 8, 8);
    auto* check = new QCheckBox(QStringLiteral("Same colour range"));
    layout->addWidget(check);
    box.show();
    QVERIFY(QTest::qWaitForWindowExposed(&box));
    const QImage img = box.grab().toImage();
    QStyleOptionButton opt;
    opt.initFrom(check);
    const QRect indicator =
        check->style()->subElementRect(QStyle::SE_CheckBoxIndicator, &opt, check).translated(check->pos());
    const QColor window = QColor(img.pixel(2, 2));
    const int outline = pixelsAtContrast3(img, indicator, window);
    QVERIFY2(outline >= indicator.width() + indicator.height(),
             qPrintable(QStringLiteral("%1 of the indicator's pixels at 3:1 against the window").arg(outline)));
    box.grab().save(
        m_out.filePath(QStringLiteral("checkbox_%1.png")
                           .arg(theme == int(Theme::Dark) ? QStringLiteral("dark") : QStringLiteral("light"))));

    // A disabled menu item, rendered: its text's pixels at >= 3:1 against the menu's background.
    QMenu menu;
    menu.addAction(QStringLiteral("Enabled item"));
    QAction* off = menu.addAction(QStringLiteral("Disabled item"));
    off->setEnabled(false);
    menu.popup(QPoint(40, 40));
    QVERIFY(QTest::qWaitForWindowExposed(&menu));
    const QImage m = menu.grab().toImage();
    const QRect item = menu.actionGeometry(off);
    const QColor background = modeColour(m, item);
    const int text = pixelsAtContrast3(m, item, background);
    QVERIFY2(text >= 20, qPrintable(QStringLiteral("%1 text pixels at 3:1 against the menu").arg(text)));
    menu.close();
    // A dock's float and close buttons, rendered: most of their icon's pixels at >= 3:1 against the title bar.
    QMainWindow main;
    main.setCentralWidget(new QWidget);
    auto* dock = new QDockWidget(QStringLiteral("Model"), &main);
    dock->setWidget(new QLabel(QStringLiteral("Layers: 3")));
    dock->setMinimumWidth(160);  // the title in full beside its buttons
    main.addDockWidget(Qt::LeftDockWidgetArea, dock);
    main.resize(400, 240);
    main.show();
    QVERIFY(QTest::qWaitForWindowExposed(&main));
    const QImage d = main.grab().toImage();
    for (const char* name : {"qt_dockwidget_floatbutton", "qt_dockwidget_closebutton"}) {
        const auto* button = dock->findChild<QAbstractButton*>(QLatin1String(name));
        QVERIFY2(button && button->isVisible(), name);
        const QRect r(button->mapTo(&main, QPoint(0, 0)), button->size());
        const QColor title = modeColour(d, r);
        QCOMPARE(title, modeColour(d, QRect(dock->mapTo(&main, QPoint(2, 2)), QSize(8, 8))));  // the title bar's colour
        // The icon's pixels (all but the title bar's colour): nearly all at >= 3:1 (the ink, not a faint grey).
        int drawn = 0;
        for (int y = r.top(); y <= r.bottom(); ++y)
            for (int x = r.left(); x <= r.right(); ++x) drawn += QColor(d.pixel(x, y)) != title;
        const int icon = pixelsAtContrast3(d, r, title);
        QVERIFY2(icon >= r.width() && icon >= 0.9 * drawn,
                 qPrintable(QStringLiteral("%1: %2 of %3 icon pixels at 3:1 against the title bar %4")
                                .arg(QLatin1String(name))
                                .arg(icon)
                                .arg(drawn)
                                .arg(title.name())));
    }
    main.grab(QRect(dock->mapTo(&main, QPoint(0, 0)), QSize(dock->width(), 3 * dock->fontMetrics().height())))
        .save(m_out.filePath(QStringLiteral("dock_title_%1.png")
                                 .arg(theme == int(Theme::Dark) ? QStringLiteral("dark") : QStringLiteral("light"))));

    // The palette's own colours (what the pixels come from).
    const QPalette p = QApplication::palette();
    QVERIFY(contrast(p.color(QPalette::Disabled, QPalette::Text), p.color(QPalette::Window)) >= 3.0);
    QVERIFY(contrast(indicatorOutline(p), p.color(QPalette::Window)) >= 3.0);
}

void TestScreenshots::hoverShowsCellAndHeadValues() {
    applyTheme(Theme::Light);
    MainWindow w;
    w.resize(1600, 1000);
    open(w, QStringLiteral("transformer"));
    w.headBoard()->toggleHead(0, 1);
    QVERIFY(waitIdle(w));
    const RunOutcome& o = w.session()->lastOutcome();
    QVERIFY(!o.maps.isEmpty() && o.maps[0].isValid());
    // A heatmap cell: the query token, the key token and the weight of the run's own map.
    gna::views::AttentionHeatmap* map = w.heatmaps()->gather();
    const int r = o.maps[0].rows - 1, c = o.maps[0].cols / 2;
    const QPointF at = map->cellCenterPixel(r, c);
    QMouseEvent move(QEvent::MouseMove, at, map->plot()->mapToGlobal(at), Qt::NoButton, Qt::NoButton, {});
    QApplication::sendEvent(map->plot(), &move);
    const QString tip = QToolTip::text();
    const int qpos = o.maps[0].rowPositions.value(r, r);
    QVERIFY2(tip.contains(o.tokenLabels.value(qpos)) && tip.contains(o.tokenLabels.value(c)), qPrintable(tip));
    // Four significant digits in the UI's (English) locale, a negative value with the minus sign (U+2212);
    // below 0.0001 the tooltip says so instead of "5e-05".
    auto shown = [](double v) {
        return std::abs(v) < 1e-4 && v != 0.0 ? QStringLiteral("< 0.0001")
                                              : QString::number(v, 'g', 4).replace(QLatin1Char('-'), QChar(0x2212));
    };
    QVERIFY2(tip.contains(shown(o.maps[0].at(r, c))), qPrintable(tip));
    // A masked cell (the key after the query) says so, with both tokens, and claims no weight: in the
    // map and in the difference map (compare ticked with a click, its tab shown).
    auto hover = [](gna::views::AttentionHeatmap* m, int row, int col) {
        m->plot()->replot();
        const QPointF p = m->cellCenterPixel(row, col);
        QMouseEvent e(QEvent::MouseMove, p, m->plot()->mapToGlobal(p), Qt::NoButton, Qt::NoButton, {});
        QApplication::sendEvent(m->plot(), &e);
        return QToolTip::text();
    };
    const int maskedCol = o.maps[0].cols - 1, firstQuery = o.maps[0].rowPositions.value(0, 0);
    QVERIFY(maskedCol > firstQuery);
    auto expectMasked = [&](const QString& t) {
        QVERIFY2(
            t.contains(QStringLiteral("masked: key after the query (causal)")) && !t.contains(QStringLiteral("Weight")),
            qPrintable(t));
        QVERIFY2(t.contains(o.tokenLabels.value(firstQuery)) && t.contains(o.tokenLabels.value(maskedCol)),
                 qPrintable(t));
    };
    expectMasked(hover(map, 0, maskedCol));
    auto* compare = w.findChild<QCheckBox*>(QStringLiteral("compareCheck"));
    QTest::mouseClick(compare, Qt::LeftButton, {}, QPoint(8, compare->height() / 2));  // on its box
    QVERIFY(waitIdle(w));
    gna::views::AttentionHeatmap* diff = w.differences()->gather();
    QTRY_VERIFY_WITH_TIMEOUT(diff->data().isValid(), 30000);
    auto* tabs = w.findChild<QTabWidget*>();
    for (QTabWidget* t : w.findChildren<QTabWidget*>())
        if (t->indexOf(w.differences()) >= 0) tabs = t;
    tabs->setCurrentWidget(w.differences());
    gna::testing::waitForLayout(w);
    expectMasked(hover(diff, 0, maskedCol));
    QVERIFY2(hover(diff, o.maps[0].rows - 1, 0).contains(QStringLiteral("Weight")),
             "an unmasked cell of the difference shows its value");
    // A head-board cell: its name, its score and whether it is ablated.
    gna::views::HeadBoard* board = w.headBoard();
    for (const auto& [layer, head, ablated] : {std::tuple{0, 1, true}, std::tuple{1, 0, false}}) {
        const QPoint p = board->cellRect(layer, head).center();
        QHelpEvent help(QEvent::ToolTip, p, board->mapToGlobal(p));
        QApplication::sendEvent(board, &help);
        const QString t = QToolTip::text();
        QVERIFY2(t.contains(QStringLiteral("L%1.H%2").arg(layer).arg(head)), qPrintable(t));
        QVERIFY(!o.headScores.empty());
        const double score = o.headScores[std::size_t(layer) * board->model()->heads() + head];
        QVERIFY2(t.contains(shown(score)), qPrintable(t + QStringLiteral(" / ") + QString::number(score)));
        QVERIFY2(t.contains(ablated ? QStringLiteral("Ablated") : QStringLiteral("Active")), qPrintable(t));
    }
    QToolTip::hideText();
}

void TestScreenshots::headBoardReadableInASmallWindow_data() { addDemoRows(); }

// At 1024x640 (and 1600x1000) on each demo: cells of at least 16 px, every one in sight, the legend whole.
void TestScreenshots::headBoardReadableInASmallWindow() {
    QFETCH(QString, demo);
    applyTheme(Theme::Light);
    MainWindow w;
    w.resize(1024, 640);
    open(w, demo);
    for (const QSize size : {QSize(1024, 640), QSize(1600, 1000), QSize(1024, 640)}) {
        for (QDockWidget* d : w.findChildren<QDockWidget*>()) d->hide();
        w.resize(size);
        gna::testing::waitForLayout(w);
        QCOMPARE(w.size(), size);
        w.findChild<QScrollArea*>(QStringLiteral("centralScroll"))->verticalScrollBar()->setValue(0);
        QCoreApplication::processEvents();
        const QString bad = boardProblems(w, 16);
        QVERIFY2(bad.isEmpty(),
                 qPrintable(QStringLiteral("%1 at %2x%3: ").arg(demo).arg(size.width()).arg(size.height()) + bad));
    }
}

void TestScreenshots::everyViewOnEveryDemo_data() {
    QTest::addColumn<QString>("demo");
    QTest::addColumn<int>("theme");
    for (const char* demo : {"transformer", "ssm", "hybrid"})
        for (const auto& [name, theme] : {std::pair{"light", Theme::Light}, std::pair{"dark", Theme::Dark}})
            QTest::addRow("%s_%s", demo, name) << QString::fromLatin1(demo) << int(theme);
}

void TestScreenshots::checkLayout(MainWindow& w, const QString& name, QSize size, const QString& view) {
    const QString where = name + QLatin1Char(' ') + view;
    QVERIFY2(w.size() == size,
             qPrintable(where + QStringLiteral(": the window grew to %1x%2").arg(w.width()).arg(w.height())));
    auto* scroll = w.findChild<QScrollArea*>(QStringLiteral("centralScroll"));
    QVERIFY(scroll);
    // Never a horizontal scroll bar (tables may scroll their columns).
    const QString bars = horizontalScrollBars(w);
    QVERIFY2(bars.isEmpty(), qPrintable(where + QStringLiteral(": ") + bars));
    // A small window's Experiments dock takes the window (its own Run button is checked by shootDocks).
    if (w.coveringDock()) {
        QVERIFY2(w.size().width() < MainWindow::kRoomyWidth || w.size().height() < MainWindow::kRoomyHeight,
                 qPrintable(where + QStringLiteral(": a dock covers the main view of a large window")));
        return;
    }
    // The prompt's Run button in sight (the central area is scrolled to the top).
    scroll->verticalScrollBar()->setValue(0);
    QCoreApplication::processEvents();
    QAbstractButton* run = w.promptEditor()->runButton();
    QVERIFY(run);
    QVERIFY2(visibleRect(run, &w).size() == run->size(),
             qPrintable(where + QStringLiteral(": the Run button is hidden")));
    // Below the fold only with a vertical scroll bar that says so.
    const bool clipped = scroll->widget()->height() > scroll->viewport()->height();
    QVERIFY2(!clipped || scroll->verticalScrollBar()->isVisible(),
             qPrintable(where + QStringLiteral(": content below the fold")));
    if (view == QLatin1String("main")) {
        const QString bad = boardProblems(w, 16);
        QVERIFY2(bad.isEmpty(), qPrintable(where + QStringLiteral(": ") + bad));
    }
    // The heatmaps are the main thing: at least half the window at 1600x1000 with no dock open.
    if (size == QSize(1600, 1000) && view == QLatin1String("main")) {
        const QRect maps = visibleRect(w.heatmaps(), &w);
        const double share = double(maps.width()) * maps.height() / (double(w.width()) * w.height());
        QVERIFY2(
            share >= 0.5,
            qPrintable(where + QStringLiteral(": the heatmaps take %1% of the window").arg(100 * share, 0, 'f', 1)));
    }
}

// The mask editor and every experiment panel, opened as a user opens them, each shot and measured: each
// experiment panel's Run button (in the window's language) in sight without scrolling, its results in
// full, its form's rows whole, no scroll area inside another, and every experiment's title readable (no tab cut or scrolled away).
void TestScreenshots::shootDocks(MainWindow& w, const QString& name, QSize size) {
    w.maskPanel()->parentWidget()->show();
    w.maskPanel()->parentWidget()->raise();
    gna::testing::waitForLayout(w);
    QVERIFY(w.maskPanel()->isVisible());
    shoot(w, name + QStringLiteral("_masks"));
    checkLayout(w, name, size, QStringLiteral("mask editor"));
    w.maskPanel()->parentWidget()->hide();
    ExperimentDock* dock = w.experiments();
    for (ExperimentPanel* p : dock->panels()) {
        dock->showPanel(p->kind());
        gna::testing::waitForLayout(w);
        shoot(w, name + QStringLiteral("_experiment_") + p->kind());
        checkLayout(w, name, size, QStringLiteral("experiment ") + p->kind());
        const QString where = name + QLatin1Char(' ') + p->kind();
        QPushButton* run = buttonNamed(p, QCoreApplication::translate("gna::studio::ExperimentPanel", "Ru&n"));
        QVERIFY2(run, qPrintable(where + QStringLiteral(": no Run button")));
        QVERIFY2(visibleRect(run, &w).size() == run->size(),
                 qPrintable(where + QStringLiteral(": the Run button is not in sight")));
        const QString rows = formRowProblems(p);
        QVERIFY2(rows.isEmpty(), qPrintable(where + QStringLiteral(": ") + rows));
        auto* results = p->table()->parentWidget()->parentWidget()->parentWidget();  // table page, stack, tab widget
        QVERIFY(qobject_cast<QTabWidget*>(results));
        QVERIFY2(visibleRect(results, &w).size() == results->size(),
                 qPrintable(where + QStringLiteral(": the results are cut")));
        for (const QAbstractScrollArea* a : dock->findChildren<QAbstractScrollArea*>()) {
            if (!a->isVisibleTo(&w) || qobject_cast<const QHeaderView*>(a))
                continue;  // a table's headers are part of it
            for (const QWidget* up = a->parentWidget(); up && up != dock; up = up->parentWidget())
                QVERIFY2(!qobject_cast<const QAbstractScrollArea*>(up),
                         qPrintable(where + QStringLiteral(": a scroll area inside a scroll area (") +
                                    a->metaObject()->className() + u')'));
        }
        // The titles: every tab whole (no scroll arrows), or the list instead, wide enough for its longest title.
        QTabBar* bar = dock->tabs()->tabBar();
        if (bar->isVisibleTo(&w)) {
            QVERIFY2(bar->sizeHint().width() <= bar->width(),
                     qPrintable(where + QStringLiteral(": the tab bar scrolls")));
            for (int i = 0; i < bar->count(); ++i) {
                const QRect r = bar->tabRect(i);
                const int text = bar->fontMetrics().horizontalAdvance(
                    QString(bar->tabText(i)).remove(QRegularExpression(QStringLiteral("&(?!&)"))));
                QVERIFY2(r.left() >= 0 && r.right() < bar->width() && r.width() > text,
                         qPrintable(where + QStringLiteral(": tab '%1' is cut").arg(bar->tabText(i))));
            }
        } else {
            QComboBox* chooser = dock->chooser();
            QVERIFY2(chooser->isVisibleTo(&w),
                     qPrintable(where + QStringLiteral(": neither tabs nor the experiment list")));
            QVERIFY2(visibleRect(chooser, &w).width() >= chooser->sizeHint().width(),
                     qPrintable(where + QStringLiteral(": the experiment list is cut")));
            QCOMPARE(chooser->currentData().toString(), p->kind());
        }
    }
    w.experiments()->hide();
}

void TestScreenshots::everyViewOnEveryDemo() {
    QFETCH(QString, demo);
    QFETCH(int, theme);
    applyTheme(Theme(theme));
    MainWindow w;
    w.resize(1600, 1000);
    open(w, demo);
    // The model's Gather head ablated, a rerun drawn: the difference tab shows what that does to the Aggregate head.
    gna::views::HeadCell gather;
    QVERIFY(parseHeadName(w.findChild<QLineEdit*>(QStringLiteral("gatherHead"))->text(), &gather));
    w.headBoard()->setHeads({gather}, true, QStringLiteral("Ablate the Gather head"));
    QVERIFY(waitIdle(w));
    QCOMPARE(w.session()->ablatedHeads(), gna::views::HeadCells({gather}));
    const QString prefix = demo + (theme == int(Theme::Dark) ? QStringLiteral("_dark") : QStringLiteral("_light"));
    auto docks = w.findChildren<QDockWidget*>();
    auto hideDocks = [&] {
        for (QDockWidget* d : docks) d->hide();
    };
    for (const QSize size : {QSize(1600, 1000), QSize(1024, 640)}) {
        hideDocks();
        gna::testing::waitForLayout(w);  // the layout's minimum size follows the hidden docks
        w.resize(size);
        gna::testing::waitForLayout(w);
        QCOMPARE(w.size(), size);
        const QString name = prefix + QStringLiteral("_%1x%2").arg(size.width()).arg(size.height());
        hideDocks();
        shoot(w, name + QStringLiteral("_main"));
        checkLayout(w, name, size, QStringLiteral("main"));
        auto* tabs = w.heatmaps()->parentWidget()->parentWidget();  // the maps' tab widget (stack, tabs)
        if (auto* t = qobject_cast<QTabWidget*>(tabs)) {
            // The difference maps as a user sees them: compare mode on, the ablated run against the unablated one.
            auto* compare = w.findChild<QCheckBox*>(QStringLiteral("compareCheck"));
            QVERIFY(compare);
            compare->setChecked(true);
            QVERIFY(waitIdle(w));
            QVERIFY2(w.compareMode(), qPrintable(name));
            t->setCurrentIndex(1);
            gna::testing::waitForLayout(w);
            shoot(w, name + QStringLiteral("_difference"));
            t->setCurrentIndex(0);
            compare->setChecked(false);
            QVERIFY(waitIdle(w));
        }
        for (QDockWidget* d : docks)
            if (d->objectName() == QLatin1String("modelDock")) d->show();
        shoot(w, name + QStringLiteral("_model"));
        checkLayout(w, name, size, QStringLiteral("model dock"));
        // The docks as a user opens them (the Model dock stays where it is).
        w.tour()->start();
        gna::testing::waitForLayout(w);
        shoot(w, name + QStringLiteral("_tour"));
        checkLayout(w, name, size, QStringLiteral("tour"));
        w.tour()->hide();
        shootDocks(w, name, size);
        w.experiments()->hide();
    }
}

// The hybrid in German after View ▸ Language ▸ Deutsch (a live switch): its main view, model dock, mask
// editor and experiment panels at both sizes, with the layout rules and no mnemonic shown as text.
void TestScreenshots::germanWindowAfterALiveSwitch() {
    applyTheme(Theme::Light);
    MainWindow w;
    w.resize(1600, 1000);
    open(w, QStringLiteral("hybrid"));
    w.setLanguage(QStringLiteral("de"));
    QTRY_COMPARE_WITH_TIMEOUT(w.menuBar()->actions().value(0)->text(), QStringLiteral("&Datei"), 20000);
    QVERIFY(waitIdle(w));
    const QStringList bad = mnemonicProblems(&w);
    for (const QSize size : {QSize(1600, 1000), QSize(1024, 640)}) {
        for (QDockWidget* d : w.findChildren<QDockWidget*>()) d->hide();
        gna::testing::waitForLayout(w);
        w.resize(size);
        gna::testing::waitForLayout(w);
        const QString name = QStringLiteral("hybrid_de_%1x%2").arg(size.width()).arg(size.height());
        shoot(w, name + QStringLiteral("_main"));
        checkLayout(w, name, size, QStringLiteral("main"));
        shootDocks(w, name, size);
    }
    // Two SSM heads in the maps: their colour bars (hidden attention, signed) in German.
    for (QDockWidget* d : w.findChildren<QDockWidget*>()) d->hide();
    w.resize(1600, 1000);
    w.setShownHeads({{1, 0, true}, {3, 2, true}});
    QVERIFY(waitIdle(w));
    shoot(w, QStringLiteral("hybrid_de_1600x1000_ssm_maps"));
    w.setLanguage(QStringLiteral("en"));
    QTRY_COMPARE_WITH_TIMEOUT(w.menuBar()->actions().value(0)->text(), QStringLiteral("&File"), 20000);
    QVERIFY2(bad.isEmpty(), qPrintable(bad.join(QLatin1Char('\n'))));
}

GNA_GUI_TEST_MAIN(TestScreenshots)
#include "tst_screenshots.moc"
