#include "figure_export.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSpinBox>
#include <QSvgGenerator>
#include <qcustomplot.h>

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

bool fail(QString* error, const QString& message) {
    if (error) *error = message;
    return false;
}

}  // namespace

QString formatSuffix(FigureFormat format) {
    switch (format) {
    case FigureFormat::PDF: return QStringLiteral("pdf");
    case FigureFormat::SVG: return QStringLiteral("svg");
    case FigureFormat::PNG: return QStringLiteral("png");
    case FigureFormat::CSV: return QStringLiteral("csv");
    }
    return {};
}

bool exportPdf(QCustomPlot* plot, const QString& path, const FigureOptions& o, QString* error) {
    BackgroundGuard guard(plot, o.transparent);
    if (!plot->savePdf(path, o.width, o.height, QCP::epNoCosmetic, QStringLiteral("G&A Studio"), plot->objectName()))
        return fail(error, tr("Could not write the PDF file %1.").arg(path));
    return true;
}

bool exportSvg(QCustomPlot* plot, const QString& path, const FigureOptions& o, QString* error) {
    BackgroundGuard guard(plot, o.transparent);
    QSvgGenerator generator;
    generator.setFileName(path);
    generator.setSize(QSize(o.width, o.height));
    generator.setViewBox(QRect(0, 0, o.width, o.height));
    // QSvgGenerator writes title and description verbatim: escape them for XML.
    generator.setTitle(plot->objectName().toHtmlEscaped());
    generator.setDescription(QStringLiteral("G&A Studio figure").toHtmlEscaped());
    QCPPainter painter;
    if (!painter.begin(&generator)) return fail(error, tr("Could not write the SVG file %1.").arg(path));
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    plot->toPainter(&painter, o.width, o.height);
    painter.end();
    if (!QFileInfo(path).exists()) return fail(error, tr("Could not write the SVG file %1.").arg(path));
    return true;
}

bool exportPng(QCustomPlot* plot, const QString& path, const FigureOptions& o, QString* error) {
    BackgroundGuard guard(plot, o.transparent);
    // Render at exactly width x height pixels; text and lines scale with dpi/96 as in print.
    const double scale = std::max(0.25, o.dpi / 96.0);
    QImage image(o.width, o.height, QImage::Format_ARGB32_Premultiplied);
    image.fill(o.transparent ? QColor(Qt::transparent) : backgroundColor(plot));
    image.setDotsPerMeterX(qRound(o.dpi / 0.0254));
    image.setDotsPerMeterY(qRound(o.dpi / 0.0254));
    {
        QCPPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.scale(scale, scale);
        plot->toPainter(&painter, qRound(o.width / scale), qRound(o.height / scale));
    }
    if (!image.save(path, "PNG")) return fail(error, tr("Could not write the PNG file %1.").arg(path));
    return true;
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

bool exportCsv(QCustomPlot* plot, const QString& path, QString* error) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Text)) return fail(error, tr("Could not write the CSV file %1.").arg(path));
    file.write(plotDataCsv(plot).toUtf8());
    if (!file.commit()) return fail(error, tr("Could not write the CSV file %1.").arg(path));
    return true;
}

bool exportFigure(QCustomPlot* plot, const QString& path, FigureFormat format, const FigureOptions& options, QString* error) {
    switch (format) {
    case FigureFormat::PDF: return exportPdf(plot, path, options, error);
    case FigureFormat::SVG: return exportSvg(plot, path, options, error);
    case FigureFormat::PNG: return exportPng(plot, path, options, error);
    case FigureFormat::CSV: return exportCsv(plot, path, error);
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
    for (const NamedPlot& np : plots) {
        if (!np.plot) continue;
        for (FigureFormat f : formats) {
            const QString path = QDir(dir).filePath(np.name + QLatin1Char('.') + formatSuffix(f));
            if (exportFigure(np.plot, path, f, options, error)) written << path;
        }
    }
    return written;
}

FigureExportDialog::FigureExportDialog(QCustomPlot* plot, const QString& suggestedName, QWidget* parent)
    : QDialog(parent), m_plot(plot), m_format(new QComboBox), m_width(new QSpinBox), m_height(new QSpinBox),
      m_dpi(new QSpinBox), m_transparent(new QCheckBox(tr("Transparent background"))), m_path(new QLineEdit) {
    setWindowTitle(tr("Export figure"));
    m_format->addItems({tr("PDF (vector)"), tr("SVG (vector)"), tr("PNG (bitmap)"), tr("CSV (data)")});
    m_width->setRange(50, 20000);
    m_height->setRange(50, 20000);
    m_width->setValue(std::max(200, plot->width()));
    m_height->setValue(std::max(150, plot->height()));
    m_dpi->setRange(50, 1200);
    m_dpi->setValue(300);
    m_path->setText(QDir::home().filePath(suggestedName + QStringLiteral(".pdf")));
    auto* browse = new QPushButton(tr("Browse…"));
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    auto* form = new QFormLayout(this);
    form->addRow(tr("&Format:"), m_format);
    form->addRow(tr("&Width:"), m_width);
    form->addRow(tr("&Height:"), m_height);
    form->addRow(tr("&DPI (PNG):"), m_dpi);
    form->addRow(QString(), m_transparent);
    form->addRow(tr("F&ile:"), pathRow);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &FigureExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, &FigureExportDialog::browse);
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        QFileInfo fi(m_path->text());
        m_path->setText(fi.dir().filePath(fi.completeBaseName() + QLatin1Char('.') + formatSuffix(format())));
        m_dpi->setEnabled(format() == FigureFormat::PNG);
    });
}

FigureOptions FigureExportDialog::options() const {
    return {m_width->value(), m_height->value(), m_dpi->value(), m_transparent->isChecked()};
}
FigureFormat FigureExportDialog::format() const { return static_cast<FigureFormat>(m_format->currentIndex()); }
QString FigureExportDialog::path() const { return m_path->text(); }

void FigureExportDialog::browse() {
    const QString p = QFileDialog::getSaveFileName(this, tr("Export figure"), m_path->text());
    if (!p.isEmpty()) m_path->setText(p);
}

void FigureExportDialog::accept() {
    QString error;
    if (!exportFigure(m_plot, path(), format(), options(), &error)) {
        QMessageBox::critical(this, tr("Export failed"), error);
        return;
    }
    QDialog::accept();
}

}  // namespace gna::views
