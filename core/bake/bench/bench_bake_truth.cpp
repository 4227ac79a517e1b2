// bench_bake_truth: measures what issue 13 asks of a bake on a real trained cloud, on the SPL2
// that the export wrote (read back from disk), and prints the figures docs/bake.md records.
//   1. normals: share of core (and shell) normals equal to the nearest repaired face's outward
//      normal (dot > 0.9999), and the share pointing away from the model's centroid;
//   2. belly cull: the baked splats rendered with and without the belly-culled ones at the
//      belt's elevations every 5° of azimuth (standard 3DGS alpha blending on grey 0.5, a CPU
//      EWA splatter): PSNR over all views and of the worst view;
//   3. AO channel distribution (share < 0.1, percentiles), dead splats dropped, floaters per sign.
// Usage: bench_bake_truth <cloud.ply|spz> <model.glb> <out dir> [dataset dir] [res=256]
// Writes the export into <out dir>/export and the worst belt view with and without the culled
// splats (<out dir>/belly_with.png, belly_without.png) and their difference × 8 (belly_diff_x8.png).
#include <Eigen/Geometry>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <numeric>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "core/bake/bake.h"
#include "core/bake/export.h"
#include "core/formats/cloud_io.h"
#include "core/formats/spl2.h"
#include "core/foundation/image_io.h"
#include "core/geometry/import.h"
#include "core/geometry/ray_query.h"

