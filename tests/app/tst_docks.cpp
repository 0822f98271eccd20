// The docks beside the main view on the bundled demos, measured on the real window (offscreen). At 1600x1000
// and 1280x860 the Experiments dock, opened from its menu, shows the fields of the head-ranking form with each
// ranking method (at 1600x1000 all of them) while the main view keeps 45% of the window (at most 480 px) and
// readable maps. On a model without attention heads (the SSM demo) the G&A mask editor collapses to a line
// that says why, its dock no higher than that line, and the hidden-attention maps' titles say that their
// colour is signed when a cell is negative; an attention model (the hybrid demo) brings every control back.
// Beside the mask editor, Alt+G reaches the main view's Gather head field, every time.
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTest>
#include <algorithm>

#include "layout_checks.h"
#include "mnemonic_checks.h"
#include "attention_heatmap.h"
#include "mask_editor.h"
#include "mask_panel.h"
#include "prompt_editor.h"
#include "theme.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::studio;

namespace {

// The action of the menu bar's menu `menu` whose text starts with `item` (both as shown, mnemonicFree).
QAction* menuAction(const MainWindow& w, const QString& menu, const QString& item) {
    for (const QAction* m : w.menuBar()->actions())
        if (m->menu() && mnemonicFree(m->text()) == menu)
            for (QAction* a : m->menu()->actions())
                if (mnemonicFree(a->text()).startsWith(item)) return a;
    return nullptr;
}

// The form's rows with a labelled field wholly in its pane's sight, and how many it shows (a note row has no label).
std::pair<int, int> fieldRowsInSight(const ExperimentPanel* p) {
    const auto* scroll = p->findChild<QScrollArea*>(QStringLiteral("formScroll"));
    const auto* form = p->form()->findChild<QFormLayout*>();
    int shown = 0, fields = 0;
    for (int row = 0; form && row < form->rowCount(); ++row) {
        const QLayoutItem* label = form->itemAt(row, QFormLayout::LabelRole);
        const QLayoutItem* field = form->itemAt(row, QFormLayout::FieldRole);
        if (!label || label->isEmpty() || !label->widget() ||
            qobject_cast<QLabel*>(label->widget())->text().isEmpty() || !field)
            continue;
        ++fields;
        QRect r = label->geometry() | field->geometry();
        r.moveTopLeft(p->form()->mapTo(scroll->viewport(), r.topLeft()));
        if (scroll->viewport()->rect().contains(r)) ++shown;
    }
    return {shown, fields};
}

}  // namespace

