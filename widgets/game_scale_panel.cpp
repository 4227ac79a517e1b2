#include "widgets/game_scale_panel.h"

#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPixmap>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QVBoxLayout>

#include "core/render/game_scale.h"
#include "widgets/viewport.h"

namespace sw::widgets {

GameScalePanel::GameScalePanel(Viewport* viewport, QWidget* parent) : QWidget(parent), m_viewport(viewport) {
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    m_height = new QSpinBox;
    m_height->setObjectName("gameScaleHeight");
    m_height->setRange(60, 100);
    m_height->setValue(render::GameScaleSettings{}.heightPx);
    m_height->setSuffix(tr(" px"));
    m_height->setToolTip(tr("Height of the model on screen in the game (60–100 px)"));
    form->addRow(tr("Target height"), m_height);
    m_heading = new QSpinBox;
    m_heading->setObjectName("gameScaleHeading");
    m_heading->setRange(0, 359);
    m_heading->setWrapping(true);
    m_heading->setValue(int(render::GameScaleSettings{}.headingDeg));
    m_heading->setSuffix(tr("°"));
    m_heading->setToolTip(tr("Game camera heading around the model (0 = front)"));
    form->addRow(tr("Heading"), m_heading);
    layout->addLayout(form);

    auto* refreshButton = new QPushButton(tr("Refresh"));
    refreshButton->setObjectName("gameScaleRefresh");
    refreshButton->setToolTip(tr("Render the game-scale sheet of the current splat model"));
    connect(refreshButton, &QPushButton::clicked, this, [this] { refresh(); });
    auto* row = new QHBoxLayout;
    row->addWidget(refreshButton);
    row->addStretch(1);
    layout->addLayout(row);

    m_info = new QLabel(tr("×1 and ×3 nearest-neighbour, on grey and on black; the source mesh to the right of the splats."));
    m_info->setObjectName("gameScaleInfo");
    m_info->setWordWrap(true);
    layout->addWidget(m_info);
    m_view = new QLabel;
    m_view->setObjectName("gameScaleImage");
    m_view->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_view);
    scroll->setWidgetResizable(true);
    layout->addWidget(scroll, 1);
}

void GameScalePanel::setTargetHeight(int px) { m_height->setValue(px); }

int GameScalePanel::targetHeight() const { return m_height->value(); }

bool GameScalePanel::refresh() {
    if (!m_viewport->splatModel()) {
        m_info->setText(tr("No splat model: train or open a splat cloud first."));
        return false;
    }
    render::GameScaleSettings s;
    s.heightPx = m_height->value();
    s.headingDeg = float(m_heading->value());
    s.look = m_viewport->splatLook();
    const QImage image = m_viewport->renderGameScale(s);
    if (image.isNull()) {
        m_info->setText(tr("The game-scale view could not be rendered (see the log)."));
        return false;
    }
    m_image = image;
    m_view->setPixmap(QPixmap::fromImage(m_image));
    m_info->setText(tr("%1 px tall, heading %2°: ×1 and ×%3 nearest-neighbour, grey and black (%4 × %5 px).")
                        .arg(s.heightPx)
                        .arg(m_heading->value())
                        .arg(s.zoom)
                        .arg(m_image.width())
                        .arg(m_image.height()));
    emit refreshed(m_image);
    return true;
}

}  // namespace sw::widgets
