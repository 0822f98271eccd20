#pragma once
// The gna::Error a callable throws, for suites that check the core's messages.
#include "gna/error.h"

namespace gna::test {

// The gna::Error that `f` throws (one saying "nothing thrown" when it throws none).
template <class F>
gna::Error thrown(F f) {
    try {
        f();
    } catch (const gna::Error& e) {
        return e;
    }
    return gna::Error("nothing thrown");
}

}  // namespace gna::test
