#include "core/geometry/detail/basis_etc1s.h"

#include <algorithm>

namespace sw::geometry::detail {
namespace {

// §7: which colour delta table follows a previous 5-bit value.
constexpr int kColorTable0Max = 9, kColorTable1Max = 21;
// §10.3 constants.
constexpr int kEndpointPredRepeat = 256;  // 4·4·4·4 predictor combinations, then "repeat"
constexpr int kEndpointPredMinRepeat = 3;
constexpr int kEndpointPredCountVlcBits = 4;
constexpr int kHistoryRleMin = 3;
constexpr int kHistoryRleLong = 63;  // the last of 64 run symbols: a VLC count follows
constexpr int kHistoryRleVlcBits = 7;

std::string read(BitReader& in, HuffmanTable& table, const char* name) {
    std::string why = readHuffmanTable(in, table);
    return why.empty() ? why : why + " (" + name + ")";
}

// §10.2: chunks of chunkBits data bits, each followed by a "more" bit.
std::uint32_t decodeVlc(BitReader& in, int chunkBits) {
    const std::uint32_t chunk = 1u << chunkBits;
    std::uint32_t v = 0;
    for (int shift = 0; shift < 32; shift += chunkBits) {
        const std::uint32_t s = in.bits(chunkBits + 1);
        v |= (s & (chunk - 1)) << shift;
        if ((s & chunk) == 0) break;
    }
    return v;
}

// §10.1: the approximate move-to-front selector history.
class SelectorHistory {
public:
    explicit SelectorHistory(int size) : m_values(static_cast<std::size_t>(size), 0), m_rover(m_values.size() / 2) {}
    int operator[](std::size_t i) const { return m_values[i]; }
    void add(int value) {
        m_values[m_rover++] = value;
        if (m_rover == m_values.size()) m_rover = m_values.size() / 2;
    }
    void use(std::size_t i) {
        if (i) std::swap(m_values[i / 2], m_values[i]);
    }

private:
    std::vector<int> m_values;
    std::size_t m_rover;
};

std::string readEndpoints(std::span<const std::uint8_t> data, int count, std::vector<Etc1sEndpoint>& out) {
    BitReader in(data);
    HuffmanTable color[3], intensity;
    for (int t = 0; t < 3; ++t)
        if (auto why = read(in, color[t], "endpoint colour deltas"); !why.empty()) return why;
    if (auto why = read(in, intensity, "endpoint intensity deltas"); !why.empty()) return why;
    const bool grey = in.bits(1) != 0;
    int prev[3] = {16, 16, 16};
    int prevIntensity = 0;
    out.resize(static_cast<std::size_t>(count));
    for (Etc1sEndpoint& e : out) {
        const int di = intensity.decode(in);
        if (di < 0) return "an unknown code in the endpoint codebook";
        e.intensity = static_cast<std::uint8_t>((di + prevIntensity) & 7);
        prevIntensity = e.intensity;
        for (int c = 0; c < (grey ? 1 : 3); ++c) {
            const HuffmanTable& t = color[prev[c] <= kColorTable0Max ? 0 : prev[c] <= kColorTable1Max ? 1 : 2];
            const int d = t.decode(in);
            if (d < 0) return "an unknown code in the endpoint codebook";
            prev[c] = (prev[c] + d) & 31;
            e.color5[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(prev[c]);
        }
        if (grey) e.color5[1] = e.color5[2] = e.color5[0];
    }
    return in.overrun() ? "the endpoint codebook runs past the end of its data" : "";
}

void setRow(Etc1sSelectors& s, int row, std::uint32_t byte) {
    for (int x = 0; x < 4; ++x) s[static_cast<std::size_t>(4 * row + x)] = static_cast<std::uint8_t>((byte >> (2 * x)) & 3);
}

std::string readSelectors(std::span<const std::uint8_t> data, int count, std::vector<Etc1sSelectors>& out) {
    BitReader in(data);
    if (in.bits(1) != 0 || in.bits(1) != 0) return "global or hybrid selector codebooks are not supported";
    const bool raw = in.bits(1) != 0;
    HuffmanTable delta;
    if (!raw)
        if (auto why = read(in, delta, "selector deltas"); !why.empty()) return why;
    out.resize(static_cast<std::size_t>(count));
    std::uint32_t prev[4] = {0, 0, 0, 0};
    for (std::size_t i = 0; i < out.size(); ++i)
        for (int row = 0; row < 4; ++row) {
            std::uint32_t byte;
            if (raw || i == 0) {
                byte = in.bits(8);
            } else {
                const int d = delta.decode(in);
                if (d < 0 || d > 255) return "an unknown code in the selector codebook";
                byte = static_cast<std::uint32_t>(d) ^ prev[row];
            }
            prev[row] = byte;
            setRow(out[i], row, byte);
        }
    return in.overrun() ? "the selector codebook runs past the end of its data" : "";
}

void writeBlock(const Etc1Texels& t, int bx, int by, int width, int height, bool alphaSlice, std::vector<std::uint8_t>& rgba) {
    for (int y = 0; y < 4 && 4 * by + y < height; ++y)
        for (int x = 0; x < 4 && 4 * bx + x < width; ++x) {
            const std::uint8_t* s = &t[static_cast<std::size_t>(4 * (4 * y + x))];
            std::uint8_t* d = &rgba[4 * (std::size_t(4 * by + y) * std::size_t(width) + std::size_t(4 * bx + x))];
            if (alphaSlice) {
                d[3] = s[1];
            } else {
                d[0] = s[0];
                d[1] = s[1];
                d[2] = s[2];
            }
        }
}

}  // namespace

std::string readEtc1sCodebooks(std::span<const std::uint8_t> endpointsData, std::span<const std::uint8_t> selectorsData,
                               std::span<const std::uint8_t> tablesData, int endpointCount, int selectorCount,
                               Etc1sCodebooks& books) {
    if (endpointCount < 1 || selectorCount < 1) return "an empty endpoint or selector codebook";
    if (auto why = readEndpoints(endpointsData, endpointCount, books.endpoints); !why.empty()) return why;
    if (auto why = readSelectors(selectorsData, selectorCount, books.selectors); !why.empty()) return why;
    BitReader in(tablesData);
    if (auto why = read(in, books.endpointPred, "endpoint predictors"); !why.empty()) return why;
    if (auto why = read(in, books.deltaEndpoint, "endpoint index deltas"); !why.empty()) return why;
    if (auto why = read(in, books.selector, "selector indices"); !why.empty()) return why;
    if (auto why = read(in, books.selectorHistoryRle, "selector runs"); !why.empty()) return why;
    books.selectorHistorySize = static_cast<int>(in.bits(13));
    return in.overrun() ? "the slice Huffman tables run past the end of their data" : "";
}

namespace {

// §10.3, one slice: the block loop's state, with the endpoint and the selector steps apart.
class SliceDecoder {
public:
    SliceDecoder(const Etc1sCodebooks& books, std::span<const std::uint8_t> slice, int blocksWide)
        : m_books(books), m_in(slice), m_history(std::max(books.selectorHistorySize, 1)),
          m_predBits(std::size_t(blocksWide), 0), m_endpointAt{std::vector<int>(std::size_t(blocksWide), 0),
                                                               std::vector<int>(std::size_t(blocksWide), 0)} {}

