#include "widgets/overlay_legend.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPixmap>
#include <QVBoxLayout>
#include <algorithm>

#include "core/render/overlay_palette.h"

namespace sw::widgets {

namespace {
constexpr int kSwatch = 12;        // px
constexpr int kMargin = 8;         // px from the host's corner
constexpr int kChunksListed = 6;   // the Chunk legend shows the first few hues

QColor toColor(const render::OverlayRgb& c) { return QColor::fromRgbF(c.r, c.g, c.b); }

QString partName(const QStringList& names, int part) {
    return part < names.size() && !names[part].isEmpty() ? names[part] : OverlayLegend::tr("Part %1").arg(part + 1);
}
}  // namespace

OverlayLegend::OverlayLegend(QWidget* host) : QFrame(host), m_host(host) {
    setObjectName("overlayLegend");
    setFrameShape(QFrame::StyledPanel);
    setAutoFillBackground(true);
    QPalette pal = palette();
    pal.setColor(QPalette::Window, QColor(30, 30, 30, 215));
    pal.setColor(QPalette::WindowText, QColor(235, 235, 235));
    setPalette(pal);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(2);
    m_title = new QLabel;
    m_title->setObjectName("overlayLegendTitle");
    QFont bold = m_title->font();
    bold.setBold(true);
    m_title->setFont(bold);
    layout->addWidget(m_title);
    m_rows = new QVBoxLayout;
    m_rows->setSpacing(1);
    layout->addLayout(m_rows);
    m_note = new QLabel;
    m_note->setObjectName("overlayLegendNote");
    layout->addWidget(m_note);
    setAttribute(Qt::WA_TransparentForMouseEvents);  // clicks go to the viewport below
    host->installEventFilter(this);
    hide();
}

QString OverlayLegend::title() const { return isHidden() ? QString() : m_title->text(); }

QColor OverlayLegend::swatchColor(int entry) const {
    if (entry < 0 || entry >= int(m_swatches.size())) return {};
    return m_swatches[std::size_t(entry)]->pixmap().toImage().pixelColor(kSwatch / 2, kSwatch / 2);
}

void OverlayLegend::showSplatOverlay(render::SplatOverlay overlay, const QStringList& partNames, int chunkCount) {
    using render::SplatOverlay;
    std::vector<Entry> entries;
    switch (overlay) {
    case SplatOverlay::None: clear(); return;
    case SplatOverlay::Part:
    {
        const int n = partNames.isEmpty() ? render::kOverlayPartColors
                                          : std::min(int(partNames.size()), render::kOverlayPartColors);
        for (int p = 0; p < n; ++p) entries.push_back({toColor(render::partOverlayColor(p)), partName(partNames, p)});
    }
        setContent(tr("Part overlay"), std::move(entries));
        return;
    case SplatOverlay::Material: {
        const QString names[render::kOverlayMaterialColors] = {tr("default"), tr("chitin"), tr("bone"),
                                                               tr("flesh"),   tr("circuit"), tr("core")};
        for (int m = 0; m < render::kOverlayMaterialColors; ++m) entries.push_back({toColor(render::materialOverlayColor(m)), names[m]});
        setContent(tr("Material overlay"), std::move(entries));
        return;
    }
    case SplatOverlay::Chunk: {
        const int listed = std::min(std::max(chunkCount, 1), kChunksListed);
        for (int c = 0; c < listed; ++c) entries.push_back({toColor(render::chunkOverlayColor(c)), tr("Chunk %1").arg(c)});
        setContent(tr("Chunk overlay"), std::move(entries),
                   chunkCount > listed ? tr("%n chunk(s) in all, one hue each", nullptr, chunkCount) : QString());
        return;
    }
    case SplatOverlay::Ao:
        entries = {{toColor(render::aoOverlayColor(0.f)), tr("0: fully occluded")},
                   {toColor(render::aoOverlayColor(0.5f)), tr("0.5: half open")},
                   {toColor(render::aoOverlayColor(1.f)), tr("1: open sky")}};
        setContent(tr("AO overlay (ambient occlusion)"), std::move(entries));
        return;
    case SplatOverlay::Emission:
        entries = {{toColor(render::emissionOverlayColor(1)), tr("level 1 (faint)")},
                   {toColor(render::emissionOverlayColor(8)), tr("level 8")},
                   {toColor(render::emissionOverlayColor(15)), tr("level 15 (brightest)")}};
        setContent(tr("Emission overlay"), std::move(entries), tr("Splats that do not glow: their own colour, dimmed"));
        return;
    case SplatOverlay::Shape: {
        const QString names[render::kOverlayShapeColors] = {tr("dot"), tr("rounded hexagon"), tr("plate")};
        for (int s = 0; s < render::kOverlayShapeColors; ++s) entries.push_back({toColor(render::shapeOverlayColor(s)), names[s]});
        setContent(tr("Shape overlay"), std::move(entries));
        return;
    }
    case SplatOverlay::Floater:
        entries = {{toColor(render::floaterOverlayColor()), tr("floater (flagged for removal)")}};
        setContent(tr("Floater overlay"), std::move(entries), tr("Kept splats: their own colour, dimmed"));
        return;
    }
    clear();
}

void OverlayLegend::showMeshParts(const QStringList& partNames) {
    std::vector<Entry> entries;
    const int n = std::clamp(int(partNames.size()), 1, render::kOverlayPartColors);
    for (int p = 0; p < n; ++p) entries.push_back({toColor(render::partOverlayColor(p)), partName(partNames, p)});
    setContent(tr("Part colours"), std::move(entries));
}

void OverlayLegend::clear() {
    m_entries.clear();
    hide();
}

void OverlayLegend::setContent(const QString& title, std::vector<Entry> entries, const QString& note) {
    while (QLayoutItem* item = m_rows->takeAt(0)) {
        if (QLayout* row = item->layout()) {
            while (QLayoutItem* child = row->takeAt(0)) {
                delete child->widget();
                delete child;
            }
        }
        delete item;
    }
    m_swatches.clear();
    m_entries = std::move(entries);
    m_title->setText(title);
    for (const Entry& entry : m_entries) {
        auto* row = new QHBoxLayout;
        row->setSpacing(5);
        QPixmap swatch(kSwatch, kSwatch);
        swatch.fill(entry.color);
        auto* box = new QLabel;
        box->setPixmap(swatch);
        box->setFixedSize(kSwatch, kSwatch);
        auto* text = new QLabel(entry.text);
        row->addWidget(box);
        row->addWidget(text, 1);
        m_rows->addLayout(row);
        // Shown now: a child added to a visible frame is otherwise shown by a queued call, after
        // place() has sized the frame without it (the legend collapsed when switching straight
        // from one overlay to another).
        box->show();
        text->show();
        m_swatches.push_back(box);
    }
    m_note->setText(note);
    m_note->setVisible(!note.isEmpty());
    show();
    raise();
    place();
}

void OverlayLegend::place() {
    layout()->invalidate();  // the rows were just replaced
    layout()->activate();
    adjustSize();
    move(kMargin, std::max(0, m_host->height() - height() - kMargin));
}

bool OverlayLegend::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_host && event->type() == QEvent::Resize && isVisible()) place();
    return QFrame::eventFilter(watched, event);
}

}  // namespace sw::widgets
