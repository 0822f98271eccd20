#include "main_window.h"

#include <algorithm>
#include <functional>

#include <QActionGroup>
#include <QApplication>
#include <QCheckBox>
#include <QCloseEvent>
#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabWidget>
#include <QToolBar>
#include <QVBoxLayout>

#include <memory>

#include "adaptive_splitter.h"
#include "core_errors.h"
#include "attention_heatmap.h"
#include "experiment_dock.h"
#include "experiment_panel.h"
#include "experiment_results.h"
#include "gna/tasks.h"
#include "mask_panel.h"
#include "gather_aggregate_pair.h"
#include "guided_tour.h"
#include "tour_steps.h"
#include "head_board.h"
#include "head_board_legend.h"
#include "kv_map_panel.h"
#include "language.h"
#include "model_info_panel.h"
#include "next_token_chart.h"
#include "open_model_dialog.h"
#include "prompt_editor.h"
#include "resize_notifying.h"
#include "scroll_area.h"
#ifdef GNA_HAVE_REMOTE
#include "server_menu.h"
#endif
#include "theme.h"
#include "token_strip.h"
#include "translations.h"

namespace gna::studio {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_session(new Session(this)) {
    setWindowTitle(tr("G&A Studio"));
    setAcceptDrops(true);
    qApp->installEventFilter(this);  // the view the user points at (eventFilter)
#ifdef GNA_HAVE_REMOTE
    m_server = new ServerMenu(m_session, &m_settings, this);
#endif
    buildWindow();
    connect(m_session, &Session::modelLoadStarted, this, [this](const QString& dir) {
        m_status->setText(tr("Loading %1…").arg(QDir::toNativeSeparators(dir)));
        m_progress->setRange(0, 100);
        m_progress->setValue(0);
        m_progress->setFormat(tr("Loading %p%"));
        m_progress->setTextVisible(true);
    });
    connect(m_session, &Session::modelLoadProgress, this, [this](int percent) { m_progress->setValue(percent); });
    connect(m_session, &Session::modelLoadCancelled, this, [this] {
        m_status->setText(tr("Loading cancelled"));
        showModelState();
    });
    connect(m_session, &Session::modelLoaded, this, &MainWindow::onModelLoaded);
    connect(m_session, &Session::modelLoadFailed, this, [this](const QString& dir, const QString& msg) {
        m_pendingWorkspace.reset();
        m_status->setText(tr("Could not load the model"));
        showModelState();  // the model open before (if any) stays open
        showError(tr("Could not load %1").arg(QDir::toNativeSeparators(dir)), msg);
    });
    connect(m_session, &Session::resultReady, this, &MainWindow::onResult);
    connect(m_session, &Session::runFailed, this, [this](const QString& msg) {
        // A run follows the typing: why it failed (a prompt longer than the context, an empty one) is said
        // where its result would be, not in a dialog that comes back at every pause; the views drop the
        // previous prompt's result, which no longer matches the prompt.
        m_lastError = msg;
        clearRunViews();
        m_pair->setEmptyMessage(msg);
        m_diff->setEmptyMessage(msg);
        m_status->setText(tr("Run failed: %1").arg(msg));
    });
    connect(m_session, &Session::runCancelled, this, [this] { m_status->setText(tr("Run cancelled")); });
    connect(m_session, &Session::busyChanged, this, &MainWindow::onBusy);
    connect(m_session, &Session::cancellableChanged, this, [this](bool on) {
        m_cancelButton->setVisible(on);
        m_cancelButton->setEnabled(on);
    });

