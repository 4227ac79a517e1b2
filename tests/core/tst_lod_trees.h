#pragma once
// LOD trees of the generated scenes for the doctest LOD tests (tst_lod_fixtures.h has the scenes,
// shared with the benchmark and the CLI fixtures, which have no doctest).
#include <doctest/doctest.h>

#include <memory>

#include "core/lod/lod_tree.h"
#include "tests/core/tst_lod_fixtures.h"

namespace sw::lod::test {

// stripScene built into a LOD tree of leaves of at most `leafSize` splats and `levels` levels (a
// test failure when it cannot be built).
inline std::shared_ptr<const LodTree> stripTree(float length, float width, float step, int leafSize, int levels) {
    LodSettings s;
    s.leafSize = leafSize;
    s.levels = levels;
    auto tree = buildLodTree(stripScene(length, width, step), s);
    REQUIRE(tree.ok());
    return std::make_shared<const LodTree>(std::move(*tree));
}

}  // namespace sw::lod::test
