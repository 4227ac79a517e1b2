#include "widgets/param_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QSettings>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSpinBox>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "core/foundation/log.h"
#include "widgets/param_fields.h"

namespace sw::widgets {
namespace {

constexpr double FLOAT_LIMIT = 1e9;  // stands in for an unbounded float range

double clampLimit(double v) { return std::clamp(v, -FLOAT_LIMIT, FLOAT_LIMIT); }

int clampInt(double v) {
    return static_cast<int>(std::clamp(v, double(std::numeric_limits<int>::min()),
                                       double(std::numeric_limits<int>::max())));
}

// One arrow click: a hundredth of a bounded range, or the order of magnitude of a default
// much smaller than that (Position LR 0.00016 in [0, 1] steps by 0.0001, not 0.01).
double stepFor(const ParamSpec& spec) {
    const double span = spec.max - spec.min;
    double step = std::isfinite(span) && span > 0 ? span / 100.0 : 0.1;
    if (const double* d = std::get_if<double>(&spec.defaultValue); d && *d != 0 && std::abs(*d) < step)
        step = std::pow(10.0, std::floor(std::log10(std::abs(*d))));
    return step;
}

}  // namespace

QString ParamPanel::trSchema(const std::string& text) {
    return QCoreApplication::translate("schema", text.c_str());
}

ParamPanel::ParamPanel(const ParamSchema& schema, QWidget* parent)
    : QWidget(parent), m_schema(schema), m_params(schema) {
    setObjectName(QString::fromStdString(schema.stage()));
    auto* outer = new QVBoxLayout(this);
    buildPresetRow(outer);
    std::map<std::string, QFormLayout*> groups;
    std::vector<std::string> groupOrder;
    for (const ParamSpec& spec : schema.params()) {
        if (!groups.count(spec.group)) {
            groupOrder.push_back(spec.group);
            groups[spec.group] = nullptr;
        }
    }
    for (const std::string& group : groupOrder) {
        auto* box = new QGroupBox(group.empty() ? trSchema(schema.title()) : trSchema(group), this);
        groups[group] = new QFormLayout(box);
        outer->addWidget(box);
    }
    for (const ParamSpec& spec : schema.params()) {
        QWidget* editor = createEditor(spec);
        editor->setObjectName(QString::fromStdString(spec.name));
        if (!spec.tooltip.empty()) editor->setToolTip(trSchema(spec.tooltip));
        auto* label = new QLabel(trSchema(spec.label), this);
        label->setToolTip(editor->toolTip());
        label->setBuddy(editor);
        groups[spec.group]->addRow(label, editor);
        m_editors.push_back(editor);
        Note note;
        note.label = new QLabel(this);
        note.label->setObjectName(QString::fromStdString(spec.name) + QStringLiteral("Note"));
        note.label->setWordWrap(true);
        groups[spec.group]->addRow(note.label);
        groups[spec.group]->setRowVisible(note.label, false);
        m_notes.push_back(note);
    }
    refreshEditors();
    refreshPresetBox();

    auto* presets = new QHBoxLayout;
    auto* load = new QPushButton(tr("Load preset…"), this);
    auto* save = new QPushButton(tr("Save preset…"), this);
    auto* defaults = new QPushButton(tr("Defaults"), this);
    load->setObjectName("loadPreset");
    save->setObjectName("savePreset");
    defaults->setObjectName("defaults");
    presets->addWidget(load);
    presets->addWidget(save);
    presets->addWidget(defaults);
    outer->addLayout(presets);
    m_actions = new QHBoxLayout;
    outer->addLayout(m_actions);
    outer->addStretch(1);

    const QString filter = tr("Presets (*.json)");
    connect(load, &QPushButton::clicked, this, [this, filter] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load preset"), {}, filter);
        if (!path.isEmpty()) (void)loadPresetFile(path);  // errors are shown by the panel
    });
    connect(save, &QPushButton::clicked, this, [this, filter] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save preset"), {}, filter);
        if (!path.isEmpty()) (void)savePresetFile(path);  // errors are shown by the panel
    });
    connect(defaults, &QPushButton::clicked, this, &ParamPanel::resetToDefaults);
}

