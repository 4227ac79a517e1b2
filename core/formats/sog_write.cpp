#include "core/formats/sog_write.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "core/formats/detail/sog_codebook.h"
#include "core/formats/detail/webp_image.h"
#include "core/formats/detail/zip_writer.h"
#include "core/formats/sog.h"
#include "core/foundation/file_io.h"
#include "core/foundation/output_folder.h"

namespace sw::formats {
namespace {

namespace fs = std::filesystem;
using detail::RgbaImage;
using nlohmann::ordered_json;
using splat::SplatCloud;

constexpr double kShC0 = double(0.28209479177387814f);  // the reader's constant, as a float

std::uint8_t toByte(double v) { return std::uint8_t(std::clamp(std::lround(v), 0l, 255l)); }
double logTransform(double v) { return std::copysign(std::log1p(std::fabs(v)), v); }

struct Images {
    int width = 0, height = 0;
    RgbaImage blank() const { return RgbaImage{width, height, std::vector<std::uint8_t>(std::size_t(width) * std::size_t(height) * 4, 0)}; }
};

ordered_json floats(const std::vector<float>& v) {
    ordered_json a = ordered_json::array();
    for (float f : v) a.push_back(double(f));
    return a;
}

class Encoder {
public:
    Encoder(const SplatCloud& c, const SogWriteSettings& s, const std::string& what, const Progress& p)
        : m_c(c), m_s(s), m_what(what), m_progress(p) {
        const std::size_t n = c.size();
        m_images.width = int(std::ceil(std::sqrt(double(n)) / 4.0)) * 4;
        m_images.height = int(std::ceil(double(n) / double(m_images.width) / 4.0)) * 4;
    }

    Result<std::vector<SogFile>> run() {
        const int bands = std::min(m_s.shBands, m_c.shDegree);
        m_stages = bands > 0 ? 7 : 5;
        ordered_json meta;
        meta["version"] = kSogVersion;
        meta["count"] = m_c.size();
        meta["antialias"] = false;
        SW_TRY(means(meta));
        SW_TRY(quats(meta));
        SW_TRY(scales(meta));
        SW_TRY(colours(meta));
        if (bands > 0) SW_TRY(sh(meta, bands));
        const std::string text = meta.dump();
        m_files.insert(m_files.begin(), SogFile{"meta.json", std::vector<std::uint8_t>(text.begin(), text.end())});
        m_progress.report(1.0, "SOG encoded");
        return std::move(m_files);
    }

private:
    Status step(const char* what) {
        if (m_progress.cancelled()) return makeError(ErrorCode::Cancelled, "writing the SOG cancelled", m_what);
        m_progress.report(double(m_stage++) / m_stages, what);
        return {};
    }
    Status add(const std::string& name, const RgbaImage& image) {
        auto bytes = detail::encodeWebpLossless(image, m_s.webpEffort, m_what + ":" + name);
        if (!bytes) return bytes.error();
        m_files.push_back({name, std::move(*bytes)});
        return {};
    }

    Status means(ordered_json& meta) {
        SW_TRY(step("SOG positions"));
        std::array<double, 3> lo{}, hi{};
        lo.fill(HUGE_VAL);
        hi.fill(-HUGE_VAL);
        for (const Eigen::Vector3f& p : m_c.positions)
            for (int a = 0; a < 3; ++a) {
                lo[std::size_t(a)] = std::min(lo[std::size_t(a)], logTransform(p[a]));
                hi[std::size_t(a)] = std::max(hi[std::size_t(a)], logTransform(p[a]));
            }
        RgbaImage l = m_images.blank(), u = m_images.blank();
        for (std::size_t i = 0; i < m_c.size(); ++i) {
            for (std::size_t a = 0; a < 3; ++a) {
                const double range = hi[a] - lo[a];
                const double t = range > 0 ? (logTransform(m_c.positions[i][int(a)]) - lo[a]) / range : 0.0;
                const auto q = std::uint32_t(std::clamp(std::lround(t * 65535.0), 0l, 65535l));
                l.rgba[i * 4 + a] = std::uint8_t(q & 0xff);
                u.rgba[i * 4 + a] = std::uint8_t(q >> 8);
            }
            l.rgba[i * 4 + 3] = u.rgba[i * 4 + 3] = 0xff;
        }
        meta["means"] = {{"mins", lo}, {"maxs", hi}, {"files", {"means_l.webp", "means_u.webp"}}};
        SW_TRY(add("means_l.webp", l));
        return add("means_u.webp", u);
    }

