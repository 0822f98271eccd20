// The live language switch in a real window: View ▸ Language ▸ Deutsch turns the menus, buttons and
// check boxes German at once, with the loaded model, its plan, prompt and views kept (no reload); English
// turns them back. The expected texts are the catalogue's (translations/gna_de.ts), not the window's.
// After a switch the window is laid out as one opened in that language: the same main view and head
// board at 1600x1000, the same docks beside the guided tour at 1024x640.
#include <QAction>
#include <QDockWidget>
#include <QCheckBox>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTest>
#include <QTranslator>

#include "experiment_panel.h"
#include "experiment_runner.h"
#include "head_board.h"
#include "guided_tour.h"
#include "language.h"
#include "layout_checks.h"
#include "main_window.h"
#include "mask_panel.h"
#include "mnemonic_checks.h"
#include "next_token_chart.h"
#include "prompt_editor.h"
#include "translations.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::studio;

namespace {

QAction* languageAction(MainWindow& w, const QString& code) {
    for (QAction* top : w.menuBar()->actions())
        if (top->menu())
            for (QAction* a : top->menu()->findChildren<QAction*>())
                if (a->objectName() == QStringLiteral("language_") + code) return a;
    return nullptr;
}

// A window opened in `language` on the demo transformer: its layout at 1600x1000, then at 1024x640 with the tour open.
std::pair<WindowLayout, WindowLayout> directLayouts(const QString& language) {
    installLanguage(language);
    MainWindow w;
    w.resize(1600, 1000);
    if (!openDemo(w, QStringLiteral("transformer"))) return {};
    const WindowLayout large = layoutOf(w);
    w.resize(1024, 640);
    w.tour()->start();
    gna::testing::waitForLayout(w);
    return {large, layoutOf(w)};
}

}  // namespace

class TestLanguage : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void switchesLiveAndBack();
    void keepsTheLayoutOfAWindowOpenedInTheLanguage();
    void menuPathsShowNoMnemonics();
    void newStringsAreTranslated();
    void runButtonAndRunMenuKeepTheirAltLetters_data();
    void runButtonAndRunMenuKeepTheirAltLetters();
};

void TestLanguage::switchesLiveAndBack() {
    installLanguage(QStringLiteral("en"));
    MainWindow w;
    w.resize(1280, 860);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    QSignalSpy loadStarted(w.session(), &Session::modelLoadStarted);
    const QString dir = QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/transformer");
    w.openModel(dir);
    QVERIFY(loaded.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
    QCOMPARE(menuTitles(w).value(0), QStringLiteral("&File"));
    // State that must survive: an ablated head (a real click), compare mode on.
    QTest::mouseClick(w.headBoard(), Qt::LeftButton, {}, w.headBoard()->cellRect(1, 2).center());
    w.findChild<QCheckBox*>(QStringLiteral("compareCheck"))->setChecked(true);
    QTRY_VERIFY_WITH_TIMEOUT(w.session()->ablatedHeads().size() == 1 && !w.session()->isRunning(), 60000);
    const auto plan = w.session()->ablatedHeads();
    const QString prompt = w.promptEditor()->prompt();

    QAction* de = languageAction(w, QStringLiteral("de"));
    QVERIFY(de);
    de->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(menuTitles(w).value(0), QStringLiteral("&Datei"), 20000);
    QVERIFY(menuTitles(w).contains(QStringLiteral("&Ansicht")));
    QCOMPARE(w.findChild<QPushButton*>(QStringLiteral("restoreButton"))->text(),
             QStringLiteral("Alle &wiederherstellen"));
    QCOMPARE(w.findChild<QCheckBox*>(QStringLiteral("compareCheck"))->text(),
             QStringLiteral("Mit dem Lauf ohne Ablation vergleichen"));
    // The same model, not loaded again; its plan, prompt and compare mode kept, the views drawn again.
    QCOMPARE(loadStarted.size(), 1);
    QCOMPARE(w.session()->modelPath(), dir);
    QCOMPARE(w.session()->ablatedHeads(), plan);
    QCOMPARE(w.headBoard()->ablatedHeads(), plan);
    QCOMPARE(w.promptEditor()->prompt(), prompt);
    QVERIFY(w.findChild<QCheckBox*>(QStringLiteral("compareCheck"))->isChecked());
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && !w.nextTokenChart()->probabilities().isEmpty(), 60000);
    QVERIFY(w.headBoard()->model()->hasScores());
    QCOMPARE(currentLanguage(), QStringLiteral("de"));

    QAction* en = languageAction(w, QStringLiteral("en"));
    QVERIFY(en);
    QVERIFY(!en->isChecked() && languageAction(w, QStringLiteral("de"))->isChecked());
    en->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(menuTitles(w).value(0), QStringLiteral("&File"), 20000);
    QCOMPARE(w.findChild<QPushButton*>(QStringLiteral("restoreButton"))->text(), QStringLiteral("Restore a&ll"));
    QCOMPARE(w.findChild<QCheckBox*>(QStringLiteral("compareCheck"))->text(),
             QStringLiteral("Compare with the unablated run"));
    QCOMPARE(loadStarted.size(), 1);
    QCOMPARE(w.session()->ablatedHeads(), plan);
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
}

