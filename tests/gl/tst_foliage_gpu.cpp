// Foliage wind on the GPU (issue 35 "Done when"): shaders/foliage_wind.comp, read back, equals the
// CPU reference core/foliage animateVertices / animateSplats for random plants, vertices and
// splats (fixed seeds), the wind presets calm / breeze / storm at several times t and two
// instance frames; wind off gives exactly the rest pose at every t; the same t twice gives
// bit-identical read-backs; a bent splat's rotation stays a unit quaternion (orthonormal axes);
// benders (moving and still, with and without wind) push the same plants as on the CPU.
//
// Tolerances: the GPU and the CPU run the same float operations in the same order, and the
// integer hash is exact, but the driver may fuse a multiply and an add (FMA), turn a division into
// a multiplication by the reciprocal, and its sin, cos and tanh are approximations (GLSL 4.50
// §8.1 leaves their precision to the implementation). Each difference is a few ulp of a quantity
// of the order of the scene (tens of metres here), and the noise is C2-continuous, so a rounding
// difference never turns into a jump; a lattice cell chosen differently by floor() at a boundary
// moves the result by the same few ulp. POSITION_TOL bounds the position differences with a wide
// margin, ROTATION_TOL the quaternion components.
#include <doctest/doctest.h>

#include <Eigen/Geometry>
#include <cstring>
#include <random>

#include "core/foliage/animate.h"
#include "core/render/foliage_wind_gpu.h"
#include "tests/gl/tst_splat_fixture.h"

using namespace sw;

namespace {

constexpr float POSITION_TOL = 1e-4f;  // model units (the scene spans ±40 m, plants up to 6 m)
constexpr float ROTATION_TOL = 1e-5f;  // per quaternion component
constexpr float UNIT_TOL = 1e-5f;      // |q| − 1 and RᵀR − I of a bent splat

// P plants on ±30 model units, heights 0.3..6, random materials; n points on them (2 % of plant
// −1), each at a random height with its main-bend weight, a random detail weight.
foliage::PlantSet randomPlants(int plantCount, int n, std::uint32_t seed, std::vector<Eigen::Vector3f>& points) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.f, 1.f);
    foliage::PlantSet set;
    for (int i = 0; i < plantCount; ++i) {
        foliage::Plant p;
        p.root = Eigen::Vector3f(60.f * u(rng) - 30.f, 60.f * u(rng) - 30.f, 2.f * u(rng) - 1.f);
        p.height = 0.3f + 5.7f * u(rng);
        p.radius = 0.2f + 0.4f * p.height * u(rng);
        p.wind = {0.5f + 1.5f * u(rng), 0.5f + 2.5f * u(rng), 1.5f * u(rng), 2.f * u(rng)};
        set.plants.push_back(p);
    }
    points.clear();
    for (int v = 0; v < n; ++v) {
        const int pi = u(rng) < 0.02f ? -1 : static_cast<int>(u(rng) * static_cast<float>(plantCount)) % plantCount;
        const foliage::Plant& p = set.plants[static_cast<std::size_t>(pi < 0 ? 0 : pi)];
        const float h = u(rng), a = 6.2831853f * u(rng), r = p.radius * u(rng);
        points.push_back(p.root + Eigen::Vector3f(r * std::cos(a), r * std::sin(a), h * p.height));
        set.vertexPlant.push_back(pi);
        set.height.push_back(h * p.height);
        set.mainWeight.push_back(pi < 0 ? 0.f : foliage::mainBendWeight(h));
        set.detailWeight.push_back(pi < 0 ? 0.f : u(rng));
    }
    return set;
}

splat::SplatCloud randomCloud(const std::vector<Eigen::Vector3f>& points, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::normal_distribution<float> g(0.f, 1.f);
    splat::SplatCloud c;
    c.resize(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        c.positions[i] = points[i];
        c.rotations[i] = Eigen::Vector4f(g(rng), g(rng), g(rng), g(rng)).normalized();
        c.scales[i] = Eigen::Vector3f(0.05f, 0.02f, 0.005f);
    }
    return c;
}

foliage::WindSettings preset(const char* name) {
    ParamSet p(foliage::windSchema().schema());
    REQUIRE(p.applyPreset(name).ok());
    return foliage::windSchema().fromParams(p);
}

float maxDiff(const std::vector<Eigen::Vector3f>& a, const std::vector<Eigen::Vector3f>& b) {
    REQUIRE(a.size() == b.size());
    float m = 0.f;
    for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, (a[i] - b[i]).cwiseAbs().maxCoeff());
    return m;
}

float maxDiff(const std::vector<Eigen::Vector4f>& a, const std::vector<Eigen::Vector4f>& b) {
    REQUIRE(a.size() == b.size());
    float m = 0.f;
    for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, (a[i] - b[i]).cwiseAbs().maxCoeff());
    return m;
}

