#pragma once
// Synthetic SOG files for the reader tests: a small version-2 SOG whose every byte is chosen
// here, written as a folder (lossless WebP through libwebp's encoder) or bundled in a stored ZIP,
// and the values its decoding must give, computed from the format's own formulas.
#include <webp/encode.h>
#include <zlib.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/splat/splat_cloud.h"

namespace sw::test {

inline std::vector<std::uint8_t> encodeWebpLossless(const std::vector<std::uint8_t>& rgba, int w, int h) {
    std::uint8_t* out = nullptr;
    const std::size_t n = WebPEncodeLosslessRGBA(rgba.data(), w, h, w * 4, &out);
    std::vector<std::uint8_t> bytes(out, out + n);
    WebPFree(out);
    return bytes;
}

inline void writeBytes(const std::filesystem::path& path, const std::vector<std::uint8_t>& bytes) {
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
}

// A ZIP of stored entries (PKWARE APPNOTE 4.3): local headers, then the central directory.
inline std::vector<std::uint8_t> storedZip(const std::map<std::string, std::vector<std::uint8_t>>& files) {
    std::vector<std::uint8_t> out, central;
    auto put = [](std::vector<std::uint8_t>& v, std::uint32_t x, int bytes) {
        for (int i = 0; i < bytes; ++i) v.push_back(std::uint8_t(x >> (8 * i)));
    };
    for (const auto& [name, data] : files) {
        const std::uint32_t crc = std::uint32_t(crc32(0, data.data(), uInt(data.size())));
        const std::uint32_t at = std::uint32_t(out.size());
        put(out, 0x04034b50, 4); put(out, 20, 2); put(out, 0, 2); put(out, 0, 2); put(out, 0, 4);
        put(out, crc, 4); put(out, std::uint32_t(data.size()), 4); put(out, std::uint32_t(data.size()), 4);
        put(out, std::uint32_t(name.size()), 2); put(out, 0, 2);
        out.insert(out.end(), name.begin(), name.end());
        out.insert(out.end(), data.begin(), data.end());
        put(central, 0x02014b50, 4); put(central, 20, 2); put(central, 20, 2); put(central, 0, 2); put(central, 0, 2);
        put(central, 0, 4); put(central, crc, 4); put(central, std::uint32_t(data.size()), 4);
        put(central, std::uint32_t(data.size()), 4); put(central, std::uint32_t(name.size()), 2);
        put(central, 0, 2); put(central, 0, 2); put(central, 0, 2); put(central, 0, 2); put(central, 0, 4); put(central, at, 4);
        central.insert(central.end(), name.begin(), name.end());
    }
    const std::uint32_t cdAt = std::uint32_t(out.size());
    out.insert(out.end(), central.begin(), central.end());
    put(out, 0x06054b50, 4); put(out, 0, 2); put(out, 0, 2); put(out, std::uint32_t(files.size()), 2);
    put(out, std::uint32_t(files.size()), 2); put(out, std::uint32_t(central.size()), 4); put(out, cdAt, 4); put(out, 0, 2);
    return out;
}

// Five splats in a 4×2 image (three padding pixels), SH band 1 through a 2-entry palette.
struct SogFixture {
    static constexpr int kW = 4, kH = 2, kN = 5;
    nlohmann::json meta;
    std::map<std::string, std::vector<std::uint8_t>> files;  // name → bytes (meta.json included)
    splat::SplatCloud expected;                             // in the file's (3DGS) axes

