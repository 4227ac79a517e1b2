#pragma once
// Generates CLI flags from a parameter schema: every parameter `name` becomes `--name VALUE`
// with its tooltip, unit, range and default in the help text, grouped by the schema group; a
// bool may also be given bare (`--force` means `--force true`).
#include <CLI/CLI.hpp>
#include <map>
#include <memory>
#include <set>
#include <string>

#include "core/foundation/schema.h"

namespace sw::cli {

class SchemaFlags {
public:
    // Adds one option per parameter of params.schema() to cmd, plus --<stage>-preset NAME|FILE (and
    // --preset NAME|FILE when the schema declares named presets and the command has no --preset yet).
    // Parameters named in `skip` get no flag (a command that takes two stages whose schemas
    // share a name keeps one); they still follow the preset.
    // presetFlag = false: no preset flag (a command that takes one or two of a schema's parameters).
    SchemaFlags(CLI::App& cmd, ParamSet& params, const std::set<std::string>& skip = {}, bool presetFlag = true);
    // Applies the preset (if any), then the flags given on the command line, validating each.
    Status apply();

private:
    ParamSet& m_params;
    std::map<std::string, std::string> m_texts;  // parameter name → raw text given
    std::map<std::string, CLI::Option*> m_options;
    std::string m_preset;
};

}  // namespace sw::cli