    const QByteArray geometry = m_settings.windowGeometry();
    if (!geometry.isEmpty())
        restoreGeometry(geometry);
    else
        resize(1280, 860);
    restoreState(m_settings.windowState());  // where the user left the docks (experiments, mask editor)
    m_tour->hide();  // opens on the first start and from Help only
    const int every = m_settings.autosaveSeconds();
    if (every > 0) {
        connect(&m_autosave, &QTimer::timeout, this, &MainWindow::autosave);
        m_autosave.start(every * 1000);
    }
}

MainWindow::~MainWindow() = default;

void MainWindow::buildWindow() {
    buildLayout();
    // A widget put into a window already shown appears only later (a queued show): the docks' state
    // restored before that (a language switch) would be laid out without the main view, and the Model
    // dock would keep the whole window's width, the main view squeezed to its minimum beside it.
    centralWidget()->show();
    buildExperimentDocks();
    m_tour = new GuidedTour(this);
    addDockWidget(Qt::RightDockWidgetArea, m_tour);
    buildActions();
    m_status->setText(m_noModelMessage);
    showModelState();
    for (QDockWidget* d : {static_cast<QDockWidget*>(m_tour), m_maskDock, static_cast<QDockWidget*>(m_experiments)})
        connect(d, &QDockWidget::visibilityChanged, this, [this](bool shown) {
            if (shown) return fitDocks();
            // The tour and the mask editor both closed: the Model dock goes back to where it was.
            // (After the event: the dock layout is in the middle of hiding.)
            QTimer::singleShot(0, this, [this] {
                if (!m_modelDockMoved || m_tour->toggleViewAction()->isChecked() ||
                    m_maskDock->toggleViewAction()->isChecked())
                    return;
                m_modelDockMoved = false;
                if (auto* model = findChild<QDockWidget*>(QStringLiteral("modelDock")); model && !model->isFloating())
                    addDockWidget(Qt::LeftDockWidgetArea, model);
            });
        });
}

void MainWindow::buildLayout() {
    m_prompt = new PromptEditor;
    m_tokens = new views::TokenStrip;
    m_board = new views::HeadBoard;
    m_next = new views::NextTokenChart;
    m_pair = new views::GatherAggregatePair;
    m_diff = new views::GatherAggregatePair;
    m_diff->setObjectName(QStringLiteral("differencePair"));
    m_diff->setLogScaleOffered(false);  // differences are signed: a diverging linear scale
    // One "Same colour range" choice for both tabs (the workspace keeps one).
    connect(m_pair, &views::GatherAggregatePair::sharedRangeToggled, m_diff,
            &views::GatherAggregatePair::setSharedRange);
    connect(m_diff, &views::GatherAggregatePair::sharedRangeToggled, m_pair,
            &views::GatherAggregatePair::setSharedRange);
    setHeatmapPalette(m_settings.paletteIndex());

    // Head board with its score selector.
    auto* boardBox = new QWidget;
    auto* boardLayout = new QVBoxLayout(boardBox);
    boardLayout->setContentsMargins(0, 0, 0, 0);
    auto* scoreRow = new QHBoxLayout;
    m_scoreMode = new QComboBox;
    m_scoreMode->addItems({tr("No colouring"), tr("Entropy of the last row"), tr("Max weight of the last row"),
                           tr("Attention to the selected token"), tr("Importance (head ranking result)"),
                           tr("Gather score (line ends → their own line)"),
                           tr("Aggregate score (last token → line ends)"),
                           tr("Duplicate-token score (earlier copies of the token)"),
                           tr("Induction score (the token after an earlier copy)")});
    m_scoreMode->setCurrentIndex(1);
    m_scoreMode->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);  // narrows with the column
    m_scoreMode->setMinimumContentsLength(8);
    m_scoreMode->setObjectName(QStringLiteral("scoreMode"));
    auto* scoreLabel = new QLabel(tr("C&olour heads by:"));
    scoreLabel->setBuddy(m_scoreMode);
    scoreRow->addWidget(scoreLabel);
    scoreRow->addWidget(m_scoreMode, 1);
    auto* invert = m_invert = new QPushButton(tr("&Invert"));
    auto* restore = m_restore = new QPushButton(tr("Restore a&ll"));
    invert->setObjectName(QStringLiteral("invertButton"));
    restore->setObjectName(QStringLiteral("restoreButton"));
    boardLayout->addLayout(scoreRow);
    // The board in a scroll area of its own: its cells keep a size a pointer hits; the pane asks for
    // the whole board up to a cap (the demos' boards fit at any window size), a larger board scrolls.
    auto* boardScroll = new QScrollArea;
    boardScroll->setObjectName(QStringLiteral("boardScroll"));
    boardScroll->setWidget(m_board);
    boardScroll->setWidgetResizable(true);
    boardScroll->setFrameShape(QFrame::NoFrame);
    auto fitBoard = [this, boardScroll] {
        const QSize board = m_board->minimumSizeHint();
        boardScroll->setMinimumSize(std::min(board.width(), 420), std::min(board.height(), 300));
    };
    fitBoard();
    connect(m_board->model(), &QAbstractItemModel::modelReset, boardScroll, fitBoard);
    boardLayout->addWidget(boardScroll, 1);
    m_boardLegend = new views::HeadBoardLegend(m_board);
    boardLayout->addWidget(m_boardLegend);
    auto* boardButtons = new QHBoxLayout;  // below the board: the column stays narrow enough for docks beside it
    boardButtons->addWidget(invert);
    boardButtons->addWidget(restore);
    // Every head at once (a 32 x 32 or 64 x 64 model), values on hover; on by itself for boards the pane
    // cannot show at the cells' usual size (setBoardShape).
    auto* overview = new QCheckBox(tr("Ever&y head"));
    overview->setObjectName(QStringLiteral("boardOverview"));
    overview->setToolTip(
        tr("Show every head at once in small cells (their values on hover); + or Ctrl+wheel on the "
           "board zooms into a region, − back out"));
    connect(overview, &QCheckBox::toggled, m_board, &views::HeadBoard::setOverview);
    connect(m_board, &views::HeadBoard::overviewChanged, overview, &QCheckBox::setChecked);
    connect(m_board, &views::HeadBoard::overviewChanged, boardScroll, fitBoard);
    boardButtons->addWidget(overview);
    boardButtons->addStretch();
    boardLayout->addLayout(boardButtons);
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
    auto* al = new QLabel(tr("Aggrega&te head:"));
    al->setBuddy(m_aggregateHead);
    for (QLineEdit* e : {m_gatherHead, m_aggregateHead}) {
        e->setMaximumWidth(110);
        e->setToolTip(tr("A head as L<layer>.H<head>, e.g. L17.H24; double-click a head on the board to show it"));
    }
    headsRow->addWidget(gl);
    headsRow->addWidget(m_gatherHead);
    headsRow->addWidget(al);
    headsRow->addWidget(m_aggregateHead);
    headsRow->addStretch();
    mapsLayout->addLayout(headsRow);
    mapsLayout->addWidget(m_compare);  // a line of its own: the maps' column stays narrow enough for docks beside it
    m_mapTabs = new QTabWidget;
    m_mapTabs->addTab(m_pair, tr("Attention"));
    m_mapTabs->addTab(m_diff, tr("Difference (ablated − unablated)"));
    mapsLayout->addWidget(m_mapTabs, 1);
    connect(m_gatherHead, &QLineEdit::editingFinished, this, &MainWindow::applyHeadFields);
    connect(m_aggregateHead, &QLineEdit::editingFinished, this, &MainWindow::applyHeadFields);
    connect(m_compare, &QCheckBox::toggled, m_session, &Session::setCompare);

