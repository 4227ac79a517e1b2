// core/project: FNV-1a, the .splatproj round trip, validation errors naming the file, and part
// overrides applied per connected component.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
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
// A version-1 project as the version-1 writer laid it out (every v1 section: model, import,
// belt, dataset, materialHsv, parts, cacheFolder; presets hold the keys they set).
const char* const kVersion1Project = R"({
  "belt": {"params": {"elevation-max": 61.0, "elevation-min": 14.0, "views": 37}, "stage": "belt"},
  "cacheFolder": "ship.cache",
  "dataset": {"params": {"recipe": "cel", "resolution": 256}, "stage": "dataset"},
  "format": "splatwright-project",
  "import": {"params": {"cube-edge": 2.0, "normalise": true}, "stage": "import"},
  "materialHsv": [{"hueShift": 12.0, "saturation": 0.5, "value": 1.25}],
  "model": {"fnv1a64": "%HASH%", "path": "model.bin"},
  "parts": {"components": 3, "names": ["hull", "guns", "engine"], "overrides": [{"component": 0, "part": 2}]},
  "version": 1
}
)";

TEST_CASE("a version-1 project opens: its settings kept, the version-2 sections at their defaults") {
    const fs::path dir = test::outputDir("project_v1");
    const project::Project made = sampleProject(dir);
    char hash[17];
    std::snprintf(hash, sizeof hash, "%016llx", static_cast<unsigned long long>(made.modelHash));
    std::string text = kVersion1Project;
    text.replace(text.find("%HASH%"), 6, hash);
    const std::string path = (dir / "ship.splatproj").string();
    writeText(path, text);
    auto p = project::loadProject(path);
    REQUIRE(p.ok());
    CHECK(project::verifyModel(*p).ok());
    CHECK(p->import.cubeEdge == doctest::Approx(2.0));
    CHECK(p->belt.trainViews == 37);
    CHECK(p->belt.elevationMax == doctest::Approx(61.0));
    CHECK(p->dataset.recipe == dataset::Recipe::Cel);
    REQUIRE(p->materialHsv.size() == 1);
    CHECK(p->materialHsv[0].value == doctest::Approx(1.25f));
    CHECK(p->partOverrides == std::vector<project::PartOverride>{{0, 2}});
    CHECK(p->cacheFolder == (fs::absolute(dir) / "ship.cache").string());
    // Version 2's sections: defaults, and the export folder next to the project.
    CHECK(p->training.empty());
    CHECK(bake::bakeSchema().toParams(p->bake).toJson() == bake::bakeSchema().toParams({}).toJson());
    CHECK_FALSE(p->recipe.has_value());
    CHECK(p->exportName.empty());
    CHECK(p->exportFolder == (fs::absolute(dir) / "export").string());
    CHECK(render::effectsSchema().toParams(p->effects).toJson() == render::effectsSchema().toParams({}).toJson());
    // Saved again, it is a version-2 file.
    REQUIRE(project::saveProject(*p, path).ok());
    auto saved = readFileText(path);
    REQUIRE(saved.ok());
    CHECK(saved->find("\"version\": 2") != std::string::npos);
    CHECK(project::loadProject(path).ok());
}

namespace {

// Every parameter of `schema` set to a valid value other than its default.
ParamSet nonDefaults(const ParamSchema& schema) {
    ParamSet params(schema);
    for (const ParamSpec& spec : schema.params()) {
        CAPTURE(spec.name);
        ParamValue v = spec.defaultValue;
        switch (spec.type) {
        case ParamType::Bool: v = !std::get<bool>(v); break;
        case ParamType::Int: {
            const auto d = std::get<std::int64_t>(v);
            v = d + 1 <= std::int64_t(std::min(spec.max, 1e15)) ? d + 1 : d - 1;
            break;
        }
        case ParamType::Float: {
            const double d = std::get<double>(v);
            const double hi = std::isfinite(spec.max) ? spec.max : d + 10;
            v = d < hi ? (d + hi) / 2 : (d + (std::isfinite(spec.min) ? spec.min : d - 10)) / 2;
            break;
        }
        case ParamType::Choice: v = spec.choices.front() == std::get<std::string>(v) ? spec.choices.back() : spec.choices.front(); break;
        case ParamType::String: v = std::string("non-default"); break;
        }
        REQUIRE(params.set(spec.name, v).ok());
        REQUIRE(params.get(spec.name) != spec.defaultValue);
    }
    return params;
}

}  // namespace

