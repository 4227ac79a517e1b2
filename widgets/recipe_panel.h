#pragma once
// The Recipes panel (issue #5): the per-model material recipe (core/bake/materials.h) as an
// editable table — one row per rule, first match wins: class, hue, saturation and value ranges —
// with Add/Remove rule, Load…/Save… JSON, Default and Apply (the editor re-bakes), and the
// splats per class of the last bake.
#include <QString>
#include <QWidget>
#include <array>

#include "core/bake/materials.h"
#include "core/formats/spl2.h"

class QComboBox;
class QUndoStack;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableWidget;

namespace sw::widgets {

class RecipePanel : public QWidget {
    Q_OBJECT
public:
    explicit RecipePanel(QWidget* parent = nullptr);

    void setRecipe(const sw::bake::MaterialRecipe& recipe);  // emits no signal
    sw::bake::MaterialRecipe recipe() const;
    void resetToDefault();  // the built-in recipe; emits changed()

    // Loading keeps the table unchanged on error; both return the error (naming the file).
    sw::Status loadFile(const QString& path);
    sw::Status saveFile(const QString& path) const;

    // Splats per class after a bake, or cleared ("—").
    void setCounts(const std::array<int, sw::formats::kSpl2MaterialClasses>& counts);
    void clearCounts();
    QString countsText() const;

    // Edits from now on go on `stack` as one command each (a rule's field, Add, Remove, Load,
    // Default); undo and redo show the recipe again and emit changed(). nullptr: not undoable.
    void setUndoStack(QUndoStack* stack) { m_undo = stack; }

    int ruleCount() const;
    // The editor of a rule's column: 0 class (QComboBox), 1..6 hue min/max, saturation min/max,
    // value min/max (QDoubleSpinBox); for tests.
    QWidget* cellEditor(int rule, int column) const;

signals:
    void changed();
    void applyRequested();

private:
    class EditCommand;
    void addRule(const sw::bake::MaterialRule& rule);
    void recordEdit();                                    // on changed(): push the edit
    void showUndone(const sw::bake::MaterialRecipe& recipe);  // an undo or redo
    void showError(const sw::Error& error) const;

    QTableWidget* m_table;
    QLabel* m_counts;
    QLabel* m_error;
    QUndoStack* m_undo = nullptr;
    sw::bake::MaterialRecipe m_shown;  // the recipe as last set or recorded
    bool m_replaying = false;          // an undo/redo is setting the table
    bool m_wholeEdit = false;          // Default is changing the table: its own undo step
};

}  // namespace sw::widgets