    // The left column: prompt and tokens, the head board, the next-token chart (the user drags the
    // handles); the maps take the rest of the window.
    m_next->setMinimumWidth(240);
    m_next->setMinimumHeight(150);
    auto* top = new QWidget;
    auto* topLayout = new QVBoxLayout(top);
    topLayout->setContentsMargins(0, 0, 0, 0);
    topLayout->addWidget(m_prompt, 1);
    // The token strip wraps to as many lines as the prompt needs; in its own scroll area it takes
    // what the splitter gives (at least two lines) instead of pushing into the prompt editor.
    auto* tokensScroll = new QScrollArea;
    scrollVertically(tokensScroll, m_tokens);
    tokensScroll->setMinimumHeight(2 * fontMetrics().height() + 16);
    topLayout->addWidget(tokensScroll);  // what its lines need: the prompt gets the rest
    auto* left = new QSplitter(Qt::Vertical);
    left->addWidget(top);
    left->addWidget(boardBox);
    left->addWidget(m_next);
    // The prompt keeps about what it asks for; the chart gets the most of the rest (every candidate
    // row of the demos at 1600x1000), the board what its cells need.
    left->setStretchFactor(0, 1);
    left->setStretchFactor(1, 2);
    left->setStretchFactor(2, 6);
    left->setChildrenCollapsible(false);  // a squeezed pane would draw over its neighbours
    mapsBox->setMinimumHeight(300);
    // The maps never reach below the fold: they are as high as the visible area (beside the left
    // column, which scrolls when the window is low), with a stretch under them.
    auto* mapsHolder = new QWidget;
    auto* holderLayout = new QVBoxLayout(mapsHolder);
    holderLayout->setContentsMargins(0, 0, 0, 0);
    holderLayout->addWidget(mapsBox, 1);
    holderLayout->addStretch(0);
    // Side by side (maps two thirds of the width) where the window leaves room; stacked, with a
    // vertical scroll bar, in a narrow window or beside wide docks (a 1024-pixel window with the Model
    // dock): the prompt, then the maps filling the visible height, then the board and the chart. Side by
    // side needs the left column (about 330 px) and two maps of about 280 px each (labels, colour scale and
    // 120 px of cells: a 271 px map had a plot of 113 px); stacked below 936 px (the dead band), so that a
    // 1024-pixel window beside the Model dock at its natural 120 px (a first start, no saved window state)
    // stacks too. Never a horizontal scroll bar.
    auto* columns = new views::AdaptiveSplitter(960);
    columns->setObjectName(QStringLiteral("mainColumns"));
    columns->addWidget(left);
    columns->addWidget(mapsHolder);
    columns->setStretchFactor(0, 1);
    columns->setStretchFactor(1, 2);
    columns->setContentsMargins(6, 6, 6, 6);
    auto* scroll = new ResizeNotifying<QScrollArea>;  // tells fitMaps when its visible height changes
    scroll->setObjectName(QStringLiteral("centralScroll"));
    scrollVertically(scroll, columns);
    auto topHeight = [top] { return top->minimumSizeHint().height(); };
    auto mapsHeight = [scroll, mapsBox, topHeight, columns](bool stacked) {
        const int visible = scroll->viewport()->height() - 12;
        return std::max(mapsBox->minimumHeight(), stacked ? visible - topHeight() - columns->handleWidth() : visible);
    };
    columns->setStackedSizes([=](int length) {
        if (columns->count() != 3) return QList<int>{};
        const int maps = mapsHeight(true);
        return QList<int>{topHeight(), maps, std::max(left->minimumSizeHint().height(), length - topHeight() - maps)};
    });
    auto fitMaps = [=] {
        const bool stacked = columns->orientation() == Qt::Vertical;
        mapsBox->setMaximumHeight(mapsHeight(stacked));
        columns->setStackedMinimumHeight(topHeight() + mapsHeight(true) + left->minimumSizeHint().height() +
                                         2 * columns->handleWidth() + 12);
    };
    // Stacked, the left column's board and chart are laid out in other heights; side by side again, the
    // column gets its panes' heights of before back (the user's, or the board's and chart's shares), not
    // the stacked ones with the prompt taking all the height the window gained.
    auto sideBySideSizes = std::make_shared<QList<int>>();
    connect(columns, &views::AdaptiveSplitter::orientationChanged, this, [=](Qt::Orientation o) {
        if (o == Qt::Vertical) {
            *sideBySideSizes = left->sizes();
            columns->insertWidget(0, top);
            columns->insertWidget(1, mapsHolder);
        } else {
            left->insertWidget(0, top);
            columns->insertWidget(0, left);
            // (zeros where it was never laid out side by side: QSplitter lays it out afresh)
            if (sideBySideSizes->size() == left->count()) left->setSizes(*sideBySideSizes);
        }
        fitMaps();
    });
    scroll->resized = fitMaps;
    // A pane's minimum grown (the board's legend wrapped to another line): the stacked minimum follows.
    connect(columns, &views::AdaptiveSplitter::minimumHeightChanged, scroll, fitMaps);
    // Docks opened beside it leave the central area at least the stacked columns' width.
    auto keepWidth = [scroll](int w) { scroll->setMinimumWidth(w + scroll->verticalScrollBar()->sizeHint().width()); };
    keepWidth(columns->minimumSizeHint().width());
    connect(columns, &views::AdaptiveSplitter::minimumWidthChanged, scroll, keepWidth);
    setCentralWidget(scroll);

