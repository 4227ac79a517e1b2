// core/foliage benders (seed 004 "Касание"): plants within the radius of their footprint lean
// away, root fixed and tip full; near the centre they follow the motion; a still bender inside
// leaves the plant nearly upright; the 8 nearest the camera act; scripted paths.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>

#include "core/foliage/animate.h"
#include "core/foliage/bender.h"
#include "tests/core/tst_foliage_fixture.h"

using namespace sw::foliage;

namespace {

constexpr float FOOT = 0.1f, HEIGHT = 0.8f;  // a grass card: 0.2 m wide, 0.8 m tall

Bender benderAt(float x, float y, Eigen::Vector3f velocity = Eigen::Vector3f::Zero()) {
    Bender b;
    b.id = 0;
    b.position = Eigen::Vector3f(x, y, 0.f);
    b.radius = 0.7f;
    b.velocity = velocity;
    return b;
}

Eigen::Vector2f leanFrom(const Bender& b) {
    return touchLean(Eigen::Vector3f::Zero(), FOOT, HEIGHT, 1.f, {b}, LookSettings{});
}

}  // namespace

TEST_CASE("a bender pushes plants within footprint + radius away from it, and none beyond") {
    const Eigen::Vector2f near = leanFrom(benderAt(-0.4f, 0.f));
    CHECK(near.x() > 0.2f);  // leans away (+x) from a bender at −x
    CHECK(std::abs(near.y()) < 1e-6f);
    CHECK(leanFrom(benderAt(-0.6f, 0.f)).norm() < near.norm());
    CHECK(leanFrom(benderAt(-0.79f, 0.f)).norm() > 0.f);
    CHECK(leanFrom(benderAt(-0.81f, 0.f)).norm() == 0.f);
    CHECK(leanFrom(benderAt(0.f, -5.f)).norm() == 0.f);
    const Eigen::Vector2f diag = leanFrom(benderAt(0.25f, 0.25f));
    CHECK(diag.normalized().isApprox(Eigen::Vector2f(-1.f, -1.f).normalized(), 1e-5f));
}

TEST_CASE("the pushed plant's tip moves more than its root, which stays put") {
    const auto mesh = sw::test::makeGrassPatch(1, 1, 1.f, HEIGHT);
    auto set = analysePlants(mesh, {}, "card");
    REQUIRE(set.ok());
    WindSettings off;
    off.enabled = false;
    FrameInput frame;
    frame.acting = {benderAt(-0.35f, 0.f)};
    std::vector<Eigen::Vector3f> out;
    animateVertices(mesh.positions, *set, {}, WindField(off), frame, out);
    for (std::size_t v = 0; v < out.size(); ++v) {
        const float moved = (out[v] - mesh.positions[v]).norm();
        if (set->height[v] == 0.f) CHECK(moved == 0.f);
        else CHECK(moved > 0.3f);
    }
    // The tip's push never exceeds `touch` (0.6 m) and reaches a good share of it.
    float most = 0.f;
    for (float d = 0.f; d < 0.8f; d += 0.01f) most = std::max(most, leanFrom(benderAt(-d, 0.f)).norm());
    CHECK(most <= std::atan(0.6f / HEIGHT) + 1e-6f);
    CHECK(most > 0.6f * std::atan(0.6f / HEIGHT));
}

TEST_CASE("a still bender inside the plant leaves it nearly upright; a moving one bends it along the motion") {
    CHECK(leanFrom(benderAt(0.f, 0.f)).norm() == 0.f);
    CHECK(leanFrom(benderAt(0.01f, 0.f)).norm() < 0.05f);
    const Eigen::Vector2f running = leanFrom(benderAt(0.f, 0.f, Eigen::Vector3f(0.f, 4.f, 0.f)));
    CHECK(running.norm() > 0.4f);
    CHECK(running.normalized().isApprox(Eigen::Vector2f(0.f, 1.f), 1e-5f));
    // Just past the centre, running on: still leaning forward, not flipped back toward the bender.
    CHECK(leanFrom(benderAt(0.f, 0.03f, Eigen::Vector3f(0.f, 4.f, 0.f))).y() > 0.f);
}

TEST_CASE("trees do not bend for benders; touch 0 turns it off") {
    CHECK(touchLean(Eigen::Vector3f::Zero(), FOOT, 6.f, 0.f, {benderAt(-0.3f, 0.f)}, {}).norm() == 0.f);
    LookSettings none;
    none.touch = 0.f;
    CHECK(touchLean(Eigen::Vector3f::Zero(), FOOT, HEIGHT, 1.f, {benderAt(-0.3f, 0.f)}, none).norm() == 0.f);
}

