// Sidecar texts of the export: <name>.meta.json (what the game needs to put the splat node in
// place of the mesh and to aim from it) and <name>.json (a readable dump of the baked splats).
#include <Eigen/Eigenvalues>
#include <algorithm>
#include <cctype>
#include <nlohmann/json.hpp>

#include "core/bake/export.h"
#include "core/bake/materials.h"

namespace sw::bake {

namespace {

using nlohmann::json;

json vec(const Eigen::Vector3f& v) { return json::array({v.x(), v.y(), v.z()}); }

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

// Vertices used by the faces of one part.
std::vector<Eigen::Vector3f> partVertices(const geometry::Mesh& mesh, int part) {
    std::vector<char> used(mesh.positions.size(), 0);
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f)
        if (f < mesh.facePart.size() && mesh.facePart[f] == part)
            for (int c = 0; c < 3; ++c) used[std::size_t(mesh.triangles[f][c])] = 1;
    std::vector<Eigen::Vector3f> out;
    for (std::size_t v = 0; v < used.size(); ++v)
        if (used[v]) out.push_back(mesh.positions[v]);
    return out;
}

// Pivot: area-weighted centroid of the part's faces.
Eigen::Vector3f partPivot(const geometry::Mesh& mesh, int part) {
    Eigen::Vector3d sum = Eigen::Vector3d::Zero();
    double area = 0;
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        if (f >= mesh.facePart.size() || mesh.facePart[f] != part) continue;
        const double a = 0.5 * double(geometry::faceNormalArea(mesh, f).norm());
        const Eigen::Vector3i& t = mesh.triangles[f];
        const Eigen::Vector3f c = (mesh.positions[std::size_t(t[0])] + mesh.positions[std::size_t(t[1])] +
                                   mesh.positions[std::size_t(t[2])]) / 3.f;
        sum += a * c.cast<double>();
        area += a;
    }
    return area > 0 ? Eigen::Vector3f((sum / area).cast<float>()) : Eigen::Vector3f::Zero();
}

// Gun: axis = principal direction of the part's vertices (largest covariance eigenvector),
// pointed out of the muzzle: of the barrel's two ends the muzzle is the one farther from the
// model's centre (the breech sits on the body); on a tie the model's front (−Y), then +X, +Z.
// The tip is the muzzle centre: the mean of the vertices within a small slab of the end along
// the axis (the rim ring, and the cap centre when there is one), moved onto the end plane.
json gunEntry(const std::string& name, const std::vector<Eigen::Vector3f>& verts, const Eigen::Vector3f& modelCentre) {
    Eigen::Vector3d mean = Eigen::Vector3d::Zero();
    for (const auto& v : verts) mean += v.cast<double>();
    mean /= double(verts.size());
    Eigen::Matrix3d cov = Eigen::Matrix3d::Zero();
    for (const auto& v : verts) cov += (v.cast<double>() - mean) * (v.cast<double>() - mean).transpose();
    const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(cov);
    Eigen::Vector3d axis = eig.eigenvectors().col(2).normalized();
    double tMin = 1e300, tMax = -1e300;
    for (const auto& v : verts) {
        const double t = v.cast<double>().dot(axis);
        tMin = std::min(tMin, t);
        tMax = std::max(tMax, t);
    }
    const double slab = std::max(1e-3 * (tMax - tMin), 1e-6);
    const auto endCentre = [&](bool top) {
        Eigen::Vector3d sum = Eigen::Vector3d::Zero();
        int count = 0;
        for (const auto& v : verts) {
            const double t = v.cast<double>().dot(axis);
            if (top ? t >= tMax - slab : t <= tMin + slab) {
                sum += v.cast<double>();
                ++count;
            }
        }
        const Eigen::Vector3d c = sum / double(std::max(count, 1));
        return Eigen::Vector3d(c + axis * ((top ? tMax : tMin) - c.dot(axis)));
    };
    const Eigen::Vector3d plus = endCentre(true), minus = endCentre(false);
    const Eigen::Vector3d centre = modelCentre.cast<double>();
    const double dPlus = (plus - centre).norm(), dMinus = (minus - centre).norm();
    bool flip = dMinus > dPlus;
    if (std::abs(dPlus - dMinus) <= 1e-6 * std::max(1.0, dPlus)) {
        const Eigen::Vector3d front(0, -1, 0);
        const double f = axis.dot(front), x = axis.x(), z = axis.z();
        flip = std::abs(f) > 1e-6 ? f < 0 : (std::abs(x) > 1e-6 ? x < 0 : z < 0);
    }
    const Eigen::Vector3d tip = flip ? minus : plus;
    if (flip) axis = -axis;
    return {{"part", name}, {"axis", vec(axis.cast<float>())}, {"barrel_tip", vec(tip.cast<float>())}};
}

