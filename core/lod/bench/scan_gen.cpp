// scan_gen: writes a large synthetic scan as a standard 3DGS PLY, streamed (memory stays a few MB
// whatever the size), for the large-scan benchmarks (docs/benchmarks.md); not a test input.
// The scene is a hilly terrain square of side √(n) · spacing with splats lying on it (flat discs
// turned to the local slope), their colour from height and a hash, opacity 0.3..0.9: something
// like an aerial scan, so nearer and farther parts differ.
// Usage: scan_gen <splats> <out.ply> [spacing, default 0.05] [seed, default 1]
#include <Eigen/Geometry>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

float height(float x, float y, float side) {
    const float k = 6.2831853f / side;
    return 0.08f * side * (std::sin(3.0f * k * x) * std::cos(2.0f * k * y) + 0.5f * std::sin(7.0f * k * (x + y)));
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::fprintf(stderr, "usage: scan_gen <splats> <out.ply> [spacing] [seed]\n");
        return 2;
    }
    const unsigned long long n = std::strtoull(argv[1], nullptr, 10);
    const float spacing = argc > 3 ? std::strtof(argv[3], nullptr) : 0.05f;
    const unsigned seed = argc > 4 ? unsigned(std::strtoul(argv[4], nullptr, 10)) : 1u;
    if (n == 0 || !(spacing > 0)) {
        std::fprintf(stderr, "scan_gen: splats must be > 0 and spacing > 0\n");
        return 2;
    }
    std::FILE* out = std::fopen(argv[2], "wb");
    if (!out) {
        std::fprintf(stderr, "scan_gen: cannot write %s\n", argv[2]);
        return 1;
    }
    std::fprintf(out, "ply\nformat binary_little_endian 1.0\ncomment synthetic terrain scan (scan_gen, seed %u)\n"
                      "element vertex %llu\n", seed, n);
    for (const char* p : {"x", "y", "z", "nx", "ny", "nz", "f_dc_0", "f_dc_1", "f_dc_2", "opacity", "scale_0", "scale_1",
                          "scale_2", "rot_0", "rot_1", "rot_2", "rot_3"})
        std::fprintf(out, "property float %s\n", p);
    std::fprintf(out, "end_header\n");
    const unsigned long long side = static_cast<unsigned long long>(std::ceil(std::sqrt(double(n))));
    const float extent = float(side) * spacing;
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> u(0.0f, 1.0f);
    std::vector<float> block;
    block.reserve(17 * 65536);
    for (unsigned long long i = 0; i < n; ++i) {
        // Written in the 3DGS convention (y down): model (x, y, z) is file (x, −z, y).
        const float x = (float(i % side) + u(rng)) * spacing - 0.5f * extent;
        const float y = (float(i / side) + u(rng)) * spacing - 0.5f * extent;
        const float z = height(x, y, extent);
        const float e = 0.01f * spacing;
        const Eigen::Vector3f normal =
            Eigen::Vector3f(-(height(x + e, y, extent) - z) / e, -(height(x, y + e, extent) - z) / e, 1.0f).normalized();
        const Eigen::Quaternionf model = Eigen::Quaternionf::FromTwoVectors(Eigen::Vector3f::UnitZ(), normal) *
                                         Eigen::Quaternionf(Eigen::AngleAxisf(6.2831853f * u(rng), Eigen::Vector3f::UnitZ()));
        const Eigen::Quaternionf toFile(Eigen::AngleAxisf(-1.5707963f, Eigen::Vector3f::UnitX()));  // (x, y, z) → (x, −z, y)
        const Eigen::Quaternionf q = toFile * model;
        const Eigen::Vector3f nf = toFile * normal;
        const float t = 0.5f + z / (0.3f * extent);
        const float sx = std::log(spacing * (0.5f + 0.4f * u(rng))), sy = std::log(spacing * (0.5f + 0.4f * u(rng)));
        const float opacity = 0.3f + 0.6f * u(rng);
        const float values[17] = {x, -z, y, nf.x(), nf.y(), nf.z(),
                                  (0.3f + 0.5f * t - 0.5f) / 0.2820948f, (0.5f + 0.2f * u(rng) - 0.5f) / 0.2820948f,
                                  (0.7f - 0.5f * t - 0.5f) / 0.2820948f,
                                  std::log(opacity / (1.0f - opacity)),
                                  sx, sy, std::log(spacing * 0.05f), q.w(), q.x(), q.y(), q.z()};
        block.insert(block.end(), values, values + 17);
        if (block.size() >= 17 * 65536 || i + 1 == n) {
            if (std::fwrite(block.data(), sizeof(float), block.size(), out) != block.size()) {
                std::fprintf(stderr, "scan_gen: writing %s failed (disk full?)\n", argv[2]);
                std::fclose(out);
                return 1;
            }
            block.clear();
        }
    }
    if (std::fclose(out) != 0) {
        std::fprintf(stderr, "scan_gen: writing %s failed\n", argv[2]);
        return 1;
    }
    std::printf("scan_gen: %llu splats, %.1f × %.1f model units, %s\n", n, double(extent), double(extent), argv[2]);
    return 0;
}
