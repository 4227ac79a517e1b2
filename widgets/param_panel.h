#pragma once
// A form generated from a parameter schema (STYLE habit 10): one group box per schema group,
// one editor per parameter (QCheckBox, QSpinBox, QDoubleSpinBox with range and unit suffix,
// QComboBox for choices, QLineEdit for text), each named after its parameter so tests and
// callers can find it, plus Load preset…, Save preset… and Defaults buttons. The panel owns a
// ParamSet that is always complete and valid; edits update it and emit changed().
// Labels, tooltips, groups and choice names come from core in English and are translated
// through the "schema" translation context.
//
// Presets (issue #16 build item 6): a preset box above the form lists "Custom", the presets the
// schema declares (ParamPreset) and the user's own, saved in QSettings ("presets/<stage>", name →
// preset JSON); choosing one applies it (undoable); the box follows the values (a built-in or
// user preset whose values match, else Custom). Save as… names the current values as a user
// preset, Delete removes the chosen user preset; Load preset… (a JSON file, imported as a user
// preset named after the file) and Save preset… (exports the values as JSON) share them.
//
// Editing as artists expect: a number shows its real value (significant digits, scientific
// notation for tiny or huge values, never "0.000" for 0.00016); the mouse wheel changes a field
// only when it has focus (over an unfocused field it scrolls the panel); with an undo stack
// set, every edit (a field, a preset, Defaults) is one undoable command, and consecutive edits
// of one field merge into one.
#include <QString>
#include <QWidget>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/schema.h"

class QComboBox;
class QLabel;
class QPushButton;
class QHBoxLayout;
class QUndoStack;
class QVBoxLayout;

namespace sw::widgets {

class ParamPanel : public QWidget {
    Q_OBJECT
public:
    // The schema must outlive the panel (stage schemas are static).
    explicit ParamPanel(const sw::ParamSchema& schema, QWidget* parent = nullptr);
    ~ParamPanel() override;

    const sw::ParamSet& params() const { return m_params; }
    // Replaces all values (same schema) and refreshes the editors; does not emit changed().
    void setParams(const sw::ParamSet& params);

    // Loads a JSON preset; on any error the values stay unchanged, the error is shown in a
    // message box and logged, and the error is returned.
    sw::Status loadPresetFile(const QString& path);
    sw::Status savePresetFile(const QString& path);
    void resetToDefaults();

    // The preset box ("presetBox"): item data "custom", "builtin:<name>" or "user:<name>".
    QComboBox* presetBox() const { return m_presetBox; }
    // Applies a preset by its box data; false (nothing changes) for an unknown one.
    bool applyPreset(const QString& data);
    // The current values as the user preset `name` (replaced if it exists); shown in the box.
    void saveUserPreset(const QString& name);
    void deleteUserPreset(const QString& name);
    QStringList userPresets() const;
    // What the box shows for the current values: the matching preset's data or "custom".
    QString matchingPreset() const;

    // Adds a stage action button (e.g. "Re-import", "Generate") under the form.
    QPushButton* addActionButton(const QString& text);

    // The editor widget of a parameter (objectName == parameter name), or nullptr.
    QWidget* editorFor(const QString& name) const;
    // Shows or hides a parameter's row (label and editor), e.g. a choice that does not apply
    // on this machine; its value stays in params(). Unknown names are ignored.
    void setParamVisible(const QString& name, bool visible);
    // A problem with a field in plain words, in red on a line under it (e.g. "Above Highest
    // elevation …"); an empty text clears it. Unknown names are ignored.
    void setFieldError(const QString& name, const QString& text);
    // What the line under a field says now: its error, else the note of a number typed outside
    // the range and clamped ("120 is above the largest allowed value, 89 deg: set to 89 deg"),
    // which stays until the field's next edit; empty when the line is hidden.
    QString fieldNote(const QString& name) const;

    // Edits from now on go on `stack` (nullptr: not undoable). The stack must outlive the panel
    // or be unset first.
    void setUndoStack(QUndoStack* stack) { m_undo = stack; }
    QUndoStack* undoStack() const { return m_undo; }

    // Translates a schema string (label, tooltip, group, choice) in the "schema" context.
    static QString trSchema(const std::string& text);

signals:
    void changed(const QString& name);

private:
    QWidget* createEditor(const sw::ParamSpec& spec);
    void reportClamped(std::size_t index, double typed, double set);
    void updateNote(std::size_t index);  // shows the error, else the clamp note, else nothing
    void refreshEditors();
    void applyEdit(const std::string& name, const sw::ParamValue& value);
    void showError(const QString& message);
    void buildPresetRow(QVBoxLayout* outer);
    void refreshPresetBox();  // items (built-in, user) and the current match
    // The values of an undo or redo: set, shown, changed() emitted (name empty: several).
    void restoreParams(const sw::ParamSet& params, const std::string& name);
    // Records an edit from `before` to the current values on the undo stack.
    void recordEdit(const sw::ParamSet& before, const std::string& name, const QString& text);
    friend class ParamEditCommand;

    const sw::ParamSchema& m_schema;
    sw::ParamSet m_params;
    std::vector<QWidget*> m_editors;  // one per schema parameter, same order
    struct Note {
        QLabel* label = nullptr;  // the line under the field
        QString error, clamped;
        bool justClamped = false;  // the clamp of the edit being committed
    };
    std::vector<Note> m_notes;  // same order
    QHBoxLayout* m_actions = nullptr;
    bool m_refreshing = false;
    QUndoStack* m_undo = nullptr;
    QComboBox* m_presetBox = nullptr;
    QPushButton* m_deletePreset = nullptr;
};

}  // namespace sw::widgets
