#include "head_board_figure.h"

#include <algorithm>
#include <cmath>

#include <QImage>

#include <QVBoxLayout>
#include <qcustomplot.h>

#include "figure_export.h"
#include "head_board_model.h"
#include "plot_style.h"

namespace gna::views {

namespace {
// Breaks text at spaces into lines that each fit `fits`.
template <class Fits>
QString wrapped(const QString& text, Fits fits) {
    QStringList lines{QString()};
    for (const QString& word : text.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
        if (!lines.last().isEmpty() && !fits(lines.last() + QLatin1Char(' ') + word)) lines << QString();
        lines.last() += (lines.last().isEmpty() ? QString() : QStringLiteral(" ")) + word;
    }
    return lines.join(QLatin1Char('\n'));
}
QString wrapped(const QString& text, int characters) {
    return wrapped(text, [&](const QString& line) { return line.size() <= characters; });
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
    m_scales.clear();
    m_title = nullptr;
    m_scoreLabel = board.hasScores() ? board.scoreLabel() : QString();
    m_layers = board.layers();
    // Row 0: the score's full name as the title, in short lines; row 1: the board and its colour scale.
    auto* body = m_body = new QCPLayoutGrid;
    if (board.hasScores()) {
        m_title = new QCPTextElement(m_plot, wrapped(m_scoreLabel, 40));
        m_plot->plotLayout()->addElement(0, 0, m_title);
    }
    m_plot->plotLayout()->addElement(board.hasScores() ? 1 : 0, 0, body);
    if (board.hasScores()) m_plot->plotLayout()->setRowStretchFactor(0, 0.001);
    auto* rect = m_rect = new QCPAxisRect(m_plot);
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
    m_headLabels.clear();
    m_kindStarts.clear();
    for (int i = 0; i < board.heads(); ++i) {  // H0.. and S0.. on a hybrid's board
        const HeadCell c = board.cell(0, i);
        if (c.head == 0) m_kindStarts << i;
        m_headLabels << (board.mixed()
                             ? QStringLiteral("%1%2").arg(c.ssm ? QLatin1Char('S') : QLatin1Char('H')).arg(c.head)
                             : QString::number(c.head));
    }
    setHeadTicks(std::max(1, board.heads() / 12));
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
                map->data()->setCell(h - first, l,
                                     board.contains(l, h) && board.hasScores() ? board.score(l, h) : std::nan(""));
        map->setGradient(gradient);
        map->setInterpolate(false);
        if (!board.hasScores()) continue;
        auto* scale = new QCPColorScale(m_plot);
        body->addElement(0, scaleColumn++, scale);
        m_scales << scale;
        scale->setGradient(gradient);
        // The quantity and its unit as the board's legend names it ("Δ entropy (bits)"), per kind of head.
        const QString what = board.scoreLabel().isEmpty() ? (board.scoresAreDifferences() ? tr("Δ score") : tr("Score"))
                                                          : board.scoreLabel();
        scale->axis()->setLabel(wrapped(
            board.mixed() ? (ssm ? tr("%1, SSM heads").arg(what) : tr("%1, attention heads").arg(what)) : what, 30));
        map->setColorScale(scale);
        map->setDataRange(QCPRange(board.minScore(ssm), board.maxScore(ssm)));
        scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    }
    // A cell without a head (a hybrid layer's missing kind) shows the rect's hatching through, never the
    // white of "no change" on a diverging scale; the axis label says what the hatching means.
    const QColor hatch =
        mutedText(QWidget::palette().color(QPalette::Text), QWidget::palette().color(QPalette::Base), 1.6);
    rect->setBackground(QBrush(hatch, Qt::BDiagPattern));
    bool missing = false;
    for (int l = 0; l < board.layers() && !missing; ++l)
        for (int h = 0; h < board.heads() && !missing; ++h) missing = !board.contains(l, h);
    if (missing)
        x->setLabel(wrapped(board.mixed() ? tr("Head (H: attention, S: SSM; hatched: no such head in the layer)")
                                          : tr("%1 (hatched: no such head in the layer)").arg(kind),
                            40));
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

void HeadBoardFigure::setHeadTicks(int step) {
    // Every step-th head of each kind, and never two labels closer than `step` columns.
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    int start = 0, last = -step;
    for (int i = 0; i < m_headLabels.size(); ++i) {
        if (m_kindStarts.contains(i)) start = i;
        if ((i - start) % step == 0 && i - last >= step) {
            ticker->addTick(i, m_headLabels[i]);
            last = i;
        }
    }
    if (m_rect) m_rect->axis(QCPAxis::atBottom)->setTicker(ticker);
}

QRect HeadBoardFigure::laidOutBoard(int width, int height) {
    QImage scratch(1, 1, QImage::Format_ARGB32_Premultiplied);  // toPainter lays the plot out at width x height
    QCPPainter painter(&scratch);
    m_plot->toPainter(&painter, width, height);
    return m_rect->rect();
}

void HeadBoardFigure::placeScalesBelow() {
    // Horizontal colour scales in rows under the board, as wide as it, their labels under them.
    auto* sides = new QCPMarginGroup(m_plot);
    m_rect->setMarginGroup(QCP::msLeft | QCP::msRight, sides);
    for (int i = 0; i < m_scales.size(); ++i) {
        QCPColorScale* scale = m_scales[i];
        m_body->take(scale);
        m_body->addElement(1 + i, 0, scale);
        m_body->setRowStretchFactor(1 + i, 0.001);
        scale->setMarginGroup(QCP::msTop | QCP::msBottom, nullptr);
        scale->setMargins(QMargins());  // the board's top and bottom margins, kept from the group, would pad the bar
        scale->setType(QCPAxis::atBottom);
        const QCPColorGradient gradient = scale->gradient();  // the bar's image is made anew for the new direction
        scale->setGradient(QCPColorGradient());
        scale->setGradient(gradient);
        scale->setBarWidth(scale->barWidth() / 2);
        scale->setMarginGroup(QCP::msLeft | QCP::msRight, sides);
        scale->axis()->ticker()->setTickCount(4);
    }
    m_body->simplify();
}

double HeadBoardFigure::layOutForPaper(double widthInches, double fontPoints) {
    setPrintFonts(m_plot, fontPoints);
    const int width = std::max(36, qRound(widthInches * 72.0));  // layout units: points
    if (m_title) {
        const QFontMetricsF title(m_title->font());
        const double room = width - m_title->margins().left() - m_title->margins().right() - 2.0 * fontPoints;
        m_title->setText(
            wrapped(m_scoreLabel, [&](const QString& line) { return title.horizontalAdvance(line) <= room; }));
    }
    // At least the height of about square cells, within 1.2 in and 1.2 widths.
    const int heads = std::max(1, int(m_headLabels.size()));
    const double rows = std::clamp(widthInches * (m_layers + 2.0) / (heads + 4), 1.2, widthInches * 1.2) * 72.0;
    if (!m_rect) return rows / 72.0;
    // Measured on a layout with room to spare: what the margins, title and scales take. Colour scales
    // that leave the board under 40% of the width go under it.
    const int roomy = qRound(rows) + 4 * width;
    QRect board = laidOutBoard(width, roomy);
    if (m_scales.size() > 1 && board.width() < 0.4 * width) {
        placeScalesBelow();
        setPrintFonts(m_plot, fontPoints);
        board = laidOutBoard(width, roomy);
    }
    // Head ticks: each label's width and a gap of one character per label.
    QCPAxis* x = m_rect->axis(QCPAxis::atBottom);
    const QFontMetricsF tick(x->tickLabelFont());
    double widest = 0.0;
    for (const QString& label : std::as_const(m_headLabels)) widest = std::max(widest, tick.horizontalAdvance(label));
    const double perHead = double(board.width()) / heads;
    setHeadTicks(std::max(1, int(std::ceil((widest + tick.averageCharWidth()) / std::max(1.0, perHead)))));
    // The board's height holds the layer ticks, and along vertical colour scales their label and tick
    // labels, none touching.
    QCPAxis* y = m_rect->axis(QCPAxis::atLeft);
    double needed = (y->tickVector().size() + 1) * 1.2 * QFontMetricsF(y->tickLabelFont()).height();
    for (QCPColorScale* scale : std::as_const(m_scales)) {
        if (scale->type() == QCPAxis::atBottom) continue;
        const QFontMetricsF label(scale->axis()->labelFont());
        needed = std::max(needed, label.horizontalAdvance(scale->axis()->label()) + 2.0 * label.height());
        needed = std::max(
            needed,
            (scale->axis()->tickVector().size() + 1) * 1.2 * QFontMetricsF(scale->axis()->tickLabelFont()).height());
    }
    const double h = std::max(rows, roomy - board.height() + needed);
    return h / 72.0;
}

void HeadBoardFigure::changeEvent(QEvent* event) {
    restyleOnPaletteChange(event, m_plot, QWidget::palette());
    QWidget::changeEvent(event);
}

}  // namespace gna::views
