#pragma once
// GatherAggregatePair: a Gather head's and an Aggregate head's attention maps side by side (or their
// differences to the unablated run), optionally on one shared colour range so they compare directly.
#include <QWidget>

#include "attention_heatmap.h"

class QCheckBox;
class QLabel;

namespace gna::views {

class GatherAggregatePair : public QWidget {
    Q_OBJECT
public:
    explicit GatherAggregatePair(QWidget* parent = nullptr);

    void setMaps(const HeatmapData& gather, const HeatmapData& aggregate);
    AttentionHeatmap* gather() const { return m_gather; }
    AttentionHeatmap* aggregate() const { return m_aggregate; }
    void setSharedRange(bool on);
    bool sharedRange() const;
    void setLogScale(bool on);
    bool logScale() const;
    void setColorPalette(Palette palette);
    // What both maps show while they have no data (default: no model loaded).
    void setEmptyMessage(const QString& message);
    // Instead of the maps, one message across the pair (both maps empty, so exports refuse them) until
    // the next setMaps.
    void showMessage(const QString& message);
    QString message() const { return m_message; }
    // Whether the "Log colour scale" box is offered (not for differences: signed maps have no log scale).
    void setLogScaleOffered(bool offered);

Q_SIGNALS:
    void sharedRangeToggled(bool on);

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void applySharedRange();
    // Side by side, both maps' axis rectangles at the same height (their key-axis titles on one line,
    // whatever the length of either map's tick labels or title).
    void alignAxisRects();
    void scheduleAlign();
    bool m_alignPending = false;

    AttentionHeatmap* m_gather;
    AttentionHeatmap* m_aggregate;
    QCheckBox* m_shared;
    QCheckBox* m_log;
    QString m_emptyMessage;
    QString m_message;
};

}  // namespace gna::views
