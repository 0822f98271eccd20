// gna-studio: the G&A Studio window.
//   gna-studio [MODEL_DIR]            opens that model folder at start
//   gna-studio --workspace FILE       restores a saved workspace (model, prompt, plan, heads)
//   gna-studio --export-figures WORKSPACE OUT_DIR [--formats pdf,svg,png] [--dpi N] [--width single|double|INCHES]
//                                     writes the workspace's figures without showing a window, then exits
// Without either, a workspace autosaved by a session that did not end cleanly is offered back.
#include <QApplication>
#include <QCommandLineParser>
#include <cstdio>
#include <cstring>

#include <QFileInfo>
#include <QIcon>

#include "figure_job.h"
#include "gna/cpu_runtime.h"
#include "language.h"
#include "main_window.h"
#include "startup.h"
#include "studio_settings.h"
#include "theme.h"

int main(int argc, char** argv) {
    gna::prepare_cpu_runtime(argc, argv);  // before Qt starts its threads
    // Figure export never shows a window: the offscreen platform, also where no display exists.
    for (int i = 1; i < argc; ++i)
        if (std::strncmp(argv[i], "--export-figures", 16) == 0) qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    QApplication::setApplicationName(QStringLiteral("gna-studio"));
    QApplication::setOrganizationName(QStringLiteral("G&A Studio"));
    QApplication::setApplicationVersion(QStringLiteral(GNA_VERSION));
    // The desktop entry's name: lets Wayland compositors and docks match the window to its entry and icon.
    QGuiApplication::setDesktopFileName(QStringLiteral("org.gnastudio.GnaStudio"));
    QApplication::setWindowIcon(
        QIcon::fromTheme(QStringLiteral("org.gnastudio.GnaStudio"), QIcon(QStringLiteral(":/icons/gna-studio.svg"))));
    gna::studio::StudioSettings settings;
    gna::studio::installLanguage(settings.language());
    gna::studio::applyTheme(settings.theme());

    QCommandLineParser parser;
    parser.setApplicationDescription(
        QApplication::translate("main", "G&A Studio: see and test Gather & Aggregate heads"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("model"),
                                 QApplication::translate("main", "Model folder or workspace file to open"),
                                 QStringLiteral("[MODEL_DIR]"));
    const QCommandLineOption workspaceOption(QStringList{QStringLiteral("w"), QStringLiteral("workspace")},
                                             QApplication::translate("main", "Workspace file (.gna.json) to restore"),
                                             QApplication::translate("main", "FILE"));
    parser.addOption(workspaceOption);
    const QCommandLineOption exportOption(
        QStringLiteral("export-figures"),
        QApplication::translate("main",
                                "Write the figures of the workspace FILE into OUT_DIR (the first argument) and exit"),
        QApplication::translate("main", "FILE"));
    const QCommandLineOption formatsOption(
        QStringLiteral("formats"), QApplication::translate("main", "Figure formats: pdf,svg,png (default: all)"),
        QApplication::translate("main", "LIST"));
    const QCommandLineOption dpiOption(QStringLiteral("dpi"),
                                       QApplication::translate("main", "PNG resolution (default: 300)"),
                                       QApplication::translate("main", "N"));
    const QCommandLineOption widthOption(
        QStringLiteral("width"),
        QApplication::translate("main", "Figure width: single (3.3 in), double (6.9 in) or inches"),
        QApplication::translate("main", "WIDTH"));
    parser.addOptions({exportOption, formatsOption, dpiOption, widthOption});
    parser.process(app);

    if (parser.isSet(exportOption)) {
        gna::studio::FigureJobOptions job;
        job.workspaceFile = QFileInfo(parser.value(exportOption)).absoluteFilePath();
        QString error;
        if (parser.positionalArguments().size() != 1) {
            error = QApplication::translate("main",
                                            "--export-figures needs one output folder: gna-studio --export-figures "
                                            "WORKSPACE OUT_DIR");
        } else {
            job.outDir = QFileInfo(parser.positionalArguments().front()).absoluteFilePath();
            gna::studio::parseFigureJobOptions(parser.value(formatsOption), parser.value(dpiOption),
                                               parser.value(widthOption), &job, &error);
        }
        if (!error.isEmpty()) {
            std::fprintf(stderr, "gna-studio: %s\n", qPrintable(error));
            return 2;
        }
        return gna::studio::runFigureJob(job);
    }

    gna::studio::MainWindow window;
    window.show();
    const gna::studio::StartupRequest start =
        gna::studio::parseStartup(parser.positionalArguments(), parser.value(workspaceOption));
    window.applyStartup(start);
    return app.exec();
}
