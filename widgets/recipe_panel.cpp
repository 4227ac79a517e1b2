#include "widgets/recipe_panel.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

#include "core/foundation/log.h"

namespace sw::widgets {

namespace {

constexpr int kColumns = 7;  // class, hue min/max, saturation min/max, value min/max

QDoubleSpinBox* rangeBox(double max, double value, int decimals) {
    auto* box = new QDoubleSpinBox;
    box->setRange(0, max);
    box->setDecimals(decimals);
    box->setSingleStep(max > 1 ? 5 : 0.05);
    box->setValue(value);
    box->setFrame(false);
    return box;
}

double spin(const QTableWidget* table, int row, int column) {
    return static_cast<QDoubleSpinBox*>(table->cellWidget(row, column))->value();
}

}  // namespace

RecipePanel::RecipePanel(QWidget* parent) : QWidget(parent) {
    auto* layout = new QVBoxLayout(this);
    auto* hint = new QLabel(tr("Rules in order, first match wins; unmatched splats are default. "
                               "Hue in degrees (min > max wraps through 0), saturation and value 0–1."));
    hint->setWordWrap(true);
    layout->addWidget(hint);
    m_table = new QTableWidget(0, kColumns);
    m_table->setObjectName("recipeTable");
    m_table->setHorizontalHeaderLabels(
        {tr("Class"), tr("Hue min"), tr("Hue max"), tr("Sat min"), tr("Sat max"), tr("Val min"), tr("Val max")});
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    layout->addWidget(m_table, 1);

    auto* rows = new QHBoxLayout;
    auto* add = new QPushButton(tr("Add rule"));
    auto* remove = new QPushButton(tr("Remove rule"));
    auto* load = new QPushButton(tr("Load…"));
    auto* save = new QPushButton(tr("Save…"));
    auto* reset = new QPushButton(tr("Default"));
    auto* apply = new QPushButton(tr("Apply"));
    apply->setObjectName("recipeApply");
    apply->setToolTip(tr("Bake again with this recipe"));
    for (QPushButton* b : {add, remove, load, save, reset, apply}) rows->addWidget(b);
    layout->addLayout(rows);
    m_error = new QLabel;
    m_error->setObjectName("recipeError");
    m_error->setStyleSheet(QStringLiteral("color: #c0392b"));
    m_error->setWordWrap(true);
    m_error->hide();
    layout->addWidget(m_error);
    m_counts = new QLabel;
    m_counts->setObjectName("recipeCounts");
    m_counts->setWordWrap(true);
    layout->addWidget(m_counts);

    connect(add, &QPushButton::clicked, this, [this] {
        addRule({});
        emit changed();
    });
    connect(remove, &QPushButton::clicked, this, [this] {
        const int row = m_table->currentRow() >= 0 ? m_table->currentRow() : m_table->rowCount() - 1;
        if (row < 0) return;
        m_table->removeRow(row);
        emit changed();
    });
    connect(load, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getOpenFileName(this, tr("Load Recipe"), {}, tr("Recipes (*.json)"));
        const bake::MaterialRecipe before = m_shown;  // loadFile shows the file's recipe
        if (path.isEmpty() || !loadFile(path).ok()) return;
        m_shown = before;
        emit changed();  // one undoable edit
    });
    connect(save, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Save Recipe"), {}, tr("Recipes (*.json)"));
        if (!path.isEmpty()) (void)saveFile(path);
    });
    connect(reset, &QPushButton::clicked, this, &RecipePanel::resetToDefault);
    connect(apply, &QPushButton::clicked, this, &RecipePanel::applyRequested);
    connect(this, &RecipePanel::changed, this, &RecipePanel::recordEdit);
    setRecipe(bake::defaultRecipe());
    clearCounts();
}

void RecipePanel::addRule(const bake::MaterialRule& rule) {
    const int row = m_table->rowCount();
    m_table->insertRow(row);
    auto* cls = new QComboBox;
    for (int c = 0; c < formats::kSpl2MaterialClasses; ++c)
        cls->addItem(QString::fromLatin1(bake::materialName(formats::MaterialClass(c))), c);
    cls->setCurrentIndex(int(rule.material));
    m_table->setCellWidget(row, 0, cls);
    connect(cls, &QComboBox::currentIndexChanged, this, &RecipePanel::changed);
    const double values[6] = {rule.hueMin, rule.hueMax, rule.satMin, rule.satMax, rule.valMin, rule.valMax};
    for (int k = 0; k < 6; ++k) {
        QDoubleSpinBox* box = k < 2 ? rangeBox(360, values[k], 0) : rangeBox(1, values[k], 2);
        m_table->setCellWidget(row, k + 1, box);
        connect(box, &QDoubleSpinBox::valueChanged, this, &RecipePanel::changed);
    }
}

void RecipePanel::setRecipe(const bake::MaterialRecipe& recipe) {
    const QSignalBlocker block(this);
    m_table->setRowCount(0);
    for (const bake::MaterialRule& rule : recipe.rules) addRule(rule);
    setProperty("recipeName", QString::fromStdString(recipe.name));
    m_error->hide();
    m_shown = recipe;
}