void TestLanguage::keepsTheLayoutOfAWindowOpenedInTheLanguage() {
    const auto [german, germanTour] = directLayouts(QStringLiteral("de"));
    const auto [english, englishTour] = directLayouts(QStringLiteral("en"));
    QVERIFY(german.cell > 0 && english.cell > 0);
    // Where the cells leave room, every column is labelled (the demo transformer's four heads).
    QCOMPARE(english.labels,
             QStringList({QStringLiteral("H0"), QStringLiteral("H1"), QStringLiteral("H2"), QStringLiteral("H3")}));
    MainWindow w;
    w.resize(1600, 1000);
    QVERIFY(openDemo(w, QStringLiteral("transformer")));
    QCOMPARE(layoutDifferences(layoutOf(w), english), QString());
    for (const auto& [code, file, want] : {std::tuple{QStringLiteral("de"), QStringLiteral("&Datei"), german},
                                           std::tuple{QStringLiteral("en"), QStringLiteral("&File"), english}}) {
        w.setLanguage(code);
        QTRY_COMPARE_WITH_TIMEOUT(menuTitles(w).value(0), file, 20000);  // the window rebuilt
        QVERIFY(waitIdle(w));
        const QString bad = layoutDifferences(layoutOf(w), want);
        QVERIFY2(bad.isEmpty(), qPrintable(code + QStringLiteral(" after a live switch: ") + bad));
    }
    // With the docks rebuilt: the tour in a 1024x640 window beside the main view as in a window opened in German.
    w.setLanguage(QStringLiteral("de"));
    QTRY_COMPARE_WITH_TIMEOUT(menuTitles(w).value(0), QStringLiteral("&Datei"), 20000);
    QVERIFY(waitIdle(w));
    w.resize(1024, 640);
    w.tour()->start();
    gna::testing::waitForLayout(w);
    const QString bad = layoutDifferences(layoutOf(w), germanTour);
    QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("the tour after a live switch: ") + bad));
    w.setLanguage(QStringLiteral("en"));
    QTRY_COMPARE_WITH_TIMEOUT(menuTitles(w).value(0), QStringLiteral("&File"), 20000);
}

// A menu path in a text (the empty views' "File ▸ Open model…") reads as the menu shows it: no
// '&', and no "(&F)" that Chinese titles carry for their mnemonic.
void TestLanguage::menuPathsShowNoMnemonics() {
    QCOMPARE(shownText(QStringLiteral("&File")), QStringLiteral("File"));
    QCOMPARE(shownText(QStringLiteral("About G&&A Studio")), QStringLiteral("About G&A Studio"));
    QCOMPARE(shownText(QStringLiteral("文件(&F)")), QStringLiteral("文件"));
    QCOMPARE(shownText(QStringLiteral("打开模型(&O)…")), QStringLiteral("打开模型…"));
    QCOMPARE(shownText(QStringLiteral("保留头数(&K)（k）：")), QStringLiteral("保留头数（k）："));

    installLanguage(QStringLiteral("zh_CN"));
    {
        MainWindow w;
        const QString message = w.noModelMessage();
        installLanguage(QStringLiteral("en"));
        // The catalogue's menu titles (translations/gna_zh_CN.ts), as the menus show them.
        QVERIFY2(message.contains(QStringLiteral("文件\u00A0▸\u00A0打开模型…")), qPrintable(message));
        QVERIFY2(message.contains(QStringLiteral("帮助\u00A0▸")), qPrintable(message));
        QVERIFY2(!message.contains(QLatin1Char('&')) && !message.contains(QStringLiteral("(O)")) &&
                     !message.contains(QStringLiteral("(F)")),
                 qPrintable(message));
    }
}

// Real key presses on the real window, in each language: the main view's Run button's Alt+letter runs the prompt (and so
// does Ctrl+R), the Run menu's Alt+letter opens the Run menu without running anything (one shortcut each, none ambiguous).
void TestLanguage::runButtonAndRunMenuKeepTheirAltLetters_data() {
    QTest::addColumn<QString>("language");
    for (const char* code : {"en", "de", "zh_CN"}) QTest::newRow(code) << QString::fromLatin1(code);
}

