#pragma once
// The legend of what the viewport's colours mean (issue #16 item 7): the splat overlays (Part,
// Material, Chunk, AO, Emission, Shape, Floaters) and the mesh part colours. A small framed box
// kept in the bottom-left corner of the widget it is a child of (the viewport); its swatches come
// from core/render/overlay_palette, the palette the shader and the Parts list use.
#include <QColor>
#include <QFrame>
#include <QStringList>
#include <vector>

#include "core/render/splat_renderer.h"

class QLabel;
class QVBoxLayout;

namespace sw::widgets {

class OverlayLegend : public QFrame {
    Q_OBJECT
public:
    struct Entry {
        QColor color;  // the swatch
        QString text;
    };

    // `host`: the widget whose bottom-left corner the legend sits in (it follows its resizes).
    explicit OverlayLegend(QWidget* host);

    // The legend of a splat overlay; None hides it. partNames: names of parts 0..7 (missing
    // names read "Part n"); chunkCount: the model's chunks (the Chunk legend lists the first few).
    void showSplatOverlay(sw::render::SplatOverlay overlay, const QStringList& partNames = {}, int chunkCount = 0);
    // The mesh part colours: one swatch per part name.
    void showMeshParts(const QStringList& partNames);
    void clear();  // hidden

    QString title() const;
    const std::vector<Entry>& entries() const { return m_entries; }
    // The swatch widgets' colours as drawn (one per entry), for tests.
    QColor swatchColor(int entry) const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void setContent(const QString& title, std::vector<Entry> entries, const QString& note = {});
    void place();

    QWidget* m_host;
    QLabel* m_title = nullptr;
    QLabel* m_note = nullptr;
    QVBoxLayout* m_rows = nullptr;
    std::vector<Entry> m_entries;
    std::vector<QLabel*> m_swatches;
};

}  // namespace sw::widgets