TEST_CASE("velocity is smoothed over the time constant; only the 8 nearest the camera act; removed drop out") {
    BenderSet set;
    const int id = set.add({0.f, 0.f, 0.f});
    CHECK(set.benders()[0].radius == doctest::Approx(0.7f));
    // Walk at 2 m/s in steps of 1/60 s: after one time constant (0.2 s) the velocity is 1 − 1/e of it.
    for (int k = 1; k <= 12; ++k) set.move(id, {2.f * static_cast<float>(k) / 60.f, 0.f, 0.f}, 1.f / 60.f);
    CHECK(set.benders()[0].velocity.x() == doctest::Approx(2.f * (1.f - std::exp(-1.f))).epsilon(0.01));
    for (int k = 0; k < 11; ++k) set.add({static_cast<float>(k + 1), 0.f, 0.f});
    const auto acting = set.acting({20.f, 0.f, 0.f});
    REQUIRE(acting.size() == 8);
    CHECK(acting.front().position.x() == 11.f);  // nearest first
    for (const Bender& b : acting) CHECK(b.position.x() >= 4.f);
    CHECK(set.remove(acting.front().id));
    CHECK_FALSE(set.remove(acting.front().id));
    const auto after = set.acting({20.f, 0.f, 0.f});
    REQUIRE(after.size() == 8);
    for (const Bender& b : after) CHECK(b.id != acting.front().id);
}

TEST_CASE("scripted bender paths: walked by arc length; NaN, wrong types and missing keys refused naming the file") {
    auto p = benderPathFromJson(R"({"points": [[0, 0, 0], [3, 0, 0], [3, 4, 0]], "speed": 2, "radius": 0.5})", "walk.json");
    REQUIRE_MESSAGE(p.ok(), p.error().toString());
    CHECK(p->radius == 0.5f);
    CHECK(pathPosition(*p, 1.f).isApprox(Eigen::Vector3f(2.f, 0.f, 0.f)));
    CHECK(pathPosition(*p, 2.5f).isApprox(Eigen::Vector3f(3.f, 2.f, 0.f)));
    CHECK(pathPosition(*p, 100.f).isApprox(Eigen::Vector3f(3.f, 4.f, 0.f)));
    p->loop = true;  // 12 m round: back at the start after 6 s
    CHECK(pathPosition(*p, 6.5f).isApprox(Eigen::Vector3f(1.f, 0.f, 0.f), 1e-4f));
    auto err = [](const std::string& json) {
        auto r = benderPathFromJson(json, "walk.json");
        REQUIRE_FALSE(r.ok());
        return r.error().toString();
    };
    CHECK(err(R"({"points": [[0, NaN, 0]], "speed": 1})") == "walk.json: points[0]: not a finite number (NaN)");
    CHECK(err(R"({"points": [[0, 0, 0]], "speed": -Infinity})") == "walk.json: speed: not a finite number (-Infinity)");
    CHECK(err(R"({"points": [[0, 1e999, 0]], "speed": 1})").find("number overflow") != std::string::npos);
    CHECK(err(R"({"points": [[0, "a", 0]], "speed": 1})") == "walk.json: points[0]: expected a number, got string");
    CHECK(err(R"({"points": [[0, 0]], "speed": 1})") == "walk.json: points[0]: expected [x, y, z]");
    CHECK(err(R"({"points": [], "speed": 1})").find("non-empty") != std::string::npos);
    CHECK(err(R"({"points": [[0, 0, 0]]})") == "walk.json: speed: missing");
    CHECK(err(R"({"points": [[0, 0, 0]], "speed": 0})").find("speed: must be > 0") != std::string::npos);
    CHECK(err(R"({"points": [[0, 0, 0]], "speed": 1, "sped": 1})") == "walk.json: sped: unknown key");
    auto missing = loadBenderPath("/nonexistent/walk.json");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().toString().find("/nonexistent/walk.json") != std::string::npos);
}

TEST_CASE("a scene's bender paths: a list under \"benders\", each entry refused by its own key") {
    auto list = benderPathsFromJson(
        R"({"benders": [{"radius": 0.7, "speed": 1.5, "points": [[0, 0, 0], [4, 0, 0]]},
                        {"speed": 2, "points": [[1, 1, 0]], "loop": true}]})", "walk.json");
    REQUIRE_MESSAGE(list.ok(), list.error().toString());
    REQUIRE(list->size() == 2);
    CHECK((*list)[0].radius == 0.7f);
    CHECK(pathPosition((*list)[0], 2.f).isApprox(Eigen::Vector3f(3.f, 0.f, 0.f)));
    CHECK((*list)[1].loop);
    auto err = [](const std::string& json) {
        auto r = benderPathsFromJson(json, "walk.json");
        REQUIRE_FALSE(r.ok());
        return r.error().toString();
    };
    CHECK(err(R"({"benders": [{"speed": 1, "points": [[0, 0, 0]]}, {"speed": 1, "points": [[0, NaN, 0]]}]})") ==
          "walk.json: benders[1].points[0]: not a finite number (NaN)");
    CHECK(err(R"({"benders": [{"speed": "fast", "points": [[0, 0, 0]]}]})") ==
          "walk.json: benders[0].speed: expected a number, got string");
    CHECK(err(R"({"benders": []})") == "walk.json: benders: expected a non-empty array of paths");
    CHECK(err(R"({"paths": []})").find("paths: unknown key") != std::string::npos);
    CHECK(err(R"({"benders": [3]})") == "walk.json: benders[0]: expected an object");
}
