// The real MainWindow's workspaces and start-up: save and reload, heads a workspace names that the model
// lacks, File ▸ Save workspace and the question on closing with unsaved changes, the command line's model
// and workspace, the crash autosave offer (of the model open last), dropped folders, recent models, the export dialog's remembered
// paper colours; screenshots into the build dir.
#include <QApplication>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QImage>
#include <QScopeGuard>
#include <QSpinBox>
#include <QTimer>

#include "layout_checks.h"
#include "studio_fixture.h"

#include "figure_export.h"
#include "paper_figures.h"
#include "plot_style.h"
#include "gui_test_main.h"
#include "layout_wait.h"

using namespace gna::studio;

class TestStudioWorkspace : public StudioFixture {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { makeTinyLlama(); }
    void workspaceRoundTrip();
    void workspaceNamesHeadsItCannotSwitchOff();
    void saveAndCloseAskAboutUnsavedChanges();
    void autosaveFollowsTheOpenModel();
    void positionalModelArgument();
    void workspaceOption();
    void autosaveRestoreAfterCrash();
    void dropModelFolderLoadsIt();
    void recentModelsUpdated();
    void screenshots();
    void differenceTabShowsBothHeads();
    void exportDialogRemembersPaperColours();
    void exportFigureIsTheOnePointedAt();
    void exportFigureSetAtTheChosenSize();
};

void TestStudioWorkspace::workspaceRoundTrip() {
    MainWindow w;
    openTiny(w);
    w.headBoard()->toggleHead(1, 3);
    w.setShownHeads({{1, 0}, {0, 2}});
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
    const QString path = m_dir.filePath(QStringLiteral("ws.gna.json"));
    QString error;
    QVERIFY2(w.saveWorkspace(path, &error), qPrintable(error));
    const Workspace saved = w.workspace();

    MainWindow w2;
    w2.show();
    QSignalSpy loaded(w2.session(), &Session::modelLoaded);
    QVERIFY2(w2.loadWorkspace(path, &error), qPrintable(error));
    QVERIFY(loaded.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!w2.session()->isRunning() && w2.session()->lastOutcome().generation > 0, 60000);
    const Workspace restored = w2.workspace();
    QCOMPARE(restored.modelPath, saved.modelPath);
    QCOMPARE(restored.prompt, m_prompt);
    QCOMPARE(restored.ablated.size(), 1);
    QCOMPARE(restored.ablated.front().name(), QStringLiteral("L1.H3"));
    QCOMPARE(restored.shownHeads.size(), 2);
    QCOMPARE(restored.shownHeads.front().name(), QStringLiteral("L1.H0"));
    QVERIFY(w2.headBoard()->model()->isAblated(1, 3));
    QVERIFY(!Workspace::load(m_dir.filePath(QStringLiteral("missing.json")), nullptr, &error));
    QVERIFY(error.contains(QStringLiteral("missing.json")));
}

