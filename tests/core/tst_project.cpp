// core/project: FNV-1a, the .splatproj round trip, validation errors naming the file, and part
// overrides applied per connected component.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/foundation/file_io.h"
#include "core/geometry/winding.h"
#include "core/project/project.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;
using namespace sw;

namespace {

void writeText(const fs::path& path, const std::string& text) {
    std::ofstream(path, std::ios::binary) << text;
}

// Three separate quads (two triangles each) along X: three connected components.
geometry::Mesh threeQuads() {
    geometry::Mesh m;
    for (int q = 0; q < 3; ++q) {
        const float x = 2.f * static_cast<float>(q);
        const int b = static_cast<int>(m.positions.size());
        m.positions.insert(m.positions.end(), {{x, 0, 0}, {x + 1, 0, 0}, {x + 1, 1, 0}, {x, 1, 0}});
        m.triangles.push_back({b, b + 1, b + 2});
        m.triangles.push_back({b, b + 2, b + 3});
    }
    m.faceMaterial.assign(6, 0);
    m.facePart.assign(6, 0);
    m.materials.resize(1);
    m.partNames = {"hull"};
    return m;
}

project::Project sampleProject(const fs::path& dir) {
    const fs::path model = dir / "model.bin";
    writeText(model, "not really a model, but bytes to hash");
    auto p = project::newProject(model.string(), (dir / "ship.splatproj").string());
    REQUIRE(p.ok());
    p->import.cubeEdge = 2.0f;
    p->belt.trainViews = 37;
    p->belt.elevationMax = 61.0;
    p->dataset.resolution = 256;
    p->dataset.recipe = dataset::Recipe::Cel;
    p->materialHsv = {{12.f, 0.5f, 1.25f}, {}};
    p->partNames = {"hull", "guns", "engine"};
    p->componentCount = 3;
    project::setPartOverride(*p, 2, 1);
    project::setPartOverride(*p, 0, 2);
    project::setPartOverride(*p, 2, 1);  // replaces, no duplicate
    return std::move(p).value();
}

}  // namespace

TEST_CASE("fnv1a64 matches the published test vectors") {
    const std::string a = "a", foobar = "foobar";
    CHECK(project::fnv1a64({}) == 0xcbf29ce484222325ull);
    CHECK(project::fnv1a64({reinterpret_cast<const std::uint8_t*>(a.data()), a.size()}) == 0xaf63dc4c8601ec8cull);
    CHECK(project::fnv1a64({reinterpret_cast<const std::uint8_t*>(foobar.data()), foobar.size()}) ==
          0x85944171f73967e8ull);
}

TEST_CASE("a project round-trips through its file, with paths relative to the project") {
    const fs::path dir = test::outputDir("project_roundtrip");
    const project::Project p = sampleProject(dir);
    CHECK(p.cacheFolder == (fs::absolute(dir) / "ship.cache").string());
    CHECK(p.partOverrides == std::vector<project::PartOverride>{{0, 2}, {2, 1}});
    const std::string path = (dir / "ship.splatproj").string();
    REQUIRE(project::saveProject(p, path).ok());

    auto text = readFileText(path);
    REQUIRE(text.ok());
    CHECK(text->find("\"path\": \"model.bin\"") != std::string::npos);
    CHECK(text->find("\"cacheFolder\": \"ship.cache\"") != std::string::npos);

    auto back = project::loadProject(path);
    REQUIRE(back.ok());
    CHECK(fs::equivalent(back->modelPath, p.modelPath));
    CHECK(back->modelHash == p.modelHash);
    CHECK(back->import.cubeEdge == doctest::Approx(2.0));
    CHECK(back->belt.trainViews == 37);
    CHECK(back->belt.elevationMax == doctest::Approx(61.0));
    CHECK(back->dataset.resolution == 256);
    CHECK(back->dataset.recipe == dataset::Recipe::Cel);
    REQUIRE(back->materialHsv.size() == 2);
    CHECK(back->materialHsv[0].hueShift == doctest::Approx(12.f));
    CHECK(back->materialHsv[0].saturation == doctest::Approx(0.5f));
    CHECK(back->materialHsv[0].value == doctest::Approx(1.25f));
    CHECK(back->materialHsv[1].value == doctest::Approx(1.f));
    CHECK(back->partNames == p.partNames);
    CHECK(back->componentCount == 3);
    CHECK(back->partOverrides == p.partOverrides);
    CHECK(back->cacheFolder == p.cacheFolder);
    CHECK(project::verifyModel(*back).ok());

    // Moving the whole folder keeps the project valid.
    const fs::path moved = test::outputDir("project_roundtrip_moved");
    fs::copy(dir, moved, fs::copy_options::recursive | fs::copy_options::overwrite_existing);
    auto there = project::loadProject((moved / "ship.splatproj").string());
    REQUIRE(there.ok());
    CHECK(fs::equivalent(there->modelPath, moved / "model.bin"));
    CHECK(project::verifyModel(*there).ok());
}

