#pragma once
// Browser of a rendered dataset: a list of thumbnails (split, index, elevation/azimuth) and the
// selected frame shown large over a checkerboard, so the coverage alpha is visible.
// Thumbnails load a few at a time from the event loop, so a 200-view dataset opens at once.
#include <QImage>
#include <QString>
#include <QWidget>
#include <vector>

class QListWidget;
class QLabel;
class QTimer;

namespace sw::widgets {

struct FrameEntry {
    QString imagePath;
    QString split;      // "train", "val", "test"
    int index = 0;      // within the split
    double elevation = 0;  // deg
    double azimuth = 0;    // deg
};

class FramePreview : public QWidget {
    Q_OBJECT
public:
    explicit FramePreview(QWidget* parent = nullptr);
    void setImage(const QImage& image);
    const QImage& image() const { return m_image; }
    QSize sizeHint() const override { return {320, 320}; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    QImage m_image;
};

class FrameBrowser : public QWidget {
    Q_OBJECT
public:
    explicit FrameBrowser(QWidget* parent = nullptr);

    void setFrames(std::vector<FrameEntry> frames, const QString& folder);
    void clear();
    int frameCount() const { return int(m_frames.size()); }
    const FrameEntry& frame(int i) const { return m_frames.at(std::size_t(i)); }
    void selectFrame(int i);
    int selectedFrame() const;
    const QImage& previewImage() const;

signals:
    void frameSelected(int index);

private:
    void loadSomeThumbnails();
    void showFrame(int row);

    std::vector<FrameEntry> m_frames;
    QListWidget* m_list;
    FramePreview* m_preview;
    QLabel* m_caption;
    QLabel* m_header;
    QTimer* m_thumbTimer;
    int m_nextThumb = 0;
};

}  // namespace sw::widgets