// A workspace whose plan names heads the model lacks, and an entry that is no head name: the head that
// exists is switched off, each other one is named with what is wrong, in a message that names the file
// and its key; nothing is dropped silently, and no run fails on them.
void TestStudioWorkspace::workspaceNamesHeadsItCannotSwitchOff() {
    const QString path = m_dir.filePath(QStringLiteral("bad-heads.gna.json"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const QJsonObject plan{{QStringLiteral("ablate"),
                                QJsonArray{QStringLiteral("L99.H99"), QStringLiteral("bogus"), QStringLiteral("L1.H3"),
                                           QStringLiteral("L1.H64"), 7}}};
        f.write(QJsonDocument(QJsonObject{{QStringLiteral("format"), QStringLiteral("gna-studio-workspace")},
                                          {QStringLiteral("version"), 1},
                                          {QStringLiteral("model"), m_model},
                                          {QStringLiteral("prompt"), m_prompt},
                                          {QStringLiteral("plan"), plan}})
                    .toJson());
    }
    MainWindow w;
    w.resize(1366, 768);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    QString error;
    QVERIFY2(w.loadWorkspace(path, &error), qPrintable(error));
    QVERIFY(loaded.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation > 0, 60000);
    QVERIFY2(w.session()->lastOutcome().error.isEmpty(), qPrintable(w.session()->lastOutcome().error));
    QCOMPARE(w.session()->ablatedHeads().size(), 1);
    QCOMPARE(w.session()->ablatedHeads().front().name(), QStringLiteral("L1.H3"));
    QVERIFY(w.headBoard()->model()->isAblated(1, 3));
    const gna::ModelInfo& info = *w.session()->modelInfo();
    const QString shown = w.lastError();
    for (const QString& needle :
         {path, QStringLiteral("\"ablate\""),
          QStringLiteral("The model has no L99.H99: its layers are L0 to L%1").arg(info.num_layers - 1),
          QStringLiteral("The model has no L1.H64: the heads of layer 1 are H0 to H%1")
              .arg(info.layers[1].attention_heads - 1),
          QStringLiteral("“bogus” is not a head name"), QStringLiteral("“7” is not a head name"),
          QStringLiteral("Switched off: L1.H3")})
        QVERIFY2(shown.contains(needle), qPrintable(needle + QStringLiteral(" not in: ") + shown));
    // Said in the window, not only kept: the (window-modal, non-blocking) message is open with it.
    bool open = false;
    for (QMessageBox* box : w.findChildren<QMessageBox*>()) open = open || (box->isVisible() && box->text() == shown);
    QVERIFY(open);
}

// File ▸ Save workspace (Ctrl+S) writes the session's workspace file without asking; closing a window whose
// session has unsaved changes asks: Cancel keeps it open, Save writes the file and closes, Discard closes
// and leaves the file as it was. A window without changes closes without asking.
void TestStudioWorkspace::saveAndCloseAskAboutUnsavedChanges() {
    const QString path = m_dir.filePath(QStringLiteral("session.gna.json"));
    auto savedAblations = [&path] {
        Workspace back;
        QStringList names;
        if (Workspace::load(path, &back))
            for (const auto& h : back.ablated) names << h.name();
        return names;
    };
    auto toggle = [](MainWindow& w, int layer, int head) {
        const auto before = w.session()->lastOutcome().generation;
        w.headBoard()->toggleHead(layer, head);
        QTRY_VERIFY_WITH_TIMEOUT(w.session()->lastOutcome().generation > before && !w.session()->isRunning(), 60000);
    };
    {
        MainWindow w;
        openTiny(w);
        QVERIFY(!w.hasUnsavedChanges());  // a model just opened holds nothing to lose
        QString error;
        QVERIFY2(w.saveWorkspace(path, &error), qPrintable(error));
        QCOMPARE(w.workspaceFile(), path);
        toggle(w, 1, 3);
        QVERIFY(w.hasUnsavedChanges());
        w.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTest::keyClick(&w, Qt::Key_S, Qt::ControlModifier);  // File ▸ Save workspace: no dialog, the same file
        QTRY_VERIFY(!w.hasUnsavedChanges());
        QCOMPARE(savedAblations(), QStringList{QStringLiteral("L1.H3")});

        toggle(w, 0, 1);
        QVERIFY(!w.close());
        QTRY_VERIFY(w.unsavedChangesDialog() && w.unsavedChangesDialog()->isVisible());
        QMessageBox* box = w.unsavedChangesDialog();
        QVERIFY2(box->text().contains(QDir::toNativeSeparators(path)), qPrintable(box->text()));
        QTest::mouseClick(box->button(QMessageBox::Cancel), Qt::LeftButton);
        QTRY_VERIFY(!w.unsavedChangesDialog());
        QVERIFY(w.isVisible());
        QCOMPARE(savedAblations(), QStringList{QStringLiteral("L1.H3")});

        QVERIFY(!w.close());  // the Quit item's way too
        QTRY_VERIFY(w.unsavedChangesDialog() && w.unsavedChangesDialog()->isVisible());
        QTest::mouseClick(w.unsavedChangesDialog()->button(QMessageBox::Save), Qt::LeftButton);
        QTRY_VERIFY(!w.isVisible());
        QCOMPARE(savedAblations(), (QStringList{QStringLiteral("L0.H1"), QStringLiteral("L1.H3")}));
    }
    {
        MainWindow w;
        QSignalSpy loaded(w.session(), &Session::modelLoaded);
        w.resize(1366, 768);
        w.show();
        QString error;
        QVERIFY2(w.loadWorkspace(path, &error), qPrintable(error));
        QVERIFY(loaded.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation > 0, 60000);
        QCOMPARE(w.workspaceFile(), path);
        QVERIFY(!w.hasUnsavedChanges());  // as opened
        toggle(w, 0, 1);
        QVERIFY(!w.close());
        QTRY_VERIFY(w.unsavedChangesDialog() && w.unsavedChangesDialog()->isVisible());
        QTest::mouseClick(w.unsavedChangesDialog()->button(QMessageBox::Discard), Qt::LeftButton);
        QTRY_VERIFY(!w.isVisible());
        QCOMPARE(savedAblations(), (QStringList{QStringLiteral("L0.H1"), QStringLiteral("L1.H3")}));
    }
    MainWindow w;
    openTiny(w);
    QVERIFY(w.close());  // nothing changed: no question
}

// The autosave follows the model: a crash after opening another model offers that model back, not the
// one open at the last periodic autosave.
void TestStudioWorkspace::autosaveFollowsTheOpenModel() {
    const QString other = m_dir.filePath(QStringLiteral("tiny-other"));
    const QString made = makeTinyCheckpoint(other);
    QVERIFY2(made.isEmpty(), qPrintable(made));
    {
        MainWindow w;
        openTiny(w);
        QSignalSpy loaded(w.session(), &Session::modelLoaded);
        w.openModel(other);
        QVERIFY(loaded.wait(60000));
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
        // the window is gone without closing: a crash
    }
    StudioSettings().setLastCleanExit(QDateTime::currentDateTime().addSecs(-120));
    MainWindow w;
    QVERIFY(w.hasCrashAutosave());
    Workspace saved;
    QVERIFY(Workspace::load(w.autosavePath(), &saved));
    QCOMPARE(QFileInfo(saved.modelPath).canonicalFilePath(), QFileInfo(other).canonicalFilePath());
    w.show();
    QMessageBox* box = w.offerAutosaveRestore();
    QVERIFY(box);
    QVERIFY2(box->text().contains(QDir::toNativeSeparators(saved.modelPath)), qPrintable(box->text()));
    for (QAbstractButton* b : box->buttons())
        if (box->buttonRole(b) == QMessageBox::RejectRole) QTest::mouseClick(b, Qt::LeftButton);
    QTRY_VERIFY(!w.hasCrashAutosave());  // Discard: not offered again
}

void TestStudioWorkspace::positionalModelArgument() {
    // gna-studio MODEL_DIR: a relative folder name is resolved and opened at start.
    const QString cwd = QDir::currentPath();
    QDir::setCurrent(m_dir.path());
    const StartupRequest r = parseStartup({QStringLiteral("tiny-llama")}, QString());
    QDir::setCurrent(cwd);
    QCOMPARE(r.modelDir, QFileInfo(m_model).absoluteFilePath());
    QVERIFY(r.workspaceFile.isEmpty());
    MainWindow w;
    w.show();
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.applyStartup(r);
    QVERIFY(loaded.wait(60000));
    QCOMPARE(QFileInfo(w.session()->modelPath()).canonicalFilePath(), QFileInfo(m_model).canonicalFilePath());
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation > 0, 60000);
    QVERIFY(w.restoreDialog() == nullptr);  // a requested model is not second-guessed by a restore offer
    QVERIFY(!w.windowTitle().isEmpty() && w.windowTitle().contains(QStringLiteral("tiny-llama")));
}

