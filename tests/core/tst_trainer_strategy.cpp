// MCMC budget strategy, row surgery and Adam (core/train): behaviour on small fixtures built
// in code with explicit seeds. Eq. 9 is checked against closed forms written out here.
#include <doctest/doctest.h>

#include <ATen/core/grad_mode.h>
#include <ATen/TensorOperators.h>
#include <ATen/ops/full.h>
#include <ATen/ops/ones.h>

#include <cmath>
#include <map>
#include <random>

#include "core/train/detail/mcmc_strategy.h"
#include "core/train/detail/param_state.h"
#include "core/train/trainer.h"
#include "tests/core/tst_strategy_fixtures.h"

namespace {

using namespace sw::train;
using sw::train::test::opacityOf;

constexpr double EQ9_TOL = 1e-12;   // relocationEq9 vs closed form (double)
constexpr float ROW_TOL = 1e-5f;    // float32 round trip of logits and log scales

bool rowIsZero(ParamState& s, int group, std::int64_t row) {
    const at::Tensor& m = s.adam.expAvg(group);
    const std::int64_t w = m.numel() / m.size(0);
    for (std::int64_t k = 0; k < w; ++k)
        if (m.data_ptr<float>()[row * w + k] != 0.f || s.adam.expAvgSq(group).data_ptr<float>()[row * w + k] != 0.f)
            return false;
    return true;
}

}  // namespace

TEST_CASE("Eq. 9 matches the closed forms for 1, 2 and 3 copies") {
    for (double o : {0.02, 0.3, 0.75, 0.99}) {
        const Relocation one = relocationEq9(o, 1);
        CHECK(one.opacity == doctest::Approx(o).epsilon(EQ9_TOL));
        CHECK(one.scaleFactor == doctest::Approx(1.0).epsilon(EQ9_TOL));

        const double o2 = 1 - std::sqrt(1 - o);
        const Relocation two = relocationEq9(o, 2);
        CHECK(two.opacity == doctest::Approx(o2).epsilon(EQ9_TOL));
        CHECK(two.scaleFactor == doctest::Approx(o / (2 * o2 - o2 * o2 / std::sqrt(2.0))).epsilon(EQ9_TOL));

        const double o3 = 1 - std::cbrt(1 - o);
        const double d3 = 3 * o3 - 3 * o3 * o3 / std::sqrt(2.0) + o3 * o3 * o3 / std::sqrt(3.0);
        const Relocation three = relocationEq9(o, 3);
        CHECK(three.opacity == doctest::Approx(o3).epsilon(EQ9_TOL));
        CHECK(three.scaleFactor == doctest::Approx(o / d3).epsilon(EQ9_TOL));
        // N stacked copies composite to the original opacity: 1 − (1 − o')^N = o.
        CHECK(1 - std::pow(1 - three.opacity, 3) == doctest::Approx(o).epsilon(EQ9_TOL));
    }
}

