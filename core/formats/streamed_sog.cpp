#include "core/formats/streamed_sog.h"

#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/formats/sog.h"
#include "core/foundation/file_io.h"

namespace sw::formats {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using splat::SplatCloud;

constexpr const char* kManifestName = "lod-meta.json";
constexpr int kMaxTreeDepth = 64;

class ManifestParser {
public:
    explicit ManifestParser(StreamedSogManifest& m) : m_m(m) {}

    Error bad(const std::string& what) const { return makeError(ErrorCode::Parse, "lod-meta.json: " + what, m_m.path); }

    Status bound(const json& node, StreamedSogNode& out) const {
        auto b = node.find("bound");
        if (b == node.end()) return {};
        for (auto [key, v] : {std::pair{"min", &out.boundMin}, std::pair{"max", &out.boundMax}}) {
            auto a = b->is_object() ? b->find(key) : b->end();
            if (a == b->end() || !a->is_array() || a->size() != 3) return bad(std::string("'bound.") + key + "' must be 3 numbers");
            for (int i = 0; i < 3; ++i) {
                if (!(*a)[std::size_t(i)].is_number()) return bad(std::string("'bound.") + key + "' must be 3 numbers");
                (*v)[i] = (*a)[std::size_t(i)].get<float>();
            }
        }
        return {};
    }

    Status lods(const json& node, StreamedSogNode& out) const {
        auto l = node.find("lods");
        if (l == node.end()) return {};
        if (!l->is_object()) return bad("'lods' must be an object");
        for (const auto& item : l->items()) {
            const std::string& key = item.key();  // named, not bound: lambdas below capture them
            const json& ref = item.value();
            int level = -1;
            if (key.size() <= 3 && !key.empty() && key.find_first_not_of("0123456789") == std::string::npos) level = std::stoi(key);
            if (level < 0 || level >= m_m.lodLevels) return bad("level '" + key + "' is outside 0.." + std::to_string(m_m.lodLevels - 1));
            auto get = [&](const char* k, std::uint64_t& v) -> Status {
                auto f = ref.is_object() ? ref.find(k) : ref.end();
                if (f == ref.end() || !f->is_number_unsigned()) return bad("level " + key + ": '" + k + "' must be a non-negative integer");
                v = f->get<std::uint64_t>();
                return {};
            };
            std::uint64_t file = 0;
            StreamedSogRef r;
            SW_TRY(get("file", file));
            SW_TRY(get("offset", r.offset));
            SW_TRY(get("count", r.count));
            if (file >= m_m.filenames.size())
                return bad("level " + key + " names file " + std::to_string(file) + " of " + std::to_string(m_m.filenames.size()));
            if (r.offset > (std::uint64_t(1) << 40) || r.count > (std::uint64_t(1) << 40)) return bad("level " + key + ": offset or count out of range");
            r.file = int(file);
            out.lods[level] = r;
            m_m.levelCounts[std::size_t(level)] += r.count;
        }
        return {};
    }