void TestStudioWorkspace::workspaceOption() {
    Workspace ws;
    ws.modelPath = m_model;
    ws.prompt = m_prompt;
    ws.candidates = {QStringLiteral("17")};
    ws.ablated = {{1, 2}};
    ws.shownHeads = {{1, 1}, {0, 0}};
    const QString path = m_dir.filePath(QStringLiteral("start.gna.json"));
    QVERIFY(ws.save(path));
    // --workspace FILE, and a positional *.json is a workspace too.
    QCOMPARE(parseStartup({}, path).workspaceFile, path);
    QCOMPARE(parseStartup({path}, QString()).workspaceFile, path);
    QVERIFY(parseStartup({path}, QString()).modelDir.isEmpty());
    MainWindow w;
    w.show();
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.applyStartup(parseStartup({}, path));
    QVERIFY(loaded.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation > 0, 60000);
    QVERIFY(w.headBoard()->model()->isAblated(1, 2));
    QCOMPARE(w.session()->shownHeads().value(0).name(), QStringLiteral("L1.H1"));
    QCOMPARE(w.promptEditor()->prompt(), m_prompt);
}

void TestStudioWorkspace::autosaveRestoreAfterCrash() {
    {
        // A session autosaves, then "crashes": the window is never closed, so no clean exit is recorded.
        MainWindow w;
        openTiny(w);
        w.headBoard()->toggleHead(1, 3);
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
        QDir().mkpath(QFileInfo(w.autosavePath()).absolutePath());
        QVERIFY(w.saveWorkspace(w.autosavePath()));
        StudioSettings().setLastCleanExit(QDateTime::currentDateTime().addSecs(-120));
    }
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QVERIFY(w.hasCrashAutosave());
    w.applyStartup(StartupRequest{});  // nothing asked for: the restore is offered
    QMessageBox* box = w.restoreDialog();
    QVERIFY(box);
    QTRY_VERIFY(box->isVisible());
    QCOMPARE(box->windowModality(), Qt::WindowModal);  // non-blocking: we got here while it is open
    QPushButton* restore = nullptr;
    for (QAbstractButton* b : box->buttons())
        if (box->buttonRole(b) == QMessageBox::AcceptRole) restore = qobject_cast<QPushButton*>(b);
    QVERIFY(restore);
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    QTest::mouseClick(restore, Qt::LeftButton);
    QVERIFY(loaded.wait(60000));
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation > 0, 60000);
    QVERIFY(w.headBoard()->model()->isAblated(1, 3));
    QCOMPARE(w.session()->ablatedHeads().size(), 1);
    QCOMPARE(w.promptEditor()->prompt(), m_prompt);
    // A clean exit: nothing is offered at the next start. The restored session was never saved: closing
    // asks first; Discard closes.
    QVERIFY(!w.close());
    QTRY_VERIFY(w.unsavedChangesDialog() && w.unsavedChangesDialog()->isVisible());
    QTest::mouseClick(w.unsavedChangesDialog()->button(QMessageBox::Discard), Qt::LeftButton);
    QTRY_VERIFY(!w.isVisible());
    MainWindow next;
    QVERIFY(!next.hasCrashAutosave());
    QVERIFY(next.offerAutosaveRestore() == nullptr);
}

