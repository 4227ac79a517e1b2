#pragma once
// Parsing JSON text with a one-line error that says where it broke (NaN and Infinity, which JSON
// does not allow, land here). Private to core/foliage's sources.
#include <nlohmann/json.hpp>
#include <string>

#include "core/foundation/error.h"

namespace sw::foliage::detail {

// J is nlohmann::json or nlohmann::ordered_json. Parse error: "<what>: not valid JSON: line 1,
// column 18: syntax error while parsing value - invalid literal; last read: '[0, N'"; an object
// is required.
template <class J>
Result<J> parseJsonObject(const std::string& text, const std::string& what, const std::string& path) {
    J doc;
    try {
        doc = J::parse(text);
    } catch (const nlohmann::json::exception& e) {  // parse_error, or out_of_range for 1e999
        std::string why = e.what();
        const std::size_t tag = why.find("] ");
        if (tag != std::string::npos) why = why.substr(tag + 2);
        const std::size_t at = why.find("parse error at ");
        if (at != std::string::npos) why = why.substr(at + 15);
        return makeError(ErrorCode::Parse, what + ": not valid JSON: " + why, path);
    }
    if (!doc.is_object()) return makeError(ErrorCode::Parse, what + ": not a JSON object", path);
    return doc;
}

}  // namespace sw::foliage::detail
