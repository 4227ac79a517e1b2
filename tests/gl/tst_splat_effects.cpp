// Effects (core/render/effects.h) on the GPU match their CPU reference: the core centres are
// read back by transform feedback and compared with applyEffects() within 2e-3 model units
// (float sin/cos/atan/exp differ between the driver and libm by far less). The links effect
// (core/render/links.h) links exactly the pairs closer than the threshold.
#include <doctest/doctest.h>

#include <map>

#include "core/render/effects.h"
#include "core/render/links.h"
#include "core/render/splat_renderer.h"
#include "tests/gl/tst_splat_fixture.h"

using namespace sw::render;

namespace {

constexpr float kTolerance = 2e-3f;

// Largest distance between GPU and CPU centres; also counts the splats the effect moved.
struct Comparison {
    float worst = 0.f;
    int moved = 0;
};

Comparison compareEffect(SplatRenderer& renderer, const sw::formats::Spl2Model& model, const EffectParams& e) {
    auto gpu = renderer.coreCentres(e);
    REQUIRE_MESSAGE(gpu.ok(), (gpu.ok() ? "" : gpu.error().toString()));
    REQUIRE(gpu->size() == model.core.size());
    Comparison c;
    for (std::size_t i = 0; i < model.core.size(); ++i) {
        EffectInput in;
        in.position = model.core.pos[i];
        in.normal = model.core.normal[i];
        in.ao = model.core.attrs[i].x();
        in.part = static_cast<int>(model.core.attrs[i].y()) / 16;
        in.id = static_cast<std::uint32_t>(i);
        const EffectOutput cpu = applyEffects(in, e);
        c.worst = std::max(c.worst, ((*gpu)[i] - cpu.position).norm());
        if ((cpu.position - in.position).norm() > 1e-4f) ++c.moved;
    }
    return c;
}

}  // namespace

TEST_CASE("effects: defaults change nothing; every effect matches its CPU reference") {
    auto context = sw::test::requireContext();
    auto created = SplatRenderer::create(context->loader());
    REQUIRE(created.ok());
    auto& renderer = **created;
    const sw::formats::Spl2Model model = sw::test::makeCreature(500, 10);
    REQUIRE(renderer.setModel(model).ok());

    const Comparison none = compareEffect(renderer, model, EffectParams{});
    CHECK(none.moved == 0);
    CHECK(none.worst < 1e-6f);

    std::vector<std::pair<const char*, EffectParams>> cases;
    for (const auto mode : {ScatterMode::Radial, ScatterMode::Ring, ScatterMode::Column, ScatterMode::Vortex}) {
        EffectParams e;
        e.scatter = 0.6f;
        e.scatterMode = mode;
        e.kineticBias = 0.3f;
        e.shotDirection = Eigen::Vector3f(0.3f, 0.9f, 0.1f).normalized();
        cases.emplace_back("scatter", e);
    }
    {
        EffectParams e;
        e.implode = 0.7f;
        e.center = Eigen::Vector3f(0.1f, 0.f, 0.05f);
        cases.emplace_back("implode", e);
    }
    {
        EffectParams e;
        e.assemble = 0.6f;
        cases.emplace_back("assemble", e);
    }
    {
        EffectParams e;
        e.ripple = 0.03f;
        e.time = 0.45f;
        e.hitPoint = Eigen::Vector3f(0.f, -0.38f, 0.f);
        cases.emplace_back("ripple", e);
    }
    {
        EffectParams e;
        e.charge = 0.8f;
        cases.emplace_back("charge", e);
    }
    {
        EffectParams e;
        e.linkDecay = 1.f;
        e.linkPacketRate = 0.05f;
        e.time = 0.3f;  // slot 1, away from slot boundaries
        cases.emplace_back("link_decay", e);
    }
    {
        EffectParams e;
        e.siphon = 0.4f;
        e.time = 0.7f;
        cases.emplace_back("siphon", e);
    }
    {
        EffectParams e;
        e.partXform = 1;
        for (int p = 0; p < kEffectParts; ++p) {
            const auto k = static_cast<std::size_t>(p);
            e.partPivot[k] = Eigen::Vector3f(0.1f * static_cast<float>(p), 0.f, 0.f);
            e.partRotation[k] = Eigen::Quaternionf(Eigen::AngleAxisf(0.3f * static_cast<float>(p + 1),
                                                                     Eigen::Vector3f(0.2f, 0.3f, 1.f).normalized()));
            e.partOffset[k] = Eigen::Vector3f(0.f, 0.f, 0.05f * static_cast<float>(p));
        }
        cases.emplace_back("part_xform", e);
    }
    for (const auto& [name, e] : cases) {
        CAPTURE(name);
        const Comparison c = compareEffect(renderer, model, e);
        CHECK(c.worst < kTolerance);
        CHECK(c.moved > 0);  // the effect did something, so the comparison means something
    }
    renderer.release();
}

