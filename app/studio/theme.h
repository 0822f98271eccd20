#pragma once
// Dark and light palettes (Fusion style, with check box outlines that stay visible, dock titles that
// are mnemonic texts like a tab's, and combo boxes that elide their text), applied application-wide.
#include <QPalette>

#include "studio_settings.h"

namespace gna::studio {

QPalette lightPalette();
QPalette darkPalette();
void applyTheme(Theme theme);
// The outline of check boxes and radio buttons: half way between the window colour and its text.
QColor indicatorOutline(const QPalette& palette);
// A mnemonic text as tab bars and menus show it: "G&&A &mask editor" -> "G&A mask editor".
QString mnemonicFree(const QString& text);

}  // namespace gna::studio
