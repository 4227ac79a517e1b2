#include "widgets/frame_browser.h"

#include <QDir>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

namespace sw::widgets {

namespace {
constexpr int kThumbPx = 72;
constexpr int kThumbsPerTick = 6;
constexpr int kCheckerPx = 12;

void paintChecker(QPainter& p, const QRect& r) {
    p.fillRect(r, QColor(200, 200, 200));
    for (int y = r.top(); y < r.bottom(); y += kCheckerPx)
        for (int x = r.left() + (((y - r.top()) / kCheckerPx) % 2) * kCheckerPx; x < r.right(); x += 2 * kCheckerPx)
            p.fillRect(QRect(x, y, kCheckerPx, kCheckerPx).intersected(r), QColor(150, 150, 150));
}
}  // namespace

FramePreview::FramePreview(QWidget* parent) : QWidget(parent) {
    setObjectName("framePreview");
    setMinimumSize(160, 160);
}

void FramePreview::setImage(const QImage& image) {
    m_image = image;
    update();
}

void FramePreview::paintEvent(QPaintEvent*) {
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    if (m_image.isNull()) return;
    QSize size = m_image.size().scaled(this->size(), Qt::KeepAspectRatio);
    const QRect target(QPoint((width() - size.width()) / 2, (height() - size.height()) / 2), size);
    paintChecker(p, target);
    p.setRenderHint(QPainter::SmoothPixmapTransform);
    p.drawImage(target, m_image);
}

FrameBrowser::FrameBrowser(QWidget* parent)
    : QWidget(parent), m_list(new QListWidget), m_preview(new FramePreview), m_caption(new QLabel),
      m_header(new QLabel), m_thumbTimer(new QTimer(this)) {
    setObjectName("frameBrowser");
    m_list->setObjectName("frameList");
    m_list->setViewMode(QListView::IconMode);
    m_list->setIconSize(QSize(kThumbPx, kThumbPx));
    m_list->setResizeMode(QListView::Adjust);
    m_list->setMovement(QListView::Static);
    m_list->setGridSize(QSize(kThumbPx + 60, kThumbPx + 40));
    m_list->setWordWrap(true);
    m_caption->setObjectName("frameCaption");
    m_caption->setAlignment(Qt::AlignCenter);
    m_header->setObjectName("frameHeader");
    m_header->setText(tr("No dataset rendered yet."));
    m_header->setWordWrap(true);

    auto* previewBox = new QWidget;
    auto* previewLayout = new QVBoxLayout(previewBox);
    previewLayout->setContentsMargins(0, 0, 0, 0);
    previewLayout->addWidget(m_preview, 1);
    previewLayout->addWidget(m_caption);
    auto* splitter = new QSplitter(Qt::Horizontal);
    splitter->addWidget(m_list);
    splitter->addWidget(previewBox);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(m_header);
    layout->addWidget(splitter, 1);

    m_thumbTimer->setInterval(0);
    connect(m_thumbTimer, &QTimer::timeout, this, &FrameBrowser::loadSomeThumbnails);
    connect(m_list, &QListWidget::currentRowChanged, this, &FrameBrowser::showFrame);
}

void FrameBrowser::clear() { setFrames({}, {}); }

void FrameBrowser::setFrames(std::vector<FrameEntry> frames, const QString& folder) {
    m_thumbTimer->stop();
    m_list->clear();
    m_frames = std::move(frames);
    m_preview->setImage({});
    m_caption->clear();
    QPixmap placeholder(kThumbPx, kThumbPx);
    placeholder.fill(QColor(128, 128, 128));
    for (const FrameEntry& f : m_frames) {
        auto* item = new QListWidgetItem(QIcon(placeholder),
                                         tr("%1 %2\n%3° / %4°").arg(f.split).arg(f.index)
                                             .arg(f.elevation, 0, 'f', 1).arg(f.azimuth, 0, 'f', 1));
        item->setToolTip(QDir::toNativeSeparators(f.imagePath));
        m_list->addItem(item);
    }
    m_header->setText(m_frames.empty() ? tr("No dataset rendered yet.")
                                       : tr("Frames: %1 in %2").arg(m_frames.size()).arg(QDir::toNativeSeparators(folder)));
    m_nextThumb = 0;
    if (!m_frames.empty()) {
        m_thumbTimer->start();
        m_list->setCurrentRow(0);
    }
}

void FrameBrowser::loadSomeThumbnails() {
    for (int n = 0; n < kThumbsPerTick && m_nextThumb < frameCount(); ++n, ++m_nextThumb) {
        QImage image(m_frames[std::size_t(m_nextThumb)].imagePath);
        if (image.isNull()) continue;
        QPixmap thumb(kThumbPx, kThumbPx);
        QPainter p(&thumb);
        paintChecker(p, thumb.rect());
        p.setRenderHint(QPainter::SmoothPixmapTransform);
        p.drawImage(thumb.rect(), image.scaled(kThumbPx, kThumbPx, Qt::KeepAspectRatio, Qt::SmoothTransformation));
        p.end();
        m_list->item(m_nextThumb)->setIcon(QIcon(thumb));
    }
    if (m_nextThumb >= frameCount()) m_thumbTimer->stop();
}

void FrameBrowser::selectFrame(int i) { m_list->setCurrentRow(i); }

int FrameBrowser::selectedFrame() const { return m_list->currentRow(); }

const QImage& FrameBrowser::previewImage() const { return m_preview->image(); }

void FrameBrowser::showFrame(int row) {
    if (row < 0 || row >= frameCount()) return;
    const FrameEntry& f = m_frames[std::size_t(row)];
    const QImage image(f.imagePath);
    m_preview->setImage(image);
    m_caption->setText(tr("%1 #%2: elevation %3°, azimuth %4°, %5×%6 px")
                           .arg(f.split).arg(f.index).arg(f.elevation, 0, 'f', 1).arg(f.azimuth, 0, 'f', 1)
                           .arg(image.width()).arg(image.height()));
    emit frameSelected(row);
}

}  // namespace sw::widgets
