#pragma once
// Preconditions: a violated one is a caller bug. It prints the condition, the offending
// values and the location, then aborts. Never used for bad input files (see error.h).
#include <sstream>
#include <string>

namespace sw::detail {
[[noreturn]] void preconditionFailed(const char* cond, const std::string& values, const char* file,
                                     int line);
}

// SW_REQUIRE(n > 0, "n=" << n);
#define SW_REQUIRE(cond, values)                                                        \
    do {                                                                                \
        if (!(cond)) {                                                                  \
            std::ostringstream sw_require_os_;                                          \
            sw_require_os_ << values;                                                   \
            ::sw::detail::preconditionFailed(#cond, sw_require_os_.str(), __FILE__, __LINE__); \
        }                                                                               \
    } while (0)
