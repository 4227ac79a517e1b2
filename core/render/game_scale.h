#pragma once
// Game-scale view (PIPELINE §6): the model as the player sees it, H px tall (60–100), judged
// at 1:1 and as a ×3 nearest-neighbour crop, on the grey arena floor and on black, next to the
// source mesh at the same scale. The splats and the mesh are rendered with the same game
// camera (turntable: fixed tilt, heading) and an orthographic projection fitted so the model's
// projected height is exactly H px; the tiles are composed on the CPU.
//
// Layout (tiles separated by a 4 px gap on a dark frame): one row per background (grey, then
// black); columns: splats ×1, mesh ×1, splats ×3, mesh ×3 (the mesh columns are left out when
// no mesh is given). gameScaleTiles() says where each tile is, for captions.
//
// Like with like: the mesh tiles use the splats' look — cel bands (Shading::Cel) with the same
// sun direction when the look is cel, flat albedo when it is not — so an A/B of splats against
// the source judges the splats, not two lighting recipes.
#include <Eigen/Core>
#include <functional>
#include <span>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/image_io.h"
#include "core/render/mesh_renderer.h"
#include "core/render/splat_renderer.h"

namespace sw::render {

struct GameScaleSettings {
    int heightPx = 80;       // projected model height, 60..100 in the game (any ≥ 8 accepted)
    float headingDeg = 30.f; // camera azimuth around the model (docs/bake.md heading)
    float tiltDeg = 40.f;    // game camera elevation
    int zoom = 3;            // nearest-neighbour magnification of the crops, ≥ 1
    int marginPx = 6;        // empty border around the model in each ×1 tile
    SplatRenderSettings look;  // overlay, effects, LOD, …; size and background are set here
};

// Orthographic game camera framing `points` (model space, [n]) so they span heightPx rows.
// Returns view and projection; width/height receive the ×1 tile size.
struct GameScaleFraming {
    Eigen::Matrix4f view = Eigen::Matrix4f::Identity();
    Eigen::Matrix4f projection = Eigen::Matrix4f::Identity();
    int width = 0;
    int height = 0;
};
GameScaleFraming frameGameScale(std::span<const Eigen::Vector3f> points, const GameScaleSettings& s);

// One tile of the sheet, in sheet pixels (rows top to bottom).
struct GameScaleTile {
    int x = 0, y = 0, width = 0, height = 0;
    bool mesh = false;  // the source mesh; else the splats
    int zoom = 1;       // 1 or GameScaleSettings::zoom
    Background background = Background::Grey;
};
// The tiles of a sheet of ×1 tiles of framing's size, in the layout above (row-major).
std::vector<GameScaleTile> gameScaleTiles(const GameScaleFraming& framing, const GameScaleSettings& s, bool withMesh);

// The mesh renderer's settings that match the splats' look (see above) for one tile.
RenderSettings gameScaleMeshSettings(const SplatRenderSettings& look, int width, int height, Background background);

// Nearest-neighbour magnification by an integer factor ≥ 1.
Rgba8Image upscaleNearest(const Rgba8Image& image, int factor);

// Renders and composes the game-scale sheet. mesh may be null (no mesh columns); when given it
// must hold the source mesh (MeshRenderer::setMesh) in the same model space. The splat
// renderer must hold a model. InvalidInput for heightPx < 8 or zoom < 1.
Result<Rgba8Image> renderGameScale(SplatRenderer& splats, MeshRenderer* mesh, const GameScaleSettings& s);
// The same with the tiles' places (gameScaleTiles of the framing used).
struct GameScaleSheet {
    Rgba8Image image;
    std::vector<GameScaleTile> tiles;
};
Result<GameScaleSheet> renderGameScaleSheet(SplatRenderer& splats, MeshRenderer* mesh, const GameScaleSettings& s);

// The same layout for any drawing: one or two columns (the splats, then the mesh, or either
// alone), each drawn by `draw` with the framing of `points` (model or scene space) on each
// background, e.g. the foliage preview's copies in the wind (widgets/viewport_foliage.cpp).
struct GameScaleColumn {
    bool mesh = false;  // captioned as the mesh; else the splats
    std::function<Result<Rgba8Image>(const GameScaleFraming& framing, Background background)> draw;
};
Result<GameScaleSheet> composeGameScaleSheet(std::span<const Eigen::Vector3f> points,
                                             const std::vector<GameScaleColumn>& columns, const GameScaleSettings& s);

}  // namespace sw::render