void TestLanguage::runButtonAndRunMenuKeepTheirAltLetters() {
    QFETCH(QString, language);
    QVERIFY(installLanguage(language));
    const auto english = qScopeGuard([] { installLanguage(QStringLiteral("en")); });
    MainWindow w;
    QVERIFY(openDemo(w, QStringLiteral("transformer")));
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    QPushButton* run = w.promptEditor()->runButton();
    QVERIFY(run->isEnabled());
    QAction* runMenu = nullptr;
    for (QAction* a : w.menuBar()->actions())
        if (a->text() == QCoreApplication::translate("gna::studio::MainWindow", "&Run")) runMenu = a;
    QVERIFY(runMenu && runMenu->menu());
    const QKeyCombination buttonKey = QKeySequence::mnemonic(run->text())[0];
    const QKeyCombination menuKey = QKeySequence::mnemonic(runMenu->text())[0];
    QVERIFY2(buttonKey != menuKey, qPrintable(run->text() + QStringLiteral(" / ") + runMenu->text()));

    QSignalSpy clicked(run, &QPushButton::clicked);
    QTest::keyClick(&w, buttonKey.key(), Qt::AltModifier);
    QVERIFY(clicked.wait(2000));
    QVERIFY(!runMenu->menu()->isVisible());
    QVERIFY(waitIdle(w));
    QTest::keyClick(&w, Qt::Key_R, Qt::ControlModifier);  // the button's Ctrl+R as well
    QVERIFY(clicked.wait(2000));
    QVERIFY(waitIdle(w));

    QTest::keyClick(&w, menuKey.key(), Qt::AltModifier);
    QTRY_VERIFY(runMenu->menu()->isVisible());
    QCOMPARE(w.menuBar()->activeAction(), runMenu);
    QTest::qWait(300);  // time deliberately let pass: a click of the button would come after its animation
    QCOMPARE(clicked.count(), 2);
    runMenu->menu()->close();
}

// The experiment panels' and studio's newer strings (titles, plurals, free functions' tr(), the tour) have
// German and Chinese translations in the catalogues the build embeds.
void TestLanguage::newStringsAreTranslated() {
    const struct {
        const char* code;
        const char* title;
        const char* accuracy;
        const char* restore;
    } expected[] = {{"de", "Kopf-Rangfolge", "Genauigkeit", "Letzte Sitzung wiederherstellen?"},
                    {"zh_CN", "注意力头排序", "准确率", "恢复上次会话？"}};
    for (const auto& e : expected) {
        QTranslator t;
        QVERIFY(t.load(gna::i18n::catalogPath(QString::fromLatin1(e.code))));
        QVERIFY(QCoreApplication::installTranslator(&t));
        ExperimentRunner runner;
        ExperimentPanel panel(QStringLiteral("head_ranking"), &runner);
        QCOMPARE(panel.title(), QString::fromUtf8(e.title));
        QCOMPARE(QCoreApplication::translate("gna::studio::ExperimentResults", "Accuracy"),
                 QString::fromUtf8(e.accuracy));
        QCOMPARE(MainWindow::tr("Restore the last session?"), QString::fromUtf8(e.restore));
        // Plurals: the restore question and the mask panel's count.
        QVERIFY(MaskPanel::tr("%n MMLU question(s) from the bundled sample.", nullptr, 3).contains(QLatin1Char('3')));
        QVERIFY(MaskPanel::tr("%n MMLU question(s) from the bundled sample.", nullptr, 3) !=
                QStringLiteral("3 MMLU question(s) from the bundled sample."));
        // The interactive run's messages (a free function's tr()) translate too.
        QVERIFY(QCoreApplication::translate("gna::studio", "entropy of the last row (bits)") !=
                QStringLiteral("entropy of the last row (bits)"));
        // The line scores of the head board (its colour menu and the score label).
        for (const char* m : {"Gather score (line ends → their own line)", "Aggregate score (last token → line ends)"})
            QVERIFY2(MainWindow::tr(m) != QString::fromUtf8(m), m);
        for (const char* m :
             {"Gather score: attention of each line end on its own line",
              "Aggregate score: attention of the last token on the line ends",
              "Gather score: the prompt has no line ends", "Aggregate score: the prompt has no line ends"})
            QVERIFY2(QCoreApplication::translate("gna::studio", m) != QString::fromUtf8(m), m);
        // The tour's formats step when the card's top two heads show the dissociation.
        const char* topTwo =
            "%1 questions from %2, each with four options, scored in both formats. Share answered right "
            "with all heads on and with %3 and %4 off (the model card's top two of the head ranking).";
        QVERIFY(QCoreApplication::translate("gna::studio::GuidedTour", topTwo) != QString::fromUtf8(topTwo));
        QCoreApplication::removeTranslator(&t);
    }
}

GNA_GUI_TEST_MAIN(TestLanguage)
#include "tst_language.moc"
