#include "widgets/game_scale_panel.h"

#include <QComboBox>
#include <QEvent>
#include <QDir>
#include <QFileInfo>
#include <QGridLayout>
#include <QLocale>
#include <QHBoxLayout>
#include <QLabel>
#include <QPainter>
#include <QPixmap>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>
#include <algorithm>
#include <vector>

#include "core/formats/spl2.h"
#include "core/render/game_scale.h"
#include "widgets/viewport.h"

namespace sw::widgets {
namespace {

constexpr int REFRESH_DELAY_MS = 150;  // coalesces a burst of changes (a spin box held down)

}  // namespace

GameScalePanel::GameScalePanel(Viewport* viewport, QWidget* parent)
    : QWidget(parent), m_viewport(viewport), m_timer(new QTimer(this)) {
    auto* layout = new QVBoxLayout(this);
    // The settings in two rows of two, so the sheet keeps the dock's height (a short dock at the
    // bottom showed a strip of it).
    auto* form = new QGridLayout;
    form->setColumnStretch(1, 1);
    form->setColumnStretch(3, 2);
    const auto addRow = [form](int row, int column, const QString& label, QWidget* field) {
        auto* text = new QLabel(label);
        text->setBuddy(field);
        form->addWidget(text, row, 2 * column);
        form->addWidget(field, row, 2 * column + 1);
    };
    m_height = new QSpinBox;
    m_height->setObjectName("gameScaleHeight");
    m_height->setRange(60, 100);
    m_height->setValue(render::GameScaleSettings{}.heightPx);
    m_height->setSuffix(tr(" px"));
    m_height->setToolTip(tr("Height of the model on screen in the game (60–100 px)"));
    addRow(0, 0, tr("Target height"), m_height);
    m_heading = new QSpinBox;
    m_heading->setObjectName("gameScaleHeading");
    m_heading->setRange(0, 359);
    m_heading->setWrapping(true);
    m_heading->setValue(int(render::GameScaleSettings{}.headingDeg));
    m_heading->setSuffix(tr("°"));
    m_heading->setToolTip(tr("Game camera heading around the model (0 = front)"));
    addRow(1, 0, tr("Heading"), m_heading);
    m_a = new QComboBox;
    m_a->setObjectName("compareA");
    m_a->setToolTip(tr("What the sheet shows: the current view, or a cloud or bake of the project"));
    m_b = new QComboBox;
    m_b->setObjectName("compareB");
    m_b->setToolTip(tr("A second cloud or bake drawn below the first with the same settings, for an A/B compare"));
    addRow(0, 1, tr("A"), m_a);
    addRow(1, 1, tr("Compare with (B)"), m_b);
    layout->addLayout(form);
    refillCompareLists();
    for (QComboBox* box : {m_a, m_b}) connect(box, &QComboBox::activated, this, [this] { refresh(); });

    auto* refreshButton = new QPushButton(tr("Refresh"));
    refreshButton->setObjectName("gameScaleRefresh");
    refreshButton->setToolTip(tr("Render the game-scale sheet of the current splat model"));
    connect(refreshButton, &QPushButton::clicked, this, [this] { refresh(); });
    m_fit = new QPushButton(tr("Fit"));
    m_fit->setObjectName("gameScaleFit");
    m_fit->setCheckable(true);
    m_fit->setChecked(true);
    m_fit->setToolTip(tr("Shrink the sheet to fit the dock (off: actual pixels, scrolled)"));
    connect(m_fit, &QPushButton::toggled, this, [this] { showSheet(); });
    m_info = new QLabel(tr("×1 and ×3 nearest-neighbour, on grey and on black; the source mesh beside the splats, "
                           "drawn with the splats' look."));
    m_info->setObjectName("gameScaleInfo");
    m_info->setWordWrap(true);
    auto* row = new QHBoxLayout;
    row->addWidget(refreshButton);
    row->addWidget(m_fit);
    row->addWidget(m_info, 1);
    layout->addLayout(row);
    m_view = new QLabel;
    m_view->setObjectName("gameScaleImage");
    m_view->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_scroll = new QScrollArea;
    m_scroll->setObjectName("gameScaleScroll");
    m_scroll->setWidget(m_view);
    m_scroll->setWidgetResizable(true);
    m_scroll->viewport()->installEventFilter(this);  // a resized dock fits the sheet again
    layout->addWidget(m_scroll, 1);

    m_timer->setSingleShot(true);
    m_timer->setInterval(REFRESH_DELAY_MS);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (shownNow()) refresh();
    });
    connect(m_height, &QSpinBox::valueChanged, this, &GameScalePanel::scheduleRefresh);
    connect(m_heading, &QSpinBox::valueChanged, this, &GameScalePanel::scheduleRefresh);
}

