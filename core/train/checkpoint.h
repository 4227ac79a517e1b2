#pragma once
// Training checkpoints: the cloud as a standard 3DGS PLY plus a small JSON
// {"step", "seed", "ply", "settings"} in one folder. Each checkpoint writes
// checkpoint_<step>.ply first, then checkpoint.json (both atomic), then removes the previous
// PLY, so checkpoint.json always names a complete cloud: a run cancelled or killed at any
// moment leaves the last checkpoint intact. The previous PLY is removed only when its name
// is checkpoint_<step>.ply (a plain file in the folder); any other name in checkpoint.json
// ("../x", an absolute path) is left alone.
#include <cstdint>
#include <string>

#include "core/foundation/error.h"
#include "core/splat/splat_cloud.h"

namespace sw::train {

struct Checkpoint {
    int step = 0;               // steps completed
    std::uint64_t seed = 0;
    std::string settingsJson;   // the trainer's ParamSet JSON (trainSchema())
    splat::SplatCloud cloud;
};

// Writes into `dir` (created if missing).
Status writeCheckpoint(const std::string& dir, const Checkpoint& checkpoint);

// Reads `path`: a checkpoint folder or its checkpoint.json. Errors name the file: missing
// (Io), malformed JSON or a step outside [0, 2^31 − 1] (Parse), a cloud with NaN/inf or
// out-of-range values (InvalidInput).
Result<Checkpoint> readCheckpoint(const std::string& path);

// checkpoint.json alone (the cloud is not read), with the same checks.
struct CheckpointHeader {
    int step = 0;
    std::uint64_t seed = 0;
    std::string settingsJson;
    std::string plyPath;  // the cloud's file
};
Result<CheckpointHeader> readCheckpointHeader(const std::string& path);

}  // namespace sw::train
