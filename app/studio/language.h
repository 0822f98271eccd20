#pragma once
// Installs the translator for a language code ("de", "zh_CN"; "" = system; "en" = none) from
// the catalogues embedded under :/i18n/. Returns false when no catalogue matched.
#include <QString>

namespace gna::studio {

bool installLanguage(const QString& code);
QString currentLanguage();

// The text a menu, action or button shows for `text`: its mnemonic marks removed ("&File" -> "File",
// "&&" -> "&"), and a translation's mnemonic in brackets dropped ("文件(&F)" -> "文件").
QString shownText(QString text);

}  // namespace gna::studio
