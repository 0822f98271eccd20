#pragma once
// ExperimentPanel: one experiment kind (head ranking, cumulative removal, layer pruning,
// sparsification, needle in a haystack, manipulation grid, G&A masks, memory table). A form
// writes the JSON spec (editable; or "Open spec file…"); Run starts it on the ExperimentRunner's
// worker thread with a progress bar, the time left and Cancel; "Open result…" loads a result.json
// written by `gna experiment`. Results go to the views: AblationCurve (random control, error
// bars), RetrievalMap (click a cell: open that prompt), ResultsTable (copyable), and head
// importance for the HeadBoard (an attribution ranking's estimates at once, its verified heads as
// they come). The form and the spec it writes: experiment_panel_form.cpp.
#include <QWidget>
#include <functional>
#include <vector>

#include "gna/json.h"
#include "ranking_scores.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTabWidget;
class QFormLayout;

namespace gna::views {
class AblationCurve;
class RetrievalMap;
class ResultsTable;
}  // namespace gna::views

namespace gna {
struct ExperimentSpec;
}

namespace gna::studio {

class ExperimentRunner;

class ExperimentPanel : public QWidget {
    Q_OBJECT
public:
    // kind: the spec's "experiment" value; "niah" = evaluate on the needle-in-a-haystack grid.
    ExperimentPanel(const QString& kind, ExperimentRunner* runner, QWidget* parent = nullptr);

    QString kind() const { return m_kind; }
    QString title() const;
    void setModelDir(const QString& dir);
    // The open model's Gather and Aggregate heads (tour::defaultGatherAggregate; empty: it has no attention
    // heads): head fields the user left at the last model's defaults take them.
    void setDefaultHeads(const QString& gather, const QString& aggregate);
    void setOutputDir(const QString& dir);
    // The spec as the form (or the spec editor) gives it; throws gna::Error when it is invalid.
    gna::Json spec() const;
    void setSpecText(const QString& json);
    // Loads a spec file into the spec editor as written and, when it is of this panel's kind,
    // shows its values in the form (object names of the form's fields: the spec's keys).
    bool openSpecFile(const QString& path, QString* error = nullptr);
    bool openResultFile(const QString& path, QString* error = nullptr);
    void showResult(const gna::Json& result);
    const gna::Json& result() const { return m_result; }
    // The result.json shown (opened or written by a run); empty when none.
    QString resultPath() const { return m_resultPath; }
    bool isRunning() const { return m_running; }
    // cumulative_removal: the head ranking to remove heads by (a result.json or head names).
    void setRanking(const QString& resultOrHeads);
    QString ranking() const;

    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* etaLabel() const { return m_eta; }
    views::AblationCurve* curve() const { return m_curve; }
    views::RetrievalMap* retrievalMap() const { return m_map; }
    views::ResultsTable* table() const { return m_table; }
    QLabel* outputLabel() const { return m_output; }
    QString lastError() const { return m_lastError; }

public Q_SLOTS:
    void run();
    void cancel();

Q_SIGNALS:
    void headImportanceReady(const gna::Json& result);
    // A running attribution ranking of this panel: the estimates, then the heads verified so far.
    void rankingProgress(const gna::studio::RankingScores& ranking);
    void niahPromptRequested(const gna::Json& result, const gna::Json& sample);
    void runningChanged(bool running);
    void resultFileWritten(const QString& path);  // a run of this panel finished

private:
    void buildForm(QFormLayout* form);
    void regenerateSpec();
    void fillForm(const gna::ExperimentSpec& spec);
    void setRunning(bool on);
    void onProgress(int done, int total, double elapsed, double eta, const QString& current);
    void onCellClicked(int depthIndex, int lengthIndex);
    void showError(const QString& message);

    QString m_kind;
    ExperimentRunner* m_runner;
    QString m_modelDir;
    QString m_defaultGather, m_defaultAggregate;  // what the head fields showed for the last model
    bool m_running = false;
    bool m_ownsRun = false;
    gna::Json m_result;
    QString m_resultPath;
    QString m_lastError;
    // Form.
    QComboBox* m_task = nullptr;
    QLineEdit* m_sizes = nullptr;
    QSpinBox* m_samples = nullptr;
    QSpinBox* m_limit = nullptr;
    QLineEdit* m_lengths = nullptr;
    QLineEdit* m_depths = nullptr;
    QSpinBox* m_generate = nullptr;
    QLineEdit* m_heads = nullptr;
    QLineEdit* m_gather = nullptr;
    QLineEdit* m_aggregate = nullptr;
    QLineEdit* m_ranking = nullptr;
    QLineEdit* m_steps = nullptr;
    QComboBox* m_mode = nullptr;
    QLineEdit* m_k = nullptr;
    QComboBox* m_stages = nullptr;
    QComboBox* m_method = nullptr;  // head_ranking: exact, attribution+verify, attribution
    QSpinBox* m_top = nullptr;      // heads wanted (the attribution methods verify 3x as many)
    QComboBox* m_metric = nullptr;  // accuracy | logprob
    std::function<void()> m_updateRows;  // shows the form rows of the chosen task
    QLineEdit* m_out = nullptr;
    QPlainTextEdit* m_spec = nullptr;
    // Run.
    QPushButton* m_run = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_eta = nullptr;
    // Results.
    QTabWidget* m_tabs = nullptr;
    views::AblationCurve* m_curve = nullptr;
    views::RetrievalMap* m_map = nullptr;
    QComboBox* m_condition = nullptr;
    bool m_liveRanking = false;  // the running experiment reported an attribution ranking
    QLabel* m_output = nullptr;
    views::ResultsTable* m_table = nullptr;
    QWidget* m_curveTab = nullptr;
    QWidget* m_mapTab = nullptr;
};

}  // namespace gna::studio
