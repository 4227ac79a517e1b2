// push and touchLean must stay in step with their GLSL twins (shaders/foliage_wind.glsl fwPush,
// foliage_wind.comp touchLean): a change here is made there too (tests/gl/tst_foliage_gpu.cpp).
#include "core/foliage/bender.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "core/foliage/detail/json_text.h"
#include "core/foliage/wind_field.h"
#include "core/foundation/check.h"
#include "core/foundation/file_io.h"

namespace sw::foliage {

int BenderSet::add(const Eigen::Vector3f& position, float radius) {
    SW_REQUIRE(position.allFinite(), "bender position " << position.transpose());
    Bender b;
    b.id = m_nextId++;
    b.position = position;
    b.radius = radius > 0.f ? radius : m_touch.radius;
    m_benders.push_back(b);
    return b.id;
}

bool BenderSet::remove(int id) {
    const auto it = std::find_if(m_benders.begin(), m_benders.end(), [id](const Bender& b) { return b.id == id; });
    if (it == m_benders.end()) return false;
    m_benders.erase(it);
    return true;
}

bool BenderSet::setHeight(int id, float height) {
    for (Bender& b : m_benders)
        if (b.id == id) {
            b.height = height;
            return true;
        }
    return false;
}

void BenderSet::move(int id, const Eigen::Vector3f& position, float dt) {
    SW_REQUIRE(dt > 0.f && position.allFinite(), "dt=" << dt << " position " << position.transpose());
    const auto it = std::find_if(m_benders.begin(), m_benders.end(), [id](const Bender& b) { return b.id == id; });
    SW_REQUIRE(it != m_benders.end(), "no bender " << id);
    const Eigen::Vector3f raw = (position - it->position) / dt;
    const float a = m_touch.smoothing > 0.f ? 1.f - std::exp(-dt / m_touch.smoothing) : 1.f;
    it->velocity += a * (raw - it->velocity);
    it->position = position;
}

std::vector<Bender> BenderSet::acting(const Eigen::Vector3f& camera) const {
    std::vector<Bender> out = m_benders;
    std::sort(out.begin(), out.end(), [&](const Bender& a, const Bender& b) {
        const float da = (a.position - camera).squaredNorm(), db = (b.position - camera).squaredNorm();
        return da != db ? da < db : a.id < b.id;
    });
    out.resize(std::min(out.size(), static_cast<std::size_t>(std::max(m_touch.maxBenders, 0))));
    return out;
}

namespace {

float smoothstep(float e0, float e1, float x) {
    if (e1 <= e0) return x < e0 ? 0.f : 1.f;
    const float t = std::clamp((x - e0) / (e1 - e0), 0.f, 1.f);
    return t * t * (3.f - 2.f * t);
}

// Unit horizontal push direction of one bender, scaled by its falloff (0 outside its reach).
Eigen::Vector2f push(const Eigen::Vector2f& root, float footprint, const Bender& b) {
    const Eigen::Vector2f o = root - b.position.head<2>();
    const float d = o.norm();
    const float reach = footprint + b.radius;
    if (d >= reach) return Eigen::Vector2f::Zero();
    const float falloff = 1.f - smoothstep(footprint, reach, d);
    const float core = std::max(footprint, 0.5f * b.radius);
    const float away = std::clamp(d / core, 0.f, 1.f);
    Eigen::Vector2f dir = Eigen::Vector2f::Zero();
    if (d > 0.f) dir += away * (o / d);
    const Eigen::Vector2f v = b.velocity.head<2>();
    const float speed = v.norm();
    if (speed > 0.f) dir += (1.f - away) * (speed / (speed + TOUCH_VELOCITY_REF)) * (v / speed);
    return falloff * dir;
}

}  // namespace

Eigen::Vector2f touchLean(const Eigen::Vector3f& root, float footprint, float heightMetres, float response,
                          const std::vector<Bender>& acting, const LookSettings& look) {
    const float limit = look.touch * response;
    if (!(limit > 0.f) || !(heightMetres > 0.f)) return Eigen::Vector2f::Zero();
    Eigen::Vector2f tip = Eigen::Vector2f::Zero();
    for (const Bender& b : acting) tip += limit * push(root.head<2>(), footprint, b);
    const float n = tip.norm();
    if (!(n > 0.f)) return Eigen::Vector2f::Zero();
    const float clamped = std::min(n, limit);
    const float angle = std::min(std::atan(clamped / heightMetres), MAX_LEAN);
    return tip * (angle / n);
}

namespace {

Result<float> finiteNumber(const nlohmann::json& v, const std::string& key, const std::string& path) {
    if (detail::isNonFinite(v))
        return makeError(ErrorCode::InvalidInput, key + ": not a finite number (" + v.get<std::string>().substr(1) + ")", path);
    if (!v.is_number()) return makeError(ErrorCode::Parse, key + ": expected a number, got " + v.type_name(), path);
    const double d = v.get<double>();
    if (!std::isfinite(d)) return makeError(ErrorCode::InvalidInput, key + ": not a finite number", path);
    return static_cast<float>(d);
}

Status readPoints(const nlohmann::json& pts, BenderPath& out, const std::string& prefix, const std::string& path) {
    if (!pts.is_array() || pts.empty())
        return makeError(ErrorCode::Parse, prefix + "points: expected a non-empty array of [x, y, z]", path);
    for (std::size_t i = 0; i < pts.size(); ++i) {
        const std::string key = prefix + "points[" + std::to_string(i) + "]";
        if (!pts[i].is_array() || pts[i].size() != 3) return makeError(ErrorCode::Parse, key + ": expected [x, y, z]", path);
        Eigen::Vector3f p;
        for (int c = 0; c < 3; ++c) {
            auto v = finiteNumber(pts[i][static_cast<std::size_t>(c)], key, path);
            if (!v) return v.error();
            p[c] = *v;
        }
        out.points.push_back(p);
    }
    return {};
}

// One path object; error keys start with `prefix` ("benders[2]." in a list).
Result<BenderPath> pathFromObject(const nlohmann::json& doc, const std::string& prefix, const std::string& path) {
    if (!doc.is_object())
        return makeError(ErrorCode::Parse, prefix.substr(0, prefix.size() - 1) + ": expected an object", path);
    BenderPath out;
    for (const auto& [name, value] : doc.items()) {
        const std::string key = prefix + name;
        if (name == "points") SW_TRY(readPoints(value, out, prefix, path));
        else if (name == "speed" || name == "radius") {
            auto v = finiteNumber(value, key, path);
            if (!v) return v.error();
            if (!(*v > 0.f)) return makeError(ErrorCode::InvalidInput, key + ": must be > 0, got " + value.dump(), path);
            (name == "speed" ? out.speed : out.radius) = *v;
        } else if (name == "loop") {
            if (!value.is_boolean()) return makeError(ErrorCode::Parse, key + ": expected true or false", path);
            out.loop = value.get<bool>();
        } else return makeError(ErrorCode::InvalidInput, key + ": unknown key", path);
    }
    if (out.points.empty()) return makeError(ErrorCode::Parse, prefix + "points: missing", path);
    if (!doc.contains("speed")) return makeError(ErrorCode::Parse, prefix + "speed: missing", path);
    return out;
}

}  // namespace

Result<BenderPath> benderPathFromJson(const std::string& text, const std::string& path) {
    auto parsed = detail::parseJsonObject<nlohmann::json>(text, "bender path", path);
    if (!parsed) return parsed.error();
    return pathFromObject(*parsed, "", path);
}

Result<std::vector<BenderPath>> benderPathsFromJson(const std::string& text, const std::string& path) {
    auto parsed = detail::parseJsonObject<nlohmann::json>(text, "bender paths", path);
    if (!parsed) return parsed.error();
    const nlohmann::json& doc = *parsed;
    for (const auto& [name, value] : doc.items())
        if (name != "benders") return makeError(ErrorCode::InvalidInput, name + ": unknown key (expected \"benders\")", path);
    if (!doc.contains("benders") || !doc["benders"].is_array() || doc["benders"].empty())
        return makeError(ErrorCode::Parse, "benders: expected a non-empty array of paths", path);
    std::vector<BenderPath> out;
    for (std::size_t i = 0; i < doc["benders"].size(); ++i) {
        auto p = pathFromObject(doc["benders"][i], "benders[" + std::to_string(i) + "].", path);
        if (!p) return p.error();
        out.push_back(std::move(*p));
    }
    return out;
}

Result<std::vector<BenderPath>> loadBenderPaths(const std::string& path) {
    auto text = readFileText(path);
    if (!text) return text.error();
    return benderPathsFromJson(*text, path);
}

Result<BenderPath> loadBenderPath(const std::string& path) {
    auto text = readFileText(path);
    if (!text) return text.error();
    return benderPathFromJson(*text, path);
}

Eigen::Vector3f pathPosition(const BenderPath& path, float t) {
    SW_REQUIRE(!path.points.empty(), "empty bender path");
    const std::size_t k = path.points.size();
    const std::size_t segments = path.loop ? k : k - 1;
    float total = 0.f;
    for (std::size_t i = 0; i < segments; ++i) total += (path.points[(i + 1) % k] - path.points[i]).norm();
    if (segments == 0 || total <= 0.f) return path.points[0];
    float s = std::max(t, 0.f) * path.speed;
    s = path.loop ? std::fmod(s, total) : std::min(s, total);
    for (std::size_t i = 0; i < segments; ++i) {
        const Eigen::Vector3f a = path.points[i], b = path.points[(i + 1) % k];
        const float len = (b - a).norm();
        if (s <= len && len > 0.f) return a + (b - a) * (s / len);
        s -= len;
    }
    return path.points[path.loop ? 0 : k - 1];
}

}  // namespace sw::foliage
