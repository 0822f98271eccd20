#include "language.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QLocale>
#include <QRegularExpression>
#include <QTranslator>

#include "translations.h"

namespace gna::studio {

namespace {
QTranslator* g_app = nullptr;
QTranslator* g_qt = nullptr;
QString g_current;
}  // namespace

bool installLanguage(const QString& requested) {
    QString code = requested;
    if (code.isEmpty()) {
        const QLocale sys;
        code =
            sys.name() == QLatin1String("zh_CN") ? QStringLiteral("zh_CN") : sys.name().section(QLatin1Char('_'), 0, 0);
    }
    for (QTranslator*& t : {std::ref(g_app), std::ref(g_qt)}) {
        if (t) {
            QCoreApplication::removeTranslator(t);
            delete t;
            t = nullptr;
        }
    }
    // Numbers follow the UI language (views::formatNumber and the plots read QLocale()): "2,45" in German.
    g_current = QStringLiteral("en");
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    if (!gna::i18n::availableLanguages().contains(code)) return code == QLatin1String("en");
    g_app = new QTranslator;
    if (!g_app->load(gna::i18n::catalogPath(code))) {
        delete g_app;
        g_app = nullptr;
        return false;
    }
    QCoreApplication::installTranslator(g_app);
    QLocale::setDefault(QLocale(code));
    g_qt = new QTranslator;  // Qt's own strings (dialog buttons), when installed on the system
    if (g_qt->load(QLocale(code), QStringLiteral("qtbase"), QStringLiteral("_"),
                   QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
        QCoreApplication::installTranslator(g_qt);
    else {
        delete g_qt;
        g_qt = nullptr;
    }
    g_current = code;
    return true;
}

QString currentLanguage() { return g_current; }

QString shownText(QString text) {
    static const QRegularExpression bracketed(QStringLiteral("\\s*[(\uFF08]&[^&][)\uFF09]"));
    text.remove(bracketed);
    return text.replace(QStringLiteral("&&"), QStringLiteral("\x01"))
        .remove(QLatin1Char('&'))
        .replace(QLatin1Char('\x01'), QLatin1Char('&'));
}

}  // namespace gna::studio
