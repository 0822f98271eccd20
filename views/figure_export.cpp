#include "figure_export.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QPaintEngine>
#include <QPdfWriter>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QSvgGenerator>
#include <qcustomplot.h>

#include "palettes.h"
#include "plot_style.h"

namespace gna::views {

namespace {

// "gna::views": the context lupdate gives tr() calls in this namespace (see translations/*.ts).
QString tr(const char* text) { return QCoreApplication::translate("gna::views", text); }

// QCustomPlot 2.1 has no getter for its background brush; applyPlotStyle records it.
QColor backgroundColor(QCustomPlot* plot) {
    const QVariant v = plot->property("gnaBackground");
    return v.isValid() ? v.value<QColor>() : QColor(Qt::white);
}

// Swaps the plot's background for "no brush" while alive when a transparent figure is wanted.
class BackgroundGuard {
public:
    BackgroundGuard(QCustomPlot* plot, bool transparent) : m_plot(plot), m_active(transparent) {
        if (!m_active) return;
        m_brush = backgroundColor(plot);
        m_rectBrushes.reserve(plot->axisRectCount());
        for (int i = 0; i < plot->axisRectCount(); ++i) m_rectBrushes << plot->axisRect(i)->background();
        plot->setBackground(Qt::NoBrush);
        for (int i = 0; i < plot->axisRectCount(); ++i) plot->axisRect(i)->setBackground(Qt::NoBrush);
    }
    ~BackgroundGuard() {
        if (!m_active) return;
        m_plot->setBackground(m_brush);
        for (int i = 0; i < m_plot->axisRectCount() && i < m_rectBrushes.size(); ++i)
            m_plot->axisRect(i)->setBackground(m_rectBrushes[i]);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }

private:
    QCustomPlot* m_plot;
    bool m_active;
    QBrush m_brush;
    QList<QBrush> m_rectBrushes;
};

// Paper colours while alive: the studio's light palette on the view that owns the plot (its parent
// widget, or the plot itself), whose PaletteChange handler restyles the plot as on a theme switch
// (applyPlotStyle and the view's own palette-dependent colours); the view's palette comes back after.
class PaletteGuard {
public:
    PaletteGuard(QCustomPlot* plot, bool paper)
        : m_owner(paper ? (plot->parentWidget() ? plot->parentWidget() : plot) : nullptr) {
        if (!m_owner) return;
        m_ownPalette = m_owner->testAttribute(Qt::WA_SetPalette);
        m_palette = m_owner->palette();
        m_owner->setPalette(studioPalette(false));
    }
    ~PaletteGuard() {
        if (!m_owner) return;
        m_owner->setPalette(m_ownPalette ? m_palette : QPalette());  // a palette without roles: inherit again
    }
    PaletteGuard(const PaletteGuard&) = delete;
    PaletteGuard& operator=(const PaletteGuard&) = delete;

private:
    QWidget* m_owner;
    bool m_ownPalette = false;
    QPalette m_palette;
};

bool fail(QString* error, const QString& message) {
    if (error) *error = message;
    return false;
}

// The drawing's size in layout units: points (1/72 in).
QSize layoutSize(const FigureOptions& o) {
    return {std::max(36, qRound(o.widthInches * 72.0)), std::max(36, qRound(o.heightInches * 72.0))};
}

// Print fonts while alive: every text of the plot in points of the layout (pixel size in layout
// units, so they scale with the figure, not with the screen's DPI); restored afterwards.
class FontGuard {
public:
    FontGuard(QCustomPlot* plot, double points, bool restore = true) : m_plot(plot), m_restore(restore) {
        const int small = std::max(4, qRound(points)), label = small + 1, title = small + 2;
        for (QCPLayoutElement* e : plot->plotLayout()->elements(true)) {
            if (auto* rect = qobject_cast<QCPAxisRect*>(e))
                for (QCPAxis* a : rect->axes()) setAxis(a, small, label);
            else if (auto* scale = qobject_cast<QCPColorScale*>(e))
                setAxis(scale->axis(), small, label);
            else if (auto* text = qobject_cast<QCPTextElement*>(e)) {
                m_texts << qMakePair(text, text->font());
                text->setFont(sized(text->font(), title));
            } else if (auto* legend = qobject_cast<QCPLegend*>(e)) {
                m_legends.push_back({legend, legend->font(), legend->iconSize(), legend->iconTextPadding()});
                // The items' own fonts first: the legend's setFont gives every item its font.
                for (int i = 0; i < legend->itemCount(); ++i)
                    if (QCPAbstractLegendItem* item = legend->item(i)) m_items << qMakePair(item, item->font());
                legend->setFont(sized(legend->font(), small));
                legend->setIconSize(QSize(small * 2, small));  // the screen's 32 x 18 would crowd out the names
                legend->setIconTextPadding(small / 2);
                for (int i = 0; i < legend->itemCount(); ++i)
                    if (QCPAbstractLegendItem* item = legend->item(i)) item->setFont(sized(item->font(), small));
            }
        }
    }
    ~FontGuard() {
        if (!m_restore) return;
        for (const auto& a : m_axes) {
            a.axis->setTickLabelFont(a.tick);
            a.axis->setLabelFont(a.label);
        }
        for (const auto& t : m_texts) t.first->setFont(t.second);
        for (const auto& l : m_legends) {
            l.legend->setFont(l.font);
            l.legend->setIconSize(l.iconSize);
            l.legend->setIconTextPadding(l.padding);
        }
        for (const auto& i : m_items) i.first->setFont(i.second);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }

private:
    struct AxisFonts {
        QCPAxis* axis;
        QFont tick;
        QFont label;
    };
    static QFont sized(QFont f, int pixels) {
        f.setPixelSize(pixels);
        return f;
    }
    void setAxis(QCPAxis* a, int tick, int label) {
        m_axes.push_back({a, a->tickLabelFont(), a->labelFont()});
        a->setTickLabelFont(sized(a->tickLabelFont(), tick));
        a->setLabelFont(sized(a->labelFont(), label));
    }
    QCustomPlot* m_plot;
    bool m_restore;
    QList<AxisFonts> m_axes;
    QList<QPair<QCPTextElement*, QFont>> m_texts;
    struct LegendStyle {
        QCPLegend* legend;
        QFont font;
        QSize iconSize;
        int padding;
    };
    QList<LegendStyle> m_legends;
    QList<QPair<QCPAbstractLegendItem*, QFont>> m_items;
};

// What an export changes on the plot for its length, restored in reverse order: the palette first
// (the background guard keeps the paper's brushes), then the background, then the print fonts.
class ExportGuard {
public:
    ExportGuard(QCustomPlot* plot, const FigureOptions& o)
        : m_colours(plot, o.paperColours), m_background(plot, o.transparent), m_fonts(plot, o.fontPoints) {}

private:
    PaletteGuard m_colours;
    BackgroundGuard m_background;
    FontGuard m_fonts;
};

}  // namespace

QString formatSuffix(FigureFormat format) {
    switch (format) {
        case FigureFormat::PDF:
            return QStringLiteral("pdf");
        case FigureFormat::SVG:
            return QStringLiteral("svg");
        case FigureFormat::PNG:
            return QStringLiteral("png");
        case FigureFormat::CSV:
            return QStringLiteral("csv");
    }
    return {};
}

void setPrintFonts(QCustomPlot* plot, double points) { FontGuard(plot, points, false); }

bool parseFigureWidth(const QString& text, double* inches) {
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("single"))
        *inches = kSingleColumnInches;
    else if (t == QLatin1String("double"))
        *inches = kDoubleColumnInches;
    else {
        bool ok = false;
        const double v = t.toDouble(&ok);
        if (!ok || v < 0.5 || v > 20.0) return false;
        *inches = v;
    }
    return true;
}

