// gna-studio: the G&A Studio window.
//   gna-studio [MODEL_DIR]            opens that model folder at start
//   gna-studio --workspace FILE       restores a saved workspace (model, prompt, plan, heads)
// Without either, a workspace autosaved by a session that did not end cleanly is offered back.
#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QIcon>

#include "gna/cpu_runtime.h"
#include "language.h"
#include "main_window.h"
#include "startup.h"
#include "studio_settings.h"
#include "theme.h"

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);  // before Qt starts its threads
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("gna-studio"));
    QApplication::setOrganizationName(QStringLiteral("G&A Studio"));
    QApplication::setApplicationVersion(QStringLiteral(GNA_VERSION));
    // The desktop entry's name: lets Wayland compositors and docks match the window to its entry and icon.
    QGuiApplication::setDesktopFileName(QStringLiteral("org.gnastudio.GnaStudio"));
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("org.gnastudio.GnaStudio"),
                                                 QIcon(QStringLiteral(":/icons/gna-studio.svg"))));
    gna::studio::StudioSettings settings;
    gna::studio::installLanguage(settings.language());
    gna::studio::applyTheme(settings.theme());

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "G&A Studio: see and test Gather & Aggregate heads"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("model"), QApplication::translate("main", "Model folder or workspace file to open"),
                                 QStringLiteral("[MODEL_DIR]"));
    const QCommandLineOption workspaceOption(QStringList{QStringLiteral("w"), QStringLiteral("workspace")},
                                             QApplication::translate("main", "Workspace file (.gna.json) to restore"),
                                             QApplication::translate("main", "FILE"));
    parser.addOption(workspaceOption);
    parser.process(app);

    gna::studio::MainWindow window;
    window.show();
    const gna::studio::StartupRequest start =
        gna::studio::parseStartup(parser.positionalArguments(), parser.value(workspaceOption));
    window.applyStartup(start);
    return app.exec();
}
