#include "core/formats/ply.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/formats/detail/byte_io.h"
#include "core/formats/detail/compressed_ply.h"
#include "core/formats/detail/ply_header.h"
#include "core/foundation/file_io.h"

namespace sw::formats {
namespace {

using detail::PlyElement;
using detail::PlyHeader;
using splat::SplatCloud;

// Accessor for one scalar property of the vertex record (absent → fallback value).
struct Field {
    const detail::PlyProperty* prop = nullptr;
    double get(const std::uint8_t* record, double fallback = 0.0) const {
        return prop ? detail::readPlyValue(record + prop->offset, prop->type) : fallback;
    }
};

Field field(const PlyElement& el, const std::string& name) {
    const int i = el.find(name);
    return Field{i < 0 ? nullptr : &el.properties[static_cast<std::size_t>(i)]};
}

// Colour scale for plain point clouds: integer channels are 0..max, floats are 0..1.
double colorDivisor(const Field& f) {
    if (!f.prop) return 1.0;
    switch (f.prop->type) {
        case detail::PlyType::UInt8: return 255.0;
        case detail::PlyType::UInt16: return 65535.0;
        default: return 1.0;
    }
}

// Finds the vertex element, checks every fixed-size element against the file size, and
// returns the byte offset of the vertex records.
Result<std::size_t> locateVertices(const PlyHeader& header, std::size_t fileSize, const std::string& path) {
    std::uint64_t offset = header.dataOffset;
    std::size_t vertexOffset = 0;
    bool found = false, variable = false;
    for (const PlyElement& el : header.elements) {
        if (el.name == "vertex") {
            if (found) return makeError(ErrorCode::Parse, "PLY header declares more than one 'vertex' element", path);
            if (el.hasList) return makeError(ErrorCode::Unsupported, "PLY vertex element has a list property", path);
            found = true;
            vertexOffset = static_cast<std::size_t>(offset);
        }
        if (el.hasList) {
            if (!found) return makeError(ErrorCode::Unsupported, "PLY element '" + el.name + "' with lists precedes the vertices", path);
            variable = true;
            break;
        }
        const std::uint64_t left = fileSize > offset ? fileSize - offset : 0;
        if (el.stride > 0 && el.count > left / el.stride) {
            std::ostringstream os;
            os << "truncated: element '" << el.name << "' declares " << el.count << " records of " << el.stride
               << " bytes at byte offset " << offset << " but only " << left << " bytes remain";
            return makeError(ErrorCode::Parse, os.str(), path);
        }
        offset += el.count * el.stride;
    }
    if (!found) return makeError(ErrorCode::Parse, "PLY file has no vertex element", path);
    if (!variable && offset != fileSize) {
        std::ostringstream os;
        os << (fileSize - offset) << " unexpected trailing bytes at byte offset " << offset;
        return makeError(ErrorCode::Parse, os.str(), path);
    }
    return vertexOffset;
}

// Number of f_rest_* properties, checked to be contiguous and a whole SH degree.
Result<int> shDegreeOf(const PlyElement& el, const std::string& path) {
    int count = 0;
    while (el.find("f_rest_" + std::to_string(count)) >= 0) ++count;
    for (int degree = 0; degree <= splat::kMaxShDegree; ++degree)
        if (count == 3 * splat::shRestCount(degree)) return degree;
    return makeError(ErrorCode::Unsupported,
                     "PLY has " + std::to_string(count) + " f_rest properties (expected 0, 9, 24 or 45)", path);
}

double sigmoid(double x) { return 1.0 / (1.0 + std::exp(-x)); }

// Every property the reader understands, looked up once.
struct VertexFields {
    Field pos[3], normal[3], dc[3], rgb[3], opacity, scale[3], rot[4];
    std::vector<Field> rest;  // [3 * K], channel-major