void TestStudioWorkspace::dropModelFolderLoadsIt() {
    MainWindow w;
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(m_model)});
    const QPoint at(w.width() / 2, w.height() / 2);
    QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &enter);
    QVERIFY(enter.isAccepted());
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&w, &drop);
    QVERIFY(loaded.wait(60000));
    QCOMPARE(w.session()->modelPath(), m_model);
    // A file that is not a folder is refused.
    QMimeData file;
    file.setUrls({QUrl::fromLocalFile(m_model + QStringLiteral("/config.json"))});
    QDragEnterEvent refuse(at, Qt::CopyAction, &file, Qt::LeftButton, Qt::NoModifier);
    refuse.setAccepted(false);
    QApplication::sendEvent(&w, &refuse);
    QVERIFY(!refuse.isAccepted());
}

void TestStudioWorkspace::recentModelsUpdated() {
    StudioSettings().setRecentModels({QStringLiteral("/nowhere/older-model")});
    MainWindow w;
    QCOMPARE(w.recentMenu()->actions().size(), 1);
    openTiny(w);
    const QStringList recent = StudioSettings().recentModels();
    QCOMPARE(recent.size(), 2);
    QCOMPARE(recent.front(), m_model);
    QCOMPARE(recent.at(1), QStringLiteral("/nowhere/older-model"));
    const QList<QAction*> actions = w.recentMenu()->actions();
    QCOMPARE(actions.size(), 2);
    QCOMPARE(actions.front()->text(), QDir::toNativeSeparators(m_model));
    // Opening it again does not duplicate it.
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    actions.front()->trigger();
    QVERIFY(loaded.wait(60000));
    QCOMPARE(StudioSettings().recentModels().size(), 2);
}

