#include "experiment_panel.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <algorithm>
#include <functional>
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
#include <QScrollArea>
#include <QScrollBar>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QToolButton>
#include <QVBoxLayout>

#include "ablation_curve.h"
#include "core_errors.h"
#include "experiment_results.h"
#include "experiment_runner.h"
#include "gna/error.h"
#include "gna/experiment_spec.h"
#include "gna/experiments.h"
#include "results_table.h"
#include "retrieval_map.h"
#include "resize_notifying.h"
#include "scroll_area.h"

namespace gna::studio {

namespace {

QString clock(double s) {
    if (s < 0) return QStringLiteral("?");
    const int t = static_cast<int>(s + 0.5);
    return t >= 3600 ? QStringLiteral("%1:%2:%3")
                           .arg(t / 3600)
                           .arg((t / 60) % 60, 2, 10, QLatin1Char('0'))
                           .arg(t % 60, 2, 10, QLatin1Char('0'))
                     : QStringLiteral("%1:%2").arg(t / 60).arg(t % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace

ExperimentPanel::ExperimentPanel(const QString& kind, ExperimentRunner* runner, QWidget* parent)
    : QWidget(parent), m_kind(kind), m_runner(runner) {
    // Left: the form (it scrolls when the dock is low) over the spec editor, side by side, never one
    // inside the other. Right: the results. Below both, always in sight: the files, Run, progress, Cancel.
    m_formBox = new QWidget;
    auto* formLayout = new QVBoxLayout(m_formBox);
    formLayout->setContentsMargins(0, 0, 0, 0);
    // What the tab shows and how to read it, above its form.
    QString intro;
    if (m_kind == QLatin1String("niah"))
        intro =
            tr("Can the model find one sentence (the needle) hidden in a long filler text? Each cell of the "
               "map is one prompt: across, its length in tokens; down, where the needle stands in it; the "
               "colour, how much of the needle the answer repeats (0 to 5). Click a cell to open its prompt. "
               "A model that reads only a short context, such as the bundled demos (256 tokens), gets lengths "
               "and generated tokens that fit it when the lengths are left empty; Experiments ▸ KV-retrieval map "
               "draws a map made for such models.");
    else if (m_kind == QLatin1String("manipulation_grid"))
        intro =
            tr("Which attention to the needle does the answer need? The needle-in-a-haystack prompts run again "
               "with the attention weights on the needle's tokens changed: Keep leaves them, Omit sets them to 0, "
               "Only sets every other weight to 0, Binary gives each of them their mean and every other weight 0, Null "
               "sets "
               "every weight to 0. "
               "Each row is what is done while the prompt is read, each column what is done while the answer is "
               "generated; a cell is the mean score of the answer (0 to 5, how much of the needle it repeats). "
               "On the bundled demos (256 tokens) leave the lengths empty so that the prompts fit, and keep a "
               "few depths and modes: every cell runs all the prompts again.");
    else if (m_kind == QLatin1String("memory_table"))
        intro =
            tr("Each row is a length in tokens; the columns: KV cache, SSM state, total, in megabytes per sequence. "
               "On the demos the transformer's cache grows with the length, the SSM's state does not.");
    if (!intro.isEmpty()) {
        auto* what = new QLabel(intro);
        what->setObjectName(QStringLiteral("kindNote"));
        what->setWordWrap(true);
        formLayout->addWidget(what);
    }
    auto* form = new QFormLayout;
    buildForm(form);
    formLayout->addLayout(form);
    formLayout->addStretch(1);
    auto* formScroll = new QScrollArea;
    formScroll->setObjectName(QStringLiteral("formScroll"));
    scrollVertically(formScroll, m_formBox);
    formScroll->viewport()->setAutoFillBackground(false);  // the dock's own background, not a grey box
    m_formBox->setAutoFillBackground(false);  // (setWidget turned it on)
    formScroll->setMinimumWidth(m_formBox->minimumSizeHint().width() +
                                formScroll->verticalScrollBar()->sizeHint().width());
    formScroll->setMinimumHeight(2 * fontMetrics().height());

    auto* specBox = new QWidget;
    auto* specLayout = new QVBoxLayout(specBox);
    specLayout->setContentsMargins(0, 0, 0, 0);
    m_spec = new QPlainTextEdit;
    m_spec->setObjectName(QStringLiteral("specEditor"));
    m_spec->setToolTip(
        tr("The experiment spec (JSON) that runs: the form above writes it, and editing it here fills the form"));
    QFont mono(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::TypeWriter);
    m_spec->setFont(mono);
    m_spec->setMinimumHeight(5 * m_spec->fontMetrics().lineSpacing() + 2 * m_spec->frameWidth() +
                             8);  // five lines in its font
    auto* specLabel = new QLabel(tr("&JSON spec (what runs):"));
    specLabel->setBuddy(m_spec);
    m_specNote = new QLabel;
    m_specNote->setObjectName(QStringLiteral("specNote"));
    m_specNote->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_specNote->setWordWrap(true);
    m_specNote->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Fixed);  // a few wrapped lines, never widens the dock
    m_specNote->installEventFilter(this);
    m_specNote->hide();
    specLayout->addWidget(specLabel);
    specLayout->addWidget(m_spec, 1);
    specLayout->addWidget(m_specNote);

    auto* left = new ResizeNotifying<QSplitter>(Qt::Vertical);
    left->resized = [this] { fitFormPane(); };  // the form as high as its rows when there is room
    left->setObjectName(QStringLiteral("formSpecSplitter"));
    left->setChildrenCollapsible(false);
    left->addWidget(formScroll);
    left->addWidget(specBox);
    left->setStretchFactor(0, 3);
    left->setStretchFactor(1, 2);
    formScroll->installEventFilter(this);  // a form that scrolls ends at a whole row (snapFormPane)
    left->installEventFilter(this);  // shown: fitFormPane once laid out
    m_formBox->installEventFilter(this);
    auto* split = new QSplitter(Qt::Horizontal);
    split->setObjectName(QStringLiteral("formResultsSplitter"));
    split->setChildrenCollapsible(false);
    split->addWidget(left);

    m_tabs = new QTabWidget;
    m_curve = new views::AblationCurve;
    m_curveTab = m_curve;
    m_mapTab = new QWidget;
    auto* mapLayout = new QVBoxLayout(m_mapTab);
    mapLayout->setContentsMargins(0, 0, 0, 0);
    // The map's condition sits next to the result tabs (shown with the map), so that the map keeps the height.
    auto* condBox = new QWidget;
    auto* condRow = new QHBoxLayout(condBox);
    condRow->setContentsMargins(4, 0, 0, 0);
    m_condition = new QComboBox;
    m_condition->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    auto* condLabel = new QLabel(tr("&Condition:"));
    condLabel->setBuddy(m_condition);
    condRow->addWidget(condLabel);
    condRow->addWidget(m_condition);
    m_map = new views::RetrievalMap;
    mapLayout->addWidget(m_map, 1);
    m_output = new QLabel(tr("Click a cell to open its prompt, the model's answer and its attention."));
    m_output->setWordWrap(true);
    m_output->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mapLayout->addWidget(m_output);
    m_table = new views::ResultsTable;
    m_tablePlaceholder = m_table->placeholderText();
    auto* tableTab = new QWidget;
    auto* tableLayout = new QVBoxLayout(tableTab);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(m_table, 1);
    auto* copy = new QPushButton(tr("Copy ta&ble"));
    copy->setObjectName(QStringLiteral("copyTable"));
    copy->setToolTip(tr("Copies the table (or the selected cells) as tab-separated text for a spreadsheet"));
    copy->setEnabled(false);  // until the table has rows
    connect(m_table->tableModel(), &QAbstractItemModel::modelReset, copy,
            [this, copy] { copy->setEnabled(m_table->tableModel()->rowCount() > 0); });
    auto* copyRow = new QHBoxLayout;
    copyRow->addStretch();
    copyRow->addWidget(copy);
    tableLayout->addLayout(copyRow);
    m_tabs->addTab(m_curveTab, tr("Curve"));
    m_tabs->addTab(m_mapTab, tr("Retrieval map"));
    m_tabs->addTab(tableTab, tr("Table"));
    m_tabs->setCornerWidget(condBox, Qt::TopRightCorner);
    condBox->hide();
    connect(m_tabs, &QTabWidget::currentChanged, condBox,
            [this, condBox] { condBox->setVisible(m_tabs->currentWidget() == m_mapTab); });
    // The plots keep room for their cells and curves beside the legend and the axes (about 120 px of
    // plot area): a window too small for that shows the experiments in place of the main view.
    for (QWidget* page : {static_cast<QWidget*>(m_curve), static_cast<QWidget*>(m_map)})
        page->setMinimumHeight(std::max(page->minimumHeight(), 14 * fontMetrics().height()));
    split->addWidget(m_tabs);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);

    auto* openSpec = new QPushButton(tr("Open s&pec file…"));
    auto* openResult = new QPushButton(tr("Open res&ult…"));
    m_run = new QPushButton(tr("Ru&n"));
    m_cancel = new QPushButton(tr("Cancel"));
    m_cancel->setEnabled(false);
    m_progress = new QProgressBar;
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
    auto* runRow = new QHBoxLayout;
    runRow->addWidget(openSpec);
    runRow->addWidget(openResult);
    runRow->addSpacing(fontMetrics().averageCharWidth() * 2);
    runRow->addWidget(m_run);
    runRow->addWidget(m_progress, 1);
    runRow->addWidget(m_cancel);
    m_eta = new QLabel(tr("Open a model, then Run."));
    m_eta->setObjectName(QStringLiteral("eta"));
    m_eta->setWordWrap(true);
    m_eta->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_eta->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // a long path wraps, never widens the dock
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split, 1);
    layout->addLayout(runRow);
    layout->addWidget(m_eta);

