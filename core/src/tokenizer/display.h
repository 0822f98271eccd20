#pragma once
// Token labels for axis ticks (Tokenizer::display).
#include <string>
#include <string_view>

namespace gna::tok {

// A token's text as an axis label: leading spaces "␣", newlines "⏎", tabs "⇥", carriage
// returns "\r"; bytes that are not valid UTF-8 on their own and other control characters shown as
// <0xNN>, C1 controls and invisible format characters (zero-width space, BOM, ...) as <U+XXXX>:
// every label is drawn with glyphs the bundled fonts have.
std::string display_label(std::string_view bytes);

}  // namespace gna::tok
