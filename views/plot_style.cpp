#include "plot_style.h"

#include <QLocale>
#include <QVBoxLayout>
#include <qcustomplot.h>

namespace gna::views {

void applyPlotStyle(QCustomPlot* plot, const QPalette& palette) {
    const QColor bg = palette.color(QPalette::Base);
    const QColor fg = palette.color(QPalette::Text);
    QColor grid = palette.color(QPalette::Mid);
    grid.setAlpha(90);
    plot->setLocale(QLocale());  // tick labels in the UI language's number format ("0,25" in German)
    plot->setBackground(bg);
    plot->setProperty("gnaBackground", bg);
    QList<QCPAxis*> all;
    for (int i = 0; i < plot->axisRectCount(); ++i) all << plot->axisRect(i)->axes();
    // Colour scales own their own axis.
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
        if (auto* scale = qobject_cast<QCPColorScale*>(e)) all << scale->axis();
    for (QCPAxis* a : all) {
        a->setBasePen(QPen(fg, 1));
        a->setTickPen(QPen(fg, 1));
        a->setSubTickPen(QPen(fg, 1));
        a->setTickLabelColor(fg);
        a->setLabelColor(fg);
        a->grid()->setPen(QPen(grid, 1, Qt::DotLine));
        a->grid()->setZeroLinePen(Qt::NoPen);
    }
    if (plot->legend) {
        plot->legend->setBrush(bg);
        plot->legend->setTextColor(fg);
        plot->legend->setBorderPen(QPen(palette.color(QPalette::Mid)));
    }
    for (QCPLayoutElement* e : plot->plotLayout()->elements(true))
        if (auto* text = qobject_cast<QCPTextElement*>(e)) text->setTextColor(fg);
}

void fillWithPlot(QWidget* owner, QCustomPlot* plot, QSize minimum) {
    auto* layout = new QVBoxLayout(owner);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(plot);
    owner->setMinimumSize(minimum);
}

void restyleOnPaletteChange(const QEvent* event, QCustomPlot* plot, const QPalette& palette) {
    if (event->type() != QEvent::PaletteChange) return;
    applyPlotStyle(plot, palette);
    plot->replot(QCustomPlot::rpQueuedReplot);
}

}  // namespace gna::views
