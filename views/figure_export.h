#pragma once
// FigureExport: publication output of any plot view. PDF through QCustomPlot::savePdf (vector),
// SVG through QSvgGenerator + QCPPainter + toPainter (QCustomPlot 2.1 has no saveSvg), PNG at an
// exact pixel size and DPI, optional transparent background, and the plotted data as CSV.
#include <QDialog>
#include <QStringList>

class QCustomPlot;
class QComboBox;
class QSpinBox;
class QCheckBox;
class QLineEdit;

namespace gna::views {

enum class FigureFormat { PDF, SVG, PNG, CSV };

struct FigureOptions {
    int width = 640;   // PDF/SVG: points/px of the drawing; PNG: exact pixel size
    int height = 480;
    int dpi = 300;     // PNG only: stored resolution; text scales with dpi/96
    bool transparent = false;
};

struct NamedPlot {
    QString name;  // file stem, e.g. "gather_L17.H24"
    QCustomPlot* plot = nullptr;
};

// Each returns false and fills `error` (translated) when the file cannot be written.
bool exportPdf(QCustomPlot* plot, const QString& path, const FigureOptions& options, QString* error = nullptr);
bool exportSvg(QCustomPlot* plot, const QString& path, const FigureOptions& options, QString* error = nullptr);
bool exportPng(QCustomPlot* plot, const QString& path, const FigureOptions& options, QString* error = nullptr);
bool exportCsv(QCustomPlot* plot, const QString& path, QString* error = nullptr);
bool exportFigure(QCustomPlot* plot, const QString& path, FigureFormat format, const FigureOptions& options,
                  QString* error = nullptr);
// The plot's data as CSV: graphs (series,x,y,error), bars (series,key,value), colour maps
// (series,column,row,value).
QString plotDataCsv(QCustomPlot* plot);
// Writes every plot in every format into `dir` as <name>.<ext>; returns the files written.
QStringList exportFigureSet(const QList<NamedPlot>& plots, const QString& dir, const QList<FigureFormat>& formats,
                            const FigureOptions& options, QString* error = nullptr);
QString formatSuffix(FigureFormat format);

// A dialog asking for file, format, size, DPI and background; exports on accept.
class FigureExportDialog : public QDialog {
    Q_OBJECT
public:
    FigureExportDialog(QCustomPlot* plot, const QString& suggestedName, QWidget* parent = nullptr);
    FigureOptions options() const;
    FigureFormat format() const;
    QString path() const;

public Q_SLOTS:
    void accept() override;

private:
    void browse();
    QCustomPlot* m_plot;
    QComboBox* m_format;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QSpinBox* m_dpi;
    QCheckBox* m_transparent;
    QLineEdit* m_path;
};

}  // namespace gna::views