// The fields outlive the members (they are children, deleted by ~QWidget): a field losing focus
// then must not reach the notes.
ParamPanel::~ParamPanel() {
    for (QWidget* editor : m_editors) {
        editor->disconnect(this);
        if (auto* field = dynamic_cast<IntField*>(editor)) field->setClampReport({});
        if (auto* field = dynamic_cast<ValueSpinBox*>(editor)) field->setClampReport({});
    }
}

QWidget* ParamPanel::createEditor(const ParamSpec& spec) {
    const std::string name = spec.name;
    switch (spec.type) {
    case ParamType::Bool: {
        auto* box = new QCheckBox(this);
        connect(box, &QCheckBox::toggled, this, [this, name](bool on) { applyEdit(name, on); });
        return box;
    }
    case ParamType::Int: {
        auto* spin = new IntField(this);
        spin->setClampReport([this, i = m_editors.size()](double typed, double set) { reportClamped(i, typed, set); });
        connect(spin, &QAbstractSpinBox::editingFinished, this, [this, i = m_editors.size()] { updateNote(i); });
        spin->setRange(clampInt(spec.min), clampInt(spec.max));
        if (!spec.unit.empty()) spin->setSuffix(" " + trSchema(spec.unit));
        connect(spin, &QSpinBox::valueChanged, this,
                [this, name](int v) { applyEdit(name, static_cast<std::int64_t>(v)); });
        return spin;
    }
    case ParamType::Float: {
        auto* spin = new ValueSpinBox(this);
        spin->setClampReport([this, i = m_editors.size()](double typed, double set) { reportClamped(i, typed, set); });
        connect(spin, &QAbstractSpinBox::editingFinished, this, [this, i = m_editors.size()] { updateNote(i); });
        spin->setRange(clampLimit(spec.min), clampLimit(spec.max));
        spin->setSingleStep(stepFor(spec));
        if (!spec.unit.empty()) spin->setSuffix(" " + trSchema(spec.unit));
        connect(spin, &QDoubleSpinBox::valueChanged, this, [this, name](double v) { applyEdit(name, v); });
        return spin;
    }
    case ParamType::Choice: {
        auto* combo = new FocusWheel<QComboBox>(this);
        for (const std::string& choice : spec.choices)
            combo->addItem(trSchema(choice), QString::fromStdString(choice));
        connect(combo, &QComboBox::currentIndexChanged, this, [this, name, combo](int) {
            applyEdit(name, combo->currentData().toString().toStdString());
        });
        return combo;
    }
    case ParamType::String: {
        auto* line = new QLineEdit(this);
        connect(line, &QLineEdit::editingFinished, this,
                [this, name, line] { applyEdit(name, line->text().toStdString()); });
        return line;
    }
    }
    SW_REQUIRE(false, "unknown parameter type for " << spec.name);
    return nullptr;
}

void ParamPanel::refreshEditors() {
    m_refreshing = true;
    const auto& specs = m_schema.params();
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const ParamValue& value = m_params.get(specs[i].name);
        QWidget* editor = m_editors[i];
        if (auto* box = qobject_cast<QCheckBox*>(editor)) box->setChecked(std::get<bool>(value));
        else if (auto* spin = qobject_cast<QSpinBox*>(editor)) spin->setValue(static_cast<int>(std::get<std::int64_t>(value)));
        else if (auto* dspin = qobject_cast<QDoubleSpinBox*>(editor)) dspin->setValue(std::get<double>(value));
        else if (auto* combo = qobject_cast<QComboBox*>(editor))
            combo->setCurrentIndex(combo->findData(QString::fromStdString(std::get<std::string>(value))));
        else if (auto* line = qobject_cast<QLineEdit*>(editor)) line->setText(QString::fromStdString(std::get<std::string>(value)));
    }
    m_refreshing = false;
}

