#include "job_tracker.h"

#include <algorithm>

namespace gna::studio {

JobTracker::JobTracker(QThreadPool* pool, Policy policy, QObject* parent)
    : QObject(parent), m_pool(pool), m_policy(policy) {}

JobTracker::~JobTracker() { stop(); }

std::shared_ptr<std::atomic<bool>> JobTracker::begin() {
    if (m_policy == Policy::Supersede) stop();
    ++m_generation;
    auto flag = std::make_shared<std::atomic<bool>>(false);
    std::erase_if(m_stops, [](const auto& w) { return w.expired(); });
    m_stops.push_back(flag);
    if (m_pending++ == 0) Q_EMIT busyChanged(true);
    return flag;
}

bool JobTracker::current(quint64 generation, const std::shared_ptr<std::atomic<bool>>& stop) const {
    if (stop->load()) return false;
    return m_policy == Policy::Queue || generation == m_generation;
}

void JobTracker::ended() {
    if (--m_pending == 0) Q_EMIT busyChanged(false);
}

void JobTracker::stop() {
    for (const auto& w : m_stops)
        if (const auto flag = w.lock()) flag->store(true);
    m_stops.clear();
}

}  // namespace gna::studio
