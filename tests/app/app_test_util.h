#pragma once
// Helpers of the GUI suites: tiny checkpoints written by the real `gna make-tiny-model`, and a model
// opened in a shown window.
#include <QFileInfo>
#include <QProcess>
#include <QSignalSpy>
#include <QString>
#include <QStringList>
#include <QTest>

#include "main_window.h"
#include "prompt_editor.h"
#include "session.h"

namespace gna::studio {

// Runs `gna make-tiny-model ARGS DIR`; "" when it wrote DIR/config.json, else what went wrong.
inline QString makeTinyCheckpoint(const QString& dir,
                                  const QStringList& args = {QStringLiteral("--arch"), QStringLiteral("llama")}) {
    QProcess p;
    p.start(QStringLiteral(GNA_CLI_PATH), QStringList{QStringLiteral("make-tiny-model")} + args + QStringList{dir});
    if (!p.waitForFinished(120000)) return QStringLiteral("gna make-tiny-model timed out");
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return QString::fromLocal8Bit(p.readAllStandardError());
    if (!QFileInfo::exists(dir + QStringLiteral("/config.json"))) return QStringLiteral("no config.json in ") + dir;
    return {};
}

// Resizes and shows `w`, types `prompt` (when given), opens the model in `dir` and waits for it to load;
// false when the window never showed or the model did not load within a minute.
inline bool showAndOpenModel(MainWindow& w, int width, int height, const QString& dir, const QString& prompt = {}) {
    w.resize(width, height);
    w.show();
    if (!QTest::qWaitForWindowExposed(&w)) return false;
    if (!prompt.isEmpty()) w.promptEditor()->setPrompt(prompt);
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    w.openModel(dir);
    return loaded.wait(60000);
}

}  // namespace gna::studio
