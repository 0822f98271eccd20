#include "experiment_panel.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <algorithm>
#include <QDateTime>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "ablation_curve.h"
#include "experiment_results.h"
#include "experiment_runner.h"
#include "gna/error.h"
#include "gna/experiment_spec.h"
#include "gna/experiments.h"
#include "results_table.h"
#include "retrieval_map.h"

namespace gna::studio {

namespace {

QString clock(double s) {
    if (s < 0) return QStringLiteral("?");
    const int t = static_cast<int>(s + 0.5);
    return t >= 3600 ? QStringLiteral("%1:%2:%3").arg(t / 3600).arg((t / 60) % 60, 2, 10, QLatin1Char('0')).arg(t % 60, 2, 10, QLatin1Char('0'))
                     : QStringLiteral("%1:%2").arg(t / 60).arg(t % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace

ExperimentPanel::ExperimentPanel(const QString& kind, ExperimentRunner* runner, QWidget* parent)
    : QWidget(parent), m_kind(kind), m_runner(runner) {
    auto* split = new QSplitter(Qt::Horizontal);
    auto* left = new QWidget;
    auto* leftLayout = new QVBoxLayout(left);
    auto* form = new QFormLayout;
    buildForm(form);
    leftLayout->addLayout(form);
    m_spec = new QPlainTextEdit;
    m_spec->setObjectName(QStringLiteral("specEditor"));
    m_spec->setToolTip(tr("The experiment spec (JSON) that runs; edit it to set any option"));
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::TypeWriter);
    m_spec->setFont(mono);
    leftLayout->addWidget(new QLabel(tr("Spec:")));
    leftLayout->addWidget(m_spec, 1);
    auto* files = new QHBoxLayout;
    auto* openSpec = new QPushButton(tr("Open &spec file…"));
    auto* openResult = new QPushButton(tr("Open &result…"));
    files->addWidget(openSpec);
    files->addWidget(openResult);
    leftLayout->addLayout(files);
    auto* runRow = new QHBoxLayout;
    m_run = new QPushButton(tr("&Run"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    runRow->addWidget(m_run);
    runRow->addWidget(m_progress, 1);
    runRow->addWidget(m_cancel);
    leftLayout->addLayout(runRow);
    m_eta = new QLabel(tr("Open a model, then Run."));
    m_eta->setWordWrap(true);
    leftLayout->addWidget(m_eta);
    split->addWidget(left);

    m_tabs = new QTabWidget;
    m_curve = new views::AblationCurve;
    m_curveTab = m_curve;
    m_mapTab = new QWidget;
    auto* mapLayout = new QVBoxLayout(m_mapTab);
    mapLayout->setContentsMargins(0, 0, 0, 0);
    auto* condRow = new QHBoxLayout;
    m_condition = new QComboBox;
    auto* condLabel = new QLabel(tr("C&ondition:"));
    condLabel->setBuddy(m_condition);
    condRow->addWidget(condLabel);
    condRow->addWidget(m_condition, 1);
    mapLayout->addLayout(condRow);
    m_map = new views::RetrievalMap;
    mapLayout->addWidget(m_map, 1);
    m_output = new QLabel(tr("Click a cell to open its prompt, the model's answer and its attention."));
    m_output->setWordWrap(true);
    m_output->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mapLayout->addWidget(m_output);
    m_table = new views::ResultsTable;
    auto* tableTab = new QWidget;
    auto* tableLayout = new QVBoxLayout(tableTab);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(m_table, 1);
    auto* copy = new QPushButton(tr("&Copy table"));
    copy->setToolTip(tr("Copies the table (or the selected cells) as tab-separated text for a spreadsheet"));
    auto* copyRow = new QHBoxLayout;
    copyRow->addStretch();
    copyRow->addWidget(copy);
    tableLayout->addLayout(copyRow);
    m_tabs->addTab(m_curveTab, tr("Curve"));
    m_tabs->addTab(m_mapTab, tr("Retrieval map"));
    m_tabs->addTab(tableTab, tr("Table"));
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    connect(copy, &QPushButton::clicked, m_table, &views::ResultsTable::copy);
    connect(m_run, &QPushButton::clicked, this, &ExperimentPanel::run);
    connect(m_cancel, &QPushButton::clicked, this, &ExperimentPanel::cancel);
    connect(openSpec, &QPushButton::clicked, this, [this] {
        const QString p = QFileDialog::getOpenFileName(this, tr("Open experiment spec"), QString(), tr("Experiment specs (*.json)"));
        QString error;
        if (!p.isEmpty() && !openSpecFile(p, &error)) showError(error);
    });
    connect(openResult, &QPushButton::clicked, this, [this] {
        const QString p = QFileDialog::getOpenFileName(this, tr("Open experiment result"), QString(), tr("Results (result.json *.json)"));
        QString error;
        if (!p.isEmpty() && !openResultFile(p, &error)) showError(error);
    });
    connect(m_map, &views::RetrievalMap::cellClicked, this, &ExperimentPanel::onCellClicked);
    connect(m_condition, &QComboBox::currentTextChanged, this, [this](const QString& c) {
        if (!m_result.is_null() && !c.isEmpty()) m_map->setGrid(retrievalGrid(m_result, c));
    });
    connect(m_runner, &ExperimentRunner::progress, this, &ExperimentPanel::onProgress);
    connect(m_runner, &ExperimentRunner::rankingProgress, this, [this](const RankingScores& r) {
        if (!m_ownsRun) return;
        m_liveRanking = true;
        Q_EMIT rankingProgress(r);
    });
    connect(m_runner, &ExperimentRunner::started, this, [this] { m_run->setEnabled(false); });
    connect(m_runner, &ExperimentRunner::finished, this, [this](const QString& path) {
        if (!m_ownsRun) return m_run->setEnabled(true);
        setRunning(false);
        m_progress->setRange(0, 1);
        m_progress->setValue(1);  // also for runs without per-sample progress (memory table)
        QString error;
        if (!openResultFile(path, &error)) showError(error);
        m_eta->setText(tr("Finished: %1").arg(QDir::toNativeSeparators(path)));
        Q_EMIT resultFileWritten(path);
    });
    connect(m_runner, &ExperimentRunner::cancelled, this, [this](const QString& path) {
        if (!m_ownsRun) return m_run->setEnabled(true);
        setRunning(false);
        const QString dir = QDir::toNativeSeparators(QFileInfo(path).absolutePath());
        m_eta->setText(m_liveRanking ? tr("Cancelled. The heads verified so far stay on the head board and are saved in %1; an "
                                          "attribution ranking is not resumed: Run again with another folder.").arg(dir)
                                     : tr("Cancelled. Finished samples are saved in %1; Run again with the same folder to resume.").arg(dir));
    });
    connect(m_runner, &ExperimentRunner::failed, this, [this](const QString& message) {
        if (!m_ownsRun) return m_run->setEnabled(true);
        setRunning(false);
        m_eta->setText(tr("The experiment failed."));
        showError(message);
    });
    m_tabs->setTabVisible(0, false);
    m_tabs->setTabVisible(1, false);
    regenerateSpec();
}

QString ExperimentPanel::title() const {
    if (m_kind == QLatin1String("head_ranking")) return tr("Head ranking");
    if (m_kind == QLatin1String("cumulative_removal")) return tr("Cumulative removal");
    if (m_kind == QLatin1String("layer_pruning")) return tr("Layer pruning");
    if (m_kind == QLatin1String("sparsification")) return tr("Sparsification");
    if (m_kind == QLatin1String("niah")) return tr("Needle in a haystack");
    if (m_kind == QLatin1String("manipulation_grid")) return tr("Manipulation grid");
    if (m_kind == QLatin1String("gna_masks")) return tr("G&&A masks (MMLU)");  // a tab and menu text: && is one &
    if (m_kind == QLatin1String("memory_table")) return tr("Memory table");
    return m_kind;
}

void ExperimentPanel::setModelDir(const QString& dir) {
    m_modelDir = dir;
    if (!m_running) m_eta->setText(dir.isEmpty() ? tr("Open a model, then Run.") : tr("Ready: %1").arg(QDir::toNativeSeparators(dir)));
}

void ExperimentPanel::setDefaultHeads(const QString& gather, const QString& aggregate) {
    const QString none = gather.isEmpty() ? tr("none: this model has no attention heads") : QString();
    auto follow = [&none](QLineEdit* field, QString* last, const QString& now) {
        if (field->text() == *last) field->setText(now);  // textChanged regenerates the spec
        field->setPlaceholderText(none);
        *last = now;
    };
    follow(m_gather, &m_defaultGather, gather);
    follow(m_aggregate, &m_defaultAggregate, aggregate);
}

void ExperimentPanel::setRanking(const QString& resultOrHeads) { m_ranking->setText(resultOrHeads); }
QString ExperimentPanel::ranking() const { return m_ranking->text(); }

void ExperimentPanel::setOutputDir(const QString& dir) { m_out->setPlaceholderText(QDir::toNativeSeparators(dir)); }

gna::Json ExperimentPanel::spec() const {
    const gna::Json j = gna::parse_json_relaxed(m_spec->toPlainText().toStdString(), tr("the spec editor").toStdString());
    gna::validate_experiment_spec(j, tr("the spec editor").toStdString());
    return j;
}

void ExperimentPanel::setSpecText(const QString& json) { m_spec->setPlainText(json); }

bool ExperimentPanel::openSpecFile(const QString& path, QString* error) {
    try {
        const gna::Json j = gna::load_experiment_spec(path.toStdString());
        fillForm(gna::parse_experiment_spec(j, path.toStdString()));
        m_updateRows();  // the rows of the task the spec names
        m_spec->setPlainText(QString::fromStdString(j.dump(2)));  // as written: keys the form lacks stay
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

bool ExperimentPanel::openResultFile(const QString& path, QString* error) {
    try {
        showResult(gna::read_experiment_result(path.toStdString()));
        m_resultPath = path;
        return true;
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
}

void ExperimentPanel::showResult(const gna::Json& result) {
    m_result = result;
    m_resultPath.clear();
    if (hasCurves(result)) {
        QString x, y;
        const QList<views::CurveSeries> s = resultCurves(result, &x, &y);
        m_curve->setSeries(s, x, y);
    }
    m_tabs->setTabVisible(0, hasCurves(result));
    const views::RetrievalGrid grid = retrievalGrid(result);
    m_tabs->setTabVisible(1, grid.isValid());
    if (grid.isValid()) {
        QSignalBlocker block(m_condition);
        m_condition->clear();
        m_condition->addItems(resultConditions(result));
        m_map->setGrid(grid);
    }
    const ResultTableData t = resultTable(result);
    m_table->setTable(t.headers, t.rows);
    // The manipulation grid reads as a table first (thesis Table 6.1); its maps are per condition.
    const bool tableFirst = experimentKind(result) == QLatin1String("manipulation_grid");
    m_tabs->setCurrentIndex(tableFirst ? 2 : hasCurves(result) ? 0 : grid.isValid() ? 1 : 2);
    if (result.contains("aggregates") && result["aggregates"].contains("ranking")) Q_EMIT headImportanceReady(result);
}

void ExperimentPanel::run() {
    if (m_runner->isRunning()) return;
    if (m_modelDir.isEmpty()) return showError(tr("Open a model first (File ▸ Open model)."));
    gna::Json s;
    try {
        s = spec();
    } catch (const std::exception& e) {
        return showError(QString::fromUtf8(e.what()));
    }
    QString out = m_out->text().trimmed();
    if (out.isEmpty())
        out = QDir(m_out->placeholderText()).filePath(m_kind + QDateTime::currentDateTime().toString(QStringLiteral("-yyyyMMdd-HHmmss")));
    m_ownsRun = true;
    m_liveRanking = false;
    setRunning(true);
    m_progress->setRange(0, 0);
    m_eta->setText(tr("Loading the model and preparing the samples…"));
    m_runner->start(m_modelDir, s, out);
}

void ExperimentPanel::cancel() {
    if (m_ownsRun && m_running) {
        m_eta->setText(tr("Cancelling after the current sample…"));
        m_runner->cancel();
    }
}

void ExperimentPanel::setRunning(bool on) {
    m_running = on;
    if (!on) m_ownsRun = false;
    m_run->setEnabled(!on);
    m_cancel->setEnabled(on);
    if (!on && m_progress->maximum() == 0) m_progress->setRange(0, 1);
    Q_EMIT runningChanged(on);
}

void ExperimentPanel::onProgress(int done, int total, double elapsed, double eta, const QString& current) {
    if (!m_ownsRun) return;
    m_progress->setRange(0, std::max(1, total));
    m_progress->setValue(done);
    m_eta->setText(tr("%1 of %2 samples · %3 elapsed · %4 left · %5").arg(done).arg(total).arg(clock(elapsed), clock(eta), current));
}

void ExperimentPanel::onCellClicked(int depthIndex, int lengthIndex) {
    const gna::Json sample = niahSample(m_result, depthIndex, lengthIndex);
    if (sample.is_null()) return;
    const int c = std::max(0, static_cast<int>(resultConditions(m_result).indexOf(m_condition->currentText())));
    QString output;
    if (sample.contains("outputs") && c < static_cast<int>(sample["outputs"].size()))
        output = QString::fromStdString(sample["outputs"][c].get<std::string>());
    const double score = sample["scores"][c].get<double>();
    m_output->setText(tr("%1 tokens, needle at %2%: score %3 — the model answered: “%4”")
                          .arg(sample.value("length", 0)).arg(sample.value("depth", 0.0)).arg(score).arg(output.trimmed()));
    Q_EMIT niahPromptRequested(m_result, sample);
}

void ExperimentPanel::showError(const QString& message) {
    m_lastError = message;
    QString caption = title();
    caption.replace(QStringLiteral("&&"), QStringLiteral("&"));
    auto* box = new QMessageBox(QMessageBox::Warning, caption, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->open();
}

}  // namespace gna::studio