// One panel edit on the undo stack: the values before and after (a ParamSet is a few dozen
// values, so whole sets are the delta). Consecutive edits of the same field merge.
class ParamEditCommand : public QUndoCommand {
public:
    ParamEditCommand(ParamPanel* panel, ParamSet before, ParamSet after, std::string name, const QString& text)
        : QUndoCommand(text), m_panel(panel), m_before(std::move(before)), m_after(std::move(after)),
          m_name(std::move(name)) {}
    int id() const override { return 0x5057; }
    bool mergeWith(const QUndoCommand* other) override {
        const auto* edit = static_cast<const ParamEditCommand*>(other);
        if (edit->m_panel != m_panel || m_name.empty() || edit->m_name != m_name) return false;
        m_after = edit->m_after;
        return true;
    }
    void redo() override {
        if (m_first) m_first = false;  // pushed after the edit happened
        else m_panel->restoreParams(m_after, m_name);
    }
    void undo() override { m_panel->restoreParams(m_before, m_name); }

private:
    ParamPanel* m_panel;
    ParamSet m_before, m_after;
    std::string m_name;
    bool m_first = true;
};

void ParamPanel::applyEdit(const std::string& name, const ParamValue& value) {
    if (m_refreshing) return;
    const ParamSet before = m_params;
    Status st = m_params.set(name, value);
    if (!st.ok()) {  // a widget range wider than the schema's cannot happen, but never crash
        SW_LOG_WARN(st.error().message);
        refreshEditors();
        return;
    }
    if (before.get(name) == m_params.get(name)) return;
    const ParamSpec* spec = m_schema.find(name);
    recordEdit(before, name, tr("Change %1").arg(spec ? trSchema(spec->label) : QString::fromStdString(name)));
    refreshPresetBox();
    emit changed(QString::fromStdString(name));
}

void ParamPanel::recordEdit(const ParamSet& before, const std::string& name, const QString& text) {
    if (m_undo) m_undo->push(new ParamEditCommand(this, before, m_params, name, text));
}

void ParamPanel::restoreParams(const ParamSet& params, const std::string& name) {
    m_params = params;
    refreshEditors();
    refreshPresetBox();
    emit changed(QString::fromStdString(name));
}

void ParamPanel::setParams(const ParamSet& params) {
    SW_REQUIRE(&params.schema() == &m_schema, "ParamSet of stage " << params.schema().stage());
    m_params = params;
    refreshEditors();
    refreshPresetBox();
}

Status ParamPanel::loadPresetFile(const QString& path) {
    ParamSet candidate = m_params;  // all or nothing: a bad file changes no value
    Status st = candidate.loadPreset(path.toStdString());
    if (!st.ok()) {
        showError(tr("Could not load preset %1:\n%2").arg(path, QString::fromStdString(st.error().message)));
        return st;
    }
    const ParamSet before = m_params;
    m_params = candidate;
    refreshEditors();
    recordEdit(before, {}, tr("Load preset %1").arg(QFileInfo(path).fileName()));
    saveUserPreset(QFileInfo(path).completeBaseName());  // imported: in the preset box from now on
    SW_LOG_INFO("Loaded " << m_schema.stage() << " preset " << path.toStdString());
    emit changed(QString());
    return st;
}

Status ParamPanel::savePresetFile(const QString& path) {
    Status st = m_params.savePreset(path.toStdString());
    if (!st.ok())
        showError(tr("Could not save preset %1:\n%2").arg(path, QString::fromStdString(st.error().message)));
    else
        SW_LOG_INFO("Saved " << m_schema.stage() << " preset " << path.toStdString());
    return st;
}

void ParamPanel::resetToDefaults() {
    const ParamSet before = m_params;
    m_params.resetToDefaults();
    refreshEditors();
    refreshPresetBox();
    recordEdit(before, {}, tr("Defaults"));
    emit changed(QString());
}

QPushButton* ParamPanel::addActionButton(const QString& text) {
    auto* button = new QPushButton(text, this);
    m_actions->addWidget(button);
    return button;
}

QWidget* ParamPanel::editorFor(const QString& name) const {
    for (QWidget* editor : m_editors)
        if (editor->objectName() == name) return editor;
    return nullptr;
}

void ParamPanel::setParamVisible(const QString& name, bool visible) {
    QWidget* editor = editorFor(name);
    if (!editor || !editor->parentWidget()) return;
    if (auto* form = qobject_cast<QFormLayout*>(editor->parentWidget()->layout())) form->setRowVisible(editor, visible);
    const auto i = std::size_t(std::find(m_editors.begin(), m_editors.end(), editor) - m_editors.begin());
    updateNote(i);
}

