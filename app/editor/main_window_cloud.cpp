// MainWindow's splat state: the current cloud (trained or opened) and its baked game model.
// State and signals only; the viewport, Floater inspector and export react to the signals.
#include "app/editor/main_window.h"
#include "core/formats/spl2.h"
#include "core/splat/splat_cloud.h"

namespace sw::editor {

void MainWindow::setCurrentCloud(std::shared_ptr<const splat::SplatCloud> cloud, const QString& source) {
    m_cloud = std::move(cloud);
    m_cloudSource = m_cloud ? source : QString();
    const bool hadSpl2 = m_spl2 != nullptr;
    m_spl2.reset();
    m_floaterMask.clear();
    emit cloudChanged();
    if (hadSpl2) emit spl2Changed();
}

void MainWindow::setCurrentSpl2(std::shared_ptr<const formats::Spl2Model> model, std::vector<std::uint8_t> floaterMask) {
    m_spl2 = std::move(model);
    m_floaterMask = m_spl2 ? std::move(floaterMask) : std::vector<std::uint8_t>();
    emit spl2Changed();
}

}  // namespace sw::editor