template <class V>
bool sameBits(const std::vector<V>& a, const std::vector<V>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(V)) == 0;
}

struct GpuWind {
    std::unique_ptr<render::HeadlessContext> context = test::requireContext();
    std::unique_ptr<render::FoliageWindGpu> gpu;
    GpuWind() {
        auto created = render::FoliageWindGpu::create(context->loader());
        if (!created) FAIL(created.error().toString());
        gpu = std::move(*created);
    }
    ~GpuWind() { gpu->release(); }
};

const foliage::FoliageInstance INSTANCES[2] = {{}, {Eigen::Vector3f(5.f, -3.f, 0.5f), 0.7f, 1.3f}};
const float TIMES[5] = {0.f, 0.37f, 2.5f, 11.f, 97.25f};

}  // namespace

TEST_CASE("foliage gpu: bent vertices equal the CPU reference in calm, breeze and storm") {
    GpuWind g;
    std::vector<Eigen::Vector3f> rest;
    const foliage::PlantSet plants = randomPlants(40, 4000, 11u, rest);
    REQUIRE(g.gpu->setVertices(rest, plants).ok());
    float worst = 0.f, moved = 0.f;
    for (const char* name : {"calm", "breeze", "storm"})
        for (std::uint32_t seed : {0u, 7u}) {
            const foliage::WindField wind(preset(name), seed);
            for (const foliage::FoliageInstance& instance : INSTANCES)
                for (float t : TIMES) {
                    foliage::FrameInput frame;
                    frame.t = t;
                    std::vector<Eigen::Vector3f> cpu, gpu;
                    std::vector<Eigen::Vector4f> rotations;
                    foliage::animateVertices(rest, plants, instance, wind, frame, cpu);
                    REQUIRE(g.gpu->animate(wind, instance, frame, gpu, rotations).ok());
                    const float d = maxDiff(cpu, gpu);
                    CHECK_MESSAGE(d <= POSITION_TOL, name << " seed " << seed << " t " << t << ": " << d);
                    worst = std::max(worst, d);
                    moved = std::max(moved, maxDiff(cpu, rest));
                    for (const Eigen::Vector4f& q : rotations) REQUIRE(q == Eigen::Vector4f(1.f, 0.f, 0.f, 0.f));
                }
        }
    MESSAGE("vertices: max |GPU - CPU| = " << worst << " model units (tolerance " << POSITION_TOL
                                           << "), largest displacement " << moved);
    CHECK(moved > 0.5f);  // the storm bends the tall plants by metres: the comparison is not of rest poses
}

TEST_CASE("foliage gpu: bent splats equal the CPU reference, rotations stay unit with orthonormal axes") {
    GpuWind g;
    std::vector<Eigen::Vector3f> points;
    const foliage::PlantSet plants = randomPlants(25, 3000, 23u, points);
    const splat::SplatCloud rest = randomCloud(points, 5u);
    REQUIRE(g.gpu->setSplats(rest, plants).ok());
    float worstP = 0.f, worstQ = 0.f, worstUnit = 0.f;
    for (const char* name : {"calm", "breeze", "storm"}) {
        const foliage::WindField wind(preset(name), 3u);
        for (const foliage::FoliageInstance& instance : INSTANCES)
            for (float t : TIMES) {
                foliage::FrameInput frame;
                frame.t = t;
                splat::SplatCloud cpu;
                foliage::animateSplats(rest, plants, instance, wind, frame, cpu);
                std::vector<Eigen::Vector3f> positions;
                std::vector<Eigen::Vector4f> rotations;
                REQUIRE(g.gpu->animate(wind, instance, frame, positions, rotations).ok());
                const float dp = maxDiff(cpu.positions, positions), dq = maxDiff(cpu.rotations, rotations);
                CHECK_MESSAGE(dp <= POSITION_TOL, name << " t " << t << ": positions " << dp);
                CHECK_MESSAGE(dq <= ROTATION_TOL, name << " t " << t << ": rotations " << dq);
                worstP = std::max(worstP, dp);
                worstQ = std::max(worstQ, dq);
                for (const Eigen::Vector4f& q : rotations) {
                    const Eigen::Matrix3f r = Eigen::Quaternionf(q[0], q[1], q[2], q[3]).toRotationMatrix();
                    worstUnit = std::max({worstUnit, std::abs(q.norm() - 1.f),
                                          (r.transpose() * r - Eigen::Matrix3f::Identity()).cwiseAbs().maxCoeff()});
                }
            }
    }
    MESSAGE("splats: max |GPU - CPU| = " << worstP << " model units, rotations " << worstQ << "; max unit error "
                                         << worstUnit);
    CHECK(worstUnit <= UNIT_TOL);
}

