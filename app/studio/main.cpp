// gna-studio: the G&A Studio window.
#include <QApplication>
#include <QCommandLineParser>

#include "language.h"
#include "main_window.h"
#include "studio_settings.h"
#include "theme.h"

int main(int argc, char** argv) {
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("gna-studio"));
    QApplication::setOrganizationName(QStringLiteral("G&A Studio"));
    QApplication::setApplicationVersion(QStringLiteral(GNA_VERSION));
    gna::studio::StudioSettings settings;
    gna::studio::installLanguage(settings.language());
    gna::studio::applyTheme(settings.theme());

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "G&A Studio: see and test Gather & Aggregate heads"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("model"), QApplication::translate("main", "Model folder or workspace file to open"));
    parser.process(app);

    gna::studio::MainWindow window;
    window.show();
    const QStringList args = parser.positionalArguments();
    if (!args.isEmpty()) {
        if (args.front().endsWith(QLatin1String(".json"))) window.loadWorkspace(args.front());
        else window.openModel(args.front());
    }
    return app.exec();
}