namespace {

using namespace sw;

struct Camera {
    Eigen::Matrix3d rot;  // rows: right, down, forward (OpenCV camera axes in world space)
    Eigen::Vector3d pos;
    double f = 0;
    int res = 0;
};

Camera beltCamera(double azDeg, double elDeg, double radius, double fovXDeg, int res) {
    const double az = azDeg * M_PI / 180, el = elDeg * M_PI / 180;
    Camera c;
    c.pos = radius * Eigen::Vector3d(std::cos(el) * std::sin(az), -std::cos(el) * std::cos(az), std::sin(el));
    const Eigen::Vector3d fwd = -c.pos.normalized();
    const Eigen::Vector3d right = fwd.cross(Eigen::Vector3d::UnitZ()).normalized();
    const Eigen::Vector3d down = fwd.cross(right);
    c.rot.row(0) = right;
    c.rot.row(1) = down;
    c.rot.row(2) = fwd;
    c.res = res;
    c.f = 0.5 * res / std::tan(0.5 * fovXDeg * M_PI / 180);
    return c;
}

// Standard 3DGS forward pass (EWA projection, 0.3 px² dilation, depth-sorted front-to-back
// blending, alpha clamped to 0.99, contributions below 1/255 skipped) over a grey background.
std::vector<float> render(const splat::SplatCloud& cloud, const Camera& cam, float background) {
    struct Proj {
        float u, v, z, a, b, c, op;  // conic (a, b, c) of the inverse 2D covariance
        int x0, x1, y0, y1;
        Eigen::Vector3f col;
    };
    std::vector<Proj> ps;
    ps.reserve(cloud.size());
    for (std::size_t i = 0; i < cloud.size(); ++i) {
        const Eigen::Vector3d pc = cam.rot * (cloud.positions[i].cast<double>() - cam.pos);
        if (pc.z() < 0.05) continue;
        const Eigen::Vector4f& q = cloud.rotations[i];
        const Eigen::Matrix3d r = Eigen::Quaterniond(q[0], q[1], q[2], q[3]).normalized().toRotationMatrix();
        const Eigen::Vector3d s = cloud.scales[i].cast<double>();
        const Eigen::Matrix3d m = r * s.asDiagonal();
        const Eigen::Matrix3d sigma = cam.rot * (m * m.transpose()) * cam.rot.transpose();
        Eigen::Matrix<double, 2, 3> j;
        j << cam.f / pc.z(), 0, -cam.f * pc.x() / (pc.z() * pc.z()), 0, cam.f / pc.z(), -cam.f * pc.y() / (pc.z() * pc.z());
        Eigen::Matrix2d cov = j * sigma * j.transpose();
        cov(0, 0) += 0.3;
        cov(1, 1) += 0.3;
        const double det = cov.determinant();
        if (!(det > 0)) continue;
        const double mid = 0.5 * (cov(0, 0) + cov(1, 1));
        const double lambda = mid + std::sqrt(std::max(0.1, mid * mid - det));
        const double radius = std::ceil(3 * std::sqrt(lambda));
        const double u = cam.f * pc.x() / pc.z() + 0.5 * cam.res, v = cam.f * pc.y() / pc.z() + 0.5 * cam.res;
        Proj p;
        p.u = float(u);
        p.v = float(v);
        p.z = float(pc.z());
        p.a = float(cov(1, 1) / det);
        p.b = float(-cov(0, 1) / det);
        p.c = float(cov(0, 0) / det);
        p.op = cloud.opacities[i];
        p.x0 = std::max(0, int(u - radius));
        p.x1 = std::min(cam.res - 1, int(u + radius));
        p.y0 = std::max(0, int(v - radius));
        p.y1 = std::min(cam.res - 1, int(v + radius));
        if (p.x0 > p.x1 || p.y0 > p.y1) continue;
        p.col = cloud.colors[i].cwiseMax(0.f).cwiseMin(1.f);
        ps.push_back(p);
    }
    std::sort(ps.begin(), ps.end(), [](const Proj& a, const Proj& b) { return a.z < b.z; });
    const std::size_t pixels = std::size_t(cam.res) * std::size_t(cam.res);
    std::vector<float> rgb(pixels * 3, 0.f), t(pixels, 1.f);
    for (const Proj& p : ps)
        for (int y = p.y0; y <= p.y1; ++y)
            for (int x = p.x0; x <= p.x1; ++x) {
                const std::size_t k = std::size_t(y) * std::size_t(cam.res) + std::size_t(x);
                if (t[k] < 1e-4f) continue;
                const float dx = float(x) + 0.5f - p.u, dy = float(y) + 0.5f - p.v;
                const float power = -0.5f * (p.a * dx * dx + p.c * dy * dy) - p.b * dx * dy;
                if (power > 0) continue;
                const float alpha = std::min(0.99f, p.op * std::exp(power));
                if (alpha < 1.f / 255.f) continue;
                for (int ch = 0; ch < 3; ++ch) rgb[k * 3 + std::size_t(ch)] += t[k] * alpha * p.col[ch];
                t[k] *= 1 - alpha;
            }
    for (std::size_t k = 0; k < pixels; ++k)
        for (int ch = 0; ch < 3; ++ch) rgb[k * 3 + std::size_t(ch)] += t[k] * background;
    return rgb;
}

double mse(const std::vector<float>& a, const std::vector<float>& b) {
    double s = 0;
    for (std::size_t i = 0; i < a.size(); ++i) s += double(a[i] - b[i]) * double(a[i] - b[i]);
    return s / double(a.size());
}

double psnr(double m) { return m > 0 ? 10 * std::log10(1.0 / m) : 999.0; }

Status writeRender(const std::string& path, const std::vector<float>& rgb, int res) {
    Rgba8Image img;
    img.width = img.height = res;
    img.rgba.resize(std::size_t(res) * std::size_t(res) * 4);
    for (std::size_t k = 0; k < std::size_t(res) * std::size_t(res); ++k) {
        for (int ch = 0; ch < 3; ++ch)
            img.rgba[k * 4 + std::size_t(ch)] = std::uint8_t(std::lround(255 * std::clamp(rgb[k * 3 + std::size_t(ch)], 0.f, 1.f)));
        img.rgba[k * 4 + 3] = 255;
    }
    return writePngFile(path, img);
}

float quantile(std::vector<float> v, double q) {
    if (v.empty()) return 0;
    std::sort(v.begin(), v.end());
    return v[std::min(v.size() - 1, std::size_t(q * double(v.size())))];
}

int fail(const Error& e) {
    std::fprintf(stderr, "bench_bake_truth: error: %s\n", e.toString().c_str());
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: bench_bake_truth <cloud> <model.glb> <out dir> [dataset dir] [res=256]\n");
        return 2;
    }
    const std::string cloudPath = argv[1], modelPath = argv[2], outDir = argv[3];
    const std::string datasetDir = argc > 4 ? argv[4] : "";
    const int res = argc > 5 ? std::max(32, std::atoi(argv[5])) : 256;
    auto cloud = formats::readSplatCloud(cloudPath);
    if (!cloud) return fail(cloud.error());
    auto model = geometry::importModel(modelPath);
    if (!model) return fail(model.error());
    std::optional<bake::DatasetViews> views;
    if (!datasetDir.empty() && datasetDir != "-") {
        auto v = bake::loadDatasetViews(datasetDir);
        if (!v) return fail(v.error());
        views = std::move(*v);
    }
    const bake::BakeSettings settings;
    auto baked = bake::bakeModel(*cloud, model->mesh, views ? &*views : nullptr, settings);
    if (!baked) return fail(baked.error());
    bake::ExportMeta meta;
    meta.sourceModelPath = modelPath;
    meta.normalisation = model->report.normalisation;
    meta.mesh = &model->mesh;
    const std::string exportDir = (std::filesystem::path(outDir) / "export").string();
    bake::ExportSettings es;
    es.force = true;  // measure whatever the cloud is; the agreement is printed below
    auto files = bake::exportModel(*baked, baked->cloud, meta, exportDir, "model", es);
    if (!files) return fail(files.error());
    auto spl2 = formats::readSpl2(files->files.front().path);
    if (!spl2) return fail(spl2.error());
    const bake::BakeReport& r = baked->report;
    std::printf("bench_bake_truth: %s (%zu splats) against %s (%zu triangles, winding: %d of %d components flipped)\n",
                cloudPath.c_str(), cloud->size(), modelPath.c_str(), model->mesh.triangleCount(),
                model->report.winding.flippedComponents, model->report.winding.components);

