#pragma once
// Parameters declared once, as data (STYLE habit 10). A stage's settings struct carries the
// defaults; a SettingsSchema<S> adds name, label, range, unit, tooltip and group per field.
// Panels (widgets/param_panel), CLI flags (app/cli/schema_flags) and JSON presets are all
// generated from the same ParamSchema.
#include <cstdint>
#include <functional>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "core/foundation/check.h"
#include "core/foundation/error.h"

namespace sw {

enum class ParamType { Bool, Int, Float, Choice, String };
const char* paramTypeName(ParamType type);

// Bool → bool, Int → int64_t, Float → double, Choice and String → std::string.
using ParamValue = std::variant<bool, std::int64_t, double, std::string>;

struct ParamSpec {
    std::string name;     // key: CLI flag --name, JSON key; lower-kebab-case
    std::string label;    // shown in panels
    ParamType type = ParamType::Float;
    ParamValue defaultValue;
    double min = -std::numeric_limits<double>::infinity();  // Int and Float only
    double max = std::numeric_limits<double>::infinity();
    std::string unit;     // "px", "deg", "model units", ...
    std::string tooltip;
    std::string group;    // panel group box / CLI help section
    std::vector<std::string> choices;  // Choice only
    // A float member (not double): a value and the bounds compare as the float it is stored as, so
    // a bound read back from the member (0.01 → 0.0099999998) is still inside the range.
    bool single = false;
};

// A named set of values a schema declares (the trainer's budget presets: boss, small,
// hologram), for a panel's preset box and the CLI's --preset: the parameters it sets, the others
// keep their values. "custom" is no preset (ParamSet::presetName when none matches).
struct ParamPreset {
    std::string name;     // key: lower-kebab-case, unique in its schema
    std::string label;    // shown in panels
    std::string tooltip;
    std::vector<std::pair<std::string, ParamValue>> values;  // parameter name → value
};
inline constexpr const char* kCustomPreset = "custom";

class ParamSchema {
public:
    ParamSchema(std::string stage, std::string title) : m_stage(std::move(stage)), m_title(std::move(title)) {}

    const std::string& stage() const { return m_stage; }   // "import", "dataset", ...
    const std::string& title() const { return m_title; }   // "Import", "Dataset", ...
    const std::vector<ParamSpec>& params() const { return m_params; }
    const ParamSpec* find(std::string_view name) const;
    std::size_t indexOf(std::string_view name) const;  // precondition: exists

    // Adds a parameter; names must be unique. Returns its index.
    std::size_t add(ParamSpec spec);
    ParamSpec& at(std::size_t i) { return m_params.at(i); }

    // Checks type, range and choices; the error names the parameter and the bad value.
    Status validate(const ParamSpec& spec, const ParamValue& value) const;

    // Declared presets, in declaration order. addPreset requires a unique name other than
    // "custom" and values valid for existing parameters (a caller bug otherwise).
    void addPreset(ParamPreset preset);
    const std::vector<ParamPreset>& presets() const { return m_presets; }
    const ParamPreset* findPreset(std::string_view name) const;
    // "boss, small, hologram, custom": the names a --preset flag accepts.
    std::string presetList() const;

private:
    std::string m_stage;
    std::string m_title;
    std::vector<ParamSpec> m_params;
    std::vector<ParamPreset> m_presets;
};

// Values for one schema, always complete and valid.
class ParamSet {
public:
    explicit ParamSet(const ParamSchema& schema);

    const ParamSchema& schema() const { return *m_schema; }
    const ParamValue& get(std::string_view name) const;
    bool getBool(std::string_view name) const { return std::get<bool>(get(name)); }
    std::int64_t getInt(std::string_view name) const { return std::get<std::int64_t>(get(name)); }
    double getFloat(std::string_view name) const { return std::get<double>(get(name)); }
    const std::string& getString(std::string_view name) const { return std::get<std::string>(get(name)); }

    // Sets a value (an integer given for a Float is converted); invalid values are rejected.
    Status set(std::string_view name, ParamValue value);
    // Parses text as the parameter's type ("true"/"false"/"1"/"0", numbers, choice names).
    Status setFromString(std::string_view name, std::string_view text);
    std::string valueToString(std::string_view name) const;
    void resetToDefaults();

    // Presets: {"stage": "<stage>", "params": {"<name>": value, ...}}. Unknown keys are an
    // error naming the key; missing keys keep their current values.
    std::string toJson() const;
    Status fromJson(std::string_view text, const std::string& path = {});
    Status savePreset(const std::string& path) const;  // atomic write
    Status loadPreset(const std::string& path);

    // Sets the values of the schema's preset `name` ("custom" changes nothing). InvalidInput
    // naming the known presets for any other name.
    Status applyPreset(std::string_view name);
    // The first declared preset whose every value equals this set's, else "custom".
    std::string presetName() const;

private:
    const ParamSchema* m_schema;
    std::vector<ParamValue> m_values;
};

// Binds a settings struct S to a schema. Defaults come from a default-constructed S, so a
// default is written exactly once (in the struct).
template <class S>
class SettingsSchema {
public:
    class Field {
    public:
        Field(ParamSchema& schema, std::size_t index) : m_schema(schema), m_index(index) {}
        Field& range(double lo, double hi) { spec().min = lo; spec().max = hi; return *this; }
        Field& unit(std::string u) { spec().unit = std::move(u); return *this; }
        Field& tooltip(std::string t) { spec().tooltip = std::move(t); return *this; }
        Field& group(std::string g) { spec().group = std::move(g); return *this; }