void TestStudioWorkspace::screenshots() {
    const QString dir = QStringLiteral(GNA_TEST_DATA_DIR "/../../screenshots");
    QDir().mkpath(dir);
    for (const auto& [name, theme] :
         {std::pair{QStringLiteral("light"), Theme::Light}, std::pair{QStringLiteral("dark"), Theme::Dark}}) {
        applyTheme(theme);
        MainWindow w;
        openTiny(w);
        w.headBoard()->toggleHead(1, 2);
        QTRY_VERIFY_WITH_TIMEOUT(
            !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
        gna::testing::waitForLayout(w);  // queued replots
        const QImage img = w.grab().toImage();
        QVERIFY(img.save(QDir(dir).filePath(QStringLiteral("main_window_%1.png").arg(name))));
    }
    applyTheme(Theme::Light);
    // A small window in compare mode (board coloured by score changes, difference map).
    MainWindow w;
    openTiny(w);
    w.resize(1024, 640);
    for (QCheckBox* c : w.findChildren<QCheckBox*>())
        if (c->text().contains(QStringLiteral("Compare"))) c->click();
    QVERIFY(w.session()->compare());
    w.headBoard()->toggleHead(0, 1);
    QTRY_VERIFY_WITH_TIMEOUT(
        !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    QVERIFY(w.session()->lastOutcome().scoresAreDeltas);
    gna::testing::waitForLayout(w);
    QVERIFY(w.grab().toImage().save(QDir(dir).filePath(QStringLiteral("main_window_compare_small.png"))));
    // The byte-level tokens ("<|begin_of_text|>") leave the maps readable (they left them 20 px wide).
    const QString bad = mapProblems(w, QSize(120, 120));
    QVERIFY2(bad.isEmpty(), qPrintable(bad));
}

// File > Export figure opens with the last paper-colours choice and remembers a new one (StudioSettings, which
// Export figure set and the KV-map figures read); a cancelled dialog changes nothing.
void TestStudioWorkspace::exportDialogRemembersPaperColours() {
    StudioSettings().setPaperColours(true);
    const auto reset = qScopeGuard([] { StudioSettings().setPaperColours(true); });
    MainWindow w;
    openTiny(w);
    const QString path = m_dir.filePath(QStringLiteral("screen_colours.pdf"));
    // Opens the dialog (File ▸ Export figure), notes its choice, clears the box when `clear`, then accepts or
    // cancels it.
    auto answer = [&](bool clear, bool accept, bool* offered) {
        w.findChild<QAction*>(QStringLiteral("exportFigure"))->trigger();
        gna::views::FigureExportDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = w.findChild<gna::views::FigureExportDialog*>()) && dialog->isVisible());
        *offered = dialog->options().paperColours;
        if (clear) dialog->setPaperColours(false);
        dialog->findChild<QLineEdit*>(QString(), Qt::FindDirectChildrenOnly)->setText(path);
        accept ? dialog->accept() : dialog->reject();
        QTRY_VERIFY(!w.findChild<gna::views::FigureExportDialog*>());  // gone when closed
    };
    bool offered = false;
    answer(true, true, &offered);
    QVERIFY(offered);
    QVERIFY(QFileInfo(path).size() > 0);
    QVERIFY(!StudioSettings().paperColours());
    offered = true;
    answer(false, false, &offered);
    QVERIFY(!offered);  // the dialog opened with the box cleared, as last chosen
    QVERIFY(!StudioSettings().paperColours());
}

