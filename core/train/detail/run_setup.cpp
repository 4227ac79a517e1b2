#include "core/train/detail/run_setup.h"

#include <string>

#include "core/train/detail/rasterize.h"

namespace sw::train::detail {

Status validateInputs(const TrainInputs& inputs, const TrainSettings& settings) {
    if (settings.device == TrainDevice::Cuda && !cudaBackendAvailable())
        return makeError(ErrorCode::Gpu, "CUDA device requested but this build has no CUDA backend or this machine "
                                         "has no CUDA device; use the cpu device");
    if (settings.device == TrainDevice::Cuda && (inputs.deviceIndex < 0 || inputs.deviceIndex >= cudaDeviceCount()))
        return makeError(ErrorCode::Gpu, "CUDA device " + std::to_string(inputs.deviceIndex) + " does not exist (" +
                                             std::to_string(cudaDeviceCount()) + " visible)");
    if (!inputs.data || inputs.data->train.empty() || inputs.data->val.empty())
        return makeError(ErrorCode::InvalidInput, "training needs at least one train and one validation view");
    if (settings.budget < 1)
        return makeError(ErrorCode::InvalidInput, "budget must be at least 1 splat, got " + std::to_string(settings.budget));
    if (inputs.initial.empty()) return makeError(ErrorCode::InvalidInput, "the start cloud has no splats");
    if (int(inputs.initial.size()) > settings.budget)
        return makeError(ErrorCode::InvalidInput, "the start cloud has " + std::to_string(inputs.initial.size()) +
                                                      " splats, more than the budget of " + std::to_string(settings.budget) +
                                                      " (a smaller budget is a retrain from a fresh start, never a slice)");
    SW_TRY(inputs.initial.validate("start cloud"));
    const TrainView& first = inputs.data->train.front();
    for (const auto* views : {&inputs.data->train, &inputs.data->val})
        for (const TrainView& v : *views)
            if (v.width != first.width || v.height != first.height || v.alpha.size() != std::size_t(v.width * v.height))
                return makeError(ErrorCode::InvalidInput, "views differ in size from " + first.imagePath, v.imagePath);
    return {};
}

}  // namespace sw::train::detail
