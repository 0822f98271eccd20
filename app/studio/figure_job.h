#pragma once
// FigureJob: gna-studio --export-figures WORKSPACE OUT_DIR. Opens the workspace without showing a
// window, loads its model, waits for the run to settle, writes the paper figures and ends.
#include <QList>
#include <QString>

#include "figure_export.h"

namespace gna::studio {

struct FigureJobOptions {
    QString workspaceFile;
    QString outDir;
    QList<views::FigureFormat> formats{views::FigureFormat::PDF, views::FigureFormat::SVG, views::FigureFormat::PNG};
    views::FigureOptions figure;
};

// Reads --formats (pdf,svg,png), --dpi and --width (single, double or inches); empty = default.
// false + a translated message saying what is wrong and what is accepted.
bool parseFigureJobOptions(const QString& formats, const QString& dpi, const QString& width, FigureJobOptions* out,
                           QString* error);

// Runs the job in the application's event loop; returns the exit code (0 = every figure written).
// Prints the files written to stdout and any error to stderr.
int runFigureJob(const FigureJobOptions& options);

}  // namespace gna::studio
