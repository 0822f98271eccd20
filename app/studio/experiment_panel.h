#pragma once
// ExperimentPanel: one experiment kind (head ranking, cumulative removal, layer pruning,
// sparsification, needle in a haystack, manipulation grid, G&A masks, memory table). The JSON spec
// in the spec editor is what runs; the form shows it and edits it (both directions: a form field
// rewrites its keys of the spec, an edited, opened or result's spec fills the form; a spec the form
// cannot show, or an invalid one, greys the form out and says why). Run starts the spec on the
// ExperimentRunner's worker thread with a progress bar, the time left and Cancel; "Open result…"
// loads a result.json written by `gna experiment`, and its spec. Results go to the views:
// AblationCurve (random control, error bars), RetrievalMap (click a cell: open that prompt),
// ResultsTable (copyable), and head importance for the HeadBoard (an attribution ranking's
// estimates at once, its verified heads as they come). The form: experiment_panel_form.cpp; the
// spec <-> form sync: experiment_panel_sync.cpp; the head ranking's cost estimate per method:
// experiment_panel_cost.cpp.
#include <QWidget>
#include <functional>
#include <memory>
#include <vector>

#include "gna/experiment_result.h"
#include "gna/json.h"
#include "ranking_scores.h"

class QComboBox;
class QLabel;
class QLineEdit;
class QPlainTextEdit;
class QScrollArea;
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
struct ModelInfo;
}  // namespace gna

namespace gna::studio {

class ExperimentRunner;

class ExperimentPanel : public QWidget {
    Q_OBJECT
public:
    // kind: the spec's "experiment" value; "niah" = evaluate on the needle-in-a-haystack grid.
    ExperimentPanel(const QString& kind, ExperimentRunner* runner, QWidget* parent = nullptr);
    // The panel kind that runs `spec`: its "experiment", or "niah" for evaluate on the niah task alone.
    static QString kindOfSpec(const gna::Json& spec);

    QString kind() const { return m_kind; }
    QString title() const;
    static QString titleOf(const QString& kind);  // a tab and menu text: "G&&A masks" shows one '&'
    void setModelDir(const QString& dir);
    // The open model's Gather and Aggregate heads (tour::defaultGatherAggregate; empty: it has no attention
    // heads): head fields the user left at the last model's defaults take them.
    void setDefaultHeads(const QString& gather, const QString& aggregate);
    // The head fields' examples: two heads the open model has (tour::defaultGatherAggregate with SSM
    // heads allowed) and the kinds of head it has, which an empty head list ranks.
    void setModelHeads(const QString& first, const QString& second, bool attention, bool ssm);
    // The open model's context in tokens (0: none open): the needle-in-a-haystack defaults that fit it
    // (gna::niah_default_lengths, niah_default_generate) in the generated-tokens field, if the user
    // left it at the last default, and in the lengths field's hint (what empty means).
    void setModelContext(int maxPositions);
    // The open model (head_ranking: what each method is estimated to cost on it, costLabel()).
    void setModelInfo(const gna::ModelInfo& info);
    // head_ranking: the estimated cost of the exact and the fast method for the open model and the
    // spec, and which one the panel recommends and why (gna::ranking_cost); beside the method choice,
    // on one line that starts with the recommendation (elided to its width; the whole text in its
    // tooltip and accessible description).
    QLabel* costLabel() const { return m_cost; }
    void setOutputDir(const QString& dir);
    // The spec in the spec editor (what Run runs); throws gna::Error when it is invalid.
    gna::Json spec() const;
    // Replaces the spec editor's text (as a person typing it would): the form follows.
    void setSpecText(const QString& json);
    // Why the spec cannot run now (invalid text, another panel's kind, a form field that is not a
    // number), or empty; and whether the form shows every value of the spec.
    QString specProblem() const { return m_specProblem.isEmpty() ? m_formProblem : m_specProblem; }
    bool formShowsSpec() const { return m_formShowsSpec; }
    // Loads a spec file into the spec editor as written; the form shows its values (object names of
    // the form's fields: the spec's keys). A spec of another kind is refused, naming its tab.
    bool openSpecFile(const QString& path, QString* error = nullptr);
    // Shows a result.json and puts its spec in the spec editor and the form.
    bool openResultFile(const QString& path, QString* error = nullptr);
    void showResult(const gna::ExperimentResult& result);
    const gna::ExperimentResult& result() const { return m_result; }
    bool hasResult() const { return m_hasResult; }  // a result is shown
    // Closes the shown result: table, curves and map emptied, the progress bar back at 0.
    void clearResult();
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
    QPlainTextEdit* specEditor() const { return m_spec; }
    QWidget* form() const { return m_formBox; }
    // The panel's height that shows every row of the form above the spec editor's minimum, beside the
    // results (at least its minimum height): what the Experiments dock asks for.
    int wholeFormHeight() const;
    QString lastError() const { return m_lastError; }