    m_info = new ModelInfoPanel;
    auto* dock = new QDockWidget(tr("Model"), this);
    dock->setObjectName(QStringLiteral("modelDock"));
    auto* infoScroll = new QScrollArea;  // a low dock scrolls instead of squeezing the rows together
    scrollVertically(infoScroll, m_info);
    dock->setWidget(infoScroll);
    addDockWidget(Qt::LeftDockWidgetArea, dock);
    // Without a saved window state (a first start) the column has one width in every language, a little wider
    // than its texts need in any: at their natural width it was 120 px in English and 132 in German, so that
    // a window switched to German kept the English width (a window opened in German did not). A saved state
    // (restoreState, also after a language switch) overrides it.
    resizeDocks({dock}, {150}, Qt::Horizontal);
    // Shown beside a dock that covers the window or a right dock in a small one: fitDocks makes it a tab.
    connect(dock, &QDockWidget::visibilityChanged, this, [this](bool shown) {
        if (shown) QTimer::singleShot(0, this, &MainWindow::fitDocks);
    });

    m_progress = new QProgressBar;
    m_progress->setRange(0, 0);
    m_progress->setMaximumWidth(160);
    m_progress->setVisible(false);
    // Shown only while a load or a run is in flight (a panel's experiment has its own Cancel beside it).
    m_cancelButton = new QPushButton(tr("Cancel"));
    m_cancelButton->setToolTip(tr("Stop the run or the load (Esc)"));
    m_cancelButton->setVisible(m_session->isCancellable());
    m_cancelButton->setEnabled(m_session->isCancellable());
    m_status = new QLabel;
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);  // a long message never widens the window
    statusBar()->addWidget(m_status, 1);