namespace {
QString numberText(const QLocale& locale, const ParamSpec& spec, double v) {
    QString text = spec.type == ParamType::Int ? locale.toString(qlonglong(std::llround(v))) : locale.toString(v, 'g', 6);
    if (!spec.unit.empty()) text += QLatin1Char(' ') + ParamPanel::trSchema(spec.unit);
    return text;
}
}  // namespace

void ParamPanel::reportClamped(std::size_t index, double typed, double set) {
    const ParamSpec& spec = m_schema.params()[index];
    QLocale l = m_editors[index]->locale();
    l.setNumberOptions(QLocale::OmitGroupSeparator);
    Note& note = m_notes[index];
    note.clamped = (typed > set ? tr("%1 is above the largest allowed value, %2: set to %2.")
                                : tr("%1 is below the smallest allowed value, %2: set to %2."))
                       .arg(l.toString(typed, 'g', 6), numberText(l, spec, set));
    note.justClamped = true;
}

void ParamPanel::updateNote(std::size_t index) {
    if (index >= m_notes.size()) return;
    Note& note = m_notes[index];
    if (!note.justClamped) note.clamped.clear();  // a later edit of the field ends the note
    note.justClamped = false;
    const QString text = note.error.isEmpty() ? note.clamped : note.error;
    note.label->setText(text);
    note.label->setStyleSheet(note.error.isEmpty() ? QStringLiteral("color: #b06000;") : QStringLiteral("color: #d04040;"));
    const bool shown = !text.isEmpty() && !m_editors[index]->isHidden();
    if (auto* form = qobject_cast<QFormLayout*>(note.label->parentWidget()->layout())) form->setRowVisible(note.label, shown);
}

void ParamPanel::setFieldError(const QString& name, const QString& text) {
    QWidget* editor = editorFor(name);
    if (!editor) return;
    const auto i = std::size_t(std::find(m_editors.begin(), m_editors.end(), editor) - m_editors.begin());
    if (m_notes[i].error == text) return;
    m_notes[i].error = text;
    m_notes[i].justClamped = !m_notes[i].clamped.isEmpty();  // keep a clamp note shown
    updateNote(i);
}

QString ParamPanel::fieldNote(const QString& name) const {
    QWidget* editor = editorFor(name);
    if (!editor) return {};
    const Note& note = m_notes[std::size_t(std::find(m_editors.begin(), m_editors.end(), editor) - m_editors.begin())];
    return note.label->isHidden() ? QString() : note.label->text();
}

namespace {
QString presetsKey(const ParamSchema& schema) { return QStringLiteral("presets/%1").arg(QString::fromStdString(schema.stage())); }
QVariantMap storedPresets(const ParamSchema& schema) { return QSettings().value(presetsKey(schema)).toMap(); }
}  // namespace

void ParamPanel::buildPresetRow(QVBoxLayout* outer) {
    auto* row = new QHBoxLayout;
    m_presetBox = new FocusWheel<QComboBox>(this);
    m_presetBox->setObjectName("presetBox");
    m_presetBox->setToolTip(tr("Named settings: the stage's own presets and yours (Save as…)"));
    auto* saveAs = new QPushButton(tr("Save as…"), this);
    saveAs->setObjectName("savePresetAs");
    saveAs->setToolTip(tr("Keep the current values as a preset of your own"));
    m_deletePreset = new QPushButton(tr("Delete"), this);
    m_deletePreset->setObjectName("deletePreset");
    m_deletePreset->setToolTip(tr("Delete the chosen preset of your own"));
    auto* label = new QLabel(tr("Preset"), this);
    label->setBuddy(m_presetBox);
    row->addWidget(label);
    row->addWidget(m_presetBox, 1);
    row->addWidget(saveAs);
    row->addWidget(m_deletePreset);
    outer->addLayout(row);
    connect(m_presetBox, &QComboBox::activated, this, [this](int index) {
        if (!applyPreset(m_presetBox->itemData(index).toString())) refreshPresetBox();
    });
    connect(saveAs, &QPushButton::clicked, this, [this] {
        auto* dialog = new QInputDialog(this);
        dialog->setObjectName("presetNameDialog");
        dialog->setWindowTitle(tr("Save preset"));
        dialog->setLabelText(tr("Name of the preset:"));
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QInputDialog::textValueSelected, this, [this](const QString& name) {
            if (!name.trimmed().isEmpty()) saveUserPreset(name.trimmed());
        });
        dialog->open();
    });
    connect(m_deletePreset, &QPushButton::clicked, this, [this] {
        const QString data = m_presetBox->currentData().toString();
        if (data.startsWith(QLatin1String("user:"))) deleteUserPreset(data.mid(5));
    });
}

