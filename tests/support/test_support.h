#pragma once
// Shared helpers for doctest-based tests: where third-party assets and outputs live, and
// the skip convention for tests that need ../shared/assets.
#include <string>

namespace sw::test {

// Absolute path of a file under ../shared/assets (may not exist).
std::string assetPath(const std::string& relative);
// If ../shared/assets is absent, prints a visible SKIP line and exits with code 77 (CTest
// reports the test as skipped). Call at the top of an `external` test program's cases.
void requireSharedAssets();
// A fresh folder under the test output dir for this test, created if needed.
std::string outputDir(const std::string& name);

}  // namespace sw::test