TEST_CASE("a changed model fails verification, naming the model") {
    const fs::path dir = test::outputDir("project_changed");
    const project::Project p = sampleProject(dir);
    writeText(dir / "model.bin", "different bytes");
    const Status s = project::verifyModel(p);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().path == p.modelPath);
    CHECK(s.error().message.find("changed") != std::string::npos);
}

TEST_CASE("bad project files are errors naming the file and the problem") {
    const fs::path dir = test::outputDir("project_bad");
    const std::string path = (dir / "bad.splatproj").string();
    const std::string good = project::projectToJson(sampleProject(dir), path);
    struct Case {
        std::string text, needle;
    };
    const Case cases[] = {
        {"{ not json", "not a JSON object"},
        {R"({"format": "other", "version": 1})", "not a Splatwright project"},
        {R"({"format": "splatwright-project", "version": 99, "model": {"path": "m", "fnv1a64": "0000000000000000"}})",
         "unsupported project version"},
        {R"({"format": "splatwright-project", "version": 1})", "model.path"},
        {R"({"format": "splatwright-project", "version": 1, "model": {"path": "m", "fnv1a64": "xyz"}})", "fnv1a64"},
        {R"({"format": "splatwright-project", "version": 1, "model": {"path": "m", "fnv1a64": "0000000000000000"},
             "belt": {"stage": "belt", "params": {"views": -5}}})", "belt"},
        {R"({"format": "splatwright-project", "version": 1, "model": {"path": "m", "fnv1a64": "0000000000000000"},
             "parts": {"names": [], "components": 2, "overrides": [{"component": 5, "part": 1}]}})", "component 5"},
        {R"({"format": "splatwright-project", "version": 1, "model": {"path": "m", "fnv1a64": "0000000000000000"},
             "parts": {"components": 2, "overrides": [{"component": 1, "part": 8}]}})", "part 8"},
        {R"({"format": "splatwright-project", "version": 1, "model": {"path": "m", "fnv1a64": "0000000000000000"},
             "materialHsv": [{"saturation": -1}]})", "saturation"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        writeText(path, c.text);
        auto p = project::loadProject(path);
        REQUIRE_FALSE(p.ok());
        CHECK(p.error().path == path);
        CHECK(p.error().message.find(c.needle) != std::string::npos);
    }
    auto missing = project::loadProject((dir / "absent.splatproj").string());
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().code == ErrorCode::Io);
    CHECK(project::projectFromJson(good, path).ok());
}

TEST_CASE("part overrides set facePart per connected component") {
    geometry::Mesh mesh = threeQuads();
    REQUIRE(geometry::faceComponents(mesh).count == 3);
    project::Project p;
    p.partNames = {"hull", "guns", "engine"};
    p.componentCount = 3;
    project::setPartOverride(p, 1, 2);
    REQUIRE(project::applyParts(p, mesh).ok());
    CHECK(mesh.facePart == std::vector<int>{0, 0, 2, 2, 0, 0});
    CHECK(mesh.partNames == p.partNames);

    p.componentCount = 4;  // the model changed: refuse instead of mis-assigning
    geometry::Mesh other = threeQuads();
    CHECK_FALSE(project::applyParts(p, other).ok());
    CHECK(other.facePart == std::vector<int>(6, 0));
}
