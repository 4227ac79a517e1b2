#include "core/pipeline/foliage_job.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <memory>

#include "core/foliage/bender.h"
#include "core/foliage/foliage_preview.h"
#include "core/foliage/plant.h"
#include "core/foliage/scatter.h"
#include "core/foliage/trim.h"
#include "core/formats/ply.h"
#include "core/foundation/image_io.h"
#include "core/foundation/output_file.h"
#include "core/geometry/import.h"
#include "core/geometry/ray_query.h"
#include "core/project/project.h"
#include "core/render/camera.h"
#include "core/render/foliage_renderer.h"
#include "core/render/headless_context.h"
#include "core/render/render_memory.h"

namespace sw::pipeline {

namespace {

constexpr float BENDER_HISTORY = 1.f;  // s walked before t: the velocity smoothing (~0.2 s) has settled
constexpr float BENDER_RATE = 60.f;    // Hz of that walk
constexpr int SKY_RAYS = 16;           // per vertex, for the skyAo look

struct Asset {
    bool splats = false;
    geometry::Mesh mesh;
    splat::SplatCloud cloud;
    foliage::PlantSet plants;
    std::vector<float> sky;  // [V] mesh sky visibility
    Eigen::Vector3f lo, hi;  // bounds, model units
    float footprint() const { return std::max({hi.x() - lo.x(), hi.y() - lo.y(), 1e-3f}); }
    std::vector<Eigen::Vector3f> points() const { return splats ? cloud.positions : mesh.positions; }
};

bool isPly(const std::string& path) {
    std::string ext = std::filesystem::path(path).extension().string();
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return ext == ".ply";
}

// A foliage model draws its cards from its base-colour textures: at least one textured material,
// and every alpha-MASK material a texture with a texel at or above its cutoff.
Status checkFoliageTextures(const geometry::Mesh& mesh, const std::string& path) {
    bool textured = false;
    for (const geometry::Material& m : mesh.materials) {
        const bool has = m.baseColorTexture >= 0 && static_cast<std::size_t>(m.baseColorTexture) < mesh.textures.size() &&
                         !mesh.textures[static_cast<std::size_t>(m.baseColorTexture)].empty();
        textured = textured || has;
        if (!m.alphaMask) continue;
        const std::string at = path + " (material '" + m.name + "')";
        if (!has) return makeError(ErrorCode::InvalidInput, "alpha-MASK material has no texture", at);
        SW_TRY(foliage::checkMaskTexture(mesh.textures[static_cast<std::size_t>(m.baseColorTexture)], m.alphaCutoff, at));
    }
    if (!textured)
        return makeError(ErrorCode::InvalidInput,
                         "a foliage model needs a base-colour texture (its leaves and cards); none of its " +
                             std::to_string(mesh.materials.size()) + " materials has one",
                         path);
    return {};
}

// Plants of the asset by `grouping` (Auto: whole when a connected piece does not reach the ground).
Result<std::string> findPlants(Asset& a, PlantGrouping grouping, const std::string& path) {
    const std::vector<Eigen::Vector3f> pts = a.points();
    if (!a.splats && grouping != PlantGrouping::Whole) {
        auto connected = foliage::analysePlants(a.mesh, {}, path);
        if (!connected) return connected.error();
        float lo = pts[0].z(), hi = pts[0].z();
        for (const Eigen::Vector3f& p : pts) {
            lo = std::min(lo, p.z());
            hi = std::max(hi, p.z());
        }
        bool grounded = true;
        for (const foliage::Plant& p : connected->plants) grounded = grounded && p.root.z() <= lo + 0.1f * (hi - lo);
        if (grounded || grouping == PlantGrouping::Connected) {
            a.plants = std::move(*connected);
            return std::string("connected");
        }
    }
    auto whole = foliage::plantFromPoints(pts, {}, path);
    if (!whole) return whole.error();
    a.plants = std::move(*whole);
    return std::string("whole");
}

// The asset at `path` with its plants; `report` (the scene's main asset) gets what was found.
// A cloud is scaled to metres by `unitsScale` (> 0), else by its project's record.
Result<Asset> loadAsset(const std::string& path, PlantGrouping plants, FoliageSceneReport* report, float unitsScale = 0.f) {
    Asset a;
    a.splats = isPly(path);
    if (a.splats) {
        auto cloud = formats::readPly(path);
        if (!cloud) return cloud.error();
        if (cloud->size() == 0) return makeError(ErrorCode::InvalidInput, "the cloud has no splats", path);
        float units = unitsScale;
        std::string source = "--units-scale";
        if (!(units > 0.f)) {
            const std::optional<RecordedUnits> recorded = recordedCloudUnits(path);
            units = recorded ? recorded->metresPerUnit : 1.f;
            source = recorded ? "the normalisation of " + recorded->model : "none recorded: its units taken as metres";
        }
        a.cloud = units == 1.f ? std::move(*cloud) : foliage::scaledCloud(*cloud, units);
        if (report) report->unitsScale = units, report->unitsSource = source;
    } else {
        geometry::ImportSettings import;
        import.normalise = false;  // metres, as the glTF says
        import.smallTextureWarning = 0;
        auto model = geometry::importModel(path, import);
        if (!model) return model.error();
        if (model->mesh.triangleCount() == 0) return makeError(ErrorCode::InvalidInput, "the model has no triangles", path);
        a.mesh = std::move(model->mesh);
        SW_TRY(checkFoliageTextures(a.mesh, path));
        if (report) report->foliageReason = foliage::detectFoliage(a.mesh, path).reason;
    }
    auto grouping = findPlants(a, plants, path);
    if (!grouping) return grouping.error();
    const std::vector<Eigen::Vector3f> pts = a.points();
    a.lo = a.hi = pts[0];
    for (const Eigen::Vector3f& p : pts) {
        a.lo = a.lo.cwiseMin(p);
        a.hi = a.hi.cwiseMax(p);
    }
    if (!report) return a;
    report->grouping = *grouping;
    report->assetKind = a.splats ? "splats" : "mesh";
    report->points = a.splats ? a.cloud.size() : a.mesh.vertexCount();
    report->plants = a.plants.plants.size();
    return a;
}

// Sky visibility of each vertex under the open sky above (+Z), for the skyAo look.
Status bakeSky(Asset& a) {
    auto query = geometry::RayQuery::build(a.mesh);
    if (!query) return query.error();
    const geometry::Bounds b = geometry::computeBounds(a.mesh);
    geometry::SkyVisibilitySettings sky;
    sky.raysPerPoint = SKY_RAYS;
    sky.maxDistance = 0.25f * b.size().norm();  // near blockers: the crown's own shade
    sky.originOffset = 1e-4f * b.size().norm();
    const std::vector<Eigen::Vector3f> up(a.mesh.vertexCount(), Eigen::Vector3f::UnitZ());
    a.sky = geometry::skyVisibility(**query, a.mesh.positions, up, sky);
    return {};
}

struct SceneSettings {
    foliage::FoliageSettings foliage;
    foliage::FadeRange fade;
    std::vector<foliage::BenderPath> benders;
};

Result<SceneSettings> loadSettings(const FoliageSceneSettings& s) {
    SceneSettings out;
    if (!s.preset.empty()) {
        ParamSet wind(foliage::windSchema().schema());
        SW_TRY(wind.applyPreset(s.preset));
        out.foliage.wind = foliage::windSchema().fromParams(wind);
    }
    if (!s.settingsJson.empty()) {
        auto scene = foliage::loadSceneJson(s.settingsJson, out.foliage);
        if (!scene) return scene.error();
        out.foliage = scene->settings;
        for (const foliage::FoliageNode& node : scene->nodes)
            if (node.fade.active()) out.fade = node.fade;
    }
    if (s.fade) {
        SW_TRY(foliage::checkFade(*s.fade, "--fade"));
        out.fade = *s.fade;
    }
    if (!s.benderJson.empty()) {
        auto paths = foliage::loadBenderPaths(s.benderJson);
        if (!paths) return paths.error();
        out.benders = std::move(*paths);
    }
    return out;
}

Status checkSettings(const FoliageSceneSettings& s) {
    const auto bad = [](const std::string& what) { return makeError(ErrorCode::InvalidInput, what); };
    if (s.scatter < 1 || s.scatter > foliage::MAX_SCATTER_COPIES)
        return makeError(ErrorCode::InvalidInput, "--scatter " + std::to_string(s.scatter) + " is outside [1, " +
                                                      std::to_string(foliage::MAX_SCATTER_COPIES) + "] copies of it",
                         s.asset);
    if (s.frames < 1 || s.frames > 10000) return bad("--frames " + std::to_string(s.frames) + " is outside [1, 10000]");
    if (!(s.fps > 0.f) || !std::isfinite(s.fps)) return bad("--fps must be a finite number > 0");
    if (!std::isfinite(s.time) || s.time < 0.f) return bad("--time must be a finite number >= 0");
    if (!(s.spacing >= 0.f) || !std::isfinite(s.spacing)) return bad("--spacing must be a finite number >= 0");
    if (s.png.empty()) return bad("no --png output given");
    return {};
}

// The copies: one at the origin, or `scatter` over a square sized for the asset's footprint.
Result<std::vector<foliage::FoliageInstance>> placeCopies(const FoliageSceneSettings& s, float footprint,
                                                          const Progress& progress, float& side) {
    std::vector<foliage::FoliageInstance> copies;
    if (s.scatter == 1) {
        copies.emplace_back();
        side = footprint;
        return copies;
    }
    foliage::ScatterSettings sc;
    sc.count = s.scatter;
    sc.seed = s.seed;
    sc.minSpacing = s.spacing > 0.f ? s.spacing : 0.6f * footprint;
    side = std::max(1.f, 1.3f * std::sqrt(float(s.scatter)) * std::max(sc.minSpacing, 0.05f));
    sc.width = sc.depth = side;
    auto result = foliage::scatter(sc, {}, progress);
    if (!result) return result.error();
    for (const foliage::ScatterCopy& c : result->copies) {
        foliage::FoliageInstance inst;
        inst.origin = c.position;
        inst.yaw = c.yaw;
        inst.metresPerUnit = c.scale;
        copies.push_back(inst);
    }
    return copies;
}

// Benders at time t: each path walked from t − BENDER_HISTORY at BENDER_RATE, so the smoothed
// velocity is a function of t alone (the same t gives the same frame).
foliage::BenderSet bendersAt(const std::vector<foliage::BenderPath>& paths, float t) {
    foliage::BenderSet set;
    const float t0 = std::max(0.f, t - BENDER_HISTORY);
    const int steps = static_cast<int>(std::ceil((t - t0) * BENDER_RATE));
    std::vector<int> ids;
    for (const foliage::BenderPath& p : paths) ids.push_back(set.add(foliage::pathPosition(p, t0), p.radius));
    for (int k = 1; k <= steps; ++k) {
        const float tk = t0 + (t - t0) * float(k) / float(steps);
        for (std::size_t i = 0; i < paths.size(); ++i)
            set.move(ids[i], foliage::pathPosition(paths[i], tk), (t - t0) / float(steps));
    }
    return set;
}

Status addAsset(render::FoliageRenderer& r, const Asset& a, const foliage::FadeRange& fade,
                const std::vector<foliage::FoliageInstance>& copies) {
    auto id = a.splats ? r.addSplatAsset(a.cloud, a.plants, fade) : r.addMeshAsset(a.mesh, a.plants, fade, a.sky);
    if (!id) return id.error();
    return r.setCopies(*id, copies);
}

// A square of ground under the scene (side m, centred, z = 0): an opaque untextured mesh of no
// plant, so it never moves.
Status addGround(render::FoliageRenderer& r, float side) {
    geometry::Mesh g;
    const float h = 0.5f * side;
    g.positions = {{-h, -h, 0.f}, {h, -h, 0.f}, {h, h, 0.f}, {-h, h, 0.f}};
    g.normals.assign(4, Eigen::Vector3f::UnitZ());
    g.triangles = {{0, 1, 2}, {0, 2, 3}};
    geometry::Material m;
    m.name = "ground";
    m.baseColorFactor = {0.42f, 0.45f, 0.32f, 1.f};
    g.materials = {m};
    g.faceMaterial = {0, 0};
    g.facePart = {0, 0};
    foliage::PlantSet none;
    none.vertexPlant.assign(4, -1);
    none.height.assign(4, 0.f);
    none.mainWeight.assign(4, 0.f);
    none.detailWeight.assign(4, 0.f);
    auto id = r.addMeshAsset(g, none, {});
    if (!id) return id.error();
    return r.setCopies(*id, {foliage::FoliageInstance{}});
}

}  // namespace

std::optional<RecordedUnits> recordedCloudUnits(const std::string& cloudPath) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path cloud = fs::absolute(cloudPath, ec).lexically_normal();
    const fs::path cache = cloud.parent_path().parent_path();
    if (ec || cloud.filename() != "cloud.ply" || cloud.parent_path().filename() != "training") return std::nullopt;
    for (const fs::directory_entry& e : fs::directory_iterator(cache.parent_path(), ec)) {
        if (e.path().extension() != project::kProjectExtension) continue;
        auto p = project::loadProject(e.path().string());
        if (!p || !fs::equivalent(p->cacheFolder, cache, ec) || ec) continue;
        if (!p->import.normalise) return RecordedUnits{1.f, p->modelPath};
        geometry::ImportSettings import = p->import;
        import.smallTextureWarning = 0;
        auto model = geometry::importModel(p->modelPath, import);
        if (!model || !(model->report.normalisation.scale > 0.f)) continue;
        return RecordedUnits{1.f / model->report.normalisation.scale, p->modelPath};
    }
    return std::nullopt;
}

