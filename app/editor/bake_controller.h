#pragma once
// The editor's bake workspace logic (issue #5): opening splat files, the Floater inspector
// (scan, highlight, undoable Delete and Keep), the bake with the Recipes panel's recipe and the
// one-click export. It works on the document (cloud, model, baked model, undo stack) with the
// panels it is given; every long step runs on its JobRunner.
#include <QObject>
#include <QString>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Core>

#include "core/bake/bake.h"
#include "core/bake/export.h"
#include "core/destruct/weapon_profile.h"
#include "app/editor/editor_actions.h"
#include "core/render/splat_renderer.h"

class QTextBrowser;
class QUndoStack;
class QWidget;

namespace sw::formats {
struct Spl2Model;
}

namespace sw::widgets {
class FloaterPanel;
class ParamPanel;
class RecipePanel;
class ViewControls;
class Viewport;
}  // namespace sw::widgets

namespace sw::editor {

class EditorDocument;
class JobRunner;

class BakeController : public QObject {
    Q_OBJECT
public:
    struct Panels {
        sw::widgets::ParamPanel* settings = nullptr;  // bakeSchema()
        sw::widgets::RecipePanel* recipes = nullptr;
        sw::widgets::FloaterPanel* floaters = nullptr;
        QTextBrowser* report = nullptr;               // the bake/export report pane
        sw::widgets::Viewport* viewport = nullptr;     // highlights and overlays
        sw::widgets::ViewControls* viewControls = nullptr;  // shows the overlay in use
    };
    BakeController(EditorDocument* document, Panels panels, const EditorActions& actions, QObject* parent = nullptr);
    const Panels& panels() const { return m_panels; }
    ~BakeController() override;

    JobRunner* runner() const { return m_runner; }
    QUndoStack* undoStack() const;  // the document's

    // Reads a .ply/.spz/.splat cloud (→ current cloud, then a floater scan when a model is open)
    // or an SPL2 .bin (→ current baked model) on the worker; errors name the file. A cloud that
    // does not fit the open model (bake::cloudFit: a capture from another tool) and is not the
    // project's own is not judged against the model: foreignCloudRead lets the window decide.
    bool openSplatFile(const QString& path);
    // The cloud of a model just opened: a job still running on the previous cloud (a scan, a
    // bake) is cancelled and the file opens when it has stopped.
    void openSplatFileWhenIdle(const QString& path);
    // Makes `cloud` (read from `path`) the current cloud, its saved edits applied; scans it for
    // floaters when `scan` and a model is open.
    void showCloud(const QString& path, std::shared_ptr<const sw::splat::SplatCloud> cloud, bool scan);

