#pragma once
// KTX2 files built in code for the KTX2 tests and the fuzz target's seeds: a container writer
// (KTX 2.0 §3: header, index, level index, DFD, key/value data, global data, levels) and a
// minimal ETC1S bitstream writer. The ETC1S writer sends every Huffman table with all symbols
// at one code length (ETC1S spec §6), which is valid but says nothing about how a real encoder
// chooses codes: real files are checked in tst_geometry_external (jet-fighter).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace sw::test::ktx2 {

using Bytes = std::vector<std::uint8_t>;

class BitWriter {
public:
    void put(std::uint32_t value, int n) {  // LSB first, as the reader takes them
        for (int i = 0; i < n; ++i) bit((value >> i) & 1);
    }
    void code(std::uint32_t value, int n) {  // a Huffman code: most significant bit first
        for (int i = n - 1; i >= 0; --i) bit((value >> i) & 1);
    }
    Bytes bytes() const { return m_bytes; }

private:
    void bit(std::uint32_t b) {
        if (m_bits % 8 == 0) m_bytes.push_back(0);
        m_bytes.back() = static_cast<std::uint8_t>(m_bytes.back() | (b << (m_bits % 8)));
        ++m_bits;
    }
    Bytes m_bytes;
    int m_bits = 0;
};

// Bits per code of a flat table of n symbols.
inline int flatLength(int n) {
    int l = 1;
    while ((1 << l) < n) ++l;
    return l;
}

// §6 table of n symbols, each coded with flatLength(n) bits.
inline void flatTable(BitWriter& w, int n) {
    const int len = flatLength(n);
    constexpr int kOrder[21] = {17, 18, 19, 20, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15, 16};
    int sent = 0;
    while (kOrder[sent] != len) ++sent;
    w.put(static_cast<std::uint32_t>(n), 14);
    w.put(static_cast<std::uint32_t>(sent + 1), 5);
    for (int i = 0; i <= sent; ++i) w.put(i == sent ? 1 : 0, 3);  // the code-length code: only `len`, 1 bit
    for (int s = 0; s < n; ++s) w.code(0, 1);                      // each symbol: length `len`
}

struct Etc1sEntry {
    std::array<int, 3> color5;
    int intensity;
};

// BasisLZ global data (header, one image, endpoints, selectors, tables) and the level-0 slice
// for a width×height image whose blocks (raster order) use endpoint k and selector k; every
// block codes its endpoint as a delta from the previous one.
struct Etc1sStream {
    Bytes sgd;
    Bytes slice;
};

inline void putLe(Bytes& b, std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i) b.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}

inline Etc1sStream etc1sStream(int width, int height, const std::vector<Etc1sEntry>& endpoints,
                               const std::vector<std::array<std::uint8_t, 4>>& selectorRows) {
    const int ne = static_cast<int>(endpoints.size()), ns = static_cast<int>(selectorRows.size());
    BitWriter e;
    for (int t = 0; t < 3; ++t) flatTable(e, 32);
    flatTable(e, 8);
    e.put(0, 1);  // not greyscale
    std::array<int, 3> prev{16, 16, 16};
    int prevIntensity = 0;
    for (const Etc1sEntry& p : endpoints) {
        e.code(static_cast<std::uint32_t>((p.intensity - prevIntensity) & 7), 3);
        prevIntensity = p.intensity;
        for (int c = 0; c < 3; ++c) {
            e.code(static_cast<std::uint32_t>((p.color5[c] - prev[c]) & 31), 5);
            prev[c] = p.color5[c];
        }
    }
    BitWriter s;
    s.put(0, 1);  // no global codebook
    s.put(0, 1);  // no hybrid codebook
    s.put(1, 1);  // raw selectors: four row bytes each
    for (const auto& rows : selectorRows)
        for (std::uint8_t r : rows) s.put(r, 8);
    BitWriter t;
    flatTable(t, 257);     // endpoint predictors
    flatTable(t, ne);      // endpoint deltas
    flatTable(t, ns + 1);  // selectors (no history buffer) + the run symbol
    flatTable(t, 64);      // runs
    t.put(0, 13);          // selector history size
    BitWriter slice;
    const int bw = (width + 3) / 4, bh = (height + 3) / 4;
    int prevEndpoint = 0, k = 0;
    for (int by = 0; by < bh; ++by)
        for (int bx = 0; bx < bw; ++bx, ++k) {
            if (by % 2 == 0 && bx % 2 == 0) slice.code(0xFF, 9);  // all four blocks: delta-coded endpoints
            const int endpoint = k % ne;
            slice.code(static_cast<std::uint32_t>((endpoint - prevEndpoint + ne) % ne), flatLength(ne));
            prevEndpoint = endpoint;
            slice.code(static_cast<std::uint32_t>(k % ns), flatLength(ns + 1));
        }
    Etc1sStream out;
    const Bytes eb = e.bytes(), sb = s.bytes(), tb = t.bytes();
    putLe(out.sgd, std::uint64_t(ne), 2);
    putLe(out.sgd, std::uint64_t(ns), 2);
    putLe(out.sgd, eb.size(), 4);
    putLe(out.sgd, sb.size(), 4);
    putLe(out.sgd, tb.size(), 4);
    putLe(out.sgd, 0, 4);
    out.slice = slice.bytes();
    putLe(out.sgd, 0, 4);                 // imageFlags
    putLe(out.sgd, 0, 4);                 // rgbSliceByteOffset
    putLe(out.sgd, out.slice.size(), 4);  // rgbSliceByteLength
    putLe(out.sgd, 0, 8);                 // no alpha slice
    for (const Bytes* part : {&eb, &sb, &tb}) out.sgd.insert(out.sgd.end(), part->begin(), part->end());
    return out;
}