TEST_CASE("effects: the CPU reference behaves as documented") {
    EffectInput in;
    in.position = Eigen::Vector3f(0.5f, 0.f, 0.f);
    in.normal = Eigen::Vector3f::UnitX();
    in.ao = 0.25f;
    EffectParams e;
    e.implode = 1.f;  // every delay ≤ 0.5 → fully at the centre
    CHECK(applyEffects(in, e).position.norm() < 1e-6f);
    e = EffectParams{};
    e.charge = 1.f;
    const EffectOutput charged = applyEffects(in, e);
    CHECK(charged.glow == doctest::Approx(0.75f));  // 1 − ao
    CHECK(charged.position.y() == 0.f);             // lifted along the normal only
    CHECK(charged.position.x() > 0.5f);
    e = EffectParams{};
    e.siphon = 1.f;  // every splat spirals; the phase stays in [0, 1)
    for (std::uint32_t id = 0; id < 50; ++id) {
        in.id = id;
        CHECK(applyEffects(in, e).position.norm() <= 0.5f + 1e-5f);
    }
    e = EffectParams{};
    e.partXform = 1;
    e.partOffset[0] = Eigen::Vector3f(0.f, 0.f, 1.f);
    in.part = 0;
    CHECK(applyEffects(in, e).position.isApprox(Eigen::Vector3f(0.5f, 0.f, 1.f)));
    in.part = 1;  // other parts keep the identity
    CHECK(applyEffects(in, e).position.isApprox(Eigen::Vector3f(0.5f, 0.f, 0.f)));
}

TEST_CASE("links: pairs closer than the threshold get particles, farther pairs none") {
    // Base points 0–1 and 2–3 are 0.2 apart, every other pair ≥ 0.9; threshold 0.35.
    const std::vector<Eigen::Vector3f> base = {{-0.5f, 0.f, 0.f}, {-0.3f, 0.f, 0.f}, {0.5f, 0.f, 0.f},
                                               {0.5f, 0.2f, 0.f}, {0.f, 0.9f, 0.4f}};
    LinksSettings s;
    s.particles = 20000;
    s.threshold = 0.35f;
    auto context = sw::test::requireContext();
    auto created = LinksRenderer::create(context->loader());
    REQUIRE(created.ok());
    auto& links = **created;
    REQUIRE(links.setBasePoints(base).ok());
    auto gpu = links.particles(s);
    REQUIRE_MESSAGE(gpu.ok(), (gpu.ok() ? "" : gpu.error().toString()));
    REQUIRE(gpu->size() == s.particles);
    std::map<std::pair<int, int>, int> linkedPerPair;
    int dust = 0;
    float worst = 0.f;
    for (std::uint32_t i = 0; i < s.particles; ++i) {
        const LinkParticle cpu = linkParticle(i, base, s);
        const LinkParticle& g = (*gpu)[i];
        worst = std::max(worst, (g.position - cpu.position).norm());
        REQUIRE(g.linked == cpu.linked);
        const bool close = (base[cpu.base] - base[cpu.partner]).norm() < s.threshold;
        CHECK(g.linked == close);
        if (g.linked) {
            const int a = static_cast<int>(std::min(cpu.base, cpu.partner)), b = static_cast<int>(std::max(cpu.base, cpu.partner));
            ++linkedPerPair[{a, b}];
            // On the segment between the pair.
            const Eigen::Vector3f p = base[cpu.base], q = base[cpu.partner];
            const float t = (g.position - p).dot(q - p) / (q - p).squaredNorm();
            CHECK(t >= -1e-5f);
            CHECK(t <= 1.f + 1e-5f);
            CHECK((p + t * (q - p) - g.position).norm() < 1e-4f);
        } else {
            ++dust;
            CHECK((g.position - base[cpu.base]).cwiseAbs().maxCoeff() <= s.dustRadius + 1e-5f);
        }
    }
    CHECK(worst < 1e-5f);
    CHECK(linkedPerPair.size() == 2);
    CHECK(linkedPerPair[{0, 1}] > 100);
    CHECK(linkedPerPair[{2, 3}] > 100);
    CHECK(dust > 0);
    CHECK_FALSE(links.setBasePoints(std::vector<Eigen::Vector3f>(1)).ok());
    links.release();
}
