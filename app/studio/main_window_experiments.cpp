// MainWindow: the experiment dock and the G&A mask editor, and what their results do to the
// window (head importance on the board, a NIAH prompt opened from the retrieval map).
#include <QDockWidget>
#include <QLineEdit>
#include <QComboBox>
#include <QLabel>
#include <memory>

#include "experiment_dock.h"
#include "experiment_results.h"
#include "gna/tasks.h"
#include "head_board.h"
#include "main_window.h"
#include "mask_panel.h"
#include "prompt_editor.h"

namespace gna::studio {

void MainWindow::buildExperimentDocks() {
    m_experiments = new ExperimentDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, m_experiments);
    m_experiments->hide();
    connect(m_experiments, &ExperimentDock::headImportanceReady, this, &MainWindow::showImportance);
    connect(m_experiments, &ExperimentDock::niahPromptRequested, this, &MainWindow::openNiahPrompt);
    m_maskPanel = new MaskPanel(m_session);
    m_maskDock = new QDockWidget(tr("G&A mask editor"), this);  // a dock's title bar shows '&' as it is
    m_maskDock->toggleViewAction()->setText(tr("G&&A mask editor"));  // its menu item reads '&' as a mnemonic
    m_maskDock->setObjectName(QStringLiteral("maskDock"));
    m_maskDock->setWidget(m_maskPanel);
    addDockWidget(Qt::RightDockWidgetArea, m_maskDock);
    m_maskDock->hide();
}

void MainWindow::showImportance(const gna::Json& result) {
    const gna::ModelInfo* info = m_session->modelInfo();
    int layers = info ? info->num_layers : 0, heads = info ? info->num_heads : 0;
    if (!info && result.contains("model")) {
        layers = result["model"].value("layers", 0);
        heads = result["model"].value("heads", 0);
    }
    if (layers <= 0 || heads <= 0) return;
    if (info && boardIsSsm()) setBoardShowsSsm(false);  // the ranking's importance is of attention heads
    if (m_board->model()->layers() != layers || m_board->model()->heads() != heads) m_board->setShape(layers, heads);
    m_importance = headImportance(result, layers, heads);
    if (m_scoreMode->currentIndex() != 4) m_scoreMode->setCurrentIndex(4);
    else m_board->setScores(m_importance, tr("importance (baseline − ablated)"));
    m_status->setText(tr("Head board coloured by importance from the head ranking"));
}

void MainWindow::openNiahPrompt(const gna::Json& result, const gna::Json& sample) {
    if (!m_session->hasModel()) return showError(tr("No model is open"), tr("Open the model of this result to see the prompt's attention."));
    if (result.contains("model") && result["model"].value("config_hash", std::string()) != m_session->modelInfo()->config_hash)
        m_status->setText(tr("Note: this result was computed with another model than the open one"));
    gna::NiahOptions o;
    gna::Json t = result["spec"].value("task", gna::Json::object());
    if (result["spec"].contains("tasks"))
        for (const auto& x : result["spec"]["tasks"])
            if (x.value("name", std::string()) == "niah") t = x;
    o.lengths = {sample.value("length", 0)};
    o.depths = {sample.value("depth", 0.0)};
    o.haystack = t.value("haystack", std::string());
    try {
        if (t.contains("needle_file")) o.needle = gna::load_needle_spec(t["needle_file"].get<std::string>());
    } catch (const std::exception& e) {
        return showError(tr("Could not rebuild the prompt"), QString::fromUtf8(e.what()));
    }
    if (o.needle.rules.empty()) o.needle.rules = gna::needle_table_2_1();
    o.instruct = t.value("instruct", false);
    o.just_read_twice = t.value("just_read_twice", false);
    o.buffer = t.value("buffer", 200);
    o.generate = t.value("generate", 40);
    o.depth_from_end = t.value("depth_from_end", false);
    auto text = std::make_shared<QString>();
    auto error = std::make_shared<QString>();
    m_session->runOnModel(
        [o, text, error](gna::Model& m) {
            try {
                const auto prompts = gna::make_niah_prompts(m.tokenizer(), o, m.info().max_positions);
                if (!prompts.empty()) *text = QString::fromStdString(m.tokenizer().decode(prompts.front().tokens, true));
            } catch (const std::exception& e) {
                *error = QString::fromUtf8(e.what());
            }
        },
        [this, text, error, id = QString::fromStdString(sample.value("id", std::string()))] {
            if (!error->isEmpty()) return showError(tr("Could not rebuild the prompt"), *error);
            m_prompt->setCandidates({});
            m_prompt->setPrompt(*text);
            m_status->setText(tr("Opened the prompt %1").arg(id));
        });
}

}  // namespace gna::studio
