#include "main_window.h"

#include <algorithm>

#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

#include "attention_heatmap.h"
#include "experiment_dock.h"
#include "experiment_panel.h"
#include "experiment_results.h"
#include "gna/cpu_runtime.h"
#include "gna/tasks.h"
#include "mask_panel.h"
#include "figure_export.h"
#include "gather_aggregate_pair.h"
#include "guided_tour.h"
#include "tour_steps.h"
#include "head_board.h"
#include "language.h"
#include "model_info_panel.h"
#include "next_token_chart.h"
#include "open_model_dialog.h"
#include "paper_figures.h"
#include "prompt_editor.h"
#include "theme.h"
#include "token_strip.h"
#include "translations.h"

namespace gna::studio {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_session(new Session(this)) {
    setWindowTitle(tr("G&A Studio"));
    setAcceptDrops(true);
    buildLayout();
    buildExperimentDocks();
    m_tour = new GuidedTour(this);
    addDockWidget(Qt::RightDockWidgetArea, m_tour);
    buildActions();
    connect(m_session, &Session::modelLoadStarted, this, [this](const QString& dir) {
        m_status->setText(tr("Loading %1…").arg(QDir::toNativeSeparators(dir)));
        m_progress->setRange(0, 100);
        m_progress->setValue(0);
        m_progress->setFormat(tr("Loading %p%"));
        m_progress->setTextVisible(true);
    });
    connect(m_session, &Session::modelLoadProgress, this, [this](int percent) { m_progress->setValue(percent); });
    connect(m_session, &Session::modelLoadCancelled, this, [this] { m_status->setText(tr("Loading cancelled")); });
    connect(m_session, &Session::modelLoaded, this, &MainWindow::onModelLoaded);
    connect(m_session, &Session::modelLoadFailed, this, [this](const QString& dir, const QString& msg) {
        m_pendingWorkspace.reset();
        m_status->setText(tr("Could not load the model"));
        showError(tr("Could not load %1").arg(QDir::toNativeSeparators(dir)), msg);
    });
    connect(m_session, &Session::resultReady, this, &MainWindow::onResult);
    connect(m_session, &Session::runFailed, this, [this](const QString& msg) {
        m_status->setText(tr("Run failed"));
        showError(tr("The run failed"), msg);
    });
    connect(m_session, &Session::runCancelled, this, [this] { m_status->setText(tr("Run cancelled")); });
    connect(m_session, &Session::busyChanged, this, &MainWindow::onBusy);

