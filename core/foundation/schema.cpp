#include "core/foundation/schema.h"

#include <charconv>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>

#include "core/foundation/file_io.h"

namespace sw {
namespace {

std::string formatValue(const ParamValue& v) {
    struct Visitor {
        std::string operator()(bool b) const { return b ? "true" : "false"; }
        std::string operator()(std::int64_t i) const { return std::to_string(i); }
        std::string operator()(double d) const {
            std::ostringstream os;
            os.precision(7);  // float settings widened to double: show 0.4, not 0.400000006
            os << d;
            return os.str();
        }
        std::string operator()(const std::string& s) const { return s; }
    };
    return std::visit(Visitor{}, v);
}

// Converts compatible alternatives (int for a float) to the spec's type; false if impossible.
bool coerce(ParamType type, ParamValue& v) {
    switch (type) {
    case ParamType::Bool: return std::holds_alternative<bool>(v);
    case ParamType::Int:
        if (auto* d = std::get_if<double>(&v)) {
            // Integral and inside int64 (the cast of 1e100 is undefined: fuzz_project, UBSan).
            if (std::floor(*d) != *d || !(*d >= -0x1p63 && *d < 0x1p63)) return false;
            v = static_cast<std::int64_t>(*d);
        }
        return std::holds_alternative<std::int64_t>(v);
    case ParamType::Float:
        if (auto* i = std::get_if<std::int64_t>(&v)) v = static_cast<double>(*i);
        return std::holds_alternative<double>(v);
    case ParamType::Choice:
    case ParamType::String: return std::holds_alternative<std::string>(v);
    }
    return false;
}

}  // namespace

const char* paramTypeName(ParamType type) {
    switch (type) {
    case ParamType::Bool: return "bool";
    case ParamType::Int: return "int";
    case ParamType::Float: return "float";
    case ParamType::Choice: return "choice";
    case ParamType::String: return "string";
    }
    return "?";
}

const ParamSpec* ParamSchema::find(std::string_view name) const {
    for (const ParamSpec& p : m_params)
        if (p.name == name) return &p;
    return nullptr;
}

std::size_t ParamSchema::indexOf(std::string_view name) const {
    for (std::size_t i = 0; i < m_params.size(); ++i)
        if (m_params[i].name == name) return i;
    SW_REQUIRE(false, "no parameter '" << name << "' in stage " << m_stage);
    return 0;
}

std::size_t ParamSchema::add(ParamSpec spec) {
    SW_REQUIRE(!spec.name.empty() && find(spec.name) == nullptr, "duplicate or empty name '" << spec.name << "'");
    m_params.push_back(std::move(spec));
    return m_params.size() - 1;
}

Status ParamSchema::validate(const ParamSpec& spec, const ParamValue& value) const {
    ParamValue v = value;
    if (!coerce(spec.type, v))
        return makeError(ErrorCode::InvalidInput,
                         "parameter '" + spec.name + "' expects a " + paramTypeName(spec.type) + ", got '" +
                             formatValue(value) + "'");
    if (spec.type == ParamType::Int || spec.type == ParamType::Float) {
        const double x = spec.type == ParamType::Int ? static_cast<double>(std::get<std::int64_t>(v)) : std::get<double>(v);
        // A float member compares as the float it is stored as (bounds included).
        const auto stored = [&](double d) { return spec.single && std::isfinite(d) ? double(static_cast<float>(d)) : d; };
        if (!std::isfinite(x) || stored(x) < stored(spec.min) || stored(x) > stored(spec.max)) {
            return makeError(ErrorCode::InvalidInput, "parameter '" + spec.name + "' = " + formatValue(v) +
                                                          " is outside [" + formatValue(spec.min) + ", " +
                                                          formatValue(spec.max) + "]");
        }
    }
    if (spec.type == ParamType::Choice) {
        const auto& s = std::get<std::string>(v);
        bool known = false;
        std::string list;
        for (const auto& c : spec.choices) {
            known |= (c == s);
            list += (list.empty() ? "" : ", ") + c;
        }
        if (!known)
            return makeError(ErrorCode::InvalidInput,
                             "parameter '" + spec.name + "' = '" + s + "' is not one of: " + list);
    }
    return {};
}

void ParamSchema::addPreset(ParamPreset preset) {
    SW_REQUIRE(!preset.name.empty() && preset.name != kCustomPreset && findPreset(preset.name) == nullptr,
               "duplicate, empty or reserved preset name '" << preset.name << "'");
    for (auto& [name, value] : preset.values) {
        const ParamSpec* spec = find(name);
        SW_REQUIRE(spec != nullptr, "preset " << preset.name << " names no parameter '" << name << "'");
        const Status ok = validate(*spec, value);
        SW_REQUIRE(ok.ok(), "preset " << preset.name << ": " << ok.error().message);
        coerce(spec->type, value);
    }
    m_presets.push_back(std::move(preset));
}

const ParamPreset* ParamSchema::findPreset(std::string_view name) const {
    for (const ParamPreset& p : m_presets)
        if (p.name == name) return &p;
    return nullptr;
}

std::string ParamSchema::presetList() const {
    std::string list;
    for (const ParamPreset& p : m_presets) list += p.name + ", ";
    return list + kCustomPreset;
}

Status ParamSet::applyPreset(std::string_view name) {
    if (name == kCustomPreset) return {};
    const ParamPreset* preset = m_schema->findPreset(name);
    if (!preset)
        return makeError(ErrorCode::InvalidInput, "no " + m_schema->stage() + " preset '" + std::string(name) +
                                                      "' (one of: " + m_schema->presetList() + ")");
    for (const auto& [param, value] : preset->values) SW_TRY(set(param, value));
    return {};
}

std::string ParamSet::presetName() const {
    for (const ParamPreset& p : m_schema->presets()) {
        bool all = true;
        for (const auto& [param, value] : p.values) all = all && get(param) == value;
        if (all) return p.name;
    }
    return kCustomPreset;
}

ParamSet::ParamSet(const ParamSchema& schema) : m_schema(&schema) { resetToDefaults(); }

void ParamSet::resetToDefaults() {
    m_values.clear();
    for (const ParamSpec& p : m_schema->params()) m_values.push_back(p.defaultValue);
}

const ParamValue& ParamSet::get(std::string_view name) const { return m_values[m_schema->indexOf(name)]; }

Status ParamSet::set(std::string_view name, ParamValue value) {
    const ParamSpec* spec = m_schema->find(name);
    if (!spec) return makeError(ErrorCode::InvalidInput, "unknown parameter '" + std::string(name) + "' for stage " + m_schema->stage());
    SW_TRY(m_schema->validate(*spec, value));
    coerce(spec->type, value);
    m_values[m_schema->indexOf(name)] = std::move(value);
    return {};
}

Status ParamSet::setFromString(std::string_view name, std::string_view text) {
    const ParamSpec* spec = m_schema->find(name);
    if (!spec) return makeError(ErrorCode::InvalidInput, "unknown parameter '" + std::string(name) + "' for stage " + m_schema->stage());
    const std::string t(text);
    auto bad = [&] {
        return makeError(ErrorCode::InvalidInput, "parameter '" + spec->name + "' expects a " +
                                                      paramTypeName(spec->type) + ", got '" + t + "'");
    };
    switch (spec->type) {
    case ParamType::Bool:
        if (t == "true" || t == "1" || t == "on" || t == "yes") return set(name, true);
        if (t == "false" || t == "0" || t == "off" || t == "no") return set(name, false);
        return bad();
    case ParamType::Int: {
        std::int64_t v = 0;
        auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (ec != std::errc() || ptr != t.data() + t.size()) return bad();
        return set(name, v);
    }
    case ParamType::Float: {
        double v = 0;
        auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
        if (ec != std::errc() || ptr != t.data() + t.size()) return bad();
        return set(name, v);
    }
    case ParamType::Choice:
    case ParamType::String: return set(name, t);
    }
    return bad();
}

std::string ParamSet::valueToString(std::string_view name) const { return formatValue(get(name)); }

std::string ParamSet::toJson() const {
    nlohmann::ordered_json params = nlohmann::ordered_json::object();
    for (std::size_t i = 0; i < m_values.size(); ++i) {
        const std::string& key = m_schema->params()[i].name;
        std::visit([&](const auto& v) { params[key] = v; }, m_values[i]);
    }
    nlohmann::ordered_json doc;
    doc["stage"] = m_schema->stage();
    doc["params"] = params;
    return doc.dump(2) + "\n";
}

Status ParamSet::fromJson(std::string_view text, const std::string& path) {
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, false);
    if (doc.is_discarded() || !doc.is_object()) return makeError(ErrorCode::Parse, "not a JSON object", path);
    if (doc.contains("stage") && doc["stage"] != m_schema->stage())
        return makeError(ErrorCode::InvalidInput,
                         "preset is for stage '" + doc["stage"].dump() + "', not '" + m_schema->stage() + "'", path);
    if (!doc.contains("params") || !doc["params"].is_object())
        return makeError(ErrorCode::Parse, "missing \"params\" object", path);
    ParamSet staged = *this;  // all-or-nothing
    for (auto& [key, value] : doc["params"].items()) {
        ParamValue v;
        if (value.is_boolean()) v = value.get<bool>();
        else if (value.is_number_integer()) v = value.get<std::int64_t>();
        else if (value.is_number()) v = value.get<double>();
        else if (value.is_string()) v = value.get<std::string>();
        else return makeError(ErrorCode::Parse, "parameter '" + key + "' has an unsupported JSON type", path);
        Status st = staged.set(key, v);
        if (!st) return makeError(st.error().code, st.error().message, path);
    }
    *this = std::move(staged);
    return {};
}

Status ParamSet::savePreset(const std::string& path) const { return writeFileAtomic(path, toJson()); }

Status ParamSet::loadPreset(const std::string& path) {
    auto text = readFileText(path);
    if (!text) return text.error();
    // A preset file says which stage it is for (Save Preset and --write-profile write it): a
    // JSON file of some other kind that happens to hold "params" is not taken for one.
    const nlohmann::json doc = nlohmann::json::parse(*text, nullptr, false);
    if (doc.is_object() && !doc.contains("stage"))
        return makeError(ErrorCode::InvalidInput,
                         "not a preset for the " + m_schema->stage() + " stage: it has no \"stage\": \"" + m_schema->stage() +
                             "\" entry (presets written by Save Preset have one)",
                         path);
    return fromJson(*text, path);
}

}  // namespace sw
