#include "translations.h"

namespace gna::i18n {

QStringList availableLanguages() { return {QStringLiteral("de"), QStringLiteral("zh_CN")}; }

QString catalogPath(const QString& code) { return QStringLiteral(":/i18n/gna_%1.qm").arg(code); }

QString nativeName(const QString& code) {
    if (code == QLatin1String("de")) return QStringLiteral("Deutsch");
    if (code == QLatin1String("zh_CN")) return QStringLiteral("简体中文");
    return QStringLiteral("English");
}

}  // namespace gna::i18n
