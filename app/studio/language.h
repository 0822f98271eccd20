#pragma once
// Installs the translator for a language code ("de", "zh_CN"; "" = system; "en" = none) from
// the catalogues embedded under :/i18n/. Returns false when no catalogue matched.
#include <QString>

namespace gna::studio {

bool installLanguage(const QString& code);
QString currentLanguage();

}  // namespace gna::studio
