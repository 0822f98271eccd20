// Translations: the catalogues embedded in gna_views load from the resource and translate.
#include <QCoreApplication>
#include <QTest>
#include <QTranslator>

#include "head_board.h"
#include "translations.h"
#include "gui_test_main.h"

class TestTranslations : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void loadsAndTranslates_data() {
        QTest::addColumn<QString>("code");
        QTest::addColumn<QString>("expected");
        QTest::newRow("de") << QStringLiteral("de") << QStringLiteral("Kein Modell geladen");
        QTest::newRow("zh_CN") << QStringLiteral("zh_CN") << QStringLiteral("未加载模型");
    }
    void loadsAndTranslates() {
        QFETCH(QString, code);
        QFETCH(QString, expected);
        QVERIFY(gna::i18n::availableLanguages().contains(code));
        QTranslator t;
        QVERIFY2(t.load(gna::i18n::catalogPath(code)), qPrintable(gna::i18n::catalogPath(code)));
        QCOMPARE(t.translate("gna::views::HeadBoard", "No model loaded"), expected);
        // Installed, tr() in a widget picks it up; plural forms work.
        QVERIFY(QCoreApplication::installTranslator(&t));
        QCOMPARE(gna::views::HeadBoard::tr("No model loaded"), expected);
        const QString plural = gna::views::HeadBoard::tr("Ablate %n head(s)", nullptr, 3);
        QVERIFY(plural.contains(QLatin1Char('3')));
        QVERIFY(plural != QStringLiteral("Ablate 3 head(s)"));
        QCoreApplication::removeTranslator(&t);
        QCOMPARE(gna::views::HeadBoard::tr("No model loaded"), QStringLiteral("No model loaded"));
    }
    void missingLanguageFails() {
        QTranslator t;
        QVERIFY(!t.load(gna::i18n::catalogPath(QStringLiteral("xx"))));
    }
};

GNA_GUI_TEST_MAIN(TestTranslations)
#include "tst_translations.moc"
