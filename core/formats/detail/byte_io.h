#pragma once
// Bounds-checked little-endian byte reading and writing shared by the binary formats. Every
// reader asks require() before reading, so a short file becomes an error naming the file and
// the byte offset, never an out-of-bounds read.
#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/foundation/check.h"
#include "core/foundation/error.h"

namespace sw::formats::detail {

static_assert(std::endian::native == std::endian::little, "formats assume a little-endian host");

class ByteReader {
public:
    ByteReader(std::span<const std::uint8_t> data, std::string path)
        : m_data(data), m_path(std::move(path)) {}

    std::size_t offset() const { return m_offset; }
    std::size_t size() const { return m_data.size(); }
    std::size_t remaining() const { return m_data.size() - m_offset; }
    const std::string& path() const { return m_path; }
    const std::uint8_t* current() const { return m_data.data() + m_offset; }
    // Text appended after every "at byte offset N" (e.g. " of the decompressed stream").
    void setOffsetSuffix(std::string suffix) { m_suffix = std::move(suffix); }

    // Error unless `bytes` more bytes are available; `what` names the field being read.
    Status require(std::uint64_t bytes, std::string_view what) const {
        if (bytes <= remaining()) return {};
        std::ostringstream os;
        os << "truncated: " << what << " needs " << bytes << " bytes at byte offset " << m_offset
           << m_suffix << " but only " << remaining() << " remain";
        return makeError(ErrorCode::Parse, os.str(), m_path);
    }

    template <class T>
    T get() {
        SW_REQUIRE(sizeof(T) <= remaining(), "offset=" << m_offset << " size=" << m_data.size());
        T value;
        std::memcpy(&value, m_data.data() + m_offset, sizeof(T));
        m_offset += sizeof(T);
        return value;
    }

    void getBytes(void* dst, std::size_t n) {
        SW_REQUIRE(n <= remaining(), "n=" << n << " offset=" << m_offset);
        if (n) std::memcpy(dst, m_data.data() + m_offset, n);
        m_offset += n;
    }

    void skip(std::size_t n) {
        SW_REQUIRE(n <= remaining(), "n=" << n << " offset=" << m_offset);
        m_offset += n;
    }

    // An error about the byte at `offset` (defaults to the current one).
    Error errorAt(ErrorCode code, std::size_t offset, const std::string& message) const {
        std::ostringstream os;
        os << message << " at byte offset " << offset << m_suffix;
        return makeError(code, os.str(), m_path);
    }
    Error error(ErrorCode code, const std::string& message) const {
        return errorAt(code, m_offset, message);
    }

private:
    std::span<const std::uint8_t> m_data;
    std::string m_path;
    std::string m_suffix;
    std::size_t m_offset = 0;
};

class ByteWriter {
public:
    template <class T>
    void put(T value) {
        const auto* p = reinterpret_cast<const std::uint8_t*>(&value);
        m_bytes.insert(m_bytes.end(), p, p + sizeof(T));
    }
    void putBytes(const void* data, std::size_t n) {
        const auto* p = static_cast<const std::uint8_t*>(data);
        m_bytes.insert(m_bytes.end(), p, p + n);
    }
    void putText(std::string_view text) { putBytes(text.data(), text.size()); }
    std::size_t size() const { return m_bytes.size(); }
    std::vector<std::uint8_t>& bytes() { return m_bytes; }

private:
    std::vector<std::uint8_t> m_bytes;
};

}  // namespace sw::formats::detail
