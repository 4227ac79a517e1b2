#include "core/formats/sog.h"

#include <cctype>
#include <cmath>
#include <filesystem>
#include <optional>

#include "core/formats/axes.h"
#include "core/formats/detail/sog_meta.h"
#include "core/formats/detail/webp_image.h"
#include "core/formats/detail/zip_archive.h"
#include "core/foundation/file_io.h"

namespace sw::formats {

struct SogImages::Data {
    std::string path;  // the meta.json's label
    detail::SogMeta meta;
    detail::RgbaImage meansLow, meansHigh, quats, scales, sh0, shCentroids, shLabels;
    std::string shCentroidsLabel;
};

namespace {

namespace fs = std::filesystem;
using detail::RgbaImage;
using detail::SogMeta;
using splat::SplatCloud;

constexpr float kShC0 = 0.28209479177387814f;
constexpr std::uint64_t kMaxEntryBytes = std::uint64_t(1) << 31;

std::string lowerExtension(const std::string& path) {
    std::string ext = fs::path(path).extension().string();
    for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

// Where a SOG's files come from: a folder (names relative to it, never leaving it) or a bundle.
class SogFiles {
public:
    static Result<SogFiles> open(const std::string& path) {
        SogFiles files;
        std::error_code ec;
        if (fs::is_directory(path, ec)) {
            files.m_folder = path;
        } else if (fs::path(path).filename() == "meta.json") {
            const fs::path folder = fs::path(path).parent_path();
            files.m_folder = (folder.empty() ? fs::path(".") : folder).string();
        } else {
            auto bytes = readFileBytes(path);
            if (!bytes) return bytes.error();
            return bundle(std::move(*bytes), path);
        }
        return files;
    }

    static Result<SogFiles> bundle(std::vector<std::uint8_t> bytes, const std::string& path) {
        auto zip = detail::ZipArchive::open(std::move(bytes), path);
        if (!zip) return zip.error();
        SogFiles files;
        files.m_zip.emplace(std::move(*zip));
        return files;
    }

    // "<folder>/<name>" or "<bundle>:<name>", for errors.
    std::string label(const std::string& name) const {
        return m_zip ? m_zip->path() + ":" + name : (fs::path(m_folder) / name).string();
    }

    Result<std::vector<std::uint8_t>> read(const std::string& name) const {
        const fs::path rel(name);
        bool inside = !rel.is_absolute() && !rel.has_root_name();
        for (const fs::path& part : rel) inside = inside && part != "..";
        if (!inside) return makeError(ErrorCode::InvalidInput, "the SOG names a file outside its folder", label(name));
        if (!m_zip) return readFileBytes(label(name));
        const detail::ZipEntry* entry = m_zip->find(name);
        if (!entry) return makeError(ErrorCode::Io, "file not found in the SOG bundle", label(name));
        return m_zip->extract(*entry, kMaxEntryBytes);
    }

private:
    std::string m_folder;
    std::optional<detail::ZipArchive> m_zip;
};

// Reads and decodes one image that must hold at least `count` pixels.
Result<RgbaImage> loadImage(const SogFiles& files, const std::string& name, std::uint64_t count) {
    auto bytes = files.read(name);
    if (!bytes) return bytes.error();
    auto image = detail::decodeWebp(*bytes, files.label(name));
    if (!image) return image.error();
    if (image->pixels() < count)
        return makeError(ErrorCode::Parse, std::to_string(image->width) + "x" + std::to_string(image->height) + " image holds " +
                                               std::to_string(image->pixels()) + " splats but meta.json says " + std::to_string(count),
                         files.label(name));
    return image;
}

double lerp(double a, double b, double t) { return a + (b - a) * t; }
float sigmoid(double x) { return float(1.0 / (1.0 + std::exp(-x))); }

// Each decoder fills the c.size() splats from pixel `first` on.
void decodeMeans(const SogMeta& m, const RgbaImage& lo, const RgbaImage& hi, std::size_t first, SplatCloud& c) {
    for (std::size_t i = 0; i < c.size(); ++i)
        for (int a = 0; a < 3; ++a) {
            const std::size_t px = (first + i) * 4 + std::size_t(a);
            const unsigned q = lo.rgba[px] | (unsigned(hi.rgba[px]) << 8);
            const double v = lerp(m.meanMin[std::size_t(a)], m.meanMax[std::size_t(a)], q / 65535.0);
            c.positions[i][a] = float(std::copysign(std::expm1(std::fabs(v)), v));  // inverse of sign·ln(|p| + 1)
        }
}

// Smallest-three: bytes b0..b2 are (q_k·√2 + 1)/2 of the three other components in w x y z order,
// the tag 252 + index of the largest, rebuilt positive; any other tag reads as identity.
void decodeQuats(const RgbaImage& img, std::size_t first, SplatCloud& c) {
    for (std::size_t i = 0; i < c.size(); ++i) {
        const std::uint8_t* p = &img.rgba[(first + i) * 4];
        if (p[3] < 252) {
            c.rotations[i] = Eigen::Vector4f(1, 0, 0, 0);
            continue;
        }
        const int largest = p[3] - 252;
        Eigen::Vector4f q;
        float sum = 0.f;
        for (int k = 0, j = 0; k < 4; ++k) {
            if (k == largest) continue;
            q[k] = (float(p[j++]) / 255.f * 2.f - 1.f) / std::sqrt(2.f);
            sum += q[k] * q[k];
        }
        q[largest] = std::sqrt(std::max(0.f, 1.f - sum));
        c.rotations[i] = q.normalized();
    }
}

void decodeScales(const SogMeta& m, const RgbaImage& img, std::size_t first, SplatCloud& c) {
    for (std::size_t i = 0; i < c.size(); ++i)
        for (int a = 0; a < 3; ++a) {
            const std::uint8_t b = img.rgba[(first + i) * 4 + std::size_t(a)];
            const double ln = m.version == 1 ? lerp(m.scaleMin[std::size_t(a)], m.scaleMax[std::size_t(a)], b / 255.0)
                                             : double(m.scaleCodebook[b]);
            c.scales[i][a] = float(std::exp(ln));
        }
}

void decodeColours(const SogMeta& m, const RgbaImage& img, std::size_t first, SplatCloud& c) {
    for (std::size_t i = 0; i < c.size(); ++i) {
        const std::uint8_t* p = &img.rgba[(first + i) * 4];
        for (int a = 0; a < 3; ++a) {
            const double dc = m.version == 1 ? lerp(m.sh0Min[std::size_t(a)], m.sh0Max[std::size_t(a)], p[a] / 255.0)
                                             : double(m.sh0Codebook[p[a]]);
            c.colors[i][a] = float(0.5 + double(kShC0) * dc);
        }
        c.opacities[i] = m.version == 1 ? sigmoid(lerp(m.sh0Min[3], m.sh0Max[3], p[3] / 255.0)) : float(p[3]) / 255.f;
    }
}

// SH bands 1..3: a 16-bit label per splat picks a palette entry; entry e sits in row e / 64 of
// the centroid image, its K coefficients in K consecutive pixels from column (e % 64)·K, one
// channel each in R G B. A label past the palette leaves the splat's SH at zero.
Status decodeSh(const SogMeta& m, const RgbaImage& centroids, const RgbaImage& labels, std::size_t first, SplatCloud& c,
                const std::string& what) {
    int bands = m.shBands;
    if (m.version == 1) bands = centroids.width == 192 ? 1 : centroids.width == 512 ? 2 : centroids.width == 960 ? 3 : 0;
    const int k = splat::shRestCount(bands);
    if (bands == 0 || centroids.width != 64 * k)
        return makeError(ErrorCode::Parse, "centroid image is " + std::to_string(centroids.width) + " pixels wide (expected 64 × " +
                                               std::to_string(std::max(k, 1)) + " for its SH bands)", what);
    const std::uint64_t palette = m.version == 1 ? std::uint64_t(64) * std::uint64_t(centroids.height)
                                                 : std::min<std::uint64_t>(m.shPaletteCount, 64ull * std::uint64_t(centroids.height));
    c.shDegree = bands;
    c.shRest.assign(c.size() * std::size_t(k) * 3, 0.f);
    for (std::size_t i = 0; i < c.size(); ++i) {
        const std::uint64_t label = labels.rgba[(first + i) * 4] | (unsigned(labels.rgba[(first + i) * 4 + 1]) << 8);
        if (label >= palette) continue;
        const std::size_t row = std::size_t(label / 64), col0 = std::size_t(label % 64) * std::size_t(k);
        for (int j = 0; j < k; ++j) {
            const std::uint8_t* px = &centroids.rgba[(row * std::size_t(centroids.width) + col0 + std::size_t(j)) * 4];
            for (int ch = 0; ch < 3; ++ch)
                c.shRest[(i * std::size_t(k) + std::size_t(j)) * 3 + std::size_t(ch)] =
                    m.version == 1 ? float(lerp(m.shMin, m.shMax, px[ch] / 255.0)) : m.shCodebook[px[ch]];
        }
    }
    return {};
}

// Every image of the SOG decoded (progress over the images), each checked to hold the count.
Status loadImages(const SogFiles& files, SogImages::Data& d, const Progress& progress) {
    const SogMeta& m = d.meta;
    const int stages = m.hasSh ? 6 : 4;
    int stage = 0;
    auto next = [&](const char* what) -> Status {
        if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "reading the SOG cancelled", d.path);
        progress.report(double(stage++) / stages, what);
        return {};
    };
    auto load = [&](const std::string& name, std::uint64_t count, RgbaImage& out) -> Status {
        auto image = loadImage(files, name, count);
        if (!image) return image.error();
        out = std::move(*image);
        return {};
    };
    SW_TRY(next("SOG positions"));
    SW_TRY(load(m.meansLow, m.count, d.meansLow));
    SW_TRY(load(m.meansHigh, m.count, d.meansHigh));
    SW_TRY(next("SOG rotations"));
    SW_TRY(load(m.quats, m.count, d.quats));
    SW_TRY(next("SOG scales"));
    SW_TRY(load(m.scales, m.count, d.scales));
    SW_TRY(next("SOG colours"));
    SW_TRY(load(m.sh0, m.count, d.sh0));
    if (m.hasSh) {
        SW_TRY(next("SOG SH palette"));
        SW_TRY(load(m.shCentroids, 0, d.shCentroids));
        d.shCentroidsLabel = files.label(m.shCentroids);
        SW_TRY(next("SOG SH labels"));
        SW_TRY(load(m.shLabels, m.count, d.shLabels));
    }
    return {};
}

Result<std::shared_ptr<const SogImages>> readImages(const Result<SogFiles>& files, const Progress& progress) {
    if (!files) return files.error();
    const std::string metaName = "meta.json";
    auto text = files->read(metaName);
    if (!text) return text.error();
    auto data = std::make_shared<SogImages::Data>();
    data->path = files->label(metaName);
    auto meta = detail::parseSogMeta(std::string(text->begin(), text->end()), data->path);
    if (!meta) return meta.error();
    data->meta = std::move(*meta);
    SW_TRY(loadImages(*files, *data, progress));
    return std::shared_ptr<const SogImages>(new SogImages(std::move(data)));
}

Result<SplatCloud> readFrom(const Result<SogFiles>& files, const Progress& progress) {
    auto images = readImages(files, progress);
    if (!images) return images.error();
    auto cloud = (*images)->splats(0, (*images)->count());
    if (cloud) progress.report(1.0, "SOG read");
    return cloud;
}

}  // namespace

std::uint64_t SogImages::count() const { return m_data->meta.count; }
const std::string& SogImages::path() const { return m_data->path; }

std::uint64_t SogImages::bytes() const {
    const Data& d = *m_data;
    std::uint64_t n = 0;
    for (const RgbaImage* i : {&d.meansLow, &d.meansHigh, &d.quats, &d.scales, &d.sh0, &d.shCentroids, &d.shLabels}) n += i->rgba.size();
    return n;
}

Result<std::shared_ptr<const SogImages>> SogImages::read(const std::string& path, const Progress& progress) {
    return readImages(SogFiles::open(path), progress);
}

Result<SplatCloud> SogImages::splats(std::uint64_t offset, std::uint64_t count, bool withSh) const {
    const Data& d = *m_data;
    if (offset > d.meta.count || count > d.meta.count - offset)
        return makeError(ErrorCode::InvalidInput, "splats " + std::to_string(offset) + ".." + std::to_string(offset + count) +
                                                      " asked of a SOG holding " + std::to_string(d.meta.count), d.path);
    SplatCloud c;
    c.resize(std::size_t(count));  // the count is backed by decoded pixels
    const std::size_t first = std::size_t(offset);
    decodeMeans(d.meta, d.meansLow, d.meansHigh, first, c);
    decodeQuats(d.quats, first, c);
    decodeScales(d.meta, d.scales, first, c);
    decodeColours(d.meta, d.sh0, first, c);
    if (d.meta.hasSh && withSh) SW_TRY(decodeSh(d.meta, d.shCentroids, d.shLabels, first, c, d.shCentroidsLabel));
    SW_TRY(c.validate(d.path));
    frameToModel(c, Frame::Gaussian);
    return c;
}


bool isSogPath(const std::string& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) return fs::is_regular_file(fs::path(path) / "meta.json", ec);
    return lowerExtension(path) == ".sog" || fs::path(path).filename() == "meta.json";
}

Result<SplatCloud> readSog(const std::string& path, const Progress& progress) { return readFrom(SogFiles::open(path), progress); }

Result<SplatCloud> decodeSogBundle(std::vector<std::uint8_t> bytes, const std::string& path, const Progress& progress) {
    return readFrom(SogFiles::bundle(std::move(bytes), path), progress);
}

}  // namespace sw::formats
