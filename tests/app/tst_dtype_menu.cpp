// Run > Device > Compute in bf16: enabled where the core can compute in bf16 (CUDA, or a CPU with
// bf16 instructions), reloads the open model in the chosen dtype, and is remembered.
#include <QAction>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include "gna/cpu_runtime.h"
#include "gna/model.h"
#include "gna/tiny_model.h"
#include "main_window.h"
#include "session.h"
#include "studio_settings.h"
#include "gui_test_main.h"

using namespace gna::studio;

class TestDtypeMenu : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_model;

private Q_SLOTS:
    void initTestCase() {
        StudioSettings().setComputeBf16(false);
        m_model = m_dir.filePath(QStringLiteral("llama"));
        gna::TinyModelSpec s;
        s.layers = 2;
        s.hidden = 32;
        gna::write_tiny_model(s, m_model.toStdString());
    }

    void bf16ReloadsTheModelInBf16() {
        MainWindow w;
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QSignalSpy loaded(w.session(), &Session::modelLoaded);
        w.openModel(m_model);
        QVERIFY(loaded.wait(60000));
        QCOMPARE(QString::fromStdString(w.session()->modelInfo()->compute_dtype), QStringLiteral("f32"));
        auto* bf16 = w.findChild<QAction*>(QStringLiteral("computeBf16"));
        QVERIFY(bf16);
        QVERIFY(!bf16->isChecked());
        const bool possible = gna::cuda_available() || gna::cpu_has_native_bf16();
        QCOMPARE(bf16->isEnabled(), possible);
        if (!possible) QSKIP("no bf16 on this machine: the action is disabled (checked above)");
        bf16->trigger();
        QVERIFY(loaded.wait(60000));
        QCOMPARE(QString::fromStdString(w.session()->modelInfo()->compute_dtype), QStringLiteral("bf16"));
        QVERIFY(StudioSettings().computeBf16());
        QTRY_VERIFY_WITH_TIMEOUT(!w.session()->isRunning(), 60000);
        bf16->trigger();
        QVERIFY(loaded.wait(60000));
        QCOMPARE(QString::fromStdString(w.session()->modelInfo()->compute_dtype), QStringLiteral("f32"));
        QVERIFY(!StudioSettings().computeBf16());
    }
};

GNA_GUI_TEST_MAIN(TestDtypeMenu)
#include "tst_dtype_menu.moc"
