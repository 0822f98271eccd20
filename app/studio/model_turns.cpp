#include "model_turns.h"

namespace gna::studio {

ModelTurns::Interactive::Interactive(ModelTurns& turns) : m_turns(turns) { m_turns.take(true); }
ModelTurns::Interactive::~Interactive() { m_turns.release(); }

ModelTurns::Background::Background(ModelTurns& turns) : m_turns(turns) { m_turns.take(false); }
ModelTurns::Background::~Background() { m_turns.release(); }

void ModelTurns::Background::yield() {
    std::unique_lock lock(m_turns.m_mutex);
    if (m_turns.m_interactiveWaiting == 0) return;  // nobody waits: keep the turn
    ++m_turns.m_yields;
    m_turns.m_held = false;
    m_turns.m_changed.notify_all();
    m_turns.m_changed.wait(lock, [this] { return !m_turns.m_held && m_turns.m_interactiveWaiting == 0; });
    m_turns.m_held = true;
}

int ModelTurns::yields() const {
    std::lock_guard lock(m_mutex);
    return m_yields;
}

void ModelTurns::take(bool interactive) {
    std::unique_lock lock(m_mutex);
    if (interactive) {
        ++m_interactiveWaiting;
        m_changed.wait(lock, [this] { return !m_held; });
        --m_interactiveWaiting;
    } else {
        m_changed.wait(lock, [this] { return !m_held && m_interactiveWaiting == 0; });
    }
    m_held = true;
}

void ModelTurns::release() {
    {
        std::lock_guard lock(m_mutex);
        m_held = false;
    }
    m_changed.notify_all();
}

}  // namespace gna::studio
