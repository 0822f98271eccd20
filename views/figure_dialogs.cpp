// The figure export dialogs: one figure (File ▸ Export figure) and every figure of the window (File ▸
// Export figure set), sharing their size rows.
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <algorithm>
#include <qcustomplot.h>

#include "figure_export.h"

namespace gna::views {

FigureSizeRows::FigureSizeRows() : preset(new QComboBox), width(new QDoubleSpinBox), dpi(new QSpinBox) {
    preset->addItems({tr("Single column (3.3 in)"), tr("Double column (6.9 in)"), tr("Custom")});
    width->setRange(0.5, 20.0);
    width->setDecimals(2);
    width->setSingleStep(0.1);
    width->setSuffix(tr(" in"));
    width->setValue(kSingleColumnInches);
    dpi->setRange(50, 1200);
    dpi->setValue(300);
    preset->setObjectName(QStringLiteral("sizePreset"));
    width->setObjectName(QStringLiteral("width"));
    dpi->setObjectName(QStringLiteral("dpi"));
    // The lambdas hold the widgets, not this struct (the dialog's member, gone before its widgets).
    QObject::connect(preset, &QComboBox::currentIndexChanged, width, [width = width](int i) {
        if (i == 0) width->setValue(kSingleColumnInches);
        if (i == 1) width->setValue(kDoubleColumnInches);
    });
    QObject::connect(width, &QDoubleSpinBox::valueChanged, preset, [preset = preset](double w) {
        const QSignalBlocker block(preset);
        preset->setCurrentIndex(qFuzzyCompare(w, kSingleColumnInches)       ? 0
                                    : qFuzzyCompare(w, kDoubleColumnInches) ? 1
                                                                            : 2);
    });
}

void FigureSizeRows::addRows(QFormLayout* form, QWidget* height) {
    form->addRow(tr("&Size:"), preset);
    form->addRow(tr("&Width:"), width);
    if (height) form->addRow(tr("&Height:"), height);
    form->addRow(tr("&DPI (PNG):"), dpi);
}

void FigureSizeRows::read(FigureOptions* o) const {
    o->widthInches = width->value();
    o->dpi = dpi->value();
}

FigureExportDialog::FigureExportDialog(QCustomPlot* plot, const QString& suggestedName, QWidget* parent)
    : FigureExportDialog(QList<FigureChoice>{{QString(), suggestedName, plot, 0.0, QString()}}, 0, parent) {}

FigureExportDialog::FigureExportDialog(const QList<FigureChoice>& figures, int current, QWidget* parent)
    : QDialog(parent),
      m_choices(figures),
      m_plot(figures.value(current).plot),
      m_figure(new QComboBox),
      m_format(new QComboBox),
      m_size(new FigureSizeRows),
      m_height(new QDoubleSpinBox),
      m_transparent(new QCheckBox(tr("Transparent background"))),
      m_paper(new QCheckBox(tr("&Paper colours (white background)"))),
      m_path(new QLineEdit) {
    setWindowTitle(tr("Export figure"));
    m_format->addItems({tr("PDF (vector)"), tr("SVG (vector)"), tr("PNG (bitmap)"), tr("CSV (data)")});
    m_height->setRange(0.5, 20.0);
    m_height->setDecimals(2);
    m_height->setSingleStep(0.1);
    m_height->setSuffix(tr(" in"));
    m_path->setText(QDir::home().filePath(figures.value(current).fileStem + QStringLiteral(".pdf")));
    for (const FigureChoice& f : figures) m_figure->addItem(f.title);
    m_figure->setObjectName(QStringLiteral("figure"));
    m_figure->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);  // a long title never widens it
    m_figure->setMinimumContentsLength(24);
    m_figure->setCurrentIndex(current);
    auto* browse = new QPushButton(tr("Browse…"));
    auto* pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);
    auto* form = new QFormLayout(this);
    form->addRow(tr("Fi&gure:"), m_figure);
    form->setRowVisible(m_figure, figures.size() > 1 || !figures.value(0).title.isEmpty());
    form->addRow(tr("&Format:"), m_format);
    m_size->addRows(form, m_height);
    form->addRow(QString(), m_transparent);
    m_paper->setChecked(true);
    m_paper->setToolTip(
        tr("Draw the figure with a white background and dark text and axes, whatever the theme on screen; "
           "clear it to keep the colours on screen."));
    form->addRow(QString(), m_paper);
    form->addRow(tr("F&ile:"), pathRow);
    // A row that is a layout gets no buddy; without one the label shows its '&' as text.
    qobject_cast<QLabel*>(form->labelForField(pathRow))->setBuddy(m_path);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &FigureExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, &FigureExportDialog::browse);
    connect(m_format, &QComboBox::currentIndexChanged, this, [this] {
        QFileInfo fi(m_path->text());
        m_path->setText(fi.dir().filePath(fi.completeBaseName() + QLatin1Char('.') + formatSuffix(format())));
        m_size->dpi->setEnabled(format() == FigureFormat::PNG);
    });
    connect(m_figure, &QComboBox::currentIndexChanged, this, &FigureExportDialog::chooseFigure);
    chooseFigure(current);
}

int FigureExportDialog::currentFigure() const { return m_figure->currentIndex(); }
void FigureExportDialog::setCurrentFigure(int index) { m_figure->setCurrentIndex(index); }