TEST_CASE("every schema field of every section survives a save and a load") {
    const fs::path dir = test::outputDir("project_every_field");
    project::Project p = sampleProject(dir);
    const ParamSet import = nonDefaults(geometry::importSchema().schema());
    const ParamSet belt = nonDefaults(dataset::beltSchema().schema());
    const ParamSet ds = nonDefaults(dataset::datasetSchema().schema());
    const ParamSet bakeParams = nonDefaults(bake::bakeSchema().schema());
    const ParamSet exportParams = nonDefaults(bake::exportSchema().schema());
    const ParamSet effects = nonDefaults(render::effectsSchema().schema());
    const ParamSet timeline = nonDefaults(render::effectTimelineSchema().schema());
    p.import = geometry::importSchema().fromParams(import);
    p.belt = dataset::beltSchema().fromParams(belt);
    p.dataset = dataset::datasetSchema().fromParams(ds);
    p.bake = bake::bakeSchema().fromParams(bakeParams);
    p.exportSettings = bake::exportSchema().fromParams(exportParams);
    p.effects = render::effectsSchema().fromParams(effects);
    p.effectTimeline = render::effectTimelineSchema().fromParams(timeline);
    p.effects.center = {0.1f, -0.2f, 0.3f};
    p.effects.hitPoint = {0.5f, 0.25f, -0.125f};
    p.effects.shotDirection = Eigen::Vector3f(1, 2, 2).normalized();
    p.training = R"({"params":{"budget":1234,"device":"cuda","means-lr":0.0002},"stage":"train"})";
    bake::MaterialRecipe recipe;
    recipe.name = "reds";
    recipe.rules.push_back({formats::MaterialClass::Flesh, 330.f, 30.f, 0.25f, 1.f, 0.125f, 0.75f});
    p.recipe = recipe;
    p.exportName = "boss";
    p.exportFolder = (fs::absolute(dir) / "out" / "game").string();
    const ParamSet weapon = nonDefaults(destruct::weaponSchema().schema());
    const ParamSet destruction = nonDefaults(destruct::simSchema().schema());
    p.weapons = {destruct::weaponSchema().fromParams(weapon), *destruct::loadProfile("railgun")};
    p.destruction = destruct::simSchema().fromParams(destruction);
    REQUIRE(p.weapons[0].name != p.weapons[1].name);

    const std::string path = (dir / "ship.splatproj").string();
    REQUIRE(project::saveProject(p, path).ok());
    auto back = project::loadProject(path);
    REQUIRE(back.ok());
    CHECK(geometry::importSchema().toParams(back->import).toJson() == geometry::importSchema().toParams(p.import).toJson());
    CHECK(dataset::beltSchema().toParams(back->belt).toJson() == dataset::beltSchema().toParams(p.belt).toJson());
    CHECK(dataset::datasetSchema().toParams(back->dataset).toJson() == dataset::datasetSchema().toParams(p.dataset).toJson());
    CHECK(bake::bakeSchema().toParams(back->bake).toJson() == bake::bakeSchema().toParams(p.bake).toJson());
    CHECK(bake::exportSchema().toParams(back->exportSettings).toJson() == bake::exportSchema().toParams(p.exportSettings).toJson());
    CHECK(render::effectsSchema().toParams(back->effects).toJson() == render::effectsSchema().toParams(p.effects).toJson());
    CHECK(render::effectTimelineSchema().toParams(back->effectTimeline).toJson() == render::effectTimelineSchema().toParams(p.effectTimeline).toJson());
    CHECK(back->effects.center.isApprox(p.effects.center));
    CHECK(back->effects.hitPoint.isApprox(p.effects.hitPoint));
    CHECK(back->effects.shotDirection.isApprox(p.effects.shotDirection));
    CHECK(back->training == p.training);
    REQUIRE(back->recipe.has_value());
    CHECK(bake::recipeToJson(*back->recipe) == bake::recipeToJson(recipe));
    CHECK(back->exportName == "boss");
    CHECK(back->exportFolder == p.exportFolder);
    REQUIRE(back->weapons.size() == 2);
    for (std::size_t i = 0; i < 2; ++i) CHECK(destruct::profileToJson(back->weapons[i]) == destruct::profileToJson(p.weapons[i]));
    CHECK(destruct::simSchema().toParams(back->destruction).toJson() == destruct::simSchema().toParams(p.destruction).toJson());
    auto text = readFileText(path);
    REQUIRE(text.ok());
    CHECK(text->find("\"folder\": \"out/game\"") != std::string::npos);  // relative to the project
}

