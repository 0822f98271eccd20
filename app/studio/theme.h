#pragma once
// Dark and light palettes (Fusion style, with check box outlines that stay visible), applied
// application-wide.
#include <QPalette>

#include "studio_settings.h"

namespace gna::studio {

QPalette lightPalette();
QPalette darkPalette();
void applyTheme(Theme theme);
// The outline of check boxes and radio buttons: half way between the window colour and its text.
QColor indicatorOutline(const QPalette& palette);

}  // namespace gna::studio