void FigureExportDialog::chooseFigure(int index) {
    const FigureChoice& f = m_choices.at(index);
    m_plot = f.plot;
    // The height it was laid out for, else its aspect ratio on screen.
    m_height->setValue(f.heightInches > 0.0 ? f.heightInches
                                            : m_size->width->value() *
                               std::clamp(double(f.plot->height()) / std::max(1, f.plot->width()), 0.3, 2.0));
    // The file takes the figure's name, in the folder and format chosen.
    const QFileInfo fi(m_path->text());
    m_path->setText(fi.dir().filePath(f.fileStem + QLatin1Char('.') + formatSuffix(format())));
    m_figure->setToolTip(f.title);
}

FigureOptions FigureExportDialog::options() const {
    FigureOptions o;
    m_size->read(&o);
    o.heightInches = m_height->value();
    o.transparent = m_transparent->isChecked();
    o.paperColours = m_paper->isChecked();
    return o;
}
void FigureExportDialog::setPaperColours(bool on) { m_paper->setChecked(on); }
FigureFormat FigureExportDialog::format() const { return static_cast<FigureFormat>(m_format->currentIndex()); }
QString FigureExportDialog::path() const { return m_path->text(); }

void FigureExportDialog::browse() {
    const QString p = QFileDialog::getSaveFileName(this, tr("Export figure"), m_path->text());
    if (!p.isEmpty()) m_path->setText(p);
}

void FigureExportDialog::accept() {
    QString error;
    const QString csv = m_choices.value(m_figure->currentIndex()).csv;
    const bool ok = format() == FigureFormat::CSV && !csv.isEmpty()
        ? exportCsv(m_plot, path(), &error, csv)
        : exportFigure(m_plot, path(), format(), options(), &error);
    if (!ok) {
        QMessageBox::critical(this, tr("Export failed"), error);
        return;
    }
    QDialog::accept();
}

FigureSetDialog::FigureSetDialog(const QString& folder, QWidget* parent)
    : QDialog(parent),
      m_folder(new QLineEdit(folder)),
      m_size(new FigureSizeRows),
      m_paper(new QCheckBox(tr("&Paper colours (white background)"))),
      m_transparent(new QCheckBox(tr("Transparent background"))) {
    setWindowTitle(tr("Export figure set"));
    m_folder->setObjectName(QStringLiteral("folder"));
    auto* browse = new QPushButton(tr("Browse…"));
    auto* folderRow = new QHBoxLayout;
    folderRow->addWidget(m_folder, 1);
    folderRow->addWidget(browse);
    auto* formatRow = new QHBoxLayout;
    for (const auto& [format, text] : {std::pair{FigureFormat::PDF, tr("PDF")}, std::pair{FigureFormat::SVG, tr("SVG")},
                                       std::pair{FigureFormat::PNG, tr("PNG")}}) {
        auto* box = new QCheckBox(text);
        box->setChecked(true);
        box->setObjectName(formatSuffix(format));
        formatRow->addWidget(box);
        m_formats.push_back({format, box});
    }
    formatRow->addStretch(1);
    auto* form = new QFormLayout(this);
    form->addRow(tr("F&older:"), folderRow);
    qobject_cast<QLabel*>(form->labelForField(folderRow))->setBuddy(m_folder);
    auto* note =
        new QLabel(tr("Every figure the window shows (maps, next-token chart, head board, experiment plots), "
                      "each with a CSV of its data; tables as CSV and LaTeX."));
    note->setWordWrap(true);
    form->addRow(note);
    form->addRow(tr("Formats:"), formatRow);
    m_size->addRows(form, nullptr);
    m_paper->setChecked(true);
    m_paper->setToolTip(
        tr("Draw the figures with a white background and dark text and axes, whatever the theme on screen; "
           "clear it to keep the colours on screen."));
    form->addRow(QString(), m_transparent);
    form->addRow(QString(), m_paper);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    form->addRow(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &FigureSetDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString dir =
            QFileDialog::getExistingDirectory(this, tr("Export figure set into folder"), m_folder->text());
        if (!dir.isEmpty()) m_folder->setText(dir);
    });
    for (const auto& [format, box] : m_formats)
        if (format == FigureFormat::PNG) connect(box, &QCheckBox::toggled, m_size->dpi, &QWidget::setEnabled);
}

FigureSetDialog::~FigureSetDialog() = default;
FigureExportDialog::~FigureExportDialog() = default;

QString FigureSetDialog::folder() const { return m_folder->text().trimmed(); }

QList<FigureFormat> FigureSetDialog::formats() const {
    QList<FigureFormat> out;
    for (const auto& [format, box] : m_formats)
        if (box->isChecked()) out << format;
    return out;
}

FigureOptions FigureSetDialog::options() const {
    FigureOptions o;
    m_size->read(&o);
    o.paperColours = m_paper->isChecked();
    o.transparent = m_transparent->isChecked();
    return o;
}

void FigureSetDialog::setPaperColours(bool on) { m_paper->setChecked(on); }

void FigureSetDialog::accept() {
    if (folder().isEmpty()) {
        QMessageBox::warning(this, windowTitle(), tr("Choose the folder the figures go into."));
        return;
    }
    if (formats().isEmpty()) {
        QMessageBox::warning(this, windowTitle(), tr("Tick at least one format (PDF, SVG or PNG)."));
        return;
    }
    QDialog::accept();
}

}  // namespace gna::views
