#pragma once
// The studio's vertical scroll areas: the content takes the area's width (it wraps or stacks in a
// narrow window instead of growing a horizontal scroll bar) and no frame is drawn around it.
#include <QFrame>
#include <QScrollArea>

namespace gna::studio {

// Puts `content` into `area`, which then scrolls vertically only, without a frame.
inline void scrollVertically(QScrollArea* area, QWidget* content) {
    area->setWidget(content);
    area->setWidgetResizable(true);
    area->setFrameShape(QFrame::NoFrame);
    area->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
}

}  // namespace gna::studio
