#pragma once
// MainWindow: model info, prompt editor, token strip, head board, next-token chart and the
// Gather/Aggregate heatmaps, wired to one Session. Toggling a head reruns at once.
#include <optional>
#include <QLabel>
#include <QMainWindow>
#include <QPointer>
#include <QTimer>

#include "session.h"
#include "startup.h"
#include "studio_settings.h"
#include "gna/experiment_result.h"
#include "gna/json.h"
#include "ranking_scores.h"
#include "workspace.h"

class QComboBox;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QCheckBox;
class QMenu;
class QMessageBox;
class QDockWidget;
class QTabWidget;

namespace gna::views {
class HeadBoard;
class HeadBoardLegend;
class TokenStrip;
class NextTokenChart;
class GatherAggregatePair;
class AttentionHeatmap;
}  // namespace gna::views

namespace gna::studio {

class ModelInfoPanel;
class ExperimentDock;
class MaskPanel;
class PromptEditor;
class GuidedTour;

class ServerMenu;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    Session* session() const { return m_session; }
    views::HeadBoard* headBoard() const { return m_board; }
    views::HeadBoardLegend* headBoardLegend() const { return m_boardLegend; }
    views::TokenStrip* tokenStrip() const { return m_tokens; }
    views::NextTokenChart* nextTokenChart() const { return m_next; }
    views::GatherAggregatePair* heatmaps() const { return m_pair; }
    // The Gather and Aggregate maps' differences to the unablated run (compare mode).
    views::GatherAggregatePair* differences() const { return m_diff; }
    PromptEditor* promptEditor() const { return m_prompt; }
    ModelInfoPanel* infoPanel() const { return m_info; }
    // File ▸ Connect to server and the rest of the remote engine (null in builds without it).
    ServerMenu* serverMenu() const { return m_server; }
    QPushButton* cancelButton() const { return m_cancelButton; }
    // What every view without a model says: the real menu items (and shortcut) that open one.
    QString noModelMessage() const { return m_noModelMessage; }