    private:
        ParamSpec& spec() { return m_schema.at(m_index); }
        ParamSchema& m_schema;
        std::size_t m_index;
    };

    SettingsSchema(std::string stage, std::string title) : m_schema(std::move(stage), std::move(title)) {}

    // Non-enum fields: bool, integers, floating point, std::string.
    template <class F>
    Field add(F S::*member, std::string name, std::string label) {
        static_assert(!std::is_enum_v<F>, "use addChoice for enums");
        ParamSpec spec;
        spec.name = std::move(name);
        spec.label = std::move(label);
        const S defaults{};
        if constexpr (std::is_same_v<F, bool>) {
            spec.type = ParamType::Bool;
            spec.defaultValue = defaults.*member;
        } else if constexpr (std::is_integral_v<F>) {
            spec.type = ParamType::Int;
            spec.defaultValue = static_cast<std::int64_t>(defaults.*member);
            spec.min = static_cast<double>(std::numeric_limits<F>::lowest());
            spec.max = static_cast<double>(std::numeric_limits<F>::max());
        } else if constexpr (std::is_floating_point_v<F>) {
            spec.type = ParamType::Float;
            spec.single = std::is_same_v<F, float>;
            spec.defaultValue = static_cast<double>(defaults.*member);
        } else {
            static_assert(std::is_same_v<F, std::string>, "unsupported settings field type");
            spec.type = ParamType::String;
            spec.defaultValue = defaults.*member;
        }
        const std::size_t index = m_schema.add(std::move(spec));
        m_get.push_back([member](const S& s) -> ParamValue {
            if constexpr (std::is_same_v<F, bool> || std::is_same_v<F, std::string>) return s.*member;
            else if constexpr (std::is_integral_v<F>) return static_cast<std::int64_t>(s.*member);
            else return static_cast<double>(s.*member);
        });
        m_set.push_back([member](S& s, const ParamValue& v) {
            if constexpr (std::is_same_v<F, bool> || std::is_same_v<F, std::string>) s.*member = std::get<F>(v);
            else if constexpr (std::is_integral_v<F>) s.*member = static_cast<F>(std::get<std::int64_t>(v));
            else s.*member = static_cast<F>(std::get<double>(v));
        });
        return Field(m_schema, index);
    }

    // Enum fields, shown as a choice; names[i] is the name of enum value values[i].
    template <class E>
    Field addChoice(E S::*member, std::string name, std::string label,
                    std::vector<std::pair<E, std::string>> names) {
        static_assert(std::is_enum_v<E>);
        ParamSpec spec;
        spec.name = std::move(name);
        spec.label = std::move(label);
        spec.type = ParamType::Choice;
        const S defaults{};
        for (auto& [value, text] : names) {
            spec.choices.push_back(text);
            if (value == defaults.*member) spec.defaultValue = text;
        }
        SW_REQUIRE(std::holds_alternative<std::string>(spec.defaultValue), "choice " << spec.name << " default has no name");
        const std::size_t index = m_schema.add(std::move(spec));
        m_get.push_back([member, names](const S& s) -> ParamValue {
            for (auto& [value, text] : names)
                if (value == s.*member) return text;
            return names.front().second;
        });
        m_set.push_back([member, names](S& s, const ParamValue& v) {
            for (auto& [value, text] : names)
                if (text == std::get<std::string>(v)) s.*member = value;
        });
        return Field(m_schema, index);
    }

    const ParamSchema& schema() const { return m_schema; }
    // Declares a preset (ParamPreset) on the schema, after the fields it names.
    void addPreset(ParamPreset preset) { m_schema.addPreset(std::move(preset)); }

    S fromParams(const ParamSet& params) const {
        SW_REQUIRE(&params.schema() == &m_schema, "ParamSet of stage " << params.schema().stage());
        S s{};
        for (std::size_t i = 0; i < m_set.size(); ++i) m_set[i](s, params.get(m_schema.params()[i].name));
        return s;
    }

    // Checks every field of `s` against its schema entry (type, range, choices): the first
    // failure as an InvalidInput error naming the parameter and the value; never aborts.
    Status check(const S& s) const {
        for (std::size_t i = 0; i < m_get.size(); ++i) SW_TRY(m_schema.validate(m_schema.params()[i], m_get[i](s)));
        return {};
    }

    ParamSet toParams(const S& s) const {
        ParamSet params(m_schema);
        for (std::size_t i = 0; i < m_get.size(); ++i) {
            Status st = params.set(m_schema.params()[i].name, m_get[i](s));
            SW_REQUIRE(st.ok(), st.error().message);
        }
        return params;
    }

private:
    ParamSchema m_schema;
    std::vector<std::function<ParamValue(const S&)>> m_get;
    std::vector<std::function<void(S&, const ParamValue&)>> m_set;
};

}  // namespace sw