    // Floater inspector. scanFloaters: false (logged) without cloud and model or while busy.
    bool scanFloaters();
    const sw::bake::FloaterScan* floaterScan() const { return m_state.scan.get(); }
    const std::vector<std::uint8_t>& keepList() const { return m_state.keep; }  // [N] or empty
    // [N] stable IDs of the cloud's splats (their index in the cloud as opened or trained;
    // deletes do not renumber them).
    const std::vector<std::uint32_t>& splatIds() const { return m_state.ids; }
    // Edits of the cloud (bake_edits.cpp), each one command on the document's undo stack that
    // stores only what changed (indices and the removed rows, never a copy of the cloud), so
    // undo gives back the cloud bit for bit. Cloud indices; out-of-range ones are ignored.
    // The edits change the cloud in memory, the bake's input: never a file (the trained
    // cloud.ply stays as training wrote it). A delete or crop made (or undone) while the baked
    // model shows keeps it in the view without those splats and bakes again at once, so what
    // the viewport shows is what Export ships (docs/editor.md).
    void deleteSplats(const std::vector<int>& splats);  // invalidates the bake
    void keepSplats(const std::vector<int>& splats);    // invalidates the bake
    // Hidden splats are left out of the view (not of the bake); [N] 0/1 or empty.
    void hideSplats(const std::vector<int>& splats, bool hide);
    const std::vector<std::uint8_t>& hiddenMask() const { return m_state.hidden; }
    // Deletes every splat whose centre lies outside the box (model space); invalidates the bake.
    void cropSplats(const Eigen::Vector3f& min, const Eigen::Vector3f& max);
    // Shows `splats` (cloud indices) red in the Floater overlay of the cloud preview on grey, and
    // the inspector's selected rows in the viewport's selection highlight. When the baked model
    // is shown it stays: the selected splats that it still holds are selected there.
    void highlight(const std::vector<int>& splats);
    // Frames the viewport on `splats` (cloud indices) as they are shown now.
    void frameSplats(const std::vector<int>& splats);
    // Cloud index → index in the model the viewport shows (preview or bake), −1 when it is not
    // there; empty when the viewport shows neither.
    std::vector<int> viewIndexOfCloud() const;
    // The splats of the shown baked model whose source splat the cloud no longer holds (a delete
    // or crop waiting for its re-bake): [shown splats] 0/1, empty when none.
    std::vector<std::uint8_t> bakedSplatsGone() const;
    // The mask last handed to the viewport, in preview order ([preview splats] 0/1).
    const std::vector<std::uint8_t>& highlightMask() const { return m_mask; }

    // Bakes the current cloud against the current model (settings, recipe, keep list, the
    // document's dataset folder when there is one); false when it cannot start.
    bool bake();
    // The bake of the current cloud; nullptr when there is none or the cloud was edited since
    // (while the re-bake runs, the viewport keeps the old one without the deleted splats).
    std::shared_ptr<const sw::bake::BakedModel> bakedModel() const { return m_bakeStale ? nullptr : m_baked; }
    // Exports the current bake (baking first when there is none) into `folder` (empty: the
    // export folder, asked for once when there is none). False when it cannot start.
    bool exportTo(const QString& folder = {});
    // The weapon profiles an export writes beside the asset (the Destruction dock's); unset: none.
    void setWeaponSource(std::function<std::vector<sw::destruct::WeaponProfile>()> source) { m_weapons = std::move(source); }
    // The project's "export" folder, else the remembered one (empty when none yet).
    QString exportFolder() const;
    void setExportFolder(const QString& folder);  // remembered (QSettings)
    QString lastReport() const { return m_lastReport; }

    // The cloud edits (deleted, kept, hidden splats by stable ID; whether a bake shows) for the
    // project file's companion <cloud>.edits.json (cloud_edits.h), written when the project is
    // saved for a cloud inside the project's cache folder (false and logged when writing fails).
    // openSplatFile applies the edits file of the cloud it opens (after checking it is of this
    // very file), then scans and, when a bake showed, bakes again: reopening a project brings
    // back the edited cloud and its bake.
    bool saveCloudEdits();
    // The same edits into another file (an autosave's companion); false when not written.
    bool saveCloudEditsTo(const QString& file);
    // The next cloud opened takes its edits from `file` when it exists (a restored autosave),
    // else from its own edits file.
    void takeEditsFrom(const QString& file) { m_editsOverride = file; }

signals:
    void floatersScanned();
    // A cloud read by openSplatFile that does not fit the open model: `inside` is the share of its
    // splats within the model's bounds, `sizeRatio` its size over the model's (bake::CloudFit).
    void foreignCloudRead(const QString& path, std::shared_ptr<const sw::splat::SplatCloud> cloud, double inside,
                          double sizeRatio);
    // The hidden splats changed (hideSplats, its undo, a delete).
    void hiddenChanged();
    void bakeFinished(bool ok);
    void exportFinished(bool ok, const QString& summary);
    // A file could not be opened (the message names it); the window shows it in a dialog.
    void errorOccurred(const QString& title, const QString& message);
    // A one-line outcome for the status bar, shown for `milliseconds`.
    void statusMessage(const QString& text, int milliseconds);

private:
    // The cloud and what the inspector knows about it; edit commands change it by deltas.
    struct CloudState {
        std::shared_ptr<const sw::splat::SplatCloud> cloud;
        std::shared_ptr<const sw::bake::FloaterScan> scan;
        std::vector<std::uint8_t> keep;    // [N] or empty
        std::vector<std::uint32_t> ids;    // [N] stable IDs
        std::vector<std::uint8_t> hidden;  // [N] or empty
        bool scanFromBake = false;         // scan derived from the last bake's removals
    };
    class RowsCommand;
    class FlagCommand;
    friend class RowsCommand;
    friend class FlagCommand;

