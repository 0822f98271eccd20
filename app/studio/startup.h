#pragma once
// What gna-studio opens at start: a model folder (positional argument), a workspace file
// (--workspace FILE, or a positional *.json), or nothing (then a crash autosave is offered).
#include <QString>
#include <QStringList>

namespace gna::studio {

struct StartupRequest {
    QString modelDir;  // absolute; empty = none
    QString workspaceFile;  // absolute; empty = none
    bool isEmpty() const { return modelDir.isEmpty() && workspaceFile.isEmpty(); }
};

// positional: the command line's positional arguments; workspaceOption: --workspace's value.
StartupRequest parseStartup(const QStringList& positional, const QString& workspaceOption);

}  // namespace gna::studio