    const QByteArray geometry = m_settings.windowGeometry();
    if (!geometry.isEmpty()) restoreGeometry(geometry);
    else resize(1280, 860);
    restoreState(m_settings.windowState());  // where the user left the docks (experiments, mask editor)
    m_tour->hide();  // opens on the first start and from Help only
    const int every = m_settings.autosaveSeconds();
    if (every > 0) {
        connect(&m_autosave, &QTimer::timeout, this, &MainWindow::autosave);
        m_autosave.start(every * 1000);
    }
}

MainWindow::~MainWindow() = default;

void MainWindow::buildLayout() {
    m_prompt = new PromptEditor;
    m_tokens = new views::TokenStrip;
    m_board = new views::HeadBoard;
    m_next = new views::NextTokenChart;
    m_pair = new views::GatherAggregatePair;
    m_diff = new views::AttentionHeatmap;
    setHeatmapPalette(m_settings.paletteIndex());

    // Head board with its score selector.
    auto* boardBox = new QWidget;
    auto* boardLayout = new QVBoxLayout(boardBox);
    boardLayout->setContentsMargins(0, 0, 0, 0);
    auto* scoreRow = new QHBoxLayout;
    m_scoreMode = new QComboBox;
    m_scoreMode->addItems({tr("No colouring"), tr("Entropy of the last row"), tr("Max weight of the last row"),
                           tr("Attention to the selected token"), tr("Importance (head ranking result)"),
                           tr("Gather score (line ends → their own line)"), tr("Aggregate score (last token → line ends)")});
    m_scoreMode->setCurrentIndex(1);
    m_scoreMode->setObjectName(QStringLiteral("scoreMode"));
    auto* scoreLabel = new QLabel(tr("C&olour heads by:"));
    scoreLabel->setBuddy(m_scoreMode);
    scoreRow->addWidget(scoreLabel);
    scoreRow->addWidget(m_scoreMode, 1);
    auto* invert = new QPushButton(tr("&Invert"));
    auto* restore = new QPushButton(tr("Restore &all"));
    invert->setObjectName(QStringLiteral("invertButton"));
    restore->setObjectName(QStringLiteral("restoreButton"));
    scoreRow->addWidget(invert);
    scoreRow->addWidget(restore);
    boardLayout->addLayout(scoreRow);
    boardLayout->addWidget(m_board, 1);
    connect(invert, &QPushButton::clicked, m_board, &views::HeadBoard::invert);
    connect(restore, &QPushButton::clicked, this, &MainWindow::restoreAllHeads);

    // Heatmaps: the pair and the difference to the unablated run.
    auto* mapsBox = new QWidget;
    auto* mapsLayout = new QVBoxLayout(mapsBox);
    mapsLayout->setContentsMargins(0, 0, 0, 0);
    auto* headsRow = new QHBoxLayout;
    m_gatherHead = new QLineEdit(QStringLiteral("L0.H0"));
    m_aggregateHead = new QLineEdit(QStringLiteral("L1.H0"));
    m_compare = new QCheckBox(tr("Compare with the unablated run"));
    m_compare->setObjectName(QStringLiteral("compareCheck"));
    m_gatherHead->setObjectName(QStringLiteral("gatherHead"));
    m_aggregateHead->setObjectName(QStringLiteral("aggregateHead"));
    auto* gl = new QLabel(tr("&Gather head:"));
    gl->setBuddy(m_gatherHead);
    auto* al = new QLabel(tr("A&ggregate head:"));
    al->setBuddy(m_aggregateHead);
    for (QLineEdit* e : {m_gatherHead, m_aggregateHead}) {
        e->setMaximumWidth(110);
        e->setToolTip(tr("A head as L<layer>.H<head>, e.g. L17.H24; double-click a head on the board to show it"));
    }
    headsRow->addWidget(gl);
    headsRow->addWidget(m_gatherHead);
    headsRow->addWidget(al);
    headsRow->addWidget(m_aggregateHead);
    headsRow->addWidget(m_compare);
    headsRow->addStretch();
    mapsLayout->addLayout(headsRow);
    auto* mapTabs = new QTabWidget;
    mapTabs->addTab(m_pair, tr("Attention"));
    mapTabs->addTab(m_diff, tr("Difference (ablated − unablated)"));
    mapsLayout->addWidget(mapTabs, 1);
    connect(m_gatherHead, &QLineEdit::editingFinished, this, &MainWindow::applyHeadFields);
    connect(m_aggregateHead, &QLineEdit::editingFinished, this, &MainWindow::applyHeadFields);
    connect(m_compare, &QCheckBox::toggled, m_session, &Session::setCompare);

    auto* middle = new QSplitter(Qt::Horizontal);
    middle->addWidget(boardBox);
    middle->addWidget(m_next);
    middle->setStretchFactor(0, 1);
    middle->setStretchFactor(1, 1);
    m_next->setMinimumWidth(360);
    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_prompt, 1);
    // The token strip wraps to as many lines as the prompt needs; in its own scroll area it takes
    // what the splitter gives (at least two lines) instead of pushing into the prompt editor.
    auto* tokensScroll = new QScrollArea;
    tokensScroll->setWidget(m_tokens);
    tokensScroll->setWidgetResizable(true);
    tokensScroll->setFrameShape(QFrame::NoFrame);
    tokensScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    tokensScroll->setMinimumHeight(2 * fontMetrics().height() + 16);
    topLayout->addWidget(tokensScroll, 1);
    auto* vertical = new QSplitter(Qt::Vertical);
    vertical->addWidget(top);
    vertical->addWidget(middle);
    vertical->addWidget(mapsBox);
    vertical->setStretchFactor(0, 1);
    vertical->setStretchFactor(1, 3);
    vertical->setStretchFactor(2, 3);
    // Initial share (the user drags the handles): the board and the next-token chart need room
    // for a dozen labelled rows, the maps the rest.
    vertical->setSizes({180, 300, 420});
    vertical->setContentsMargins(6, 6, 6, 6);
    // Below this size the views would overlap; a smaller window scrolls instead.
    vertical->setChildrenCollapsible(false);  // a squeezed pane would draw over its neighbours
    mapsBox->setMinimumHeight(260);
    vertical->setMinimumSize(760, 720);
    auto* scroll = new QScrollArea;
    scroll->setWidget(vertical);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    setCentralWidget(scroll);

