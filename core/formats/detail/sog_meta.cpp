#include "core/formats/detail/sog_meta.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "core/formats/sog.h"

namespace sw::formats::detail {
namespace {

using nlohmann::json;

// Field readers: each error says which field and what it must be.
class Fields {
public:
    explicit Fields(std::string path) : m_path(std::move(path)) {}

    Error bad(const std::string& field, const std::string& must) const {
        return makeError(ErrorCode::Parse, "meta.json: '" + field + "' must be " + must, m_path);
    }
    Result<const json*> object(const json& parent, const std::string& key, const std::string& field) const {
        auto it = parent.find(key);
        if (it == parent.end() || !it->is_object()) return bad(field, "an object");
        return &*it;
    }
    template <std::size_t N>
    Status numbers(const json& obj, const char* key, const std::string& field, std::array<double, N>& out) const {
        auto it = obj.find(key);
        if (it == obj.end() || !it->is_array() || it->size() != N) return bad(field, "an array of " + std::to_string(N) + " numbers");
        for (std::size_t i = 0; i < N; ++i) {
            if (!(*it)[i].is_number() || !std::isfinite((*it)[i].get<double>()))
                return bad(field, "an array of " + std::to_string(N) + " finite numbers");
            out[i] = (*it)[i].get<double>();
        }
        return {};
    }
    Result<double> number(const json& obj, const char* key, const std::string& field) const {
        auto it = obj.find(key);
        if (it == obj.end() || !it->is_number() || !std::isfinite(it->get<double>())) return bad(field, "a finite number");
        return it->get<double>();
    }
    Result<std::uint64_t> count(const json& obj, const char* key, const std::string& field) const {
        auto it = obj.find(key);
        if (it == obj.end() || !it->is_number_unsigned() || it->get<std::uint64_t>() == 0 ||
            it->get<std::uint64_t>() > (std::uint64_t(1) << 32))
            return bad(field, "a positive integer (at most 2^32)");
        return it->get<std::uint64_t>();
    }
    Status codebook(const json& obj, const std::string& field, std::vector<float>& out) const {
        auto it = obj.find("codebook");
        if (it == obj.end() || !it->is_array() || it->size() != 256) return bad(field + ".codebook", "an array of 256 numbers");
        out.resize(256);
        for (std::size_t i = 0; i < 256; ++i) {
            if (!(*it)[i].is_number() || !std::isfinite((*it)[i].get<double>()))
                return bad(field + ".codebook", "an array of 256 finite numbers");
            out[i] = (*it)[i].get<float>();
        }
        return {};
    }
    Status files(const json& obj, const std::string& field, std::size_t n, std::string* out) const {
        auto it = obj.find("files");
        if (it == obj.end() || !it->is_array() || it->size() != n)
            return bad(field + ".files", "an array of " + std::to_string(n) + " file names");
        for (std::size_t i = 0; i < n; ++i) {
            if (!(*it)[i].is_string() || (*it)[i].get<std::string>().empty())
                return bad(field + ".files", "an array of " + std::to_string(n) + " file names");
            out[i] = (*it)[i].get<std::string>();
        }
        return {};
    }

private:
    std::string m_path;
};

Status parseV1(const json& root, const Fields& f, SogMeta& m) {
    auto means = f.object(root, "means", "means");
    if (!means) return means.error();
    auto shape = (*means)->find("shape");
    if (shape == (*means)->end() || !shape->is_array() || shape->empty() || !(*shape)[0].is_number_unsigned() ||
        (*shape)[0].get<std::uint64_t>() == 0 || (*shape)[0].get<std::uint64_t>() > (std::uint64_t(1) << 32))
        return f.bad("means.shape", "an array starting with the splat count (a positive integer)");
    m.count = (*shape)[0].get<std::uint64_t>();
    auto scales = f.object(root, "scales", "scales");
    if (!scales) return scales.error();
    SW_TRY(f.numbers(**scales, "mins", "scales.mins", m.scaleMin));
    SW_TRY(f.numbers(**scales, "maxs", "scales.maxs", m.scaleMax));
    auto sh0 = f.object(root, "sh0", "sh0");
    if (!sh0) return sh0.error();
    SW_TRY(f.numbers(**sh0, "mins", "sh0.mins", m.sh0Min));
    SW_TRY(f.numbers(**sh0, "maxs", "sh0.maxs", m.sh0Max));
    if (root.contains("shN")) {
        auto shN = f.object(root, "shN", "shN");
        if (!shN) return shN.error();
        auto lo = f.number(**shN, "mins", "shN.mins");
        if (!lo) return lo.error();
        auto hi = f.number(**shN, "maxs", "shN.maxs");
        if (!hi) return hi.error();
        m.hasSh = true;
        m.shMin = *lo;
        m.shMax = *hi;
    }
    return {};
}

Status parseV2(const json& root, const Fields& f, SogMeta& m) {
    auto count = f.count(root, "count", "count");
    if (!count) return count.error();
    m.count = *count;
    auto scales = f.object(root, "scales", "scales");
    if (!scales) return scales.error();
    SW_TRY(f.codebook(**scales, "scales", m.scaleCodebook));
    auto sh0 = f.object(root, "sh0", "sh0");
    if (!sh0) return sh0.error();
    SW_TRY(f.codebook(**sh0, "sh0", m.sh0Codebook));
    if (root.contains("shN")) {
        auto shN = f.object(root, "shN", "shN");
        if (!shN) return shN.error();
        auto palette = f.count(**shN, "count", "shN.count");
        if (!palette) return palette.error();
        auto bands = (*shN)->find("bands");
        if (bands == (*shN)->end() || !bands->is_number_unsigned() || bands->get<std::uint64_t>() < 1 || bands->get<std::uint64_t>() > 3)
            return f.bad("shN.bands", "1, 2 or 3");
        SW_TRY(f.codebook(**shN, "shN", m.shCodebook));
        m.hasSh = true;
        m.shBands = int(bands->get<std::uint64_t>());
        m.shPaletteCount = *palette;
    }
    return {};
}

}  // namespace

Result<SogMeta> parseSogMeta(const std::string& text, const std::string& path) {
    const json root = json::parse(text, nullptr, false);
    if (root.is_discarded() || !root.is_object()) return makeError(ErrorCode::Parse, "meta.json is not a JSON object", path);
    const Fields f(path);
    SogMeta m;
    if (auto v = root.find("version"); v != root.end()) {
        if (!v->is_number_unsigned()) return f.bad("version", "a positive integer");
        if (v->get<std::uint64_t>() > std::uint64_t(kSogVersion))
            return makeError(ErrorCode::Unsupported, "SOG version " + std::to_string(v->get<std::uint64_t>()) +
                                                         " is newer than this reader (versions 1 and " + std::to_string(kSogVersion) + ")",
                             path);
        m.version = int(v->get<std::uint64_t>());
        if (m.version < 1) return f.bad("version", "1 or 2");
    }
    auto means = f.object(root, "means", "means");
    if (!means) return means.error();
    SW_TRY(f.numbers(**means, "mins", "means.mins", m.meanMin));
    SW_TRY(f.numbers(**means, "maxs", "means.maxs", m.meanMax));
    std::string two[2];
    SW_TRY(f.files(**means, "means", 2, two));
    m.meansLow = two[0];
    m.meansHigh = two[1];
    for (auto [key, out] : {std::pair{"quats", &m.quats}, std::pair{"scales", &m.scales}, std::pair{"sh0", &m.sh0}}) {
        auto obj = f.object(root, key, key);
        if (!obj) return obj.error();
        SW_TRY(f.files(**obj, key, 1, out));
    }
    SW_TRY(m.version == 1 ? parseV1(root, f, m) : parseV2(root, f, m));
    if (m.hasSh) {
        SW_TRY(f.files(root["shN"], "shN", 2, two));
        m.shCentroids = two[0];
        m.shLabels = two[1];
    }
    return m;
}

}  // namespace sw::formats::detail
