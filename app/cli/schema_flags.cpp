#include "app/cli/schema_flags.h"

#include <cmath>
#include <filesystem>
#include <sstream>

namespace sw::cli {
namespace {

std::string describe(const ParamSpec& spec, const ParamSet& params) {
    std::ostringstream os;
    os << spec.tooltip;
    if (!spec.unit.empty()) os << " [" << spec.unit << "]";
    if ((spec.type == ParamType::Int || spec.type == ParamType::Float) && std::isfinite(spec.min) &&
        std::isfinite(spec.max) && spec.max < 1e12)
    {
        if (spec.type == ParamType::Int)
            os << " range " << static_cast<long long>(spec.min) << ".." << static_cast<long long>(spec.max);
        else
            os << " range " << spec.min << ".." << spec.max;
    }
    if (spec.type == ParamType::Choice) {
        os << " one of:";
        for (const auto& c : spec.choices) os << " " << c;
    }
    os << " (default " << params.valueToString(spec.name) << ")";
    return os.str();
}

}  // namespace

SchemaFlags::SchemaFlags(CLI::App& cmd, ParamSet& params, const std::set<std::string>& skip, bool presetFlag)
    : m_params(params) {
    for (const ParamSpec& spec : params.schema().params()) {
        if (skip.count(spec.name) > 0) continue;
        CLI::Option* opt = cmd.add_option("--" + spec.name, m_texts[spec.name], describe(spec, params));
        opt->group(spec.group.empty() ? params.schema().title() : spec.group);
        opt->type_name(spec.type == ParamType::Bool ? "BOOL" : spec.type == ParamType::Int ? "INT"
                       : spec.type == ParamType::Float ? "FLOAT" : "TEXT");
        if (spec.type == ParamType::Bool) opt->expected(0, 1);  // a bare --flag means true
        m_options[spec.name] = opt;
    }
    if (!presetFlag) return;
    // One preset flag per schema, so a command can take several stages' flags: a JSON file, or
    // one of the schema's named presets (the trainer's boss, small, hologram).
    const ParamSchema& schema = params.schema();
    const bool named = !schema.presets().empty();
    const std::string help = named ? "Preset for the " + schema.title() + " settings: one of " + schema.presetList() +
                                         ", or a JSON preset file"
                                   : "JSON preset for the " + schema.title() + " settings";
    const auto check = [&schema](const std::string& value) -> std::string {
        if (value == kCustomPreset || schema.findPreset(value)) return {};
        if (std::filesystem::is_regular_file(value)) return {};
        if (schema.presets().empty()) return "File does not exist: " + value;
        return "'" + value + "' is neither a preset (" + schema.presetList() + ") nor an existing JSON file";
    };
    cmd.add_option("--" + schema.stage() + "-preset", m_preset, help)->check(CLI::Validator(check, "PRESET"));
    // The short spelling for the one schema of a command that has named presets.
    if (named && cmd.get_option_no_throw("--preset") == nullptr)
        cmd.add_option("--preset", m_preset, help)->check(CLI::Validator(check, "PRESET"));
}

Status SchemaFlags::apply() {
    if (m_preset == kCustomPreset) {
    } else if (m_params.schema().findPreset(m_preset)) {
        SW_TRY(m_params.applyPreset(m_preset));
    } else if (!m_preset.empty()) {
        SW_TRY(m_params.loadPreset(m_preset));
    }
    for (const auto& [name, opt] : m_options)
        if (opt->count() > 0) {
            const bool bareBool = m_texts[name].empty() && m_params.schema().find(name)->type == ParamType::Bool;
            Status st = m_params.setFromString(name, bareBool ? std::string("true") : m_texts[name]);
            if (!st) {  // name the flag as typed: the value came from the command line, not a file
                Error e = st.error();
                e.message += " (given as --" + name + (bareBool ? std::string() : " " + m_texts[name]) + ")";
                return e;
            }
        }
    return {};
}

}  // namespace sw::cli
