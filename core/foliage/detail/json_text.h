#pragma once
// Parsing JSON text with a one-line error that says where it broke. NaN and Infinity, which JSON
// does not allow but other writers emit, are read as a marked string (nonFiniteMark) so the
// reader of the key can refuse them by name ("benders[0].points[1]: not a finite number (NaN)").
// Private to core/foliage's sources.
#include <cctype>
#include <nlohmann/json.hpp>
#include <string>

#include "core/foundation/error.h"

namespace sw::foliage::detail {

inline constexpr char NON_FINITE_MARK = '\x01';

// The text with each bare NaN, Infinity or inf (any case, signed) outside a string replaced by the
// string "\u0001<token>".
inline std::string markNonFinite(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            out += c;
            if (c == '\\' && i + 1 < text.size()) out += text[++i];
            else if (c == '"') inString = false;
            continue;
        }
        if (c == '"') inString = true;
        if (std::isalpha(static_cast<unsigned char>(c)) || ((c == '-' || c == '+') && i + 1 < text.size() &&
                                                            std::isalpha(static_cast<unsigned char>(text[i + 1])))) {
            std::size_t j = i + 1;
            while (j < text.size() && std::isalpha(static_cast<unsigned char>(text[j]))) ++j;
            std::string word = text.substr(i, j - i), lower;
            for (char w : word) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(w)));
            const std::string bare = lower[0] == '-' || lower[0] == '+' ? lower.substr(1) : lower;
            if (bare == "nan" || bare == "infinity" || bare == "inf") {
                out += std::string("\"\\u0001") + word + "\"";
                i = j - 1;
                continue;
            }
        }
        out += c;
    }
    return out;
}

// True for a value markNonFinite made; its token after the mark.
template <class J>
bool isNonFinite(const J& v) {
    return v.is_string() && !v.template get_ref<const std::string&>().empty() &&
           v.template get_ref<const std::string&>()[0] == NON_FINITE_MARK;
}

// J is nlohmann::json or nlohmann::ordered_json. Parse error: "<what>: not valid JSON: line 1,
// column 18: syntax error while parsing value - invalid literal; last read: '[0, N'"; an object
// is required.
template <class J>
Result<J> parseJsonObject(const std::string& text, const std::string& what, const std::string& path) {
    J doc;
    try {
        doc = J::parse(markNonFinite(text));
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