    void applyState(const CloudState& state, bool cloudChanged);
    void obsoleteCloudEdits();  // the cloud's edit commands leave the undo stack (another cloud)
    void onCloudChanged();
    void refreshFloaterPanel();
    void setOverlay(sw::render::SplatOverlay overlay);
    bool showsCloudPreview() const;
    void keepHighlight();
    // bake_edits.cpp: the commands' work.
    void pushRows(const QString& text, std::vector<std::uint32_t> indices);
    void setFlags(bool keep, const std::vector<std::uint32_t>& indices, std::uint8_t value);
    void showBakeRemovals();  // the inspector lists what the bake removed (no scan yet)
    void selectInView(const std::vector<int>& splats);
    bool startBake(bool thenExport, const QString& folder);
    void deliverBake(sw::Result<std::shared_ptr<const sw::bake::BakedModel>> result,
                     std::shared_ptr<const sw::splat::SplatCloud> cloud, bool thenExport, const QString& folder);
    bool startExport(const QString& folder);
    // Log, status bar and report pane; no dialog (failOpen adds one: errorOccurred).
    void reportFailure(const QString& title, const sw::Error& error);
    void failOpen(const sw::Error& error);
    void showReport(const QString& text);
    void rebakeSoon();  // after an edit while the baked model showed (queued while busy)
    void restoreCloudEdits(const QString& cloudPath);  // the edits file of a cloud just opened
    QString resolveDatasetFolder() const;
    // The train views of a dataset folder for floater sign 4; empty dir → none (worker thread).
    static sw::Result<std::optional<sw::bake::DatasetViews>> loadViews(const std::string& dir,
                                                                      const sw::Progress& progress);
    sw::bake::BakeSettings currentSettings() const;

    EditorDocument* m_document;
    Panels m_panels;
    EditorActions m_actions;
    std::function<std::vector<sw::destruct::WeaponProfile>()> m_weapons;
    JobRunner* m_runner;
    CloudState m_state;
    bool m_applying = false;  // our own setCurrentCloud: keep the state and the undo stack
    std::shared_ptr<const sw::formats::Spl2Model> m_preview;  // the cloud drawn for the overlay
    std::vector<int> m_previewIndex;                           // [N] cloud → preview index
    std::vector<std::uint8_t> m_mask;
    bool m_highlighting = false;                   // the Floater overlay shows m_mask
    const sw::formats::Spl2Model* m_highlighted = nullptr;  // the viewport model m_mask was set on
    std::shared_ptr<const sw::bake::BakedModel> m_baked;
    std::vector<std::uint32_t> m_bakedIds;  // [baked splats] stable ID of each one's source splat
    bool m_bakeStale = false;     // m_baked shows but the cloud was edited since (a re-bake is due)
    bool m_rebakeQueued = false;  // re-bake when the running job ends
    bool m_bakeWhenIdle = false;  // restored edits had a bake: bake once the floater scan ends
    std::size_t m_openedSize = 0; // splats of the cloud as opened (stable IDs run 0..this)
    QString m_editsOverride;      // takeEditsFrom
    QString m_openWhenIdle;       // openSplatFileWhenIdle
    QString m_lastReport;
};

}  // namespace sw::editor
