#include "number_format.h"

#include <QList>
#include <QLocale>
#include <algorithm>
#include <cmath>

namespace gna::views {

namespace {

// Decimals that give `significant` significant digits for |value| (none for large values).
int decimalsFor(double value, int significant) {
    if (value == 0.0 || !std::isfinite(value)) return 0;
    const int magnitude = static_cast<int>(std::floor(std::log10(std::abs(value))));
    return std::max(0, significant - 1 - magnitude);
}

}  // namespace

QString formatNumber(double value, int significant, double smallest) {
    const QLocale loc;
    if (std::isnan(value)) return QStringLiteral("–");
    if (std::isinf(value)) return value > 0 ? QStringLiteral("∞") : QStringLiteral("−∞");
    significant = std::max(1, significant);
    if (value != 0.0 && std::abs(value) < smallest)
        return (value > 0 ? QStringLiteral("< ") : QStringLiteral("> −")) +
            loc.toString(smallest, 'f', decimalsFor(smallest, 1));
    QString text = loc.toString(value, 'f', decimalsFor(value, significant));
    // Trailing zeros after the decimal separator go, as with %g ("0,5", not "0,500").
    if (text.contains(loc.decimalPoint())) {
        while (text.endsWith(QLatin1Char('0'))) text.chop(1);
        if (text.endsWith(loc.decimalPoint())) text.chop(loc.decimalPoint().size());
    }
    if (value < 0) text.replace(loc.negativeSign(), QStringLiteral("−"));
    return text;
}

int columnDecimals(const QList<double>& values, int significant) {
    significant = std::max(1, significant);
    QList<double> finite;
    double largest = 0.0;
    for (double v : values)
        if (std::isfinite(v)) {
            finite << v;
            largest = std::max(largest, std::abs(v));
        }
    if (largest == 0.0) return significant - 1;
    const int base = decimalsFor(largest, significant), most = base + 3;
    int decimals = base;
    for (double v : finite)
        if (v != 0.0) decimals = std::max(decimals, decimalsFor(v, 2));
    decimals = std::min(decimals, most);
    // Different values that round to the same text get more decimals (up to `most`).
    std::sort(finite.begin(), finite.end());
    auto collide = [&](int d) {
        for (qsizetype i = 1; i < finite.size(); ++i)
            if (finite[i] != finite[i - 1] &&
                QString::number(finite[i], 'f', d) == QString::number(finite[i - 1], 'f', d))
                return true;
        return false;
    };
    while (decimals < most && collide(decimals)) ++decimals;
    return decimals;
}

QString formatFixed(double value, int decimals) {
    const QLocale loc;
    QString text = loc.toString(value, 'f', std::max(0, decimals));
    if (value < 0) text.replace(loc.negativeSign(), QStringLiteral("−"));
    return text;
}

QString formatTickNumber(double value, int significant) {
    const QLocale loc;
    if (value == 0.0) value = 0.0;  // never "-0"
    const QString plain = QString::number(value, 'g', std::max(1, significant));  // C locale: finds the exponent
    const qsizetype e = plain.indexOf(QLatin1Char('e'));
    QString text;
    if (e < 0) {
        text = loc.toString(value, 'g', std::max(1, significant));
    } else {
        static const QString superscripts = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
        const int exponent = plain.mid(e + 1).toInt();
        QString power = exponent < 0 ? QStringLiteral("⁻") : QString();
        for (const QChar d : QString::number(std::abs(exponent))) power += superscripts[d.digitValue()];
        text = loc.toString(plain.left(e).toDouble(), 'g', std::max(1, significant)) + QStringLiteral("·10") + power;
    }
    if (value < 0) text.replace(loc.negativeSign(), QStringLiteral("−"));
    return text;
}

QString formatPercent(double probability, int significant) {
    const double percent = 100.0 * probability;
    // The locale's percent sign, spaced as the locale writes it ("12 %" in German, "12%" in English).
    const QString number = formatNumber(percent, significant, 1e-4);
    return QLocale().language() == QLocale::German || QLocale().language() == QLocale::French
        ? number + QStringLiteral("\u00a0%")
        : number + QStringLiteral("%");
}

}  // namespace gna::views
