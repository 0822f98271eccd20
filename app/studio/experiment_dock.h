#pragma once
// ExperimentDock: the papers' experiments, one tab per kind (ExperimentPanel), sharing one
// ExperimentRunner (one experiment at a time, on its own worker thread and model copy).
#include <QDockWidget>
#include <QList>

#include "gna/json.h"
#include "ranking_scores.h"

class QTabWidget;

namespace gna::studio {

class ExperimentPanel;
class ExperimentRunner;

class ExperimentDock : public QDockWidget {
    Q_OBJECT
public:
    explicit ExperimentDock(QWidget* parent = nullptr);

    void setModelDir(const QString& dir);
    void setDefaultHeads(const QString& gather, const QString& aggregate);  // each panel's head fields
    ExperimentPanel* panel(const QString& kind) const;
    QList<ExperimentPanel*> panels() const { return m_panels; }
    ExperimentRunner* runner() const { return m_runner; }
    QTabWidget* tabs() const { return m_tabs; }
    void showPanel(const QString& kind);
    // Opens a result.json in the panel of its experiment kind (evaluate: the NIAH panel, which
    // also shows plain accuracy tables); false + error when it is not a valid result file.
    bool openResult(const QString& path, QString* error = nullptr);

Q_SIGNALS:
    void headImportanceReady(const gna::Json& result);
    void rankingProgress(const gna::studio::RankingScores& ranking);  // a running attribution ranking
    void niahPromptRequested(const gna::Json& result, const gna::Json& sample);

private:
    ExperimentRunner* m_runner;
    QTabWidget* m_tabs;
    QList<ExperimentPanel*> m_panels;
};

}  // namespace gna::studio
