#include "head_board_commands.h"

#include <QCoreApplication>
#include <QDateTime>

#include "head_board_model.h"

namespace gna::views {

SetHeadsCommand::SetHeadsCommand(HeadBoardModel* model, HeadCells cells, QList<bool> states, const QString& text,
                                 bool mergeable, int mergeIntervalMs)
    : QUndoCommand(text),
      m_model(model),
      m_cells(std::move(cells)),
      m_new(std::move(states)),
      m_mergeable(mergeable),
      m_mergeIntervalMs(mergeIntervalMs),
      m_stamp(QDateTime::currentMSecsSinceEpoch()) {
    for (const HeadCell& c : m_cells) m_old << m_model->isAblated(c.layer, m_model->column(c));
}

void SetHeadsCommand::redo() { m_model->setAblated(m_cells, m_new); }
void SetHeadsCommand::undo() { m_model->setAblated(m_cells, m_old); }

bool SetHeadsCommand::mergeWith(const QUndoCommand* other) {
    const auto* o = dynamic_cast<const SetHeadsCommand*>(other);
    if (!o || !m_mergeable || !o->m_mergeable || o->m_model != m_model) return false;
    if (m_mergeIntervalMs <= 0 || o->m_stamp - m_stamp > m_mergeIntervalMs) return false;
    // Keep our old state per cell, take the newer target state.
    for (qsizetype i = 0; i < o->m_cells.size(); ++i) {
        const qsizetype at = m_cells.indexOf(o->m_cells[i]);
        if (at >= 0) {
            m_new[at] = o->m_new[i];
        } else {
            m_cells << o->m_cells[i];
            m_old << o->m_old[i];
            m_new << o->m_new[i];
        }
    }
    m_stamp = o->m_stamp;
    // The text counts the heads whose state the merged command changes: a head toggled twice in the
    // burst is back where it was and is not counted (undo still sets it to its old state).
    int changed = 0;
    QString name;
    for (qsizetype i = 0; i < m_cells.size(); ++i)
        if (m_old[i] != m_new[i]) ++changed, name = m_cells[i].name();
    setObsolete(changed == 0);
    setText(changed == 1 ? QCoreApplication::translate("gna::views::HeadBoard", "Toggle %1").arg(name)
                         : QCoreApplication::translate("gna::views::HeadBoard", "Toggle %n head(s)", nullptr, changed));
    return true;
}

}  // namespace gna::views
