// Every field of every settings schema at its documented bounds: the minimum and the maximum are
// accepted through a flag-like set() and a preset JSON, survive the round trip through the
// settings struct (a float member stores 0.01 as 0.0099999998: still inside, never an abort), and
// one step outside is refused with an error naming the parameter.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <limits>
#include <string>

#include "core/bake/bake.h"
#include "core/bake/export.h"
#include "core/dataset/belt.h"
#include "core/dataset/dataset_stage.h"
#include "core/demo/demo_drone.h"
#include "core/destruct/simulation.h"
#include "core/destruct/weapon_profile.h"
#include "core/foliage/foliage_settings.h"
#include "core/geometry/import.h"
#include "core/lod/extract.h"
#include "core/lod/lod_tree.h"
#include "core/lod/resident_pool.h"
#include "core/lod/selection.h"
#include "core/render/effects_schema.h"
#ifdef SW_HAVE_TRAIN
#include "core/train/trainer.h"
#endif

using namespace sw;

namespace {

// One step past `bound` in `direction` (±1) in the type the field is stored as.
ParamValue outside(const ParamSpec& p, double bound, int direction) {
    if (p.type == ParamType::Int) return std::int64_t(bound) + direction;
    if (p.single) return double(std::nextafter(float(bound), direction > 0 ? INFINITY : -INFINITY));
    return std::nextafter(bound, direction > 0 ? INFINITY : -INFINITY);
}

// A number as JSON text, every digit kept.
std::string text(const ParamValue& v) {
    if (const auto* i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
    char b[64];
    std::snprintf(b, sizeof b, "%.17g", std::get<double>(v));
    return b;
}

ParamValue at(const ParamSpec& p, double bound) {
    if (p.type == ParamType::Int) return std::int64_t(bound);
    return bound;
}

std::string presetJson(const std::string& stage, const std::string& name, const std::string& value) {
    return "{\"stage\": \"" + stage + "\", \"params\": {\"" + name + "\": " + value + "}}";
}

template <class S>
int walk(const SettingsSchema<S>& schema) {
    int bounds = 0;
    const ParamSchema& ps = schema.schema();
    for (const ParamSpec& p : ps.params()) {
        if (p.type != ParamType::Int && p.type != ParamType::Float) continue;
        for (const auto& [bound, direction] : {std::pair{p.min, -1}, std::pair{p.max, +1}}) {
            // Integer fields without a declared range span their C++ type: nothing to step past.
            if (!std::isfinite(bound) || std::abs(bound) > 9e15) continue;
            CAPTURE(ps.stage());
            CAPTURE(p.name);
            CAPTURE(bound);
            ParamSet params = schema.toParams(S{});
            REQUIRE(params.set(p.name, at(p, bound)).ok());
            const S s = schema.fromParams(params);
            CHECK(schema.check(s).ok());  // stored, it is still inside the range
            const ParamSet back = schema.toParams(s);  // must not abort
            const ParamValue v = back.get(p.name);
            if (p.type == ParamType::Int) CHECK(std::get<std::int64_t>(v) == std::int64_t(bound));
            else CHECK(float(std::get<double>(v)) == float(bound));
            ParamSet json(ps);
            CHECK(json.fromJson(presetJson(ps.stage(), p.name, text(at(p, bound)))).ok());
            // One step outside: refused, the error names the parameter.
            const Status refused = params.set(p.name, outside(p, bound, direction));
            CHECK_FALSE(refused.ok());
            if (!refused.ok()) CHECK(refused.error().message.find(p.name) != std::string::npos);
            ParamSet past(ps);
            CHECK_FALSE(past.fromJson(presetJson(ps.stage(), p.name, text(outside(p, bound, direction)))).ok());
            ++bounds;
        }
    }
    return bounds;
}

}  // namespace

TEST_CASE("every settings field at its bounds round-trips and one step outside is refused") {
    int bounds = 0;
    bounds += walk(geometry::importSchema());
    bounds += walk(dataset::beltSchema());
    bounds += walk(dataset::datasetSchema());
    bounds += walk(bake::bakeSchema());
    bounds += walk(bake::exportSchema());
    bounds += walk(render::effectsSchema());
    bounds += walk(render::effectTimelineSchema());
    bounds += walk(destruct::weaponSchema());
    bounds += walk(destruct::simSchema());
    bounds += walk(demo::demoSchema());
    bounds += walk(foliage::windSchema());
    bounds += walk(foliage::lookSchema());
    bounds += walk(foliage::touchSchema());
    bounds += walk(lod::lodSchema());
    bounds += walk(lod::selectionSchema());
    bounds += walk(lod::streamSchema());
    bounds += walk(lod::extractSchema());
#ifdef SW_HAVE_TRAIN
    bounds += walk(train::trainSchema());
#endif
    MESSAGE("bounds checked: " << bounds);
    CHECK(bounds > 100);
}

TEST_CASE("a weapon profile at the bottom of its cooling range loads") {
    auto p = destruct::profileFromJson("{\"stage\": \"weapon\", \"params\": {\"cooling\": 0.01}}", "boss.weapon.json");
    REQUIRE(p.ok());
    CHECK(destruct::profileToJson(*p).find("cooling") != std::string::npos);  // written back without an abort
}
