#pragma once
// What the compositing kernels (rasterize_fwd_cuda.cu, rasterize_bwd_cuda.cu) share about their
// thread blocks: a SUB × SUB block covers one part of one tile (blockIdx.x = tile · PARTS² +
// part, PARTS = TILE_SIZE / SUB), one thread per pixel of the part; and the background a
// training step's camera carries (device_step.h).
#include "core/train/cuda/device_math.cuh"
#include "core/train/device_step.h"

namespace sw::train::kernels::device {

// The pixel of the calling thread.
struct TilePixel {
    int tile;     // the tile, row-major over the camera's tile grid
    int part;     // the block's part of the tile, row-major over PARTS × PARTS
    int px, py;   // the pixel in the image
    int tid;      // the thread in the block, row-major
    bool inside;  // the pixel lies in the image
};

template <int SUB>
__device__ __forceinline__ TilePixel tilePixel(const KernelCamera& cam) {
    constexpr int PARTS = TILE_SIZE / SUB;
    TilePixel t;
    t.tile = int(blockIdx.x) / (PARTS * PARTS);
    t.part = int(blockIdx.x) % (PARTS * PARTS);
    const int tx = t.tile % tilesX(cam), ty = t.tile / tilesX(cam);
    t.px = tx * TILE_SIZE + t.part % PARTS * SUB + int(threadIdx.x);
    t.py = ty * TILE_SIZE + t.part / PARTS * SUB + int(threadIdx.y);
    t.tid = int(threadIdx.y) * SUB + int(threadIdx.x);
    t.inside = t.px < cam.width && t.py < cam.height;
    return t;
}

// A training step's background (device_step.h) replaces the launch's when the camera has a step.
template <class T>
__device__ __forceinline__ void stepBackground(const KernelCamera& cam, T& bg0, T& bg1, T& bg2) {
    if (const DeviceStep* step = cam.step) {
        bg0 = T(step->background[0]);
        bg1 = T(step->background[1]);
        bg2 = T(step->background[2]);
    }
}

}  // namespace sw::train::kernels::device
