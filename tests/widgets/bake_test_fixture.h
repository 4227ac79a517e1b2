#pragma once
// The bake workspace's test fixture (tst_editor_bake, tst_editor_floaters): the demo drone's
// surface samples (seed 7) plus a planted cluster of floaters high above it, written as PLY
// and opened in the editor, which scans it; helpers to bake and compare clouds.
#include <QDir>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <algorithm>
#include <cstring>

#include "app/editor/bake_controller.h"
#include "app/editor/editor_document.h"
#include "app/editor/main_window.h"
#include "core/bake/surface_sample.h"
#include "core/formats/cloud_io.h"
#include "tests/widgets/editor_test_support.h"

namespace sw::test::bakefx {

using sw::editor::BakeController;
using sw::editor::MainWindow;

constexpr int kSurface = 2500;  // splats sampled on the drone
constexpr int kPlanted = 8;     // a tight cluster high above it: far, detached, outside the silhouette

inline QString outputDir(const QString& name) {
    const QString dir = QStringLiteral(SW_TEST_OUTPUT_DIR "/tst_editor_bake/") + name;
    QDir(dir).removeRecursively();
    QDir().mkpath(dir);
    return dir;
}

inline std::vector<int> plantedIndices() {
    std::vector<int> out;
    for (int k = 0; k < kPlanted; ++k) out.push_back(kSurface + k);
    return out;
}

// Surface samples of the opened (normalised) drone plus the planted cluster, written as PLY.
inline QString writeCloud(const MainWindow& window, const QString& dir) {
    sw::bake::SurfaceSampleSettings sample;
    sample.count = kSurface;
    sample.seed = 7;
    sw::splat::SplatCloud cloud = sw::bake::sampleSurface(window.document()->model()->mesh, sample);
    float top = -1.f;
    for (const Eigen::Vector3f& p : window.document()->model()->mesh.positions) top = std::max(top, p.z());
    cloud.resize(std::size_t(kSurface + kPlanted));
    for (int k = 0; k < kPlanted; ++k) {
        const auto i = std::size_t(kSurface + k);
        cloud.positions[i] = Eigen::Vector3f(0.01f * float(k), 0.f, top + 0.3f);
        cloud.scales[i] = Eigen::Vector3f(0.03f, 0.025f, 0.005f);
        cloud.rotations[i] = Eigen::Vector4f(0.7071f, 0.7071f, 0.f, 0.f);  // the disc faces −Y
        cloud.opacities[i] = 0.95f;
        cloud.colors[i] = Eigen::Vector3f(1.f, 0.f, 0.f);
    }
    const QString path = dir + "/drone_cloud.ply";
    if (!sw::formats::writeSplatCloud(path.toStdString(), cloud).ok()) return {};
    return path;
}

// Opens the demo and the cloud, and waits for the automatic floater scan.
inline bool openCloudAndScan(MainWindow& window, const QString& dir) {
    if (!sw::test::openDemo(window)) return false;
    const QString path = writeCloud(window, dir);
    QSignalSpy scanned(window.bakeController(), &BakeController::floatersScanned);
    if (path.isEmpty() || !window.bakeController()->openSplatFile(path)) return false;
    return QTest::qWaitFor([&] { return scanned.count() == 1; }, 120000);
}

inline bool bakeAndWait(BakeController* bake, bool viaButton = false, QPushButton* button = nullptr) {
    QSignalSpy done(bake, &BakeController::bakeFinished);
    if (viaButton) button->click();
    else if (!bake->bake()) return false;
    return QTest::qWaitFor([&] { return done.count() == 1; }, 180000) && done.first().first().toBool();
}

// Shows the window, opens the demo and its cloud (scanned) and bakes it.
inline bool openScanAndBake(MainWindow& window, const QString& dir) {
    window.show();
    return openCloudAndScan(window, dir) && bakeAndWait(window.bakeController());
}

inline int countOnes(const std::vector<std::uint8_t>& v) { return int(std::count(v.begin(), v.end(), 1)); }

template <class T>
bool sameBytes(const std::vector<T>& a, const std::vector<T>& b) {
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(T)) == 0);
}

// Every array byte for byte.
inline bool sameCloud(const sw::splat::SplatCloud& a, const sw::splat::SplatCloud& b) {
    return a.shDegree == b.shDegree && sameBytes(a.positions, b.positions) && sameBytes(a.rotations, b.rotations) &&
           sameBytes(a.scales, b.scales) && sameBytes(a.opacities, b.opacities) && sameBytes(a.colors, b.colors) &&
           sameBytes(a.normals, b.normals) && sameBytes(a.shRest, b.shRest);
}

}  // namespace sw::test::bakefx