// Area-weighted centroid of the whole mesh.
Eigen::Vector3f meshCentre(const geometry::Mesh& mesh) {
    Eigen::Vector3d sum = Eigen::Vector3d::Zero();
    double area = 0;
    for (std::size_t f = 0; f < mesh.triangles.size(); ++f) {
        const double a = 0.5 * double(geometry::faceNormalArea(mesh, f).norm());
        const Eigen::Vector3i& t = mesh.triangles[f];
        sum += a * ((mesh.positions[std::size_t(t[0])] + mesh.positions[std::size_t(t[1])] +
                     mesh.positions[std::size_t(t[2])]) / 3.f).cast<double>();
        area += a;
    }
    return area > 0 ? Eigen::Vector3f((sum / area).cast<float>()) : Eigen::Vector3f::Zero();
}

json modelFeatures(const geometry::Mesh& mesh) {
    json parts = json::array(), guns = json::array(), engine = nullptr;
    const Eigen::Vector3f centre = meshCentre(mesh);
    for (std::size_t p = 0; p < mesh.partNames.size(); ++p) {
        const std::string& name = mesh.partNames[p];
        const std::vector<Eigen::Vector3f> verts = partVertices(mesh, int(p));
        parts.push_back({{"id", p}, {"name", name}, {"pivot", vec(partPivot(mesh, int(p)))}});
        if (verts.empty()) continue;
        if (lower(name).rfind("gun", 0) == 0) guns.push_back(gunEntry(name, verts, centre));
        if (lower(name).rfind("engine", 0) == 0 && engine.is_null()) {
            Eigen::Vector3f lo = verts.front(), hi = verts.front();
            for (const auto& v : verts) {
                lo = lo.cwiseMin(v);
                hi = hi.cwiseMax(v);
            }
            engine = {{"part", name}, {"min", vec(lo)}, {"max", vec(hi)}};
        }
    }
    return {{"parts", parts}, {"guns", guns}, {"engine_box", engine}};
}

json whereJson(const FloaterWhere& w) {
    json j = {{"count", w.count()}, {"behind_face", w.behind}, {"on_face", w.on}, {"in_front_of_face", w.inFront}};
    j["bbox"] = w.count() > 0 ? json{{"min", vec(w.lo)}, {"max", vec(w.hi)}} : json(nullptr);
    return j;
}

json parseOrNull(const std::string& text) {
    if (text.empty()) return nullptr;
    json j = json::parse(text, nullptr, false);
    return j.is_discarded() ? json(text) : j;
}

json reportJson(const BakeReport& r) {
    const FloaterReport& f = r.floaters;
    return {{"input", r.input},
            {"normals", {{"rule", "outward normal of the nearest repaired face"}, {"flipped", r.normalsFlipped},
                         {"centres_behind_face", r.normalsBehind}, {"centres_on_face", r.normalsOn},
                         {"centres_in_front_of_face", r.normalsInFront}}},
            {"floaters", {{"far", f.far}, {"detached", f.detached}, {"silhouette", f.silhouette}, {"dataset", f.dataset},
                          {"dataset_skipped", f.datasetSkipped}, {"removed", f.removed}, {"kept", f.kept},
                          {"detached_on_surface_spared", f.detachedOnSurface},
                          {"outside_box_share", f.outsideBoxShare},
                          {"where", {{"far", whereJson(f.farWhere)}, {"detached", whereJson(f.detachedWhere)},
                                     {"silhouette", whereJson(f.silhouetteWhere)}, {"dataset", whereJson(f.datasetWhere)},
                                     {"removed", whereJson(f.removedWhere)}}}}},
            {"belly_culled", r.bellyCulled},
            {"belly_culled_where", whereJson(r.bellyWhere)},
            {"belly_kept_seen", r.bellySeen},
            {"dead", r.dead},
            {"emissive", r.emissive},
            {"emission_from", r.emissionFrom},
            {"warnings", r.warnings}};
}

