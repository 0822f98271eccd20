// The GUI suites keep off the settings and state of the user who runs them (tests/gui_test_main.h). This
// suite starts itself again as a user whose home holds a settings file with "Compute in bf16" ticked, a
// recent model, a dock layout and a theme: the suite run in that home sees none of it (the fresh
// defaults), opens a demo model in a window and closes it (which writes the recent models, the window
// state and the autosave), and afterwards the user's settings file is byte for byte what it was and
// nothing else was written into that home.
#include <QAction>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include "main_window.h"
#include "session.h"
#include "studio_settings.h"
#include "gui_test_main.h"

using namespace gna::studio;

namespace {

// Set in the suite started as the seeded user: only there does userSession run.
constexpr char kChildVariable[] = "GNA_TEST_AS_SEEDED_USER";

// The settings file of a user who ticked Compute in bf16, opened a model, chose the dark theme and left the
// experiments dock open, as StudioSettings writes it (QSettings' INI format under ~/.config).
const QByteArray kUserSettings =
    "[models]\n"
    "computeBf16=true\n"
    "recent=/home/user/models/users-own-model\n"
    "lastDirectory=/home/user/models\n"
    "\n"
    "[session]\n"
    "autosaveSeconds=1\n"
    "\n"
    "[ui]\n"
    "theme=2\n"
    "tourShown=true\n";

// Every file under `root`, relative to it, sorted.
QStringList filesUnder(const QString& root) {
    QStringList out;
    QDirIterator it(root, QDir::Files | QDir::Hidden | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) out << QDir(root).relativeFilePath(it.next());
    out.sort();
    return out;
}

}  // namespace

class TestUserState : public QObject {
    Q_OBJECT
private Q_SLOTS:
    // Runs this suite's userSession as a user whose home holds kUserSettings; checks it passed and left
    // that home as it was.
    void userSettingsStayUntouched() {
        QTemporaryDir home;
        QVERIFY(home.isValid());
        const QString settings = home.filePath(QStringLiteral(".config/G&A Studio/gna-studio.conf"));
        QVERIFY(QDir().mkpath(QFileInfo(settings).absolutePath()));
        {
            QFile f(settings);
            QVERIFY(f.open(QIODevice::WriteOnly));
            QCOMPARE(f.write(kUserSettings), qint64(kUserSettings.size()));
        }
        const QStringList before = filesUnder(home.path());
        QCOMPARE(before, QStringList{QStringLiteral(".config/G&A Studio/gna-studio.conf")});

        // The user's environment: their home, no XDG folders of this suite's (the XDG defaults under HOME).
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        for (const char* v : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"})
            env.remove(QLatin1String(v));
        env.insert(QStringLiteral("HOME"), home.path());
        env.insert(QLatin1String(kChildVariable), QStringLiteral("1"));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        QProcess p;
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(QCoreApplication::applicationFilePath(), {QStringLiteral("userSession")});
        QVERIFY2(p.waitForFinished(300000), "the suite run as the seeded user did not finish in 5 minutes");
        const QString output = QString::fromLocal8Bit(p.readAll());
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0, qPrintable(output));
        QVERIFY2(output.contains(QStringLiteral("PASS   : TestUserState::userSession()")), qPrintable(output));

        QFile f(settings);
        QVERIFY(f.open(QIODevice::ReadOnly));
        QCOMPARE(f.readAll(), kUserSettings);
        QCOMPARE(filesUnder(home.path()), before);
    }

    // As the seeded user (skipped otherwise): the defaults, not the user's settings; a session that writes settings and state.
    void userSession() {
        if (qEnvironmentVariableIsEmpty(kChildVariable))
            QSKIP("runs in the suite that userSettingsStayUntouched starts");
        const QString home = QDir::homePath();
        for (const auto location : {QStandardPaths::GenericConfigLocation, QStandardPaths::AppDataLocation,
                                    QStandardPaths::GenericCacheLocation})
            QVERIFY2(!QStandardPaths::writableLocation(location).startsWith(home),
                     qPrintable(QStandardPaths::writableLocation(location) + QStringLiteral(" is in the user's home ") +
                                home));
        {
            const StudioSettings s;
            QVERIFY(!s.computeBf16());
            QVERIFY(s.recentModels().isEmpty());
            QVERIFY(s.lastDirectory().isEmpty());
            QCOMPARE(s.theme(), Theme::System);
            QCOMPARE(s.autosaveSeconds(), 60);
            QVERIFY(!s.tourShown());
        }
        const QString demo = QStringLiteral(GNA_SOURCE_DIR "/resources/demo-models/transformer");
        {
            MainWindow w;
            const auto* bf16 = w.findChild<QAction*>(QStringLiteral("computeBf16"));
            QVERIFY(bf16);
            QVERIFY(!bf16->isChecked());
            w.resize(1024, 640);
            w.show();
            QVERIFY(QTest::qWaitForWindowExposed(&w));
            QSignalSpy loaded(w.session(), &Session::modelLoaded);
            QSignalSpy result(w.session(), &Session::resultReady);
            w.openModel(demo);
            QVERIFY(loaded.wait(60000));
            QTRY_VERIFY_WITH_TIMEOUT(result.count() > 0 && !w.session()->isRunning(), 60000);
            QVERIFY(w.close());  // the autosave, the clean exit, the window's geometry and state
        }
        // Written, but into the suite's own folders.
        const StudioSettings s;
        QCOMPARE(s.recentModels().size(), 1);
        QCOMPARE(QFileInfo(s.recentModels().value(0)).canonicalFilePath(), QFileInfo(demo).canonicalFilePath());
        QVERIFY(s.lastCleanExit().isValid());
        QVERIFY(!s.windowState().isEmpty());
    }
};

GNA_GUI_TEST_MAIN(TestUserState)
#include "tst_user_state.moc"
