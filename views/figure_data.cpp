#include "figure_data.h"

#include "head_board_model.h"

namespace gna::views {

QString csvField(QString text) {
    if (text.contains(QLatin1Char(',')) || text.contains(QLatin1Char('"')) || text.contains(QLatin1Char('\n')) ||
        text.contains(QLatin1Char('\r')))
        text = QLatin1Char('"') + text.replace(QStringLiteral("\""), QStringLiteral("\"\"")) + QLatin1Char('"');
    return text;
}

QString heatmapCsv(const HeatmapData& map, const QString& series) {
    QString out = QStringLiteral("series,query_position,query_token,key_position,key_token,") +
                  (map.isDifference ? QStringLiteral("weight_difference\n") : QStringLiteral("weight\n"));
    const QString name = csvField(series);
    for (int r = 0; r < map.rows; ++r) {
        const QString q = csvField(map.rowLabels.value(r));
        for (int c = 0; c < map.cols; ++c)
            out += name + QLatin1Char(',') + QString::number(r) + QLatin1Char(',') + q + QLatin1Char(',') +
                   QString::number(c) + QLatin1Char(',') + csvField(map.colLabels.value(c)) + QLatin1Char(',') +
                   QString::number(map.at(r, c), 'g', 8) + QLatin1Char('\n');
    }
    return out;
}

QString nextTokenCsv(const NextTokenChart& chart) {
    // The legend's names, from the chart's own bars.
    const QStringList names = chart.seriesNames();
    const QString top = names.value(0), candidates = names.value(1), baseline = names.value(2);
    QString out = QStringLiteral("series,token,probability\n");
    for (const TokenProbability& r : chart.shownRows())
        out += csvField(r.candidate ? candidates : top) + QLatin1Char(',') + csvField(r.label) + QLatin1Char(',') +
               QString::number(r.probability, 'g', 8) + QLatin1Char('\n');
    for (const TokenProbability& shown : chart.shownRows())
        for (const TokenProbability& b : chart.baseline())
            if (b.label == shown.label)
                out += csvField(baseline) + QLatin1Char(',') + csvField(b.label) + QLatin1Char(',') +
                       QString::number(b.probability, 'g', 8) + QLatin1Char('\n');
    return out;
}

QString headBoardCsv(const HeadBoardModel& board) {
    QString out = QStringLiteral("series,layer,head,head_name,score,ablated\n");
    const QString series = csvField(board.hasScores() ? board.scoreLabel() : QStringLiteral("no score"));
    for (int l = 0; l < board.layers(); ++l)
        for (int h = 0; h < board.heads(); ++h) {
            if (!board.contains(l, h)) continue;
            out += series + QLatin1Char(',') + QString::number(l) + QLatin1Char(',') + QString::number(h) + QLatin1Char(',') +
                   board.cell(l, h).name() + QLatin1Char(',') +
                   (board.hasScores() ? QString::number(board.score(l, h), 'g', 8) : QString()) + QLatin1Char(',') +
                   (board.isAblated(l, h) ? QStringLiteral("1") : QStringLiteral("0")) + QLatin1Char('\n');
        }
    return out;
}

}  // namespace gna::views
