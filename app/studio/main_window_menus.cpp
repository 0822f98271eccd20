// MainWindow's menus and tool bar: File (models, workspaces, figures), Edit (undo, head plan),
// Run (device), Experiments, View (docks, theme, palette, language) and Help (tour, demos).
#include <QActionGroup>
#include <QDir>
#include <QFileInfo>
#include <QUndoStack>
#include <QDockWidget>
#include <QFileDialog>
#include <QMenuBar>
#include <QMessageBox>
#include <QToolBar>

#include "experiment_dock.h"
#include "experiment_panel.h"
#include "guided_tour.h"
#include "head_board.h"
#include "language.h"
#include "gna/cpu_runtime.h"
#include "main_window.h"
#include "open_model_dialog.h"
#include "palettes.h"
#ifdef GNA_HAVE_REMOTE
#include "server_menu.h"
#endif
#include "theme.h"
#include "tour_steps.h"
#include "translations.h"

namespace gna::studio {

namespace {
// A menu item as the user finds it: "File ▸ Open model…" (mnemonic '&' dropped, "&&" shown as '&'),
// with no-break spaces: a wrapped message never splits the path.
QString menuPath(const QMenu* menu, const QAction* action) {
    return QString(shownText(menu->title()) + QStringLiteral(" ▸ ") + shownText(action->text()))
        .replace(QLatin1Char(' '), QChar(0x00A0));
}
}  // namespace

void MainWindow::buildActions() {
    m_modelActions.clear();
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open model…"), this, &MainWindow::openModelDialog);
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    updateRecentMenu();
#ifdef GNA_HAVE_REMOTE
    file->addSeparator();
    m_server->addActions(file);
#endif
    file->addSeparator();
    file->addAction(tr("Open &workspace…"), this, [this] {
        const QString p = QFileDialog::getOpenFileName(this, tr("Open workspace"), m_settings.lastDirectory(),
                                                       tr("Workspaces (*.gna.json *.json)"));
        QString error;
        if (!p.isEmpty() && !loadWorkspace(p, &error)) showError(tr("Could not open the workspace"), error);
    });
    QAction* save = file->addAction(tr("&Save workspace"), this, [this] { saveSession(false); });
    save->setShortcut(QKeySequence::Save);
    save->setObjectName(QStringLiteral("saveWorkspace"));
    QAction* saveAs = file->addAction(tr("Save workspace &as…"), this, [this] { saveSession(true); });
    saveAs->setShortcut(QKeySequence::SaveAs);
    saveAs->setObjectName(QStringLiteral("saveWorkspaceAs"));
    file->addSeparator();
    QAction* exportFigure = file->addAction(tr("&Export figure…"), this, &MainWindow::exportCurrentFigure);
    exportFigure->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportFigure->setObjectName(QStringLiteral("exportFigure"));
    file->addAction(tr("Export figure &set…"), this, &MainWindow::exportFigureSet)
        ->setObjectName(QStringLiteral("exportFigureSet"));
    file->addSeparator();
    file->addAction(tr("&Quit"), this, &QWidget::close)->setShortcut(QKeySequence::Quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    QAction* undo = m_board->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction* redo = m_board->undoStack()->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    m_modelActions << edit->addAction(tr("&Invert ablation"), m_board, &views::HeadBoard::invert);
    m_modelActions << edit->addAction(tr("Restore &all heads"), this, &MainWindow::restoreAllHeads);
    m_modelActions << edit->addAction(tr("Ablate &current layer"), this,
                                      [this] { m_board->ablateLayer(m_board->currentHead().layer); });

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    QAction* runNow = run->addAction(tr("&Run now"), m_session, &Session::requestRun);
    runNow->setShortcut(QKeySequence(Qt::Key_F5));
    m_modelActions << runNow << exportFigure;
    run->addAction(tr("&Cancel"), m_session, &Session::cancel)->setShortcut(QKeySequence(Qt::Key_Escape));
    run->addSeparator();
    // Device: CPU, or CUDA where this build and machine have it; changing it reloads the model.
    QMenu* device = run->addMenu(tr("&Device"));
    auto* devices = new QActionGroup(this);
    const bool cuda = gna::cuda_available();
    for (const bool gpu : {false, true}) {
        QAction* a = device->addAction(gpu ? tr("CUDA (GPU)") : tr("CPU"));
        a->setCheckable(true);
        a->setObjectName(gpu ? QStringLiteral("deviceCuda") : QStringLiteral("deviceCpu"));
        a->setEnabled(!gpu || cuda);
        if (gpu && !cuda) a->setToolTip(tr("No CUDA device: this build or this machine has none"));
        a->setChecked(gpu == (cuda && m_settings.useCuda()));
        devices->addAction(a);
        connect(a, &QAction::triggered, this, [this, gpu] {
            m_settings.setUseCuda(gpu);
            const gna::Device d = gpu ? gna::Device::CUDA : gna::Device::CPU;
            if (d == m_session->device()) return;
            m_session->setDevice(d);
            m_session->reload();  // with its tokenizer folder; the experiments use the reloaded model too
        });
    }
    // Compute dtype: bf16 halves the weights' memory; on the CPU only with bf16 instructions.
    device->addSeparator();
    QAction* bf16 = device->addAction(tr("Compute in &bf16"));
    bf16->setCheckable(true);
    bf16->setObjectName(QStringLiteral("computeBf16"));
    const bool bf16_possible = cuda || gna::cpu_has_native_bf16();
    bf16->setEnabled(bf16_possible);
    bf16->setToolTip(bf16_possible ? tr("Half the memory of f32; results deviate from f32 by bf16 rounding")
                                   : tr("This CPU has no bf16 instructions (AVX512-BF16 or AMX): bf16 would be "
                                        "several times slower than f32 here"));
    bf16->setChecked(bf16_possible && m_settings.computeBf16());
    connect(bf16, &QAction::toggled, this, [this](bool on) {
        m_settings.setComputeBf16(on);
        m_session->setDtype(on ? gna::ComputeDType::BF16 : gna::ComputeDType::F32);
        m_session->reload();
    });
    device->setToolTipsVisible(true);
    m_session->setDevice(cuda && m_settings.useCuda() ? gna::Device::CUDA : gna::Device::CPU);
    m_session->setDtype(bf16->isChecked() ? gna::ComputeDType::BF16 : gna::ComputeDType::F32);

    QMenu* experiments = menuBar()->addMenu(tr("E&xperiments"));
    for (ExperimentPanel* p : m_experiments->panels())
        experiments->addAction(p->title() + QStringLiteral("…"), this,
                               [this, p] { m_experiments->showPanel(p->kind()); });
    experiments->addSeparator();
    experiments->addAction(tr("&Open result…"), this, [this] {
        const QString p = QFileDialog::getOpenFileName(this, tr("Open experiment result"), m_settings.lastDirectory(),
                                                       tr("Results (result.json *.json)"));
        QString error;
        if (!p.isEmpty() && !m_experiments->openResult(p, &error)) showError(tr("Could not open the result"), error);
    });
    experiments->addAction(tr("G&&A &mask editor (MMLU)…"), this, [this] {
        m_maskDock->show();
        m_maskDock->raise();
    });
    experiments->addAction(tr("&KV-retrieval map…"), this, [this] {
        m_kvMapDock->show();
        m_kvMapDock->raise();
    });

    QMenu* view = menuBar()->addMenu(tr("&View"));
    // every dock the user can close comes back from here, the Model dock included
    if (auto* model = findChild<QDockWidget*>(QStringLiteral("modelDock"))) view->addAction(model->toggleViewAction());
    view->addAction(m_experiments->toggleViewAction());
    view->addAction(m_maskDock->toggleViewAction());
    view->addAction(m_kvMapDock->toggleViewAction());
    view->addSeparator();
    QMenu* theme = view->addMenu(tr("&Theme"));
    auto* themes = new QActionGroup(this);
    const QList<QPair<QString, Theme>> themeItems{
        {tr("System"), Theme::System}, {tr("Light"), Theme::Light}, {tr("Dark"), Theme::Dark}};
    for (const auto& t : themeItems) {
        QAction* a = theme->addAction(t.first, this, [this, t] {
            m_settings.setTheme(t.second);
            applyTheme(t.second);
        });
        a->setCheckable(true);
        a->setChecked(m_settings.theme() == t.second);
        themes->addAction(a);
    }
    QMenu* palette = view->addMenu(tr("Colour &palette"));
    auto* palettes = new QActionGroup(this);
    const QStringList names = views::paletteNames();
    for (int i = 0; i < 4; ++i) {  // heatmap palettes (not the score/diverging ones)
        QAction* a = palette->addAction(names[i], this, [this, i] {
            m_settings.setPaletteIndex(i);
            setHeatmapPalette(i);
        });
        a->setCheckable(true);
        a->setChecked(m_settings.paletteIndex() == i);
        palettes->addAction(a);
    }
    QMenu* language = view->addMenu(tr("&Language"));
    auto* languages = new QActionGroup(this);
    QStringList codes{QStringLiteral("en")};
    codes << gna::i18n::availableLanguages();
    for (const QString& code : codes) {
        QAction* a = language->addAction(gna::i18n::nativeName(code), this, [this, code] { setLanguage(code); });
        a->setObjectName(QStringLiteral("language_") + code);
        a->setCheckable(true);
        a->setChecked(m_settings.language() == code || (m_settings.language().isEmpty() && code == currentLanguage()));
        languages->addAction(a);
    }

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Guided tour"), m_tour, &GuidedTour::start)->setShortcut(QKeySequence(Qt::Key_F1));
    QMenu* demos = help->addMenu(tr("Open &demo model"));
    const QList<QPair<QString, QString>> demoItems{{QStringLiteral("transformer"), tr("&Transformer")},
                                                   {QStringLiteral("ssm"), tr("&SSM (Mamba)")},
                                                   {QStringLiteral("hybrid"), tr("&Hybrid")}};
    for (const auto& d : demoItems) {
        const QString dir = tour::demoModelDir(d.first);
        QAction* a = demos->addAction(d.second, this, [this, dir] { openModel(dir); });
        a->setEnabled(!dir.isEmpty());
        if (dir.isEmpty()) a->setToolTip(tr("Not bundled in this build"));
    }
    demos->setToolTipsVisible(true);
    // Every empty view says how to get a model, with the items above (a build without the demos names none).
    const QString openText = tr("No model loaded. Open one with %1 (%2) or drop a model folder here")
                                 .arg(menuPath(file, open), open->shortcut().toString(QKeySequence::NativeText));
    bool demo = false;
    for (const QAction* a : demos->actions()) demo = demo || a->isEnabled();
    m_noModelMessage = demo
        ? tr("%1, or open a bundled demo from %2.").arg(openText, menuPath(help, demos->menuAction()))
        : openText + QLatin1Char('.');
    help->addSeparator();
    help->addAction(tr("&About G&&A Studio"), this, [this] {
        QMessageBox::about(this, tr("About G&A Studio"),
                           tr("<b>G&amp;A Studio</b> %1<br>Find, see and test the attention heads that carry "
                              "in-context retrieval (Gather &amp; Aggregate).")
                               .arg(QStringLiteral(GNA_VERSION)));
    });

    QToolBar* bar = addToolBar(tr("Main"));
    bar->setObjectName(QStringLiteral("mainToolBar"));
    bar->addAction(open);
    bar->addAction(undo);
    bar->addAction(redo);
}

void MainWindow::updateRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = m_settings.recentModels();
    for (const QString& dir : recent)
        m_recentMenu->addAction(QDir::toNativeSeparators(dir), this, [this, dir] { openModel(dir); });
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::openModelDialog() {
    OpenModelDialog dialog(m_settings.lastDirectory(), this);
    dialog.setComputeDtype(m_session->dtype());  // the estimate in the dtype the model will be loaded in
    if (dialog.exec() == QDialog::Accepted && !dialog.modelDir().isEmpty())
        openModel(dialog.modelDir(), dialog.tokenizerDir());
}

}  // namespace gna::studio