void GameScalePanel::setTargetHeight(int px) { m_height->setValue(px); }

int GameScalePanel::targetHeight() const { return m_height->value(); }

bool GameScalePanel::refreshPending() const { return m_timer->isActive(); }

bool GameScalePanel::shownNow() const { return isVisible() && !visibleRegion().isEmpty(); }

void GameScalePanel::scheduleRefresh() {
    m_stale = true;
    if (shownNow()) m_timer->start();
}

void GameScalePanel::showEvent(QShowEvent* event) {
    QWidget::showEvent(event);
    refillCompareLists();
    if (m_stale) m_timer->start();
}

void GameScalePanel::setCompareSources(std::function<QStringList()> candidates, Loader loader) {
    m_candidates = std::move(candidates);
    m_loader = std::move(loader);
    refillCompareLists();
}

void GameScalePanel::refillCompareLists() {
    const QStringList files = m_candidates ? m_candidates() : QStringList();
    m_loaded.clear();  // files may have changed since they were read
    const auto fill = [&files](QComboBox* box, bool withNone) {
        const QSignalBlocker block(box);
        const QString current = box->count() ? box->currentData().toString() : QString(withNone ? "none" : "");
        box->clear();
        if (withNone) box->addItem(tr("None"), QStringLiteral("none"));
        box->addItem(tr("Current view"), QString());
        QStringList all = files;
        if (!current.isEmpty() && current != QLatin1String("none") && !all.contains(current)) all << current;
        for (const QString& path : all) {
            const QFileInfo info(path);
            box->addItem(info.dir().dirName() + QLatin1Char('/') + info.fileName(), path);
            box->setItemData(box->count() - 1, path, Qt::ToolTipRole);
        }
        box->setCurrentIndex(std::max(0, box->findData(current)));
    };
    fill(m_a, false);
    fill(m_b, true);
}

bool GameScalePanel::comparing() const { return m_b->currentData().toString() != QLatin1String("none"); }

bool GameScalePanel::setCompare(const QString& a, const QString& b) {
    for (auto [box, value] : {std::pair{m_a, a}, std::pair{m_b, b}}) {
        if (box->findData(value) < 0) {
            box->addItem(QFileInfo(value).fileName(), value);
        }
        box->setCurrentIndex(box->findData(value));
    }
    return refresh();
}

GameScalePanel::ModelPtr GameScalePanel::compareModel(const QString& source, QString& heading, QString& error) {
    ModelPtr model;
    QString name;
    qint64 bytes = -1;
    if (source.isEmpty()) {
        model = m_viewport->splatModel();
        name = tr("current view");
        if (!model) error = tr("No splat model in the view: train or open a splat cloud first.");
    } else if (auto it = m_loaded.find(source); it != m_loaded.end()) {
        model = it->second;
    } else if (!m_loader) {
        error = tr("Cannot open %1: no loader").arg(source);
    } else if (auto loaded = m_loader(source); !loaded) {
        error = tr("Cannot open %1: %2").arg(source, QString::fromStdString(loaded.error().message));
    } else {
        model = m_loaded[source] = *loaded;
    }
    if (!source.isEmpty()) {
        const QFileInfo info(source);
        name = info.dir().dirName() + QLatin1Char('/') + info.fileName();
        if (info.exists()) bytes = info.size();
    }
    if (!model) return nullptr;
    const int core = int(model->core.size()), shell = int(model->shell.size());
    QStringList parts;
    parts << tr("%n splat(s)", nullptr, core + shell) << tr("%1 core + %2 shell").arg(core).arg(shell);
    if (model->chunks) parts << tr("%n chunk(s)", nullptr, int(model->chunks->chunks.size()));
    if (bytes >= 0) parts << QLocale().formattedDataSize(bytes);
    heading = name + QStringLiteral(" — ") + parts.join(QStringLiteral(", "));
    return model;
}

