#include "paper_figures.h"

#include <QCoreApplication>
#include <QDir>
#include <QSaveFile>
#include <memory>

#include "attention_heatmap.h"
#include "figure_data.h"
#include "gather_aggregate_pair.h"
#include "head_board.h"
#include "head_board_figure.h"
#include "main_window.h"
#include "next_token_chart.h"

namespace gna::studio {

namespace {

QString tr(const char* s) { return QCoreApplication::translate("gna::studio::PaperFigures", s); }

struct Figure {
    QString name;
    std::unique_ptr<QWidget> view;  // laid out at the figure's size (token labels thinned for it)
    QCustomPlot* plot = nullptr;
    QString csv;
    double heightInches = 0.0;
};

// Shows a view off screen at the figure's size in points, so that it lays out its labels for it.
void layOut(QWidget* view, double widthInches, double heightInches) {
    view->setAttribute(Qt::WA_DontShowOnScreen);
    view->resize(qRound(widthInches * 72.0), qRound(heightInches * 72.0));
    view->show();
    QCoreApplication::processEvents();
}

Figure heatmap(const QString& name, const views::HeatmapData& data, views::Palette palette, const views::FigureOptions& o) {
    auto* map = new views::AttentionHeatmap;
    Figure f{name, std::unique_ptr<QWidget>(map), map->plot(), views::heatmapCsv(data, data.title), o.widthInches * 0.9};
    map->setColorPalette(palette);
    map->setTitleStats(false);
    views::setPrintFonts(map->plot(), o.fontPoints);
    map->setData(data);
    layOut(map, o.widthInches, f.heightInches);
    map->plot()->replot();
    map->setData(data);  // token labels thinned for the axes' length in the figure
    return f;
}

bool writeText(const QString& path, const QString& text, QString* error) {
    QSaveFile file(path);
    if (file.open(QIODevice::WriteOnly | QIODevice::Text)) {
        file.write(text.toUtf8());
        if (file.commit()) return true;
    }
    if (error) *error = tr("Could not write %1: %2. Check that the folder is writable.").arg(path, file.errorString());
    return false;
}

}  // namespace

QStringList writePaperFigures(const MainWindow& window, const QString& dir, const QList<views::FigureFormat>& formats,
                              const views::FigureOptions& options, QString* error) {
    QStringList written;
    if (!QDir().mkpath(dir)) {
        if (error) *error = tr("Could not create the folder %1. Check its parent folder's permissions.").arg(dir);
        return written;
    }
    const double width = options.widthInches;
    const views::Palette palette = views::paletteFromIndex(window.heatmapPaletteIndex());
    std::vector<Figure> figures;
    const views::GatherAggregatePair* pair = window.heatmaps();
    if (pair->gather()->data().isValid()) figures.push_back(heatmap(QStringLiteral("gather"), pair->gather()->data(), palette, options));
    if (pair->aggregate()->data().isValid())
        figures.push_back(heatmap(QStringLiteral("aggregate"), pair->aggregate()->data(), palette, options));
    if (window.compareMode() && window.differenceMap()->data().isValid())
        figures.push_back(heatmap(QStringLiteral("difference"), window.differenceMap()->data(), palette, options));

    const views::NextTokenChart* shown = window.nextTokenChart();
    auto* chart = new views::NextTokenChart;
    const QStringList names = shown->seriesNames();
    chart->setSeriesNames(names.value(0), names.value(1), names.value(2));
    chart->setFitRowsToHeight(false);
    chart->setProbabilities(shown->probabilities());
    chart->setBaseline(shown->baseline());
    views::setPrintFonts(chart->plot(), options.fontPoints);
    const double chartHeight = std::clamp(0.9 + 0.16 * shown->probabilities().size(), 1.8, 9.0);
    layOut(chart, width, chartHeight);
    figures.push_back({QStringLiteral("next_token"), std::unique_ptr<QWidget>(chart), chart->plot(), views::nextTokenCsv(*chart),
                       chartHeight});

    const views::HeadBoardModel& board = *window.headBoard()->model();
    auto* boardFigure = new views::HeadBoardFigure;
    boardFigure->setBoard(board, palette);
    views::setPrintFonts(boardFigure->plot(), options.fontPoints);
    const double boardHeight =
        std::clamp(width * (board.layers() + 2.0) / std::max(1, board.heads() + 4), 1.2, width * 1.2);
    layOut(boardFigure, width, boardHeight);
    figures.push_back({QStringLiteral("head_board"), std::unique_ptr<QWidget>(boardFigure), boardFigure->plot(),
                       views::headBoardCsv(board), boardHeight});

    for (const Figure& f : figures) {
        views::FigureOptions o = options;
        o.heightInches = f.heightInches;
        for (views::FigureFormat format : formats) {
            if (format == views::FigureFormat::CSV) continue;  // the data comes from the view, below
            const QString path = QDir(dir).filePath(f.name + QLatin1Char('.') + views::formatSuffix(format));
            if (!views::exportFigure(f.plot, path, format, o, error)) return written;
            written << path;
        }
        const QString csv = QDir(dir).filePath(f.name + QStringLiteral(".csv"));
        if (!writeText(csv, f.csv, error)) return written;
        written << csv;
    }
    return written;
}

}  // namespace gna::studio