bool exportPdf(QCustomPlot* plot, const QString& path, const FigureOptions& o, QString* error) {
    const ExportGuard guard(plot, o);
    const QSize size = layoutSize(o);
    QPdfWriter pdf(path);
    pdf.setResolution(72);  // one layout unit = one point
    pdf.setCreator(QStringLiteral("G&A Studio"));
    pdf.setTitle(plot->objectName());
    pdf.setPageSize(QPageSize(QSizeF(size), QPageSize::Point, QString(), QPageSize::ExactMatch));
    pdf.setPageMargins(QMarginsF(0, 0, 0, 0));
    QCPPainter painter;
    if (!painter.begin(&pdf)) return fail(error, tr("Could not write the PDF file %1.").arg(path));
    painter.setRenderHint(QPainter::LosslessImageRendering);  // heatmap images: Flate, never JPEG
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    painter.setMode(QCPPainter::pmNonCosmetic);
    plot->toPainter(&painter, size.width(), size.height());
    painter.end();
    if (!QFileInfo(path).exists() || QFileInfo(path).size() == 0)
        return fail(error, tr("Could not write the PDF file %1.").arg(path));
    return true;
}

bool exportSvg(QCustomPlot* plot, const QString& path, const FigureOptions& o, QString* error) {
    const ExportGuard guard(plot, o);
    const QSize size = layoutSize(o);
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setResolution(72);  // width and height come out in physical units of the layout's points
    generator.setSize(size);
    generator.setViewBox(QRect(QPoint(0, 0), size));
    // QSvgGenerator writes title and description verbatim: escape them for XML.
    generator.setTitle(plot->objectName().toHtmlEscaped());
    generator.setDescription(QStringLiteral("G&A Studio figure").toHtmlEscaped());
    QCPPainter painter;
    if (!painter.begin(&generator)) return fail(error, tr("Could not write the SVG file %1.").arg(path));
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    plot->toPainter(&painter, size.width(), size.height());
    painter.end();
    if (!QFileInfo(path).exists()) return fail(error, tr("Could not write the SVG file %1.").arg(path));
    return true;
}

