// Foundation: error values, atomic files, progress/cancel, schema + presets, logging.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <vector>

#include "core/foundation/error.h"
#include "core/foundation/file_io.h"
#include "core/foundation/image_io.h"
#include "core/foundation/log.h"
#include "core/foundation/progress.h"
#include "core/foundation/schema.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;

namespace {

enum class Recipe { Ao, Flat, Cel };

struct DemoSettings {
    int views = 200;
    double radius = 3.2;
    bool repair = true;
    std::string name = "drone";
    Recipe recipe = Recipe::Ao;
};

const sw::SettingsSchema<DemoSettings>& demoSchema() {
    static const auto schema = [] {
        sw::SettingsSchema<DemoSettings> s("dataset", "Dataset");
        s.add(&DemoSettings::views, "views", "Views").range(1, 2000).tooltip("train views").group("Belt");
        s.add(&DemoSettings::radius, "radius", "Radius").range(0.5, 20).unit("model units").group("Belt");
        s.add(&DemoSettings::repair, "repair", "Repair");
        s.add(&DemoSettings::name, "name", "Name");
        s.addChoice(&DemoSettings::recipe, "recipe", "Recipe",
                    {{Recipe::Ao, "ao"}, {Recipe::Flat, "flat"}, {Recipe::Cel, "cel"}});
        return s;
    }();
    return schema;
}

}  // namespace

TEST_CASE("Result carries a value or an error with code, message and path") {
    sw::Result<int> good = 7;
    CHECK(good.ok());
    CHECK(*good == 7);
    sw::Result<int> bad = sw::makeError(sw::ErrorCode::Parse, "truncated at offset 12", "a.ply");
    CHECK_FALSE(bad.ok());
    CHECK(bad.error().toString() == "a.ply: truncated at offset 12");
    CHECK(sw::exitCodeFor(sw::ErrorCode::Io) != 0);
    CHECK(sw::exitCodeFor(sw::ErrorCode::Io) != sw::exitCodeFor(sw::ErrorCode::Parse));
    CHECK(std::string(sw::errorCodeName(sw::ErrorCode::Unsupported)) == "unsupported");
}

TEST_CASE("schema defaults come from the settings struct and round-trip through ParamSet") {
    const auto& schema = demoSchema();
    sw::ParamSet params(schema.schema());
    CHECK(params.getInt("views") == 200);
    CHECK(params.getFloat("radius") == doctest::Approx(3.2));
    CHECK(params.getString("recipe") == "ao");
    REQUIRE(params.setFromString("views", "120").ok());
    REQUIRE(params.setFromString("recipe", "cel").ok());
    REQUIRE(params.set("radius", std::int64_t{4}).ok());  // int given for a float
    const DemoSettings s = schema.fromParams(params);
    CHECK(s.views == 120);
    CHECK(s.recipe == Recipe::Cel);
    CHECK(s.radius == 4.0);
    CHECK(schema.toParams(s).getString("recipe") == "cel");
}

TEST_CASE("schema rejects out-of-range, mistyped and unknown values with the value named") {
    sw::ParamSet params(demoSchema().schema());
    auto st = params.setFromString("views", "0");
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message.find("'views' = 0 is outside [1, 2000]") != std::string::npos);
    st = params.setFromString("radius", "abc");
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message.find("'abc'") != std::string::npos);
    st = params.setFromString("recipe", "pbr");
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message.find("ao, flat, cel") != std::string::npos);
    CHECK_FALSE(params.setFromString("nope", "1").ok());
    CHECK_FALSE(params.setFromString("radius", "nan").ok());
    CHECK(params.getInt("views") == 200);  // failed sets change nothing
}

