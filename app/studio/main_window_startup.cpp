// MainWindow at start: the model or workspace asked for on the command line, and the offer to
// restore an autosave left by a session that did not close cleanly; a model folder dropped on the window.
#include <QDateTime>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QMimeData>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>

#include "experiment_dock.h"
#include "guided_tour.h"
#include "main_window.h"

namespace gna::studio {

namespace {
bool isExperimentResult(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) return false;
    return f.readAll().contains("\"gna-experiment-result\"");  // keys are sorted: "format" is not first
}
}  // namespace

void MainWindow::applyStartup(const StartupRequest& request) {
    if (!request.workspaceFile.isEmpty()) {
        QString error;
        // gna-studio result.json opens an experiment result (written by `gna experiment`).
        if (isExperimentResult(request.workspaceFile)) {
            if (!m_experiments->openResult(request.workspaceFile, &error))
                showError(tr("Could not open the result"), error);
        } else if (!loadWorkspace(request.workspaceFile, &error)) {
            showError(tr("Could not open the workspace"), error);
        }
    }
    if (!request.modelDir.isEmpty()) openModel(request.modelDir);
    if (request.isEmpty()) offerAutosaveRestore();
    if (!m_settings.tourShown()) {  // the first start: offer the guided tour
        m_settings.setTourShown(true);
        m_tour->start();
    }
}

QMessageBox* MainWindow::restoreDialog() const { return m_restoreDialog.data(); }

bool MainWindow::hasCrashAutosave() const {
    const QFileInfo f(autosavePath());
    if (!f.exists()) return false;
    const QDateTime clean = m_settings.lastCleanExit();
    // 2 s of slack: the clean-exit time is taken just after the final autosave is written.
    return !clean.isValid() || f.lastModified() > clean.addSecs(2);
}

QMessageBox* MainWindow::offerAutosaveRestore() {
    if (!hasCrashAutosave()) return nullptr;
    Workspace w;
    if (!Workspace::load(autosavePath(), &w)) return nullptr;
    auto* box = new QMessageBox(QMessageBox::Question, tr("Restore the last session?"),
                                tr("G&A Studio did not close cleanly last time. Restore the autosaved session "
                                   "(model %1, %n ablated head(s))?",
                                   nullptr, static_cast<int>(w.ablated.size()))
                                    .arg(QDir::toNativeSeparators(w.modelPath)),
                                QMessageBox::NoButton, this);
    box->addButton(tr("&Restore"), QMessageBox::AcceptRole);
    box->addButton(tr("&Discard"), QMessageBox::RejectRole);
    box->setAttribute(Qt::WA_DeleteOnClose);
    connect(box, &QMessageBox::finished, this, [this, box](int) {
        if (box->buttonRole(box->clickedButton()) == QMessageBox::AcceptRole) {
            QString error;
            if (!loadWorkspace(autosavePath(), &error)) showError(tr("Could not restore the session"), error);
        } else {
            m_settings.setLastCleanExit(QDateTime::currentDateTime());  // do not ask again for this autosave
        }
    });
    m_restoreDialog = box;
    box->open();  // window-modal, non-blocking
    return box;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty() && urls.front().isLocalFile() && QFileInfo(urls.front().toLocalFile()).isDir())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const auto urls = event->mimeData()->urls();
    if (!urls.isEmpty()) openModel(urls.front().toLocalFile());
}

}  // namespace gna::studio
