// MainWindow: the experiment dock, the G&A mask editor and the KV-retrieval map, and what their results do to the
// window (head importance on the board, a NIAH prompt opened from the retrieval map); the board's shape.
#include <QAction>
#include <QDockWidget>
#include <QTimer>
#include <algorithm>
#include <QLineEdit>
#include <QComboBox>
#include <QLabel>
#include <QTabWidget>
#include <algorithm>
#include <cmath>
#include <memory>

#include "core_errors.h"
#include "experiment_dock.h"
#include "experiment_panel.h"
#include "experiment_results.h"
#include "experiment_runner.h"
#include "gna/experiment_spec.h"
#include "gna/tasks.h"
#include "head_board.h"
#include "kv_map_panel.h"
#include "main_window.h"
#include "mask_panel.h"
#include "prompt_editor.h"
#include "ranking_scores.h"
#include "tour_steps.h"

namespace gna::studio {

void MainWindow::buildExperimentDocks() {
    m_experiments = new ExperimentDock(this);
    m_experiments->runner()->setSession(m_session);  // experiments run on the session's one model
    addDockWidget(Qt::BottomDockWidgetArea, m_experiments);
    m_experiments->hide();
    connect(m_experiments, &ExperimentDock::headImportanceReady, this, &MainWindow::showImportance);
    connect(m_experiments, &ExperimentDock::rankingProgress, this, &MainWindow::showRanking);
    connect(m_experiments, &ExperimentDock::niahPromptRequested, this, &MainWindow::openNiahPrompt);
    // A larger form (another tab, a method with more rows): the dock grows to show it where there is room.
    connect(m_experiments, &ExperimentDock::wholeFormHeightChanged, this,
            [this] { QTimer::singleShot(0, this, &MainWindow::fitDocks); });
    m_maskPanel = new MaskPanel(m_session);
    // One '&' shown: the title is also the dock's tab text and View menu item (the style's title bar agrees).
    m_maskDock = new QDockWidget(tr("G&&A mask editor"), this);
    m_maskDock->setObjectName(QStringLiteral("maskDock"));
    m_maskDock->setWidget(m_maskPanel);
    addDockWidget(Qt::RightDockWidgetArea, m_maskDock);
    m_maskDock->hide();
    connect(m_maskPanel, &MaskPanel::collapsedChanged, this,
            [this] { QTimer::singleShot(0, this, &MainWindow::fitMaskDock); });
    connect(m_maskDock, &QDockWidget::visibilityChanged, this, [this](bool shown) {
        if (shown) QTimer::singleShot(0, this, &MainWindow::fitMaskDock);
    });
    m_kvMapDock = new QDockWidget(tr("KV-retrieval map"), this);
    m_kvMapDock->setObjectName(QStringLiteral("kvMapDock"));
    m_kvMapDock->setWidget(new KvMapPanel(m_session));
    addDockWidget(Qt::BottomDockWidgetArea, m_kvMapDock);
    m_kvMapDock->hide();
    // In a small window these cover the main view (fitDocks); one key shows the main view again.
    m_experiments->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    m_kvMapDock->toggleViewAction()->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_K));
    m_bottomDocks = {m_experiments, m_kvMapDock};
    for (QDockWidget* d : m_bottomDocks) {
        // after the event: the dock layout is in the middle of showing or hiding the dock
        auto fit = [this] { QTimer::singleShot(0, this, &MainWindow::fitDocks); };
        connect(d, &QDockWidget::visibilityChanged, this, fit);
        connect(d, &QDockWidget::topLevelChanged, this, fit);
        connect(d, &QDockWidget::dockLocationChanged, this, fit);
    }
}

QStringList MainWindow::experimentResultFiles() const {
    QStringList files;
    for (const ExperimentPanel* panel : m_experiments->panels())
        if (!panel->resultPath().isEmpty()) files << panel->resultPath();
    return files;
}

bool MainWindow::openExperimentResults(const QStringList& files, QString* error) {
    QStringList errors;
    for (const QString& file : files) {
        QString e;
        if (!m_experiments->openResult(file, &e)) errors << e;
    }
    if (errors.isEmpty()) return true;
    if (error) *error = errors.join(QLatin1Char('\n'));
    return false;
}

void MainWindow::showImportance(const gna::ExperimentResult& result) {
    const gna::ModelInfo* info = m_session->modelInfo();
    if (!info) {
        // no model open: the board takes the result's shape (attention heads)
        const int layers = result.model.layers, heads = result.model.heads;
        if (layers <= 0 || heads <= 0) return;
        if (m_board->model()->layers() != layers || m_board->model()->heads() != heads)
            m_board->setShape(layers, heads);
    }
    showRanking(rankingScores(result));
}

void MainWindow::showRanking(const RankingScores& ranking) {
    m_ranking = ranking;
    if (m_scoreMode->currentIndex() != 4) m_scoreMode->setCurrentIndex(4);
    showBoardRanking();
    if (ranking.toVerify > 0)
        m_status->setText(tr("Head board: %1 of %2 top heads verified exactly; the others hatched, by attribution "
                             "estimate")
                              .arg(ranking.exact.size())
                              .arg(ranking.toVerify));
    else
        m_status->setText(tr("Head board coloured by importance from the head ranking"));
}

