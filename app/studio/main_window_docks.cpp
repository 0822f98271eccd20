// MainWindow: how the docks share a window with the main view. In a small window a right dock (the tour,
// the mask editor) takes at most 30% of the width with the Model dock as a tab beside it, and a bottom
// dock (the experiments, the KV-retrieval map) takes the whole window; in a larger one a bottom dock
// leaves the main view 45% of the height and gets up to the rest when its content asks for it (the
// experiment's whole form). A covering dock has the Model dock as a tab beside it; in a small window the
// Model dock's column takes at most 30% of the width. A mask editor collapsed to its line (a model without
// attention heads) gives the main view its width.
#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QTimer>
#include <algorithm>

#include "guided_tour.h"
#include "main_window.h"
#include "mask_panel.h"

namespace gna::studio {

bool MainWindow::roomy() const { return width() >= kRoomyWidth && height() >= kRoomyHeight; }

QDockWidget* MainWindow::coveringDock() const {
    // Below 1280x860 a main view beside a bottom dock would keep its attention maps as thumbnails: the
    // docked Experiments or KV-map dock takes the whole window instead, and hiding it (its close button,
    // its View menu item or key) shows the main view again; the dock keeps its state and running work.
    if (roomy()) return nullptr;
    for (QDockWidget* d : m_bottomDocks)
        if (d->toggleViewAction()->isChecked() && !d->isFloating() && dockWidgetArea(d) == Qt::BottomDockWidgetArea)
            return d;
    return nullptr;
}

void MainWindow::fitDocks() {
    if (!centralWidget()) return;  // a language switch rebuilds it
    QDockWidget* cover = coveringDock();
    auto* model = findChild<QDockWidget*>(QStringLiteral("modelDock"));
    const bool uncovered = !cover && centralWidget()->isHidden();
    if (uncovered && m_modelDockCovered && model && !model->isFloating()) addDockWidget(Qt::LeftDockWidgetArea, model);
    if (uncovered) m_modelDockCovered = false;
    if (centralWidget()->isHidden() != (cover != nullptr)) {
        if (cover) {
            // The side docks (the Model dock) get their widths back with the main view.
            m_sideDockWidths.clear();
            for (QDockWidget* d : findChildren<QDockWidget*>())
                if (d->isVisible() && !d->isFloating() &&
                    (dockWidgetArea(d) & (Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea)))
                    m_sideDockWidths.append({d, d->width()});
            m_statusBeforeCover = m_status->text();
        }
        centralWidget()->setVisible(!cover);
        if (cover) {
            // the left and right docks keep their minimum height, the covering dock takes the rest
            QTimer::singleShot(0, cover, [this, cover] {
                resizeDocks({cover}, {height()}, Qt::Vertical);
            });  // laid out without the main view
            m_coverStatus = tr("“%1” takes the whole window; %2 or its close button shows the main view again")
                                .arg(cover->windowTitle(),
                                     cover->toggleViewAction()->shortcut().toString(QKeySequence::NativeText));
            m_status->setText(m_coverStatus);
        } else {
            QList<QDockWidget*> side;
            QList<int> widths;
            for (const auto& [d, w] : std::as_const(m_sideDockWidths))
                if (d && d->toggleViewAction()->isChecked() && !d->isFloating()) {
                    side << d;
                    widths << w;
                }
            if (!side.isEmpty()) resizeDocks(side, widths, Qt::Horizontal);
            if (m_status->text() == m_coverStatus) m_status->setText(m_statusBeforeCover);  // unless news came since
        }
    }
    // The Model dock in its column above a covering dock would take the height of its minimum from it (a
    // scrolled strip over the experiment form): it becomes a tab beside the covering dock instead, and goes
    // back to its column with the main view.
    if (cover && model && model->toggleViewAction()->isChecked() && !model->isFloating() &&
        dockWidgetArea(model) == Qt::LeftDockWidgetArea) {
        tabifyDockWidget(cover, model);
        cover->raise();
        m_modelDockCovered = true;
    }
    // A bottom dock in a larger window leaves the main view 45% of the window's height (at most 480 px),
    // and gets up to the rest when its content asks for it (the Experiments dock: its whole form): the
    // dock is made lower or higher once the layout has settled. Not a minimum height of the main view: the
    // window could then not be made smaller than the main view's minimum and the dock together (a
    // 1600x1000 window with the Experiments dock stayed 886 px high when made 1024x640), nor would a
    // bottom dock being shown in a small window cover it before growing the window.
    if (roomy())
        QTimer::singleShot(0, this, [this] {
            if (!roomy() || !centralWidget() || centralWidget()->isHidden()) return;
            const int spare = centralWidget()->height() - std::min(480, height() * 9 / 20);  // < 0: missing
            for (QDockWidget* d : m_bottomDocks) {
                if (!d->isVisible() || d->isFloating() || dockWidgetArea(d) != Qt::BottomDockWidgetArea) continue;
                const int want = spare < 0
                    ? std::max(d->minimumSizeHint().height(), d->height() + spare)
                    : std::max(d->height(), std::min(d->sizeHint().height(), d->height() + spare));
                if (want != d->height()) resizeDocks({d}, {want}, Qt::Vertical);
                return;
            }
        });
    // In a small window a right dock (the tour, the mask editor) takes at most 30% of the width, and the
    // Model dock becomes a tab beside it instead of a column of its own: the maps keep a usable width.
    if (width() >= kRoomyWidth) return;
    QList<QDockWidget*> wide;
    QList<int> widths;
    const QList<QDockWidget*> right = {m_tour, m_maskDock};
    for (QDockWidget* d : right) {
        if (!d->isVisible() || d->isFloating() || dockWidgetArea(d) != Qt::RightDockWidgetArea) continue;
        const bool beside = std::any_of(right.begin(), right.end(),
                                        [&](QDockWidget* r) { return tabifiedDockWidgets(r).contains(model); });
        if (model && model->toggleViewAction()->isChecked() && !model->isFloating() && !beside) {
            tabifyDockWidget(d, model);
            d->raise();
            m_modelDockMoved = true;
        }
        if (d->width() > width() * 3 / 10) {
            wide << d;
            widths << width() * 3 / 10;
        }
    }
    // The Model dock in its column too: shown again after a covering dock, it kept the width it had there.
    if (model && model->isVisible() && !model->isFloating() && dockWidgetArea(model) == Qt::LeftDockWidgetArea &&
        model->width() > width() * 3 / 10) {
        wide << model;
        widths << std::min(width() * 3 / 10, std::max(model->minimumSizeHint().width(), model->sizeHint().width()));
    }
    if (!wide.isEmpty()) resizeDocks(wide, widths, Qt::Horizontal);
}

// A mask editor collapsed to its line (a model without attention heads) gives the main view the width its
// controls had, and takes it back with them; with the Model dock as a tab beside it (a small window), as
// wide as that needs; not while another dock shares its column (the tour).
void MainWindow::fitMaskDock() {
    if (!m_maskDock->isVisible() || m_maskDock->isFloating() || dockWidgetArea(m_maskDock) != Qt::RightDockWidgetArea)
        return;
    int narrow = std::max(m_maskDock->minimumSizeHint().width(), m_maskDock->sizeHint().width());
    const QList<QDockWidget*> tabs = tabifiedDockWidgets(m_maskDock);
    for (QDockWidget* d : findChildren<QDockWidget*>()) {
        if (d == m_maskDock || !d->toggleViewAction()->isChecked() || d->isFloating() ||
            dockWidgetArea(d) != Qt::RightDockWidgetArea)
            continue;
        if (!tabs.contains(d) || d->objectName() != QLatin1String("modelDock")) return;
        narrow = std::max(
            narrow,
            std::min(width() * 3 / 10, std::max(d->minimumSizeHint().width(), d->sizeHint().width())));  // as fitDocks
    }
    if (m_maskPanel->isCollapsed()) {
        if (m_maskDock->width() <= narrow) return;
        if (m_maskDockWidth == 0) m_maskDockWidth = m_maskDock->width();
        resizeDocks({m_maskDock}, {narrow}, Qt::Horizontal);
    } else if (m_maskDockWidth > 0) {
        resizeDocks({m_maskDock}, {m_maskDockWidth}, Qt::Horizontal);
        m_maskDockWidth = 0;
    }
}

}  // namespace gna::studio
