#include "core/formats/detail/gltf_splat_read.h"

#include <Eigen/Dense>
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <set>

#include "core/formats/axes.h"
#include "core/formats/gltf_splat.h"
#include "core/foundation/file_io.h"

namespace sw::formats::detail {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using splat::SplatCloud;

constexpr double kShC0 = 0.28209479177387814;
constexpr std::uint32_t kGlbMagic = 0x46546C67, kChunkJson = 0x4E4F534A, kChunkBin = 0x004E4942;

std::uint32_t u32At(const std::uint8_t* p) {
    std::uint32_t v;
    std::memcpy(&v, p, 4);
    return v;
}

double linearToSrgb(double c) {
    c = std::clamp(c, 0.0, 1.0);
    return c <= 0.0031308 ? c * 12.92 : 1.055 * std::pow(c, 1.0 / 2.4) - 0.055;
}

std::string percentDecode(const std::string& uri) {
    std::string out;
    for (std::size_t i = 0; i < uri.size(); ++i) {
        if (uri[i] == '%' && i + 2 < uri.size() && std::isxdigit(uint8_t(uri[i + 1])) && std::isxdigit(uint8_t(uri[i + 2]))) {
            out += char(std::stoi(uri.substr(i + 1, 2), nullptr, 16));
            i += 2;
        } else {
            out += uri[i];
        }
    }
    return out;
}

bool base64Decode(const std::string& text, std::vector<std::uint8_t>& out) {
    auto value = [](char c) -> int {
        if (c >= 'A' && c <= 'Z') return c - 'A';
        if (c >= 'a' && c <= 'z') return c - 'a' + 26;
        if (c >= '0' && c <= '9') return c - '0' + 52;
        return c == '+' ? 62 : c == '/' ? 63 : -1;
    };
    std::uint32_t acc = 0;
    int bits = 0;
    for (char c : text) {
        if (c == '=') break;
        const int v = value(c);
        if (v < 0) return false;
        acc = (acc << 6) | std::uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(std::uint8_t(acc >> bits));
        }
    }
    return true;
}

// One glTF document: its JSON, its buffers, and readers for accessors that check every range.
class Document {
public:
    Document(std::string path) : m_path(std::move(path)) {}

    Error bad(const std::string& what, ErrorCode code = ErrorCode::Parse) const { return makeError(code, what, m_path); }

    Status parse(std::span<const std::uint8_t> bytes) {
        std::span<const std::uint8_t> text = bytes;
        if (bytes.size() >= 4 && u32At(bytes.data()) == kGlbMagic) {
            if (bytes.size() < 20) return bad("truncated GLB: the 12-byte header and a chunk header need 20 bytes, the file has " + std::to_string(bytes.size()));
            if (u32At(bytes.data() + 4) != 2) return bad("GLB container version " + std::to_string(u32At(bytes.data() + 4)) + " (only 2 is read)", ErrorCode::Unsupported);
            const std::uint64_t declared = u32At(bytes.data() + 8);
            if (declared > bytes.size()) return bad("truncated GLB: the header declares " + std::to_string(declared) + " bytes, the file has " + std::to_string(bytes.size()));
            std::size_t at = 12;
            bool first = true;
            while (at + 8 <= declared) {
                const std::uint64_t length = u32At(bytes.data() + at), type = u32At(bytes.data() + at + 4);
                if (at + 8 + length > declared) return bad("truncated GLB: a chunk of " + std::to_string(length) + " bytes at byte offset " + std::to_string(at) + " runs past the end");
                const auto chunk = bytes.subspan(at + 8, std::size_t(length));
                if (first && type != kChunkJson) return bad("the GLB's first chunk is not JSON");
                if (first) text = chunk;
                else if (type == kChunkBin && m_glbBin.empty()) m_glbBin.assign(chunk.begin(), chunk.end());
                first = false;
                at += 8 + std::size_t(length);
            }
            if (first) return bad("the GLB has no JSON chunk");
        }
        try {
            m_doc = json::parse(text.begin(), text.end());
        } catch (const json::exception& e) {
            return bad(std::string("invalid glTF JSON: ") + e.what());
        }
        if (!m_doc.is_object()) return bad("invalid glTF JSON: the document is not an object");
        const std::string version = m_doc.value("/asset/version"_json_pointer, std::string());
        if (version.empty()) return bad("glTF without asset.version");
        if (version.substr(0, 2) != "2.") return bad("glTF version " + version + " (only 2.x is read)", ErrorCode::Unsupported);
        for (const auto& ext : m_doc.value("extensionsRequired", json::array()))
            if (!ext.is_string() || ext.get<std::string>() != kGaussianSplattingExtension)
                return bad("the glTF requires extension " + ext.dump() + ", which is not supported", ErrorCode::Unsupported);
        m_modelAxes = m_doc.value("/asset/extras/splatwright/axes"_json_pointer, std::string()) == "model";
        return {};
    }

