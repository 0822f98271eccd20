#pragma once
// Dark and light palettes (Fusion style), applied application-wide.
#include <QPalette>

#include "studio_settings.h"

namespace gna::studio {

QPalette lightPalette();
QPalette darkPalette();
void applyTheme(Theme theme);

}  // namespace gna::studio
