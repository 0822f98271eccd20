// The fixture of the MainWindow suites (tst_studio*.cpp): a tiny Llama made by `gna make-tiny-model`,
// and opening it (or another architecture) in a shown window and waiting for its first run.
#pragma once
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QUrl>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

#include "gather_aggregate_pair.h"
#include "gna/model.h"
#include "head_board.h"
#include "main_window.h"
#include "next_token_chart.h"
#include "prompt_editor.h"
#include "startup.h"
#include "studio_settings.h"
#include "theme.h"
#include "app_test_util.h"

namespace gna::studio {

class StudioFixture : public QObject {
protected:
    void makeTinyLlama();
    bool waitForResult(MainWindow& w, int timeoutMs = 60000);
    void openTiny(MainWindow& w);
    // Writes a tiny checkpoint of `arch` with gna make-tiny-model and opens it in `w` (shown); returns
    // that checkpoint loaded on its own for reference runs, null when writing or opening it failed.
    std::unique_ptr<gna::Model> openArch(MainWindow& w, const QString& arch);
    QTemporaryDir m_dir;
    QString m_model;
    const QString m_prompt =
        QStringLiteral("Memorize the following dictionary:\napple:42\nriver:17\n\nThe value of the key 'river' is");
};

inline void StudioFixture::makeTinyLlama() {
    m_model = m_dir.filePath(QStringLiteral("tiny-llama"));
    const QString error = makeTinyCheckpoint(m_model);
    QVERIFY2(error.isEmpty(), qPrintable(error));
}

inline std::unique_ptr<gna::Model> StudioFixture::openArch(MainWindow& w, const QString& arch) {
    const QString dir = m_dir.filePath(QStringLiteral("tiny-") + arch);
    [&] {
        const QString error = makeTinyCheckpoint(dir, {QStringLiteral("--arch"), arch});
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(showAndOpenModel(w, 1280, 900, dir, m_prompt));
    }();
    if (QTest::currentTestFailed()) return nullptr;
    return gna::Model::load(dir.toStdString());
}

inline bool StudioFixture::waitForResult(MainWindow& w, int timeoutMs) {
    QSignalSpy spy(w.session(), &Session::resultReady);
    return spy.wait(timeoutMs);
}

inline void StudioFixture::openTiny(MainWindow& w) {
    w.resize(1280, 900);
    w.show();
    QVERIFY(QTest::qWaitForWindowExposed(&w));
    w.promptEditor()->setPrompt(m_prompt);
    QSignalSpy loaded(w.session(), &Session::modelLoaded);
    QSignalSpy result(w.session(), &Session::resultReady);
    QSignalSpy progress(w.session(), &Session::modelLoadProgress);
    w.openModel(m_model);
    QVERIFY(loaded.wait(60000));
    // the status bar's load progress reached 100% (queued from the loading thread before it finished)
    QVERIFY(!progress.isEmpty());
    QCOMPARE(progress.last().at(0).toInt(), 100);
    QTRY_VERIFY_WITH_TIMEOUT(result.count() > 0 && !w.session()->isRunning(), 60000);
}

}  // namespace gna::studio