    SogFixture() {
        const double mins[3] = {-1.0, -0.5, 0.0}, maxs[3] = {1.5, 0.5, 2.0};
        std::vector<float> scaleBook(256), colourBook(256), shBook(256);
        for (int i = 0; i < 256; ++i) {
            scaleBook[std::size_t(i)] = -8.f + float(i) * 0.03f;
            colourBook[std::size_t(i)] = -2.f + float(i) / 64.f;
            shBook[std::size_t(i)] = -1.f + float(i) / 128.f;
        }
        std::vector<std::uint8_t> lo(kW * kH * 4, 255), hi = lo, quats = lo, scales = lo, sh0 = lo, labels = lo;
        std::vector<std::uint8_t> centroids(192 * 1 * 4, 255);
        for (std::size_t p = 0; p < centroids.size(); ++p) centroids[p] = std::uint8_t((p * 37 + 11) % 256);
        expected.shDegree = 1;
        expected.resize(kN);
        const std::uint8_t tags[kN] = {252, 253, 254, 255, 7};  // the last: an invalid tag, identity
        for (std::size_t i = 0; i < kN; ++i) {
            for (int a = 0; a < 3; ++a) {
                const unsigned q = unsigned((i * 9973 + std::size_t(a) * 21011 + 1234) % 65536);
                lo[i * 4 + std::size_t(a)] = std::uint8_t(q & 255);
                hi[i * 4 + std::size_t(a)] = std::uint8_t(q >> 8);
                const double v = mins[a] + (maxs[a] - mins[a]) * q / 65535.0;
                expected.positions[i][a] = float((v < 0 ? -1 : 1) * (std::exp(std::fabs(v)) - 1));
                scales[i * 4 + std::size_t(a)] = std::uint8_t(40 * i + 13 * std::size_t(a));
                expected.scales[i][a] = std::exp(scaleBook[40 * i + 13 * std::size_t(a)]);
                sh0[i * 4 + std::size_t(a)] = std::uint8_t(45 * i + 20 * std::size_t(a) + 5);
                expected.colors[i][a] = 0.5f + 0.28209479177387814f * colourBook[45 * i + 20 * std::size_t(a) + 5];
            }
            sh0[i * 4 + 3] = std::uint8_t(60 * i + 10);
            expected.opacities[i] = float(60 * i + 10) / 255.f;
            const std::uint8_t small[3] = {std::uint8_t(100 + 20 * i), std::uint8_t(90 + 7 * i), std::uint8_t(160 - 9 * i)};
            for (int k = 0; k < 3; ++k) quats[i * 4 + std::size_t(k)] = small[k];
            quats[i * 4 + 3] = tags[i];
            if (tags[i] >= 252) {
                Eigen::Vector4f q;  // (w, x, y, z)
                float sum = 0;
                for (int c = 0, j = 0; c < 4; ++c)
                    if (c != tags[i] - 252) {
                        q[c] = (small[j++] / 255.f * 2.f - 1.f) / std::sqrt(2.f);
                        sum += q[c] * q[c];
                    }
                q[tags[i] - 252] = std::sqrt(1.f - sum);
                expected.rotations[i] = q.normalized();
            }
            const unsigned label = i == 4 ? 40000u : unsigned(i % 2);  // 40000: past the palette, zero SH
            labels[i * 4] = std::uint8_t(label & 255);
            labels[i * 4 + 1] = std::uint8_t(label >> 8);
            for (int j = 0; j < 3 && label < 2; ++j)
                for (int ch = 0; ch < 3; ++ch)
                    expected.shRest[(i * 3 + std::size_t(j)) * 3 + std::size_t(ch)] =
                        shBook[centroids[(label * 3 + unsigned(j)) * 4 + unsigned(ch)]];
        }
        files["means_l.webp"] = encodeWebpLossless(lo, kW, kH);
        files["means_u.webp"] = encodeWebpLossless(hi, kW, kH);
        files["quats.webp"] = encodeWebpLossless(quats, kW, kH);
        files["scales.webp"] = encodeWebpLossless(scales, kW, kH);
        files["sh0.webp"] = encodeWebpLossless(sh0, kW, kH);
        files["shN_centroids.webp"] = encodeWebpLossless(centroids, 192, 1);
        files["shN_labels.webp"] = encodeWebpLossless(labels, kW, kH);
        meta = {{"version", 2}, {"count", kN},
                {"means", {{"mins", {mins[0], mins[1], mins[2]}}, {"maxs", {maxs[0], maxs[1], maxs[2]}},
                           {"files", {"means_l.webp", "means_u.webp"}}}},
                {"scales", {{"codebook", scaleBook}, {"files", {"scales.webp"}}}},
                {"quats", {{"files", {"quats.webp"}}}},
                {"sh0", {{"codebook", colourBook}, {"files", {"sh0.webp"}}}},
                {"shN", {{"count", 2}, {"bands", 1}, {"codebook", shBook}, {"files", {"shN_centroids.webp", "shN_labels.webp"}}}}};
    }

    std::map<std::string, std::vector<std::uint8_t>> withMeta() const {
        auto all = files;
        const std::string text = meta.dump();
        all["meta.json"] = std::vector<std::uint8_t>(text.begin(), text.end());
        return all;
    }
    // Writes the folder form into `dir` (created fresh).
    void writeFolder(const std::filesystem::path& dir) const {
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
        for (const auto& [name, bytes] : withMeta()) writeBytes(dir / name, bytes);
    }
    std::vector<std::uint8_t> bundle() const { return storedZip(withMeta()); }
};

}  // namespace sw::test
