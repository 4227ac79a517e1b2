#include "core/formats/detail/ply_header.h"

#include <algorithm>
#include <charconv>
#include <cstring>
#include <sstream>

namespace sw::formats::detail {
namespace {

constexpr std::size_t kMaxHeaderBytes = 1 << 20;

bool parseType(const std::string& s, PlyType& type) {
    static const struct { const char* name; PlyType type; } kTypes[] = {
        {"char", PlyType::Int8},     {"int8", PlyType::Int8},       {"uchar", PlyType::UInt8},
        {"uint8", PlyType::UInt8},   {"short", PlyType::Int16},     {"int16", PlyType::Int16},
        {"ushort", PlyType::UInt16}, {"uint16", PlyType::UInt16},   {"int", PlyType::Int32},
        {"int32", PlyType::Int32},   {"uint", PlyType::UInt32},     {"uint32", PlyType::UInt32},
        {"float", PlyType::Float32}, {"float32", PlyType::Float32}, {"double", PlyType::Float64},
        {"float64", PlyType::Float64}};
    for (const auto& t : kTypes) {
        if (s == t.name) {
            type = t.type;
            return true;
        }
    }
    return false;
}

struct LineContext {
    const std::string& path;
    std::size_t offset;
    Error fail(ErrorCode code, const std::string& message) const {
        std::ostringstream os;
        os << "PLY header: " << message << " at byte offset " << offset;
        return makeError(code, os.str(), path);
    }
};

Status parseLine(const std::vector<std::string>& tok, const LineContext& ctx, PlyHeader& header,
                 bool& sawFormat) {
    const std::string& key = tok[0];
    if (key == "comment") {
        std::string text;
        for (std::size_t i = 1; i < tok.size(); ++i) text += (i > 1 ? " " : "") + tok[i];
        header.comments.push_back(text);
        return {};
    }
    if (key == "obj_info") return {};
    if (key == "format") {
        if (tok.size() != 3) return ctx.fail(ErrorCode::Parse, "malformed format line");
        if (tok[1] != "binary_little_endian")
            return ctx.fail(ErrorCode::Unsupported, "format '" + tok[1] + "' (only binary_little_endian)");
        sawFormat = true;
        return {};
    }
    if (key == "element") {
        std::uint64_t count = 0;
        if (tok.size() != 3) return ctx.fail(ErrorCode::Parse, "malformed element line");
        auto [ptr, ec] = std::from_chars(tok[2].data(), tok[2].data() + tok[2].size(), count);
        if (ec != std::errc() || ptr != tok[2].data() + tok[2].size())
            return ctx.fail(ErrorCode::Parse, "bad element count '" + tok[2] + "'");
        header.elements.push_back(PlyElement{tok[1], count, {}, 0, false});
        return {};
    }
    if (key == "property") {
        if (header.elements.empty()) return ctx.fail(ErrorCode::Parse, "property before any element");
        PlyElement& el = header.elements.back();
        PlyProperty prop;
        if (tok.size() == 5 && tok[1] == "list") {
            PlyType countType;
            if (!parseType(tok[2], countType) || !parseType(tok[3], prop.type))
                return ctx.fail(ErrorCode::Parse, "unknown list property type");
            prop.isList = true;
            prop.name = tok[4];
            el.hasList = true;
        } else if (tok.size() == 3) {
            if (!parseType(tok[1], prop.type)) return ctx.fail(ErrorCode::Parse, "unknown property type '" + tok[1] + "'");
            prop.name = tok[2];
            prop.offset = el.stride;
            el.stride += plyTypeSize(prop.type);
        } else {
            return ctx.fail(ErrorCode::Parse, "malformed property line");
        }
        el.properties.push_back(prop);
        return {};
    }
    return ctx.fail(ErrorCode::Parse, "unknown keyword '" + key + "'");
}

std::vector<std::string> tokenize(const std::string& line) {
    std::istringstream is(line);
    std::vector<std::string> tok;
    for (std::string t; is >> t;) tok.push_back(t);
    return tok;
}

}  // namespace

int PlyElement::find(const std::string& propertyName) const {
    for (std::size_t i = 0; i < properties.size(); ++i)
        if (properties[i].name == propertyName) return static_cast<int>(i);
    return -1;
}

std::size_t plyTypeSize(PlyType type) {
    switch (type) {
        case PlyType::Int8: case PlyType::UInt8: return 1;
        case PlyType::Int16: case PlyType::UInt16: return 2;
        case PlyType::Int32: case PlyType::UInt32: case PlyType::Float32: return 4;
        case PlyType::Float64: return 8;
    }
    return 4;
}

double readPlyValue(const std::uint8_t* p, PlyType type) {
    auto load = [p](auto v) { std::memcpy(&v, p, sizeof(v)); return static_cast<double>(v); };
    switch (type) {
        case PlyType::Int8: return load(std::int8_t{});
        case PlyType::UInt8: return load(std::uint8_t{});
        case PlyType::Int16: return load(std::int16_t{});
        case PlyType::UInt16: return load(std::uint16_t{});
        case PlyType::Int32: return load(std::int32_t{});
        case PlyType::UInt32: return load(std::uint32_t{});
        case PlyType::Float32: return load(float{});
        case PlyType::Float64: return load(double{});
    }
    return 0.0;
}

Result<PlyHeader> parsePlyHeader(std::span<const std::uint8_t> bytes, const std::string& path) {
    const std::size_t limit = std::min(bytes.size(), kMaxHeaderBytes);
    const std::string text(reinterpret_cast<const char*>(bytes.data()), limit);
    if (text.rfind("ply\n", 0) != 0 && text.rfind("ply\r\n", 0) != 0)
        return makeError(ErrorCode::Parse, "not a PLY file (no 'ply' magic at byte offset 0)", path);
    PlyHeader header;
    bool sawFormat = false;
    std::size_t pos = text.find('\n') + 1;
    while (true) {
        const std::size_t end = text.find('\n', pos);
        if (end == std::string::npos)
            return makeError(ErrorCode::Parse, "PLY header has no end_header line (truncated at byte offset " +
                                                   std::to_string(limit) + ")", path);
        std::string line = text.substr(pos, end - pos);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const LineContext ctx{path, pos};
        pos = end + 1;
        const std::vector<std::string> tok = tokenize(line);
        if (tok.empty()) continue;
        if (tok[0] == "end_header") break;
        SW_TRY(parseLine(tok, ctx, header, sawFormat));
    }
    if (!sawFormat) return makeError(ErrorCode::Parse, "PLY header has no format line", path);
    header.dataOffset = pos;
    return header;
}

}  // namespace sw::formats::detail
