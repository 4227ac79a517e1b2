#include "core/pipeline/validate.h"

#include <cmath>
#include <sstream>

namespace sw::pipeline {
namespace {

std::string degrees(double v) {
    std::ostringstream os;
    os << v << "°";
    return os.str();
}

// lo ≤ hi for a (min, max) pair of schema parameters.
Status orderedPair(const char* loName, double lo, const char* hiName, double hi) {
    if (lo <= hi) return {};
    return makeError(ErrorCode::InvalidInput, std::string(loName) + " is above " + hiName + " (" + degrees(lo) +
                                                  " > " + degrees(hi) + ")");
}

}  // namespace

Status validateImport(const geometry::ImportSettings& settings) { return geometry::importSchema().check(settings); }

Status validateBelt(const dataset::BeltSettings& settings) {
    SW_TRY(dataset::beltSchema().check(settings));
    return orderedPair("elevation-min", settings.elevationMin, "elevation-max", settings.elevationMax);
}

Status validateDataset(const dataset::DatasetSettings& settings) {
    SW_TRY(dataset::datasetSchema().check(settings));
    for (std::size_t m = 0; m < settings.materialHsv.size(); ++m) {
        const dataset::HsvAdjust& h = settings.materialHsv[m];
        if (!std::isfinite(h.hueShift) || !std::isfinite(h.saturation) || !std::isfinite(h.value) || h.saturation < 0 ||
            h.value < 0)
            return makeError(ErrorCode::InvalidInput, "the HSV adjustment of material " + std::to_string(m) +
                                                          " needs finite values, saturation and value ≥ 0");
    }
    return {};
}

Status validateBake(const bake::BakeSettings& settings) {
    SW_TRY(bake::bakeSchema().check(settings));
    SW_TRY(orderedPair("silhouette-elevation-min", settings.silhouetteElevationMin, "silhouette-elevation-max",
                       settings.silhouetteElevationMax));
    return orderedPair("belt-elevation-min", settings.beltElevationMin, "belt-elevation-max", settings.beltElevationMax);
}

Status validateExport(const bake::ExportSettings& settings) { return bake::exportSchema().check(settings); }

}  // namespace sw::pipeline
