#pragma once
// Core errors in the UI language. The core (Qt-free) throws gna::Error; one with a format (its English
// text with %1..%n, see gna/error.h) is translated here in the context "CoreError", the format being
// the source text, and filled with its arguments; a cause (the last placeholder) is translated the same
// way. Any other exception's message is shown as it is. A core error whose remedy is a command-line flag
// (--tokenizer DIR) is shown in the studio's words instead (the Open model dialog's Tokenizer folder).
#include <QString>
#include <QStringList>
#include <exception>

namespace gna::studio {

QString errorText(const std::exception& e);
// For an error the studio gets past on its own (a fallback exists: a row of a foreign file skipped, a
// folder looked for elsewhere): says on the log (category gna.studio) what was skipped and why, so that
// nothing is dropped without a trace.
void logSkipped(const QString& what, const std::exception& e);
// The core formats the studio knows (their translations, or their studio wording, are marked for lupdate
// in core_errors.cpp).
QStringList knownCoreErrorFormats();

}  // namespace gna::studio
