// Opening a checkpoint shipped without tokenizer files in the studio: the open dialog's tokenizer
// field, the session loading with another folder's tokenizer, and the workspace key that
// restores it.
#include <QApplication>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTranslator>

#include "gna/model.h"
#include "gna/tiny_model.h"
#include "main_window.h"
#include "open_model_dialog.h"
#include <QLabel>
#include "session.h"
#include "translations.h"
#include "workspace.h"
#include "gui_test_main.h"

using namespace gna::studio;

class TestOpenModel : public QObject {
    Q_OBJECT
    QTemporaryDir m_dir;
    QString m_full, m_bare;

private Q_SLOTS:
    void initTestCase() {
        m_full = m_dir.filePath(QStringLiteral("full"));
        m_bare = m_dir.filePath(QStringLiteral("bare"));
        gna::TinyModelSpec s;
        s.arch = "mamba";
        s.layers = 2;
        s.hidden = 32;
        s.seed = 4;
        gna::write_tiny_model(s, m_full.toStdString());
        s.layout = "no-tokenizer";
        gna::write_tiny_model(s, m_bare.toStdString());
    }

    void dialogFieldsAndNote() {
        OpenModelDialog d(m_dir.path());
        d.setModelDir(m_bare);
        QVERIFY2(d.note().contains(QStringLiteral("no tokenizer files")), qPrintable(d.note()));
        d.setTokenizerDir(m_full);
        QVERIFY(d.note().isEmpty());
        QCOMPARE(d.modelDir(), m_bare);
        QCOMPARE(d.tokenizerDir(), m_full);
        d.setTokenizerDir(m_dir.filePath(QStringLiteral("nowhere")));
        QVERIFY(d.note().contains(QStringLiteral("neither tokenizer.json nor tokenizer.model")));
    }

    // The memory estimate is in the dtype the model will be loaded in (Run ▸ Device ▸ Compute in bf16),
    // from File ▸ Open model… of a window whose session computes in bf16 (issue 44).
    void estimateFollowsTheComputeDtype() {
        MainWindow w;
        w.session()->setDtype(gna::ComputeDType::BF16);
        QString estimate;
        QTimer::singleShot(0, &w, [&] {
            QTRY_VERIFY(qobject_cast<OpenModelDialog*>(QApplication::activeModalWidget()));
            auto* d = qobject_cast<OpenModelDialog*>(QApplication::activeModalWidget());
            d->setModelDir(m_full);
            estimate = d->estimate();
            d->reject();
        });
        w.openModelDialog();
        QVERIFY2(estimate.contains(QStringLiteral(" in bf16 ")), qPrintable(estimate));
        OpenModelDialog f32(m_dir.path());
        f32.setModelDir(m_full);
        QVERIFY2(f32.estimate().contains(QStringLiteral(" in f32 ")), qPrintable(f32.estimate()));
    }

    // Issue 44: the dialog's messages were cut off. Shown narrow with both messages (no tokenizer files, the
    // memory estimate), each wrapped label gets the height its text takes at its width.
    void messagesAreShownWhole() {
        OpenModelDialog d(m_dir.path());
        d.resize(420, 120);
        d.show();
        QVERIFY(QTest::qWaitForWindowExposed(&d));
        d.setModelDir(m_bare);
        QVERIFY(!d.note().isEmpty() && !d.estimate().isEmpty());
        QTRY_VERIFY([&] {
            for (QLabel* l : d.findChildren<QLabel*>())
                if (l->isVisible() && l->wordWrap() && !l->text().isEmpty() &&
                    (l->height() < l->heightForWidth(l->width()) || l->geometry().bottom() > d.height()))
                    return false;
            return true;
        }());
    }

    void dialogTranslates() {
        for (const QString& code : gna::i18n::availableLanguages()) {
            QTranslator t;
            QVERIFY(t.load(gna::i18n::catalogPath(code)));
            QCoreApplication::installTranslator(&t);
            OpenModelDialog d(m_dir.path());
            d.setModelDir(m_bare);
            QVERIFY2(d.windowTitle() != QStringLiteral("Open model"), qPrintable(code));
            QVERIFY2(!d.note().contains(QStringLiteral("no tokenizer files")), qPrintable(code));
            QCoreApplication::removeTranslator(&t);
        }
    }

    void workspaceKey() {
        Workspace w;
        w.modelPath = m_bare;
        w.tokenizerPath = m_full;
        const QJsonObject o = w.toJson();
        QCOMPARE(o.value(QStringLiteral("tokenizer")).toString(), m_full);
        QCOMPARE(Workspace::fromJson(o), w);
        Workspace own;
        own.modelPath = m_full;
        QVERIFY(!own.toJson().contains(QStringLiteral("tokenizer")));  // the model's own: no key
    }

    void windowLoadsAndRestoresTheTokenizer() {
        MainWindow w;
        QSignalSpy loaded(w.session(), &Session::modelLoaded);
        w.openModel(m_bare, m_full);
        QVERIFY(loaded.wait(60000));
        QCOMPARE(w.session()->tokenizerPath(), m_full);
        QCOMPARE(QString::fromStdString(w.session()->modelInfo()->tokenizer_kind), QStringLiteral("bpe-bytelevel"));
        const QString path = m_dir.filePath(QStringLiteral("ws.json"));
        QString error;
        QVERIFY2(w.saveWorkspace(path, &error), qPrintable(error));

        MainWindow w2;
        QSignalSpy loaded2(w2.session(), &Session::modelLoaded);
        QVERIFY2(w2.loadWorkspace(path, &error), qPrintable(error));
        QVERIFY(loaded2.wait(60000));
        QCOMPARE(w2.session()->modelPath(), m_bare);
        QCOMPARE(w2.session()->tokenizerPath(), m_full);
        QCOMPARE(w2.workspace().tokenizerPath, m_full);
    }
};

GNA_GUI_TEST_MAIN(TestOpenModel)
#include "tst_open_model.moc"
