#include "paper_figures.h"

#include <QCoreApplication>
#include <QDir>
#include <QSaveFile>
#include <memory>
#include <optional>
#include <utility>

#include "ablation_curve.h"
#include "attention_heatmap.h"
#include "experiment_dock.h"
#include "experiment_panel.h"
#include "figure_data.h"
#include "gather_aggregate_pair.h"
#include "head_board.h"
#include "head_board_figure.h"
#include "main_window.h"
#include "next_token_chart.h"
#include "plot_style.h"
#include "qcustomplot.h"
#include "results_table.h"
#include "retrieval_map.h"

namespace gna::studio {

namespace {

QString tr(const char* s) { return QCoreApplication::translate("gna::studio::PaperFigures", s); }

// Shows a view off screen at the figure's size in points, so that it lays out its labels for it.
void layOut(QWidget* view, double widthInches, double heightInches) {
    view->setAttribute(Qt::WA_DontShowOnScreen);
    view->resize(qRound(widthInches * 72.0), qRound(heightInches * 72.0));
    view->show();
    QCoreApplication::processEvents();
}

// The colour scale of a map in the window: log or linear, and a fixed range when the Gather and
// Aggregate maps share one (empty range = the map's own).
struct ColourScale {
    bool log = false;
    std::optional<std::pair<double, double>> range;
};

// A map's figure says which heads were switched off (its title's last words), so that a reader of the
// figure alone knows the intervention; `off` is empty for the unablated model.
PaperFigure heatmap(const QString& name, const views::AttentionHeatmap* shown, views::Palette palette,
                    const views::FigureOptions& o, const ColourScale& scale, const QString& off) {
    views::HeatmapData data = shown->data();
    if (!off.isEmpty()) data.title = tr("%1 · switched off: %2").arg(data.title, off);
    auto* map = new views::AttentionHeatmap;
    map->setLogScale(scale.log);
    if (scale.range) map->setFixedRange(scale.range->first, scale.range->second);
    PaperFigure f{name,
                  data.title,
                  shown,
                  std::unique_ptr<QWidget>(map),
                  map->plot(),
                  views::heatmapCsv(shown->data(), shown->data().title),  // the data as the window shows it
                  o.widthInches * 0.9};
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

QString panelTitle(const ExperimentPanel* panel) {
    return panel->title().replace(QStringLiteral("&&"), QStringLiteral("&"));  // a tab text: && is one &
}

// The experiment panels' figures: each panel with a result contributes its curves (score vs heads,
// layers or k removed, with the random control and error bars) and its retrieval map, exactly as
// the panel draws them; its table is written by writeExperimentTables.
void experimentFigures(const MainWindow& window, const views::FigureOptions& o, std::vector<PaperFigure>* figures) {
    if (!window.experiments()) return;
    for (const ExperimentPanel* panel : window.experiments()->panels()) {
        if (!panel->hasResult()) continue;
        const QString kind = panel->kind();
        const views::AblationCurve* shownCurve = panel->curve();
        if (!shownCurve->series().isEmpty()) {
            auto* curve = new views::AblationCurve;
            const QString x = shownCurve->plot()->xAxis->label(), y = shownCurve->plot()->yAxis->label();
            curve->setSeries(shownCurve->series(), x, y, shownCurve->valueBounds());
            views::setPrintFonts(curve->plot(), o.fontPoints);
            const double height = o.widthInches * 0.62;
            layOut(curve, o.widthInches, height);
            figures->push_back({kind + QStringLiteral("_curves"), tr("%1: curves").arg(panelTitle(panel)), shownCurve,
                                std::unique_ptr<QWidget>(curve), curve->plot(),
                                views::curvesCsv(shownCurve->series(), x, y), height});
        }
        const views::RetrievalGrid& grid = panel->retrievalMap()->grid();
        if (grid.isValid()) {
            auto* map = new views::RetrievalMap;
            map->setGrid(grid);
            views::setPrintFonts(map->plot(), o.fontPoints);
            const double height = o.widthInches * 0.7;
            layOut(map, o.widthInches, height);
            figures->push_back({kind + QStringLiteral("_map"), tr("%1: retrieval map").arg(panelTitle(panel)),
                                panel->retrievalMap(), std::unique_ptr<QWidget>(map), map->plot(),
                                views::retrievalGridCsv(grid), height});
        }
    }
}

}  // namespace

std::unique_ptr<views::HeadBoardFigure> paperHeadBoard(const MainWindow& window, double widthInches, double fontPoints,
                                                       double* heightInches) {
    auto figure = std::make_unique<views::HeadBoardFigure>();
    figure->setBoard(*window.headBoard()->model(), views::paletteFromIndex(window.heatmapPaletteIndex()));
    *heightInches = figure->layOutForPaper(widthInches, fontPoints);
    layOut(figure.get(), widthInches, *heightInches);
    return figure;
}

std::vector<PaperFigure> paperFigures(const MainWindow& window, const views::FigureOptions& options) {
    const double width = options.widthInches;
    const views::Palette palette = views::paletteFromIndex(window.heatmapPaletteIndex());
    std::vector<PaperFigure> figures;
    QStringList offNames;
    for (const views::HeadCell& h : window.session()->ablatedHeads()) offNames << h.name();
    const QString off = offNames.join(QStringLiteral(", "));
    const views::GatherAggregatePair* pair = window.heatmaps();
    ColourScale scale{pair->logScale(), std::nullopt};
    if (pair->sharedRange() && pair->gather()->hasFixedRange()) scale.range = pair->gather()->fixedRange();
    if (pair->gather()->data().isValid())
        figures.push_back(heatmap(QStringLiteral("gather"), pair->gather(), palette, options, scale, off));
    if (pair->aggregate()->data().isValid())
        figures.push_back(heatmap(QStringLiteral("aggregate"), pair->aggregate(), palette, options, scale, off));
    // Compare mode: both heads' differences to the unablated run, on their shared symmetric range when the
    // window draws them on one; none while no head is ablated (the tab shows why instead).
    const views::GatherAggregatePair* diff = window.differences();
    ColourScale diffScale;
    if (diff->sharedRange() && diff->gather()->hasFixedRange()) diffScale.range = diff->gather()->fixedRange();
    for (const auto& [name, map] : {std::pair{QStringLiteral("difference_gather"), diff->gather()},
                                    std::pair{QStringLiteral("difference_aggregate"), diff->aggregate()}})
        if (window.compareMode() && map->data().isValid())
            figures.push_back(heatmap(name, map, palette, options, diffScale, off));

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
    figures.push_back({QStringLiteral("next_token"), tr("Next-token chart"), shown, std::unique_ptr<QWidget>(chart),
                       chart->plot(), views::nextTokenCsv(*chart), chartHeight});

    double boardHeight = 0.0;
    std::unique_ptr<views::HeadBoardFigure> boardFigure =
        paperHeadBoard(window, width, options.fontPoints, &boardHeight);
    QCustomPlot* boardPlot = boardFigure->plot();
    figures.push_back({QStringLiteral("head_board"), tr("Head board"), window.headBoard(), std::move(boardFigure),
                       boardPlot, views::headBoardCsv(*window.headBoard()->model()), boardHeight});

    experimentFigures(window, options, &figures);
    // nothing drawn yet (no run): no figure
    std::erase_if(figures, [](const PaperFigure& f) { return !views::emptyMessage(f.plot).isEmpty(); });
    return figures;
}

QStringList writePaperFigures(const MainWindow& window, const QString& dir, const QList<views::FigureFormat>& formats,
                              const views::FigureOptions& options, QString* error) {
    QStringList written;
    if (!QDir().mkpath(dir)) {
        if (error) *error = tr("Could not create the folder %1. Check its parent folder's permissions.").arg(dir);
        return written;
    }
    const std::vector<PaperFigure> figures = paperFigures(window, options);
    for (const PaperFigure& f : figures) {
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

    // Tables (head ranking, manipulation grid, G&A masks, accuracies): CSV and a LaTeX tabular.
    if (window.experiments())
        for (const ExperimentPanel* panel : window.experiments()->panels()) {
            const views::ResultsTableModel* table = panel->table()->tableModel();
            if (!panel->hasResult() || table->rows().isEmpty()) continue;
            const QString base = QDir(dir).filePath(panel->kind() + QStringLiteral("_table"));
            if (!writeText(base + QStringLiteral(".csv"), panel->table()->toCsv(), error)) return written;
            written << base + QStringLiteral(".csv");
            if (!writeText(base + QStringLiteral(".tex"), views::tableLatex(table->headers(), table->rows()), error))
                return written;
            written << base + QStringLiteral(".tex");
        }
    return written;
}

}  // namespace gna::studio
