// core/foliage settings: the seed's defaults in the schemas, presets, and the scene JSON of
// seed 004 (env.foliage, per-node foliage.fade) written and read back, with one-line errors.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "core/foliage/foliage_settings.h"
#include "tests/support/test_support.h"

using namespace sw::foliage;

namespace {

FoliageSettings tuned() {
    FoliageSettings s;
    s.wind.directionX = -0.5f;
    s.wind.directionY = 0.25f;
    s.wind.speed = 12.5f;
    s.wind.turbulence = 1.3f;
    s.wind.gust = 0.8f;
    s.wind.gustSpeed = 9.1f;
    s.look.touch = 0.45f;
    s.look.variation = 0.1f;
    s.look.coverage = 0.6f;
    s.look.edgeFade = 0.f;
    return s;
}

std::string errorOf(const std::string& json) {
    auto r = parseSceneJson(json, "scene.json");
    REQUIRE_FALSE(r.ok());
    return r.error().toString();
}

}  // namespace

TEST_CASE("foliage schemas carry seed 004's defaults") {
    const FoliageSettings s;
    const sw::ParamSet wind = windSchema().toParams(s.wind);
    CHECK(wind.getFloat("speed") == doctest::Approx(8.3));
    CHECK(wind.getFloat("turbulence") == doctest::Approx(0.4));
    CHECK(wind.getFloat("gust") == doctest::Approx(0.35));
    CHECK(wind.getFloat("gust-speed") == doctest::Approx(5.6));
    CHECK(s.wind.direction().isApprox(Eigen::Vector2f(1.f, 0.3f).normalized()));
    const sw::ParamSet look = lookSchema().toParams(s.look);
    CHECK(look.getFloat("touch") == doctest::Approx(0.6));
    CHECK(look.getFloat("variation") == doctest::Approx(0.35));
    CHECK(look.getFloat("sun-wrap") == doctest::Approx(0.5));
    CHECK(look.getFloat("shiver") == doctest::Approx(1.0));
    CHECK(look.getFloat("edge-fade") == doctest::Approx(0.15));
    CHECK(look.getFloat("coverage") == doctest::Approx(0.25));
    CHECK(touchSchema().toParams(s.touch).getInt("max-benders") == 8);
    CHECK(touchSchema().toParams(s.touch).getFloat("radius") == doctest::Approx(0.7));
    for (const auto* schema : {&windSchema().schema(), &lookSchema().schema(), &touchSchema().schema()})
        for (const sw::ParamSpec& spec : schema->params()) {
            CHECK_MESSAGE(!spec.label.empty(), spec.name);
            CHECK_MESSAGE(!spec.group.empty(), spec.name);
        }
}

TEST_CASE("wind presets calm < breeze < storm, breeze is the default") {
    sw::ParamSet p(windSchema().schema());
    CHECK(p.presetName() == "breeze");
    float last = -1.f;
    for (const char* name : {"calm", "breeze", "storm"}) {
        REQUIRE(p.applyPreset(name).ok());
        const WindSettings w = windSchema().fromParams(p);
        CHECK(w.speed > last);
        last = w.speed;
        CHECK(p.presetName() == name);
    }
    CHECK_FALSE(p.applyPreset("hurricane").ok());
}

TEST_CASE("camelKey turns schema names into the scene file's keys") {
    CHECK(camelKey("gust-speed") == "gustSpeed");
    CHECK(camelKey("sky-ao") == "skyAo");
    CHECK(camelKey("touch") == "touch");
}

TEST_CASE("scene JSON round-trips settings and node fades") {
    const FoliageSettings s = tuned();
    const std::vector<FoliageNode> nodes = {{"grass", {30.f, 40.f}}, {"pine", {}}};
    const std::string json = sceneJson(s, nodes);
    CHECK(json.find("\"gustSpeed\": 9.1") != std::string::npos);
    CHECK(json.find("\"fade\"") != std::string::npos);
    auto back = parseSceneJson(json, "scene.json");
    REQUIRE_MESSAGE(back.ok(), back.error().toString());
    CHECK(windSchema().toParams(back->settings.wind).toJson() == windSchema().toParams(s.wind).toJson());
    CHECK(lookSchema().toParams(back->settings.look).toJson() == lookSchema().toParams(s.look).toJson());
    REQUIRE(back->nodes.size() == 2);
    CHECK(back->nodes[0].name == "grass");
    CHECK(back->nodes[0].fade.start == 30.f);
    CHECK(back->nodes[0].fade.end == 40.f);
    CHECK(back->nodes[1].name == "pine");
    CHECK_FALSE(back->nodes[1].fade.active());
}