struct ContainerSpec {
    std::uint32_t vkFormat = 0;
    int width = 8, height = 4;
    std::uint32_t scheme = 1;
    int colorModel = 163;          // ETC1S; 166 = UASTC; 1 = RGBSDA for raw formats
    std::string orientation = "";  // KTXorientation value, e.g. "ru"; empty = no key
};

// A one-level KTX2 file.
inline Bytes container(const ContainerSpec& spec, const Bytes& level, const Bytes& sgd) {
    Bytes dfd;
    putLe(dfd, 44, 4);                    // dfdTotalSize
    putLe(dfd, 0, 4);                     // vendorId 0 (Khronos), descriptorType 0 (basic)
    putLe(dfd, 2, 2);                     // versionNumber
    putLe(dfd, 40, 2);                    // descriptorBlockSize: 24 + one sample
    dfd.push_back(static_cast<std::uint8_t>(spec.colorModel));
    dfd.push_back(1);                     // BT.709 primaries
    dfd.push_back(2);                     // sRGB transfer
    dfd.push_back(0);                     // straight alpha
    putLe(dfd, 0x00000303, 4);            // texel block 4x4
    putLe(dfd, 8, 8);                     // bytesPlane0 = 8
    putLe(dfd, 0x003F0000, 4);            // sample: offset 0, 64 bits, channel RGB
    putLe(dfd, 0, 4);
    putLe(dfd, 0, 4);
    putLe(dfd, 0xFFFFFFFF, 4);
    Bytes kvd;
    if (!spec.orientation.empty()) {
        const std::string entry = std::string("KTXorientation") + '\0' + spec.orientation + '\0';
        putLe(kvd, entry.size(), 4);
        kvd.insert(kvd.end(), entry.begin(), entry.end());
        while (kvd.size() % 4) kvd.push_back(0);
    }
    const std::size_t dfdAt = 80 + 24, kvdAt = dfdAt + dfd.size(), sgdAt = (kvdAt + kvd.size() + 7) / 8 * 8;
    const std::size_t levelAt = (sgdAt + sgd.size() + 7) / 8 * 8;
    Bytes f = {0xAB, 'K', 'T', 'X', ' ', '2', '0', 0xBB, '\r', '\n', 0x1A, '\n'};
    for (std::uint64_t v : {std::uint64_t(spec.vkFormat), std::uint64_t(1), std::uint64_t(spec.width), std::uint64_t(spec.height),
                            std::uint64_t(0), std::uint64_t(0), std::uint64_t(1), std::uint64_t(1), std::uint64_t(spec.scheme)})
        putLe(f, v, 4);
    putLe(f, dfdAt, 4);
    putLe(f, dfd.size(), 4);
    putLe(f, kvd.empty() ? 0 : kvdAt, 4);
    putLe(f, kvd.size(), 4);
    putLe(f, sgd.empty() ? 0 : sgdAt, 8);
    putLe(f, sgd.size(), 8);
    putLe(f, levelAt, 8);
    putLe(f, level.size(), 8);
    putLe(f, spec.scheme == 1 ? 0 : level.size(), 8);
    f.insert(f.end(), dfd.begin(), dfd.end());
    f.insert(f.end(), kvd.begin(), kvd.end());
    f.resize(sgdAt, 0);
    f.insert(f.end(), sgd.begin(), sgd.end());
    f.resize(levelAt, 0);
    f.insert(f.end(), level.begin(), level.end());
    return f;
}

// 8x4 px, two blocks: endpoint/selector 0 on the left, 1 on the right.
inline const std::vector<Etc1sEntry>& twoEndpoints() {
    static const std::vector<Etc1sEntry> e{{{20, 10, 5}, 3}, {{28, 3, 31}, 6}};
    return e;
}
inline const std::vector<std::array<std::uint8_t, 4>>& twoSelectors() {
    // Rows LSB first: block 0 rows are x = 0..3 selectors (0,1,2,3) ...; block 1 all 3 then all 0.
    static const std::vector<std::array<std::uint8_t, 4>> s{{0xE4, 0x1B, 0x00, 0xFF}, {0xFF, 0xFF, 0x00, 0x00}};
    return s;
}
inline Bytes etc1sFile(const std::string& orientation = "") {
    const Etc1sStream s = etc1sStream(8, 4, twoEndpoints(), twoSelectors());
    ContainerSpec spec;
    spec.orientation = orientation;
    return container(spec, s.slice, s.sgd);
}
// 3x2 px R8G8B8A8_SRGB, texel (x, y) = (10x, 100 + y, 7, 200 + x + y).
inline Bytes rawRgbaFile(const std::string& orientation = "") {
    Bytes level;
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 3; ++x)
            for (int v : {10 * x, 100 + y, 7, 200 + x + y}) level.push_back(static_cast<std::uint8_t>(v));
    ContainerSpec spec;
    spec.vkFormat = 43;
    spec.width = 3;
    spec.height = 2;
    spec.scheme = 0;
    spec.colorModel = 1;
    spec.orientation = orientation;
    return container(spec, level, {});
}

}  // namespace sw::test::ktx2
