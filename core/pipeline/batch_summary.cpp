// The batch summary (batch.h): its rows as JSON and as a table, and the merge of the shards'
// summaries.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>

#include "core/foundation/file_io.h"
#include "core/foundation/output_folder.h"
#include "core/pipeline/batch.h"
#include "core/pipeline/detail/batch_files.h"

namespace sw::pipeline {

namespace fs = std::filesystem;
using nlohmann::json;
using nlohmann::ordered_json;
using detail::join;

namespace detail {

ordered_json rowJson(const BatchRow& r) {
    ordered_json j;
    j["name"] = r.name;
    j["asset"] = r.asset;
    j["preset"] = r.preset;
    j["status"] = r.status;
    j["error"] = r.error;
    j["budget"] = r.budget;
    j["trained_splats"] = r.trainedSplats;
    j["splats"] = r.splats;
    j["val_psnr_db"] = r.valPsnr;
    j["val_background"] = r.valBackground;
    j["val_background_name"] = train::valBackgroundName(r.valBackground);
    j["opaque_share"] = r.opaqueShare;
    j["floaters_removed"] = r.floatersRemoved;
    j["spl2_kb"] = r.spl2Kb;
    j["seconds"] = r.seconds;
    j["stage_seconds"] = {{"dataset", r.datasetSeconds}, {"training", r.trainingSeconds}, {"export", r.exportSeconds}};
    j["export"] = r.exportPath;
    return j;
}

Result<BatchRow> rowFromJson(const json& j, const std::string& path) {
    try {
        BatchRow r;
        r.name = j.at("name").get<std::string>();
        r.asset = j.at("asset").get<std::string>();
        r.preset = j.at("preset").get<std::string>();
        r.status = j.at("status").get<std::string>();
        r.error = j.at("error").get<std::string>();
        r.budget = j.at("budget").get<int>();
        r.trainedSplats = j.at("trained_splats").get<int>();
        r.splats = j.at("splats").get<int>();
        r.valPsnr = j.at("val_psnr_db").get<double>();
        r.valBackground = j.at("val_background").get<double>();
        r.opaqueShare = j.at("opaque_share").get<double>();
        r.floatersRemoved = j.at("floaters_removed").get<int>();
        r.spl2Kb = j.at("spl2_kb").get<double>();
        r.seconds = j.at("seconds").get<double>();
        r.exportPath = j.at("export").get<std::string>();
        if (j.contains("stage_seconds")) {  // absent in summaries of older versions
            const json& st = j.at("stage_seconds");
            r.datasetSeconds = st.at("dataset").get<double>();
            r.trainingSeconds = st.at("training").get<double>();
            r.exportSeconds = st.at("export").get<double>();
        }
        return r;
    } catch (const json::exception& e) {
        return makeError(ErrorCode::Parse, std::string("not a batch summary row: ") + e.what(), path);
    }
}

Status writeSummary(const std::string& outDir, const std::string& stem, const BatchSummary& summary) {
    SW_TRY(writeFileAtomic(join(outDir, stem + ".json"), summaryJson(summary)));
    return writeFileAtomic(join(outDir, stem + ".txt"), summaryText(summary));
}

}  // namespace detail

int BatchSummary::failed() const {
    return int(std::count_if(rows.begin(), rows.end(), [](const BatchRow& r) { return r.status == "failed"; }));
}

std::string summaryJson(const BatchSummary& summary) {
    ordered_json doc;
    doc["format"] = "splatwright-batch-summary";
    ordered_json rows = ordered_json::array();
    for (const BatchRow& r : summary.rows) rows.push_back(detail::rowJson(r));
    doc["jobs"] = std::move(rows);
    doc["failed"] = summary.failed();
    return doc.dump(2) + "\n";
}

Result<BatchSummary> summaryFromJson(const std::string& text, const std::string& path) {
    const json doc = json::parse(text, nullptr, false);
    if (!doc.is_object() || doc.value("format", "") != "splatwright-batch-summary" || !doc.contains("jobs") ||
        !doc["jobs"].is_array())
        return makeError(ErrorCode::Parse, "not a splatwright batch summary", path);
    BatchSummary summary;
    for (const json& j : doc["jobs"]) {
        auto row = detail::rowFromJson(j, path);
        if (!row) return row.error();
        summary.rows.push_back(std::move(*row));
    }
    return summary;
}

std::string summaryText(const BatchSummary& summary) {
    std::string out;
    char line[512];
    std::snprintf(line, sizeof line, "%-24s %7s %7s %9s %8s %8s %8s %8s %8s  %s\n", "asset", "budget", "splats",
                  "PSNR grey", "opaque%", "floaters", "SPL2 KB", "time s", "status", "error");
    out += line;
    for (const BatchRow& r : summary.rows) {
        if (r.status == "failed")
            std::snprintf(line, sizeof line, "%-24s %7s %7s %9s %8s %8s %8s %8.1f %8s  %s\n", r.name.c_str(), "-", "-",
                          "-", "-", "-", "-", r.seconds, r.status.c_str(), r.error.c_str());
        else
            std::snprintf(line, sizeof line, "%-24s %7d %7d %9.2f %8.1f %8d %8.1f %8.1f %8s\n", r.name.c_str(), r.budget,
                          r.splats, r.valPsnr, 100 * r.opaqueShare, r.floatersRemoved, r.spl2Kb, r.seconds,
                          r.status.c_str());
        out += line;
    }
    const int failed = summary.failed();
    std::snprintf(line, sizeof line, "%zu jobs: %zu done or up to date, %d failed (PSNR on the validation views over %s)\n",
                  summary.rows.size(), summary.rows.size() - std::size_t(failed), failed,
                  summary.rows.empty() ? "grey 0.5" : train::valBackgroundName(summary.rows.front().valBackground).c_str());
    return out + line;
}

int shardSummaryCount(const std::string& outDir) {
    std::error_code ec;
    std::map<int, int> found;  // count → shards present
    for (const auto& entry : fs::directory_iterator(outDir, ec)) {
        int i = 0, count = 0;
        char tail = 0;
        const std::string name = entry.path().filename().string();
        if (std::sscanf(name.c_str(), "summary-%d-of-%d.jso%c", &i, &count, &tail) == 3 && tail == 'n' &&
            name == "summary-" + std::to_string(i) + "-of-" + std::to_string(count) + ".json" && i >= 1 && i <= count)
            found[count] += 1;
    }
    int best = 0;
    for (const auto& [count, present] : found)
        if (present == count) best = std::max(best, count);
    return best;
}

Result<BatchSummary> mergeSummaries(const std::string& outDir, int count) {
    if (count < 1) return makeError(ErrorCode::InvalidInput, "no shard summaries to merge (summary-<i>-of-<n>.json)", outDir);
    BatchSummary merged;
    for (int i = 1; i <= count; ++i) {
        const std::string path = join(outDir, "summary-" + std::to_string(i) + "-of-" + std::to_string(count) + ".json");
        auto text = readFileText(path);
        if (!text) return Error{text.error().code, "shard " + std::to_string(i) + " of " + std::to_string(count) +
                                                       " has no summary yet: " + text.error().message, path};
        auto part = summaryFromJson(*text, path);
        if (!part) return part.error();
        for (BatchRow& r : part->rows) merged.rows.push_back(std::move(r));
    }
    std::stable_sort(merged.rows.begin(), merged.rows.end(),
                     [](const BatchRow& a, const BatchRow& b) { return a.name < b.name; });
    SW_TRY(claimOutputs(outDir, {"summary.json", "summary.txt"}));
    SW_TRY(detail::writeSummary(outDir, "summary", merged));
    return merged;
}

}  // namespace sw::pipeline
