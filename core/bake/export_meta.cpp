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
// pointed toward the model's front (−Y, core/render/camera.h); tip = the vertex farthest along it.
json gunEntry(const std::string& name, const std::vector<Eigen::Vector3f>& verts) {
    Eigen::Vector3f mean = Eigen::Vector3f::Zero();
    for (const auto& v : verts) mean += v;
    mean /= float(verts.size());
    Eigen::Matrix3f cov = Eigen::Matrix3f::Zero();
    for (const auto& v : verts) cov += (v - mean) * (v - mean).transpose();
    const Eigen::SelfAdjointEigenSolver<Eigen::Matrix3f> eig(cov);
    Eigen::Vector3f axis = eig.eigenvectors().col(2).normalized();
    if (axis.y() > 0) axis = -axis;
    Eigen::Vector3f tip = verts.front();
    for (const auto& v : verts)
        if (v.dot(axis) > tip.dot(axis)) tip = v;
    return {{"part", name}, {"axis", vec(axis)}, {"barrel_tip", vec(tip)}};
}

json modelFeatures(const geometry::Mesh& mesh) {
    json parts = json::array(), guns = json::array(), engine = nullptr;
    for (std::size_t p = 0; p < mesh.partNames.size(); ++p) {
        const std::string& name = mesh.partNames[p];
        const std::vector<Eigen::Vector3f> verts = partVertices(mesh, int(p));
        parts.push_back({{"id", p}, {"name", name}, {"pivot", vec(partPivot(mesh, int(p)))}});
        if (verts.empty()) continue;
        if (lower(name).rfind("gun", 0) == 0) guns.push_back(gunEntry(name, verts));
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

json parseOrNull(const std::string& text) {
    if (text.empty()) return nullptr;
    json j = json::parse(text, nullptr, false);
    return j.is_discarded() ? json(text) : j;
}

}  // namespace

std::string buildMetaJson(const BakedModel& baked, const ExportMeta& meta, const std::string& sourceHash) {
    const BakeReport& r = baked.report;
    json doc;
    doc["format"] = "splatwright-meta";
    doc["version"] = 1;
    doc["source"] = {{"path", meta.sourceModelPath}, {"hash", sourceHash}};
    doc["normalisation"] = {{"scale", meta.normalisation.scale},
                            {"offset", vec(meta.normalisation.offset)},
                            {"formula", "model = scale * (source_zup - offset); source_zup = (x, -z, y) of glTF"}};
    doc["budget"] = {{"splats", r.core + r.shell}, {"core", r.core}, {"shell", r.shell}, {"chunks", r.chunks}};
    const json features = meta.mesh ? modelFeatures(*meta.mesh) : json{{"parts", json::array()}, {"guns", json::array()}, {"engine_box", nullptr}};
    doc["parts"] = features["parts"];
    doc["guns"] = features["guns"];
    doc["barrel_tips"] = json::array();
    for (const auto& g : features["guns"]) doc["barrel_tips"].push_back(g["barrel_tip"]);
    doc["gun_axis"] = features["guns"].empty() ? json(nullptr) : features["guns"][0]["axis"];
    doc["engine_box"] = features["engine_box"];
    doc["settings"] = {{"bake", parseOrNull(meta.bakeSettingsJson)}, {"training", parseOrNull(meta.trainingSettingsJson)}};
    doc["report"] = {{"input", r.input},
                     {"floaters", {{"far", r.floaters.far}, {"detached", r.floaters.detached},
                                   {"silhouette", r.floaters.silhouette}, {"dataset", r.floaters.dataset},
                                   {"dataset_skipped", r.floaters.datasetSkipped}, {"removed", r.floaters.removed},
                                   {"kept", r.floaters.kept}}},
                     {"belly_culled", r.bellyCulled},
                     {"emissive", r.emissive},
                     {"warnings", r.warnings}};
    return doc.dump(2) + "\n";
}

std::string buildDebugJson(const BakedModel& baked) {
    const formats::Spl2Model& m = baked.spl2;
    json doc;
    doc["format"] = "splatwright-debug";
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
