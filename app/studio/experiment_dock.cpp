#include "experiment_dock.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QVBoxLayout>
#include <algorithm>

#include "core_errors.h"
#include "experiment_panel.h"
#include "theme.h"
#include "experiment_results.h"
#include "experiment_runner.h"
#include "gna/experiments.h"

namespace gna::studio {

namespace {

// The dock's content asks for the height that shows the current experiment's whole form, and no more:
// the main window keeps the rest for the heatmaps (MainWindow::fitDocks gives the dock at most what
// leaves the main view its share), and a person who wants a taller dock drags its edge.
class CompactBody : public QWidget {
public:
    explicit CompactBody(const QTabWidget* tabs) : m_tabs(tabs) {}
    QSize sizeHint() const override {
        const auto* p = qobject_cast<const ExperimentPanel*>(m_tabs->currentWidget());
        const int more = p ? std::max(0, p->wholeFormHeight() - p->minimumSizeHint().height()) : 0;
        return {QWidget::sizeHint().width(), minimumSizeHint().height() + more};
    }

private:
    const QTabWidget* m_tabs;
};

}  // namespace

ExperimentDock::ExperimentDock(QWidget* parent)
    : QDockWidget(tr("Experiments"), parent), m_runner(new ExperimentRunner(this)), m_tabs(new QTabWidget) {
    setObjectName(QStringLiteral("experimentDock"));
    const QString base =
        QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("experiments"));
    for (const char* kind : {"head_ranking", "cumulative_removal", "layer_pruning", "sparsification", "niah",
                             "manipulation_grid", "gna_masks", "memory_table"}) {
        auto* p = new ExperimentPanel(QString::fromLatin1(kind), m_runner);
        p->setObjectName(QStringLiteral("experiment_") + QString::fromLatin1(kind));
        p->setOutputDir(base);
        m_tabs->addTab(p, p->title());
        m_panels << p;
        connect(p, &ExperimentPanel::headImportanceReady, this, &ExperimentDock::headImportanceReady);
        connect(p, &ExperimentPanel::rankingProgress, this, &ExperimentDock::rankingProgress);
        connect(p, &ExperimentPanel::niahPromptRequested, this, &ExperimentDock::niahPromptRequested);
        connect(p, &ExperimentPanel::formRowsChanged, this, [this, p] {
            if (m_tabs->currentWidget() == p) Q_EMIT wholeFormHeightChanged();
        });
        connect(p, &ExperimentPanel::fileOfAnotherKind, this, [this, p](const QString& path, bool isResult) {
            QString error;
            if (!(isResult ? openResult(path, &error) : openSpec(path, &error))) p->showError(error);
        });
    }
    // The tab bar must not widen the window: when the titles do not fit, the list replaces it
    // (fitTabs), so no title is ever cut or hidden behind scroll arrows.
    m_tabs->setUsesScrollButtons(true);
    m_chooser = new QComboBox;
    m_chooser->setObjectName(QStringLiteral("experimentChooser"));
    for (ExperimentPanel* p : m_panels) m_chooser->addItem(mnemonicFree(p->title()), p->kind());
    auto* chooserLabel = new QLabel(tr("Exper&iment:"));
    chooserLabel->setBuddy(m_chooser);
    m_chooserRow = new QWidget;
    auto* row = new QHBoxLayout(m_chooserRow);
    row->setContentsMargins(4, 4, 4, 0);
    row->addWidget(chooserLabel);
    row->addWidget(m_chooser);
    row->addStretch(1);
    m_chooserRow->hide();
    auto* body = new CompactBody(m_tabs);
    auto* layout = new QVBoxLayout(body);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(m_chooserRow);
    layout->addWidget(m_tabs, 1);
    setWidget(body);
    connect(m_chooser, &QComboBox::currentIndexChanged, m_tabs, &QTabWidget::setCurrentIndex);
    connect(m_tabs, &QTabWidget::currentChanged, m_chooser, &QComboBox::setCurrentIndex);
    connect(m_tabs, &QTabWidget::currentChanged, this, &ExperimentDock::wholeFormHeightChanged);
    m_tabs->installEventFilter(this);
    // A finished head ranking becomes the ranking of the cumulative removal curve.
    connect(panel(QStringLiteral("head_ranking")), &ExperimentPanel::resultFileWritten, this,
            [this](const QString& path) {
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

void ExperimentDock::setModelHeads(const QString& first, const QString& second, bool attention, bool ssm) {
    for (ExperimentPanel* p : m_panels) p->setModelHeads(first, second, attention, ssm);
}

void ExperimentDock::setModelContext(int maxPositions) {
    for (ExperimentPanel* p : m_panels) p->setModelContext(maxPositions);
}

void ExperimentDock::setModelInfo(const gna::ModelInfo& info) {
    for (ExperimentPanel* p : m_panels) p->setModelInfo(info);
}

ExperimentPanel* ExperimentDock::panel(const QString& kind) const {
    for (ExperimentPanel* p : m_panels)
        if (p->kind() == kind) return p;
    return nullptr;
}

bool ExperimentDock::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_tabs && event->type() == QEvent::Resize) fitTabs();
    return QDockWidget::eventFilter(watched, event);
}

void ExperimentDock::fitTabs() {
    // A few pixels for the style's tab bar inset; the tab widget's width does not depend on the choice.
    const bool fits = m_tabs->tabBar()->sizeHint().width() + 8 <= m_tabs->width();
    m_tabs->tabBar()->setVisible(fits);
    m_chooserRow->setVisible(!fits);
}

bool ExperimentDock::openSpec(const QString& path, QString* error) {
    QString kind;
    try {
        kind = ExperimentPanel::kindOfSpec(gna::load_experiment_spec(path.toStdString()));
    } catch (const std::exception& e) {
        if (error) *error = errorText(e);
        return false;
    }
    if (!panel(kind)) {
        if (error)
            *error = tr("%1: the studio has no tab for this evaluate spec (a needle-in-a-haystack map is evaluate on "
                        "the niah task "
                        "alone); run it with gna experiment.")
                         .arg(QDir::toNativeSeparators(path));
        return false;
    }
    showPanel(kind);
    return panel(kind)->openSpecFile(path, error);
}

bool ExperimentDock::openResult(const QString& path, QString* error) {
    gna::ExperimentResult result;
    try {
        result = gna::read_experiment_result(path.toStdString());
    } catch (const std::exception& e) {
        if (error) *error = errorText(e);
        return false;
    }
    QString kind = ExperimentPanel::kindOfSpec(result.spec);
    if (!panel(kind)) kind = QStringLiteral("niah");  // other evaluate results: their tables
    showPanel(kind);
    return panel(kind)->openResultFile(path, error);
}

void ExperimentDock::showPanel(const QString& kind) {
    if (ExperimentPanel* p = panel(kind)) m_tabs->setCurrentWidget(p);
    show();
    raise();
}

}  // namespace gna::studio