namespace {

// The sheet under a header row of column captions and right of a column of row captions.
QImage captionSheet(const QImage& sheet, const std::vector<render::GameScaleTile>& tiles, const QFont& font,
                    QList<GameScalePanel::Caption>& captions) {
    const QFontMetrics metrics(font);
    const auto rowText = [](const render::GameScaleTile& t) {
        return t.background == render::Background::Grey ? GameScalePanel::tr("grey") : GameScalePanel::tr("black");
    };
    const auto columnText = [](const render::GameScaleTile& t) {
        return t.mesh ? GameScalePanel::tr("mesh ×%1").arg(t.zoom) : GameScalePanel::tr("splats ×%1").arg(t.zoom);
    };
    int left = 0;
    for (const auto& t : tiles) left = std::max(left, metrics.horizontalAdvance(rowText(t)) + 8);
    const int top = metrics.height() + 6;
    QImage out(sheet.width() + left, sheet.height() + top, QImage::Format_RGB32);
    out.fill(QColor(24, 24, 28));
    QPainter painter(&out);
    painter.drawImage(left, top, sheet);
    painter.setFont(font);
    painter.setPen(QColor(225, 225, 225));
    captions.clear();
    for (const auto& t : tiles) {
        if (t.background == render::Background::Grey) {  // one column header per column
            const QRect rect(left + t.x, 2, t.width, top - 4);
            captions.append({rect, columnText(t)});
            painter.drawText(rect, Qt::AlignHCenter | Qt::AlignVCenter, metrics.elidedText(columnText(t), Qt::ElideRight, t.width));
        }
        if (t.x == tiles.front().x) {  // one row header per row
            const QRect rect(2, top + t.y, left - 4, t.height);
            captions.append({rect, rowText(t)});
            painter.drawText(rect, Qt::AlignLeft | Qt::AlignVCenter, rowText(t));
        }
    }
    return out;
}

}  // namespace

QImage GameScalePanel::renderCaptioned(const ModelPtr& model, bool current, QList<Caption>& captions, bool& withMesh) {
    render::GameScaleSettings s;
    s.heightPx = m_height->value();
    s.headingDeg = float(m_heading->value());
    s.look = m_viewport->splatLook();
    std::vector<render::GameScaleTile> tiles;
    const QImage image = current ? m_viewport->renderGameScale(s, &tiles) : m_viewport->renderGameScaleOf(model, s, &tiles);
    withMesh = std::any_of(tiles.begin(), tiles.end(), [](const render::GameScaleTile& t) { return t.mesh; });
    if (image.isNull()) return {};
    if (current) m_image = image;
    return tiles.empty() ? image : captionSheet(image, tiles, font(), captions);
}

namespace {

// `a` above `b`, each under its heading line; the captions of b move down with it.
QImage stackSheets(const QImage& a, const QString& ha, const QImage& b, const QString& hb, const QFont& font,
                   QList<GameScalePanel::Caption>& ca, const QList<GameScalePanel::Caption>& cb) {
    const QFontMetrics metrics(font);
    const int line = metrics.height() + 6;
    const int width = std::max({a.width(), b.width(), metrics.horizontalAdvance(ha) + 8, metrics.horizontalAdvance(hb) + 8});
    QImage out(width, 2 * line + a.height() + b.height() + 8, QImage::Format_RGB32);
    out.fill(QColor(24, 24, 28));
    QPainter painter(&out);
    painter.setFont(font);
    painter.setPen(QColor(255, 230, 140));
    const QRect headA(4, 0, width - 8, line), headB(4, line + a.height() + 8, width - 8, line);
    painter.drawText(headA, Qt::AlignLeft | Qt::AlignVCenter, ha);
    painter.drawText(headB, Qt::AlignLeft | Qt::AlignVCenter, hb);
    painter.drawImage(0, line, a);
    painter.drawImage(0, headB.bottom() + 1, b);
    QList<GameScalePanel::Caption> all{{headA, ha}};
    for (auto c : ca) all.append({c.rect.translated(0, line), c.text});
    all.append({headB, hb});
    for (auto c : cb) all.append({c.rect.translated(0, headB.bottom() + 1), c.text});
    ca = all;
    return out;
}

}  // namespace

bool GameScalePanel::fitted() const { return m_fit->isChecked(); }

void GameScalePanel::setFitted(bool fit) { m_fit->setChecked(fit); }