    const json& doc() const { return m_doc; }
    bool modelAxes() const { return m_modelAxes; }

    // Component values of accessor `index` as floats ([count × components]), checking its type.
    Result<std::vector<float>> accessor(int index, const std::string& semantic, const std::string& type,
                                        const std::set<int>& componentTypes, std::size_t& count) {
        const json& accessors = m_doc.value("accessors", json::array());
        if (index < 0 || std::size_t(index) >= accessors.size()) return bad(semantic + " names accessor " + std::to_string(index) + ", which does not exist");
        const json& a = accessors[std::size_t(index)];
        const std::string where = semantic + " (accessor " + std::to_string(index) + ")";
        if (a.contains("sparse")) return bad(where + " is sparse, which is not supported", ErrorCode::Unsupported);
        if (a.value("type", std::string()) != type) return bad(where + " must be " + type + ", not " + a.value("type", std::string("missing")));
        const int ct = a.value("componentType", 0);
        if (!componentTypes.count(ct)) return bad(where + " has component type " + std::to_string(ct) + ", not one the extension allows", ErrorCode::Unsupported);
        const bool normalized = a.value("normalized", false);
        const int comps = type == "SCALAR" ? 1 : type == "VEC3" ? 3 : 4;
        const int size = ct == 5126 || ct == 5125 ? 4 : ct == 5122 || ct == 5123 ? 2 : 1;
        count = a.value("count", std::size_t(0));
        if (!a.contains("bufferView")) return bad(where + " has no buffer view, which is not supported", ErrorCode::Unsupported);
        const json& views = m_doc.value("bufferViews", json::array());
        const std::size_t vi = a.value("bufferView", std::size_t(0));
        if (vi >= views.size()) return bad(where + " names buffer view " + std::to_string(vi) + ", which does not exist");
        const json& v = views[vi];
        auto buffer = this->buffer(v.value("buffer", -1));
        if (!buffer) return buffer.error();
        const std::uint64_t viewOffset = v.value("byteOffset", std::uint64_t(0)), viewLength = v.value("byteLength", std::uint64_t(0));
        const std::uint64_t element = std::uint64_t(size) * std::uint64_t(comps), stride = v.value("byteStride", element);
        const std::uint64_t offset = a.value("byteOffset", std::uint64_t(0));
        if (viewOffset > (*buffer)->size() || viewLength > (*buffer)->size() - viewOffset) return bad("buffer view " + std::to_string(vi) + " runs past the end of its buffer");
        if (stride < element || count > viewLength || offset > viewLength ||
            (count > 0 && offset + (count - 1) * stride + element > viewLength))
            return bad(where + " runs past the end of buffer view " + std::to_string(vi));
        std::vector<float> out(count * std::size_t(comps), 0.f);
        const std::uint8_t* base = (*buffer)->data() + viewOffset + offset;
        for (std::size_t i = 0; i < count; ++i) {
            const std::uint8_t* e = base + i * stride;
            for (int c = 0; c < comps; ++c) {
                const std::uint8_t* p = e + c * size;
                float x = 0;
                switch (ct) {
                    case 5126: std::memcpy(&x, p, 4); break;
                    case 5120: { std::int8_t b; std::memcpy(&b, p, 1); x = normalized ? std::max(b / 127.f, -1.f) : b; break; }
                    case 5121: x = normalized ? *p / 255.f : *p; break;
                    case 5122: { std::int16_t h; std::memcpy(&h, p, 2); x = normalized ? std::max(h / 32767.f, -1.f) : h; break; }
                    case 5123: { std::uint16_t h; std::memcpy(&h, p, 2); x = normalized ? h / 65535.f : h; break; }
                    default: { std::uint32_t w; std::memcpy(&w, p, 4); x = float(w); break; }
                }
                out[i * std::size_t(comps) + std::size_t(c)] = x;
            }
        }
        return out;
    }

private:
    Result<const std::vector<std::uint8_t>*> buffer(int index) {
        const json& buffers = m_doc.value("buffers", json::array());
        if (index < 0 || std::size_t(index) >= buffers.size()) return bad("a buffer view names buffer " + std::to_string(index) + ", which does not exist");
        if (m_buffers.size() < buffers.size()) m_buffers.resize(buffers.size()), m_loaded.resize(buffers.size(), false);
        if (m_loaded[std::size_t(index)]) return &m_buffers[std::size_t(index)];
        const json& b = buffers[std::size_t(index)];
        std::vector<std::uint8_t>& data = m_buffers[std::size_t(index)];
        const std::string name = "buffer " + std::to_string(index);
        if (!b.contains("uri")) {
            if (index != 0 || m_glbBin.empty()) return bad(name + " has no uri and the file has no GLB binary chunk");
            data = m_glbBin;
        } else {
            const std::string uri = b.value("uri", std::string());
            if (uri.rfind("data:", 0) == 0) {
                const auto comma = uri.find(',');
                if (comma == std::string::npos || uri.substr(0, comma).find(";base64") == std::string::npos || !base64Decode(uri.substr(comma + 1), data))
                    return bad(name + " has a data URI that is not base64");
            } else {
                SW_TRY(readExternal(percentDecode(uri), name, data));
            }
        }
        if (data.size() < b.value("byteLength", std::uint64_t(0)))
            return bad("truncated: " + name + " declares " + std::to_string(b.value("byteLength", std::uint64_t(0))) + " bytes but holds " + std::to_string(data.size()));
        m_loaded[std::size_t(index)] = true;
        return &data;
    }

