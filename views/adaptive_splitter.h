#pragma once
// AdaptiveSplitter: a splitter that lays its panes side by side when it is wide enough and stacks
// them when it is not (a narrow window, or docks opened next to it), so that nothing needs a
// horizontal scroll bar. The switch has a small dead band so that a vertical scroll bar appearing
// in a surrounding scroll area cannot make it flip back and forth.
#include <QSplitter>
#include <functional>

namespace gna::views {

class AdaptiveSplitter : public QSplitter {
    Q_OBJECT
public:
    // Side by side from `sideBySideWidth` pixels of width (stacked below that, minus the dead band).
    explicit AdaptiveSplitter(int sideBySideWidth, QWidget* parent = nullptr);
    int sideBySideWidth() const { return m_width; }
    // Minimum height while stacked (the panes' minimum heights summed, at least); side by side the
    // panes' own minimum heights apply.
    void setStackedMinimumHeight(int height);
    // The panes' heights while stacked, from the splitter's length (instead of the stretch factors'
    // shares): a window that keeps its main view in sight above the fold.
    void setStackedSizes(std::function<QList<int>(int length)> sizes);
    // As narrow as the widest pane (stacked); side by side needs sideBySideWidth().
    QSize minimumSizeHint() const override;

Q_SIGNALS:
    void orientationChanged(Qt::Orientation orientation);
    // The panes' minimum width changed (a model with more heads, longer labels): a surrounding
    // scroll area without a horizontal scroll bar keeps at least this width.
    void minimumWidthChanged(int width);
    // The panes' minimum height changed (a legend wrapped to another line): a stacked minimum height
    // set from them (setStackedMinimumHeight) is due again.
    void minimumHeightChanged(int height);

protected:
    void resizeEvent(QResizeEvent* event) override;
    bool event(QEvent* event) override;

private:
    void applyOrientation(Qt::Orientation o);
    void applyShares();  // sizes in proportion to the stretch factors
    int m_width;
    int m_stackedHeight = 0;
    std::function<QList<int>(int)> m_stackedSizes;
    int m_minimumWidth = -1;  // as last announced by minimumWidthChanged
    int m_minimumHeight = -1;  // as last announced by minimumHeightChanged
    bool m_userSized = false;  // the user dragged a handle: the panes keep the user's shares
};

}  // namespace gna::views
