#pragma once
// The main of the GUI suites (tests/app, tests/views): GNA_GUI_TEST_MAIN(TestClass) in place of QTEST_MAIN.
// Before the QApplication is made, the suite gets its own fresh XDG folders (config, data, cache, state)
// in a temporary folder removed at exit, so that it neither reads the settings and state of the user who
// runs it (a ticked "Compute in bf16", the docks where they left them, a crash autosave) nor writes into
// them (recent models, the autosave, experiment results); the processes it starts (gna-studio, gna)
// inherit the same folders. QStandardPaths' test mode is not used: it puts every suite's settings in one
// ~/.qttest, kept between runs, so that a suite would see what the last run of any suite left there.
// Offscreen unless QT_QPA_PLATFORM says otherwise.
#include <QApplication>
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cstdio>
#include <cstdlib>
#include <utility>

namespace gna::testing {

class IsolatedUserState {
public:
    IsolatedUserState() : m_root(QDir::tempPath() + QStringLiteral("/gna-test-home-XXXXXX")) {
        if (!m_root.isValid()) {
            std::fprintf(
                stderr,
                "cannot make a temporary folder for the suite's settings in %s: %s (set TMPDIR to a writable folder)\n",
                qPrintable(QDir::tempPath()), qPrintable(m_root.errorString()));
            std::exit(1);
        }
        for (const auto& [variable, folder] :
             {std::pair{"XDG_CONFIG_HOME", "config"}, std::pair{"XDG_DATA_HOME", "data"},
              std::pair{"XDG_CACHE_HOME", "cache"}, std::pair{"XDG_STATE_HOME", "state"}}) {
            const QString dir = m_root.filePath(QLatin1String(folder));
            QDir().mkpath(dir);
            qputenv(variable, QFile::encodeName(dir));
        }
    }
    IsolatedUserState(const IsolatedUserState&) = delete;
    IsolatedUserState& operator=(const IsolatedUserState&) = delete;

    // The folder that holds the suite's config/, data/, cache/ and state/.
    QString root() const { return m_root.path(); }

private:
    QTemporaryDir m_root;
};

}  // namespace gna::testing

#define GNA_GUI_TEST_MAIN(TestObject)                                                                \
    int main(int argc, char* argv[]) {                                                               \
        const gna::testing::IsolatedUserState isolatedUserState;                                     \
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) qputenv("QT_QPA_PLATFORM", "offscreen"); \
        QApplication app(argc, argv);                                                                \
        app.setAttribute(Qt::AA_Use96Dpi, true);                                                     \
        TestObject tc;                                                                               \
        QTEST_SET_MAIN_SOURCE_PATH                                                                   \
        return QTest::qExec(&tc, argc, argv);                                                        \
    }