// The axes of every file written (core/formats/axes.h, docs/formats.md "Axes").
json axesJson(formats::Axes axes) {
    const bool model = axes == formats::Axes::Model;
    const auto file = [model](const char* convention, const char* fromModel, const char* up) {
        return model ? json{{"convention", "model"}, {"from_model", "(x, y, z)"}, {"up", "+z"}}
                     : json{{"convention", convention}, {"from_model", fromModel}, {"up", up}};
    };
    return {{"setting", formats::axesName(axes)},
            {"model", "right-handed, +Z up, nose towards -Y; the .bin (SPL2) and every position in this file"},
            {"ply", file("3dgs (x right, y down, z forward)", "(x, -z, y)", "-y")},
            {"spz", file("rub (x right, y up, z back)", "(x, z, -y)", "+y")}};
}

}  // namespace

std::string buildMetaJson(const BakedModel& baked, const ExportMeta& meta, const std::string& sourceHash,
                          formats::Axes axes) {
    const BakeReport& r = baked.report;
    json doc;
    doc["format"] = "splatwright-meta";
    doc["version"] = 1;
    doc["source"] = {{"path", meta.sourceModelPath}, {"hash", sourceHash}};
    doc["normalisation"] = {{"scale", meta.normalisation.scale},
                            {"offset", vec(meta.normalisation.offset)},
                            {"formula", "model = scale * (source_zup - offset); source_zup = (x, -z, y) of glTF"}};
    doc["axes"] = axesJson(axes);
    doc["budget"] = {{"splats", r.core + r.shell}, {"core", r.core}, {"shell", r.shell}, {"chunks", r.chunks}};
    const json features = meta.mesh ? modelFeatures(*meta.mesh) : json{{"parts", json::array()}, {"guns", json::array()}, {"engine_box", nullptr}};
    doc["parts"] = features["parts"];
    doc["guns"] = features["guns"];
    doc["barrel_tips"] = json::array();
    for (const auto& g : features["guns"]) doc["barrel_tips"].push_back(g["barrel_tip"]);
    doc["gun_axis"] = features["guns"].empty() ? json(nullptr) : features["guns"][0]["axis"];
    doc["engine_box"] = features["engine_box"];
    doc["settings"] = {{"bake", parseOrNull(meta.bakeSettingsJson)}, {"training", parseOrNull(meta.trainingSettingsJson)}};
    doc["report"] = reportJson(r);
    return doc.dump(2) + "\n";
}

std::string buildDebugJson(const BakedModel& baked) {
    const formats::Spl2Model& m = baked.spl2;
    json doc;
    doc["format"] = "splatwright-debug";
    doc["report"] = reportJson(baked.report);
    doc["attrs_layout"] = {"ao", "part*16+emission", "thickness", "shape(0 dot,1 hex,2 plate)"};
    const auto dumpPart = [&](const formats::Spl2Part& part, const std::vector<std::int32_t>* chunk,
                              const std::vector<std::int32_t>* material) {
        json arr = json::array();
        for (std::size_t i = 0; i < part.size(); ++i) {
            json s = {{"pos", vec(part.pos[i])}, {"ax0", vec(part.ax0[i])}, {"ax1", vec(part.ax1[i])},
                      {"normal", vec(part.normal[i])}, {"color", vec(part.color[i])}, {"opacity", part.opacity[i]},
                      {"attrs", {part.attrs[i].x(), part.attrs[i].y(), part.attrs[i].z(), part.attrs[i].w()}}};
            if (chunk) s["chunk"] = (*chunk)[i];
            if (material) s["material"] = materialName(formats::MaterialClass((*material)[i]));
            arr.push_back(std::move(s));
        }
        return arr;
    };
    const auto* t = m.chunks ? &*m.chunks : nullptr;
    doc["core"] = dumpPart(m.core, t ? &t->coreChunk : nullptr, t ? &t->coreMaterial : nullptr);
    doc["shell"] = dumpPart(m.shell, t ? &t->shellChunk : nullptr, t ? &t->shellMaterial : nullptr);
    json chunks = json::array();
    if (t)
        for (const auto& c : t->chunks) chunks.push_back({{"centroid", vec(c.centroid)}, {"part", c.part}, {"size", c.size}});
    doc["chunks"] = chunks;
    doc["order_bucket0"] = m.orders.empty() ? json::array() : json(m.orders[0]);
    return doc.dump(1) + "\n";
}

}  // namespace sw::bake
