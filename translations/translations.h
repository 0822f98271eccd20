#pragma once
// The languages G&A Studio ships and where their compiled catalogues live (Qt resources).
#include <QString>
#include <QStringList>

namespace gna::i18n {

// Language codes with a catalogue, besides the source language "en": "de", "zh_CN".
QStringList availableLanguages();
// ":/i18n/gna_<code>.qm"
QString catalogPath(const QString& code);
// The language's own name ("Deutsch", "简体中文", "English").
QString nativeName(const QString& code);

}  // namespace gna::i18n