    connect(copy, &QPushButton::clicked, m_table, &views::ResultsTable::copy);
    connect(m_run, &QPushButton::clicked, this, &ExperimentPanel::run);
    connect(m_cancel, &QPushButton::clicked, this, &ExperimentPanel::cancel);
    connect(openSpec, &QPushButton::clicked, this, [this] { chooseFile(false); });
    connect(openResult, &QPushButton::clicked, this, [this] { chooseFile(true); });
    connect(m_spec, &QPlainTextEdit::textChanged, this, &ExperimentPanel::specEdited);
    connect(m_map, &views::RetrievalMap::cellClicked, this, &ExperimentPanel::onCellClicked);
    connect(m_condition, &QComboBox::currentTextChanged, this, [this](const QString& c) {
        if (m_hasResult && !c.isEmpty()) m_map->setGrid(retrievalGrid(m_result, c));
    });
    connect(m_runner, &ExperimentRunner::progress, this, &ExperimentPanel::onProgress);
    connect(m_runner, &ExperimentRunner::rankingProgress, this, [this](const RankingScores& r) {
        if (!m_ownsRun) return;
        m_liveRanking = true;
        Q_EMIT rankingProgress(r);
    });
    connect(m_runner, &ExperimentRunner::started, this, &ExperimentPanel::updateState);
    connect(m_runner, &ExperimentRunner::finished, this, [this](const QString& path) {
        if (!m_ownsRun) return updateState();
        setRunning(false);
        m_progress->setRange(0, 1);
        m_progress->setValue(1);  // also for runs without per-sample progress (memory table)
        QString error;
        if (!openResultFile(path, &error)) showError(error);
        m_eta->setText(tr("Finished: %1").arg(QDir::toNativeSeparators(path)));
        Q_EMIT resultFileWritten(path);
    });
    connect(m_runner, &ExperimentRunner::cancelled, this, [this](const QString& path) {
        if (!m_ownsRun) return updateState();
        setRunning(false);
        const QString dir = QDir::toNativeSeparators(QFileInfo(path).absolutePath());
        if (m_liveRanking) {
            m_eta->setText(tr("Cancelled. The heads verified so far stay on the head board and are saved in %1; an "
                              "attribution ranking is not resumed: Run again with another folder.")
                               .arg(dir));
            return;
        }
        // Run resumes from the results folder field: it names the cancelled run's folder (the run made its
        // own folder when the field was empty).
        if (m_out->text().trimmed().isEmpty()) m_out->setText(QDir::toNativeSeparators(m_runDir));
        m_eta->setText(tr("Cancelled. Finished samples are saved in %1; Run again to resume (the results folder "
                          "field names it; empty it to start a new run).")
                           .arg(dir));
    });
    connect(m_runner, &ExperimentRunner::failed, this, [this](const QString& message) {
        if (!m_ownsRun) return updateState();
        setRunning(false);
        m_eta->setText(tr("The experiment failed."));
        showError(message);
    });
    m_tabs->setTabVisible(0, false);
    m_tabs->setTabVisible(1, false);
    formChanged();  // the spec of the form's defaults
}

QString ExperimentPanel::title() const { return titleOf(m_kind); }

QString ExperimentPanel::titleOf(const QString& kind) {
    if (kind == QLatin1String("head_ranking")) return tr("Head ranking");
    if (kind == QLatin1String("cumulative_removal")) return tr("Cumulative removal");
    if (kind == QLatin1String("layer_pruning")) return tr("Layer pruning");
    if (kind == QLatin1String("sparsification")) return tr("Sparsification");
    if (kind == QLatin1String("niah")) return tr("Needle in a haystack");
    if (kind == QLatin1String("manipulation_grid")) return tr("Manipulation grid");
    if (kind == QLatin1String("gna_masks")) return tr("G&&A masks (MMLU)");  // a tab and menu text: && is one &
    if (kind == QLatin1String("memory_table")) return tr("Memory table");
    return kind;
}

// Whether a result's model is the folder `dir` (the path the run saw; a server's path as written).
static bool sameModel(const std::string& resultModel, const QString& dir) {
    const QString path = QString::fromStdString(resultModel);
    if (path == dir) return true;
    const QString a = QFileInfo(path).canonicalFilePath(), b = QFileInfo(dir).canonicalFilePath();
    return !a.isEmpty() && a == b;
}

void ExperimentPanel::setModelDir(const QString& dir) {
    // Another model replaces the open one: a result of another model leaves the panel (its table and the
    // progress bar would describe the model that is gone); a result of this model stays.
    if (!m_running && !m_modelDir.isEmpty() && dir != m_modelDir) {
        if (m_hasResult && !sameModel(m_result.model.path, dir))
            clearResult();
        else if (!m_hasResult)
            m_progress->setValue(0);
    }
    m_modelDir = dir;
    if (!m_running)
        m_eta->setText(dir.isEmpty() ? tr("Open a model, then Run.")
                                     : tr("Ready: %1").arg(QDir::toNativeSeparators(dir)));
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
    // A G&A mask acts on attention weights: on a model without attention heads the empty results say why nothing runs.
    if (m_kind == QLatin1String("gna_masks"))
        m_table->setPlaceholderText(gather.isEmpty()
                                        ? tr("This model has no attention heads: a G&A mask acts on attention weights, "
                                             "so this experiment cannot run on it.")
                                        : m_tablePlaceholder);
}

void ExperimentPanel::setModelHeads(const QString& first, const QString& second, bool attention, bool ssm) {
    if (first.isEmpty()) return;
    m_headExamples = second.isEmpty() || second == first ? first : first + QStringLiteral(", ") + second;
    m_hasAttention = attention;
    m_hasSsm = ssm;
    updateHeadHints();
}

// What an empty head list means (docs/experiments.md): every attention head, and for head_ranking's
// attribution methods every SSM head too. Short in the field, whole in its tool tip.
void ExperimentPanel::updateHeadHints() {
    if (m_headExamples.isEmpty()) return;
    const bool ssm = m_hasSsm && m_kind == QLatin1String("head_ranking") &&
        m_method->currentData().toString() != QLatin1String("exact");
    const QString& e = m_headExamples;
    if (m_hasAttention && ssm) {
        m_heads->setPlaceholderText(tr("e.g. %1; empty: all heads").arg(e));
        m_heads->setToolTip(
            tr("Heads as %1, separated by commas; empty = every attention and SSM head of this model").arg(e));
    } else if (ssm) {
        m_heads->setPlaceholderText(tr("e.g. %1; empty: all SSM heads").arg(e));
        m_heads->setToolTip(tr("Heads as %1, separated by commas; empty = every SSM head of this model").arg(e));
    } else if (m_hasAttention) {
        m_heads->setPlaceholderText(tr("e.g. %1; empty: all attention heads").arg(e));
        m_heads->setToolTip(tr("Heads as %1, separated by commas; empty = every attention head of this model").arg(e));
    } else {
        m_heads->setPlaceholderText(tr("e.g. %1; list SSM heads").arg(e));
        m_heads->setToolTip(
            tr("Heads as %1, separated by commas; empty = every attention head, and this model has none: list its "
               "SSM heads%2")
                .arg(
                    e,
                    m_kind == QLatin1String("head_ranking") ? tr(", or rank them all with a fast method") : QString()));
    }
    m_ranking->setPlaceholderText(tr("result.json, or e.g. %1").arg(e));
    m_ranking->setToolTip(tr("A head_ranking result.json, or heads as %1, …").arg(e));
}

void ExperimentPanel::setRanking(const QString& resultOrHeads) {
    if (m_specProblem.isEmpty() && m_formShowsSpec)
        m_ranking->setText(resultOrHeads);  // never over a spec the form does not show
}
QString ExperimentPanel::ranking() const { return m_ranking->text(); }

void ExperimentPanel::setOutputDir(const QString& dir) {
    m_defaultOut = dir;
    QString shown = QDir::toNativeSeparators(dir);
    const QString home = QDir::toNativeSeparators(QDir::homePath());
    if (shown.startsWith(home + QDir::separator())) shown = QStringLiteral("~") + shown.mid(home.size());
    m_out->setPlaceholderText(tr("a new folder per run"));
    // A path wraps at its separators (zero-width spaces in the text shown; the tool tips hold it as it is).
    m_outHint->setText(tr("Empty: each run writes a new folder in %1; a folder with a partial result resumes it.")
                           .arg(QString(shown).replace(QDir::separator(), QString(QDir::separator()) + QChar(0x200B))));
    m_outHint->setToolTip(QDir::toNativeSeparators(dir));
    m_out->setToolTip(
        tr("Results folder. Empty: a new folder per run in %1. A folder with a partial result resumes it.")
            .arg(QDir::toNativeSeparators(dir)));
}

bool ExperimentPanel::openResultFile(const QString& path, QString* error) {
    try {
        showResult(gna::read_experiment_result(path.toStdString()));
        m_resultPath = path;
        return true;
    } catch (const std::exception& e) {
        if (error) *error = errorText(e);
        return false;
    }
}

void ExperimentPanel::showResult(const gna::ExperimentResult& result) {
    m_result = result;
    m_hasResult = true;
    m_resultPath.clear();
    showResultSpec(result);
    if (hasCurves(result)) {
        QString x, y;
        const QList<views::CurveSeries> s = resultCurves(result, &x, &y);
        m_curve->setSeries(s, x, y, resultValueBounds(result));
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
    if (result.aggregates.ranking) Q_EMIT headImportanceReady(result);
}

void ExperimentPanel::clearResult() {
    m_result = {};
    m_hasResult = false;
    m_resultPath.clear();
    m_table->setTable({}, {});
    m_curve->setSeries({}, QString(), QString());
    m_tabs->setTabVisible(0, false);
    m_tabs->setTabVisible(1, false);
    m_tabs->setCurrentIndex(2);
    m_output->clear();
    m_progress->setRange(0, 1);
    m_progress->setValue(0);
}

void ExperimentPanel::run() {
    if (m_runner->isRunning()) return;
    if (m_modelDir.isEmpty()) return showError(tr("Open a model first (File ▸ Open model)."));
    if (!specProblem().isEmpty()) return showError(specProblem());
    gna::Json s;
    try {
        s = spec();
    } catch (const std::exception& e) {
        return showError(errorText(e));
    }
    QString out = m_out->text().trimmed();
    if (out.isEmpty())
        out = QDir(m_defaultOut)
                  .filePath(m_kind + QDateTime::currentDateTime().toString(QStringLiteral("-yyyyMMdd-HHmmss")));
    clearResult();  // the last run's table must not pass for this run's until it ends
    m_ownsRun = true;
    m_liveRanking = false;
    m_runDir = out;
    setRunning(true);
    m_progress->setRange(0, 0);
    m_eta->setText(tr("Preparing the samples…"));
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
    m_cancel->setEnabled(on);
    updateState();
    if (!on && m_progress->maximum() == 0) m_progress->setRange(0, 1);
    Q_EMIT runningChanged(on);
}

void ExperimentPanel::onProgress(int done, int total, double elapsed, double eta, const QString& current) {
    if (!m_ownsRun) return;
    m_progress->setRange(0, std::max(1, total));
    m_progress->setValue(done);
    m_eta->setText(tr("%1 of %2 samples · %3 elapsed · %4 left · %5")
                       .arg(done)
                       .arg(total)
                       .arg(clock(elapsed), clock(eta), current));
}

void ExperimentPanel::onCellClicked(int depthIndex, int lengthIndex) {
    const std::optional<gna::SampleOutcome> sample = niahSample(m_result, depthIndex, lengthIndex);
    if (!sample) return;
    const auto c = static_cast<std::size_t>(
        std::max(0, static_cast<int>(resultConditions(m_result).indexOf(m_condition->currentText()))));
    QString output;
    if (sample->outputs && c < sample->outputs->size()) output = QString::fromStdString((*sample->outputs)[c]);
    const double score = sample->scores.at(c);
    m_output->setText(tr("%1 tokens, needle at %2%: score %3 — the model answered: “%4”")
                          .arg(sample->length.value_or(0))
                          .arg(sample->depth.value_or(0.0))
                          .arg(score)
                          .arg(output.trimmed()));
    Q_EMIT niahPromptRequested(m_result, *sample);
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