    VertexFields(const PlyElement& el, int k) {
        const char* axes[3] = {"x", "y", "z"};
        const char* normals[3] = {"nx", "ny", "nz"};
        const char* colors[3] = {"red", "green", "blue"};
        for (int a = 0; a < 3; ++a) {
            pos[a] = field(el, axes[a]);
            normal[a] = field(el, normals[a]);
            dc[a] = field(el, "f_dc_" + std::to_string(a));
            rgb[a] = field(el, colors[a]);
            scale[a] = field(el, "scale_" + std::to_string(a));
        }
        for (int a = 0; a < 4; ++a) rot[a] = field(el, "rot_" + std::to_string(a));
        opacity = field(el, "opacity");
        for (int j = 0; j < 3 * k; ++j) rest.push_back(field(el, "f_rest_" + std::to_string(j)));
    }
};

void fillSplat(const VertexFields& f, const std::uint8_t* rec, std::size_t i, SplatCloud& c, double pointScale) {
    if (f.dc[0].prop) {
        for (int a = 0; a < 3; ++a) c.colors[i][a] = static_cast<float>(0.5 + static_cast<double>(kShC0) * f.dc[a].get(rec));
    } else if (f.rgb[0].prop) {
        for (int a = 0; a < 3; ++a) c.colors[i][a] = static_cast<float>(f.rgb[a].get(rec) / colorDivisor(f.rgb[a]));
    }
    c.opacities[i] = f.opacity.prop ? static_cast<float>(sigmoid(f.opacity.get(rec))) : 1.0f;
    for (int a = 0; a < 3; ++a)
        c.scales[i][a] = static_cast<float>(f.scale[0].prop ? std::exp(f.scale[a].get(rec)) : pointScale);
    if (f.rot[0].prop) {
        Eigen::Vector4d q;
        for (int a = 0; a < 4; ++a) q[a] = f.rot[a].get(rec);
        const double n = q.norm();
        c.rotations[i] = (n > 0.0 ? Eigen::Vector4d(q / n) : q).cast<float>();
    }
    if (!c.normals.empty())
        for (int a = 0; a < 3; ++a) c.normals[i][a] = static_cast<float>(f.normal[a].get(rec));
    const std::size_t k = f.rest.size() / 3;
    for (std::size_t ch = 0; ch < 3; ++ch)
        for (std::size_t j = 0; j < k; ++j)
            c.shRest[(i * k + j) * 3 + ch] = static_cast<float>(f.rest[ch * k + j].get(rec));
}

// Isotropic sigma for plain point clouds: half the mean spacing, bbox diagonal / ∛N.
double pointCloudScale(const SplatCloud& c) {
    if (c.empty()) return 0.01;
    Eigen::Vector3f lo = c.positions[0], hi = c.positions[0];
    for (const auto& p : c.positions) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    const double spacing = static_cast<double>((hi - lo).norm()) / std::cbrt(static_cast<double>(c.size()));
    return spacing > 0.0 && std::isfinite(spacing) ? 0.5 * spacing : 0.01;
}

constexpr const char* kAxesComment = "splatwright-axes";

}  // namespace

Result<Axes> plyAxes(const std::vector<std::string>& comments, const std::string& path) {
    bool ours = false;
    for (const std::string& c : comments) {
        if (c.rfind(kAxesComment, 0) == 0) {
            const std::string value = c.substr(std::min(c.size(), std::string(kAxesComment).size() + 1));
            const std::string word = value.substr(0, value.find(' '));
            if (word == "3dgs") return Axes::Standard;
            if (word == "model") return Axes::Model;
            return makeError(ErrorCode::Unsupported, "PLY header comment '" + c + "': unknown axes (expected '" +
                                                         kAxesComment + " 3dgs' or '" + kAxesComment + " model')", path);
        }
        ours = ours || c == "written by Splatwright";
    }
    return ours ? Axes::Model : Axes::Standard;  // older versions of ours wrote model space unmarked
}

Result<SplatCloud> decodePly(std::span<const std::uint8_t> bytes, const std::string& path) {
    auto header = detail::parsePlyHeader(bytes, path);
    if (!header) return header.error();
    if (detail::isCompressedPly(*header)) return detail::decodeCompressedPly(bytes, *header, path);
    auto offset = locateVertices(*header, bytes.size(), path);
    if (!offset) return offset.error();
    const PlyElement& el = *std::find_if(header->elements.begin(), header->elements.end(),
                                         [](const PlyElement& e) { return e.name == "vertex"; });
    for (const char* required : {"x", "y", "z"})
        if (el.find(required) < 0) return makeError(ErrorCode::Parse, std::string("PLY vertex has no '") + required + "' property", path);
    auto degree = shDegreeOf(el, path);
    if (!degree) return degree.error();
    auto axes = plyAxes(header->comments, path);
    if (!axes) return axes.error();

    SplatCloud c;
    c.shDegree = *degree;
    const VertexFields f(el, splat::shRestCount(c.shDegree));
    if (f.normal[0].prop && f.normal[1].prop && f.normal[2].prop) c.normals.resize(1);
    c.resize(static_cast<std::size_t>(el.count));
    const std::uint8_t* base = bytes.data() + *offset;
    for (std::size_t i = 0; i < c.size(); ++i)  // positions first: the point-cloud scale needs them
        for (int a = 0; a < 3; ++a) c.positions[i][a] = static_cast<float>(f.pos[a].get(base + i * el.stride));
    const double pointScale = f.scale[0].prop ? 0.0 : pointCloudScale(c);
    for (std::size_t i = 0; i < c.size(); ++i) fillSplat(f, base + i * el.stride, i, c, pointScale);
    SW_TRY(c.validate(path));
    if (*axes == Axes::Standard) frameToModel(c, Frame::Gaussian);
    return c;
}

Result<SplatCloud> readPly(const std::string& path) {
    auto bytes = readFileBytes(path);
    if (!bytes) return bytes.error();
    return decodePly(*bytes, path);
}

Result<std::vector<std::uint8_t>> encodePly(const SplatCloud& model, const std::string& what,
                                            const PlyWriteOptions& options) {
    SW_TRY(model.validate(what));
    SplatCloud converted;
    if (options.axes == Axes::Standard) {
        converted = model;
        modelToFrame(converted, Frame::Gaussian);
    }
    const SplatCloud& cloud = options.axes == Axes::Standard ? converted : model;
    const int k = splat::shRestCount(cloud.shDegree);
    std::ostringstream h;
    h << "ply\nformat binary_little_endian 1.0\ncomment written by Splatwright\ncomment " << kAxesComment
      << (options.axes == Axes::Model ? " model (+Z up)" : " 3dgs (x right, y down, z forward)")
      << "\nelement vertex " << cloud.size() << "\n";
    for (const char* name : {"x", "y", "z", "nx", "ny", "nz", "f_dc_0", "f_dc_1", "f_dc_2"})
        h << "property float " << name << "\n";
    for (int j = 0; j < 3 * k; ++j) h << "property float f_rest_" << j << "\n";
    for (const char* name : {"opacity", "scale_0", "scale_1", "scale_2", "rot_0", "rot_1", "rot_2", "rot_3"})
        h << "property float " << name << "\n";
    h << "end_header\n";
    detail::ByteWriter w;
    w.putText(h.str());
    constexpr double kEps = 1e-6;  // keeps the logit finite for opacity 0 and 1
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        for (int a = 0; a < 3; ++a) w.put(cloud.positions[i][a]);
        for (int a = 0; a < 3; ++a) w.put(cloud.normals.empty() ? 0.0f : cloud.normals[i][a]);
        for (int a = 0; a < 3; ++a) w.put((cloud.colors[i][a] - 0.5f) / kShC0);
        for (int ch = 0; ch < 3; ++ch)
            for (int j = 0; j < k; ++j) w.put(cloud.shRest[(i * k + j) * 3 + ch]);
        const double op = std::clamp(static_cast<double>(cloud.opacities[i]), kEps, 1.0 - kEps);
        w.put(static_cast<float>(std::log(op / (1.0 - op))));
        for (int a = 0; a < 3; ++a) w.put(static_cast<float>(std::log(static_cast<double>(cloud.scales[i][a]))));
        const Eigen::Vector4f q = cloud.rotations[i].normalized();
        for (int a = 0; a < 4; ++a) w.put(q[a]);
    }
    return std::move(w.bytes());
}

