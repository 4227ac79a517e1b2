// IEEE half-float conversion: exhaustive over all 65,536 halves and every rounding midpoint.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>

#include "core/formats/half.h"

using sw::formats::floatToHalf;
using sw::formats::halfToFloat;
using sw::formats::isHalfExact;

namespace {
bool isNanHalf(std::uint16_t h) { return (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu) != 0; }
}  // namespace

TEST_CASE("every half converts to float and back unchanged") {
    int failures = 0;
    for (std::uint32_t h = 0; h <= 0xffffu; ++h) {
        const auto half = static_cast<std::uint16_t>(h);
        const float f = halfToFloat(half);
        if (isNanHalf(half)) {
            if (!std::isnan(f) || !isNanHalf(floatToHalf(f))) ++failures;
        } else if (floatToHalf(f) != half) {
            ++failures;
        }
    }
    CHECK(failures == 0);
}

TEST_CASE("halfToFloat decodes known values") {
    CHECK(halfToFloat(0x3c00) == 1.0f);
    CHECK(halfToFloat(0xc000) == -2.0f);
    CHECK(halfToFloat(0x7bff) == 65504.0f);
    CHECK(halfToFloat(0x0400) == std::ldexp(1.0f, -14));  // smallest normal
    CHECK(halfToFloat(0x0001) == std::ldexp(1.0f, -24));  // smallest subnormal
    CHECK(halfToFloat(0x7c00) == std::numeric_limits<float>::infinity());
    CHECK(std::signbit(halfToFloat(0x8000)));
}

TEST_CASE("every midpoint between adjacent halves rounds to even, neighbours round to nearest") {
    int failures = 0;
    for (std::uint32_t h = 0; h < 0x7bffu; ++h) {  // positive finite pairs (h, h+1)
        const float lo = halfToFloat(static_cast<std::uint16_t>(h));
        const float hi = halfToFloat(static_cast<std::uint16_t>(h + 1));
        const float mid = static_cast<float>((static_cast<double>(lo) + static_cast<double>(hi)) / 2.0);  // exact in float
        const auto even = static_cast<std::uint16_t>((h & 1u) ? h + 1 : h);
        for (float sign : {1.0f, -1.0f}) {
            const std::uint16_t s = sign < 0 ? 0x8000u : 0u;
            if (floatToHalf(sign * mid) != (even | s)) ++failures;
            if (floatToHalf(sign * std::nextafter(mid, 0.0f)) != (h | s)) ++failures;
            if (floatToHalf(sign * std::nextafter(mid, 1e9f)) != ((h + 1) | s)) ++failures;
        }
    }
    CHECK(failures == 0);
}

TEST_CASE("overflow, underflow and NaN") {
    CHECK(floatToHalf(65519.99f) == 0x7bff);
    CHECK(floatToHalf(65520.0f) == 0x7c00);  // midpoint to the next (infinite) step ties to even → inf
    CHECK(floatToHalf(1e10f) == 0x7c00);
    CHECK(floatToHalf(-1e10f) == 0xfc00);
    CHECK(floatToHalf(std::ldexp(1.0f, -25)) == 0x0000);  // exactly half the smallest subnormal: even is 0
    CHECK(floatToHalf(std::nextafter(std::ldexp(1.0f, -25), 1.0f)) == 0x0001);
    CHECK(floatToHalf(1e-30f) == 0x0000);
    CHECK(isNanHalf(floatToHalf(std::numeric_limits<float>::quiet_NaN())));
}

TEST_CASE("isHalfExact accepts baked channel values and rejects the rest") {
    CHECK(isHalfExact(0.0f));
    CHECK(isHalfExact(255.0f));
    CHECK(isHalfExact(2048.0f));
    CHECK(isHalfExact(0.5f));
    CHECK(isHalfExact(3.0f * 16.0f + 15.0f));  // part·16 + emis·15
    CHECK_FALSE(isHalfExact(2049.0f));         // step is 2 above 2048
    CHECK_FALSE(isHalfExact(0.1f));
    CHECK_FALSE(isHalfExact(std::numeric_limits<float>::quiet_NaN()));
}
