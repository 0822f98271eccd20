#pragma once
// User-visible numbers, formatted in one place: in the UI language's locale (QLocale(), which the
// language switch sets) and never in raw scientific notation. Exported CSV files keep the C locale
// and full precision; they do not use these.
#include <QString>

namespace gna::views {

// `significant` significant digits with the locale's decimal and group separators ("2,45", "176.240"
// in German), trailing zeros dropped as with %g; a non-zero value below `smallest` reads "< 0,001" (smallest = 0.001), so a caption never
// shows "5.05e-08".
QString formatNumber(double value, int significant = 3, double smallest = 1e-3);
// The decimals one column of a result table shows all its numbers with: `significant` significant
// digits for the largest magnitude, at least two for the smallest non-zero one, and more where two
// different values would otherwise read the same; at most three decimals beyond the largest's
// (smaller values then read as 0.000). NaN and infinities are ignored; no finite non-zero value:
// significant - 1 decimals ("0.00").
int columnDecimals(const QList<double>& values, int significant = 3);
// A fixed number of decimals with the locale's separators.
QString formatFixed(double value, int decimals);
// An axis tick's number: `significant` significant digits in the locale, a Unicode minus, and a small
// or large value as a power of ten with a raised exponent ("−5·10⁻⁷"), never "-5e-07".
QString formatTickNumber(double value, int significant = 6);
// A probability as a percentage with `significant` significant digits ("12,5 %" in German);
// below 0.0001 % it reads "< 0,0001 %".
QString formatPercent(double probability, int significant = 2);

}  // namespace gna::views
