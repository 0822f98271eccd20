#pragma once
// A widget that calls `resized` once its own resizeEvent has run, i.e. after it has laid its
// contents out at the new size (a scroll area's viewport, a splitter's panes).
#include <QResizeEvent>
#include <functional>

namespace gna::studio {

template <class Base>
class ResizeNotifying : public Base {
public:
    using Base::Base;
    std::function<void()> resized;

protected:
    void resizeEvent(QResizeEvent* event) override {
        Base::resizeEvent(event);
        if (resized) resized();
    }
};

}  // namespace gna::studio