// File ▸ Export figure (Ctrl+E) offers the figure the user last clicked, named in the dialog (any map, the
// head board, the chart, an experiment plot), and writes that one; each figure laid out for a single
// column draws every text whole inside its page (the Gather map's title was cut at 3.3 in).
void TestStudioWorkspace::exportFigureIsTheOnePointedAt() {
    MainWindow w;
    openTiny(w);
    w.resize(1366, 768);
    w.activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(&w));
    gna::testing::waitForLayout(w);
    using gna::views::FigureExportDialog;
    auto exportPointed = [&](QWidget* pointAt, const QString& expectTitle, const QString& expectStem,
                             const QString& csvMustHold) {
        w.activateWindow();  // back from the last dialog, as the window manager does
        QVERIFY(QTest::qWaitForWindowActive(&w));
        QTest::mouseClick(pointAt, Qt::LeftButton, {}, QPoint(pointAt->width() / 2, pointAt->height() / 2));
        QTest::keyClick(&w, Qt::Key_E, Qt::ControlModifier);
        FigureExportDialog* dialog = nullptr;
        QTRY_VERIFY((dialog = w.findChild<FigureExportDialog*>()) && dialog->isVisible());
        QCOMPARE(dialog->figureChooser()->currentText(), expectTitle);
        QVERIFY(dialog->figureChooser()->isVisibleTo(dialog));
        QCOMPARE(QFileInfo(dialog->path()).completeBaseName(), expectStem);
        const QString file = m_dir.filePath(expectStem + QStringLiteral(".csv"));
        for (QComboBox* c : dialog->findChildren<QComboBox*>())
            if (c != dialog->figureChooser() && c->count() == 4) c->setCurrentIndex(3);  // CSV (data)
        dialog->findChild<QLineEdit*>(QString(), Qt::FindDirectChildrenOnly)->setText(file);
        QCOMPARE(dialog->figureChooser()->currentText(), expectTitle);
        dialog->accept();
        QTRY_VERIFY(!w.findChild<FigureExportDialog*>());
        QFile f(file);
        QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(file));
        const QString csv = QString::fromUtf8(f.readAll());
        QVERIFY2(csv.contains(csvMustHold), qPrintable(csvMustHold + QStringLiteral(" not in ") + csv.left(300)));
    };
    const QString aggregate = w.heatmaps()->aggregate()->data().title;
    QVERIFY(aggregate.startsWith(QStringLiteral("Aggregate")));
    exportPointed(w.heatmaps()->aggregate(), aggregate, QStringLiteral("aggregate"), aggregate);
    exportPointed(w.headBoard(), QStringLiteral("Head board"), QStringLiteral("head_board"),
                  QStringLiteral("series,layer,head,head_name,score,ablated"));
    exportPointed(w.nextTokenChart(), QStringLiteral("Next-token chart"), QStringLiteral("next_token"),
                  QStringLiteral("series,token,probability"));

    // Each figure at a single column: every text whole and inside the page; with a head switched off (a
    // click on its cell), the maps' figures say which.
    w.activateWindow();
    QTest::mouseClick(w.headBoard(), Qt::LeftButton, {}, w.headBoard()->cellRect(1, 3).center());
    QTRY_VERIFY_WITH_TIMEOUT(
        !w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    gna::views::FigureOptions o;
    o.widthInches = gna::views::kSingleColumnInches;
    for (const PaperFigure& f : paperFigures(w, o)) {
        o.heightInches = f.heightInches;
        const gna::views::DrawnFigure drawn = gna::views::drawnFigure(f.plot, o);
        const QRectF page(QPointF(0, 0), drawn.size);
        for (const auto& t : drawn.texts)
            QVERIFY2(page.adjusted(-0.5, -0.5, 0.5, 0.5).contains(t.rect),
                     qPrintable(f.name + QStringLiteral(": “") + t.text + QStringLiteral("” outside the page")));
        if (f.name == QLatin1String("gather")) {
            bool titled = false, lastRow = false;
            const gna::views::HeatmapData& data = w.heatmaps()->gather()->data();
            const QString last =
                QString::number(data.rowPositions.value(data.rows - 1, data.rows - 1)) + QLatin1Char(' ');
            QString all;
            for (const auto& t : drawn.texts) {
                all += t.text + QLatin1Char(' ');
                lastRow = lastRow || t.text.startsWith(last);  // the row the text discusses keeps its label
            }
            titled = all.simplified().contains(f.title.simplified());  // whole, on as many lines as it takes
            QVERIFY2(titled, qPrintable(f.title + QStringLiteral(" not in ") + all));
            // The click on the board switched a head off: the figure says so.
            QVERIFY2(f.title.endsWith(QStringLiteral("switched off: L1.H3")), qPrintable(f.title));
            QVERIFY2(lastRow, qPrintable(last));
        }
    }
}