Status writePly(const std::string& path, const SplatCloud& cloud, const PlyWriteOptions& options) {
    auto bytes = encodePly(cloud, path, options);
    if (!bytes) return bytes.error();
    return writeFileAtomic(path, *bytes);
}

}  // namespace sw::formats

namespace sw::formats {

struct PlyStreamReader::State {
    std::string path;
    std::ifstream in;
    PlyHeader header;
    std::size_t vertex = 0;  // index of the vertex element
    int degree = 0;
    Axes axes = Axes::Standard;
    std::uint64_t done = 0;
    std::vector<std::uint8_t> buffer;
    const PlyElement& element() const { return header.elements[vertex]; }
};

PlyStreamReader::PlyStreamReader(std::unique_ptr<State> state) : m_state(std::move(state)) {}
PlyStreamReader::~PlyStreamReader() = default;
std::uint64_t PlyStreamReader::count() const { return m_state->element().count; }
std::uint64_t PlyStreamReader::read() const { return m_state->done; }
int PlyStreamReader::shDegree() const { return m_state->degree; }

Result<std::unique_ptr<PlyStreamReader>> PlyStreamReader::open(const std::string& path) {
    auto st = std::make_unique<State>();
    st->path = path;
    st->in.open(path, std::ios::binary);
    if (!st->in) return makeError(ErrorCode::Io, "cannot open the file", path);
    std::error_code ec;
    const std::uint64_t fileSize = std::filesystem::file_size(path, ec);
    if (ec) return makeError(ErrorCode::Io, "cannot read the file size (" + ec.message() + ")", path);
    // The header is ASCII and short: 64 KiB holds any header a splat tool writes.
    std::vector<std::uint8_t> head(std::size_t(std::min<std::uint64_t>(fileSize, 65536)));
    st->in.read(reinterpret_cast<char*>(head.data()), std::streamsize(head.size()));
    auto header = detail::parsePlyHeader(head, path);
    if (!header) return header.error();
    st->header = std::move(*header);
    if (detail::isCompressedPly(st->header))
        return makeError(ErrorCode::Unsupported, "a compressed PLY is read whole, not streamed", path);
    auto offset = locateVertices(st->header, std::size_t(fileSize), path);
    if (!offset) return offset.error();
    for (std::size_t i = 0; i < st->header.elements.size(); ++i)
        if (st->header.elements[i].name == "vertex") st->vertex = i;
    const PlyElement& el = st->element();
    for (const char* required : {"x", "y", "z", "scale_0", "scale_1", "scale_2"})
        if (el.find(required) < 0)
            return makeError(ErrorCode::Unsupported, std::string("PLY vertex has no '") + required + "' property: not streamed (a point cloud is read whole)", path);
    auto degree = shDegreeOf(el, path);
    if (!degree) return degree.error();
    st->degree = *degree;
    auto axes = plyAxes(st->header.comments, path);
    if (!axes) return axes.error();
    st->axes = *axes;
    st->in.clear();
    st->in.seekg(std::streamoff(*offset));
    if (!st->in) return makeError(ErrorCode::Io, "cannot seek to the vertex records", path);
    return std::unique_ptr<PlyStreamReader>(new PlyStreamReader(std::move(st)));
}

Result<SplatCloud> PlyStreamReader::next(std::size_t max, bool keepSh) {
    State& st = *m_state;
    const PlyElement& el = st.element();
    const std::size_t n = std::size_t(std::min<std::uint64_t>(max, el.count - st.done));
    SplatCloud c;
    if (n == 0) return c;
    st.buffer.resize(n * el.stride);
    st.in.read(reinterpret_cast<char*>(st.buffer.data()), std::streamsize(st.buffer.size()));
    if (std::size_t(st.in.gcount()) != st.buffer.size()) {
        std::ostringstream os;
        os << "truncated: vertex record " << st.done + std::uint64_t(st.in.gcount()) / el.stride << " of " << el.count
           << " could not be read (the file changed or the disk failed)";
        return makeError(ErrorCode::Io, os.str(), st.path);
    }
    c.shDegree = keepSh ? st.degree : 0;
    const VertexFields f(el, splat::shRestCount(c.shDegree));
    if (f.normal[0].prop && f.normal[1].prop && f.normal[2].prop) c.normals.resize(1);
    c.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t* rec = st.buffer.data() + i * el.stride;
        for (int a = 0; a < 3; ++a) c.positions[i][a] = static_cast<float>(f.pos[a].get(rec));
        fillSplat(f, rec, i, c, 0.0);
    }
    if (Status v = c.validate(st.path); !v) {
        Error e = v.error();
        if (st.done > 0) e.message += " (counted from splat " + std::to_string(st.done) + " of the file)";
        return e;
    }
    if (st.axes == Axes::Standard) frameToModel(c, Frame::Gaussian);
    st.done += n;
    return c;
}

}  // namespace sw::formats
