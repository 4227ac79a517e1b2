#include "core/render/game_scale.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "core/foundation/interrupt.h"
#include "core/foundation/memory.h"

namespace sw::render {

namespace {

// A large sheet takes seconds on a software GL and in memory: Ctrl-C stops it between steps.
Status stopOnInterrupt() {
    if (!interruptRequested()) return {};
    return makeError(ErrorCode::Cancelled, "cancelled (interrupted) while drawing the game-scale sheet");
}

constexpr int kGap = 4;                      // px between tiles
constexpr std::uint8_t kFrame[3] = {24, 24, 28};  // sheet background

Eigen::Matrix4f orthographic(float l, float r, float b, float t, float n, float f) {
    Eigen::Matrix4f m = Eigen::Matrix4f::Identity();
    m(0, 0) = 2.f / (r - l);
    m(1, 1) = 2.f / (t - b);
    m(2, 2) = -2.f / (f - n);
    m(0, 3) = -(r + l) / (r - l);
    m(1, 3) = -(t + b) / (t - b);
    m(2, 3) = -(f + n) / (f - n);
    return m;
}

void blit(Rgba8Image& dst, const Rgba8Image& src, int x0, int y0) {
    for (int y = 0; y < src.height; ++y) {
        const int dy = y0 + y;
        if (dy < 0 || dy >= dst.height) continue;
        for (int x = 0; x < src.width; ++x) {
            const int dx = x0 + x;
            if (dx < 0 || dx >= dst.width) continue;
            std::memcpy(&dst.rgba[(static_cast<std::size_t>(dy) * dst.width + dx) * 4],
                        &src.rgba[(static_cast<std::size_t>(y) * src.width + x) * 4], 4);
        }
    }
}

}  // namespace

GameScaleFraming frameGameScale(std::span<const Eigen::Vector3f> points, const GameScaleSettings& s) {
    Eigen::Vector3f lo = Eigen::Vector3f::Constant(1e30f), hi = Eigen::Vector3f::Constant(-1e30f);
    for (const auto& p : points) {
        lo = lo.cwiseMin(p);
        hi = hi.cwiseMax(p);
    }
    if (points.empty()) lo = hi = Eigen::Vector3f::Zero();
    Camera camera;
    camera.mode = CameraMode::Turntable;
    camera.azimuthDeg = s.headingDeg;
    camera.tiltDeg = s.tiltDeg;
    camera.target = Eigen::Vector3f::Zero();  // the model origin: the heading stays exact
    camera.distance = 10.f;
    GameScaleFraming f;
    f.view = camera.view();
    Eigen::Vector3f vlo = Eigen::Vector3f::Constant(1e30f), vhi = Eigen::Vector3f::Constant(-1e30f);
    for (const auto& p : points) {
        const Eigen::Vector3f v = (f.view * p.homogeneous()).head<3>();
        vlo = vlo.cwiseMin(v);
        vhi = vhi.cwiseMax(v);
    }
    if (points.empty()) vlo = vhi = Eigen::Vector3f::Zero();
    const float spanY = std::max(vhi.y() - vlo.y(), 1e-4f);
    const float pixel = spanY / static_cast<float>(s.heightPx);
    const int modelWidth = static_cast<int>(std::ceil((vhi.x() - vlo.x()) / pixel));
    f.width = modelWidth + 2 * s.marginPx;
    f.height = s.heightPx + 2 * s.marginPx;
    const float cx = 0.5f * (vlo.x() + vhi.x()), cy = 0.5f * (vlo.y() + vhi.y());
    const float hw = 0.5f * pixel * static_cast<float>(f.width), hh = 0.5f * pixel * static_cast<float>(f.height);
    const float pad = 0.5f * (hi - lo).norm() + 0.1f;
    f.projection = orthographic(cx - hw, cx + hw, cy - hh, cy + hh, -vhi.z() - pad, -vlo.z() + pad);
    return f;
}

Rgba8Image upscaleNearest(const Rgba8Image& image, int factor) {
    Rgba8Image out;
    out.width = image.width * factor;
    out.height = image.height * factor;
    out.rgba.resize(static_cast<std::size_t>(out.width) * out.height * 4);
    for (int y = 0; y < out.height; ++y)
        for (int x = 0; x < out.width; ++x)
            std::memcpy(&out.rgba[(static_cast<std::size_t>(y) * out.width + x) * 4],
                        &image.rgba[(static_cast<std::size_t>(y / factor) * image.width + x / factor) * 4], 4);
    return out;
}

namespace {
// The tiles of columns whose kinds are `meshColumn` (row-major: ×1 tiles, then the ×zoom ones).
std::vector<GameScaleTile> tilesOf(const GameScaleFraming& f, const GameScaleSettings& s, const std::vector<bool>& meshColumn) {
    std::vector<GameScaleTile> tiles;
    const int perRow = int(meshColumn.size());
    const int z = s.zoom;
    const int rowHeight = f.height * z;
    const Background backgrounds[2] = {Background::Grey, Background::Black};
    for (int row = 0; row < 2; ++row) {
        const int y = kGap + row * (rowHeight + kGap);
        int x = kGap;
        for (int k = 0; k < perRow; ++k, x += f.width + kGap)
            tiles.push_back({x, y, f.width, f.height, meshColumn[std::size_t(k)], 1, backgrounds[row]});
        for (int k = 0; k < perRow; ++k, x += f.width * z + kGap)
            tiles.push_back({x, y, f.width * z, f.height * z, meshColumn[std::size_t(k)], z, backgrounds[row]});
    }
    return tiles;
}
}  // namespace

std::vector<GameScaleTile> gameScaleTiles(const GameScaleFraming& f, const GameScaleSettings& s, bool withMesh) {
    return tilesOf(f, s, withMesh ? std::vector<bool>{false, true} : std::vector<bool>{false});
}

RenderSettings gameScaleMeshSettings(const SplatRenderSettings& look, int width, int height, Background background) {
    RenderSettings ms;
    ms.width = width;
    ms.height = height;
    ms.background = background;
    ms.samples = look.samples;
    ms.shading = look.cel ? Shading::Cel : Shading::Flat;
    ms.sunDirection = look.sunDirection;
    return ms;
}

Result<Rgba8Image> renderGameScale(SplatRenderer& splats, MeshRenderer* mesh, const GameScaleSettings& s) {
    auto sheet = renderGameScaleSheet(splats, mesh, s);
    if (!sheet) return sheet.error();
    return std::move(sheet->image);
}

Result<GameScaleSheet> renderGameScaleSheet(SplatRenderer& splats, MeshRenderer* mesh, const GameScaleSettings& s) {
    if (!splats.hasModel()) return makeError(ErrorCode::InvalidInput, "game-scale view without a splat model");
    std::vector<Eigen::Vector3f> points = splats.model().core.pos;
    points.insert(points.end(), splats.model().shell.pos.begin(), splats.model().shell.pos.end());
    std::vector<GameScaleColumn> columns;
    columns.push_back({false, [&](const GameScaleFraming& f, Background bg) {
                           SplatRenderSettings look = s.look;
                           look.width = f.width;
                           look.height = f.height;
                           look.background = bg;
                           return splats.renderImage(f.view, f.projection, look);
                       }});
    if (mesh)
        columns.push_back({true, [&](const GameScaleFraming& f, Background bg) {
                               return mesh->renderImage(f.view, f.projection, gameScaleMeshSettings(s.look, f.width, f.height, bg));
                           }});
    return composeGameScaleSheet(points, columns, s);
}

Result<GameScaleSheet> composeGameScaleSheet(std::span<const Eigen::Vector3f> points,
                                             const std::vector<GameScaleColumn>& columns, const GameScaleSettings& s) {
    if (s.heightPx < 8) return makeError(ErrorCode::InvalidInput, "game-scale height must be at least 8 px");
    if (s.zoom < 1) return makeError(ErrorCode::InvalidInput, "game-scale zoom must be at least 1");
    if (columns.empty() || columns.size() > 2) return makeError(ErrorCode::InvalidInput, "a game-scale sheet has one or two columns");
    const GameScaleFraming f = frameGameScale(points, s);
    const int perRow = int(columns.size());
    {  // Refuse before rendering what cannot be held: tiles, one magnified tile, the sheet and its PNG.
        const std::uint64_t tile = mulSaturating(mulSaturating(std::uint64_t(f.width), std::uint64_t(f.height)), 4);
        const std::uint64_t zoomed = mulSaturating(tile, mulSaturating(std::uint64_t(s.zoom), std::uint64_t(s.zoom)));
        const std::uint64_t sheet = mulSaturating(std::uint64_t(perRow) * 2, tile + zoomed);
        SW_TRY(checkAllocation(2 * perRow * tile + zoomed + 2 * sheet,
                               "the game-scale sheet (" + std::to_string(s.heightPx) + " px at x" +
                                   std::to_string(s.zoom) + ")"));
    }
    const Background backgrounds[2] = {Background::Grey, Background::Black};
    std::vector<Rgba8Image> tiles;  // per row: one per column
    for (const Background bg : backgrounds)
        for (const GameScaleColumn& column : columns) {
            SW_TRY(stopOnInterrupt());
            auto image = column.draw(f, bg);
            if (!image) return image.error();
            tiles.push_back(std::move(*image));
        }
    SW_TRY(stopOnInterrupt());
    GameScaleSheet out;
    std::vector<bool> meshColumn;
    for (const GameScaleColumn& column : columns) meshColumn.push_back(column.mesh);
    out.tiles = tilesOf(f, s, meshColumn);
    const int z = s.zoom;
    Rgba8Image& sheet = out.image;
    sheet.width = kGap + perRow * (f.width + kGap) + perRow * (f.width * z + kGap);
    sheet.height = kGap + 2 * (f.height * z + kGap);
    // Row by row (a 2000 px sheet is 400 MB: seconds on a busy machine), Ctrl-C stops between.
    std::vector<std::uint8_t> frameRow(static_cast<std::size_t>(sheet.width) * 4);
    for (std::size_t i = 0; i < frameRow.size(); i += 4) {
        std::memcpy(&frameRow[i], kFrame, 3);
        frameRow[i + 3] = 255;
    }
    sheet.rgba.reserve(frameRow.size() * static_cast<std::size_t>(sheet.height));
    for (int y = 0; y < sheet.height; ++y) {
        if (y % 256 == 0) SW_TRY(stopOnInterrupt());
        sheet.rgba.insert(sheet.rgba.end(), frameRow.begin(), frameRow.end());
    }
    for (const GameScaleTile& t : out.tiles) {
        SW_TRY(stopOnInterrupt());
        const int row = t.background == Background::Grey ? 0 : 1;
        const int column = int(std::find(meshColumn.begin(), meshColumn.end(), t.mesh) - meshColumn.begin());
        const Rgba8Image& tile = tiles[static_cast<std::size_t>(row * perRow + column)];
        blit(sheet, t.zoom == 1 ? tile : upscaleNearest(tile, t.zoom), t.x, t.y);
    }
    return out;
}

}  // namespace sw::render
