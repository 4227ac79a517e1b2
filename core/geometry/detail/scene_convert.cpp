#include "core/geometry/detail/scene_convert.h"

#include <assimp/scene.h>

#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <regex>

namespace sw::geometry::detail {
namespace {

Eigen::Matrix4f toEigen(const aiMatrix4x4& m) {
    Eigen::Matrix4f e;
    e << m.a1, m.a2, m.a3, m.a4, m.b1, m.b2, m.b3, m.b4, m.c1, m.c2, m.c3, m.c4, m.d1, m.d2, m.d3, m.d4;
    return e;
}

// glTF/Assimp +Y up → ours +Z up.
Eigen::Vector3f yUpToZUp(const Eigen::Vector3f& p) { return {p.x(), -p.z(), p.y()}; }

// Exporter-generated names ("Object_12", "") say nothing; the parent's name is used instead.
bool isGenericName(const std::string& name) {
    static const std::regex kGeneric(R"(^(Object_\d+|mesh_?\d*|node_?\d*|)$)", std::regex::icase);
    return std::regex_match(name, kGeneric);
}

struct Walker {
    const aiScene& scene;
    const std::string& path;
    ConvertedScene out;
    std::vector<std::string> faceKey;        // [F] node-derived part key
    std::optional<Error> error;
    bool anyUvs = false;

    // A source mesh without normals (glTF allows it; the Fox has none): area-weighted normals of
    // its own faces at each of its vertices, never a placeholder direction. Vertices of no face
    // keep +Z.
    static void smoothNormals(Mesh& mesh, int firstVertex, std::size_t firstFace) {
        const std::size_t v0 = static_cast<std::size_t>(firstVertex);
        std::vector<Eigen::Vector3f> sum(mesh.positions.size() - v0, Eigen::Vector3f::Zero());
        for (std::size_t f = firstFace; f < mesh.triangles.size(); ++f) {
            const Eigen::Vector3f n = faceNormalArea(mesh, f);
            for (int k = 0; k < 3; ++k) sum[static_cast<std::size_t>(mesh.triangles[f][k]) - v0] += n;
        }
        for (std::size_t i = 0; i < sum.size(); ++i)
            if (sum[i].allFinite() && sum[i].norm() > 0) mesh.normals[v0 + i] = sum[i].normalized();
    }

    void addMesh(const aiMesh& m, const Eigen::Matrix4f& xf, const std::string& key) {
        if (!(m.mPrimitiveTypes & aiPrimitiveType_TRIANGLE)) return;
        const int base = static_cast<int>(out.mesh.positions.size());
        const Eigen::Matrix3f lin = xf.topLeftCorner<3, 3>();
        const Eigen::Matrix3f normalXf = lin.inverse().transpose();
        const bool mirrored = lin.determinant() < 0;
        Mesh& mesh = out.mesh;
        for (unsigned v = 0; v < m.mNumVertices; ++v) {
            const aiVector3D& a = m.mVertices[v];
            const Eigen::Vector3f p = (xf * Eigen::Vector4f(a.x, a.y, a.z, 1.f)).head<3>();
            if (!p.allFinite()) {
                error = makeError(ErrorCode::InvalidInput, "mesh \"" + std::string(m.mName.C_Str()) + "\" has a non-finite vertex (NaN or inf) at index " + std::to_string(v), path);
                return;
            }
            mesh.positions.push_back(yUpToZUp(p));
            Eigen::Vector3f n = Eigen::Vector3f::UnitZ();
            if (m.mNormals) {
                const Eigen::Vector3f src = normalXf * Eigen::Vector3f(m.mNormals[v].x, m.mNormals[v].y, m.mNormals[v].z);
                if (src.allFinite() && src.norm() > 0) n = yUpToZUp(src.normalized());
            }
            mesh.normals.push_back(n);
            mesh.uvs.push_back(m.mTextureCoords[0] ? Eigen::Vector2f(m.mTextureCoords[0][v].x, m.mTextureCoords[0][v].y)
                                                   : Eigen::Vector2f::Zero());
        }
        anyUvs = anyUvs || m.mTextureCoords[0] != nullptr;
        if (!m.mTextureCoords[0] && m.mMaterialIndex < out.materialHasNoUvs.size())
            out.materialHasNoUvs[m.mMaterialIndex] = 1;
        const std::size_t firstFace = mesh.triangles.size();
        for (unsigned f = 0; f < m.mNumFaces; ++f) {
            const aiFace& face = m.mFaces[f];
            if (face.mNumIndices != 3) continue;  // points and lines after SortByPType
            Eigen::Vector3i t(base + int(face.mIndices[0]), base + int(face.mIndices[1]), base + int(face.mIndices[2]));
            if (mirrored) std::swap(t[1], t[2]);
            mesh.triangles.push_back(t);
            mesh.faceMaterial.push_back(static_cast<int>(m.mMaterialIndex));
            faceKey.push_back(key);
        }
        if (!m.mNormals) smoothNormals(mesh, base, firstFace);
        ++out.meshInstances;
    }