#ifdef GNA_HAVE_REMOTE
    statusBar()->addPermanentWidget(m_server->makeStatusLabel());
#endif
    statusBar()->addPermanentWidget(m_progress);
    statusBar()->addPermanentWidget(m_cancelButton);
    connect(m_cancelButton, &QPushButton::clicked, m_session, &Session::cancel);

    // Wiring: views -> session.
    connect(m_prompt, &PromptEditor::promptChanged, m_session, &Session::setPrompt);
    connect(m_prompt, &PromptEditor::candidatesChanged, m_session, &Session::setCandidates);
    connect(m_prompt, &PromptEditor::runRequested, m_session, &Session::requestRun);
    // The board has a cell per head of either kind: its ablated heads are the plan.
    connect(m_board, &views::HeadBoard::planChanged, m_session, &Session::setAblatedHeads);
    connect(m_board, &views::HeadBoard::headActivated, this, [this](int layer, int head) {
        m_gatherHead->setText(m_board->model()->cell(layer, head).name());
        applyHeadFields();
    });
    connect(m_tokens, &views::TokenStrip::tokenClicked, m_session, &Session::setSelectedToken);
    connect(m_scoreMode, &QComboBox::currentIndexChanged, this, [this](int i) {
        // Items 0-3 are ScoreMode's first four values; 4 is the ranking result; 5 and 6 the line scores;
        // 7 and 8 the token-pattern scores.
        const bool importance = i == 4;
        m_session->setScoreMode(importance   ? ScoreMode::None
                                    : i == 5 ? ScoreMode::LineGather
                                    : i == 6 ? ScoreMode::LineAggregate
                                    : i == 7 ? ScoreMode::DuplicateToken
                                    : i == 8 ? ScoreMode::Induction
                                             : static_cast<ScoreMode>(i));
        if (importance && !showBoardRanking()) showCardImportance();  // no ranking yet: the card's, or how to get one
    });
    m_session->setScoreMode(ScoreMode::LastRowEntropy);
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
    m_diff->setMaps({}, {});
    m_board->model()->clearScores();
}