class TestDocks : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // 1600x1000: every field of the head-ranking form in sight with each method (with the exact method the whole
    // form: no scroll bar; the fast methods' extra row leaves the note under the results folder, where an empty
    // folder writes, to scroll), 1280x860: at least six of them (the main view keeps 45% of the height).
    void experimentFormWholeInALargeWindow() {
        applyTheme(Theme::Light);
        for (const QSize size : {QSize(1600, 1000), QSize(1280, 860)}) {
            MainWindow w;
            w.resize(size);
            QVERIFY(openDemo(w, QStringLiteral("transformer")));
            QAction* open = menuAction(w, QStringLiteral("Experiments"), QStringLiteral("Head ranking"));
            QVERIFY(open);
            open->trigger();
            gna::testing::waitForLayout(w);
            const QString where = QStringLiteral("%1x%2: ").arg(size.width()).arg(size.height());
            QCOMPARE(w.size(), size);
            QVERIFY2(!w.coveringDock() && w.centralWidget()->isVisible(),
                     qPrintable(where + QStringLiteral("the main view is covered")));
            ExperimentPanel* p = w.experiments()->panel(QStringLiteral("head_ranking"));
            auto* method = p->findChild<QComboBox*>(QStringLiteral("method"));
            const auto* scroll = p->findChild<QScrollArea*>(QStringLiteral("formScroll"));
            QVERIFY(method && scroll);
            for (int i = 0; i < method->count(); ++i) {
                // The method chosen with the keyboard: the attribution methods add a row (heads wanted).
                method->setFocus();
                while (method->currentIndex() != i)
                    QTest::keyClick(method, method->currentIndex() < i ? Qt::Key_Down : Qt::Key_Up);
                gna::testing::waitForLayout(w);
                const QString at = where + method->currentText() + QStringLiteral(": ");
                const auto [shown, fields] = fieldRowsInSight(p);
                const bool large = size.width() >= 1600;
                QVERIFY2(shown >= (large ? fields : 6),
                         qPrintable(at + QStringLiteral("%1 of %2 fields in sight").arg(shown).arg(fields)));
                if (large && method->currentData().toString() == QLatin1String("exact"))
                    QVERIFY2(scroll->verticalScrollBar()->maximum() == 0,
                             qPrintable(at +
                                        QStringLiteral("the form is %1 px high in a pane of %2 px")
                                            .arg(p->form()->height())
                                            .arg(scroll->viewport()->height())));
                QString bad = experimentProblems(w, p->kind());
                QVERIFY2(bad.isEmpty(), qPrintable(at + bad));
                bad = mapProblems(w, QSize(120, 120));
                QVERIFY2(bad.isEmpty(), qPrintable(at + bad));
                const int share = std::min(480, size.height() * 9 / 20);
                QVERIFY2(w.centralWidget()->height() >= share,
                         qPrintable(at +
                                    QStringLiteral("the main view is %1 px high, not %2")
                                        .arg(w.centralWidget()->height())
                                        .arg(share)));
            }
        }
    }

    void maskEditorCollapsesWithoutAttention() {
        applyTheme(Theme::Light);
        MainWindow w;
        w.resize(1600, 1000);
        QVERIFY(openDemo(w, QStringLiteral("ssm")));
        QAction* open = menuAction(w, QStringLiteral("Experiments"), QStringLiteral("G&A mask editor"));
        QVERIFY(open);
        open->trigger();
        gna::testing::waitForLayout(w);
        MaskPanel* panel = w.maskPanel();
        auto* dock = qobject_cast<QDockWidget*>(panel->parentWidget());
        QVERIFY(dock && dock->isVisible());
        const QList<const QWidget*> controls = {panel->questionBox(), panel->ruleBox(), panel->runButton(),
                                                panel->resetButton(), panel->editor(),  panel->chart()};
        // The SSM demo: the line that says why, nothing else, and the dock as high as its title bar and that line.
        QTRY_VERIFY(panel->isCollapsed());
        const QLabel* why = panel->hintLabel();
        QVERIFY(why->isVisible());
        QVERIFY2(why->text().contains(QStringLiteral("no attention heads")), qPrintable(why->text()));
        for (const QWidget* c : controls) QVERIFY2(!c->isVisible(), c->metaObject()->className());
        QVERIFY2(why->height() >= why->heightForWidth(why->width()),
                 qPrintable(QStringLiteral("a line cut to %1 px").arg(why->height())));
        const int lines = why->heightForWidth(why->width()) / why->fontMetrics().lineSpacing();
        QVERIFY2(lines <= 2, qPrintable(QStringLiteral("%1 lines at %2 px").arg(lines).arg(why->width())));
        const int titleAndLine =
            dock->height() - panel->height() + why->height() + 2 * panel->layout()->contentsMargins().top() + 4;
        QVERIFY2(
            dock->height() <= titleAndLine && dock->height() < w.height() / 4,
            qPrintable(
                QStringLiteral("the dock is %1 px high for a line of %2 px").arg(dock->height()).arg(why->height())));
        const int collapsedWidth = dock->width();
        const QString bad = mapProblems(w, QSize(120, 120));
        QVERIFY2(bad.isEmpty(), qPrintable(QStringLiteral("beside the collapsed editor: ") + bad));
        // The SSM heads' hidden attention: a map with negative cells has a colour scale through 0 and a title
        // that says its colour is signed (the sign read from the values the core computed).
        for (const gna::views::AttentionHeatmap* map : {w.heatmaps()->gather(), w.heatmaps()->aggregate()}) {
            const auto least = *std::min_element(map->data().values.begin(), map->data().values.end());
            const QString title = map->titleText().simplified();
            QVERIFY2(map->data().hiddenAttention && (least < 0.0f) == (map->colorScale()->dataRange().lower < 0.0) &&
                         title.contains(QStringLiteral("signed")) == (least < 0.0f),
                     qPrintable(QStringLiteral("least value %1: %2").arg(least).arg(title)));
        }

        // The hybrid demo (attention layers): every control back, enabled, the dock as high as the window's side.
        QSignalSpy loaded(w.session(), &Session::modelLoaded);
        w.openModel(QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/hybrid"));
        QVERIFY(loaded.wait(60000) && waitIdle(w));
        gna::testing::waitForLayout(w);
        QVERIFY(!panel->isCollapsed());
        for (const QWidget* c : controls) QVERIFY2(c->isVisible(), c->metaObject()->className());
        QTRY_VERIFY(panel->questionBox()->count() > 0 && panel->questionBox()->isEnabled());
        QVERIFY2(panel->hintLabel()->text().contains(QStringLiteral("Click a token")),
                 qPrintable(panel->hintLabel()->text()));
        QVERIFY2(dock->height() > w.height() / 2,
                 qPrintable(QStringLiteral("the dock stayed %1 px high").arg(dock->height())));
        QVERIFY2(panel->editor()->height() >= 100 && panel->chart()->height() >= 150,
                 qPrintable(QStringLiteral("editor %1 px, chart %2 px")
                                .arg(panel->editor()->height())
                                .arg(panel->chart()->height())));
        QVERIFY(dock->width() >= collapsedWidth);
        const int fullWidth = dock->width();

        // And back to the SSM demo: collapsed again.
        w.openModel(QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/ssm"));
        QVERIFY(loaded.wait(60000) && waitIdle(w));
        QTRY_VERIFY(panel->isCollapsed() && !panel->runButton()->isVisible());
        // Its controls' width goes back to the main view, also in a 1024x640 window with the Model dock as a tab beside it.
        QTRY_VERIFY2(dock->width() < fullWidth * 3 / 4,
                     qPrintable(QStringLiteral("%1 px wide, %2 with its controls").arg(dock->width()).arg(fullWidth)));
        w.resize(1024, 640);
        dock->hide();
        gna::testing::waitForLayout(w);
        dock->show();
        gna::testing::waitForLayout(w);
        QVERIFY(w.tabifiedDockWidgets(dock).contains(w.findChild<QDockWidget*>(QStringLiteral("modelDock"))));
        QVERIFY2(dock->width() < w.width() * 3 / 10 - 20,
                 qPrintable(QStringLiteral("%1 px wide at 1024x640").arg(dock->width())));
        QVERIFY2(why->height() >= why->heightForWidth(why->width()),  // its whole line, wrapped to the narrower dock
                 qPrintable(QStringLiteral("%1 px high, its text needs %2")
                                .arg(why->height())
                                .arg(why->heightForWidth(why->width()))));
    }

    // With the mask editor docked beside the main view, Alt+G reaches the main view's Gather head field every
    // time (Qt alternates between fields that share a letter), and the editor's own letters reach its fields.
    void altLettersReachOneFieldEach() {
        applyTheme(Theme::Light);
        MainWindow w;
        w.resize(1600, 1000);
        QVERIFY(openDemo(w, QStringLiteral("transformer")));
        w.maskPanel()->parentWidget()->show();
        gna::testing::waitForLayout(w);
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTRY_VERIFY(w.maskPanel()->questionBox()->count() > 0);
        auto* mainGather = w.centralWidget()->findChild<QLineEdit*>(QStringLiteral("gatherHead"));
        auto* mainAggregate = w.centralWidget()->findChild<QLineEdit*>(QStringLiteral("aggregateHead"));
        auto* maskGather = w.maskPanel()->findChild<QLineEdit*>(QStringLiteral("maskGather"));
        auto* maskAggregate = w.maskPanel()->findChild<QLineEdit*>(QStringLiteral("maskAggregate"));
        QVERIFY(mainGather && mainAggregate && maskGather && maskAggregate && maskGather->isEnabled());
        auto press = [&](QLineEdit* field, int times) {
            const QString label = labelOf(field->parentWidget()->window(), field);
            const QKeyCombination key = QKeySequence::mnemonic(label)[0];
            for (int i = 0; i < times; ++i) {
                w.promptEditor()->setFocus();
                QTest::keyClick(QApplication::focusWidget(), key.key(), Qt::AltModifier);
                QTRY_VERIFY2(field->hasFocus(),
                             qPrintable(QStringLiteral("%1 (%2), press %3: focus on %4")
                                            .arg(label, QKeySequence(key).toString())
                                            .arg(i + 1)
                                            .arg(QApplication::focusWidget() ? QApplication::focusWidget()->objectName()
                                                                             : QString())));
            }
        };
        press(mainGather, 3);
        press(mainAggregate, 3);
        press(maskGather, 2);
        press(maskAggregate, 2);
        QCOMPARE(QKeySequence::mnemonic(labelOf(&w, mainGather)), QKeySequence(Qt::ALT | Qt::Key_G));
    }

    // The Model dock closed with its close button comes back from View ▸ Model, as the other docks do.
    void aClosedModelDockReopensFromTheViewMenu() {
        MainWindow w;
        w.resize(1366, 768);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        auto* dock = w.findChild<QDockWidget*>(QStringLiteral("modelDock"));
        QVERIFY(dock && dock->isVisible());
        auto* close = dock->findChild<QAbstractButton*>(QStringLiteral("qt_dockwidget_closebutton"));
        QVERIFY(close);
        QTest::mouseClick(close, Qt::LeftButton);
        QTRY_VERIFY(!dock->isVisible());
        QAction* item = menuAction(w, QStringLiteral("View"), dock->windowTitle());
        QVERIFY2(item, "View has no item for the Model dock");
        QVERIFY(!item->isChecked());
        item->trigger();
        QTRY_VERIFY(dock->isVisible());
        QVERIFY(item->isChecked());
    }
};

GNA_GUI_TEST_MAIN(TestDocks)
#include "tst_docks.moc"
