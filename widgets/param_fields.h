#pragma once
// The number fields of a ParamPanel. They take the wheel only when focused, and a number typed
// outside the field's range is not refused keystroke by keystroke (typing 120 in a −89…89 field
// would silently stop at 12): it is accepted while typing, and on Enter or leaving the field it
// is clamped to the range and the field reports it (onClamped: the number typed, the value set),
// so the panel can say so beside the field.
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QWheelEvent>
#include <functional>

namespace sw::widgets {

// Fields take the wheel only when focused: over an unfocused field the event goes to the parent
// (the dock's scroll area), so scrolling a panel never changes a value on the way.
template <class Base>
class FocusWheel : public Base {
public:
    explicit FocusWheel(QWidget* parent) : Base(parent) { this->setFocusPolicy(Qt::StrongFocus); }

protected:
    void wheelEvent(QWheelEvent* event) override {
        if (this->hasFocus()) Base::wheelEvent(event);
        else event->ignore();
    }
};

using ClampReport = std::function<void(double typed, double set)>;

// An integer field: a number out of range is Intermediate while typing, clamped when committed.
class IntField : public FocusWheel<QSpinBox> {
public:
    explicit IntField(QWidget* parent) : FocusWheel<QSpinBox>(parent) {}
    void setClampReport(ClampReport report) { m_report = std::move(report); }

    QValidator::State validate(QString& text, int& pos) const override;
    void fixup(QString& text) const override;

private:
    ClampReport m_report;
};

// A float field that shows the value itself, rounded sensibly: four significant digits or the
// whole part (39.5978 shows as "39.6"), scientific notation below 1e-3 or from 1e6 on (0.00016
// shows as "1.6e-4", 0.0123 as "0.0123", 2500000 as "2.5e6"), and accepts what it shows. The spin box keeps 10 decimals internally so no value is
// rounded away. A number out of range is clamped when committed, as IntField.
class ValueSpinBox : public FocusWheel<QDoubleSpinBox> {
public:
    explicit ValueSpinBox(QWidget* parent) : FocusWheel<QDoubleSpinBox>(parent) { setDecimals(10); }
    void setClampReport(ClampReport report) { m_report = std::move(report); }

    QString textFromValue(double value) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& pos) const override;
    void fixup(QString& text) const override;

private:
    ClampReport m_report;
};

}  // namespace sw::widgets