TEST_CASE("relocation moves every dead splat onto a live one with Eq. 9 values and reset Adam rows") {
    ParamState state = sw::train::test::makeStrategyState(200, 30, 11);
    std::vector<float> oldOpacity(200), oldLogScale(200 * 3);
    for (int i = 0; i < 200; ++i) oldOpacity[std::size_t(i)] = opacityOf(state, i);
    std::copy_n(state.splats.logScales.data_ptr<float>(), 600, oldLogScale.begin());
    const at::Tensor oldMeans = state.splats.means.detach().clone();

    McmcStrategy strategy(McmcSettings{200, 0, 1000, 1, 0.005, 5e5, 3});
    std::mt19937_64 rng(5);
    CHECK(strategy.relocateDead(state, rng) == 30);
    REQUIRE(state.count() == 200);

    // Each dead row now carries the mean of a live source row; group the copies by source.
    std::map<std::int64_t, std::vector<std::int64_t>> copiesOf;
    const float* means = state.splats.means.data_ptr<float>();
    for (std::int64_t d = 0; d < 30; ++d) {
        std::int64_t source = -1;
        for (std::int64_t s = 30; s < 200; ++s)
            if (oldMeans[s].equal(state.splats.means[d].detach())) source = s;
        REQUIRE_MESSAGE(source >= 30, "dead row " << d << " was not moved onto a live splat");
        copiesOf[source].push_back(d);
        CHECK(means[d * 3] == means[source * 3]);
    }
    for (const auto& [source, copies] : copiesOf) {
        const Relocation r = relocationEq9(oldOpacity[std::size_t(source)], int(copies.size()) + 1);
        for (std::int64_t row : copies) {
            CHECK(opacityOf(state, row) == doctest::Approx(r.opacity).epsilon(ROW_TOL));
            for (int a = 0; a < 3; ++a)
                CHECK(state.splats.logScales.data_ptr<float>()[row * 3 + a] ==
                      doctest::Approx(double(oldLogScale[std::size_t(source * 3 + a)]) + std::log(r.scaleFactor)).epsilon(ROW_TOL));
            for (int g = 0; g < PARAM_COUNT; ++g) CHECK(rowIsZero(state, g, row));
        }
        CHECK(opacityOf(state, source) == doctest::Approx(r.opacity).epsilon(ROW_TOL));
        for (int g = 0; g < PARAM_COUNT; ++g) CHECK(rowIsZero(state, g, source));
    }
    // Rows that were neither dead nor sampled keep their Adam state and values.
    int untouched = 0;
    for (std::int64_t i = 30; i < 200; ++i) {
        if (copiesOf.count(i)) continue;
        ++untouched;
        CHECK_FALSE(rowIsZero(state, 0, i));
        CHECK(opacityOf(state, i) == oldOpacity[std::size_t(i)]);
    }
    CHECK(untouched > 100);
    for (std::int64_t i = 0; i < 200; ++i) CHECK(opacityOf(state, i) > 0.005f);
}

TEST_CASE("growing to the cap adds 5% at most and never exceeds the cap") {
    ParamState state = sw::train::test::makeStrategyState(100, 0, 12);
    std::mt19937_64 rng(6);
    McmcStrategy capped(McmcSettings{103, 0, 1000, 1, 0.005, 5e5, 3});
    CHECK(capped.addToCap(state, rng) == 3);
    CHECK(state.count() == 103);
    for (std::int64_t row = 100; row < 103; ++row)
        for (int g = 0; g < PARAM_COUNT; ++g) CHECK(rowIsZero(state, g, row));
    CHECK(capped.addToCap(state, rng) == 0);
    CHECK(state.count() == 103);
    McmcStrategy roomy(McmcSettings{1000, 0, 1000, 1, 0.005, 5e5, 3});
    CHECK(roomy.addToCap(state, rng) == 5);  // int(1.05 · 103) − 103
    CHECK(state.adam.expAvg(0).size(0) == 108);
}

TEST_CASE("the splat count never exceeds the cap over a run of strategy steps") {
    ParamState state = sw::train::test::makeStrategyState(150, 20, 13);
    McmcStrategy strategy(McmcSettings{170, 10, 900, 10, 0.005, 5e5, 4});
    std::mt19937_64 rng(9);
    std::uniform_real_distribution<float> u(-4.f, 4.f);
    for (int step = 0; step < 1000; ++step) {
        if (step % 10 == 5) {  // kill a few random splats now and then, as training does
            at::NoGradGuard g;
            float* l = state.splats.opacityLogits.data_ptr<float>();
            for (int k = 0; k < 5; ++k) l[std::size_t(std::uniform_int_distribution<int>(0, int(state.count()) - 1)(rng))] = -9.f;
            l[0] = u(rng);
        }
        strategy.afterStep(state, RenderInfo{{}, 32, 32, step, 1000, 1e-3}, step);
        REQUIRE(state.count() <= 170);
    }
    CHECK(state.count() == 170);
    CHECK(strategy.relocatedTotal() > 100);
}

