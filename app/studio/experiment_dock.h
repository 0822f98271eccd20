#pragma once
// ExperimentDock: the papers' experiments, one tab per kind (ExperimentPanel), sharing one
// ExperimentRunner (one experiment at a time, on its own worker thread, on the session's model). When the
// tab titles do not fit the dock's width (a narrow window, a long language), a list of the
// experiments replaces the tab bar, so that no title is cut; each panel keeps its Run row in sight.
#include <QDockWidget>
#include <QList>

#include "gna/experiment_result.h"
#include "gna/json.h"
#include "ranking_scores.h"

class QComboBox;
class QLabel;
class QTabWidget;

namespace gna {
struct ModelInfo;
}

namespace gna::studio {

class ExperimentPanel;
class ExperimentRunner;

class ExperimentDock : public QDockWidget {
    Q_OBJECT
public:
    explicit ExperimentDock(QWidget* parent = nullptr);

    void setModelDir(const QString& dir);
    void setDefaultHeads(const QString& gather, const QString& aggregate);  // each panel's head fields
    void setModelHeads(const QString& first, const QString& second, bool attention,
                       bool ssm);  // ExperimentPanel::setModelHeads
    void setModelContext(int maxPositions);  // ExperimentPanel::setModelContext
    void setModelInfo(const gna::ModelInfo& info);  // ExperimentPanel::setModelInfo
    ExperimentPanel* panel(const QString& kind) const;
    QList<ExperimentPanel*> panels() const { return m_panels; }
    ExperimentRunner* runner() const { return m_runner; }
    QTabWidget* tabs() const { return m_tabs; }
    // The list that replaces the tab bar when the titles do not fit (hidden otherwise).
    QComboBox* chooser() const { return m_chooser; }
    void showPanel(const QString& kind);
    // Opens a result.json in the panel of its experiment kind (evaluate: the NIAH panel, which
    // also shows plain accuracy tables); false + error when it is not a valid result file.
    bool openResult(const QString& path, QString* error = nullptr);
    // Opens a spec file in the panel of its kind; false + error when it is not a valid spec.
    bool openSpec(const QString& path, QString* error = nullptr);

Q_SIGNALS:
    void headImportanceReady(const gna::ExperimentResult& result);
    void rankingProgress(const gna::studio::RankingScores& ranking);  // a running attribution ranking
    void niahPromptRequested(const gna::ExperimentResult& result, const gna::SampleOutcome& sample);
    // The height that shows the current experiment's whole form changed (another tab, rows shown or hidden).
    void wholeFormHeightChanged();

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void fitTabs();  // the tab bar when every title fits, else the list
    ExperimentRunner* m_runner;
    QTabWidget* m_tabs;
    QComboBox* m_chooser = nullptr;
    QWidget* m_chooserRow = nullptr;
    QList<ExperimentPanel*> m_panels;
};

}  // namespace gna::studio