    // A buffer file must lie inside the glTF's folder and be a regular file.
    Status readExternal(const std::string& uri, const std::string& name, std::vector<std::uint8_t>& data) const {
        const fs::path rel(uri), folder = fs::path(m_path).parent_path();
        bool inside = !uri.empty() && !rel.is_absolute() && !rel.has_root_name() && uri.find("://") == std::string::npos;
        for (const fs::path& part : rel) inside = inside && part != "..";
        std::error_code ec;
        const fs::path full = folder / rel;
        if (inside) {
            const fs::path real = fs::weakly_canonical(full, ec), root = fs::weakly_canonical(folder.empty() ? "." : folder, ec);
            inside = std::mismatch(root.begin(), root.end(), real.begin(), real.end()).first == root.end();
        }
        if (!inside) return bad(name + " names '" + uri + "', outside the glTF's folder", ErrorCode::InvalidInput);
        if (!fs::is_regular_file(full, ec)) return bad(name + " names '" + uri + "', which is missing or not a regular file", ErrorCode::Io);
        auto bytes = readFileBytes(full.string());
        if (!bytes) return bytes.error();
        data = std::move(*bytes);
        return {};
    }

    std::string m_path;
    json m_doc;
    bool m_modelAxes = false;
    std::vector<std::uint8_t> m_glbBin;
    std::vector<std::vector<std::uint8_t>> m_buffers;
    std::vector<bool> m_loaded;
};

