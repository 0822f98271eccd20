#pragma once
// The built `gna` binary run as a script would run it: exit code, stdout and stderr. The bundled
// task data is named explicitly (GNA_DATA_DIR), so the suites do not depend on where ctest runs them.
#include <QByteArray>
#include <QProcess>
#include <QProcessEnvironment>
#include <QStringList>
#include <filesystem>

namespace gna::test {

struct CliResult {
    int code = -1;  // -1: crashed or timed out
    QByteArray out, err;
};

inline CliResult run_gna(const QStringList& args, QProcessEnvironment env = QProcessEnvironment::systemEnvironment()) {
    if (!env.contains(QStringLiteral("GNA_DATA_DIR")))
        env.insert(QStringLiteral("GNA_DATA_DIR"), QStringLiteral(GNA_SOURCE_DIR "/resources/data"));
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(QStringLiteral(GNA_CLI_PATH), args);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1, p.readAllStandardOutput(),
            p.readAllStandardError()};
}

inline QString q(const std::filesystem::path& p) { return QString::fromStdString(p.string()); }

}  // namespace gna::test