QStringList ParamPanel::userPresets() const { return storedPresets(m_schema).keys(); }

QString ParamPanel::matchingPreset() const {
    const std::string builtin = m_params.presetName();
    if (builtin != kCustomPreset) return QStringLiteral("builtin:") + QString::fromStdString(builtin);
    const QVariantMap stored = storedPresets(m_schema);
    for (auto it = stored.cbegin(); it != stored.cend(); ++it) {
        ParamSet candidate = m_params;
        if (candidate.fromJson(it.value().toString().toStdString()).ok() && candidate.toJson() == m_params.toJson())
            return QStringLiteral("user:") + it.key();
    }
    return QString::fromLatin1(kCustomPreset);
}

void ParamPanel::refreshPresetBox() {
    if (!m_presetBox) return;
    const QSignalBlocker block(m_presetBox);
    m_presetBox->clear();
    m_presetBox->addItem(tr("Custom"), QString::fromLatin1(kCustomPreset));
    for (const ParamPreset& preset : m_schema.presets()) {
        m_presetBox->addItem(trSchema(preset.label), QStringLiteral("builtin:") + QString::fromStdString(preset.name));
        if (!preset.tooltip.empty()) m_presetBox->setItemData(m_presetBox->count() - 1, trSchema(preset.tooltip), Qt::ToolTipRole);
    }
    for (const QString& name : userPresets()) m_presetBox->addItem(name, QStringLiteral("user:") + name);
    m_presetBox->setCurrentIndex(std::max(0, m_presetBox->findData(matchingPreset())));
    m_deletePreset->setEnabled(m_presetBox->currentData().toString().startsWith(QLatin1String("user:")));
}

bool ParamPanel::applyPreset(const QString& data) {
    ParamSet candidate = m_params;
    QString text;
    if (data == QLatin1String(kCustomPreset)) {
        return true;  // Custom is where edits lead, not a set of values
    } else if (data.startsWith(QLatin1String("builtin:"))) {
        if (!candidate.applyPreset(data.mid(8).toStdString()).ok()) return false;
        const ParamPreset* preset = m_schema.findPreset(data.mid(8).toStdString());
        text = preset ? trSchema(preset->label) : data.mid(8);
    } else if (data.startsWith(QLatin1String("user:"))) {
        const QVariantMap stored = storedPresets(m_schema);
        const auto it = stored.find(data.mid(5));
        if (it == stored.end()) return false;
        if (Status st = candidate.fromJson(it.value().toString().toStdString()); !st.ok()) {
            showError(tr("Could not apply preset %1:\n%2").arg(data.mid(5), QString::fromStdString(st.error().message)));
            return false;
        }
        text = data.mid(5);
    } else {
        return false;
    }
    const ParamSet before = m_params;
    m_params = candidate;
    refreshEditors();
    refreshPresetBox();
    recordEdit(before, {}, tr("Preset %1").arg(text));
    emit changed(QString());
    return true;
}

void ParamPanel::saveUserPreset(const QString& name) {
    QVariantMap stored = storedPresets(m_schema);
    stored.insert(name, QString::fromStdString(m_params.toJson()));
    QSettings().setValue(presetsKey(m_schema), stored);
    refreshPresetBox();
    m_presetBox->setCurrentIndex(std::max(0, m_presetBox->findData(QStringLiteral("user:") + name)));
    m_deletePreset->setEnabled(true);
}

void ParamPanel::deleteUserPreset(const QString& name) {
    QVariantMap stored = storedPresets(m_schema);
    stored.remove(name);
    QSettings().setValue(presetsKey(m_schema), stored);
    refreshPresetBox();
}

void ParamPanel::showError(const QString& message) {
    SW_LOG_ERROR(message.toStdString());
    // Window-modal but not blocking, so no nested event loop runs inside a slot.
    auto* box = new QMessageBox(QMessageBox::Warning, tr("Preset"), message, QMessageBox::Ok, this);
    box->setObjectName("presetError");
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

}  // namespace sw::widgets
