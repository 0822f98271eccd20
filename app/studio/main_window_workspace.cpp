// MainWindow's workspace: the state a workspace file saves and restores (model, prompt, plan,
// shown heads, score mode, palette), the periodic autosave, and the figure exports (the view in sight,
// the figure set).
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QStandardPaths>
#include <QTabWidget>
#include <algorithm>

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
    m_session->setAblatedHeads(w.ablated);
    m_board->setAblatedHeads(w.ablated);
    setShownHeads(w.shownHeads);
}

bool MainWindow::saveWorkspace(const QString& path, QString* error) const { return workspace().save(path, error); }

bool MainWindow::loadWorkspace(const QString& path, QString* error) {
    Workspace w;
    if (!Workspace::load(path, &w, error)) return false;
    applyWorkspace(w);
    return true;
}

QString MainWindow::autosavePath() const {
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation))
        .filePath(QStringLiteral("autosave.gna.json"));
}

void MainWindow::autosave() {
    if (!m_session->hasModel()) return;
    QDir().mkpath(QFileInfo(autosavePath()).absolutePath());
    saveWorkspace(autosavePath());
}

void MainWindow::exportCurrentFigure() {
    // The tab in sight: its Gather map (the attention map or its difference to the unablated run).
    const bool difference = m_mapTabs->currentWidget() == m_diff && m_diff->gather()->data().isValid();
    views::FigureExportDialog dialog((difference ? m_diff : m_pair)->gather()->plot(),
                                     difference ? QStringLiteral("difference_gather") : QStringLiteral("gather"), this);
    dialog.setPaperColours(m_settings.paperColours());
    if (dialog.exec() == QDialog::Accepted) m_settings.setPaperColours(dialog.options().paperColours);
}

void MainWindow::exportFigureSet() {
    const QString dir =
        QFileDialog::getExistingDirectory(this, tr("Export figure set into folder"), m_settings.lastDirectory());
    if (dir.isEmpty()) return;
    QString error;
    views::FigureOptions options;
    options.paperColours = m_settings.paperColours();  // as last chosen in the Export figure dialog
    const QStringList files = writePaperFigures(
        *this, dir, {views::FigureFormat::PDF, views::FigureFormat::SVG, views::FigureFormat::PNG}, options, &error);
    if (!error.isEmpty())
        showError(tr("Export failed"), error);
    else
        m_status->setText(tr("Wrote %n file(s)", nullptr, static_cast<int>(files.size())));
}

}  // namespace gna::studio