TEST_CASE("wind false is calm and round-trips; absent keys keep the base") {
    FoliageSettings s;
    s.wind.enabled = false;
    s.look.touch = 0.f;
    const std::string json = sceneJson(s, {});
    CHECK(json.find("\"wind\": false") != std::string::npos);
    auto back = parseSceneJson(json, "a.json");
    REQUIRE(back.ok());
    CHECK_FALSE(back->settings.wind.enabled);
    CHECK(back->settings.look.touch == 0.f);
    FoliageSettings base;
    base.wind.speed = 3.f;
    auto seed = parseSceneJson(R"({"env": {"foliage": {"wind": {"direction": [1, 0.3], "speed": 6, "gust": 0.4},
                                "touch": 0.6, "variation": 0.35}}})", "level.json", base);
    REQUIRE_MESSAGE(seed.ok(), seed.error().toString());
    CHECK(seed->settings.wind.speed == 6.f);
    CHECK(seed->settings.wind.gust == doctest::Approx(0.4));
    CHECK(seed->settings.wind.gustSpeed == doctest::Approx(5.6));  // absent: base kept
    CHECK(seed->settings.wind.enabled);
}

TEST_CASE("bad scene JSON gets one line naming the key and the file") {
    CHECK(errorOf("[1, 2]") == "scene.json: foliage scene: not a JSON object");
    CHECK(errorOf(R"({"env": {"foliage": {"wind": {"speed": "fast"}}}})") ==
          "scene.json: env.foliage.wind.speed: expected a number, got string");
    CHECK(errorOf(R"({"env": {"foliage": {"touch": true}}})").find("env.foliage.touch: expected a number") != std::string::npos);
    CHECK(errorOf(R"({"env": {"foliage": {"wind": {"turbulence": 3}}}})").find("turbulence") != std::string::npos);
    CHECK(errorOf(R"({"env": {"foliage": {"wind": {"speed": 1e999}}}})") ==
          "scene.json: foliage scene: not valid JSON: number overflow parsing '1e999'");
    CHECK(errorOf(R"({"env": {"foliage": {"wind": {"speed": NaN}}}})")
          == "scene.json: env.foliage.wind.speed: not a finite number (NaN)");
    CHECK(errorOf(R"({"env": {"foliage": {"colour": 1}}})") == "scene.json: env.foliage.colour: unknown key");
    CHECK(errorOf(R"({"env": {"foliage": {"wind": {"direction": [1]}}}})").find("direction: expected [x, y]") != std::string::npos);
    CHECK(errorOf(R"({"nodes": {"g": {"foliage": {"fade": [40, 30]}}}})").find("nodes.g.foliage.fade") != std::string::npos);
    CHECK(errorOf(R"({"nodes": {"g": {"foliage": {"fade": ["a", 30]}}}})").find("expected a number") != std::string::npos);
    CHECK(errorOf(R"({"nodes": {"g": {"foliage": 3}}})").find("expected true or an object") != std::string::npos);
    for (const char* bad : {R"({"env": {"foliage": {"wind": {"speed": "fast"}}}})", R"({"env": {"foliage": {"sunWrap": 2}}})"})
        CHECK(errorOf(bad).find('\n') == std::string::npos);
}

TEST_CASE("scene JSON saves atomically and loads back; a missing file is an Io error naming it") {
    const std::string dir = sw::test::outputDir("foliage_settings");
    const std::string path = dir + "/level.foliage.json";
    REQUIRE(saveSceneJson(path, tuned(), {{"grass", {30.f, 40.f}}}).ok());
    auto back = loadSceneJson(path);
    REQUIRE(back.ok());
    CHECK(back->settings.wind.speed == 12.5f);
    CHECK(back->nodes.at(0).fade.end == 40.f);
    CHECK_FALSE(saveSceneJson(dir + "/bad.json", {}, {{"g", {5.f, 1.f}}}).ok());
    CHECK_FALSE(std::filesystem::exists(dir + "/bad.json"));
    auto missing = loadSceneJson(dir + "/missing.json");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().code == sw::ErrorCode::Io);
    CHECK(missing.error().toString().find("missing.json") != std::string::npos);
}

TEST_CASE("checkFade accepts [30, 40] and no fade, refuses reversed, negative and NaN ranges") {
    CHECK(checkFade({30.f, 40.f}, "x").ok());
    CHECK(checkFade({0.f, 0.f}, "x").ok());
    CHECK(checkFade({10.f, 0.f}, "x").ok());  // end 0 = none
    CHECK_FALSE(checkFade({40.f, 30.f}, "x").ok());
    CHECK_FALSE(checkFade({-1.f, 30.f}, "x").ok());
    CHECK_FALSE(checkFade({std::nanf(""), 30.f}, "x").ok());
}
