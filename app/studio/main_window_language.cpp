// MainWindow's live language switch: View ▸ Language installs the catalogue at once, and the window
// rebuilds its menus, docks and views in the new language around the same session (the model stays
// loaded, the plan, prompt, heads, score mode and open experiment results are kept through a workspace).
#include <QActionGroup>
#include <QApplication>
#include <QDockWidget>
#include <QEvent>
#include <QMenuBar>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>

#include "experiment_dock.h"
#include "experiment_runner.h"
#include "guided_tour.h"
#include "language.h"
#include "main_window.h"
#include "prompt_editor.h"

namespace gna::studio {

void MainWindow::setLanguage(const QString& code) {
    m_settings.setLanguage(code);
    installLanguage(code);  // sends LanguageChange: changeEvent rebuilds the window
}

void MainWindow::changeEvent(QEvent* event) {
    // Installing and removing translators sends several LanguageChange events: one rebuild for all.
    if (event->type() == QEvent::LanguageChange && m_tour && !m_retranslatePending) {
        m_retranslatePending = true;
        QTimer::singleShot(0, this, &MainWindow::retranslate);
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::retranslate() {
    // The views are rebuilt only while nothing computes for them (a model job's answer would find its
    // panel gone); a running experiment or run finishes first.
    // Nor while a dialog runs its own event loop (an export dialog holds pointers into the views).
    if (m_session->isRunning() || m_experiments->runner()->isRunning() || QApplication::activeModalWidget() ||
        QApplication::activePopupWidget()) {
        QTimer::singleShot(100, this, &MainWindow::retranslate);
        return;
    }
    m_retranslatePending = false;
    const Workspace w = workspace();
    const QByteArray state = saveState();
    m_autosave.blockSignals(true);
    // Everything built from translated text goes: menus, tool bars, docks, the central views, the status bar.
    for (QDockWidget* d : findChildren<QDockWidget*>(Qt::FindDirectChildrenOnly)) {
        removeDockWidget(d);
        delete d;
    }
    m_bottomDocks.clear();
    for (QToolBar* t : findChildren<QToolBar*>(Qt::FindDirectChildrenOnly)) {
        removeToolBar(t);
        delete t;
    }
    for (QActionGroup* g : findChildren<QActionGroup*>(Qt::FindDirectChildrenOnly)) delete g;
    for (QAction* a : findChildren<QAction*>(Qt::FindDirectChildrenOnly)) delete a;
    setMenuBar(new QMenuBar);  // the old ones are deleted
    setStatusBar(new QStatusBar);
    delete takeCentralWidget();
    m_tour = nullptr;
    buildWindow();
    m_tour->hide();
    restoreState(state);
    onBusy(false);
    setWindowTitle(tr("G&A Studio"));
    if (m_session->hasModel()) {
        // The new views learn the open model as on loading it, then get the workspace's state back.
        m_prompt->setCandidates(w.candidates);
        m_prompt->setPrompt(w.prompt);
        m_pendingWorkspace = w;
        m_session->announceModel();
        applyWorkspace(w);
    }
    m_autosave.blockSignals(false);
}

}  // namespace gna::studio
