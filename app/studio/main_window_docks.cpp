// MainWindow: how the docks share a window with the main view. In a small window a right dock (the tour,
// the mask editor) takes at most 30% of the width with the Model dock as a tab beside it, and a bottom
// dock (the experiments, the KV-retrieval map) takes the whole window; in a larger one a bottom dock
// leaves the main view 45% of the height.
#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QTimer>
#include <algorithm>

#include "guided_tour.h"
#include "main_window.h"

namespace gna::studio {

bool MainWindow::roomy() const { return width() >= kRoomyWidth && height() >= kRoomyHeight; }

QDockWidget* MainWindow::coveringDock() const {
    // Below 1280x860 a main view beside a bottom dock would keep its attention maps as thumbnails: the
    // docked Experiments or KV-map dock takes the whole window instead, and hiding it (its close button,
    // its View menu item or key) shows the main view again; the dock keeps its state and running work.
    if (roomy()) return nullptr;
    for (QDockWidget* d : m_bottomDocks)
        if (d->toggleViewAction()->isChecked() && !d->isFloating() && dockWidgetArea(d) == Qt::BottomDockWidgetArea) return d;
    return nullptr;
}

void MainWindow::fitDocks() {
    if (!centralWidget()) return;  // a language switch rebuilds it
    QDockWidget* cover = coveringDock();
    if (centralWidget()->isHidden() != (cover != nullptr)) {
        if (cover) {
            // The side docks (the Model dock) get their widths back with the main view.
            m_sideDockWidths.clear();
            for (QDockWidget* d : findChildren<QDockWidget*>())
                if (d->isVisible() && !d->isFloating() && (dockWidgetArea(d) & (Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea)))
                    m_sideDockWidths.append({d, d->width()});
            m_statusBeforeCover = m_status->text();
        }
        centralWidget()->setVisible(!cover);
        if (cover) {
            // the left and right docks keep their minimum height, the covering dock takes the rest
            QTimer::singleShot(0, cover, [this, cover] { resizeDocks({cover}, {height()}, Qt::Vertical); });  // laid out without the main view
            m_coverStatus = tr("“%1” takes the whole window; %2 or its close button shows the main view again")
                                .arg(cover->windowTitle(), cover->toggleViewAction()->shortcut().toString(QKeySequence::NativeText));
            m_status->setText(m_coverStatus);
        } else {
            QList<QDockWidget*> side;
            QList<int> widths;
            for (const auto& [d, w] : std::as_const(m_sideDockWidths))
                if (d && d->isVisible()) {
                    side << d;
                    widths << w;
                }
            if (!side.isEmpty()) resizeDocks(side, widths, Qt::Horizontal);
            if (m_status->text() == m_coverStatus) m_status->setText(m_statusBeforeCover);  // unless news came since
        }
    }
    // A bottom dock in a larger window leaves the main view 45% of the window's height (at most 480 px):
    // the dock is made lower once the layout has settled. Not a minimum height of the main view: the
    // window could then not be made smaller than the main view's minimum and the dock together (a
    // 1600x1000 window with the Experiments dock stayed 886 px high when made 1024x640), nor would a
    // bottom dock being shown in a small window cover it before growing the window.
    if (roomy())
        QTimer::singleShot(0, this, [this] {
            if (!roomy() || !centralWidget() || centralWidget()->isHidden()) return;
            const int missing = std::min(480, height() * 9 / 20) - centralWidget()->height();
            for (QDockWidget* d : m_bottomDocks)
                if (missing > 0 && d->isVisible() && !d->isFloating() && dockWidgetArea(d) == Qt::BottomDockWidgetArea)
                    return resizeDocks({d}, {std::max(d->minimumSizeHint().height(), d->height() - missing)}, Qt::Vertical);
        });
    // In a small window a right dock (the tour, the mask editor) takes at most 30% of the width, and the
    // Model dock becomes a tab beside it instead of a column of its own: the maps keep a usable width.
    if (width() >= kRoomyWidth) return;
    auto* model = findChild<QDockWidget*>(QStringLiteral("modelDock"));
    QList<QDockWidget*> wide;
    QList<int> widths;
    const QList<QDockWidget*> right = {m_tour, m_maskDock};
    for (QDockWidget* d : right) {
        if (!d->isVisible() || d->isFloating() || dockWidgetArea(d) != Qt::RightDockWidgetArea) continue;
        const bool beside = std::any_of(right.begin(), right.end(), [&](QDockWidget* r) { return tabifiedDockWidgets(r).contains(model); });
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
    if (!wide.isEmpty()) resizeDocks(wide, widths, Qt::Horizontal);
}

}  // namespace gna::studio
