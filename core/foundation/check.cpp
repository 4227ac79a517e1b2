#include "core/foundation/check.h"

#include <cstdio>
#include <cstdlib>

namespace sw::detail {

void preconditionFailed(const char* cond, const std::string& values, const char* file, int line) {
    std::fprintf(stderr, "splatwright: precondition failed: %s [%s] at %s:%d\n", cond,
                 values.c_str(), file, line);
    std::fflush(stderr);
    std::abort();
}

}  // namespace sw::detail
