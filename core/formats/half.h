#pragma once
// IEEE 754 binary16 ("half") conversion, round to nearest, ties to even. Used to check that
// SPL2 baked channels survive the runtime's half-float instance attributes unchanged.
// Bit layouts: IEEE 754-2008 §3.4 (binary16: 1 sign, 5 exponent (bias 15), 10 fraction bits).
#include <bit>
#include <cmath>
#include <cstdint>

namespace sw::formats {

// Nearest half to value (ties to even); overflow → ±inf; NaN stays NaN (quiet).
inline std::uint16_t floatToHalf(float value) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(value);
    const auto sign = static_cast<std::uint16_t>((bits >> 16) & 0x8000u);
    const std::uint32_t mag = bits & 0x7fffffffu;
    if (mag >= 0x7f800000u) {  // inf or NaN
        if (mag == 0x7f800000u) return static_cast<std::uint16_t>(sign | 0x7c00u);
        return static_cast<std::uint16_t>(sign | 0x7e00u | ((mag >> 13) & 0x3ffu));
    }
    if (mag >= 0x477ff000u) return static_cast<std::uint16_t>(sign | 0x7c00u);  // ≥ 65520 → inf
    if (mag < 0x38800000u) {  // below 2^-14: half subnormal (or zero)
        if (mag < 0x33000000u) return sign;  // ≤ 2^-25 rounds to zero (2^-25 ties to even 0)
        const std::uint32_t exponent = mag >> 23;  // 102..112
        const std::uint32_t mantissa = (mag & 0x7fffffu) | 0x800000u;
        const std::uint32_t shift = 126u - exponent;  // units of 2^-24
        std::uint32_t q = mantissa >> shift;
        const std::uint32_t rem = mantissa & ((1u << shift) - 1u);
        const std::uint32_t halfway = 1u << (shift - 1u);
        if (rem > halfway || (rem == halfway && (q & 1u))) ++q;
        return static_cast<std::uint16_t>(sign | q);
    }
    std::uint32_t h = (mag - 0x38000000u) >> 13;  // rebias exponent 127 → 15
    const std::uint32_t rem = mag & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;  // carry may reach inf: correct
    return static_cast<std::uint16_t>(sign | h);
}

// Exact float value of a half.
inline float halfToFloat(std::uint16_t half) {
    const std::uint32_t sign = static_cast<std::uint32_t>(half & 0x8000u) << 16;
    const std::uint32_t exponent = (half >> 10) & 0x1fu;
    const std::uint32_t fraction = half & 0x3ffu;
    if (exponent == 0) {  // zero or subnormal: fraction · 2^-24
        const float v = std::ldexp(static_cast<float>(fraction), -24);
        return sign ? -v : v;
    }
    if (exponent == 31) return std::bit_cast<float>(sign | 0x7f800000u | (fraction << 13));
    return std::bit_cast<float>(sign | ((exponent + 112u) << 23) | (fraction << 13));
}

// True when value converts to half and back unchanged (NaN never does).
inline bool isHalfExact(float value) {
    return halfToFloat(floatToHalf(value)) == value;
}

}  // namespace sw::formats