TEST_CASE("relocation and growth on the CPU are bit-identical run to run") {
    const auto run = [] {
        ParamState state = sw::train::test::makeStrategyState(120, 25, 15);
        McmcStrategy strategy(McmcSettings{140, 0, 1000, 10, 0.005, 5e5, 6});
        for (int step = 10; step <= 60; step += 10) strategy.afterStep(state, RenderInfo{{}, 32, 32, step, 100, 1e-3}, step);
        return state;
    };
    ParamState a = run(), b = run();
    REQUIRE(a.count() == b.count());
    CHECK(a.count() == 140);
    for (int k = 0; k < PARAM_COUNT; ++k) {
        CHECK(a.param(ALL_PARAMS[std::size_t(k)]).detach().equal(b.param(ALL_PARAMS[std::size_t(k)]).detach()));
        CHECK(a.adam.expAvg(k).equal(b.adam.expAvg(k)));
        CHECK(a.adam.expAvgSq(k).equal(b.adam.expAvgSq(k)));
    }
}

TEST_CASE("position noise moves nearly dead splats and leaves opaque ones in place") {
    ParamState state = sw::train::test::makeStrategyState(50, 10, 14);
    const at::Tensor before = state.splats.means.detach().clone();
    McmcStrategy strategy(McmcSettings{50, 0, 0, 1, 0.005, 5e5, 3});
    std::mt19937_64 rng(8);
    strategy.injectNoise(state, 1e-3, rng);
    const at::Tensor moved = (state.splats.means.detach() - before).abs().sum(1);
    for (std::int64_t i = 0; i < 10; ++i) CHECK(moved[i].item<float>() > 0.f);
    for (std::int64_t i = 10; i < 50; ++i) CHECK(moved[i].item<float>() == 0.f);
}

TEST_CASE("Adam matches the textbook update for two steps") {
    at::Tensor p = at::ones({2, 3}, at::kFloat).requires_grad_();
    Adam adam(AdamSettings{0.9, 0.999, 1e-8});
    adam.addGroup(p, 0.1);
    std::vector<at::Tensor*> params{&p};
    double m = 0, v = 0, x = 1;
    for (int t = 1; t <= 2; ++t) {
        const double g = t == 1 ? 0.5 : -0.25;
        p.mutable_grad() = at::full({2, 3}, float(g));
        adam.step(params);
        m = 0.9 * m + 0.1 * g;
        v = 0.999 * v + 0.001 * g * g;
        x -= 0.1 * (m / (1 - std::pow(0.9, t))) / (std::sqrt(v / (1 - std::pow(0.999, t))) + 1e-8);
    }
    CHECK(p.detach()[1][2].item<float>() == doctest::Approx(x).epsilon(1e-6));
}

// The fused calls of lockstep training (train_ops.h entropyGradients, adamUpdates) are each
// training's own calls: on the CPU one after another, bit for bit.
TEST_CASE("fused entropy terms and Adam updates of three trainings equal each training's own") {
    const sw::train::test::FusedDifference d = sw::train::test::fusedAgainstSingle(at::kCPU);
    CHECK(d.element == 0.0);
    CHECK(d.lossSum == 0.0);
    CHECK(d.released);
    CHECK(d.timed);
}

TEST_CASE("entropy weight is zero before 60% of the steps and ramps to its full value") {
    TrainSettings s;
    s.steps = 1000;
    s.entropyWeight = 2.0;
    for (int step = 0; step <= 600; step += 50) CHECK(entropyWeightAt(s, step) == 0.0);
    CHECK(entropyWeightAt(s, 601) > 0.0);
    CHECK(entropyWeightAt(s, 800) == doctest::Approx(1.0));
    CHECK(entropyWeightAt(s, 1000) == doctest::Approx(2.0));
    CHECK(meansLrAt(s, 2.0, 0) == doctest::Approx(3.2e-4));
    CHECK(meansLrAt(s, 2.0, 1000) == doctest::Approx(3.2e-6));
}
