#pragma once
// The game-scale dock (issue #6.2, #16 build 5): core/render/game_scale's sheet of the viewport's
// splat model (×1 and ×3 nearest-neighbour, on grey and on black, next to the source mesh at the
// same scale, drawn with the splats' look so the comparison is fair), every tile captioned
// ("splats ×1", "mesh ×3"; "grey", "black"), with the target height (60–100 px) and heading as
// settings. Rendered with the viewport's GL context (Viewport::renderGameScale) and its current
// look (overlay, LOD, passes, effects). It refreshes itself: scheduleRefresh() (the model, the
// look or a setting changed) renders soon while the panel is shown, else when it is next shown.
//
// A/B compare: two sources, A and B, each the current view or a cloud/bake file of the project
// (the candidates and the loader come from the editor); with B set, the dock shows A's sheet
// above B's, drawn with the same settings, each headed by its name and numbers (splats, core
// and shell, chunks, file size).
#include <QImage>
#include <functional>
#include <map>
#include <memory>

#include "core/foundation/error.h"
#include <QList>
#include <QRect>
#include <QString>
#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QScrollArea;
class QSpinBox;
class QTimer;

namespace sw::formats {
struct Spl2Model;
}

namespace sw::widgets {

class Viewport;

class GameScalePanel : public QWidget {
    Q_OBJECT
public:
    explicit GameScalePanel(Viewport* viewport, QWidget* parent = nullptr);

    void setTargetHeight(int px);  // 60..100
    int targetHeight() const;
    // Renders the sheet now; false (message shown in the panel, the old sheet cleared) without a
    // splat model or on a GL error.
    bool refresh();
    // The model or its look changed: refresh shortly when shown, else on the next show.
    void scheduleRefresh();
    bool isStale() const { return m_stale; }
    // A refresh is due shortly: scheduleRefresh() or a show started its timer.
    bool refreshPending() const;
    // The last sheet (null before the first successful refresh) and the captioned picture the
    // dock shows (the sheet below a column header, right of a row header).
    const QImage& image() const { return m_image; }
    const QImage& captionedImage() const { return m_captioned; }
    struct Caption {
        QRect rect;  // in captionedImage() pixels
        QString text;
    };
    const QList<Caption>& captions() const { return m_captions; }
    // Fit (the default): the dock shows the sheet shrunk to its size, whole, without scroll
    // bars; off: at its own pixels, scrolled. shownSheetSize(): the size it is shown at.
    bool fitted() const;
    void setFitted(bool fit);
    QSize shownSheetSize() const;

    // A/B compare. `candidates` lists the files to offer (called when the lists are filled);
    // `loader` turns a file into a drawable model (errors name the file).
    using ModelPtr = std::shared_ptr<const sw::formats::Spl2Model>;
    using Loader = std::function<sw::Result<ModelPtr>(const QString& path)>;
    void setCompareSources(std::function<QStringList()> candidates, Loader loader);
    void refillCompareLists();
    // Chooses A and B (empty: the current view; for B, "none" ends the compare) and refreshes;
    // false when a file cannot be loaded (the message is shown).
    bool setCompare(const QString& a, const QString& b);
    bool comparing() const;
    // The heading lines of A and B while comparing ("A: cloud.ply — 5 000 splats …").
    const QStringList& compareHeadings() const { return m_headings; }

signals:
    void refreshed(const QImage& image);

protected:
    void showEvent(QShowEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    bool shownNow() const;
    void showSheet();  // m_captioned in the view, fitted or not
    // The model a compare source names (current view, a loaded file) and its heading; null
    // with `error` set when it cannot be had.
    ModelPtr compareModel(const QString& source, QString& heading, QString& error);
    QImage renderCaptioned(const ModelPtr& model, bool current, QList<Caption>& captions, bool& withMesh);

    Viewport* m_viewport;
    QSpinBox* m_height = nullptr;
    QSpinBox* m_heading = nullptr;
    QLabel* m_view = nullptr;
    QScrollArea* m_scroll = nullptr;
    QPushButton* m_fit = nullptr;
    QLabel* m_info = nullptr;
    QTimer* m_timer = nullptr;
    QImage m_image;
    QImage m_captioned;
    QList<Caption> m_captions;
    bool m_stale = true;
    QComboBox* m_a = nullptr;
    QComboBox* m_b = nullptr;
    std::function<QStringList()> m_candidates;
    Loader m_loader;
    std::map<QString, ModelPtr> m_loaded;  // path → model (loaded once; refill drops stale ones)
    QStringList m_headings;
};

}  // namespace sw::widgets
