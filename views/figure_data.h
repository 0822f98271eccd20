#pragma once
// FigureData: exactly what a figure plots, as CSV with named columns: token text on token axes
// and the series names the legend shows.
#include <QList>
#include <QString>

#include "heatmap_data.h"
#include "next_token_chart.h"

namespace gna::views {

class HeadBoardModel;

// series,query_position,query_token,key_position,key_token,<weight|weight_difference>
QString heatmapCsv(const HeatmapData& map, const QString& series);
// series,token,probability: the top tokens, the answer candidates and the baseline (if any).
QString nextTokenCsv(const NextTokenChart& chart);
// series,layer,head,head_name,score,ablated (score empty when the board has none).
QString headBoardCsv(const HeadBoardModel& board);
// One CSV field, quoted when it holds a comma, quote or line break.
QString csvField(QString text);

}  // namespace gna::views
