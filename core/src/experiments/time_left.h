#pragma once
// The time-left estimate of a long run: seconds per unit of work (tokens, steps) measured over the
// most recent third of the work done, times the work left. The recent third rather than the whole
// run so that the estimate follows a machine whose load changes mid-run; a third rather than the
// last piece so that one slow piece does not swing it.
#include <algorithm>
#include <chrono>
#include <functional>
#include <utility>
#include <vector>

namespace gna {

class TimeLeft {
public:
    explicit TimeLeft(double start_seconds) { marks_.emplace_back(0.0, start_seconds); }

    // A piece of `work` units finished when the clock read `at_seconds`.
    void finished(double work, double at_seconds) { marks_.emplace_back(marks_.back().first + work, at_seconds); }

    // Seconds for `work_left` more units; -1 while no work is done.
    double estimate(double work_left) const {
        const auto [work, now] = marks_.back();
        if (work <= 0) return -1;
        // the latest mark at or before two thirds of the work done starts the window
        auto it = std::upper_bound(marks_.begin(), marks_.end(), work * 2 / 3,
                                   [](double w, const std::pair<double, double>& m) { return w < m.first; });
        const auto [w0, t0] = *std::prev(it);
        return (now - t0) / (work - w0) * std::max(work_left, 0.0);
    }

private:
    std::vector<std::pair<double, double>> marks_;  // (work done so far, clock), from the start
};

// A run's clock in seconds: `clock` when given (ExperimentOptions::clock), else the steady clock's
// seconds since this call.
inline std::function<double()> run_clock(std::function<double()> clock) {
    if (clock) return clock;
    return [t0 = std::chrono::steady_clock::now()] {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    };
}

}  // namespace gna