void MainWindow::onModelLoaded() {
    const gna::ModelInfo* info = m_session->modelInfo();
    clearRunViews();
    showModelState();
    m_info->setInfo(info);
#ifdef GNA_HAVE_REMOTE
    m_server->showWhereModelRuns(m_info);
#endif
    m_experiments->setModelDir(m_session->modelPath());  // closes the results of another model
    // The board's importance is the previous model's unless a ranking of this model is still open.
    const QList<ExperimentPanel*> panels = m_experiments->panels();
    if (std::none_of(panels.begin(), panels.end(), [](const ExperimentPanel* p) {
            return p->hasResult() && (p->result().aggregates.ranking || p->result().aggregates.attribution);
        }))
        m_ranking = {};
    m_experiments->setModelContext(info->max_positions);
    m_experiments->setModelInfo(*info);
    {
        const auto heads = tour::defaultGatherAggregate(*info, m_session->modelPath(), /*ssmHeads=*/false);
        m_experiments->setDefaultHeads(heads ? heads->gather.name() : QString(),
                                       heads ? heads->aggregate.name() : QString());
        bool attention = false, ssm = false;
        for (const gna::LayerInfo& l : info->layers) {
            attention = attention || l.attention_heads > 0;
            ssm = ssm || l.ssm_heads > 0;
        }
        if (const auto any = tour::defaultGatherAggregate(*info, m_session->modelPath(), /*ssmHeads=*/true))
            m_experiments->setModelHeads(any->gather.name(), any->aggregate.name(), attention, ssm);
    }
    m_maskPanel->reload();
    m_prompt->setMmluSample(tour::demoMmluPrompt(m_session->modelPath()));
    if (m_session->modelServer().isEmpty()) {  // a server's path is no folder of this computer
        m_settings.addRecentModel(m_session->modelPath());
        updateRecentMenu();
    }
    setBoardShape();
    if (m_scoreMode->currentIndex() == 4 && m_ranking.isEmpty()) showCardImportance();
    // The model's own heads: those its card names (the bundled demos), else heads it has. A workspace
    // being opened sets its own; a field naming a head this model lacks falls back to the default too.
    if (const auto heads = tour::defaultGatherAggregate(*info, m_session->modelPath(), /*ssmHeads=*/true))
        for (QLineEdit* e : {m_gatherHead, m_aggregateHead}) {
            views::HeadCell c;
            if (!m_pendingWorkspace || !parseHeadName(e->text(), &c) || !headExists(*info, c))
                e->setText((e == m_gatherHead ? heads->gather : heads->aggregate).name());
        }
    applyHeadFields();
    if (m_pendingWorkspace && m_pendingWorkspace->modelPath == m_session->modelPath())
        applyWorkspaceHeads(*m_pendingWorkspace);
    if (!m_pendingWorkspace) m_saved.fresh(workspace());  // a model just opened: nothing to save yet
    m_pendingWorkspace.reset();
    if (m_autosave.isActive()) autosave();  // a crash from now on offers this model back, not the last one
    int attention = 0, ssm = 0;
    for (const gna::LayerInfo& l : info->layers) {
        attention = std::max(attention, l.attention_heads);
        ssm = std::max(ssm, l.ssm_heads);
    }
    const QString arch = QString::fromStdString(info->architecture);
    if (attention > 0 && ssm > 0)
        m_status->setText(tr("Loaded %1: %2 layers, up to %3 attention heads (H) and %4 SSM heads (S) per layer")
                              .arg(arch)
                              .arg(info->num_layers)
                              .arg(attention)
                              .arg(ssm));
    else if (ssm > 0)
        m_status->setText(tr("Loaded %1: %2 layers × %3 SSM heads").arg(arch).arg(info->num_layers).arg(ssm));
    else
        m_status->setText(tr("Loaded %1: %2 layers × %3 heads").arg(arch).arg(info->num_layers).arg(info->num_heads));
    setWindowTitle(tr("G&A Studio — %1").arg(QFileInfo(m_session->modelPath()).fileName()));
    // The KV prompts end where this model answers (its tokenizer decides, on the model's worker): the first
    // prompt, when there is none, is set and run once that is known.
    const bool firstPrompt = m_prompt->prompt().isEmpty();
    auto ending = std::make_shared<QString>();
    m_session->runOnModel(
        [ending](gna::Model& m) {
            try {
                const std::string plain = PromptEditor::plainKvPrompt().toStdString();
                *ending = QString::fromStdString(
                    gna::prompt_ending_at_answer(m.tokenizer(), plain, "88").substr(plain.size()));
            } catch (const std::exception& e) {
                logSkipped(QStringLiteral("the KV prompts' ending (they end \"... is\")"), e);  // an id-only tokenizer
            }
        },
        [this, ending, firstPrompt] {
            m_prompt->setAnswerEnding(*ending);
            if (firstPrompt && m_prompt->prompt().isEmpty()) {
                const bool clean = !hasUnsavedChanges();
                m_prompt->setCandidates(PromptEditor::firstCandidates());
                m_prompt->setPrompt(m_prompt->firstPrompt());
                if (clean) m_saved.fresh(workspace());  // the model's first prompt is no change of the user's
            }
        });
    if (!firstPrompt) m_session->requestRun();
}

