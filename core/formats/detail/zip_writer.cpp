#include "core/formats/detail/zip_writer.h"

#include <zlib.h>

namespace sw::formats::detail {
namespace {

constexpr std::uint64_t kLimit = 0xffffffffull;
constexpr std::uint16_t kDosDate = (1 << 5) | 1;  // 1980-01-01, 00:00: no clock in the bytes

void put16(std::vector<std::uint8_t>& out, std::uint32_t v) {
    out.push_back(std::uint8_t(v));
    out.push_back(std::uint8_t(v >> 8));
}
void put32(std::vector<std::uint8_t>& out, std::uint32_t v) {
    put16(out, v & 0xffff);
    put16(out, v >> 16);
}

std::uint32_t crcOf(const std::vector<std::uint8_t>& bytes) {
    uLong crc = crc32(0L, Z_NULL, 0);
    for (std::size_t done = 0; done < bytes.size();) {  // crc32 takes a uInt length
        const uInt n = uInt(std::min<std::size_t>(bytes.size() - done, 1u << 30));
        crc = crc32(crc, bytes.data() + done, n);
        done += n;
    }
    return std::uint32_t(crc);
}

// Raw deflate of `in`, or empty when it does not shrink (or zlib fails: the entry is stored).
std::vector<std::uint8_t> deflateRaw(const std::vector<std::uint8_t>& in) {
    z_stream z{};
    if (in.empty() || deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK) return {};
    std::vector<std::uint8_t> out(deflateBound(&z, uLong(in.size())));
    z.next_in = const_cast<Bytef*>(in.data());
    z.avail_in = uInt(in.size());
    z.next_out = out.data();
    z.avail_out = uInt(out.size());
    const int rc = deflate(&z, Z_FINISH);
    out.resize(z.total_out);
    deflateEnd(&z);
    if (rc != Z_STREAM_END || out.size() >= in.size()) return {};
    return out;
}

struct Written {
    std::uint16_t method;
    std::uint32_t crc, compressed, size, offset;
};

void header(std::vector<std::uint8_t>& out, const std::string& name, const Written& w, bool central) {
    put32(out, central ? 0x02014b50 : 0x04034b50);
    if (central) put16(out, 20);  // made by: version 2.0
    put16(out, 20);               // needed to extract: 2.0
    put16(out, 1 << 11);          // the name is UTF-8
    put16(out, w.method);
    put16(out, 0);
    put16(out, kDosDate);
    put32(out, w.crc);
    put32(out, w.compressed);
    put32(out, w.size);
    put16(out, std::uint32_t(name.size()));
    put16(out, 0);  // extra field
    if (central) {
        put16(out, 0);  // comment
        put16(out, 0);  // disk
        put16(out, 0);  // internal attributes
        put32(out, 0);  // external attributes
        put32(out, w.offset);
    }
    out.insert(out.end(), name.begin(), name.end());
}

}  // namespace

Result<std::vector<std::uint8_t>> buildZip(const std::vector<ZipInput>& entries, const std::string& path) {
    if (entries.size() >= 0xffff) return makeError(ErrorCode::InvalidInput, "too many entries for a ZIP without ZIP64", path);
    std::vector<std::uint8_t> out;
    std::vector<Written> written;
    for (const ZipInput& e : entries) {
        if (e.bytes.size() >= kLimit || e.name.size() >= 0xffff || out.size() >= kLimit)
            return makeError(ErrorCode::InvalidInput, "'" + e.name + "' does not fit a ZIP without ZIP64 (4 GiB)", path);
        std::vector<std::uint8_t> packed = deflateRaw(e.bytes);
        const bool deflated = !packed.empty();
        const std::vector<std::uint8_t>& data = deflated ? packed : e.bytes;
        const Written w{std::uint16_t(deflated ? 8 : 0), crcOf(e.bytes), std::uint32_t(data.size()), std::uint32_t(e.bytes.size()),
                        std::uint32_t(out.size())};
        header(out, e.name, w, false);
        out.insert(out.end(), data.begin(), data.end());
        written.push_back(w);
    }
    const std::uint64_t directory = out.size();
    for (std::size_t i = 0; i < entries.size(); ++i) header(out, entries[i].name, written[i], true);
    if (out.size() >= kLimit) return makeError(ErrorCode::InvalidInput, "the archive does not fit a ZIP without ZIP64 (4 GiB)", path);
    put32(out, 0x06054b50);
    put16(out, 0);
    put16(out, 0);
    put16(out, std::uint32_t(entries.size()));
    put16(out, std::uint32_t(entries.size()));
    put32(out, std::uint32_t(out.size() - directory - 12));
    put32(out, std::uint32_t(directory));
    put16(out, 0);
    return out;
}

}  // namespace sw::formats::detail
