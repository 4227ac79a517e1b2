#include "core/geometry/ktx2_texture.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "core/geometry/detail/basis_etc1s.h"

namespace sw::geometry {
namespace {

constexpr std::array<std::uint8_t, 12> kIdentifier{0xAB, 'K', 'T', 'X', ' ', '2', '0', 0xBB, '\r', '\n', 0x1A, '\n'};
constexpr std::size_t kHeaderBytes = 80;      // identifier, 9 header words, the index (§3)
constexpr std::size_t kLevelEntryBytes = 24;  // byteOffset, byteLength, uncompressedByteLength
constexpr std::size_t kSgdHeaderBytes = 20;   // BasisLZ global header
constexpr std::size_t kImageDescBytes = 20;   // BasisLZ per-image slice description
constexpr std::uint32_t kSchemeNone = 0, kSchemeBasisLz = 1;
constexpr int kModelEtc1s = 163, kModelUastc = 166;  // KHR_DF_MODEL_ETC1S / _UASTC
constexpr int kChannelAaa = 15;                      // ETC1S alpha slice channel id
constexpr std::uint32_t kPFrame = 2;                 // BasisLZ imageFlags: texture video P-frame
// Uncompressed formats we read (VkFormat): bytes per texel.
struct RawFormat {
    std::uint32_t vkFormat;
    int bytes;
};
constexpr RawFormat kRawFormats[] = {{23, 3}, {29, 3}, {37, 4}, {43, 4}};  // R8G8B8_UNORM/_SRGB, R8G8B8A8_UNORM/_SRGB

std::uint32_t u32(std::span<const std::uint8_t> b, std::size_t at) {
    return std::uint32_t(b[at]) | std::uint32_t(b[at + 1]) << 8 | std::uint32_t(b[at + 2]) << 16 | std::uint32_t(b[at + 3]) << 24;
}
std::uint64_t u64(std::span<const std::uint8_t> b, std::size_t at) { return u32(b, at) | std::uint64_t(u32(b, at + 4)) << 32; }
std::uint16_t u16(std::span<const std::uint8_t> b, std::size_t at) { return static_cast<std::uint16_t>(b[at] | b[at + 1] << 8); }

// A byte range [offset, offset + length) inside a span of `size` bytes, without overflow.
bool inside(std::uint64_t offset, std::uint64_t length, std::uint64_t size) { return offset <= size && length <= size - offset; }

struct Container {
    std::uint32_t vkFormat = 0;
    std::uint32_t scheme = 0;
    int width = 0, height = 0;
    int layers = 1, faces = 1, levels = 1;
    int colorModel = 0;
    bool alphaChannel = false;  // ETC1S: a second DFD sample for the alpha slice
    bool flipRows = false;      // KTXorientation "ru": rows stored bottom to top
    std::span<const std::uint8_t> level0;
    std::span<const std::uint8_t> sgd;
    int rawBytes = 0;           // uncompressed: bytes per texel
};

class Reader {
public:
    Reader(std::span<const std::uint8_t> bytes, const std::string& what) : m_b(bytes), m_what(what) {}
    Result<Container> parse();

private:
    Error bad(const std::string& why) const { return makeError(ErrorCode::Parse, "KTX2 texture: " + why, m_what); }
    Error unsupported(const std::string& why) const { return makeError(ErrorCode::Unsupported, "KTX2 texture: " + why, m_what); }
    Status header(Container& c);
    Status levelIndex(Container& c);
    Status dataFormat(Container& c);
    void orientation(Container& c);
    Status payload(const Container& c) const;

