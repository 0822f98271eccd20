#include "figure_job.h"

#include <cstdio>

#include <QCoreApplication>
#include <QDir>
#include <QEventLoop>
#include <QFile>
#include <QFileInfo>
#include <QTimer>

#include "main_window.h"
#include "paper_figures.h"
#include "workspace.h"

namespace gna::studio {

namespace {

QString tr(const char* s) { return QCoreApplication::translate("gna::studio::FigureJob", s); }

void printError(const QString& message) {
    std::fprintf(stderr, "gna-studio: %s\n", qPrintable(message));
    std::fflush(stderr);
}

// Creates the folder and writes a probe file into it.
bool checkWritable(const QString& dir, QString* error) {
    const QString probe = QDir(dir).filePath(QStringLiteral(".gna-write-test"));
    QFile f(probe);
    if (!QDir().mkpath(dir) || !f.open(QIODevice::WriteOnly)) {
        *error = tr("Cannot write into the output folder %1. Choose a folder you can write to.")
                     .arg(QDir::toNativeSeparators(dir));
        return false;
    }
    f.close();
    f.remove();
    return true;
}

}  // namespace

bool parseFigureJobOptions(const QString& formats, const QString& dpi, const QString& width, FigureJobOptions* out,
                           QString* error) {
    if (!formats.isEmpty()) {
        out->formats.clear();
        for (const QString& f : formats.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
            const QString t = f.trimmed().toLower();
            if (t == QLatin1String("pdf"))
                out->formats << views::FigureFormat::PDF;
            else if (t == QLatin1String("svg"))
                out->formats << views::FigureFormat::SVG;
            else if (t == QLatin1String("png"))
                out->formats << views::FigureFormat::PNG;
            else {
                *error =
                    tr("Unknown figure format \"%1\" in --formats: use pdf, svg and png, separated by commas.").arg(f);
                return false;
            }
        }
    }
    if (!dpi.isEmpty()) {
        bool ok = false;
        const int d = dpi.toInt(&ok);
        if (!ok || d < 50 || d > 2400) {
            *error = tr("Invalid --dpi \"%1\": give a whole number from 50 to 2400, e.g. --dpi 300.").arg(dpi);
            return false;
        }
        out->figure.dpi = d;
    }
    if (!width.isEmpty() && !views::parseFigureWidth(width, &out->figure.widthInches)) {
        *error =
            tr("Invalid --width \"%1\": give single (3.3 in), double (6.9 in) or a width in inches from 0.5 to 20.")
                .arg(width);
        return false;
    }
    return true;
}

int runFigureJob(const FigureJobOptions& options) {
    QString error;
    Workspace workspace;
    if (!QFileInfo(options.workspaceFile).isFile()) {
        printError(tr("The workspace file %1 does not exist. Give the path of a saved workspace (.gna.json).")
                       .arg(QDir::toNativeSeparators(options.workspaceFile)));
        return 2;
    }
    if (!Workspace::load(options.workspaceFile, &workspace, &error)) {
        printError(error + QLatin1Char(' ') +
                   tr("Save the workspace again from G&A Studio (File ▸ Save workspace as)."));
        return 2;
    }
    if (workspace.modelPath.isEmpty() || !QFileInfo(workspace.modelPath).isDir()) {
        printError(
            tr("The workspace %1 names the model folder %2, which does not exist. Edit its \"model\" entry "
               "(a path relative to the workspace file works).")
                .arg(QDir::toNativeSeparators(options.workspaceFile), QDir::toNativeSeparators(workspace.modelPath)));
        return 2;
    }
    if (!checkWritable(options.outDir, &error)) {
        printError(error);
        return 2;
    }

    MainWindow window;  // never shown
    window.stopAutosave();
    Session* session = window.session();
    QEventLoop loop;
    int code = 1;
    bool gotResult = false;
    QTimer settle;  // the run has settled when no new result came for a while and nothing runs
    settle.setSingleShot(true);
    settle.setInterval(300);
    QTimer deadline;
    deadline.setSingleShot(true);
    QObject::connect(session, &Session::modelLoadFailed, &loop, [&](const QString& dir, const QString& message) {
        printError(tr("Could not load the model %1 named by the workspace %2: %3")
                       .arg(QDir::toNativeSeparators(dir), QDir::toNativeSeparators(options.workspaceFile), message));
        loop.exit(3);
    });
    QObject::connect(session, &Session::runFailed, &loop, [&](const QString& message) {
        printError(
            tr("The run of the workspace %1 failed: %2").arg(QDir::toNativeSeparators(options.workspaceFile), message));
        loop.exit(3);
    });
    QObject::connect(session, &Session::resultReady, &loop, [&] {
        gotResult = true;
        settle.start();
    });
    QObject::connect(&settle, &QTimer::timeout, &loop, [&] {
        if (!gotResult || session->isRunning() || session->isLoading()) {
            settle.start();
            return;
        }
        const QStringList files = writePaperFigures(window, options.outDir, options.formats, options.figure, &error);
        if (!error.isEmpty()) {
            printError(error);
            loop.exit(4);
            return;
        }
        for (const QString& f : files) std::printf("%s\n", qPrintable(QDir::toNativeSeparators(f)));
        std::fflush(stdout);
        loop.exit(0);
    });
    QObject::connect(&deadline, &QTimer::timeout, &loop, [&] {
        printError(tr("The model of the workspace %1 did not finish its run within 10 minutes.")
                       .arg(QDir::toNativeSeparators(options.workspaceFile)));
        loop.exit(5);
    });
    deadline.start(10 * 60 * 1000);
    window.applyWorkspace(workspace, &error);
    if (!error.isEmpty()) {
        printError(tr("The workspace %1 names an experiment result that cannot be opened: %2")
                       .arg(QDir::toNativeSeparators(options.workspaceFile), error));
        session->cancel();
        return 2;
    }
    code = loop.exec();
    session->cancel();
    return code;
}

}  // namespace gna::studio