std::string foliageFramePath(const std::string& png, int frame, int frames) {
    if (frames <= 1) return png;
    const std::filesystem::path p(png);
    char index[16];
    std::snprintf(index, sizeof index, "_%04d", frame);
    return (p.parent_path() / (p.stem().string() + index + p.extension().string())).string();
}

Result<FoliageSceneReport> runFoliageScene(const FoliageSceneSettings& s, const Progress& progress) {
    SW_TRY(checkSettings(s));
    std::vector<std::string> outputs;
    for (int k = 0; k < s.frames; ++k) outputs.push_back(foliageFramePath(s.png, k, s.frames));
    std::vector<std::string> inputs{s.asset};
    for (const std::string* in : {&s.settingsJson, &s.benderJson, &s.beside})
        if (!in->empty()) inputs.push_back(*in);
    SW_TRY(checkOutputFiles(outputs, {inputs, s.overwrite}));
    SW_TRY(render::checkOffscreenRender(s.width, s.height, 4, s.png));
    auto scene = loadSettings(s);
    if (!scene) return scene.error();
    FoliageSceneReport report;
    auto asset = loadAsset(s.asset, s.plants, &report, s.unitsScale);
    if (!asset) return asset.error();
    if (!asset->splats) SW_TRY(bakeSky(*asset));
    std::optional<Asset> beside;
    if (!s.beside.empty()) {
        auto other = loadAsset(s.beside, s.plants, nullptr);
        if (!other) return other.error();
        if (!other->splats) SW_TRY(bakeSky(*other));
        report.besideHeight = other->hi.z() - other->lo.z();
        beside = std::move(*other);
    }
    report.assetHeight = asset->hi.z() - asset->lo.z();
    float side = 0.f;
    auto copies = placeCopies(s, asset->footprint(), progress.sub(0.0, 0.1), side);
    if (!copies) return copies.error();
    report.copies = copies->size();
    report.benders = scene->benders.size();

    auto context = render::HeadlessContext::create();
    if (!context) return context.error();
    auto renderer = render::FoliageRenderer::create((*context)->loader());
    if (!renderer) return renderer.error();
    report.gl = (*context)->rendererName() + " (" + (*context)->versionName() + ", EGL " + (*context)->platform() + ")";
    render::FoliageRenderer& r = **renderer;
    const auto finish = [&](Status st) -> Status {
        r.release();
        return st;
    };
    if (Status st = addAsset(r, *asset, scene->fade, *copies); !st) return finish(st).error();
    Eigen::Vector3f frameLo(-side / 2, -side / 2, 0.f), frameHi(side / 2, side / 2, report.assetHeight);
    if (beside) {  // one copy to the right of the scatter, its centre over x
        foliage::FoliageInstance at;
        const float half = 0.5f * (beside->hi.x() - beside->lo.x());
        at.origin = Eigen::Vector3f(frameHi.x() + 0.3f + half - 0.5f * (beside->lo.x() + beside->hi.x()),
                                    -0.5f * (beside->lo.y() + beside->hi.y()), 0.f);
        if (Status st = addAsset(r, *beside, {}, {at}); !st) return finish(st).error();
        frameHi = frameHi.cwiseMax(Eigen::Vector3f(frameHi.x() + 0.3f + 2.f * half, 0.5f * side, beside->hi.z()));
        side = std::max(side, frameHi.x() - frameLo.x());
    }
    if (s.ground) {
        if (Status st = addGround(r, 1.5f * side + 4.f * report.assetHeight); !st) return finish(st).error();
    }

    render::Camera camera;
    camera.azimuthDeg = s.azimuthDeg;
    camera.elevationDeg = s.elevationDeg;
    const float aspect = float(s.width) / float(s.height);
    camera.frame({frameLo, frameHi}, aspect);
    if (s.distance > 0.f) camera.distance = s.distance;
    camera.sceneRadius = std::max(camera.sceneRadius, camera.distance + side);
    const foliage::WindField wind(scene->foliage.wind);
    render::FoliageFrame frame;
    frame.wind = &wind;
    frame.camera = camera.eye();
    frame.frame.look = scene->foliage.look;
    render::FoliageRenderSettings rs;
    rs.width = s.width;
    rs.height = s.height;
    rs.countFragments = s.countFragments;
    rs.cardOutlines = s.cardOutlines;
    rs.countCopies = true;  // the report names the copies drawn each frame
    for (int k = 0; k < s.frames; ++k) {
        if (progress.cancelled()) return finish(makeError(ErrorCode::Cancelled, "cancelled", s.png)).error();
        frame.frame.t = s.time + float(k) / s.fps;
        frame.frame.acting = bendersAt(scene->benders, frame.frame.t).acting(frame.camera);
        auto image = r.renderImage(camera.view(), camera.projection(aspect), frame, rs);
        if (!image) return finish(image.error()).error();
        report.copiesDrawn.push_back(r.lastDrawStats().copiesDrawn - (s.ground ? 1 : 0));  // not the ground
        report.fragments.push_back(r.lastDrawStats().fragments);
        report.drawCalls = r.lastDrawStats().drawCalls;
        if (Status st = writePngFile(outputs[static_cast<std::size_t>(k)], *image); !st) return finish(st).error();
        if (Status st = recordOutputFile(outputs[static_cast<std::size_t>(k)]); !st) return finish(st).error();
        report.written.push_back(outputs[static_cast<std::size_t>(k)]);
        progress.sub(0.1, 1.0).report(double(k + 1) / s.frames, "frame " + std::to_string(k + 1));
    }
    r.release();
    return report;
}

}  // namespace sw::pipeline
