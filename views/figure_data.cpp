#include "figure_data.h"

#include <cmath>

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
    const QString estimates = csvField(board.estimateLabel());
    for (int l = 0; l < board.layers(); ++l)
        for (int h = 0; h < board.heads(); ++h) {
            if (!board.contains(l, h)) continue;
            // a head drawn with its estimate (another quantity than the scores) is named as such
            const bool estimate = board.isEstimateOnly(l, h);
            out += (estimate ? estimates : series) + QLatin1Char(',') + QString::number(l) + QLatin1Char(',') +
                QString::number(board.cell(l, h).head) + QLatin1Char(',') + board.cell(l, h).name() + QLatin1Char(',') +
                (estimate                ? QString::number(board.estimate(l, h), 'g', 8)
                     : board.hasScores() ? QString::number(board.score(l, h), 'g', 8)
                                         : QString()) +
                QLatin1Char(',') + (board.isAblated(l, h) ? QStringLiteral("1") : QStringLiteral("0")) +
                QLatin1Char('\n');
        }
    return out;
}

QString curvesCsv(const QList<CurveSeries>& series, const QString& xLabel, const QString& yLabel) {
    QString out =
        QStringLiteral("series,") + csvField(xLabel) + QLatin1Char(',') + csvField(yLabel) + QStringLiteral(",error\n");
    for (const CurveSeries& s : series) {
        const QString name = csvField(s.name);
        for (std::size_t i = 0; i < s.x.size() && i < s.y.size(); ++i)
            out += name + QLatin1Char(',') + QString::number(s.x[i], 'g', 8) + QLatin1Char(',') +
                QString::number(s.y[i], 'g', 8) + QLatin1Char(',') +
                (i < s.error.size() ? QString::number(s.error[i], 'g', 8) : QString()) + QLatin1Char('\n');
    }
    return out;
}

QString retrievalGridCsv(const RetrievalGrid& grid) {
    QString out = QStringLiteral("context_length,depth_percent,score\n");
    if (!grid.isValid()) return out;
    for (int d = 0; d < static_cast<int>(grid.depths.size()); ++d)
        for (int l = 0; l < static_cast<int>(grid.contextLengths.size()); ++l) {
            const double v = grid.at(d, l);
            out += QString::number(grid.contextLengths[l]) + QLatin1Char(',') +
                QString::number(grid.depths[d], 'g', 8) + QLatin1Char(',') +
                (std::isnan(v) ? QString() : QString::number(v, 'g', 8)) + QLatin1Char('\n');
        }
    return out;
}

namespace {

QString latexEscape(const QString& text) {
    QString out;
    for (const QChar c : text) {
        switch (c.unicode()) {
            case '\\':
                out += QStringLiteral("\\textbackslash{}");
                break;
            case '&':
            case '%':
            case '$':
            case '#':
            case '_':
            case '{':
            case '}':
                out += QLatin1Char('\\') + c;
                break;
            case '~':
                out += QStringLiteral("\\textasciitilde{}");
                break;
            case '^':
                out += QStringLiteral("\\textasciicircum{}");
                break;
            default:
                out += c;
        }
    }
    return out;
}

}  // namespace

QString tableLatex(const QStringList& headers, const QList<QVariantList>& rows) {
    QString out = QStringLiteral("\\begin{tabular}{l") +
        QString(std::max<qsizetype>(0, headers.size() - 1), QLatin1Char('r')) + QStringLiteral("}\n\\toprule\n");
    QStringList head;
    for (const QString& h : headers) head << latexEscape(h);
    out += head.join(QStringLiteral(" & ")) + QStringLiteral(" \\\\\n\\midrule\n");
    for (const QVariantList& row : rows) {
        QStringList cells;
        for (const QVariant& v : row) cells << latexEscape(v.toString());
        out += cells.join(QStringLiteral(" & ")) + QStringLiteral(" \\\\\n");
    }
    return out + QStringLiteral("\\bottomrule\n\\end{tabular}\n");
}

}  // namespace gna::views
