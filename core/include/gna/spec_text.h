#pragma once
// A spec as a person writes it: one key a line, lists of numbers or names on one line (what
// `gna experiment --describe` prints as the example, and what G&A Studio's spec editor shows).
#include <string>

#include "gna/json.h"

namespace gna {

std::string spec_text(const Json& spec);

}  // namespace gna