    Status quats(ordered_json& meta) {
        SW_TRY(step("SOG rotations"));
        RgbaImage img = m_images.blank();
        for (std::size_t i = 0; i < m_c.size(); ++i) {
            const Eigen::Vector4f q = m_c.rotations[i].normalized();
            // The tag whose three bytes decode closest to q: the largest component or any other
            // whose three others fit the bytes' ±1/√2 (so re-writing a read SOG keeps its tags).
            double bestError = HUGE_VAL;
            for (int largest = 0; largest < 4; ++largest) {
                bool fits = true;  // the other three must fit ±1/√2 (rounding aside: bytes clamp)
                for (int k = 0; k < 4; ++k) fits = fits && (k == largest || std::fabs(q[k]) <= 0.7075f);
                if (!fits) continue;
                const Eigen::Vector4f s = q[largest] < -1e-6f ? Eigen::Vector4f(-q) : q;  // a component at 0 (as read) stays unflipped
                std::uint8_t b[4];
                Eigen::Vector4f back;
                float sum = 0.f;
                for (int k = 0, j = 0; k < 4; ++k) {
                    if (k == largest) continue;
                    b[j] = toByte(255.0 * (double(s[k]) * std::sqrt(2.0) * 0.5 + 0.5));
                    back[k] = (float(b[j++]) / 255.f * 2.f - 1.f) / std::sqrt(2.f);  // the reader's formula
                    sum += back[k] * back[k];
                }
                back[largest] = std::sqrt(std::max(0.f, 1.f - sum));
                // Ties (two components of ±1/√2) go to the one that needs no sign flip, as read.
                const double error = double((back.normalized() - s).squaredNorm()) + (q[largest] < -1e-6f ? 1e-10 : 0.0);
                if (error < bestError) {
                    bestError = error;
                    std::copy_n(b, 3, &img.rgba[i * 4]);
                    img.rgba[i * 4 + 3] = std::uint8_t(252 + largest);
                }
            }
        }
        meta["quats"] = {{"files", {"quats.webp"}}};
        return add("quats.webp", img);
    }

    Status scales(ordered_json& meta) {
        SW_TRY(step("SOG scales"));
        std::vector<float> sigma(m_c.size() * 3), ln(m_c.size() * 3);
        for (std::size_t i = 0; i < m_c.size(); ++i)
            for (int a = 0; a < 3; ++a) {
                sigma[i * 3 + std::size_t(a)] = m_c.scales[i][a];
                ln[i * 3 + std::size_t(a)] = float(std::log(double(m_c.scales[i][a])));
            }
        detail::Codebook book = detail::exactCodebook(
            sigma, [](float s) { return float(std::log(double(s))); }, [](float e) { return float(std::exp(double(e))); });
        if (book.entries.empty()) book = detail::buildCodebook(ln, m_s.codebookIterations);
        RgbaImage img = m_images.blank();
        for (std::size_t i = 0; i < m_c.size(); ++i) {
            for (std::size_t a = 0; a < 3; ++a) img.rgba[i * 4 + a] = book.index(ln[i * 3 + a]);
            img.rgba[i * 4 + 3] = 0xff;
        }
        meta["scales"] = {{"codebook", floats(book.entries)}, {"files", {"scales.webp"}}};
        return add("scales.webp", img);
    }

