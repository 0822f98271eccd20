#include "startup.h"

#include <QFileInfo>

namespace gna::studio {

StartupRequest parseStartup(const QStringList& positional, const QString& workspaceOption) {
    StartupRequest r;
    if (!workspaceOption.isEmpty()) r.workspaceFile = QFileInfo(workspaceOption).absoluteFilePath();
    if (!positional.isEmpty()) {
        const QFileInfo f(positional.front());
        // A positional workspace file is accepted too (gna-studio session.gna.json).
        if (f.isFile() && f.fileName().endsWith(QLatin1String(".json"), Qt::CaseInsensitive)) {
            if (r.workspaceFile.isEmpty()) r.workspaceFile = f.absoluteFilePath();
        } else {
            r.modelDir = f.absoluteFilePath();
        }
    }
    return r;
}

}  // namespace gna::studio
