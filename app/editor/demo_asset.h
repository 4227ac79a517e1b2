#pragma once
// The demo drone embedded in the editor binary (generated at build time by
// `splatwright-cli demo`, compiled in with qt_add_resources). With no model argument the
// editor extracts it to the cache folder and imports it through the normal import path.
#include <QString>

#include "core/foundation/error.h"

namespace sw::editor {

// Resource path of the embedded GLB.
inline constexpr const char* DEMO_RESOURCE = ":/demo/demo_drone.glb";

// Writes the embedded GLB to QStandardPaths::CacheLocation/demo_drone.glb (atomically, only
// when missing or different) and returns that path.
sw::Result<QString> extractDemoAsset();

// A writable cache folder for generated models (created on demand).
sw::Result<QString> cacheFolder();

}  // namespace sw::editor