    Status node(const json& j, int depth) {
        if (!j.is_object()) return bad("a tree node must be an object");
        if (depth > kMaxTreeDepth) return bad("the tree is deeper than " + std::to_string(kMaxTreeDepth) + " levels");
        const int index = int(m_m.nodes.size());
        m_m.nodes.emplace_back();
        StreamedSogNode n;
        SW_TRY(bound(j, n));
        SW_TRY(lods(j, n));
        m_m.nodes[std::size_t(index)] = n;
        if (auto c = j.find("children"); c != j.end()) {
            if (!c->is_array()) return bad("'children' must be an array");
            for (const json& child : *c) {
                m_m.nodes[std::size_t(index)].children.push_back(int(m_m.nodes.size()));
                SW_TRY(node(child, depth + 1));
            }
        }
        return {};
    }

private:
    StreamedSogManifest& m_m;
};

// A manifest's filename must stay inside its folder and exist.
Status checkFilename(const StreamedSogManifest& m, const std::string& name) {
    const fs::path rel(name);
    bool inside = !name.empty() && !rel.is_absolute() && !rel.has_root_name();
    for (const fs::path& part : rel) inside = inside && part != "..";
    std::error_code ec;
    const fs::path full = fs::path(m.folder) / rel;
    if (inside) {
        const fs::path real = fs::weakly_canonical(full, ec), root = fs::weakly_canonical(m.folder, ec);
        const auto [r, f] = std::mismatch(root.begin(), root.end(), real.begin(), real.end());
        inside = r == root.end();
        (void)f;
    }
    if (!inside) return makeError(ErrorCode::InvalidInput, "lod-meta.json names '" + name + "', outside the manifest's folder", m.path);
    if (!fs::exists(full, ec)) return makeError(ErrorCode::Io, "lod-meta.json names '" + name + "', which is missing", m.path);
    return {};
}

// Appends `count` splats of `src` from `offset` to `dst` (SH truncated to dst's degree).
void appendRun(SplatCloud& dst, const SplatCloud& src, std::size_t offset, std::size_t count) {
    const std::size_t at = dst.size();
    dst.resize(at + count);
    const std::size_t kd = std::size_t(splat::shRestCount(dst.shDegree)), ks = std::size_t(splat::shRestCount(src.shDegree));
    for (std::size_t i = 0; i < count; ++i) {
        const std::size_t s = offset + i, d = at + i;
        dst.positions[d] = src.positions[s];
        dst.rotations[d] = src.rotations[s];
        dst.scales[d] = src.scales[s];
        dst.opacities[d] = src.opacities[s];
        dst.colors[d] = src.colors[s];
        for (std::size_t j = 0; j < kd * 3; ++j) dst.shRest[d * kd * 3 + j] = src.shRest[s * ks * 3 + j];
    }
}

Result<SplatCloud> readFile(const StreamedSogManifest& m, int file, const Progress& progress) {
    return readSog((fs::path(m.folder) / m.filenames[std::size_t(file)]).string(), progress);
}

Status checkRun(const StreamedSogManifest& m, const StreamedSogRef& r, const SplatCloud& cloud) {
    if (r.offset + r.count <= cloud.size()) return {};
    return makeError(ErrorCode::Parse, "lod-meta.json asks for splats " + std::to_string(r.offset) + ".." +
                                           std::to_string(r.offset + r.count) + " of a file holding " + std::to_string(cloud.size()),
                     (fs::path(m.folder) / m.filenames[std::size_t(r.file)]).string());
}

}  // namespace

std::vector<int> StreamedSogManifest::chunkNodes() const {
    std::vector<int> out;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (!nodes[i].lods.empty()) out.push_back(int(i));
    return out;
}

bool isStreamedSogPath(const std::string& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) return fs::is_regular_file(fs::path(path) / kManifestName, ec);
    return fs::path(path).filename() == kManifestName;
}

Result<StreamedSogManifest> readStreamedSogManifest(const std::string& path) {
    StreamedSogManifest m;
    std::error_code ec;
    m.path = fs::is_directory(path, ec) ? (fs::path(path) / kManifestName).string() : path;
    m.folder = fs::path(m.path).parent_path().string();
    if (m.folder.empty()) m.folder = ".";
    auto text = readFileText(m.path);
    if (!text) return text.error();
    const json root = json::parse(*text, nullptr, false);
    ManifestParser p(m);
    if (root.is_discarded() || !root.is_object()) return p.bad("not a JSON object");
    if (auto v = root.find("version"); v != root.end()) {
        if (!v->is_number_unsigned() || v->get<std::uint64_t>() == 0) return p.bad("'version' must be a positive integer");
        if (v->get<std::uint64_t>() > std::uint64_t(kStreamedSogVersion))
            return makeError(ErrorCode::Unsupported, "lod-meta.json version " + std::to_string(v->get<std::uint64_t>()) +
                                                         " is newer than this reader (version " +
                                                         std::to_string(kStreamedSogVersion) + ")", m.path);
        m.version = int(v->get<std::uint64_t>());
    }
    auto levels = root.find("lodLevels");
    if (levels == root.end() || !levels->is_number_unsigned() || levels->get<std::uint64_t>() == 0 || levels->get<std::uint64_t>() > 64)
        return p.bad("'lodLevels' must be an integer 1..64");
    m.lodLevels = int(levels->get<std::uint64_t>());
    m.levelCounts.assign(std::size_t(m.lodLevels), 0);
    auto names = root.find("filenames");
    if (names == root.end() || !names->is_array()) return p.bad("'filenames' must be an array of strings");
    for (const json& n : *names) {
        if (!n.is_string()) return p.bad("'filenames' must be an array of strings");
        m.filenames.push_back(n.get<std::string>());
        SW_TRY(checkFilename(m, m.filenames.back()));
    }
    if (auto env = root.find("environment"); env != root.end() && !env->is_null()) {
        if (!env->is_string()) return p.bad("'environment' must be a string or null");
        m.environment = env->get<std::string>();
        SW_TRY(checkFilename(m, m.environment));
    }
    auto tree = root.find("tree");
    if (tree == root.end()) return p.bad("no 'tree'");
    SW_TRY(p.node(*tree, 0));
    if (auto counts = root.find("counts"); counts != root.end()) {
        if (!counts->is_array() || counts->size() != m.levelCounts.size()) return p.bad("'counts' must hold one integer per level");
        for (std::size_t l = 0; l < m.levelCounts.size(); ++l)
            if (!(*counts)[l].is_number_unsigned() || (*counts)[l].get<std::uint64_t>() != m.levelCounts[l])
                return p.bad("'counts' says " + (*counts)[l].dump() + " splats at level " + std::to_string(l) + ", the tree " +
                             std::to_string(m.levelCounts[l]));
    }
    if (m.levelCounts[0] == 0) return p.bad("the finest level (0) holds no splats");
    return m;
}

