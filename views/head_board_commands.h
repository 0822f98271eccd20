#pragma once
// Undoable edits of the head board. One command class: "set these heads to these states",
// remembering the old states. Toggles pushed within the merge interval of each other merge into
// one command, so a burst of clicks undoes in one step.
#include <QElapsedTimer>
#include <QUndoCommand>

#include "head_cell.h"

namespace gna::views {

class HeadBoardModel;

class SetHeadsCommand : public QUndoCommand {
public:
    SetHeadsCommand(HeadBoardModel* model, HeadCells cells, QList<bool> states, const QString& text, bool mergeable,
                    int mergeIntervalMs);

    void redo() override;
    void undo() override;
    int id() const override { return m_mergeable ? 0x6e61 : -1; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    HeadBoardModel* m_model;
    HeadCells m_cells;
    QList<bool> m_new;
    QList<bool> m_old;
    bool m_mergeable;
    int m_mergeIntervalMs;
    qint64 m_stamp;  // ms since an arbitrary epoch, when the command was last extended
};

}  // namespace gna::views