    m_info = new ModelInfoPanel;
    auto* dock = new QDockWidget(tr("Model"), this);
    dock->setObjectName(QStringLiteral("modelDock"));
    dock->setWidget(m_info);
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    m_progress = new QProgressBar;
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(160);
    m_progress->setVisible(false);
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_cancelButton->setEnabled(false);
    m_status = new QLabel(tr("Open a model folder to begin (File ▸ Open model, or drop a folder here)."));
    statusBar()->addWidget(m_status, 1);
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    connect(m_cancelButton, &QPushButton::clicked, m_session, &Session::cancel);

    // Wiring: views -> session.
    connect(m_prompt, &PromptEditor::promptChanged, m_session, &Session::setPrompt);
    connect(m_prompt, &PromptEditor::candidatesChanged, m_session, &Session::setCandidates);
    connect(m_prompt, &PromptEditor::runRequested, m_session, &Session::requestRun);
    // The board has a cell per attention head; SSM heads switched off elsewhere (a workspace, the CLI's
    // names) stay in the plan when the board changes.
    connect(m_board, &views::HeadBoard::planChanged, this, [this](const views::HeadCells& boardHeads) {
        views::HeadCells plan = boardHeads;
        for (const auto& h : m_session->ablatedHeads())
            if (h.ssm != boardIsSsm()) plan << h;
        m_session->setAblatedHeads(plan);
    });
    connect(m_board, &views::HeadBoard::headActivated, this, [this](int layer, int head) {
        m_gatherHead->setText(m_board->model()->cell(layer, head).name());
        applyHeadFields();
    });
    connect(m_tokens, &views::TokenStrip::tokenClicked, m_session, &Session::setSelectedToken);
    connect(m_scoreMode, &QComboBox::currentIndexChanged, this, [this](int i) {
        // Items 0-3 are ScoreMode's first four values; 4 is the ranking result; 5 and 6 the line scores.
        const bool importance = i == 4;
        m_session->setScoreMode(importance ? ScoreMode::None
                                : i == 5   ? ScoreMode::LineGather
                                : i == 6   ? ScoreMode::LineAggregate
                                           : static_cast<ScoreMode>(i));
        if (importance && !m_importance.empty()) m_board->setScores(m_importance, tr("importance (baseline − ablated)"));
    });
    m_session->setScoreMode(ScoreMode::LastRowEntropy);
}