// One splat primitive's attributes into a cloud (the primitive's local space, glTF axes).
Result<SplatCloud> readPrimitive(Document& d, const json& prim, const std::string& where) {
    const std::string ext = kGaussianSplattingExtension;
    const json& props = prim["extensions"][ext];
    const std::string kernel = props.value("kernel", std::string());
    if (kernel != "ellipse") return d.bad(where + ": kernel '" + kernel + "' is not supported (only \"ellipse\")", ErrorCode::Unsupported);
    const std::string colorSpace = props.value("colorSpace", std::string("srgb_rec709_display"));
    if (colorSpace != "srgb_rec709_display" && colorSpace != "lin_rec709_display")
        return d.bad(where + ": colorSpace '" + colorSpace + "' is not supported", ErrorCode::Unsupported);
    if (prim.value("mode", 4) != 0) return d.bad(where + ": mode must be POINTS (0) for Gaussian splats");
    const json& attrs = prim.value("attributes", json::object());
    auto read = [&](const std::string& semantic, const std::string& type, const std::set<int>& cts, std::size_t& count) -> Result<std::vector<float>> {
        if (!attrs.contains(semantic) || !attrs[semantic].is_number_integer()) return d.bad(where + " has no attribute " + semantic);
        return d.accessor(attrs[semantic].get<int>(), semantic, type, cts, count);
    };
    std::size_t n = 0, k = 0;
    auto pos = read("POSITION", "VEC3", {5126}, n);
    if (!pos) return pos.error();
    auto check = [&](Result<std::vector<float>>& r, const std::string& semantic) -> Status {
        if (!r) return r.error();
        if (k != n) return d.bad(where + ": " + semantic + " has " + std::to_string(k) + " values for " + std::to_string(n) + " positions");
        return {};
    };
    auto rot = read(ext + ":ROTATION", "VEC4", {5126, 5120, 5122}, k);
    SW_TRY(check(rot, "ROTATION"));
    auto scale = read(ext + ":SCALE", "VEC3", {5126, 5121, 5123}, k);
    SW_TRY(check(scale, "SCALE"));
    auto opacity = read(ext + ":OPACITY", "SCALAR", {5126, 5121, 5123}, k);
    SW_TRY(check(opacity, "OPACITY"));
    SplatCloud c;
    c.resize(n);
    const bool linear = colorSpace == "lin_rec709_display";
    if (attrs.contains(ext + ":SH_DEGREE_0_COEF_0")) {
        auto dc = read(ext + ":SH_DEGREE_0_COEF_0", "VEC3", {5126}, k);
        SW_TRY(check(dc, "SH_DEGREE_0_COEF_0"));
        for (std::size_t i = 0; i < n; ++i)
            for (int a = 0; a < 3; ++a) {
                const double v = 0.5 + kShC0 * double((*dc)[i * 3 + std::size_t(a)]);
                c.colors[i][a] = float(linear ? linearToSrgb(v) : v);
            }
    } else {
        return d.bad(where + " has no attribute " + ext + ":SH_DEGREE_0_COEF_0");
    }
    for (std::size_t i = 0; i < n; ++i) {
        for (int a = 0; a < 3; ++a) c.positions[i][a] = (*pos)[i * 3 + std::size_t(a)], c.scales[i][a] = (*scale)[i * 3 + std::size_t(a)];
        const float* q = &(*rot)[i * 4];
        c.rotations[i] = Eigen::Vector4f(q[3], q[0], q[1], q[2]);
        c.opacities[i] = (*opacity)[i];
    }
    if (attrs.contains("NORMAL")) {
        auto normal = read("NORMAL", "VEC3", {5126}, k);
        SW_TRY(check(normal, "NORMAL"));
        c.normals.resize(n);
        for (std::size_t i = 0; i < n; ++i) c.normals[i] = Eigen::Vector3f((*normal)[i * 3], (*normal)[i * 3 + 1], (*normal)[i * 3 + 2]);
    }
    // The highest band with all its coefficients (and every lower band); a partial band is refused.
    int degree = 0;
    for (int l = 1; l <= splat::kMaxShDegree; ++l) {
        int present = 0;
        for (int m = 0; m <= 2 * l; ++m) present += attrs.contains(ext + ":SH_DEGREE_" + std::to_string(l) + "_COEF_" + std::to_string(m));
        if (present == 0) break;
        if (present != 2 * l + 1) return d.bad(where + ": SH degree " + std::to_string(l) + " has " + std::to_string(present) + " of its " + std::to_string(2 * l + 1) + " coefficients");
        degree = l;
    }
    c.shDegree = degree;
    const std::size_t rest = std::size_t(splat::shRestCount(degree));
    c.shRest.assign(n * rest * 3, 0.f);
    for (int l = 1; l <= degree; ++l) {
        for (int m = 0; m <= 2 * l; ++m) {
            const std::string semantic = ext + ":SH_DEGREE_" + std::to_string(l) + "_COEF_" + std::to_string(m);
            auto coef = read(semantic, "VEC3", {5126}, k);
            SW_TRY(check(coef, semantic));
            const std::size_t j = std::size_t(l * l - 1 + m);
            for (std::size_t i = 0; i < n; ++i)
                for (int ch = 0; ch < 3; ++ch) c.shRest[(i * rest + j) * 3 + std::size_t(ch)] = (*coef)[i * 3 + std::size_t(ch)];
        }
    }
    return c;
}

