#include "core/render/host_tuning.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace sw::render {

void keepFreedHeapForRendering() {
#if defined(__GLIBC__)
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
}

}  // namespace sw::render
