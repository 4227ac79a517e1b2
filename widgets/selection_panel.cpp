#include "widgets/selection_panel.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QGuiApplication>
#include <QGroupBox>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>
#include <cmath>

namespace sw::widgets {

// Bars of a histogram with the selected range shaded.
class HistogramView : public QWidget {
public:
    explicit HistogramView(QWidget* parent = nullptr) : QWidget(parent) { setMinimumHeight(70); }
    void set(const splat::Histogram* h, float lo, float hi) {
        m_h = h, m_lo = lo, m_hi = hi;
        update();
    }

protected:
    void paintEvent(QPaintEvent*) override {
        QPainter p(this);
        p.fillRect(rect(), palette().base());
        if (!m_h || m_h->counts.empty()) return;
        const int peak = std::max(1, *std::max_element(m_h->counts.begin(), m_h->counts.end()));
        const double bw = double(width()) / double(m_h->counts.size());
        const double span = m_h->hi > m_h->lo ? double(m_h->hi - m_h->lo) : 1.0;
        for (std::size_t b = 0; b < m_h->counts.size(); ++b) {
            const double mid = double(m_h->lo) + (double(b) + 0.5) / double(m_h->counts.size()) * span;
            const bool in = mid >= double(m_lo) && mid <= double(m_hi);
            // Log height so a few outliers (the floaters) stay visible next to the bulk.
            const double hgt = std::log1p(double(m_h->counts[b])) / std::log1p(double(peak)) * (height() - 2);
            p.fillRect(QRectF(b * bw, height() - hgt, std::max(1.0, bw - 1.0), hgt),
                       in ? QColor(255, 0, 255) : palette().color(QPalette::Mid));
        }
    }

private:
    const splat::Histogram* m_h = nullptr;
    float m_lo = 0.f, m_hi = 0.f;
};

namespace {
constexpr int kBins = 48;

QDoubleSpinBox* spin(double lo, double hi, double value, int decimals, const char* name) {
    auto* s = new QDoubleSpinBox;
    s->setRange(lo, hi);
    s->setDecimals(decimals);
    s->setValue(value);
    s->setObjectName(QString::fromLatin1(name));
    return s;
}
}  // namespace

namespace {
struct ToolText {
    Viewport::SelectTool tool;
    const char* text;
    const char* tip;
    const char* name;
};
#define SW_TR(text) QT_TRANSLATE_NOOP("sw::widgets::SelectionPanel", text)
// The tool buttons' texts (translated when shown, so a language switch can set them again).
const ToolText kToolTexts[] = {
    {Viewport::SelectTool::None, SW_TR("Navigate"), SW_TR("The left button turns the camera"), "selectNavigate"},
    {Viewport::SelectTool::Click, SW_TR("Click"), SW_TR("Pick the front-most splat under the cursor"), "selectClick"},
    {Viewport::SelectTool::Box, SW_TR("Box"), SW_TR("Drag a rectangle"), "selectBox"},
    {Viewport::SelectTool::Lasso, SW_TR("Lasso"), SW_TR("Draw around the splats"), "selectLasso"},
    {Viewport::SelectTool::Brush, SW_TR("Brush"), SW_TR("Paint over the splats"), "selectBrush"},
    {Viewport::SelectTool::Sphere, SW_TR("Sphere"), SW_TR("Click a splat and drag out a ball around it"), "selectSphere"},
};
#undef SW_TR
}  // namespace

void SelectionPanel::setToolTexts() {
    for (const auto& kind : kToolTexts) {
        QAbstractButton* b = m_tools->button(int(kind.tool));
        if (!b) continue;
        b->setText(tr(kind.text));
        b->setToolTip(tr(kind.tip) + tr(" (Shift adds, Ctrl subtracts, Alt turns the camera)"));
    }
}

void SelectionPanel::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        setToolTexts();
        updateCount(m_viewport->selectedCount());
    }
    QWidget::changeEvent(event);
}