Eigen::Matrix4d nodeMatrix(const json& node) {
    Eigen::Matrix4d m = Eigen::Matrix4d::Identity();
    if (node.contains("matrix") && node["matrix"].is_array() && node["matrix"].size() == 16) {
        for (int i = 0; i < 16; ++i) m(i % 4, i / 4) = node["matrix"][std::size_t(i)].get<double>();  // column-major
        return m;
    }
    const auto t = node.value("translation", std::vector<double>{0, 0, 0});
    const auto r = node.value("rotation", std::vector<double>{0, 0, 0, 1});
    const auto s = node.value("scale", std::vector<double>{1, 1, 1});
    if (t.size() == 3 && r.size() == 4 && s.size() == 3) {
        m.block<3, 3>(0, 0) = Eigen::Quaterniond(r[3], r[0], r[1], r[2]).normalized().toRotationMatrix() * Eigen::Vector3d(s[0], s[1], s[2]).asDiagonal();
        m.block<3, 1>(0, 3) = Eigen::Vector3d(t[0], t[1], t[2]);
    }
    return m;
}

// Applies a node's global transform: a rotation and uniform scale exactly, anything else through
// each splat's covariance M Σ Mᵀ (SH turned by the rotation of M's polar decomposition).
Status transformCloud(SplatCloud& c, const Eigen::Matrix4d& global, const Document& d) {
    const Eigen::Matrix3d m = global.block<3, 3>(0, 0);
    const Eigen::Vector3d t = global.block<3, 1>(0, 3);
    if (m.isIdentity(1e-12) && t.isZero(0)) return {};
    Eigen::JacobiSVD<Eigen::Matrix3d> svd(m, Eigen::ComputeFullU | Eigen::ComputeFullV);
    const Eigen::Vector3d sv = svd.singularValues();
    if (!(sv.minCoeff() > 0) || !sv.allFinite() || m.determinant() <= 0)
        return d.bad("a node holding splats has a transform that is singular or mirrors (undefined for splats)");
    const Eigen::Matrix3d r = svd.matrixU() * svd.matrixV().transpose();
    const bool uniform = (sv.maxCoeff() - sv.minCoeff()) <= 1e-9 * sv.maxCoeff();
    const SplatCloud before = c;
    rotateCloud(c, r);
    const Eigen::Matrix3f normalM = m.inverse().transpose().cast<float>();
    for (std::size_t i = 0; i < c.size(); ++i) {
        c.positions[i] = (m * before.positions[i].cast<double>() + t).cast<float>();
        if (!c.normals.empty()) c.normals[i] = (normalM * before.normals[i]).normalized();
        if (uniform) {
            c.scales[i] *= float(sv[0]);
            continue;
        }
        const Eigen::Vector4f& q = before.rotations[i];
        const Eigen::Matrix3d rq = Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
        const Eigen::Matrix3d cov = m * rq * before.scales[i].cast<double>().cwiseAbs2().asDiagonal() * rq.transpose() * m.transpose();
        Eigen::SelfAdjointEigenSolver<Eigen::Matrix3d> eig(cov);
        Eigen::Matrix3d axes = eig.eigenvectors();
        if (axes.determinant() < 0) axes.col(2) = -axes.col(2);
        const Eigen::Quaterniond out(axes);
        c.rotations[i] = Eigen::Vector4f(float(out.w()), float(out.x()), float(out.y()), float(out.z()));
        c.scales[i] = eig.eigenvalues().cwiseMax(0.0).cwiseSqrt().cast<float>();
    }
    return {};
}