namespace {

// The one field an edit changed, as row · 8 + column (0 class, 1..6 the bounds), or −1 when
// the edit changed the rules or more than one field.
int editedField(const bake::MaterialRecipe& a, const bake::MaterialRecipe& b) {
    if (a.rules.size() != b.rules.size()) return -1;
    int field = -1;
    for (std::size_t r = 0; r < a.rules.size(); ++r) {
        const bake::MaterialRule &x = a.rules[r], &y = b.rules[r];
        const float xs[6] = {x.hueMin, x.hueMax, x.satMin, x.satMax, x.valMin, x.valMax};
        const float ys[6] = {y.hueMin, y.hueMax, y.satMin, y.satMax, y.valMin, y.valMax};
        for (int k = 0; k < 7; ++k) {
            const bool differs = k == 0 ? x.material != y.material : xs[k - 1] != ys[k - 1];
            if (!differs) continue;
            if (field >= 0) return -1;
            field = int(r) * 8 + k;
        }
    }
    return field;
}

}  // namespace

// One recipe edit: the whole recipe before and after (a few rules, never splat data).
// Consecutive edits of one field (a spin box stepped or typed into, digit by digit) merge into
// one undo step.
class RecipePanel::EditCommand : public QUndoCommand {
public:
    // mergeable: a field's own edit (Default, a loaded recipe: never merged)
    EditCommand(RecipePanel* panel, bake::MaterialRecipe before, bake::MaterialRecipe after, bool mergeable)
        : QUndoCommand(RecipePanel::tr("Edit recipe")), m_panel(panel), m_field(mergeable ? editedField(before, after) : -1),
          m_before(std::move(before)), m_after(std::move(after)) {}
    int id() const override { return 0x5250; }
    bool mergeWith(const QUndoCommand* other) override {
        const auto* edit = static_cast<const EditCommand*>(other);
        if (edit->m_panel != m_panel || m_field < 0 || edit->m_field != m_field) return false;
        m_after = edit->m_after;
        return true;
    }
    void redo() override {
        if (m_first) m_first = false;  // pushed after the edit was made
        else m_panel->showUndone(m_after);
    }
    void undo() override { m_panel->showUndone(m_before); }

private:
    RecipePanel* m_panel;
    int m_field;
    bake::MaterialRecipe m_before, m_after;
    bool m_first = true;
};

void RecipePanel::recordEdit() {
    bake::MaterialRecipe now = recipe();
    if (m_undo && !m_replaying) m_undo->push(new EditCommand(this, m_shown, now, !m_wholeEdit));
    m_shown = std::move(now);
}

void RecipePanel::showUndone(const bake::MaterialRecipe& recipe) {
    m_replaying = true;
    setRecipe(recipe);
    emit changed();
    m_replaying = false;
}

bake::MaterialRecipe RecipePanel::recipe() const {
    bake::MaterialRecipe out;
    out.name = property("recipeName").toString().toStdString();
    for (int row = 0; row < m_table->rowCount(); ++row) {
        bake::MaterialRule r;
        r.material = formats::MaterialClass(static_cast<QComboBox*>(m_table->cellWidget(row, 0))->currentData().toInt());
        r.hueMin = float(spin(m_table, row, 1));
        r.hueMax = float(spin(m_table, row, 2));
        r.satMin = float(spin(m_table, row, 3));
        r.satMax = float(spin(m_table, row, 4));
        r.valMin = float(spin(m_table, row, 5));
        r.valMax = float(spin(m_table, row, 6));
        out.rules.push_back(r);
    }
    return out;
}

void RecipePanel::resetToDefault() {
    const bake::MaterialRecipe before = m_shown;
    setRecipe(bake::defaultRecipe());
    m_shown = before;
    m_wholeEdit = true;
    emit changed();  // one undoable edit
    m_wholeEdit = false;
}

Status RecipePanel::loadFile(const QString& path) {
    auto loaded = bake::loadRecipe(path.toStdString());
    if (!loaded) {
        showError(loaded.error());
        return loaded.error();
    }
    setRecipe(*loaded);
    return {};
}

Status RecipePanel::saveFile(const QString& path) const {
    Status st = bake::saveRecipe(path.toStdString(), recipe());
    if (!st) showError(st.error());
    return st;
}

void RecipePanel::showError(const Error& error) const {
    SW_LOG_ERROR("Recipe: " << error.toString());
    m_error->setText(QString::fromStdString(error.toString()));
    m_error->show();
}

void RecipePanel::setCounts(const std::array<int, formats::kSpl2MaterialClasses>& counts) {
    QStringList parts;
    for (int c = 0; c < formats::kSpl2MaterialClasses; ++c)
        parts << QStringLiteral("%1 %2").arg(QString::fromLatin1(bake::materialName(formats::MaterialClass(c))))
                     .arg(counts[std::size_t(c)]);
    m_counts->setText(tr("Last bake: %1").arg(parts.join(QStringLiteral(" · "))));
}

void RecipePanel::clearCounts() { m_counts->setText(tr("Last bake: —")); }

QString RecipePanel::countsText() const { return m_counts->text(); }

int RecipePanel::ruleCount() const { return m_table->rowCount(); }

QWidget* RecipePanel::cellEditor(int rule, int column) const { return m_table->cellWidget(rule, column); }

}  // namespace sw::widgets
