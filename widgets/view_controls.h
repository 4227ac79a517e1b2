#pragma once
// The viewport's View controls (issue #6.2/#6.5, #5.5): Mesh | Splats, Orbit | Game camera,
// Grey | Black background, the splat overlay (None, Part, Material, Chunk, AO, Emission, Shape,
// Floaters), the Core and Shell passes and the LOD slider (the first k core splats, "k / n").
// Every control acts on the Viewport directly; sync() re-reads it after outside changes.
#include <QWidget>

class QButtonGroup;
class QCheckBox;
class QComboBox;
class QHBoxLayout;
class QLabel;
class QSlider;

namespace sw::widgets {

class Viewport;

class ViewControls : public QWidget {
    Q_OBJECT
public:
    explicit ViewControls(Viewport* viewport, QWidget* parent = nullptr);

    // Re-reads content, camera, background and the splat model's core count (the LOD range)
    // from the viewport; the LOD goes back to all core splats when n changed.
    void sync();
    // Sets the LOD slider (clamped to 0..n_core) and the viewport's core count.
    void setLod(int k);
    int lod() const;

    QComboBox* overlayBox() const { return m_overlay; }
    QSlider* lodSlider() const { return m_lod; }

signals:
    // A control changed the viewport (content, camera, background, overlay, passes, LOD).
    void changed();

protected:
    void changeEvent(QEvent* event) override;  // the LOD label in the new language

private:
    QButtonGroup* addToggle(QHBoxLayout* row, const QString& a, const QString& b, const char* name);
    void addPassesAndLod(QHBoxLayout* row);  // Core, Shell, the LOD slider and its label
    void updateLodLabel();

    Viewport* m_viewport;
    QButtonGroup* m_content = nullptr;
    QButtonGroup* m_camera = nullptr;
    QButtonGroup* m_background = nullptr;
    QComboBox* m_overlay = nullptr;
    QCheckBox* m_core = nullptr;
    QCheckBox* m_shell = nullptr;
    QSlider* m_lod = nullptr;
    QLabel* m_lodLabel = nullptr;
    int m_coreTotal = -1;
};

}  // namespace sw::widgets
