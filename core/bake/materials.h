#pragma once
// Material classes from the trained albedo (PIPELINE §5): a per-model recipe — an ordered list
// of rules (class, hue, saturation and value ranges), first match wins, else default — then
// majority smoothing over grid neighbours so classes form patches, not speckle.
#include <Eigen/Core>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/formats/spl2.h"
#include "core/foundation/error.h"
#include "core/foundation/schema.h"

namespace sw::bake {

// Hue in degrees [0, 360); hueMin > hueMax wraps through 0 (e.g. 330..30 = reds).
// Saturation and value in [0, 1] (HSV of the gamma RGB colour). Ranges are inclusive.
struct MaterialRule {
    formats::MaterialClass material = formats::MaterialClass::Default;
    float hueMin = 0.f, hueMax = 360.f;
    float satMin = 0.f, satMax = 1.f;
    float valMin = 0.f, valMax = 1.f;
};

struct MaterialRecipe {
    std::string name;
    std::vector<MaterialRule> rules;
};

// The recipe used when a model has none: bright saturated → core, blue-green → circuit,
// warm reds short of paint's saturation → flesh, pale → bone, dark → chitin.
MaterialRecipe defaultRecipe();

// JSON: {"name": "...", "rules": [{"class": "chitin", "hue": [0, 360], "saturation": [0, 1],
// "value": [0, 0.3]}, ...]}; class names: default chitin bone flesh circuit core. Missing
// ranges mean "any". Errors name the file (path) and the rule index.
Result<MaterialRecipe> parseRecipe(std::string_view json, const std::string& path);
std::string recipeToJson(const MaterialRecipe& recipe);
Result<MaterialRecipe> loadRecipe(const std::string& path);
Status saveRecipe(const std::string& path, const MaterialRecipe& recipe);  // atomic

const char* materialName(formats::MaterialClass material);  // "default", "chitin", ...

struct MaterialSettings {
    std::string materialRecipe;        // JSON file; empty = defaultRecipe()
    int materialSmoothIterations = 2;  // majority passes
    float materialSmoothRadius = 0.f;  // model units; 0 = 2.5 mean spacings
};
const SettingsSchema<MaterialSettings>& materialSchema();

// HSV of an RGB colour in [0, 1]: hue degrees [0, 360), saturation, value.
Eigen::Vector3f rgbToHsv(const Eigen::Vector3f& rgb);
// First matching rule's class, else Default.
int classifyColor(const Eigen::Vector3f& rgb, const MaterialRecipe& recipe);

// colors: [n] gamma RGB → [n] MaterialClass values.
std::vector<int> classifyMaterials(std::span<const Eigen::Vector3f> colors, const MaterialRecipe& recipe);
// Majority smoothing: each pass replaces a splat's class by the most frequent class among itself
// and its neighbours within radius (ties keep the current class; passes are simultaneous, so the
// result does not depend on the splat order). positions: [n]; classes: [n].
std::vector<int> smoothMaterials(std::span<const Eigen::Vector3f> positions, std::vector<int> classes, float radius,
                                 int iterations);

template <class S>
void addMaterialParams(SettingsSchema<S>& s) {
    const std::string g = "Materials";
    s.template add<std::string>(&S::materialRecipe, "material-recipe", "Material recipe").group(g)
        .tooltip("JSON recipe: ordered (class, hue, saturation, value) rules; empty = built-in");
    s.template add<int>(&S::materialSmoothIterations, "material-smooth-iterations", "Smoothing passes").range(0, 100).group(g);
    s.template add<float>(&S::materialSmoothRadius, "material-smooth-radius", "Smoothing radius").range(0, 1)
        .unit("model units").group(g).tooltip("0 = 2.5 mean spacings");
}

}  // namespace sw::bake
