// The real MainWindow's workspaces and start-up: save and reload, the command line's model and
// workspace, the crash autosave offer, dropped folders, recent models; screenshots into the build dir.
#include "layout_checks.h"
#include "studio_fixture.h"

using namespace gna::studio;

class TestStudioWorkspace : public StudioFixture {
    Q_OBJECT
private Q_SLOTS:
    void initTestCase() { makeTinyLlama(); }
    void workspaceRoundTrip();
    void positionalModelArgument();
    void workspaceOption();
    void autosaveRestoreAfterCrash();
    void dropModelFolderLoadsIt();
    void recentModelsUpdated();
    void screenshots();
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
    // A clean exit: nothing is offered at the next start.
    w.close();
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
    for (const auto& [name, theme] : {std::pair{QStringLiteral("light"), Theme::Light}, std::pair{QStringLiteral("dark"), Theme::Dark}}) {
        applyTheme(theme);
        MainWindow w;
        openTiny(w);
        w.headBoard()->toggleHead(1, 2);
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
        QTest::qWait(200);  // queued replots
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
    QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning() && w.session()->lastOutcome().generation == w.session()->generation(), 60000);
    QVERIFY(w.session()->lastOutcome().scoresAreDeltas);
    QTest::qWait(200);
    QVERIFY(w.grab().toImage().save(QDir(dir).filePath(QStringLiteral("main_window_compare_small.png"))));
    // The byte-level tokens ("<|begin_of_text|>") leave the maps readable (they left them 20 px wide).
    const QString bad = mapProblems(w, QSize(120, 120));
    QVERIFY2(bad.isEmpty(), qPrintable(bad));
}

QTEST_MAIN(TestStudioWorkspace)
#include "tst_studio_workspace.moc"
