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

std::string decodeEtc1sSlice(const Etc1sCodebooks& books, std::span<const std::uint8_t> slice, int width, int height,
                             bool alphaSlice, std::vector<std::uint8_t>& rgba) {
    const int bw = (width + 3) / 4, bh = (height + 3) / 4;
    const int endpointCount = static_cast<int>(books.endpoints.size());
    const int selectorCount = static_cast<int>(books.selectors.size());
    const int historySize = books.selectorHistorySize;
    const int rleSymbol = selectorCount + historySize;
    BitReader in(slice);
    // Per column, for the current and the previous block row: predictor bits kept for the odd
    // row of each 2×2 group, and the endpoint index used (§10.3).
    std::vector<std::uint8_t> predBits[2] = {std::vector<std::uint8_t>(std::size_t(bw), 0), std::vector<std::uint8_t>(std::size_t(bw), 0)};
    std::vector<int> endpointAt[2] = {std::vector<int>(std::size_t(bw), 0), std::vector<int>(std::size_t(bw), 0)};
    SelectorHistory history(std::max(historySize, 1));
    int selectorRun = 0, predRepeat = 0, prevPredSymbol = 0, prevEndpoint = 0;
    std::uint32_t bits = 0;
    for (int by = 0; by < bh; ++by) {
        const int cur = by & 1;
        for (int bx = 0; bx < bw; ++bx) {
            if ((bx & 1) == 0) {
                if (cur == 0) {
                    if (predRepeat > 0) {
                        --predRepeat;
                        bits = static_cast<std::uint32_t>(prevPredSymbol);
                    } else {
                        const int sym = books.endpointPred.decode(in);
                        if (sym < 0 || sym > kEndpointPredRepeat) return "an unknown endpoint predictor code in a slice";
                        if (sym == kEndpointPredRepeat) {
                            predRepeat = static_cast<int>(decodeVlc(in, kEndpointPredCountVlcBits)) + kEndpointPredMinRepeat - 1;
                            bits = static_cast<std::uint32_t>(prevPredSymbol);
                        } else {
                            bits = static_cast<std::uint32_t>(sym);
                            prevPredSymbol = sym;
                        }
                    }
                    predBits[1][std::size_t(bx)] = static_cast<std::uint8_t>(bits >> 4);
                } else {
                    bits = predBits[1][std::size_t(bx)];
                }
            }
            const int pred = static_cast<int>(bits & 3);
            bits >>= 2;
            int endpoint;
            if (pred == 0) {
                endpoint = prevEndpoint;  // left
            } else if (pred == 1) {
                endpoint = endpointAt[cur ^ 1][std::size_t(bx)];  // above
            } else if (pred == 2) {
                if (bx == 0) return "a slice block at the left edge refers to an upper-left neighbour";
                endpoint = endpointAt[cur ^ 1][std::size_t(bx - 1)];  // upper left
            } else {
                const int delta = books.deltaEndpoint.decode(in);
                if (delta < 0) return "an unknown endpoint delta code in a slice";
                endpoint = delta + prevEndpoint;
                if (endpoint >= endpointCount) endpoint -= endpointCount;
                if (endpoint >= endpointCount) return "a slice block's endpoint index passes the codebook";
            }
            endpointAt[cur][std::size_t(bx)] = endpoint;
            prevEndpoint = endpoint;

            int sym;
            if (selectorRun > 0) {
                --selectorRun;
                sym = selectorCount;
            } else {
                sym = books.selector.decode(in);
                if (sym < 0 || sym > rleSymbol) return "an unknown selector code in a slice";
                if (sym == rleSymbol) {
                    const int run = books.selectorHistoryRle.decode(in);
                    if (run < 0) return "an unknown selector run code in a slice";
                    selectorRun = (run == kHistoryRleLong ? static_cast<int>(decodeVlc(in, kHistoryRleVlcBits)) : run) +
                                  kHistoryRleMin - 1;
                    sym = selectorCount;
                }
            }
            int selector;
            if (sym >= selectorCount) {
                const int h = sym - selectorCount;
                if (historySize == 0 || h >= historySize) return "a slice refers to a selector history it does not have";
                selector = history[std::size_t(h)];
                history.use(std::size_t(h));
            } else {
                selector = sym;
                if (historySize > 0) history.add(selector);
            }
            const auto block = etc1sToEtc1(books.endpoints[std::size_t(endpoint)], books.selectors[std::size_t(selector)]);
            writeBlock(decodeEtc1Block(block.data()), bx, by, width, height, alphaSlice, rgba);
        }
        if (in.overrun()) return "a slice runs past the end of its data";
    }
    return {};
}

}  // namespace sw::geometry::detail
