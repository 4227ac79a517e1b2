#pragma once
// Shared by the pipeline tests: a project's dataset made tiny (10 train / 2 val views at 48 px,
// 4 AO rays), so a whole pipeline run takes seconds on the 2-core CI machine.
#include "core/project/project.h"

namespace sw::test {

inline void tinyDataset(project::Project& p) {
    p.belt.trainViews = 10;
    p.belt.valViews = 2;
    p.belt.testViewsPerRing = 0;
    p.dataset.resolution = 48;
    p.dataset.aoRays = 4;
}

}  // namespace sw::test