void MainWindow::setShownHeads(const views::HeadCells& heads) {
    if (!heads.isEmpty()) m_gatherHead->setText(heads.value(0).name());
    if (heads.size() > 1) m_aggregateHead->setText(heads.value(1).name());
    applyHeadFields();
}

void MainWindow::setPinnedCandidate(const QString& label) { m_pinnedCandidate = label; }

void MainWindow::showError(const QString& title, const QString& message) {
    m_lastError = message;
    // The same failure again (each keystroke of a too-long prompt reruns): the open dialog says it already.
    if (m_errorBox && m_errorBox->isVisible() && m_errorBox->windowTitle() == title && m_errorBox->text() == message)
        return;
    auto* box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_errorBox = box;
    box->open();  // window-modal, non-blocking: the window stays usable
}

void MainWindow::onBusy(bool busy) {
    m_progress->setVisible(busy);
    if (!busy) {  // back to the runs' indeterminate bar
        m_progress->setRange(0, 0);
        m_progress->setTextVisible(false);
    }
}

void MainWindow::showModelState() {
    const bool model = m_session->hasModel();
    for (QWidget* w : std::initializer_list<QWidget*>{m_prompt->runButton(), m_invert, m_restore, m_compare})
        w->setEnabled(model);
    for (QAction* a : std::as_const(m_modelActions)) a->setEnabled(model);
    m_pair->setEmptyMessage(model ? tr("Type a prompt to see the attention maps") : m_noModelMessage);
    m_diff->setEmptyMessage(model ? tr("Tick “Compare with the unablated run” to see what the ablation changes")
                                  : m_noModelMessage);
    m_next->setEmptyMessage(model ? tr("Type a prompt to see the next-token probabilities") : m_noModelMessage);
    m_board->setEmptyMessage(m_noModelMessage);  // drawn only while the board has no heads
    m_maskPanel->setNoModelMessage(m_noModelMessage);
    if (auto* kv = qobject_cast<KvMapPanel*>(m_kvMapDock->widget())) kv->setNoModelMessage(m_noModelMessage);
}

void MainWindow::restoreAllHeads() { m_board->clearAblations(); }  // undoable

void MainWindow::setHeatmapPalette(int index) {
    m_paletteIndex = index;
    m_board->setColorPalette(views::paletteFromIndex(index));
    m_pair->setColorPalette(views::paletteFromIndex(index));
    m_diff->setColorPalette(views::paletteFromIndex(index));
}

bool MainWindow::compareMode() const { return m_compare->isChecked(); }

void MainWindow::closeEvent(QCloseEvent* event) {
    if (!m_closeConfirmed && hasUnsavedChanges()) {
        event->ignore();
        askToSaveBeforeClosing();
        return;
    }
    autosave();
    m_settings.setLastCleanExit(QDateTime::currentDateTime());
    m_settings.setWindowGeometry(saveGeometry());
    m_settings.setWindowState(saveState());
    m_session->cancel();
    QMainWindow::closeEvent(event);
}

void MainWindow::resizeEvent(QResizeEvent* event) {
    QMainWindow::resizeEvent(event);
    fitDocks();
}

}  // namespace gna::studio
