#include "core/geometry/detail/basis_huffman.h"

#include <array>

namespace sw::geometry::detail {
namespace {

// §6: symbols 0..16 are code lengths, 17..20 are runs.
constexpr int kSmallZeroRun = 17, kBigZeroRun = 18, kSmallRepeat = 19, kBigRepeat = 20;
constexpr int kCodeLengthCodes = 21;
// The order in which the 3-bit lengths of the code-length code are sent (§6).
constexpr std::array<std::uint8_t, kCodeLengthCodes> kCodeLengthOrder{
    kSmallZeroRun, kBigZeroRun, kSmallRepeat, kBigRepeat, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15, 16};

std::uint32_t reverseBits(std::uint32_t code, int length) {
    std::uint32_t out = 0;
    for (int i = 0; i < length; ++i) out |= ((code >> i) & 1u) << (length - 1 - i);
    return out;
}

}  // namespace

void BitReader::refill() {
    while (m_count <= 56 && m_next < m_bytes.size()) {
        m_buffer |= std::uint64_t(m_bytes[m_next++]) << m_count;
        m_count += 8;
    }
}

std::uint32_t BitReader::peek(int n) {
    refill();
    return static_cast<std::uint32_t>(m_buffer & ((std::uint64_t(1) << n) - 1));
}

void BitReader::skip(int n) {
    if (n > m_count) {
        m_overrun = true;
        m_buffer = 0;
        m_count = 0;
        return;
    }
    m_buffer = n == 64 ? 0 : m_buffer >> n;
    m_count -= n;
}

std::uint32_t BitReader::bits(int n) {
    if (n <= 0) return 0;
    const std::uint32_t v = peek(n);
    skip(n);
    return v;
}

bool HuffmanTable::build(const std::vector<std::uint8_t>& lengths) {
    m_lookup.clear();
    m_maxLength = 0;
    m_symbols = static_cast<int>(lengths.size());
    if (lengths.size() > std::size_t(kMaxSymbols)) return false;
    std::array<std::uint32_t, kMaxCodeLength + 1> count{};
    for (std::uint8_t l : lengths) {
        if (l > kMaxCodeLength) return false;
        ++count[l];
        if (l > m_maxLength) m_maxLength = l;
    }
    if (m_maxLength == 0) return true;
    // RFC 1951 §3.2.2: the first code of each length; over-subscription makes a code overflow.
    std::array<std::uint32_t, kMaxCodeLength + 2> next{};
    std::uint32_t code = 0;
    count[0] = 0;
    for (int len = 1; len <= kMaxCodeLength; ++len) {
        code = (code + count[len - 1]) << 1;
        next[len] = code;
        if (count[len] > 0 && code + count[len] > (1u << len)) return false;
    }
    m_lookup.assign(std::size_t(1) << m_maxLength, 0);
    for (std::size_t s = 0; s < lengths.size(); ++s) {
        const int len = lengths[s];
        if (len == 0) continue;
        const std::uint32_t rev = reverseBits(next[len]++, len);  // bits arrive code-MSB first
        for (std::uint32_t fill = rev; fill < m_lookup.size(); fill += 1u << len)
            m_lookup[fill] = (std::uint32_t(len) << 16) | static_cast<std::uint32_t>(s);
    }
    return true;
}

int HuffmanTable::decode(BitReader& in) const {
    if (m_maxLength == 0) return -1;
    const std::uint32_t e = m_lookup[in.peek(m_maxLength)];
    if (e == 0) return -1;
    in.skip(static_cast<int>(e >> 16));
    return static_cast<int>(e & 0xFFFF);
}

std::string readHuffmanTable(BitReader& in, HuffmanTable& table) {
    const int total = static_cast<int>(in.bits(14));
    const int codeLengthCodes = static_cast<int>(in.bits(5));
    if (total < 1) return "a Huffman table with no symbols";
    if (codeLengthCodes < 1 || codeLengthCodes > kCodeLengthCodes)
        return "a Huffman table with " + std::to_string(codeLengthCodes) + " code-length codes (1 to 21 allowed)";
    std::vector<std::uint8_t> codeLengthLengths(kCodeLengthCodes, 0);
    for (int i = 0; i < codeLengthCodes; ++i) codeLengthLengths[kCodeLengthOrder[i]] = static_cast<std::uint8_t>(in.bits(3));
    HuffmanTable lengthCode;
    if (!lengthCode.build(codeLengthLengths) || lengthCode.empty()) return "an invalid code-length code in a Huffman table";
    std::vector<std::uint8_t> lengths(static_cast<std::size_t>(total), 0);
    int at = 0;
    while (at < total) {
        if (in.overrun()) return "a Huffman table runs past the end of its data";
        const int sym = lengthCode.decode(in);
        if (sym < 0) return "an unknown code in a Huffman table's code lengths";
        if (sym <= HuffmanTable::kMaxCodeLength) {
            lengths[static_cast<std::size_t>(at++)] = static_cast<std::uint8_t>(sym);
            continue;
        }
        int run = 0;
        std::uint8_t value = 0;
        if (sym == kSmallZeroRun) run = static_cast<int>(in.bits(3)) + 3;
        else if (sym == kBigZeroRun) run = static_cast<int>(in.bits(7)) + 11;
        else {
            if (at == 0 || lengths[static_cast<std::size_t>(at - 1)] == 0)
                return "a Huffman table repeats a code length that is absent or zero";
            value = lengths[static_cast<std::size_t>(at - 1)];
            run = sym == kSmallRepeat ? static_cast<int>(in.bits(2)) + 3 : static_cast<int>(in.bits(7)) + 7;
        }
        if (run > total - at) return "a Huffman table's code-length run passes its symbol count";
        for (int i = 0; i < run; ++i) lengths[static_cast<std::size_t>(at++)] = value;
    }
    if (in.overrun()) return "a Huffman table runs past the end of its data";
    if (!table.build(lengths)) return "a Huffman table's code lengths do not form a prefix code";
    return {};
}

}  // namespace sw::geometry::detail
