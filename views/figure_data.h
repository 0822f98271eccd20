#pragma once
// FigureData: exactly what a figure plots, as CSV with named columns: token text on token axes
// and the series names the legend shows.
#include <QList>
#include <QString>
#include <QVariantList>

#include "ablation_curve.h"
#include "heatmap_data.h"
#include "next_token_chart.h"
#include "retrieval_map.h"

namespace gna::views {

class HeadBoardModel;

// series,query_position,query_token,key_position,key_token,<weight|weight_difference>
QString heatmapCsv(const HeatmapData& map, const QString& series);
// series,token,probability: the top tokens, the answer candidates and the baseline (if any).
QString nextTokenCsv(const NextTokenChart& chart);
// series,layer,head,head_name,score,ablated (score empty when the board has none); series: the
// quantity of the row (the scores' label, or the estimates' on a head drawn with its estimate).
QString headBoardCsv(const HeadBoardModel& board);
// series,<x label>,<y label>,error: every point of every curve, the legend's names (the random
// control included); error empty where the curve has no error bars.
QString curvesCsv(const QList<CurveSeries>& series, const QString& xLabel, const QString& yLabel);
// context_length,depth_percent,score: one row per cell of the map; score empty where not run.
QString retrievalGridCsv(const RetrievalGrid& grid);
// A LaTeX tabular (booktabs) of a results table, special characters escaped, numbers as shown.
QString tableLatex(const QStringList& headers, const QList<QVariantList>& rows);
// One CSV field, quoted when it holds a comma, quote or line break.
QString csvField(QString text);

}  // namespace gna::views
