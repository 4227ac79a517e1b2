#pragma once
// PlayCanvas SOG ("spatially ordered gaussians"; the layout PlayCanvas's splat-transform writes
// and its engine reads; docs/formats.md has the decoding): a meta.json and lossless WebP images
// holding one splat per pixel in row-major order.
// - means_l / means_u: the low and high bytes of 16-bit x y z, each a fraction of the meta's
//   mins..maxs of the log-transformed position sign(p)·ln(|p| + 1);
// - quats: smallest-three, three bytes and a tag 252 + index of the largest component (w x y z);
// - scales, sh0 (colour + opacity), shN (SH bands 1..3 through a palette of centroids and a
//   16-bit label per splat): version 2 indexes 256-entry codebooks; the unversioned first
//   version (v1) lerps per channel between the meta's mins and maxs.
// Stored as a folder (meta.json beside the images) or bundled: the same files in one ZIP, `.sog`.
// The splats are in the 3DGS convention (like a PLY) and read into model space; SH is kept.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/progress.h"
#include "core/splat/splat_cloud.h"

namespace sw::formats {

// The highest SOG meta version this reader knows.
inline constexpr int kSogVersion = 2;

// `path`: a `.sog` bundle, a folder holding meta.json, or the meta.json itself. Errors name the
// file at fault (a missing image, a corrupt WebP, a meta.json field of the wrong type, an image
// too small for the count, a newer version). Progress runs over the images; a cancel returns
// Cancelled.
Result<splat::SplatCloud> readSog(const std::string& path, const Progress& progress = {});
// A bundled SOG already in memory (the bytes of a `.sog`); `path` names it in errors (an entry's
// errors name `<path>:<entry>`).
Result<splat::SplatCloud> decodeSogBundle(std::vector<std::uint8_t> bytes, const std::string& path,
                                          const Progress& progress = {});

// A SOG's meta.json and images decoded once, its splats converted a run at a time: what a
// Streamed SOG chunk source needs (one file holds the runs of many chunks). Holds 4 bytes per
// pixel of each image (≈ 24 bytes a splat, 28 with SH).
class SogImages {
public:
    struct Data;
    // `path` as readSog takes it; the same errors, progress and cancel.
    static Result<std::shared_ptr<const SogImages>> read(const std::string& path, const Progress& progress = {});
    std::uint64_t count() const;  // splats (meta.json's count)
    std::uint64_t bytes() const;  // decoded image bytes held
    const std::string& path() const;  // the meta.json, for errors
    // Splats [offset, offset + count) in model space, SH dropped unless `withSh`; a run past the
    // count is InvalidInput naming the meta.json.
    Result<splat::SplatCloud> splats(std::uint64_t offset, std::uint64_t count, bool withSh = true) const;

    explicit SogImages(std::shared_ptr<const Data> data) : m_data(std::move(data)) {}

private:
    std::shared_ptr<const Data> m_data;
};

// True when `path` looks like a SOG: a `.sog` file, a folder with meta.json, or a meta.json.
bool isSogPath(const std::string& path);

}  // namespace sw::formats
