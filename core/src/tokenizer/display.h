#pragma once
// Token labels for axis ticks (Tokenizer::display).
#include <string>
#include <string_view>

namespace gna::tok {

// A token's text as an axis label: leading spaces "␣", newlines "⏎", tabs "⇥", carriage
// returns "␍"; bytes that are not valid UTF-8 on their own shown as <0xNN>.
std::string display_label(std::string_view bytes);

}  // namespace gna::tok