    // A warning box (window-modal, selectable text); the message is kept as lastError().
    void showError(const QString& message);

public Q_SLOTS:
    void run();
    void cancel();

Q_SIGNALS:
    void headImportanceReady(const gna::ExperimentResult& result);
    // A running attribution ranking of this panel: the estimates, then the heads verified so far.
    void rankingProgress(const gna::studio::RankingScores& ranking);
    void niahPromptRequested(const gna::ExperimentResult& result, const gna::SampleOutcome& sample);
    void runningChanged(bool running);
    void resultFileWritten(const QString& path);  // a run of this panel finished
    // "Open spec file…" / "Open result…" chose a file of another panel's kind (the dock opens it there).
    void fileOfAnotherKind(const QString& path, bool isResult);
    void formRowsChanged();  // rows shown or hidden (a task or method chosen): wholeFormHeight changed

private:
    void buildForm(QFormLayout* form);
    // The spec with the form's keys written over `base` (keys the form does not own stay).
    gna::Json formSpec(const gna::Json& base) const;
    // Shows the spec's values in the form; false when it names a task the form has no fields for.
    bool fillForm(const gna::ExperimentSpec& spec);
    void formChanged();  // a form field changed: rewrite the spec's keys of the form
    void specEdited();  // the spec text changed: check it and fill the form
    void updateState();  // Run, the form and the note from the spec's state
    QString kindProblem(const QString& specKind) const;  // why a spec of that kind does not run here
    void chooseFile(bool isResult);
    void showResultSpec(const gna::ExperimentResult& result);  // the result's spec in the editor and the form
    void setRunning(bool on);
    void onProgress(int done, int total, double elapsed, double eta, const QString& current);
    void onCellClicked(int depthIndex, int lengthIndex);

    QString m_kind;
    ExperimentRunner* m_runner;
    QString m_modelDir;
    QString m_defaultGather, m_defaultAggregate;  // what the head fields showed for the last model
    bool m_running = false;
    bool m_ownsRun = false;
    gna::ExperimentResult m_result;
    bool m_hasResult = false;
    QString m_resultPath;
    QString m_runDir;  // the results folder of the last run started
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
    QSpinBox* m_top = nullptr;  // heads wanted (gna::verified_head_count: how many the fast method verifies)
    QLabel* m_cost = nullptr;  // head_ranking: the recommendation and the methods' estimated cost, one line
    QString m_costText;  // its whole text (the label shows it elided; its tooltip whole, with how it is counted)
    std::shared_ptr<const gna::ModelInfo> m_modelInfo;  // the open model; null: none
    void updateCostEstimate();  // m_cost from the spec in the editor and m_modelInfo
    void elideCost();
    QComboBox* m_metric = nullptr;  // accuracy | logprob
    std::function<void()> m_updateRows;  // shows the form rows of the chosen task and method
    QLineEdit* m_out = nullptr;
    QLabel* m_outHint = nullptr;
    QString m_defaultOut;
    QString
        m_tablePlaceholder;  // the results table's empty text on a model this panel can run  // where a run with an empty results folder makes its own folder
    QWidget* m_formBox = nullptr;
    QPlainTextEdit* m_spec = nullptr;
    QLabel* m_specNote = nullptr;  // why the spec cannot run, or why the form is greyed out (a few wrapped lines)
    QString m_specNoteText;  // its whole text
    void elideSpecNote();
    bool eventFilter(QObject* watched, QEvent* event) override;
    void snapFormPane();  // the form's pane ends under a whole row
    void fitFormPane();
    int wholeFormPane() const;  // the form's pane as high as all its rows
    void updateHeadHints();  // the head fields' examples and what their empty value means
    void updateLengthHints();  // the lengths field's example and what its empty value means
    int m_maxPositions = 0, m_defaultGenerate = 0;  // setModelContext
    QString m_headExamples;  // heads of the open model (setModelHeads); empty: none open
    bool m_hasAttention = true, m_hasSsm = false;  // the form's pane as high as its rows when there is room
    void showProblemField();  // scrolls the form field the problem names into view
    QString m_specProblem, m_formProblem;
    bool m_formShowsSpec = true;
    bool m_syncing = false;  // the form is writing the spec text (or the spec text the form)
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