    Status colours(ordered_json& meta) {
        SW_TRY(step("SOG colours"));
        std::vector<float> colour(m_c.size() * 3), dc(m_c.size() * 3);
        auto toDc = [](float c) { return float((double(c) - 0.5) / kShC0); };
        for (std::size_t i = 0; i < m_c.size(); ++i)
            for (int a = 0; a < 3; ++a) {
                colour[i * 3 + std::size_t(a)] = m_c.colors[i][a];
                dc[i * 3 + std::size_t(a)] = toDc(m_c.colors[i][a]);
            }
        detail::Codebook book = detail::exactCodebook(colour, toDc, [](float e) { return float(0.5 + kShC0 * double(e)); });
        if (book.entries.empty()) book = detail::buildCodebook(dc, m_s.codebookIterations);
        RgbaImage img = m_images.blank();
        for (std::size_t i = 0; i < m_c.size(); ++i) {
            for (std::size_t a = 0; a < 3; ++a) img.rgba[i * 4 + a] = book.index(dc[i * 3 + a]);
            img.rgba[i * 4 + 3] = toByte(255.0 * double(m_c.opacities[i]));
        }
        meta["sh0"] = {{"codebook", floats(book.entries)}, {"files", {"sh0.webp"}}};
        return add("sh0.webp", img);
    }

    Status sh(ordered_json& meta, int bands) {
        SW_TRY(step("SOG SH palette"));
        const std::size_t k = std::size_t(splat::shRestCount(bands)), kc = std::size_t(splat::shRestCount(m_c.shDegree));
        std::vector<float> rows(m_c.size() * k * 3);
        for (std::size_t i = 0; i < m_c.size(); ++i)  // the first k coefficients: bands 1..bands
            std::copy_n(m_c.shRest.begin() + std::ptrdiff_t(i * kc * 3), k * 3, rows.begin() + std::ptrdiff_t(i * k * 3));
        const detail::ShPalette palette = detail::buildShPalette(rows, k * 3, std::size_t(m_s.shPalette), m_progress.sub(
            double(m_stage - 1) / m_stages, double(m_stage) / m_stages));
        if (m_progress.cancelled()) return makeError(ErrorCode::Cancelled, "writing the SOG cancelled", m_what);
        const detail::Codebook book = detail::buildCodebook(palette.entries, m_s.codebookIterations);
        SW_TRY(step("SOG SH images"));
        const int rowsOfEntries = int((palette.entryCount + 63) / 64);
        RgbaImage centroids{int(64 * k), rowsOfEntries, std::vector<std::uint8_t>(64 * k * std::size_t(rowsOfEntries) * 4, 0)};
        for (std::size_t e = 0; e < palette.entryCount; ++e)
            for (std::size_t j = 0; j < k; ++j) {
                std::uint8_t* px = &centroids.rgba[((e / 64) * 64 * k + (e % 64) * k + j) * 4];
                for (std::size_t ch = 0; ch < 3; ++ch) px[ch] = book.index(palette.entries[(e * k + j) * 3 + ch]);
                px[3] = 0xff;
            }
        RgbaImage labels = m_images.blank();
        for (std::size_t i = 0; i < m_c.size(); ++i) {
            labels.rgba[i * 4] = std::uint8_t(palette.labels[i] & 0xff);
            labels.rgba[i * 4 + 1] = std::uint8_t(palette.labels[i] >> 8);
            labels.rgba[i * 4 + 3] = 0xff;
        }
        meta["shN"] = {{"count", palette.entryCount}, {"bands", bands}, {"codebook", floats(book.entries)},
                       {"files", {"shN_centroids.webp", "shN_labels.webp"}}};
        SW_TRY(add("shN_centroids.webp", centroids));
        return add("shN_labels.webp", labels);
    }