bool exportPng(QCustomPlot* plot, const QString& path, const FigureOptions& o, QString* error) {
    const ExportGuard guard(plot, o);
    // The layout in points, drawn onto widthInches x dpi pixels: text keeps its size in points.
    const QSize size = layoutSize(o);
    const QSize pixels(std::max(1, qRound(o.widthInches * o.dpi)), std::max(1, qRound(o.heightInches * o.dpi)));
    QImage image(pixels, QImage::Format_ARGB32_Premultiplied);
    image.fill(o.transparent ? QColor(Qt::transparent) : backgroundColor(plot));
    image.setDotsPerMeterX(qRound(o.dpi / 0.0254));
    image.setDotsPerMeterY(qRound(o.dpi / 0.0254));
    {
        QCPPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        painter.scale(double(pixels.width()) / size.width(), double(pixels.height()) / size.height());
        plot->toPainter(&painter, size.width(), size.height());
    }
    if (!image.save(path, "PNG")) return fail(error, tr("Could not write the PNG file %1.").arg(path));
    return true;
}

namespace {

// A paint device that draws nothing and records where text and images land, in device coordinates.
class RecordingEngine : public QPaintEngine {
public:
    RecordingEngine() : QPaintEngine(QPaintEngine::AllFeatures) {}
    bool begin(QPaintDevice*) override { return true; }
    bool end() override { return true; }
    Type type() const override { return QPaintEngine::User; }
    void updateState(const QPaintEngineState& state) override {
        if (state.state() & QPaintEngine::DirtyTransform) m_transform = state.transform();
    }
    void drawPath(const QPainterPath&) override {}
    void drawPolygon(const QPointF*, int, PolygonDrawMode) override {}
    void drawPolygon(const QPoint*, int, PolygonDrawMode) override {}
    void drawPixmap(const QRectF& r, const QPixmap&, const QRectF&) override {
        m_drawn.images << m_transform.mapRect(r);
    }
    void drawImage(const QRectF& r, const QImage&, const QRectF&, Qt::ImageConversionFlags) override {
        m_drawn.images << m_transform.mapRect(r);
    }
    void drawTextItem(const QPointF& p, const QTextItem& item) override {
        const QRectF r(p.x(), p.y() - item.ascent(), item.width(), item.ascent() + item.descent());
        const QRectF mapped = m_transform.mapRect(r);
        // A line drawn in several runs (a change of script, e.g. "Δ" then Latin): one text.
        if (!m_drawn.texts.isEmpty()) {
            DrawnFigure::Text& last = m_drawn.texts.last();
            const QRectF& l = last.rect;
            const bool alongX = qAbs(l.top() - mapped.top()) < 0.01 && qAbs(l.bottom() - mapped.bottom()) < 0.01 &&
                qAbs(l.right() - mapped.left()) < 0.5;
            const bool alongY = qAbs(l.left() - mapped.left()) < 0.01 && qAbs(l.right() - mapped.right()) < 0.01 &&
                (qAbs(l.top() - mapped.bottom()) < 0.5 || qAbs(l.bottom() - mapped.top()) < 0.5);  // rotated
            if (alongX || alongY) {
                last.text += item.text();
                last.rect = last.rect.united(mapped);
                return;
            }
        }
        m_drawn.texts.push_back({item.text(), mapped});
    }
    DrawnFigure m_drawn;

private:
    QTransform m_transform;
};

class RecordingDevice : public QPaintDevice {
public:
    explicit RecordingDevice(QSize size) : m_size(size) {}
    QPaintEngine* paintEngine() const override { return &m_engine; }
    RecordingEngine& engine() { return m_engine; }

protected:
    int metric(PaintDeviceMetric m) const override {
        switch (m) {
            case PdmWidth:
                return m_size.width();
            case PdmHeight:
                return m_size.height();
            case PdmWidthMM:
                return qRound(m_size.width() * 25.4 / 72.0);
            case PdmHeightMM:
                return qRound(m_size.height() * 25.4 / 72.0);
            case PdmNumColors:
                return INT_MAX;
            case PdmDepth:
                return 32;
            case PdmDpiX:
            case PdmDpiY:
            case PdmPhysicalDpiX:
            case PdmPhysicalDpiY:
                return 72;
            case PdmDevicePixelRatio:
                return 1;
            case PdmDevicePixelRatioScaled:
                return int(devicePixelRatioFScale());
            default:
                return 0;
        }
    }

private:
    QSize m_size;
    mutable RecordingEngine m_engine;
};

}  // namespace

