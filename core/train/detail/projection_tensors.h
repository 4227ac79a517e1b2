#pragma once
// Tensor views shared by the CPU and CUDA hosts of the rasterizer (rasterize.cpp,
// cuda/rasterize_host_cuda.cpp): torch tensors ↔ the raw-pointer structs of rasterize_kernels.h.
#include <ATen/core/Tensor.h>
#include <torch/csrc/autograd/variable.h>

#include <cstdint>

#include "core/train/rasterize_kernels.h"

namespace sw::train::detail {

// Tensors holding the projection of every splat (rasterize_kernels.h, Projected).
struct ProjectionTensors {
    at::Tensor mean2d, conic, depth, opacity, color, radii;

    template <class T>
    kernels::Projected<T> view() const {
        return {mean2d.data_ptr<T>(), conic.data_ptr<T>(), depth.data_ptr<T>(),
                opacity.data_ptr<T>(), color.data_ptr<T>(), radii.data_ptr<int32_t>()};
    }
};

// p = [means, quats, logScales, opacityLogits, colorLogits] (rasterize.h SplatTensors order).
template <class T>
kernels::SplatParams<T> paramsView(const torch::autograd::variable_list& p) {
    return {p[0].data_ptr<T>(), p[1].data_ptr<T>(), p[2].data_ptr<T>(), p[3].data_ptr<T>(), p[4].data_ptr<T>(),
            p[0].size(0)};
}

}  // namespace sw::train::detail