// File ▸ Export figure set asks for the folder, the formats, the width and the DPI (they were fixed: a
// single column at 300 dpi in every format): a double column at 150 dpi in PNG only writes PNGs
// 6.9 x 150 = 1035 pixels wide and nothing else but the data.
void TestStudioWorkspace::exportFigureSetAtTheChosenSize() {
    MainWindow w;
    openTiny(w);
    w.findChild<QAction*>(QStringLiteral("exportFigureSet"))->trigger();
    gna::views::FigureSetDialog* dialog = nullptr;
    QTRY_VERIFY((dialog = w.findChild<gna::views::FigureSetDialog*>()) && dialog->isVisible());
    QTemporaryDir out;
    dialog->findChild<QLineEdit*>(QStringLiteral("folder"))->setText(out.path());
    auto* preset = dialog->findChild<QComboBox*>(QStringLiteral("sizePreset"));
    QTest::keyClick(preset, Qt::Key_Down);  // the double column
    QCOMPARE(dialog->findChild<QDoubleSpinBox*>(QStringLiteral("width"))->value(), gna::views::kDoubleColumnInches);
    dialog->findChild<QSpinBox*>(QStringLiteral("dpi"))->setValue(150);
    for (const QString& format : {QStringLiteral("pdf"), QStringLiteral("svg")}) {
        auto* box = dialog->findChild<QCheckBox*>(format);
        QVERIFY(box && box->isChecked());
        QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(4, box->height() / 2));
        QVERIFY(!box->isChecked());
    }
    QTest::mouseClick(dialog->findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    QTRY_VERIFY(!w.findChild<gna::views::FigureSetDialog*>());
    QTRY_VERIFY(QFileInfo::exists(QDir(out.path()).filePath(QStringLiteral("head_board.csv"))));
    const QStringList pngs = QDir(out.path()).entryList({QStringLiteral("*.png")});
    QVERIFY2(pngs.contains(QStringLiteral("gather.png")) && pngs.contains(QStringLiteral("head_board.png")),
             qPrintable(pngs.join(QLatin1Char(' '))));
    for (const QString& png : pngs) QCOMPARE(QImage(QDir(out.path()).filePath(png)).width(), 1035);
    QVERIFY(QDir(out.path()).entryList({QStringLiteral("*.pdf"), QStringLiteral("*.svg")}).isEmpty());
    QVERIFY(QFileInfo::exists(QDir(out.path()).filePath(QStringLiteral("gather.csv"))));
}

GNA_GUI_TEST_MAIN(TestStudioWorkspace)