bool MainWindow::showBoardRanking() {
    if (m_ranking.isEmpty()) return false;
    const gna::ModelInfo* info = m_session->modelInfo();
    // Values of heads in the board's columns: each kind of head to its own cells (attention heads, then
    // SSM heads); without a model the board has the result's attention heads.
    auto columns = [&](const QList<HeadValue>& values) {
        const int layers = m_board->model()->layers();
        if (!info) return boardValues(values, layers, m_board->model()->heads(), false);
        const BoardColumns c = boardColumns(*info);
        const std::vector<double> attention = boardValues(values, info->num_layers, c.attention, false);
        const std::vector<double> ssm = boardValues(values, info->num_layers, c.ssm, true);
        const auto width = static_cast<std::size_t>(c.width());
        std::vector<double> out(static_cast<std::size_t>(info->num_layers) * width, std::nan(""));
        for (int l = 0; l < info->num_layers; ++l)
            for (int col = 0; col < c.width(); ++col) {
                const bool isSsm = col >= c.attention;
                const std::vector<double>& from = isSsm ? ssm : attention;
                const std::size_t i =
                    static_cast<std::size_t>(l) * static_cast<std::size_t>(isSsm ? c.ssm : c.attention) +
                    static_cast<std::size_t>(isSsm ? col - c.attention : col);
                if (i < from.size()) out[static_cast<std::size_t>(l) * width + static_cast<std::size_t>(col)] = from[i];
            }
        return out;
    };
    const BoardRanking b = boardRanking(m_ranking);
    m_board->setScores(columns(b.scores), b.scoreLabel, true);  // importance is signed
    if (!b.estimates.isEmpty()) m_board->setEstimates(columns(b.estimates), b.estimateLabel);
    return true;
}

void MainWindow::openNiahPrompt(const gna::ExperimentResult& result, const gna::SampleOutcome& sample) {
    if (!m_session->hasModel())
        return showError(tr("No model is open"), tr("Open the model of this result to see the prompt's attention."));
    if (result.model.config_hash != m_session->modelInfo()->config_hash)
        m_status->setText(tr("Note: this result was computed with another model than the open one"));
    gna::NiahOptions o;
    try {
        const gna::ExperimentSpec spec = gna::parse_experiment_spec(result.spec, "the result's spec");
        const auto t =
            std::find_if(spec.tasks.begin(), spec.tasks.end(), [](const gna::TaskSpec& x) { return x.name == "niah"; });
        if (t != spec.tasks.end()) {
            o = t->niah;
            if (!t->needle_file.empty()) o.needle = gna::load_needle_spec(t->needle_file);
        }
    } catch (const std::exception& e) {
        return showError(tr("Could not rebuild the prompt"), errorText(e));
    }
    o.lengths = {sample.length.value_or(0)};
    o.depths = {sample.depth.value_or(0.0)};
    if (o.needle.rules.empty()) o.needle.rules = gna::needle_table_2_1();
    auto text = std::make_shared<QString>();
    auto error = std::make_shared<QString>();
    m_session->runOnModel(
        [o, text, error](gna::Model& m) {
            try {
                const auto prompts = gna::make_niah_prompts(m.tokenizer(), o, m.info().max_positions);
                if (!prompts.empty())
                    *text = QString::fromStdString(m.tokenizer().decode(prompts.front().tokens, true));
            } catch (const std::exception& e) {
                *error = errorText(e);
            }
        },
        [this, text, error, id = QString::fromStdString(sample.id)] {
            if (!error->isEmpty()) return showError(tr("Could not rebuild the prompt"), *error);
            if (coveringDock() == m_experiments) m_experiments->hide();  // the prompt's maps, in a small window
            m_prompt->setCandidates({});
            m_prompt->setPrompt(*text);
            m_status->setText(tr("Opened the prompt %1").arg(id));
        });
}

void MainWindow::setBoardShape() {
    const gna::ModelInfo* info = m_session->modelInfo();
    if (!info) return;
    const BoardColumns c = boardColumns(*info);
    m_board->setMixedShape(info->num_layers, c.attention, c.ssm, c.rowAttention, c.rowSsm);
    // A board the pane cannot show at the cells' usual size opens as the overview of every head.
    m_board->setOverview(c.width() * views::HeadBoard::minimumCellSize() > 420 ||
                         info->num_layers * views::HeadBoard::minimumCellSize() > 300);
    // An SSM head's map is its hidden attention, not attention weights: the tab says which the model has.
    m_mapTabs->setTabText(0,
                          c.attention > 0 && c.ssm > 0 ? tr("Attention / hidden attention")
                              : c.ssm > 0              ? tr("Hidden attention")
                                                       : tr("Attention"));
    m_board->setAblatedHeads(m_session->ablatedHeads());
    if (m_scoreMode->currentIndex() == 4) showBoardRanking();
}

void MainWindow::showCardImportance() {
    const RankingScores card = tour::cardRanking(m_session->modelPath());
    if (card.isEmpty()) {
        m_status->setText(
            tr("No head ranking yet: run one in the Experiments dock (Head ranking) or open its "
               "result.json, and the board shows each head's importance."));
        return;
    }
    showRanking(card);
    m_status->setText(
        tr("Head board: importance from the model card: the drop in KV-retrieval accuracy when "
           "each head alone is switched off"));
}

}  // namespace gna::studio