    // The endpoint index of block (bx, by), blocks taken in raster order.
    std::string endpoint(int bx, int by, int& index);
    std::string selector(int& index);
    bool overrun() const { return m_in.overrun(); }

private:
    const Etc1sCodebooks& m_books;
    BitReader m_in;
    SelectorHistory m_history;
    std::vector<std::uint8_t> m_predBits;  // [blocks wide] predictor bits kept for a 2×2 group's odd row
    std::vector<int> m_endpointAt[2];      // [row parity][blocks wide] endpoint index used
    std::uint32_t m_bits = 0;              // the current 2×2 group's remaining predictor bits
    int m_predRepeat = 0, m_prevPredSymbol = 0, m_prevEndpoint = 0, m_selectorRun = 0;
};

std::string SliceDecoder::endpoint(int bx, int by, int& index) {
    const int cur = by & 1;
    const std::size_t x = std::size_t(bx);
    if ((bx & 1) == 0 && cur == 0) {  // a 2×2 group starts: one predictor symbol for its 4 blocks
        if (m_predRepeat > 0) {
            --m_predRepeat;
            m_bits = static_cast<std::uint32_t>(m_prevPredSymbol);
        } else {
            const int sym = m_books.endpointPred.decode(m_in);
            if (sym < 0 || sym > kEndpointPredRepeat) return "an unknown endpoint predictor code in a slice";
            if (sym == kEndpointPredRepeat) {
                m_predRepeat = static_cast<int>(decodeVlc(m_in, kEndpointPredCountVlcBits)) + kEndpointPredMinRepeat - 1;
            } else {
                m_prevPredSymbol = sym;
            }
            m_bits = static_cast<std::uint32_t>(m_prevPredSymbol);
        }
        m_predBits[x] = static_cast<std::uint8_t>(m_bits >> 4);
    } else if ((bx & 1) == 0) {
        m_bits = m_predBits[x];
    }
    const int pred = static_cast<int>(m_bits & 3);
    m_bits >>= 2;
    const int count = static_cast<int>(m_books.endpoints.size());
    if (pred == 0) {
        index = m_prevEndpoint;  // left
    } else if (pred == 1) {
        index = m_endpointAt[cur ^ 1][x];  // above
    } else if (pred == 2) {
        if (bx == 0) return "a slice block at the left edge refers to an upper-left neighbour";
        index = m_endpointAt[cur ^ 1][x - 1];  // upper left
    } else {
        const int delta = m_books.deltaEndpoint.decode(m_in);
        if (delta < 0) return "an unknown endpoint delta code in a slice";
        index = delta + m_prevEndpoint;
        if (index >= count) index -= count;
        if (index >= count) return "a slice block's endpoint index passes the codebook";
    }
    m_endpointAt[cur][x] = index;
    m_prevEndpoint = index;
    return {};
}

std::string SliceDecoder::selector(int& index) {
    const int count = static_cast<int>(m_books.selectors.size());
    const int historySize = m_books.selectorHistorySize;
    const int runSymbol = count + historySize;
    int sym = count;  // inside a run: history entry 0
    if (m_selectorRun > 0) {
        --m_selectorRun;
    } else {
        sym = m_books.selector.decode(m_in);
        if (sym < 0 || sym > runSymbol) return "an unknown selector code in a slice";
        if (sym == runSymbol) {
            const int run = m_books.selectorHistoryRle.decode(m_in);
            if (run < 0) return "an unknown selector run code in a slice";
            m_selectorRun = (run == kHistoryRleLong ? static_cast<int>(decodeVlc(m_in, kHistoryRleVlcBits)) : run) + kHistoryRleMin - 1;
            sym = count;
        }
    }
    if (sym < count) {
        index = sym;
        if (historySize > 0) m_history.add(index);
        return {};
    }
    const int h = sym - count;
    if (historySize == 0 || h >= historySize) return "a slice refers to a selector history it does not have";
    index = m_history[std::size_t(h)];
    m_history.use(std::size_t(h));
    return {};
}

}  // namespace

std::string decodeEtc1sSlice(const Etc1sCodebooks& books, std::span<const std::uint8_t> slice, int width, int height,
                             bool alphaSlice, std::vector<std::uint8_t>& rgba) {
    const int bw = (width + 3) / 4, bh = (height + 3) / 4;
    SliceDecoder decoder(books, slice, bw);
    for (int by = 0; by < bh; ++by) {
        for (int bx = 0; bx < bw; ++bx) {
            int endpoint = 0, selector = 0;
            if (auto why = decoder.endpoint(bx, by, endpoint); !why.empty()) return why;
            if (auto why = decoder.selector(selector); !why.empty()) return why;
            const auto block = etc1sToEtc1(books.endpoints[std::size_t(endpoint)], books.selectors[std::size_t(selector)]);
            writeBlock(decodeEtc1Block(block.data()), bx, by, width, height, alphaSlice, rgba);
        }
        if (decoder.overrun()) return "a slice runs past the end of its data";
    }
    return {};
}

}  // namespace sw::geometry::detail
