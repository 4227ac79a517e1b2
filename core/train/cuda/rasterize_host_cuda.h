#pragma once
// Internal to core/train: the CUDA backend's autograd halves, called by rasterize.cpp's one
// dispatcher, and the host helpers that rasterize.cpp shares with them. Compiled only with
// SPLATWRIGHT_CUDA (SW_HAVE_CUDA).
#include <torch/csrc/autograd/custom_function.h>

#include <vector>

#include "core/train/detail/rasterize.h"
#include "core/train/rasterize_kernels.h"

namespace sw::train::detail {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

// Settings travel to the backward pass as one list of doubles in ctx->saved_data.
std::vector<double> packSettings(const RasterizeSettings& s);
RasterizeSettings unpackSettings(const std::vector<double>& v);
// The five parameters for backward: saved for autograd, or in saved_data on the direct path
// (rasterizeDirect, no autograd graph: the context is a plain object there).
void saveParams(AutogradContext* ctx, const variable_list& p);
variable_list savedParams(AutogradContext* ctx);

// cuda/rasterize_host_cuda.cpp: p = {means, quats, logScales, opacityLogits, colorLogits},
// contiguous CUDA tensors of one dtype (float or double). Returns {rgb, alpha, depth, radii}.
template <class T>
variable_list forwardCuda(AutogradContext* ctx, const variable_list& p, const RasterizeSettings& s);
// Returns the five parameter gradients and an undefined tensor for the settings.
template <class T>
variable_list backwardCuda(AutogradContext* ctx, const variable_list& gradOut);

}  // namespace sw::train::detail