    std::span<const std::uint8_t> m_b;
    const std::string& m_what;
};

Status Reader::header(Container& c) {
    if (m_b.size() < kHeaderBytes) return bad("truncated header (" + std::to_string(m_b.size()) + " bytes)");
    if (!std::equal(kIdentifier.begin(), kIdentifier.end(), m_b.begin())) return bad("no KTX 2.0 file identifier");
    c.vkFormat = u32(m_b, 12);
    const std::uint32_t w = u32(m_b, 20), h = u32(m_b, 24), depth = u32(m_b, 28);
    const std::uint32_t layers = u32(m_b, 32), faces = u32(m_b, 36), levels = u32(m_b, 40);
    c.scheme = u32(m_b, 44);
    if (w == 0) return bad("pixelWidth is 0");
    if (depth != 0) return unsupported("3D textures (pixelDepth " + std::to_string(depth) + ") are not supported");
    if (w > std::uint32_t(kMaxKtx2Side) || h > std::uint32_t(kMaxKtx2Side))
        return unsupported(std::to_string(w) + "x" + std::to_string(h) + " is larger than " + std::to_string(kMaxKtx2Side) +
                           " px per side");
    if (faces != 1 && faces != 6) return bad("faceCount " + std::to_string(faces) + " (1 or 6 allowed)");
    c.width = static_cast<int>(w);
    c.height = static_cast<int>(std::max<std::uint32_t>(h, 1));
    int maxLevels = 1;
    while ((std::max(c.width, c.height) >> maxLevels) > 0) ++maxLevels;
    if (levels > std::uint32_t(maxLevels))
        return bad("levelCount " + std::to_string(levels) + " exceeds the " + std::to_string(maxLevels) + " levels of " +
                   std::to_string(w) + "x" + std::to_string(h));
    if (layers > 2048) return bad("layerCount " + std::to_string(layers) + " is implausible");
    c.layers = static_cast<int>(std::max<std::uint32_t>(layers, 1));
    c.faces = static_cast<int>(faces);
    c.levels = static_cast<int>(std::max<std::uint32_t>(levels, 1));
    return {};
}

Status Reader::levelIndex(Container& c) {
    if (!inside(kHeaderBytes, kLevelEntryBytes * std::uint64_t(c.levels), m_b.size())) return bad("truncated level index");
    const std::uint64_t offset = u64(m_b, kHeaderBytes), length = u64(m_b, kHeaderBytes + 8);
    if (!inside(offset, length, m_b.size()))
        return bad("level 0 (byteOffset " + std::to_string(offset) + ", byteLength " + std::to_string(length) +
                   ") runs past the end of the file (" + std::to_string(m_b.size()) + " bytes)");
    c.level0 = m_b.subspan(static_cast<std::size_t>(offset), static_cast<std::size_t>(length));
    const std::uint64_t sgdOffset = u64(m_b, 64), sgdLength = u64(m_b, 72);
    if (!inside(sgdOffset, sgdLength, m_b.size())) return bad("supercompression global data runs past the end of the file");
    c.sgd = m_b.subspan(static_cast<std::size_t>(sgdOffset), static_cast<std::size_t>(sgdLength));
    return {};
}

// The Khronos basic data format descriptor (Khronos Data Format Specification §5): its colour
// model and, for ETC1S, whether a second sample (the alpha slice) is present.
Status Reader::dataFormat(Container& c) {
    const std::uint32_t offset = u32(m_b, 48), length = u32(m_b, 52);
    if (!inside(offset, length, m_b.size())) return bad("data format descriptor runs past the end of the file");
    constexpr std::uint32_t kBlockHeader = 24, kSample = 16;
    if (length < 4 + kBlockHeader) return bad("data format descriptor of " + std::to_string(length) + " bytes is too short");
    const auto dfd = m_b.subspan(offset, length);
    const std::uint32_t blockSize = u16(dfd, 4 + 6);
    if (blockSize < kBlockHeader || blockSize > length - 4) return bad("data format descriptor block size " + std::to_string(blockSize));
    c.colorModel = dfd[4 + 8];
    const std::uint32_t samples = (blockSize - kBlockHeader) / kSample;
    if (samples >= 2) c.alphaChannel = (dfd[4 + kBlockHeader + kSample + 3] & 0x0F) == kChannelAaa;
    return {};
}

// Key/value data (§3.10): KTXorientation, e.g. "rd" (the default) or "ru".
void Reader::orientation(Container& c) {
    const std::uint32_t offset = u32(m_b, 56), length = u32(m_b, 60);
    if (!inside(offset, length, m_b.size())) return;
    const auto kvd = m_b.subspan(offset, length);
    for (std::size_t at = 0; at + 4 <= kvd.size();) {
        const std::uint32_t size = u32(kvd, at);
        if (!inside(at + 4, size, kvd.size())) return;
        const std::string entry(reinterpret_cast<const char*>(kvd.data() + at + 4), size);
        const std::string key = "KTXorientation";
        if (entry.size() > key.size() + 2 && entry.compare(0, key.size() + 1, key + '\0', 0, key.size() + 1) == 0)
            c.flipRows = entry[key.size() + 2] == 'u';
        at += 4 + ((std::size_t(size) + 3) & ~std::size_t(3));
    }
}

Status Reader::payload(const Container& c) const {
    if (c.colorModel == kModelUastc)
        return unsupported("UASTC (Basis Universal's high-quality mode) is not supported; re-encode it as ETC1S (BasisLZ) or PNG");
    if (c.scheme == kSchemeBasisLz) {
        if (c.vkFormat != 0 || c.colorModel != kModelEtc1s)
            return bad("BasisLZ supercompression with vkFormat " + std::to_string(c.vkFormat) + " and colour model " +
                       std::to_string(c.colorModel) + " (ETC1S, vkFormat 0, expected)");
        return {};
    }
    if (c.scheme != kSchemeNone)
        return unsupported("supercompression scheme " + std::to_string(c.scheme) + " is not supported (only BasisLZ/ETC1S and none)");
    for (const RawFormat& f : kRawFormats)
        if (f.vkFormat == c.vkFormat) return {};
    return unsupported("vkFormat " + std::to_string(c.vkFormat) +
                       " is not supported (BasisLZ/ETC1S, R8G8B8(A8)_UNORM and _SRGB are)");
}

Result<Container> Reader::parse() {
    Container c;
    SW_TRY(header(c));
    SW_TRY(levelIndex(c));
    SW_TRY(dataFormat(c));
    orientation(c);
    SW_TRY(payload(c));
    for (const RawFormat& f : kRawFormats)
        if (c.scheme == kSchemeNone && f.vkFormat == c.vkFormat) c.rawBytes = f.bytes;
    return c;
}

// BasisLZ global data (KTX 2.0 §3.12.2): header, one image description per image of every
// level (level-major, then layer, face), then the endpoint, selector and table sections.
Status decodeBasisLz(const Container& c, const std::string& what, Rgba8Image& out) {
    auto bad = [&](const std::string& why) { return makeError(ErrorCode::Parse, "KTX2 texture: " + why, what); };
    if (c.sgd.size() < kSgdHeaderBytes) return bad("BasisLZ global data of " + std::to_string(c.sgd.size()) + " bytes is too short");
    const int endpointCount = u16(c.sgd, 0), selectorCount = u16(c.sgd, 2);
    const std::uint64_t endpointsLength = u32(c.sgd, 4), selectorsLength = u32(c.sgd, 8), tablesLength = u32(c.sgd, 12),
                        extendedLength = u32(c.sgd, 16);
    const std::uint64_t images = std::uint64_t(c.levels) * std::uint64_t(c.layers) * std::uint64_t(c.faces);
    const std::uint64_t descs = kSgdHeaderBytes, sections = descs + kImageDescBytes * images;
    if (sections + endpointsLength + selectorsLength + tablesLength + extendedLength > c.sgd.size())
        return bad("BasisLZ global data sections run past its " + std::to_string(c.sgd.size()) + " bytes");
    const std::size_t e = static_cast<std::size_t>(sections), s = e + static_cast<std::size_t>(endpointsLength),
                      t = s + static_cast<std::size_t>(selectorsLength);
    if (u32(c.sgd, descs) & kPFrame)
        return makeError(ErrorCode::Unsupported, "KTX2 texture: texture video (P-frames) is not supported", what);
    const std::uint64_t rgbOffset = u32(c.sgd, descs + 4), rgbLength = u32(c.sgd, descs + 8);
    const std::uint64_t alphaOffset = u32(c.sgd, descs + 12), alphaLength = u32(c.sgd, descs + 16);
    if (!inside(rgbOffset, rgbLength, c.level0.size()) || !inside(alphaOffset, alphaLength, c.level0.size()))
        return bad("a slice of level 0 runs past the level's " + std::to_string(c.level0.size()) + " bytes");
    if (c.alphaChannel && alphaLength == 0) return bad("the format has alpha but level 0 has no alpha slice");
    detail::Etc1sCodebooks books;
    std::string why = detail::readEtc1sCodebooks(c.sgd.subspan(e, static_cast<std::size_t>(endpointsLength)),
                                                 c.sgd.subspan(s, static_cast<std::size_t>(selectorsLength)),
                                                 c.sgd.subspan(t, static_cast<std::size_t>(tablesLength)), endpointCount,
                                                 selectorCount, books);
    if (why.empty())
        why = detail::decodeEtc1sSlice(books, c.level0.subspan(static_cast<std::size_t>(rgbOffset), static_cast<std::size_t>(rgbLength)),
                                       out.width, out.height, false, out.rgba);
    if (why.empty() && c.alphaChannel)
        why = detail::decodeEtc1sSlice(books, c.level0.subspan(static_cast<std::size_t>(alphaOffset), static_cast<std::size_t>(alphaLength)),
                                       out.width, out.height, true, out.rgba);
    return why.empty() ? Status{} : Status(bad(why));
}

Status decodeRaw(const Container& c, const std::string& what, Rgba8Image& out) {
    const std::size_t texels = std::size_t(out.width) * std::size_t(out.height);
    if (c.level0.size() < texels * std::size_t(c.rawBytes))
        return makeError(ErrorCode::Parse, "KTX2 texture: level 0 holds " + std::to_string(c.level0.size()) + " bytes, " +
                         std::to_string(texels * std::size_t(c.rawBytes)) + " needed", what);
    for (std::size_t i = 0; i < texels; ++i)
        std::memcpy(&out.rgba[4 * i], &c.level0[i * std::size_t(c.rawBytes)], std::size_t(c.rawBytes));
    return {};
}

void flipRows(Rgba8Image& img) {
    const std::size_t row = 4 * std::size_t(img.width);
    for (int y = 0; y < img.height / 2; ++y)
        std::swap_ranges(img.rgba.begin() + std::ptrdiff_t(row * std::size_t(y)), img.rgba.begin() + std::ptrdiff_t(row * std::size_t(y + 1)),
                         img.rgba.begin() + std::ptrdiff_t(row * std::size_t(img.height - 1 - y)));
}

}  // namespace

bool isKtx2(std::span<const std::uint8_t> bytes) {
    return bytes.size() >= kIdentifier.size() && std::equal(kIdentifier.begin(), kIdentifier.end(), bytes.begin());
}

Result<Rgba8Image> readKtx2Size(std::span<const std::uint8_t> bytes, const std::string& what) {
    auto c = Reader(bytes, what).parse();
    if (!c) return c.error();
    return Rgba8Image{c->width, c->height, {}};
}

Result<Rgba8Image> decodeKtx2(std::span<const std::uint8_t> bytes, const std::string& what) {
    auto c = Reader(bytes, what).parse();
    if (!c) return c.error();
    Rgba8Image out{c->width, c->height, {}};
    out.rgba.assign(std::size_t(out.width) * std::size_t(out.height) * 4, 255);
    SW_TRY(c->rawBytes > 0 ? decodeRaw(*c, what, out) : decodeBasisLz(*c, what, out));
    if (c->flipRows) flipRows(out);
    return out;
}

}  // namespace sw::geometry