    const SplatCloud& m_c;
    const SogWriteSettings& m_s;
    std::string m_what;
    Progress m_progress;
    Images m_images;
    std::vector<SogFile> m_files;
    int m_stage = 0, m_stages = 5;
};

std::string lowerExtension(const std::string& path) {
    std::string ext = fs::path(path).extension().string();
    for (char& c : ext) c = char(std::tolower(static_cast<unsigned char>(c)));
    return ext;
}

}  // namespace

const SettingsSchema<SogWriteSettings>& sogWriteSchema() {
    static const SettingsSchema<SogWriteSettings> schema = [] {
        SettingsSchema<SogWriteSettings> s("sog", "SOG output");
        s.add(&SogWriteSettings::shBands, "sh-bands", "SH bands").range(0, 3)
            .tooltip("Most spherical-harmonic bands written (fewer when the cloud has fewer); 0 writes none").group("SOG");
        s.add(&SogWriteSettings::shPalette, "sh-palette", "SH palette").range(1, 65536).unit("entries")
            .tooltip("Most entries of the SH palette; a cloud with no more splats keeps one entry per splat").group("SOG");
        s.add(&SogWriteSettings::codebookIterations, "codebook-iterations", "Codebook passes").range(0, 100)
            .tooltip("k-means passes of the 256-entry codebooks of scale, colour and SH").group("SOG");
        s.add(&SogWriteSettings::webpEffort, "webp-effort", "WebP effort").range(0, 9)
            .tooltip("libwebp's lossless preset: 0 is fastest, 9 gives the smallest files").group("SOG");
        s.addChoice(&SogWriteSettings::axes, "axes", "Axes", {{Axes::Standard, "standard"}, {Axes::Model, "model"}})
            .tooltip("standard: the 3DGS convention SOG readers expect; model: model space as stored").group("SOG");
        return s;
    }();
    return schema;
}

Result<std::vector<SogFile>> encodeSog(const SplatCloud& cloud, const SogWriteSettings& settings, const std::string& what,
                                       const Progress& progress) {
    SW_TRY(sogWriteSchema().check(settings));
    SW_TRY(cloud.validate(what));
    if (cloud.empty()) return makeError(ErrorCode::InvalidInput, "the cloud has no splats; a 0-splat SOG is not written", what);
    if (cloud.size() > (std::uint64_t(1) << 28)) return makeError(ErrorCode::Unsupported, "more than 2^28 splats in one SOG", what);
    if (settings.axes == Axes::Model) return Encoder(cloud, settings, what, progress).run();
    SplatCloud file = cloud;
    modelToFrame(file, Frame::Gaussian);
    return Encoder(file, settings, what, progress).run();
}

Status writeSogFiles(const std::string& folder, const std::vector<SogFile>& files) {
    for (const SogFile& f : files) SW_TRY(writeFileAtomic((fs::path(folder) / f.name).string(), f.bytes));
    return {};
}

Status writeSog(const std::string& path, const SplatCloud& cloud, const SogWriteSettings& settings, const Progress& progress) {
    const bool bundle = lowerExtension(path) == ".sog";
    fs::path target = fs::absolute(path).lexically_normal();
    if (!bundle && target.filename() == "meta.json") target = target.parent_path();
    if (!bundle) SW_TRY(checkFolderReplaceable(target.string()));  // before any work
    auto files = encodeSog(cloud, settings, target.string(), progress);
    if (!files) return files.error();
    if (bundle) {
        std::vector<detail::ZipInput> entries;
        for (SogFile& f : *files) entries.push_back({f.name, std::move(f.bytes)});
        auto zip = detail::buildZip(entries, path);
        if (!zip) return zip.error();
        return writeFileAtomic(path, *zip);
    }
    std::error_code ec;
    fs::create_directories(target.parent_path(), ec);
    if (ec) return makeError(ErrorCode::Io, "cannot create the parent folder (" + ec.message() + ")", target.string());
    auto temp = TemporaryFolder::create(target.string());
    if (!temp) return temp.error();
    if (Status st = writeSogFiles(temp->path(), *files); !st) return temp->relocate(st.error(), target.string());
    std::vector<std::string> names;
    for (const SogFile& f : *files) names.push_back(f.name);
    if (Status st = recordOutputs(temp->path(), names); !st) return temp->relocate(st.error(), target.string());
    if (progress.cancelled()) return makeError(ErrorCode::Cancelled, "writing the SOG cancelled", target.string());
    SW_TRY(replaceFolder(temp->path(), target.string()));
    temp->release();
    return {};
}

}  // namespace sw::formats
