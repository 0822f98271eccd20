// MainWindow's workspace: the state a workspace file saves and restores (model, prompt, plan,
// shown heads, score mode, palette), the periodic autosave, and the figure exports (the view in sight,
// the figure set).
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMouseEvent>
#include <QStandardPaths>
#include <QMessageBox>
#include <QTabWidget>
#include <QTimer>
#include <algorithm>
#include <memory>

#include "figure_export.h"
#include "gather_aggregate_pair.h"
#include "head_board.h"
#include "main_window.h"
#include "paper_figures.h"
#include "prompt_editor.h"
#ifdef GNA_HAVE_REMOTE
#include "server_menu.h"
#endif

namespace gna::studio {

Workspace MainWindow::workspace() const {
    Workspace w;
    w.modelPath = m_session->modelPath();
    w.tokenizerPath = m_session->tokenizerPath();
    w.prompt = m_prompt->prompt();
    w.candidates = m_prompt->candidates();
    w.ablated = m_session->ablatedHeads();  // attention heads from the board and SSM heads
    w.shownHeads = m_session->shownHeads();
    w.scoreMode = m_scoreMode->currentIndex();
    w.selectedToken = m_session->selectedToken();
    w.compare = m_compare->isChecked();
    w.palette = m_paletteIndex;
    w.logScale = m_pair->logScale();
    w.sharedRange = m_pair->sharedRange();
    w.experimentResults = experimentResultFiles();
#ifdef GNA_HAVE_REMOTE
    if (!m_session->modelServer().isEmpty()) {
        const ServerTarget& t = m_server->link()->target();
        w.serverAddress = t.address;
        w.serverTokenFile = t.tokenFile;
        w.serverTlsCa = t.tlsCa;
        w.serverSsh = t.ssh;
    }
#endif
    return w;
}

void MainWindow::applyWorkspace(const Workspace& w, QString* error) {
    m_pair->setLogScale(w.logScale);
    m_pair->setSharedRange(w.sharedRange);
    QString resultError;
    if (!openExperimentResults(w.experimentResults, &resultError)) {
        if (error)
            *error = resultError;
        else
            showError(tr("Could not open an experiment result of the workspace"), resultError);
    }
    m_prompt->setCandidates(w.candidates);
    m_prompt->setPrompt(w.prompt);
    m_scoreMode->setCurrentIndex(std::clamp(w.scoreMode, 0, m_scoreMode->count() - 1));
    m_session->setSelectedToken(w.selectedToken);
    m_compare->setChecked(w.compare);
    if (w.palette >= 0) setHeatmapPalette(std::clamp(w.palette, 0, 3));
#ifdef GNA_HAVE_REMOTE
    if (!w.serverAddress.isEmpty()) {
        ServerTarget t;
        t.address = w.serverAddress;
        t.tokenFile = w.serverTokenFile;
        t.tlsCa = w.serverTlsCa;
        t.ssh = w.serverSsh;
        if (w.modelPath != m_session->modelPath() || t.label() != m_session->modelServer()) {
            m_pendingWorkspace = w;  // applied once the server's model is open
            m_server->openOnServer(t, w.modelPath, w.tokenizerPath);
            return;
        }
        applyWorkspaceHeads(w);
        return;
    }
#else
    if (!w.serverAddress.isEmpty() && error)
        *error = tr("The workspace's model runs on the server %1, and this build has no remote engine.")
                     .arg(w.serverAddress);
#endif
    if (!w.modelPath.isEmpty() &&
        (w.modelPath != m_session->modelPath() || w.tokenizerPath != m_session->tokenizerPath() ||
         !m_session->modelServer().isEmpty())) {
        // The plan and the shown heads are the workspace model's: applied once it is open.
        m_pendingWorkspace = w;
        openModel(w.modelPath, w.tokenizerPath);
        return;
    }
    applyWorkspaceHeads(w);
}

void MainWindow::applyWorkspaceHeads(const Workspace& w) {
    // Heads the model lacks and entries that are no head names are left out, and said so: never dropped
    // silently, never handed to a run that would fail on them.
    views::HeadCells ablated;
    QStringList problems;
    for (const QString& entry : w.unreadableAblated) problems << headProblem(entry);
    for (const views::HeadCell& c : w.ablated) {
        const QString problem = headProblem(c.name());
        if (problem.isEmpty())
            ablated << c;
        else
            problems << problem;
    }
    m_session->setAblatedHeads(ablated);
    m_board->setAblatedHeads(ablated);
    setShownHeads(w.shownHeads);
    // A workspace opened from its file is the saved state (the autosave and a language switch's own state are not).
    if (!w.file.isEmpty() && w.file != autosavePath()) m_saved.savedAs(w.file, workspace());
    if (problems.isEmpty()) return;
    QStringList kept;
    for (const views::HeadCell& c : std::as_const(ablated)) kept << c.name();
    const QString file = w.file.isEmpty() ? tr("The workspace") : tr("The workspace %1").arg(w.file);
    showError(
        tr("Some heads of the workspace were not switched off"),
        tr("%1 lists heads to switch off (its plan, key \"ablate\") that this model cannot switch off:").arg(file) +
            QStringLiteral("\n• ") + problems.join(QStringLiteral("\n• ")) + QStringLiteral("\n\n") +
            (kept.isEmpty() ? tr("No head is switched off. Switch heads off on the head board and save the "
                                 "workspace again to correct it.")
                            : tr("Switched off: %1. Save the workspace again to correct the file.")
                                  .arg(kept.join(QStringLiteral(", ")))));
}

bool MainWindow::saveWorkspace(const QString& path, QString* error) {
    const Workspace w = workspace();
    if (!w.save(path, error)) return false;
    m_saved.savedAs(path, w);
    return true;
}

bool MainWindow::loadWorkspace(const QString& path, QString* error) {
    Workspace w;
    if (!Workspace::load(path, &w, error)) return false;
    applyWorkspace(w);  // the saved state is taken once its heads are applied (applyWorkspaceHeads)
    return true;
}

bool MainWindow::saveSession(bool saveAs) {
    QString path = m_saved.file();
    if (saveAs || path.isEmpty()) {
        path =
            QFileDialog::getSaveFileName(this, tr("Save workspace"), path.isEmpty() ? m_settings.lastDirectory() : path,
                                         tr("Workspaces (*.gna.json)"));
        if (path.isEmpty()) return false;
        if (!path.endsWith(QStringLiteral(".json"))) path += QStringLiteral(".gna.json");
    }
    QString error;
    if (!saveWorkspace(path, &error)) {
        showError(tr("Could not save the workspace"), error);
        return false;
    }
    m_status->setText(tr("Saved the workspace %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

QMessageBox* MainWindow::unsavedChangesDialog() const { return m_unsavedBox.data(); }

bool MainWindow::hasUnsavedChanges() const { return m_session->hasModel() && m_saved.differs(workspace()); }

void MainWindow::askToSaveBeforeClosing() {
    if (m_unsavedBox) return m_unsavedBox->raise();
    const QString file = m_saved.file();
    auto* box = new QMessageBox(
        QMessageBox::Question, tr("Save the changes?"),
        file.isEmpty() ? tr("This session (its switched-off heads, prompt, shown heads and open results) is not saved "
                            "in a workspace. Save it before closing?")
                       : tr("The session has changes that the workspace %1 does not hold. Save them before closing?")
                             .arg(QDir::toNativeSeparators(file)),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    box->setObjectName(QStringLiteral("unsavedChanges"));
    box->setDefaultButton(QMessageBox::Save);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box](int) {
        const QMessageBox::StandardButton answer = box->standardButton(box->clickedButton());
        if (answer == QMessageBox::Save && !saveSession(false)) return;  // cancelled or failed: stay open
        if (answer != QMessageBox::Save && answer != QMessageBox::Discard) return;
        m_closeConfirmed = true;
        QTimer::singleShot(0, this, &QWidget::close);  // after the dialog is gone
    });
    m_unsavedBox = box;
    box->open();  // window-modal, non-blocking
}

QString MainWindow::autosavePath() const {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("autosave.gna.json"));
}

void MainWindow::autosave() {
    if (!m_session->hasModel()) return;
    QDir().mkpath(QFileInfo(autosavePath()).absolutePath());
    workspace().save(autosavePath());
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    if ((event->type() == QEvent::MouseButtonPress || event->type() == QEvent::FocusIn) && watched->isWidgetType()) {
        auto* w = static_cast<QWidget*>(watched);
        const QWidget* top = w->window();
        if (top == this || (qobject_cast<const QDockWidget*>(top) && top->parentWidget() == this)) {
            // A press the widget under the pointer did not take is passed up to its parents: the same press
            // (its time) keeps the widget it was made on.
            if (event->type() == QEvent::MouseButtonPress) {
                const quint64 at = static_cast<QMouseEvent*>(event)->timestamp();
                if (at == m_pointedAt && m_pointedView && w->isAncestorOf(m_pointedView))
                    return QMainWindow::eventFilter(watched, event);
                m_pointedAt = at;
            }
            m_pointedView = w;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::exportCurrentFigure() {
    // Every figure the window shows, named; chosen: the one the user last pointed at (clicked, focused),
    // else the Gather map of the tab in sight.
    views::FigureOptions options;
    options.paperColours = m_settings.paperColours();
    auto figures = std::make_shared<std::vector<PaperFigure>>(paperFigures(*this, options));
    if (figures->empty()) {
        m_status->setText(tr("Nothing to export yet: run a prompt first."));
        return;
    }
    QList<views::FigureChoice> choices;
    int current = -1, tabInSight = 0;
    const bool difference = m_mapTabs->currentWidget() == m_diff;
    for (const PaperFigure& f : *figures) {
        const int i = static_cast<int>(choices.size());
        choices.push_back({f.title, f.name, f.plot, f.heightInches, f.csv});
        if (current < 0 && m_pointedView && (m_pointedView == f.shownIn || f.shownIn->isAncestorOf(m_pointedView)))
            current = i;
        if (f.name == (difference ? QLatin1String("difference_gather") : QLatin1String("gather"))) tabInSight = i;
    }
    auto* dialog = new views::FigureExportDialog(choices, current >= 0 ? current : tabInSight, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setPaperColours(m_settings.paperColours());
    connect(dialog, &QDialog::accepted, this,
            [this, dialog] { m_settings.setPaperColours(dialog->options().paperColours); });
    connect(dialog, &QObject::destroyed, this, [figures] {});  // the figures live as long as the dialog
    dialog->open();  // window-modal, non-blocking
}

void MainWindow::exportFigureSet() {
    auto* dialog = new views::FigureSetDialog(m_settings.lastDirectory(), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setPaperColours(m_settings.paperColours());
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const views::FigureOptions options = dialog->options();
        const QString folder = dialog->folder();
        const QList<views::FigureFormat> formats = dialog->formats();
        m_settings.setPaperColours(options.paperColours);
        m_settings.setLastDirectory(folder);
        // Written once the dialog is gone: laying the figures out runs the event loop, which must not
        // delete the dialog while it is still closing.
        QTimer::singleShot(0, this, [this, options, folder, formats] {
            QString error;
            const QStringList files = writePaperFigures(*this, folder, formats, options, &error);
            if (!error.isEmpty())
                showError(tr("Export failed"), error);
            else
                m_status->setText(tr("Wrote %n file(s) into %1", nullptr, static_cast<int>(files.size()))
                                      .arg(QDir::toNativeSeparators(folder)));
        });
    });
    dialog->open();  // window-modal, non-blocking
}

}  // namespace gna::studio