DrawnFigure drawnFigure(QCustomPlot* plot, const FigureOptions& o) {
    const ExportGuard guard(plot, o);
    const QSize size = layoutSize(o);
    RecordingDevice device(size);
    {
        QCPPainter painter(&device);
        painter.setMode(QCPPainter::pmVectorized);
        painter.setMode(QCPPainter::pmNoCaching);
        plot->toPainter(&painter, size.width(), size.height());
    }
    DrawnFigure drawn = device.engine().m_drawn;
    drawn.size = QSizeF(size);
    return drawn;
}

QString plotDataCsv(QCustomPlot* plot) {
    QString out = QStringLiteral("series,x,y,value\n");
    auto q = [](QString s) {
        if (s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"')))
            s = QLatin1Char('"') + s.replace(QStringLiteral("\""), QStringLiteral("\"\"")) + QLatin1Char('"');
        return s;
    };
    for (int i = 0; i < plot->plottableCount(); ++i) {
        QCPAbstractPlottable* p = plot->plottable(i);
        const QString name = q(p->name().isEmpty() ? QStringLiteral("series%1").arg(i) : p->name());
        if (auto* g = qobject_cast<QCPGraph*>(p)) {
            for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
                out += name + QLatin1Char(',') + QString::number(it->key, 'g', 10) + QLatin1Char(',') +
                    QString::number(it->value, 'g', 10) + QStringLiteral(",\n");
        } else if (auto* b = qobject_cast<QCPBars*>(p)) {
            for (auto it = b->data()->constBegin(); it != b->data()->constEnd(); ++it)
                out += name + QLatin1Char(',') + QString::number(it->key, 'g', 10) + QStringLiteral(",,") +
                    QString::number(it->value, 'g', 10) + QLatin1Char('\n');
        } else if (auto* e = qobject_cast<QCPErrorBars*>(p)) {
            for (int k = 0; k < e->dataCount(); ++k)
                out += name + QStringLiteral(",") + QString::number(k) + QStringLiteral(",,") +
                    QString::number(e->data()->at(k).errorPlus, 'g', 10) + QLatin1Char('\n');
        } else if (auto* m = qobject_cast<QCPColorMap*>(p)) {
            QCPColorMapData* d = m->data();
            for (int r = 0; r < d->valueSize(); ++r)
                for (int c = 0; c < d->keySize(); ++c)
                    out += name + QLatin1Char(',') + QString::number(c) + QLatin1Char(',') + QString::number(r) +
                        QLatin1Char(',') + QString::number(d->cell(c, r), 'g', 8) + QLatin1Char('\n');
        }
    }
    return out;
}

bool exportCsv(QCustomPlot* plot, const QString& path, QString* error, const QString& csv) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text))
        return fail(error, tr("Could not write the CSV file %1.").arg(path));
    file.write((csv.isEmpty() ? plotDataCsv(plot) : csv).toUtf8());
    if (!file.commit()) return fail(error, tr("Could not write the CSV file %1.").arg(path));
    return true;
}

bool exportFigure(QCustomPlot* plot, const QString& path, FigureFormat format, const FigureOptions& options,
                  QString* error) {
    // An empty view (no model, no run, no comparison) has nothing to export: no placeholder figure.
    if (const QString empty = emptyMessage(plot); !empty.isEmpty())
        return fail(error, tr("Nothing to export: %1").arg(empty));
    switch (format) {
        case FigureFormat::PDF:
            return exportPdf(plot, path, options, error);
        case FigureFormat::SVG:
            return exportSvg(plot, path, options, error);
        case FigureFormat::PNG:
            return exportPng(plot, path, options, error);
        case FigureFormat::CSV:
            return exportCsv(plot, path, error);
    }
    return false;
}

QStringList exportFigureSet(const QList<NamedPlot>& plots, const QString& dir, const QList<FigureFormat>& formats,
                            const FigureOptions& options, QString* error) {
    QStringList written;
    if (!QDir().mkpath(dir)) {
        fail(error, tr("Could not create the folder %1.").arg(dir));
        return written;
    }
    QStringList skipped;
    for (const NamedPlot& np : plots) {
        if (!np.plot) continue;
        if (const QString empty = emptyMessage(np.plot); !empty.isEmpty()) {
            skipped << QStringLiteral("%1 (%2)").arg(np.name, empty);
            continue;
        }
        for (FigureFormat f : formats) {
            const QString path = QDir(dir).filePath(np.name + QLatin1Char('.') + formatSuffix(f));
            if (exportFigure(np.plot, path, f, options, error)) written << path;
        }
    }
    if (!skipped.isEmpty() && error && error->isEmpty())
        *error = tr("Skipped the empty figures: %1.").arg(skipped.join(QStringLiteral(", ")));
    return written;
}

}  // namespace gna::views