TEST_CASE("presets save atomically and load all-or-nothing") {
    const std::string dir = sw::test::outputDir("foundation");
    const std::string path = dir + "/preset.json";
    sw::ParamSet params(demoSchema().schema());
    REQUIRE(params.setFromString("views", "64").ok());
    REQUIRE(params.savePreset(path).ok());
    for (const auto& e : fs::directory_iterator(dir))
        CHECK(e.path().filename().string().find(".tmp-") == std::string::npos);

    sw::ParamSet loaded(demoSchema().schema());
    REQUIRE(loaded.loadPreset(path).ok());
    CHECK(loaded.getInt("views") == 64);

    // One bad key: nothing is applied and the error names the file.
    auto st = loaded.fromJson(R"({"stage":"dataset","params":{"views":10,"radius":-1}})", "x.json");
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().path == "x.json");
    CHECK(loaded.getInt("views") == 64);
    CHECK_FALSE(loaded.fromJson(R"({"stage":"train","params":{}})").ok());
    CHECK_FALSE(loaded.fromJson("{not json").ok());
    CHECK_FALSE(loaded.loadPreset(dir + "/missing.json").ok());
}

TEST_CASE("atomic write leaves the old file when the target folder is unwritable") {
    const std::string dir = sw::test::outputDir("foundation_atomic");
    const std::string path = dir + "/a.txt";
    REQUIRE(sw::writeFileAtomic(path, std::string_view("first")).ok());
    REQUIRE(sw::writeFileAtomic(path, std::string_view("second")).ok());
    CHECK(*sw::readFileText(path) == "second");
    auto st = sw::writeFileAtomic(dir + "/no/such/dir/b.txt", std::string_view("x"));
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().code == sw::ErrorCode::Io);
    CHECK(st.error().path.find("b.txt") != std::string::npos);
    {
        sw::AtomicFile f(dir + "/c.txt");
        REQUIRE(f.open().ok());
        REQUIRE(f.write("abc", 3).ok());
    }  // no commit: nothing published, temporary removed
    CHECK_FALSE(fs::exists(dir + "/c.txt"));
    int files = 0;
    for (const auto& e : fs::directory_iterator(dir)) files += e.is_regular_file();
    CHECK(files == 1);
}

TEST_CASE("progress sub-ranges map into the parent and cancellation is seen") {
    std::vector<double> seen;
    auto token = std::make_shared<sw::CancelToken>();
    sw::Progress root([&](double f, std::string_view) { seen.push_back(f); }, token);
    sw::Progress child = root.sub(0.5, 1.0);
    child.report(0.5);
    child.sub(0.0, 0.5).report(1.0);
    root.report(2.0);  // clamped
    REQUIRE(seen.size() == 3);
    CHECK(seen[0] == doctest::Approx(0.75));
    CHECK(seen[1] == doctest::Approx(0.75));
    CHECK(seen[2] == doctest::Approx(1.0));
    CHECK_FALSE(child.cancelled());
    token->cancel();
    CHECK(child.cancelled());
}

TEST_CASE("log sinks receive messages at or above the level") {
    std::vector<std::string> got;
    const int id = sw::log::addSink([&](sw::log::Level, std::string_view m) { got.emplace_back(m); });
    SW_LOG_DEBUG("hidden");
    SW_LOG_WARN("texture is " << 128 << " px");
    sw::log::removeSink(id);
    SW_LOG_INFO("after removal");
    REQUIRE(got.size() == 1);
    CHECK(got[0] == "texture is 128 px");
}

TEST_CASE("PNG encode/decode round-trips RGBA exactly at every compression level") {
    sw::Rgba8Image img;
    img.width = 37;
    img.height = 19;
    for (int i = 0; i < img.width * img.height * 4; ++i) img.rgba.push_back(static_cast<std::uint8_t>((i * 7919) % 251));
    for (int level : {0, 2, 9}) {
        auto png = sw::encodePng(img, level);
        REQUIRE(png.ok());
        auto back = sw::decodeImage(*png, "memory");
        REQUIRE(back.ok());
        CHECK(back->width == 37);
        CHECK(back->height == 19);
        CHECK(back->rgba == img.rgba);
    }
    sw::Rgba8Image bad = img;
    bad.rgba.pop_back();
    CHECK_FALSE(sw::encodePng(bad).ok());
    const std::vector<std::uint8_t> garbage{1, 2, 3, 4};
    auto r = sw::decodeImage(garbage, "bad.png");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().path == "bad.png");
}