void MainWindow::buildActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open model…"), this, &MainWindow::openModelDialog);
    open->setShortcut(QKeySequence::Open);
    m_recentMenu = file->addMenu(tr("Open &recent"));
    updateRecentMenu();
    file->addSeparator();
    file->addAction(tr("Open &workspace…"), this, [this] {
        const QString p = QFileDialog::getOpenFileName(this, tr("Open workspace"), m_settings.lastDirectory(),
                                                       tr("Workspaces (*.gna.json *.json)"));
        QString error;
        if (!p.isEmpty() && !loadWorkspace(p, &error)) showError(tr("Could not open the workspace"), error);
    });
    QAction* save = file->addAction(tr("&Save workspace as…"), this, [this] {
        const QString p = QFileDialog::getSaveFileName(this, tr("Save workspace"), m_settings.lastDirectory(),
                                                       tr("Workspaces (*.gna.json)"));
        QString error;
        if (!p.isEmpty() && !saveWorkspace(p, &error)) showError(tr("Could not save the workspace"), error);
    });
    save->setShortcut(QKeySequence::SaveAs);
    file->addSeparator();
    QAction* exportFigure = file->addAction(tr("&Export figure…"), this, &MainWindow::exportCurrentFigure);
    exportFigure->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportFigure->setObjectName(QStringLiteral("exportFigure"));
    file->addAction(tr("Export figure &set…"), this, &MainWindow::exportFigureSet)->setObjectName(QStringLiteral("exportFigureSet"));
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
    edit->addAction(tr("&Invert ablation"), m_board, &views::HeadBoard::invert);
    edit->addAction(tr("Restore &all heads"), this, &MainWindow::restoreAllHeads);
    edit->addAction(tr("Ablate &current layer"), this, [this] { m_board->ablateLayer(m_board->currentHead().layer); });

    QMenu* run = menuBar()->addMenu(tr("&Run"));
    run->addAction(tr("&Run now"), m_session, &Session::requestRun)->setShortcut(QKeySequence(Qt::Key_F5));
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
            if (!m_session->modelPath().isEmpty()) m_session->loadModel(m_session->modelPath());
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
        if (!m_session->modelPath().isEmpty()) m_session->loadModel(m_session->modelPath(), m_session->tokenizerPath());
    });
    device->setToolTipsVisible(true);
    m_session->setDevice(cuda && m_settings.useCuda() ? gna::Device::CUDA : gna::Device::CPU);
    m_session->setDtype(bf16->isChecked() ? gna::ComputeDType::BF16 : gna::ComputeDType::F32);

    QMenu* experiments = menuBar()->addMenu(tr("E&xperiments"));
    for (ExperimentPanel* p : m_experiments->panels())
        experiments->addAction(p->title() + QStringLiteral("…"), this, [this, p] { m_experiments->showPanel(p->kind()); });
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

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_experiments->toggleViewAction());
    view->addAction(m_maskDock->toggleViewAction());
    view->addSeparator();
    m_boardSsm = view->addAction(tr("Head board: &SSM heads"));
    m_boardSsm->setObjectName(QStringLiteral("boardSsm"));
    m_boardSsm->setCheckable(true);
    m_boardSsm->setEnabled(false);
    m_boardSsm->setToolTip(tr("For models with attention and SSM heads (hybrids): show the SSM heads on the head "
                              "board instead of the attention heads"));
    connect(m_boardSsm, &QAction::toggled, this, &MainWindow::setBoardShowsSsm);
    view->addSeparator();
    QMenu* theme = view->addMenu(tr("&Theme"));
    auto* themes = new QActionGroup(this);
    const QList<QPair<QString, Theme>> themeItems{{tr("System"), Theme::System}, {tr("Light"), Theme::Light}, {tr("Dark"), Theme::Dark}};
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
        QAction* a = language->addAction(gna::i18n::nativeName(code), this, [this, code] {
            m_settings.setLanguage(code);
            QMessageBox::information(this, tr("Language"), tr("The language changes when G&A Studio restarts."));
        });
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
    help->addSeparator();
    help->addAction(tr("&About G&&A Studio"), this, [this] {
        QMessageBox::about(this, tr("About G&A Studio"),
                           tr("<b>G&amp;A Studio</b> %1<br>Find, see and test the attention heads that carry "
                              "in-context retrieval (Gather &amp; Aggregate).").arg(QStringLiteral(GNA_VERSION)));
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
    for (const QString& dir : recent) m_recentMenu->addAction(QDir::toNativeSeparators(dir), this, [this, dir] { openModel(dir); });
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::openModelDialog() {
    OpenModelDialog dialog(m_settings.lastDirectory(), this);
    if (dialog.exec() == QDialog::Accepted && !dialog.modelDir().isEmpty())
        openModel(dialog.modelDir(), dialog.tokenizerDir());
}

void MainWindow::openModel(const QString& dir, const QString& tokenizerDir) {
    m_settings.setLastDirectory(QFileInfo(dir).absolutePath());
    m_session->loadModel(dir, tokenizerDir);
}

void MainWindow::clearRunViews() {
    m_tokens->setTokens({});
    m_next->setProbabilities({});
    m_next->setBaseline({});
    m_pair->setMaps({}, {});
    m_diff->clear();
    m_board->model()->clearScores();
}

void MainWindow::onModelLoaded() {
    const gna::ModelInfo* info = m_session->modelInfo();
    clearRunViews();
    m_info->setInfo(info);
    m_experiments->setModelDir(m_session->modelPath());
    m_maskPanel->reload();
    m_settings.addRecentModel(m_session->modelPath());
    updateRecentMenu();
    // The board shows attention heads; a model without any (Mamba, Mamba-2) gets its SSM heads instead.
    setBoardShowsSsm(false);
    if (m_aggregateHead->text() == QLatin1String("L1.H0") && info->num_layers > 0)
        m_aggregateHead->setText(QStringLiteral("L%1.H0").arg(info->num_layers - 1));
    // A model card that names its Gather and Aggregate heads (the bundled demos): those are shown.
    if (!m_pendingWorkspace)
        if (const auto card = tour::cardGatherAggregate(m_session->modelPath())) {
            m_gatherHead->setText(card->gather.name());
            m_aggregateHead->setText(card->aggregate.name());
        }
    // A field naming a head this model lacks (an attention head of a Mamba model, or of a hybrid's
    // Mamba layer) falls back to head 0 of the board's first (Gather) or last (Aggregate) layer that has it.
    std::vector<int> withHeads;
    for (int l = 0; l < m_board->model()->layers(); ++l)
        if (m_board->model()->heads() > 0 && headExists(*info, m_board->model()->cell(l, 0))) withHeads.push_back(l);
    for (QLineEdit* e : {m_gatherHead, m_aggregateHead}) {
        views::HeadCell c;
        if (!withHeads.empty() && (!parseHeadName(e->text(), &c) || !headExists(*info, c)))
            e->setText(m_board->model()->cell(e == m_gatherHead ? withHeads.front() : withHeads.back(), 0).name());
    }
    applyHeadFields();
    if (m_pendingWorkspace && m_pendingWorkspace->modelPath == m_session->modelPath()) applyWorkspaceHeads(*m_pendingWorkspace);
    m_pendingWorkspace.reset();
    int attention = 0, ssm = 0;
    for (const gna::LayerInfo& l : info->layers) {
        attention = std::max(attention, l.attention_heads);
        ssm = std::max(ssm, l.ssm_heads);
    }
    const QString arch = QString::fromStdString(info->architecture);
    if (attention > 0 && ssm > 0)
        m_status->setText(tr("Loaded %1: %2 layers, up to %3 attention heads and %4 SSM heads per layer (View ▸ Head "
                             "board: SSM heads)").arg(arch).arg(info->num_layers).arg(attention).arg(ssm));
    else if (ssm > 0)
        m_status->setText(tr("Loaded %1: %2 layers × %3 SSM heads").arg(arch).arg(info->num_layers).arg(ssm));
    else
        m_status->setText(tr("Loaded %1: %2 layers × %3 heads").arg(arch).arg(info->num_layers).arg(info->num_heads));
    setWindowTitle(tr("G&A Studio — %1").arg(QFileInfo(m_session->modelPath()).fileName()));
    if (m_prompt->prompt().isEmpty()) {
        m_prompt->setCandidates({QStringLiteral("88"), QStringLiteral("42"), QStringLiteral("17")});
        m_prompt->setPrompt(QStringLiteral("Memorize the following dictionary:\napple:42\nriver:17\ncandle:88\n"
                                           "\nThe value of the key 'candle' is"));
    }
    m_session->requestRun();
}

void MainWindow::setShownHeads(const views::HeadCells& heads) {
    if (!heads.isEmpty()) m_gatherHead->setText(heads.value(0).name());
    if (heads.size() > 1) m_aggregateHead->setText(heads.value(1).name());
    applyHeadFields();
}

void MainWindow::applyHeadFields() {
    views::HeadCells heads;
    for (QLineEdit* e : {m_gatherHead, m_aggregateHead}) {
        views::HeadCell c;
        const bool ok = parseHeadName(e->text(), &c) && (!m_session->modelInfo() || headExists(*m_session->modelInfo(), c));
        e->setStyleSheet(ok ? QString() : QStringLiteral("color: #d55e00"));
        if (ok) heads << c;
    }
    m_session->setShownHeads(heads);
}

void MainWindow::onResult(const RunOutcome& o) {
    m_tokens->setTokens(o.tokenLabels);
    if (m_session->selectedToken() >= 0) m_tokens->setSelectedToken(m_session->selectedToken());
    m_next->setProbabilities(o.next);
    m_next->setBaseline(o.baseline);
    // Scores of the board's kind of head (SSM heads: their hidden attention).
    if (!o.headScores.empty() && o.scoresSsm == boardIsSsm()) m_board->setScores(o.headScores, o.scoreLabel, o.scoresAreDeltas);
    else if (!boardIsSsm() && m_scoreMode->currentIndex() == 4 && !m_importance.empty())
        m_board->setScores(m_importance, tr("importance (baseline − ablated)"));
    else m_board->model()->clearScores();
    views::HeatmapData gather = o.maps.value(0);
    views::HeatmapData aggregate = o.maps.value(1);
    if (!gather.title.isEmpty()) gather.title = tr("Gather %1").arg(gather.title);
    if (!aggregate.title.isEmpty()) aggregate.title = tr("Aggregate %1").arg(aggregate.title);
    m_pair->setMaps(gather, aggregate);
    if (!o.baselineMaps.isEmpty() && !o.maps.isEmpty()) m_diff->setData(views::difference(o.maps[0], o.baselineMaps[0]));
    else m_diff->clear();
    // Highlight in the token strip what the Gather head's last row attends to.
    if (!o.maps.isEmpty() && o.maps[0].isValid()) {
        const views::HeatmapData& m = o.maps[0];
        std::vector<double> w(m.cols);
        for (int c = 0; c < m.cols; ++c) w[c] = m.at(m.rows - 1, c);
        m_tokens->setHighlights(w);
    }
    m_status->setText(tr("%n token(s), %1 head(s) ablated, %2 ms", nullptr, static_cast<int>(o.tokens.size()))
                          .arg(m_session->ablatedHeads().size())
                          .arg(o.milliseconds, 0, 'f', 0));
}

void MainWindow::showError(const QString& title, const QString& message) {
    m_lastError = message;
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    box->open();  // window-modal, non-blocking: the window stays usable
}

void MainWindow::onBusy(bool busy) {
    m_progress->setVisible(busy);
    if (!busy) {  // back to the runs' indeterminate bar
        m_progress->setRange(0, 0);
        m_progress->setTextVisible(false);
    }
    m_cancelButton->setEnabled(busy);
}

void MainWindow::restoreAllHeads() {
    // Heads of the kind the board does not show: switched back on here; then the board's (undoable) restore.
    views::HeadCells onBoard;
    for (const auto& h : m_session->ablatedHeads())
        if (h.ssm == boardIsSsm()) onBoard << h;
    m_session->setAblatedHeads(onBoard);
    m_board->clearAblations();
}

void MainWindow::setHeatmapPalette(int index) {
    m_paletteIndex = index;
    m_board->setColorPalette(views::paletteFromIndex(index));
    m_pair->setColorPalette(views::paletteFromIndex(index));
}

bool MainWindow::compareMode() const { return m_compare->isChecked(); }

bool MainWindow::boardIsSsm() const { return m_board->model()->layers() > 0 && m_board->model()->ssm(); }

void MainWindow::setBoardShowsSsm(bool ssm) {
    const gna::ModelInfo* info = m_session->modelInfo();
    if (!info) return;
    std::vector<int> attention, ssmHeads;
    for (const gna::LayerInfo& l : info->layers) {
        attention.push_back(l.attention_heads);
        ssmHeads.push_back(l.ssm_heads);
    }
    const int maxA = attention.empty() ? 0 : *std::max_element(attention.begin(), attention.end());
    const int maxS = ssmHeads.empty() ? 0 : *std::max_element(ssmHeads.begin(), ssmHeads.end());
    if (maxA == 0 && maxS > 0) ssm = true;
    if (maxS == 0) ssm = false;
    {
        const QSignalBlocker block(m_boardSsm);
        m_boardSsm->setEnabled(maxA > 0 && maxS > 0);
        m_boardSsm->setChecked(ssm);
    }
    if (ssm) m_board->setShape(info->num_layers, maxS, true, ssmHeads);
    else m_board->setShape(info->num_layers, std::max(maxA, info->num_heads), false, maxA > 0 ? attention : std::vector<int>());
    m_board->setAblatedHeads(m_session->ablatedHeads());  // the board's kind; the other stays in the plan
    m_session->setScoreSsm(ssm);
    if (!ssm && m_scoreMode->currentIndex() == 4 && !m_importance.empty())
        m_board->setScores(m_importance, tr("importance (baseline − ablated)"));
}

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
    return w;
}

void MainWindow::applyWorkspace(const Workspace& w) {
    m_prompt->setCandidates(w.candidates);
    m_prompt->setPrompt(w.prompt);
    m_scoreMode->setCurrentIndex(std::clamp(w.scoreMode, 0, m_scoreMode->count() - 1));
    m_session->setSelectedToken(w.selectedToken);
    m_compare->setChecked(w.compare);
    if (w.palette >= 0) setHeatmapPalette(std::clamp(w.palette, 0, 3));
    if (!w.modelPath.isEmpty() && (w.modelPath != m_session->modelPath() || w.tokenizerPath != m_session->tokenizerPath())) {
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
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("autosave.gna.json"));
}

void MainWindow::autosave() {
    if (!m_session->hasModel()) return;
    QDir().mkpath(QFileInfo(autosavePath()).absolutePath());
    saveWorkspace(autosavePath());
}

void MainWindow::exportCurrentFigure() {
    views::FigureExportDialog dialog(m_pair->gather()->plot(), QStringLiteral("gather"), this);
    dialog.exec();
}

void MainWindow::exportFigureSet() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export figure set into folder"), m_settings.lastDirectory());
    if (dir.isEmpty()) return;
    QString error;
    const QStringList files = writePaperFigures(
        *this, dir, {views::FigureFormat::PDF, views::FigureFormat::SVG, views::FigureFormat::PNG}, views::FigureOptions{}, &error);
    if (!error.isEmpty()) showError(tr("Export failed"), error);
    else m_status->setText(tr("Wrote %n file(s)", nullptr, static_cast<int>(files.size())));
}

void MainWindow::closeEvent(QCloseEvent* event) {
    autosave();
    m_settings.setLastCleanExit(QDateTime::currentDateTime());
    m_settings.setWindowGeometry(saveGeometry());
    m_settings.setWindowState(saveState());
    m_session->cancel();
    QMainWindow::closeEvent(event);
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