// Fitted: the captioned sheet scaled down (never up) to the scroll area's viewport, so the dock
// shows it whole without scrolling either way; else at its own pixels.
void GameScalePanel::showSheet() {
    if (m_captioned.isNull()) return;
    const QSize room = m_scroll->viewport()->size();
    const bool shrink = fitted() && (m_captioned.width() > room.width() || m_captioned.height() > room.height()) &&
                        room.width() > 0 && room.height() > 0;
    const QImage shown = shrink ? m_captioned.scaled(room, Qt::KeepAspectRatio, Qt::SmoothTransformation) : m_captioned;
    m_view->setPixmap(QPixmap::fromImage(shown));
    m_scroll->setHorizontalScrollBarPolicy(fitted() ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
    m_scroll->setVerticalScrollBarPolicy(fitted() ? Qt::ScrollBarAlwaysOff : Qt::ScrollBarAsNeeded);
}

QSize GameScalePanel::shownSheetSize() const {
    const QPixmap pixmap = m_view->pixmap();
    return pixmap.isNull() ? QSize() : pixmap.size();
}

bool GameScalePanel::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_scroll->viewport() && event->type() == QEvent::Resize && fitted()) showSheet();
    return QWidget::eventFilter(watched, event);
}

bool GameScalePanel::refresh() {
    m_timer->stop();
    m_stale = false;
    m_headings.clear();
    const auto fail = [this](const QString& message) {
        m_image = m_captioned = QImage();
        m_captions.clear();
        m_view->clear();
        m_info->setText(message);
        return false;
    };
    const bool compare = comparing();
    QString headingA, headingB, error;
    const QString sourceA = m_a->currentData().toString(), sourceB = m_b->currentData().toString();
    // The current view with the foliage preview on: the foliage copies, not the splat model.
    const bool foliage = sourceA.isEmpty() && m_viewport->foliageAtGameScale();
    if (!compare && sourceA.isEmpty() && !m_viewport->splatModel() && !foliage)
        return fail(tr("No splat model: train or open a splat cloud first."));
    const ModelPtr a = foliage ? nullptr : compareModel(sourceA, headingA, error);
    if (foliage) headingA = tr("current view — foliage at %1 s").arg(m_viewport->foliageView().time, 0, 'f', 2);
    const ModelPtr b = compare ? compareModel(sourceB, headingB, error) : nullptr;
    if ((!a && !foliage) || (compare && !b)) return fail(error);
    bool mesh = false;
    QList<Caption> captionsA, captionsB;
    m_image = QImage();
    const QImage sheetA = renderCaptioned(a, foliage || a == m_viewport->splatModel(), captionsA, mesh);
    const QImage sheetB = compare ? renderCaptioned(b, false, captionsB, mesh) : QImage();
    if (sheetA.isNull() || (compare && sheetB.isNull())) return fail(tr("The game-scale view could not be rendered (see the log)."));
    if (m_image.isNull()) m_image = sheetA;  // a file as A: its sheet
    if (compare) {
        m_headings = {tr("A: %1").arg(headingA), tr("B: %1").arg(headingB)};
        m_captioned = stackSheets(sheetA, m_headings[0], sheetB, m_headings[1], font(), captionsA, captionsB);
    } else {
        m_captioned = sheetA;
    }
    m_captions = captionsA;
    showSheet();
    const render::SplatRenderSettings look = m_viewport->splatLook();
    const QString meshLook = !mesh       ? tr("no mesh to compare with")
                             : look.cel ? tr("the mesh drawn with the same cel bands and sun as the splats")
                                        : tr("the mesh drawn in flat colour like the splats");
    if (foliage)
        m_info->setText(tr("%1 px tall, heading %2°: ×1 and ×%3 nearest-neighbour on grey and black; one foliage copy "
                           "of each asset in the dock's wind at %4 s.")
                            .arg(m_height->value())
                            .arg(m_heading->value())
                            .arg(render::GameScaleSettings{}.zoom)
                            .arg(m_viewport->foliageView().time, 0, 'f', 2));
    else
        m_info->setText(tr("%1 px tall, heading %2°: ×1 and ×%3 nearest-neighbour on grey and black; %4.")
                            .arg(m_height->value())
                            .arg(m_heading->value())
                            .arg(render::GameScaleSettings{}.zoom)
                            .arg(meshLook));
    emit refreshed(m_image);
    return true;
}

}  // namespace sw::widgets
