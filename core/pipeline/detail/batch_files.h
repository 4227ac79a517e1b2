#pragma once
// The batch folder's files as batch.cpp, batch_plan.cpp and batch_summary.cpp share them
// (batch.h "Layout of the batch folder"): the paths of a job's cache and stored summary row,
// a summary row as JSON, and a summary written as <stem>.json and <stem>.txt.
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "core/foundation/error.h"
#include "core/pipeline/batch.h"

namespace sw::pipeline::detail {

inline std::string join(const std::string& a, const std::string& b) { return (std::filesystem::path(a) / b).string(); }
// <out>/cache/<name>
inline std::string cacheOf(const std::string& outDir, const std::string& name) { return join(join(outDir, "cache"), name); }
// <out>/cache/<job>/row.json
inline std::string rowPath(const std::string& outDir, const std::string& job) { return join(cacheOf(outDir, job), "row.json"); }

nlohmann::ordered_json rowJson(const BatchRow& r);
// Parse errors name `path`.
Result<BatchRow> rowFromJson(const nlohmann::json& j, const std::string& path);

// <outDir>/<stem>.json and .txt, each written atomically.
Status writeSummary(const std::string& outDir, const std::string& stem, const BatchSummary& summary);

}  // namespace sw::pipeline::detail