SelectionPanel::SelectionPanel(Viewport* viewport, QWidget* parent) : QWidget(parent), m_viewport(viewport) {
    auto* layout = new QVBoxLayout(this);
    // Tools
    auto* tools = new QGridLayout;
    m_tools = new QButtonGroup(this);
    int k = 0;
    for (const ToolText& kind : kToolTexts) {
        auto* b = new QToolButton;
        b->setObjectName(QString::fromLatin1(kind.name));
        b->setCheckable(true);
        b->setToolButtonStyle(Qt::ToolButtonTextOnly);
        b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        m_tools->addButton(b, int(kind.tool));
        tools->addWidget(b, k / 3, k % 3);
        ++k;
    }
    setToolTexts();
    m_tools->button(int(viewport->selectTool()))->setChecked(true);
    layout->addLayout(tools);
    auto* form = new QFormLayout;
    m_depthAware = new QCheckBox(tr("Front-most only"));
    m_depthAware->setObjectName("selectDepthAware");
    m_depthAware->setToolTip(tr("Pick only splats the camera sees, not those behind them"));
    form->addRow(m_depthAware);
    m_brush = spin(2, 400, viewport->brushRadius(), 0, "selectBrushRadius");
    m_brush->setSuffix(tr(" px"));
    form->addRow(tr("Brush radius"), m_brush);
    m_radius = spin(0.0005, 1, 0.02, 4, "selectGrowRadius");
    m_radius->setSuffix(tr(" model units"));
    m_radius->setToolTip(tr("Grow and Shrink reach this far (model units)"));
    form->addRow(tr("Grow/shrink radius"), m_radius);
    layout->addLayout(form);

    auto* commands = new QGridLayout;
    const auto button = [this](const QString& text, const char* name, const QString& tip) {
        auto* b = new QPushButton(text);
        b->setObjectName(QString::fromLatin1(name));
        b->setToolTip(tip);
        return b;
    };
    QPushButton* all = button(tr("All"), "selectAll", tr("Select every visible splat"));
    QPushButton* none = button(tr("None"), "selectNone", tr("Clear the selection (Esc)"));
    QPushButton* invert = button(tr("Invert"), "selectInvert", tr("Select the visible splats that are not selected"));
    QPushButton* grow = button(tr("Grow"), "selectGrow", tr("Add the splats within the radius of the selection"));
    QPushButton* shrink = button(tr("Shrink"), "selectShrink", tr("Drop the selected splats near an unselected one"));
    QPushButton* frame = button(tr("Frame"), "selectFrame", tr("Move the camera to the selection (F)"));
    QPushButton* hide = button(tr("Hide"), "selectHide", tr("Hide the selected splats in the view (undoable)"));
    QPushButton* show = button(tr("Show all"), "selectShowAll", tr("Show the hidden splats again (undoable)"));
    QPushButton* del = button(tr("Delete"), "selectDelete", tr("Delete the selected splats from the cloud (Delete; undoable)"));
    QPushButton* crop = button(tr("Crop"), "selectCrop",
                               tr("Delete every splat outside the crop box while it shows, else outside the selection's "
                                  "bounding box (undoable)"));
    QPushButton* cropBox = button(tr("Crop box"), "selectCropBox",
                                  tr("Show a box in the viewport to drag and resize by its handles; Crop then deletes "
                                     "every splat outside it"));
    cropBox->setCheckable(true);
    int c = 0;
    for (QPushButton* b : {all, none, invert, grow, shrink, frame, hide, show, del, cropBox, crop})
        commands->addWidget(b, c / 3, c % 3), ++c;
    layout->addLayout(commands);

    auto* byValue = new QGroupBox(tr("Select by value"));
    auto* vl = new QVBoxLayout(byValue);
    m_attribute = new QComboBox;
    m_attribute->setObjectName("selectAttribute");
    m_attribute->addItems({tr("Opacity"), tr("Size (model units)"), tr("Distance to mesh (model units)"),
                           tr("Floater signs (0–4)")});
    vl->addWidget(m_attribute);
    m_histView = new HistogramView;
    m_histView->setObjectName("selectHistogram");
    vl->addWidget(m_histView);
    auto* range = new QHBoxLayout;
    m_lo = spin(-1e9, 1e9, 0, 4, "selectRangeMin");
    m_hi = spin(-1e9, 1e9, 1, 4, "selectRangeMax");
    QPushButton* pick = button(tr("Select"), "selectRange", tr("Select the splats whose value lies in the range (Shift: add)"));
    range->addWidget(m_lo);
    range->addWidget(new QLabel(QStringLiteral("–")));
    range->addWidget(m_hi);
    range->addWidget(pick);
    vl->addLayout(range);
    layout->addWidget(byValue);
    m_count = new QLabel;
    m_count->setObjectName("selectCount");
    layout->addWidget(m_count);
    layout->addStretch(1);

    connect(m_tools, &QButtonGroup::idClicked, this, [this](int id) { m_viewport->setSelectTool(Viewport::SelectTool(id)); });
    connect(m_depthAware, &QCheckBox::toggled, m_viewport, &Viewport::setDepthAware);
    connect(m_brush, &QDoubleSpinBox::valueChanged, this, [this](double v) { m_viewport->setBrushRadius(float(v)); });
    connect(all, &QPushButton::clicked, m_viewport, &Viewport::selectAll);
    connect(none, &QPushButton::clicked, m_viewport, &Viewport::clearSelection);
    connect(invert, &QPushButton::clicked, m_viewport, &Viewport::invertSelection);
    connect(grow, &QPushButton::clicked, this, [this] { m_viewport->growSelection(growRadius()); });
    connect(shrink, &QPushButton::clicked, this, [this] { m_viewport->shrinkSelection(growRadius()); });
    connect(frame, &QPushButton::clicked, m_viewport, &Viewport::frameSelection);
    connect(hide, &QPushButton::clicked, this, &SelectionPanel::hideRequested);
    connect(show, &QPushButton::clicked, this, &SelectionPanel::showAllRequested);
    connect(del, &QPushButton::clicked, this, &SelectionPanel::deleteRequested);
    connect(crop, &QPushButton::clicked, this, &SelectionPanel::cropRequested);
    connect(cropBox, &QPushButton::toggled, m_viewport, &Viewport::setCropBoxVisible);
    connect(m_attribute, &QComboBox::currentIndexChanged, this, [this] { emit attributeRequested(attribute()); });
    connect(pick, &QPushButton::clicked, this, [this] { selectRange(QGuiApplication::keyboardModifiers() & Qt::ShiftModifier); });
    for (QDoubleSpinBox* s : {m_lo, m_hi})
        connect(s, &QDoubleSpinBox::valueChanged, this, [this] { m_histView->set(&m_histogram, float(m_lo->value()), float(m_hi->value())); });
    connect(m_viewport, &Viewport::selectionChanged, this, &SelectionPanel::updateCount);
    connect(m_viewport, &Viewport::splatModelChanged, this, [this] {
        m_values.clear();
        m_histogram = {};
        m_histView->set(&m_histogram, 0.f, 0.f);
        updateCount(m_viewport->selectedCount());
    });
    updateCount(0);
}

