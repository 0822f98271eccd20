#include "head_board_figure.h"

#include <cmath>

#include <QVBoxLayout>
#include <qcustomplot.h>

#include "head_board_model.h"
#include "plot_style.h"

namespace gna::views {

namespace {
// Breaks text at spaces into lines of at most `width` characters.
QString wrapped(const QString& text, int width) {
    QStringList lines{QString()};
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!lines.last().isEmpty() && lines.last().size() + 1 + word.size() > width) lines << QString();
        lines.last() += (lines.last().isEmpty() ? QString() : QStringLiteral(" ")) + word;
    }
    return lines.join(QLatin1Char('\n'));
}
}  // namespace

HeadBoardFigure::HeadBoardFigure(QWidget* parent) : QWidget(parent), m_plot(new QCustomPlot(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    applyPlotStyle(m_plot, palette());
}

void HeadBoardFigure::setBoard(const HeadBoardModel& board, Palette palette) {
    m_plot->clearPlottables();
    m_plot->plotLayout()->clear();
    // Row 0: the score's full name as the title, in short lines; row 1: the board and its colour scale.
    auto* body = new QCPLayoutGrid;
    if (board.hasScores()) m_plot->plotLayout()->addElement(0, 0, new QCPTextElement(m_plot, wrapped(board.scoreLabel(), 40)));
    m_plot->plotLayout()->addElement(board.hasScores() ? 1 : 0, 0, body);
    if (board.hasScores()) m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    auto* rect = new QCPAxisRect(m_plot);
    body->addElement(0, 0, rect);
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    const QString kind = board.mixed() ? tr("Head (H: attention, S: SSM)") : board.ssm() ? tr("SSM head") : tr("Head");
    x->setLabel(kind);
    y->setLabel(tr("Layer"));
    y->setRangeReversed(true);  // layer 0 on top, as on the board
    x->grid()->setVisible(false);
    y->grid()->setVisible(false);
    auto ticks = [](int n) {
        auto t = QSharedPointer<QCPAxisTickerText>::create();
        const int step = std::max(1, n / 12);
        for (int i = 0; i < n; i += step) t->addTick(i, QString::number(i));
        return t;
    };
    auto headTicks = QSharedPointer<QCPAxisTickerText>::create();  // H0.. and S0.. on a hybrid's board
    const int step = std::max(1, board.heads() / 12);
    for (int i = 0; i < board.heads(); ++i) {
        const HeadCell c = board.cell(0, i);
        if (c.head % step == 0) headTicks->addTick(i, board.mixed() ? QStringLiteral("%1%2").arg(c.ssm ? QLatin1Char('S') : QLatin1Char('H')).arg(c.head) : QString::number(c.head));
    }
    x->setTicker(headTicks);
    y->setTicker(ticks(board.layers()));

    // One colour map per kind of head (a hybrid's SSM heads have their own scale and colour bar).
    QCPColorGradient gradient = makeGradient(board.scoresAreDifferences() ? Palette::Diverging : palette);
    gradient.setNanHandling(QCPColorGradient::nhTransparent);
    auto* group = board.hasScores() ? new QCPMarginGroup(m_plot) : nullptr;
    if (group) rect->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    int scaleColumn = 1;
    for (const bool ssm : {false, true}) {
        const int first = ssm ? board.attentionColumns() : 0, last = ssm ? board.heads() : board.attentionColumns();
        if (last <= first) continue;
        auto* map = new QCPColorMap(x, y);
        map->setName(board.hasScores() ? board.scoreLabel() : tr("no score"));
        map->data()->setSize(last - first, std::max(1, board.layers()));
        map->data()->setRange(QCPRange(first, std::max(first, last - 1)), QCPRange(0, std::max(0, board.layers() - 1)));
        for (int l = 0; l < board.layers(); ++l)
            for (int h = first; h < last; ++h)
                map->data()->setCell(h - first, l, board.contains(l, h) && board.hasScores() ? board.score(l, h) : std::nan(""));
        map->setGradient(gradient);
        map->setInterpolate(false);
        if (!board.hasScores()) continue;
        auto* scale = new QCPColorScale(m_plot);
        body->addElement(0, scaleColumn++, scale);
        scale->setGradient(gradient);
        const QString what = board.scoresAreDifferences() ? tr("Δ score") : tr("Score");
        scale->axis()->setLabel(board.mixed() ? (ssm ? tr("%1, SSM heads").arg(what) : tr("%1, attention heads").arg(what)) : what);
        map->setColorScale(scale);
        map->setDataRange(QCPRange(board.minScore(ssm), board.maxScore(ssm)));
        scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    }
    auto* ablated = new QCPGraph(x, y);
    ablated->setName(tr("Ablated heads"));
    ablated->setLineStyle(QCPGraph::lsNone);
    ablated->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross, QPen(QColor(213, 94, 0), 1.5), Qt::NoBrush, 6));
    for (const HeadCell& c : board.ablatedHeads()) ablated->addData(board.column(c), c.layer);
    x->setRange(-0.5, board.heads() - 0.5);
    y->setRange(-0.5, board.layers() - 0.5);
    applyPlotStyle(m_plot, QWidget::palette());
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void HeadBoardFigure::changeEvent(QEvent* event) {
    restyleOnPaletteChange(event, m_plot, QWidget::palette());
    QWidget::changeEvent(event);
}

}  // namespace gna::views