    void walk(const aiNode& node, const Eigen::Matrix4f& parentXf, const std::string& parentKey) {
        const Eigen::Matrix4f xf = parentXf * toEigen(node.mTransformation);
        const std::string name = node.mName.C_Str();
        const std::string key = isGenericName(name) ? parentKey : name;
        for (unsigned i = 0; i < node.mNumMeshes && !error; ++i) addMesh(*scene.mMeshes[node.mMeshes[i]], xf, key);
        for (unsigned c = 0; c < node.mNumChildren && !error; ++c) walk(*node.mChildren[c], xf, key);
    }
};

// Part per distinct key in order of appearance; beyond kMaxParts merge into the last.
void assignParts(Mesh& mesh, const std::vector<std::string>& faceKey, std::vector<std::string>& warnings) {
    std::vector<std::string> names;
    std::map<std::string, int> index;
    mesh.facePart.resize(faceKey.size());
    for (std::size_t f = 0; f < faceKey.size(); ++f) {
        auto it = index.find(faceKey[f]);
        if (it == index.end()) {
            it = index.emplace(faceKey[f], static_cast<int>(names.size())).first;
            names.push_back(faceKey[f]);
        }
        mesh.facePart[f] = std::min(it->second, Mesh::kMaxParts - 1);
    }
    if (static_cast<int>(names.size()) > Mesh::kMaxParts) {
        const std::size_t extra = names.size() - Mesh::kMaxParts;
        warnings.push_back(std::to_string(names.size()) + " parts found, at most " + std::to_string(Mesh::kMaxParts) +
                           " are kept: the last " + std::to_string(extra + 1) + " (from \"" +
                           names[Mesh::kMaxParts - 1] + "\") are merged into part " + std::to_string(Mesh::kMaxParts - 1));
        names.resize(Mesh::kMaxParts);
        names.back() += " (+" + std::to_string(extra) + " merged)";
    }
    mesh.partNames = names;
}

}  // namespace

Status checkFiniteVertices(const aiScene& scene, const std::string& path) {
    for (unsigned m = 0; m < scene.mNumMeshes; ++m) {
        const aiMesh& mesh = *scene.mMeshes[m];
        for (unsigned v = 0; v < mesh.mNumVertices; ++v) {
            const aiVector3D& p = mesh.mVertices[v];
            if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z))
                return makeError(ErrorCode::InvalidInput, "mesh \"" + std::string(mesh.mName.C_Str()) +
                                 "\" has a non-finite vertex (NaN or inf) at index " + std::to_string(v), path);
        }
    }
    return {};
}

Result<ConvertedScene> convertScene(const aiScene& scene, const std::string& path) {
    Walker w{scene, path, {}, {}, {}};
    w.out.materialHasNoUvs.assign(scene.mNumMaterials, 0);
    if (scene.mRootNode) w.walk(*scene.mRootNode, Eigen::Matrix4f::Identity(), "model");
    if (w.error) return *w.error;
    if (!w.anyUvs) w.out.mesh.uvs.clear();
    if (w.out.mesh.triangles.empty())
        return makeError(ErrorCode::InvalidInput, "the scene has no triangles (empty scene, or only points/lines)", path);

    // Node names give the parts; with a single node name, fall back to material groups.
    std::vector<std::string> keys = w.faceKey;
    const bool oneNode = std::all_of(keys.begin(), keys.end(), [&](const std::string& k) { return k == keys.front(); });
    if (oneNode) {
        for (std::size_t f = 0; f < keys.size(); ++f) {
            const int mi = w.out.mesh.faceMaterial[f];
            const std::string matName = mi < int(scene.mNumMaterials) ? scene.mMaterials[mi]->GetName().C_Str() : "";
            keys[f] = matName.empty() ? "material " + std::to_string(mi) : matName;
        }
    }
    assignParts(w.out.mesh, keys, w.out.warnings);
    return std::move(w.out);
}

}  // namespace sw::geometry::detail