SelectionPanel::Attribute SelectionPanel::attribute() const { return Attribute(m_attribute->currentIndex()); }

void SelectionPanel::setAttributeValues(std::vector<float> values) {
    m_values = std::move(values);
    m_histogram = splat::histogram(m_values, kBins);
    const int decimals = attribute() == Attribute::FloaterSigns ? 0 : 4;
    for (QDoubleSpinBox* s : {m_lo, m_hi}) {
        s->setDecimals(decimals);
        s->setSingleStep(m_histogram.hi > m_histogram.lo ? double(m_histogram.hi - m_histogram.lo) / kBins : 0.01);
    }
    setRange(m_histogram.lo, m_histogram.hi);
}

void SelectionPanel::setRange(float lo, float hi) {
    m_lo->setValue(double(lo));
    m_hi->setValue(double(hi));
    m_histView->set(&m_histogram, float(m_lo->value()), float(m_hi->value()));
}

void SelectionPanel::selectRange(bool add) {
    if (m_values.empty()) emit attributeRequested(attribute());
    if (m_values.size() != m_viewport->splatCount()) return;
    // The spin boxes round to their decimals: widen by half a step so the shown bounds are inclusive.
    const float slack = 0.5f * float(std::pow(10.0, -m_lo->decimals()));
    const splat::Mask hits = splat::inRange(m_values, float(m_lo->value()) - slack, float(m_hi->value()) + slack);
    std::vector<std::uint8_t> selection = m_viewport->selection();
    splat::applySelection(selection, hits, add ? splat::SelectOp::Add : splat::SelectOp::Replace, m_viewport->hidden());
    m_viewport->setSelection(std::move(selection));
}

float SelectionPanel::growRadius() const { return float(m_radius->value()); }

QString SelectionPanel::countText() const { return m_count->text(); }

void SelectionPanel::updateCount(std::size_t count) {
    const std::size_t total = m_viewport->splatCount();
    m_count->setText(tr("%1 of %2 splats selected").arg(count).arg(total));
}

}  // namespace sw::widgets
