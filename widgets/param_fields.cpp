#include "widgets/param_fields.h"

#include <algorithm>
#include <cmath>

namespace sw::widgets {
namespace {

// The text without the suffix and surrounding blanks.
QString bare(const QString& text, const QString& suffix) {
    QString t = text;
    if (!suffix.isEmpty() && t.endsWith(suffix)) t.chop(suffix.size());
    return t.trimmed();
}

}  // namespace

QValidator::State IntField::validate(QString& text, int&) const {
    const QString t = bare(text, suffix());
    if (t.isEmpty() || t == QLatin1String("-") || t == QLatin1String("+")) return QValidator::Intermediate;
    bool ok = false;
    const qlonglong v = locale().toLongLong(t, &ok);
    if (!ok) return QValidator::Invalid;
    return v >= minimum() && v <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
}

void IntField::fixup(QString& text) const {
    bool ok = false;
    const qlonglong typed = locale().toLongLong(bare(text, suffix()), &ok);
    if (!ok) return;  // not a number: the field goes back to its value
    const qlonglong set = std::clamp<qlonglong>(typed, minimum(), maximum());
    if (set == typed) return;
    text = textFromValue(int(set)) + suffix();
    if (m_report) m_report(double(typed), double(set));
}

QString ValueSpinBox::textFromValue(double value) const {
    const double a = std::abs(value);
    const bool scientific = a != 0 && (a < 1e-3 || a >= 1e6);
    // Four significant digits, or as many as the whole part has (39.5978 deg shows as 39.6 deg,
    // 0.055 as 0.055, 1500 as 1500); the value itself keeps every digit until it is edited.
    const int whole = a >= 1 ? int(std::floor(std::log10(a))) + 1 : 0;
    QString text = locale().toString(value, scientific ? 'e' : 'g', scientific ? 5 : std::max(4, whole));
    text.remove(locale().groupSeparator());
    if (!scientific) return text;
    // QLocale writes "1.60000E-04" (the exponent letter's case depends on the locale):
    // trim the mantissa's zeros and the exponent's sign and leading zeros → "1.6e-4".
    const int e = int(text.indexOf(QLatin1Char('e'), 0, Qt::CaseInsensitive));
    if (e < 0) return text;
    QString mantissa = text.left(e);
    if (mantissa.contains(locale().decimalPoint())) {
        while (mantissa.endsWith(QLatin1Char('0'))) mantissa.chop(1);
        if (mantissa.endsWith(locale().decimalPoint())) mantissa.chop(1);
    }
    QString exponent = text.mid(e + 1);
    QString sign;
    if (exponent.startsWith(QLatin1Char('-')) || exponent.startsWith(QLatin1Char('+'))) {
        if (exponent.front() == QLatin1Char('-')) sign = QStringLiteral("-");
        exponent.remove(0, 1);
    }
    while (exponent.size() > 1 && exponent.startsWith(QLatin1Char('0'))) exponent.remove(0, 1);
    return mantissa + QLatin1Char('e') + sign + exponent;
}

double ValueSpinBox::valueFromText(const QString& text) const {
    bool ok = false;
    const double v = locale().toDouble(bare(text, suffix()), &ok);
    return ok ? v : value();
}

QValidator::State ValueSpinBox::validate(QString& text, int&) const {
    const QString t = bare(text, suffix());
    if (t.isEmpty() || t == QLatin1String("-") || t.endsWith(QLatin1Char('e'), Qt::CaseInsensitive) ||
        t.endsWith(QLatin1String("e-"), Qt::CaseInsensitive))
        return QValidator::Intermediate;
    bool ok = false;
    const double v = locale().toDouble(t, &ok);
    if (!ok) return QValidator::Invalid;
    return v >= minimum() && v <= maximum() ? QValidator::Acceptable : QValidator::Intermediate;
}

void ValueSpinBox::fixup(QString& text) const {
    bool ok = false;
    const double typed = locale().toDouble(bare(text, suffix()), &ok);
    if (!ok || !std::isfinite(typed)) return;
    const double set = std::clamp(typed, minimum(), maximum());
    if (set == typed) return;
    text = textFromValue(set) + suffix();
    if (m_report) m_report(typed, set);
}

}  // namespace sw::widgets