TEST_CASE("wrong JSON types are errors naming the file and the key, never an exception") {
    const fs::path dir = test::outputDir("project_types");
    const std::string path = (dir / "typed.splatproj").string();
    const std::string head = R"({"format": "splatwright-project", "version": 2, "model": {"path": "m", "fnv1a64": "0000000000000000"})";
    struct Case {
        std::string text, needle;
    };
    const Case cases[] = {
        {R"({"format": 7, "version": 1})", "format is not a string"},
        {R"({"format": "splatwright-project", "version": "two"})", "unsupported project version"},
        {R"({"format": "splatwright-project", "version": 1, "model": {"path": "m", "fnv1a64": 12}})", "model.fnv1a64 is not a string"},
        {R"({"format": "splatwright-project", "version": 1, "model": {"path": 3}})", "model.path"},
        {head + R"(, "import": [1, 2]})", "import is not an object"},
        {head + R"(, "belt": {"stage": "belt", "params": {"views": "many"}}})", "belt"},
        {head + R"(, "belt": {"stage": "belt", "params": {"views": [1]}}})", "'views' has an unsupported JSON type"},
        {head + R"(, "materialHsv": {"a": 1}})", "materialHsv is not an array"},
        {head + R"(, "materialHsv": [{"value": "1"}]})", "materialHsv[0].value is not a number"},
        {head + R"(, "parts": {"names": "hull"}})", "parts.names"},
        {head + R"(, "parts": {"components": 99999999999}})", "parts.components"},
        {head + R"(, "parts": {"components": 2, "overrides": [{"component": 99999999999, "part": 0}]}})", "parts.overrides[0]"},
        {head + R"(, "training": 5})", "training is not an object"},
        {head + R"(, "training": {"stage": "train", "params": {"budget": {}}}})", "training: parameter 'budget'"},
        {head + R"(, "training": {"stage": "bake", "params": {}}})", "training: preset is for stage"},
        {head + R"(, "recipe": "reds"})", "recipe is not an object"},
        {head + R"(, "recipe": {"name": "x", "rules": [{"class": "plasma"}]}})", "recipe:"},
        {head + R"(, "export": {"name": 5}})", "export.name is not a string"},
        {head + R"(, "export": {"name": "../up"}})", "is not a file stem"},
        {head + R"(, "export": {"folder": false}})", "export.folder is not a string"},
        {head + R"(, "effects": "loud"})", "effects is not an object"},
        {head + R"(, "effectVectors": {"center": [1, 2]}})", "effectVectors.center"},
        {head + R"(, "effectVectors": {"shotDirection": [0, 0, 0]}})", "shotDirection is zero"},
        {head + R"(, "cacheFolder": 12})", "cacheFolder is not a string"},
        {head + R"(, "weapons": {"name": "railgun"}})", "weapons is not an array"},
        {head + R"(, "weapons": [3]})", "weapons[0] is not an object"},
        {head + R"(, "weapons": [{"stage": "weapon", "params": {"damage": "lots"}}]})", "weapons[0]: "},
        {head + R"(, "weapons": [{"stage": "weapon", "params": {"name": ""}}]})", "weapons[0] has no name"},
        {head + R"(, "weapons": [{"stage": "weapon", "params": {"name": "a"}}, {"stage": "weapon", "params": {"name": "a"}}]})",
         "weapons[1]: a second weapon profile named 'a'"},
        {head + R"(, "destruction": {"stage": "destruct", "params": {"island-max": -4}}})", "destruction: "},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        writeText(path, c.text);
        Result<project::Project> p = makeError(ErrorCode::Internal, "not run");
        CHECK_NOTHROW(p = project::loadProject(path));
        REQUIRE_FALSE(p.ok());
        CHECK(p.error().path == path);
        CHECK(p.error().message.find(c.needle) != std::string::npos);
    }
}