    Workspace workspace() const;
    // Errors (an experiment result that cannot be opened) go to `error` when given, otherwise to a dialog.
    void applyWorkspace(const Workspace& w, QString* error = nullptr);
    // The result.json files open in the experiment panels; opens `files` in the panels of their kinds.
    QStringList experimentResultFiles() const;
    bool openExperimentResults(const QStringList& files, QString* error);  // loads the model when the path differs
    // Writes the session to `path`; it becomes the file File ▸ Save workspace writes (but the autosave).
    bool saveWorkspace(const QString& path, QString* error = nullptr);
    bool loadWorkspace(const QString& path, QString* error = nullptr);
    // File ▸ Save workspace (Ctrl+S): into the session's workspace file, asking for one the first time;
    // `saveAs`: always asking. false when cancelled or failed (the error shown).
    bool saveSession(bool saveAs);
    QString workspaceFile() const { return m_saved.file(); }
    // Changes since the session was saved, opened from a workspace or its model opened (the plan, the prompt,
    // the shown heads, open results): closing the window asks to save them.
    bool hasUnsavedChanges() const;
    QMessageBox* unsavedChangesDialog() const;
    void setShownHeads(const views::HeadCells& heads);
    // A candidate the next-token chart keeps in sight as its first row (the tour's correct answer, which
    // its text names), whatever the probabilities; empty: the chart's own order.
    void setPinnedCandidate(const QString& label);
    QString autosavePath() const;
    // Start-up: opens the requested model/workspace, or offers a crash autosave back.
    void applyStartup(const StartupRequest& request);
    // True when the autosave file is newer than the last clean exit (the last session crashed).
    bool hasCrashAutosave() const;
    // Opens the (window-modal, non-blocking) "restore the autosaved session?" dialog when there
    // is a crash autosave; returns it (nullptr when there is nothing to restore).
    QMessageBox* offerAutosaveRestore();
    QMessageBox* restoreDialog() const;
    QMenu* recentMenu() const { return m_recentMenu; }
    ExperimentDock* experiments() const { return m_experiments; }
    MaskPanel* maskPanel() const { return m_maskPanel; }
    GuidedTour* tour() const { return m_tour; }
    // Colours the head board by a head ranking result (aggregates.ranking) and keeps it.
    void showImportance(const gna::ExperimentResult& result);
    // The same for a ranking as values (a running attribution ranking's estimates and verified heads).
    void showRanking(const RankingScores& ranking);
    // Errors go to a (non-blocking) dialog; the last message is kept for tests.
    QString lastError() const { return m_lastError; }
    // Headless use (figure export): no autosave, so that no session looks crashed afterwards.
    void stopAutosave() { m_autosave.stop(); }
    int heatmapPaletteIndex() const { return m_paletteIndex; }
    bool compareMode() const;
    // A window smaller than kRoomyWidth x kRoomyHeight shows a docked bottom dock (experiments, KV map)
    // in place of the main view (a lower window cannot hold the main view's 45% and the dock's plots);
    // hiding the dock shows the main view again. The dock that does, or null.
    static constexpr int kRoomyWidth = 1280, kRoomyHeight = 860;
    QDockWidget* coveringDock() const;
    bool roomy() const;  // at least kRoomyWidth x kRoomyHeight

public Q_SLOTS:
    void openModel(const QString& dir, const QString& tokenizerDir = QString());
    void openModelDialog();
    void restoreAllHeads();  // every head on: the board's attention heads and SSM heads
    // Switches the language at once (View ▸ Language) and keeps it for the next start.
    void setLanguage(const QString& code);

protected:
    void changeEvent(QEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    // Notes the view the user points at (a press or the keyboard focus in this window or its docks).
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    // The head board of the open model: its attention heads, then its SSM heads (a hybrid has both).
    void setBoardShape();
    void setHeatmapPalette(int index);  // the board's and the maps' palette (a workspace's or the user's)
    void buildActions();
    void buildLayout();
    // Everything built from translated text (central views, docks, menus, tool bars) and its wiring: on
    // opening the window and again on a language switch (main_window_language.cpp).
    void buildWindow();
    void retranslate();  // rebuilds the window's texts in the installed language (main_window_language.cpp)
    bool m_retranslatePending = false;
    void updateRecentMenu();
    void onModelLoaded();
    void onResult(const RunOutcome& outcome);
    // The difference tab for a run: both shown heads' differences, or why there is none to show.
    void showDifferences(const RunOutcome& outcome);
    // The index in outcome.maps of the head a Gather/Aggregate field names (-1: none, e.g. a head the
    // model lacks), and what is wrong with such a field's text, in the user's words.
    static int shownMapIndex(const RunOutcome& outcome, const QLineEdit* field);
    void showMaps(const RunOutcome& outcome);  // the Gather and Aggregate panes, the difference tab, the token strip
    QString headFieldProblem(const QLineEdit* field) const;
    // Why `text` names no head of the open model ("The model has no L7.H9: its layers are L0 to L2");
    // empty when it names one.
    QString headProblem(const QString& text) const;
    void showError(const QString& title, const QString& message);
    void onBusy(bool busy);
    // The controls that need a model enabled only with one, and the empty views' messages to match
    // (on building the window, after a load, a failed or cancelled load).
    void showModelState();
    void applyHeadFields();
    void applyWorkspaceHeads(const Workspace& w);  // the plan and the shown heads of a workspace
    void clearRunViews();  // nothing drawn from another model's run
    // "Importance" without a ranking: the card's single-head ablations (a demo's), else says how to get one.
    void showCardImportance();
    void exportCurrentFigure();
    void exportFigureSet();
    void autosave();
    void askToSaveBeforeClosing();  // the window-modal "Save the changes?" on closing
    void buildExperimentDocks();
    void fitDocks();  // docks leave the main view a usable share of a small window (main_window_docks.cpp)
    void fitMaskDock();  // a collapsed mask editor gives the main view its width, its controls take it back
    int m_maskDockWidth = 0;  // the mask editor's width before it collapsed (0: not narrowed)
    bool m_modelDockMoved = false;  // fitDocks put the Model dock in a tab beside a right dock
    bool m_modelDockCovered = false;  // fitDocks put the Model dock in a tab beside a covering bottom dock
    QList<QDockWidget*> m_bottomDocks;  // the docks that cover the main view in a small window
    QList<QPair<QPointer<QDockWidget>, int>> m_sideDockWidths;  // the side docks' widths before one covered it
    QString m_statusBeforeCover, m_coverStatus;
    void openNiahPrompt(const gna::ExperimentResult& result, const gna::SampleOutcome& sample);

    StudioSettings m_settings;
    Session* m_session;
    ServerMenu* m_server = nullptr;  // outlives the rebuilds of a language switch
    ModelInfoPanel* m_info = nullptr;
    PromptEditor* m_prompt = nullptr;
    views::TokenStrip* m_tokens = nullptr;
    views::HeadBoard* m_board = nullptr;
    views::HeadBoardLegend* m_boardLegend = nullptr;
    views::NextTokenChart* m_next = nullptr;
    views::GatherAggregatePair* m_pair = nullptr;
    views::GatherAggregatePair* m_diff = nullptr;
    QTabWidget* m_mapTabs = nullptr;  // the maps' tabs: the first one's label names the model's kind of map
    QComboBox* m_scoreMode = nullptr;
    QString m_pinnedCandidate;
    QLineEdit* m_gatherHead = nullptr;
    QLineEdit* m_aggregateHead = nullptr;
    QCheckBox* m_compare = nullptr;
    QProgressBar* m_progress = nullptr;
    QPushButton* m_cancelButton = nullptr;
    QPushButton* m_invert = nullptr;
    QPushButton* m_restore = nullptr;
    QList<QAction*> m_modelActions;  // menu items that act on the open model
    QString m_noModelMessage;
    QLabel* m_status = nullptr;
    QMenu* m_recentMenu = nullptr;
    QTimer m_autosave;
    QString m_lastError;
    QPointer<QMessageBox> m_restoreDialog;
    QPointer<QMessageBox> m_errorBox;  // the error dialog open now
    ExperimentDock* m_experiments = nullptr;
    MaskPanel* m_maskPanel = nullptr;
    QDockWidget* m_maskDock = nullptr;
    QDockWidget* m_kvMapDock = nullptr;  // the KV-retrieval map (kv_map_panel.h)
    GuidedTour* m_tour = nullptr;
    int m_paletteIndex = 0;
    RankingScores m_ranking;  // the last head ranking shown (a result, or a run's progress)
    // Colours the board with m_ranking (boardRanking: the exact importance on the colour scale, the
    // unverified estimates hatched on their own); false when there is none.
    bool showBoardRanking();
    std::optional<Workspace> m_pendingWorkspace;  // heads to apply once its model is open
    SavedWorkspace m_saved;  // the workspace file and what it holds
    QPointer<QMessageBox> m_unsavedBox;
    QPointer<QWidget> m_pointedView;  // what File ▸ Export figure offers first
    quint64 m_pointedAt = 0;  // the time of the press it was pointed at with  // "Save the changes?" on closing
    bool m_closeConfirmed = false;  // the user answered it: close without asking again
};

}  // namespace gna::studio