Result<SplatCloud> readStreamedSogChunk(const StreamedSogManifest& m, int node, int level, const Progress& progress) {
    if (node < 0 || std::size_t(node) >= m.nodes.size() || !m.nodes[std::size_t(node)].lods.count(level))
        return makeError(ErrorCode::InvalidInput, "node " + std::to_string(node) + " has no splats at level " + std::to_string(level),
                         m.path);
    const StreamedSogRef& r = m.nodes[std::size_t(node)].lods.at(level);
    auto file = readFile(m, r.file, progress);
    if (!file) return file.error();
    SW_TRY(checkRun(m, r, *file));
    SplatCloud out;
    out.shDegree = file->shDegree;
    appendRun(out, *file, std::size_t(r.offset), std::size_t(r.count));
    return out;
}

Result<SplatCloud> readStreamedSogLevel(const StreamedSogManifest& m, int level, const Progress& progress) {
    if (level < 0 || level >= m.lodLevels || m.levelCounts[std::size_t(level)] == 0)
        return makeError(ErrorCode::InvalidInput, "no splats at level " + std::to_string(level), m.path);
    std::vector<int> files;  // in order of first use
    for (const StreamedSogNode& n : m.nodes)
        if (auto it = n.lods.find(level); it != n.lods.end() && std::find(files.begin(), files.end(), it->second.file) == files.end())
            files.push_back(it->second.file);
    SplatCloud out;
    for (std::size_t f = 0; f < files.size(); ++f) {
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "reading the streamed SOG cancelled", m.path);
        auto cloud = readFile(m, files[f], progress.sub(double(f) / double(files.size()), double(f + 1) / double(files.size())));
        if (!cloud) return cloud.error();
        if (f == 0) out.shDegree = cloud->shDegree;
        if (cloud->shDegree < out.shDegree) {  // keep the bands every file has
            const std::size_t from = std::size_t(splat::shRestCount(out.shDegree)), to = std::size_t(splat::shRestCount(cloud->shDegree));
            std::vector<float> cut(out.size() * to * 3);
            for (std::size_t i = 0; i < out.size(); ++i)
                std::copy_n(out.shRest.begin() + std::ptrdiff_t(i * from * 3), to * 3, cut.begin() + std::ptrdiff_t(i * to * 3));
            out.shRest = std::move(cut);
            out.shDegree = cloud->shDegree;
        }
        for (const StreamedSogNode& n : m.nodes)
            if (auto it = n.lods.find(level); it != n.lods.end() && it->second.file == files[f]) {
                SW_TRY(checkRun(m, it->second, *cloud));
                appendRun(out, *cloud, std::size_t(it->second.offset), std::size_t(it->second.count));
            }
    }
    progress.report(1.0, "streamed SOG read");
    return out;
}

}  // namespace sw::formats