TEST_CASE("foliage gpu: wind off gives exactly the rest pose at every t; the same t gives the same bits") {
    GpuWind g;
    std::vector<Eigen::Vector3f> points;
    const foliage::PlantSet plants = randomPlants(20, 2000, 31u, points);
    const splat::SplatCloud rest = randomCloud(points, 9u);
    REQUIRE(g.gpu->setSplats(rest, plants).ok());
    foliage::WindSettings off = preset("storm");
    off.enabled = false;
    foliage::WindSettings still = preset("storm");
    still.speed = 0.f;
    for (const foliage::WindSettings& s : {off, still})
        for (const foliage::FoliageInstance& instance : INSTANCES)
            for (float t : TIMES) {
                foliage::FrameInput frame;
                frame.t = t;
                std::vector<Eigen::Vector3f> positions;
                std::vector<Eigen::Vector4f> rotations;
                REQUIRE(g.gpu->animate(foliage::WindField(s), instance, frame, positions, rotations).ok());
                CHECK_MESSAGE(sameBits(positions, rest.positions), "t " << t);
                CHECK_MESSAGE(sameBits(rotations, rest.rotations), "t " << t);
            }

    const foliage::WindField storm(preset("storm"), 1u);
    foliage::FrameInput a, b;
    a.t = 4.75f;
    b.t = 4.8f;
    std::vector<Eigen::Vector3f> p1, p2, p3;
    std::vector<Eigen::Vector4f> q1, q2, q3;
    REQUIRE(g.gpu->animate(storm, INSTANCES[1], a, p1, q1).ok());
    REQUIRE(g.gpu->animate(storm, INSTANCES[1], b, p2, q2).ok());
    REQUIRE(g.gpu->animate(storm, INSTANCES[1], a, p3, q3).ok());
    CHECK(sameBits(p1, p3));
    CHECK(sameBits(q1, q3));
    CHECK_FALSE(sameBits(p1, p2));  // the field moves between the two times
}

TEST_CASE("foliage gpu: benders push the plants as the CPU reference does, with and without wind") {
    GpuWind g;
    std::vector<Eigen::Vector3f> points;
    foliage::PlantSet plants = randomPlants(60, 4000, 41u, points);
    for (foliage::Plant& p : plants.plants) p.touch = foliage::touchResponse(p.height, {});
    const splat::SplatCloud rest = randomCloud(points, 13u);
    REQUIRE(g.gpu->setSplats(rest, plants).ok());
    // 8 benders beside plant roots: half moving (different speeds and headings), half standing.
    foliage::FrameInput frame;
    for (int b = 0; b < 8; ++b) {
        const foliage::Plant& p = plants.plants[static_cast<std::size_t>(b * 7)];
        foliage::Bender bender;
        bender.id = b;
        bender.position = INSTANCES[1].toScene(p.root) + Eigen::Vector3f(0.3f * float(b % 3) - 0.3f, 0.2f, 0.f);
        bender.radius = 0.5f + 0.1f * float(b);
        if (b % 2 == 0) bender.velocity = Eigen::Vector3f(std::cos(float(b)), std::sin(float(b)), 0.f) * (0.5f + float(b));
        frame.acting.push_back(bender);
    }
    foliage::WindSettings off = preset("breeze");
    off.enabled = false;
    float worstP = 0.f, worstQ = 0.f, pushed = 0.f;
    for (const foliage::WindSettings& s : {preset("breeze"), off})
        for (float t : {0.f, 3.5f}) {
            frame.t = t;
            const foliage::WindField wind(s, 2u);
            splat::SplatCloud cpu, cpuFree;
            foliage::animateSplats(rest, plants, INSTANCES[1], wind, frame, cpu);
            foliage::FrameInput free = frame;
            free.acting.clear();
            foliage::animateSplats(rest, plants, INSTANCES[1], wind, free, cpuFree);
            std::vector<Eigen::Vector3f> positions;
            std::vector<Eigen::Vector4f> rotations;
            REQUIRE(g.gpu->animate(wind, INSTANCES[1], frame, positions, rotations).ok());
            const float dp = maxDiff(cpu.positions, positions), dq = maxDiff(cpu.rotations, rotations);
            CHECK_MESSAGE(dp <= POSITION_TOL, "wind " << s.enabled << " t " << t << ": positions " << dp);
            CHECK_MESSAGE(dq <= ROTATION_TOL, "wind " << s.enabled << " t " << t << ": rotations " << dq);
            worstP = std::max(worstP, dp);
            worstQ = std::max(worstQ, dq);
            pushed = std::max(pushed, maxDiff(cpu.positions, cpuFree.positions));
        }
    MESSAGE("benders: max |GPU - CPU| = " << worstP << " model units, rotations " << worstQ << "; largest push "
                                          << pushed);
    CHECK(pushed > 0.05f);  // the benders move plants: the comparison covers the touch path
}