    // 1. Normals of the SPL2 against the nearest repaired face.
    auto query = geometry::RayQuery::build(model->mesh);
    if (!query) return fail(query.error());
    Eigen::Vector3d centroid = Eigen::Vector3d::Zero();
    double area = 0;
    for (std::size_t f = 0; f < model->mesh.triangleCount(); ++f) {
        const Eigen::Vector3i& t = model->mesh.triangles[f];
        const double a = 0.5 * double(geometry::faceNormalArea(model->mesh, f).norm());
        centroid += a * ((model->mesh.positions[std::size_t(t[0])] + model->mesh.positions[std::size_t(t[1])] +
                          model->mesh.positions[std::size_t(t[2])]) / 3.f).cast<double>();
        area += a;
    }
    centroid /= std::max(area, 1e-30);
    const auto normalFigures = [&](const formats::Spl2Part& part, const char* what) {
        std::size_t equal = 0, outward = 0, behind = 0;
        for (std::size_t i = 0; i < part.size(); ++i) {
            const auto cp = (*query)->closestPoint(part.pos[i]);
            if (!cp.found) continue;
            const Eigen::Vector3f fn = geometry::faceNormalArea(model->mesh, std::size_t(cp.face)).normalized();
            equal += part.normal[i].dot(fn) > 0.9999f ? 1 : 0;
            outward += double(part.normal[i].dot((part.pos[i].cast<double>() - centroid).cast<float>())) > 0 ? 1 : 0;
            behind += (part.pos[i] - cp.point).dot(fn) < 0 ? 1 : 0;
        }
        const double n = double(std::max<std::size_t>(part.size(), 1));
        std::printf("  %s normals: %zu; equal to the nearest repaired face's outward normal %.2f %%; pointing away "
                    "from the centroid %.1f %%; centres behind their face %.1f %% (the old side rule flipped these)\n",
                    what, part.size(), 100.0 * double(equal) / n, 100.0 * double(outward) / n, 100.0 * double(behind) / n);
    };
    normalFigures(spl2->core, "core ");
    normalFigures(spl2->shell, "shell");

