#include "experiment_dock.h"

#include <QScrollArea>

#include <QDir>
#include <QStandardPaths>
#include <QTabWidget>

#include "experiment_panel.h"
#include "experiment_results.h"
#include "experiment_runner.h"
#include "gna/experiments.h"

namespace gna::studio {

ExperimentDock::ExperimentDock(QWidget* parent)
    : QDockWidget(tr("Experiments"), parent), m_runner(new ExperimentRunner(this)), m_tabs(new QTabWidget) {
    setObjectName(QStringLiteral("experimentDock"));
    const QString base = QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("experiments"));
    for (const char* kind : {"head_ranking", "cumulative_removal", "layer_pruning", "sparsification", "niah", "manipulation_grid",
                             "gna_masks", "memory_table"}) {
        auto* p = new ExperimentPanel(QString::fromLatin1(kind), m_runner);
        p->setObjectName(QStringLiteral("experiment_") + QString::fromLatin1(kind));
        p->setOutputDir(base);
        m_tabs->addTab(p, p->title());
        m_panels << p;
        connect(p, &ExperimentPanel::headImportanceReady, this, &ExperimentDock::headImportanceReady);
        connect(p, &ExperimentPanel::rankingProgress, this, &ExperimentDock::rankingProgress);
        connect(p, &ExperimentPanel::niahPromptRequested, this, &ExperimentDock::niahPromptRequested);
    }
    // Scroll arrows rather than a tab bar as wide as all the titles: the dock must not widen the window.
    m_tabs->setUsesScrollButtons(true);
    // In a low window the panels scroll (a vertical scroll bar says so) instead of making it taller.
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_tabs);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(m_tabs->minimumSizeHint().width());
    setWidget(scroll);
    // A finished head ranking becomes the ranking of the cumulative removal curve.
    connect(panel(QStringLiteral("head_ranking")), &ExperimentPanel::resultFileWritten, this, [this](const QString& path) {
        ExperimentPanel* removal = panel(QStringLiteral("cumulative_removal"));
        if (removal->ranking().trimmed().isEmpty()) removal->setRanking(path);
    });
}

void ExperimentDock::setModelDir(const QString& dir) {
    for (ExperimentPanel* p : m_panels) p->setModelDir(dir);
}

void ExperimentDock::setDefaultHeads(const QString& gather, const QString& aggregate) {
    for (ExperimentPanel* p : m_panels) p->setDefaultHeads(gather, aggregate);
}

ExperimentPanel* ExperimentDock::panel(const QString& kind) const {
    for (ExperimentPanel* p : m_panels)
        if (p->kind() == kind) return p;
    return nullptr;
}

bool ExperimentDock::openResult(const QString& path, QString* error) {
    gna::Json result;
    try {
        result = gna::read_experiment_result(path.toStdString());
    } catch (const std::exception& e) {
        if (error) *error = QString::fromUtf8(e.what());
        return false;
    }
    QString kind = experimentKind(result);
    if (!panel(kind)) kind = QStringLiteral("niah");
    showPanel(kind);
    return panel(kind)->openResultFile(path, error);
}

void ExperimentDock::showPanel(const QString& kind) {
    if (ExperimentPanel* p = panel(kind)) m_tabs->setCurrentWidget(p);
    show();
    raise();
}

}  // namespace gna::studio
