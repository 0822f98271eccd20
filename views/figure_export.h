#pragma once
// FigureExport: publication output of any plot view at a physical size. The plot is laid out in
// points (1/72 in) with print fonts (8-10 pt), then drawn to PDF (QPdfWriter, images lossless),
// SVG (QSvgGenerator + QCPPainter + toPainter; QCustomPlot 2.1 has no saveSvg) or PNG (inches x
// dpi pixels, the same layout scaled), optionally on a transparent background; the data as CSV.
// With paper colours (the default) the plot is drawn in the studio's light palette whatever the
// theme on screen: white background, dark text and axes.
#include <QCoreApplication>
#include <QDialog>
#include <QList>
#include <QRectF>
#include <QStringList>
#include <memory>
#include <utility>

class QCustomPlot;
class QComboBox;
class QSpinBox;
class QDoubleSpinBox;
class QCheckBox;
class QLineEdit;
class QFormLayout;

namespace gna::views {

enum class FigureFormat { PDF, SVG, PNG, CSV };

// Journal column widths in inches.
inline constexpr double kSingleColumnInches = 3.3;
inline constexpr double kDoubleColumnInches = 6.9;

struct FigureOptions {
    double widthInches = kSingleColumnInches;
    double heightInches = 2.5;
    int dpi = 300;  // PNG: qRound(widthInches * dpi) pixels wide
    bool transparent = false;
    double fontPoints = 8.0;  // tick labels and legend; axis labels +1 pt, titles +2 pt
    // Draw in the light palette (studioPalette(false)) while exporting, as its view restyles the plot
    // on a theme switch; false keeps the colours on screen (a dark figure in the dark theme).
    bool paperColours = true;
};

// Sets the plot's fonts to the print sizes the exports use (for views made only to be exported,
// so that they lay out their labels for them).
void setPrintFonts(QCustomPlot* plot, double points);

// "single" (3.3), "double" (6.9) or a number of inches (0.5-20); false if none of these.
bool parseFigureWidth(const QString& text, double* inches);

struct NamedPlot {
    QString name;  // file stem, e.g. "gather_L17.H24"
    QCustomPlot* plot = nullptr;
};

// Each returns false and fills `error` (translated) when the file cannot be written; exportFigure and
// exportFigureSet refuse (skip) a plot that shows an empty-state message (see plot_style.h).
bool exportPdf(QCustomPlot* plot, const QString& path, const FigureOptions& options, QString* error = nullptr);
bool exportSvg(QCustomPlot* plot, const QString& path, const FigureOptions& options, QString* error = nullptr);
bool exportPng(QCustomPlot* plot, const QString& path, const FigureOptions& options, QString* error = nullptr);
// `csv`: the figure's data as its view writes it (token labels, series names); empty = plotDataCsv(plot).
bool exportCsv(QCustomPlot* plot, const QString& path, QString* error = nullptr, const QString& csv = QString());
bool exportFigure(QCustomPlot* plot, const QString& path, FigureFormat format, const FigureOptions& options,
                  QString* error = nullptr);
// The plot's data as CSV: graphs (series,x,y,error), bars (series,key,value), colour maps
// (series,column,row,value).
QString plotDataCsv(QCustomPlot* plot);
// Writes every plot in every format into `dir` as <name>.<ext>; returns the files written. Empty
// plots are skipped and named in `error` (when no write failed).
QStringList exportFigureSet(const QList<NamedPlot>& plots, const QString& dir, const QList<FigureFormat>& formats,
                            const FigureOptions& options, QString* error = nullptr);
QString formatSuffix(FigureFormat format);

// What an export draws, in layout points: every run of text (its text and bounding rectangle, rotated
// labels included) and every image (colour maps, colour scale bars), recorded from the exports' own
// drawing (paper colours, print fonts, the plot laid out at the figure's size). For layout tests.
struct DrawnFigure {
    struct Text {
        QString text;
        QRectF rect;
    };
    QSizeF size;
    QList<Text> texts;
    QList<QRectF> images;
};
DrawnFigure drawnFigure(QCustomPlot* plot, const FigureOptions& options);

// The size rows of the export dialogs: a column preset, the width in inches, the PNG's DPI.
struct FigureSizeRows {
    Q_DECLARE_TR_FUNCTIONS(gna::views::FigureSizeRows)
public:
    FigureSizeRows();
    void addRows(QFormLayout* form, QWidget* height);  // height: a row between width and DPI (null: none)
    void read(FigureOptions* options) const;  // width and DPI
    QComboBox* preset;
    QDoubleSpinBox* width;
    QSpinBox* dpi;
};

// A figure the export dialog offers: its name for the reader (translated), its file stem, and its plot,
// with the height in inches it was laid out for (0: the plot's aspect ratio on screen).
struct FigureChoice {
    QString title;
    QString fileStem;
    QCustomPlot* plot = nullptr;
    double heightInches = 0.0;
    QString csv;  // its data as CSV (token labels, series names); empty = read from the plot
};

// A dialog asking for the figure (when it offers several, each named), file, format, size (column preset
// or inches), DPI, background and paper colours; exports on accept.
class FigureExportDialog : public QDialog {
    Q_OBJECT
public:
    FigureExportDialog(QCustomPlot* plot, const QString& suggestedName, QWidget* parent = nullptr);
    // Offers `figures`, `current` chosen; the file name follows the chosen figure's stem.
    FigureExportDialog(const QList<FigureChoice>& figures, int current, QWidget* parent = nullptr);
    ~FigureExportDialog() override;
    int currentFigure() const;
    void setCurrentFigure(int index);
    QComboBox* figureChooser() const { return m_figure; }
    FigureOptions options() const;
    FigureFormat format() const;
    QString path() const;
    void setPaperColours(bool on);  // the check box's state when the dialog opens (checked by default)

public Q_SLOTS:
    void accept() override;

private:
    void browse();
    void chooseFigure(int index);
    QList<FigureChoice> m_choices;
    QCustomPlot* m_plot;
    QComboBox* m_figure;  // hidden when the dialog offers one figure
    QComboBox* m_format;
    std::unique_ptr<FigureSizeRows> m_size;
    QDoubleSpinBox* m_height;
    QCheckBox* m_transparent;
    QCheckBox* m_paper;
    QLineEdit* m_path;
};

// File ▸ Export figure set: the folder, the formats, the width (column preset or inches), the PNG's DPI,
// background and paper colours of every figure the window shows (each at its own height).
class FigureSetDialog : public QDialog {
    Q_OBJECT
public:
    explicit FigureSetDialog(const QString& folder, QWidget* parent = nullptr);
    ~FigureSetDialog() override;
    QString folder() const;
    QList<FigureFormat> formats() const;
    FigureOptions options() const;
    void setPaperColours(bool on);

public Q_SLOTS:
    void accept() override;  // refuses an empty folder or no format, saying so

private:
    QLineEdit* m_folder;
    std::unique_ptr<FigureSizeRows> m_size;
    QCheckBox* m_paper;
    QCheckBox* m_transparent;
    QList<std::pair<FigureFormat, QCheckBox*>> m_formats;
};

}  // namespace gna::views