    // 2. Belly cull: renders with and without the culled splats.
    splat::SplatCloud with = baked->cloud;
    std::size_t culled = 0;
    for (const auto& d : baked->dropped) {
        if (d.signs != bake::DroppedSplat::Belly) continue;
        const auto i = std::size_t(d.source);
        const std::size_t k = with.size();
        with.resize(k + 1);
        with.positions[k] = cloud->positions[i];
        with.rotations[k] = cloud->rotations[i];
        with.scales[k] = cloud->scales[i];
        with.opacities[k] = cloud->opacities[i];
        with.colors[k] = cloud->colors[i];
        ++culled;
    }
    const double elevations[3] = {double(settings.beltElevationMin),
                                  0.5 * double(settings.beltElevationMin + settings.beltElevationMax),
                                  double(settings.beltElevationMax)};
    std::vector<double> errors(3 * 72, 0.0);
    const unsigned threads = std::max(1u, std::thread::hardware_concurrency());
    std::vector<std::thread> pool;
    for (unsigned w = 0; w < threads; ++w)
        pool.emplace_back([&, w] {
            for (std::size_t v = w; v < errors.size(); v += threads) {
                const Camera cam = beltCamera(5.0 * double(v % 72), elevations[v / 72], 3.2, 39.5978, res);
                errors[v] = mse(render(with, cam, 0.5f), render(baked->cloud, cam, 0.5f));
            }
        });
    for (auto& t : pool) t.join();
    const double meanMse = std::accumulate(errors.begin(), errors.end(), 0.0) / double(errors.size());
    const auto worst = std::max_element(errors.begin(), errors.end());
    const std::size_t wv = std::size_t(worst - errors.begin());
    std::printf("  belly cull: %d culled (%d behind their face, %d on, %d in front); renders with vs without at "
                "elevations %.0f/%.0f/%.0f°, azimuth every 5° (%zu views, %d², grey 0.5): PSNR %.2f dB over all views, "
                "worst view %.2f dB (azimuth %zu°, elevation %.0f°)\n",
                r.bellyCulled, r.bellyWhere.behind, r.bellyWhere.on, r.bellyWhere.inFront, elevations[0], elevations[1],
                elevations[2], errors.size(), res, psnr(meanMse), psnr(*worst), 5 * (wv % 72), elevations[wv / 72]);
    std::filesystem::create_directories(outDir);
    // The worst view with and without the culled splats, and their difference × 8.
    const Camera shot = beltCamera(5.0 * double(wv % 72), elevations[wv / 72], 3.2, 39.5978, 384);
    const std::vector<float> a = render(with, shot, 0.5f), b = render(baked->cloud, shot, 0.5f);
    std::vector<float> diff(a.size());
    for (std::size_t k = 0; k < a.size(); ++k) diff[k] = std::min(1.f, 8.f * std::abs(a[k] - b[k]));
    (void)writeRender((std::filesystem::path(outDir) / "belly_with.png").string(), a, 384);
    (void)writeRender((std::filesystem::path(outDir) / "belly_without.png").string(), b, 384);
    (void)writeRender((std::filesystem::path(outDir) / "belly_diff_x8.png").string(), diff, 384);
    (void)culled;

    // 3. Channels, dead splats, floaters.
    std::vector<float> ao;
    for (const auto& a : spl2->core.attrs) ao.push_back(a.x());
    for (const auto& a : spl2->shell.attrs) ao.push_back(a.x());
    const double dark = double(std::count_if(ao.begin(), ao.end(), [](float v) { return v < 0.1f; })) / double(std::max<std::size_t>(ao.size(), 1));
    const double mean = std::accumulate(ao.begin(), ao.end(), 0.0) / double(std::max<std::size_t>(ao.size(), 1));
    std::printf("  AO: %zu splats; < 0.1: %.1f %%; p10 %.3f, p25 %.3f, median %.3f, p75 %.3f, p90 %.3f; mean %.3f\n",
                ao.size(), 100 * dark, double(quantile(ao, 0.1)), double(quantile(ao, 0.25)), double(quantile(ao, 0.5)),
                double(quantile(ao, 0.75)), double(quantile(ao, 0.9)), mean);
    std::size_t lowShell = 0;
    for (float o : spl2->shell.opacity) lowShell += o <= settings.deadOpacity ? 1 : 0;
    std::printf("  split: %zu core + %zu shell; dead dropped %d; shell splats at opacity <= %.3f in the SPL2: %zu\n",
                spl2->core.size(), spl2->shell.size(), r.dead, double(settings.deadOpacity), lowShell);
    const bake::FloaterReport& f = r.floaters;
    const auto where = [](const char* s, const bake::FloaterWhere& w) {
        std::printf("    %-10s %5d (behind their face %d, on %d, in front %d)\n", s, w.count(), w.behind, w.on, w.inFront);
    };
    std::printf("  floaters: removed %d; distance p50 %.4f p99 %.4f; %d components, %d spared on the surface; "
                "outside-box share %.3f\n",
                f.removed, double(f.distanceP50), double(f.distanceP99), f.components, f.detachedOnSurface,
                double(f.outsideBoxShare));
    where("far", f.farWhere);
    where("detached", f.detachedWhere);
    where("silhouette", f.silhouetteWhere);
    where(f.datasetSkipped ? "dataset(-)" : "dataset", f.datasetWhere);
    for (const auto& w : r.warnings) std::printf("  warning: %s\n", w.c_str());
    const double farShare = double(f.far) / double(std::max<std::size_t>(r.input, 1));
    std::printf("  agreement: far share %.3f (export refuses above %.2f unless --force)\n", farShare,
                double(es.mismatchFarShare));
    for (const auto& file : files->files) std::printf("  file: %s\n", file.path.c_str());
    return 0;
}
