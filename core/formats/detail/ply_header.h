#pragma once
// PLY header model and parser (Greg Turk's PLY format, 1994; binary_little_endian only).
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/foundation/error.h"

namespace sw::formats::detail {

enum class PlyType { Int8, UInt8, Int16, UInt16, Int32, UInt32, Float32, Float64 };

struct PlyProperty {
    std::string name;
    PlyType type = PlyType::Float32;
    bool isList = false;
    std::size_t offset = 0;  // byte offset inside the element record (fixed-size records only)
};

struct PlyElement {
    std::string name;
    std::uint64_t count = 0;
    std::vector<PlyProperty> properties;
    std::size_t stride = 0;  // bytes per record; meaningless when hasList
    bool hasList = false;

    // Index of the named property, or -1.
    int find(const std::string& propertyName) const;
};

struct PlyHeader {
    std::vector<PlyElement> elements;
    std::vector<std::string> comments;  // text of each `comment` line, words joined by one space
    std::size_t dataOffset = 0;  // first byte after "end_header\n"
};

std::size_t plyTypeSize(PlyType type);
// Reads one scalar of the given type at p, widened to double.
double readPlyValue(const std::uint8_t* p, PlyType type);

// Parses the ASCII header; errors name `path` and the byte offset of the offending line.
Result<PlyHeader> parsePlyHeader(std::span<const std::uint8_t> bytes, const std::string& path);

}  // namespace sw::formats::detail