void append(SplatCloud& dst, SplatCloud&& src) {
    if (dst.empty()) {
        dst = std::move(src);
        return;
    }
    const int degree = std::min(dst.shDegree, src.shDegree);
    const std::size_t kd = std::size_t(splat::shRestCount(dst.shDegree)), ks = std::size_t(splat::shRestCount(src.shDegree));
    const std::size_t kk = std::size_t(splat::shRestCount(degree)), at = dst.size();
    std::vector<float> rest(((at + src.size()) * kk) * 3, 0.f);
    for (std::size_t i = 0; i < at; ++i) std::copy_n(&dst.shRest[i * kd * 3], kk * 3, &rest[i * kk * 3]);
    for (std::size_t i = 0; i < src.size(); ++i) std::copy_n(&src.shRest[i * ks * 3], kk * 3, &rest[(at + i) * kk * 3]);
    const bool normals = !dst.normals.empty() && !src.normals.empty();
    auto cat = [](auto& a, const auto& b) { a.insert(a.end(), b.begin(), b.end()); };
    cat(dst.positions, src.positions);
    cat(dst.rotations, src.rotations);
    cat(dst.scales, src.scales);
    cat(dst.opacities, src.opacities);
    cat(dst.colors, src.colors);
    if (normals) cat(dst.normals, src.normals);
    else dst.normals.clear();
    dst.shDegree = degree;
    dst.shRest = degree > 0 ? std::move(rest) : std::vector<float>{};
}

}  // namespace

namespace {

Result<SplatCloud> decodeDocument(std::span<const std::uint8_t> bytes, const std::string& path) {
    Document d(path);
    SW_TRY(d.parse(bytes));
    const json& doc = d.doc();
    const json& nodes = doc.value("nodes", json::array());
    const json& meshes = doc.value("meshes", json::array());
    std::vector<std::pair<std::size_t, Eigen::Matrix4d>> stack;  // node, parent's global transform
    const json& scenes = doc.value("scenes", json::array());
    const std::size_t scene = doc.value("scene", std::size_t(0));
    if (scene < scenes.size()) {
        for (const auto& n : scenes[scene].value("nodes", json::array())) stack.emplace_back(n.get<std::size_t>(), Eigen::Matrix4d::Identity());
    } else {
        for (std::size_t i = 0; i < nodes.size(); ++i) stack.emplace_back(i, Eigen::Matrix4d::Identity());  // no scene: every node
    }
    SplatCloud cloud;
    std::size_t visited = 0;
    while (!stack.empty()) {
        auto [index, parent] = stack.back();
        stack.pop_back();
        if (index >= nodes.size()) return d.bad("a scene names node " + std::to_string(index) + ", which does not exist");
        if (++visited > 1'000'000) return d.bad("the node hierarchy has a cycle");
        const json& node = nodes[index];
        const Eigen::Matrix4d global = parent * nodeMatrix(node);
        for (const auto& child : node.value("children", json::array())) stack.emplace_back(child.get<std::size_t>(), global);
        if (!node.contains("mesh")) continue;
        const std::size_t mi = node.value("mesh", std::size_t(0));
        if (mi >= meshes.size()) return d.bad("node " + std::to_string(index) + " names mesh " + std::to_string(mi) + ", which does not exist");
        const json& prims = meshes[mi].value("primitives", json::array());
        for (std::size_t p = 0; p < prims.size(); ++p) {
            if (!prims[p].contains("extensions") || !prims[p]["extensions"].contains(kGaussianSplattingExtension)) continue;
            auto part = readPrimitive(d, prims[p], "mesh " + std::to_string(mi) + " primitive " + std::to_string(p));
            if (!part) return part.error();
            SW_TRY(transformCloud(*part, global, d));
            append(cloud, std::move(*part));
        }
    }
    if (cloud.empty()) return d.bad("the glTF has no KHR_gaussian_splatting primitive with splats (a mesh model, not a splat cloud)", ErrorCode::InvalidInput);
    if (!d.modelAxes()) frameToModel(cloud, Frame::Rub);
    SW_TRY(cloud.validate(path));
    return cloud;
}

}  // namespace

Result<SplatCloud> decodeGltfSplatDocument(std::span<const std::uint8_t> bytes, const std::string& path) {
    try {
        return decodeDocument(bytes, path);
    } catch (const nlohmann::json::exception& e) {  // a field of the wrong JSON type
        return makeError(ErrorCode::Parse, std::string("invalid glTF: ") + e.what(), path);
    }
}

}  // namespace sw::formats::detail