// Compare mode's difference tab: with no head ablated a message says so (no flat map, no figure); with
// an ablation that comes after both shown heads it says the maps do not change; with one before the
// Gather head (layer 0, the Gather head in layer 1, the Aggregate head in layer 0) the Gather head's
// difference is drawn beside the Aggregate head's, on one symmetric colour range, and the figure set
// writes both.
void TestStudioWorkspace::differenceTabShowsBothHeads() {
    MainWindow w;
    openTiny(w);
    w.setShownHeads({{1, 0}, {0, 2}});
    QVERIFY(waitForResult(w));
    auto* compare = w.findChild<QCheckBox*>(QStringLiteral("compareCheck"));
    QVERIFY(compare);
    gna::views::GatherAggregatePair* diff = w.differences();
    auto settle = [&] {
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && !w.session()->lastOutcome().baselineMaps.isEmpty(),
                                 60000);
    };
    compare->setChecked(true);
    settle();
    QTRY_VERIFY_WITH_TIMEOUT(diff->message().startsWith(QStringLiteral("No head is ablated")), 60000);
    QTemporaryDir out;
    for (const auto* map : {diff->gather(), diff->aggregate()}) {
        QVERIFY(!map->data().isValid());
        QString error;
        QVERIFY(!gna::views::exportFigure(map->plot(), out.filePath(QStringLiteral("d.png")),
                                          gna::views::FigureFormat::PNG, {}, &error));
        QVERIFY2(error.contains(QStringLiteral("No head is ablated")), qPrintable(error));
    }
    QVERIFY(diff->gather()->isVisibleTo(diff) && !diff->aggregate()->isVisibleTo(diff));  // one message across the pair
    QString error;
    QStringList files = writePaperFigures(w, out.path(), {gna::views::FigureFormat::PNG}, {}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(files.filter(QStringLiteral("difference")).isEmpty());

    // L1.H3 is switched off after both shown heads' maps are made: both runs' maps agree cell for cell.
    const int before = w.session()->lastOutcome().generation;
    w.headBoard()->toggleHead(1, 3);
    QTRY_VERIFY_WITH_TIMEOUT(int(w.session()->lastOutcome().generation) > before && !w.session()->isRunning(), 60000);
    {
        const RunOutcome& o = w.session()->lastOutcome();
        QCOMPARE(o.maps.size(), 2);
        QCOMPARE(o.baselineMaps.size(), 2);
        for (int i = 0; i < 2; ++i) QVERIFY(o.maps[i].values == o.baselineMaps[i].values);
    }
    QVERIFY2(diff->message().startsWith(QStringLiteral("The ablated heads do not change these maps")),
             qPrintable(diff->message()));

    // L0.H1 as well: the Gather head (layer 1) changes, the Aggregate head (layer 0, beside L0.H1) does not.
    const int second = w.session()->lastOutcome().generation;
    w.headBoard()->toggleHead(0, 1);
    QTRY_VERIFY_WITH_TIMEOUT(int(w.session()->lastOutcome().generation) > second && !w.session()->isRunning(), 60000);
    QVERIFY(diff->message().isEmpty());
    const RunOutcome& o = w.session()->lastOutcome();
    const gna::views::HeatmapData& g = diff->gather()->data();
    QVERIFY(g.isValid() && diff->aggregate()->data().isValid());
    QCOMPARE(g.title, QStringLiteral("Gather L1.H0: ablated − unablated"));
    QCOMPARE(diff->aggregate()->data().title, QStringLiteral("Aggregate L0.H2: unchanged by the ablation"));
    double largest = 0.0;
    for (int r = 0; r < g.rows; ++r)
        for (int c = 0; c < g.cols; ++c) {
            const double want = double(o.maps[0].at(r, c)) - double(o.baselineMaps[0].at(r, c));
            QVERIFY(std::abs(g.at(r, c) - want) < 1e-7);
            largest = std::max(largest, std::abs(want));
        }
    QVERIFY(largest > 0.0);
    // "Same colour range" (on by default): one symmetric range for both, reaching the largest change.
    QVERIFY(diff->sharedRange() && diff->gather()->hasFixedRange());
    const QCPRange a = diff->gather()->colorMap()->dataRange(), b = diff->aggregate()->colorMap()->dataRange();
    QCOMPARE(a.lower, b.lower);
    QCOMPARE(a.upper, b.upper);
    QCOMPARE(a.lower, -a.upper);
    QVERIFY(a.upper >= largest);
    // The choice is one for both tabs.
    w.heatmaps()->setSharedRange(false);
    QVERIFY(!diff->sharedRange());
    w.heatmaps()->setSharedRange(true);

    // The figure set: both differences, each in every format with its CSV.
    files = writePaperFigures(
        w, out.path(), {gna::views::FigureFormat::PDF, gna::views::FigureFormat::SVG, gna::views::FigureFormat::PNG},
        {}, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    for (const QString& name : {QStringLiteral("difference_gather"), QStringLiteral("difference_aggregate")})
        for (const QString& suffix :
             {QStringLiteral(".pdf"), QStringLiteral(".svg"), QStringLiteral(".png"), QStringLiteral(".csv")})
            QVERIFY2(files.contains(out.filePath(name + suffix)), qPrintable(name + suffix));
    QFile csv(out.filePath(QStringLiteral("difference_gather.csv")));
    QVERIFY(csv.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(csv.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    QCOMPARE(lines.value(0),
             QStringLiteral("series,query_position,query_token,key_position,key_token,weight_difference"));
    QVERIFY2(lines.value(1).startsWith(QStringLiteral("Gather L1.H0: ablated − unablated,")),
             qPrintable(lines.value(1)));
}

#include "tst_studio_workspace.moc"
