#pragma once
// Bit reading and canonical Huffman tables of Basis Universal's ETC1S streams (the .basis /
// ETC1S texture specification, §6 "Compressed Huffman Tables"; KTX 2.0 §"BasisLZ Global Data"
// carries the same sections). Bits are taken from each byte LSB first; a Huffman code is sent
// most significant bit first, as in Deflate (RFC 1951 §3.1.1, canonical codes §3.2.2).
//
// Reading past the end yields zero bits and sets overrun(): callers check it after each section,
// so a truncated stream is an error and never an out-of-bounds read.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace sw::geometry::detail {

class BitReader {
public:
    explicit BitReader(std::span<const std::uint8_t> bytes) : m_bytes(bytes) {}

    // n in [0, 32]: the next n bits, the first one read in bit 0.
    std::uint32_t bits(int n);
    // The next n bits (n <= 24) without consuming them.
    std::uint32_t peek(int n);
    void skip(int n);
    bool overrun() const { return m_overrun; }

private:
    void refill();
    std::span<const std::uint8_t> m_bytes;
    std::size_t m_next = 0;       // next byte to load
    std::uint64_t m_buffer = 0;   // loaded bits, the next one in bit 0
    int m_count = 0;              // valid bits in m_buffer
    bool m_overrun = false;
};

// A decoding table for one canonical prefix code of up to kMaxSymbols symbols, codes of at most
// kMaxCodeLength bits. Incomplete codes are accepted (an unused code is an error when met);
// over-subscribed ones are not.
class HuffmanTable {
public:
    static constexpr int kMaxCodeLength = 16;
    static constexpr int kMaxSymbols = 1 << 14;

    // lengths: [symbols] code length in bits, 0 = symbol unused. Returns false when the lengths
    // do not form a prefix code (or a length is out of range).
    bool build(const std::vector<std::uint8_t>& lengths);
    // The next symbol, or -1 for a code no symbol has (corrupt stream).
    int decode(BitReader& in) const;
    int symbolCount() const { return m_symbols; }
    bool empty() const { return m_maxLength == 0; }

private:
    std::vector<std::uint32_t> m_lookup;  // [1 << m_maxLength] (length << 16) | symbol, 0 = no code
    int m_maxLength = 0;
    int m_symbols = 0;
};

// Reads one table in the §6 form (14-bit symbol count, 5-bit count of code-length codes, their
// 3-bit lengths in the fixed order, then the run-length coded code lengths). Returns the reason
// on failure, empty on success.
std::string readHuffmanTable(BitReader& in, HuffmanTable& table);

}  // namespace sw::geometry::detail
