// libFuzzer target: the SPL2 reader with its optional CHNK tail. A model that decodes passes
// validateSpl2 and re-encodes.
#include <cstdint>
#include <span>

#include "core/formats/spl2.h"
#include "tests/fuzz/fuzz_check.h"

using namespace sw::formats;

namespace {

// nCore + nShell splats with distinct values, shell orders alternating forward/backward.
Spl2Model seedModel(std::size_t nCore, std::size_t nShell) {
    Spl2Model m;
    m.core.resize(nCore);
    m.shell.resize(nShell);
    for (Spl2Part* part : {&m.core, &m.shell})
        for (std::size_t i = 0; i < part->size(); ++i) {
            const float f = static_cast<float>(i + 1);
            part->pos[i] = {0.1f * f, -0.2f, 0.3f};
            part->ax0[i] = {0.05f * f, 0.0f, 0.0f};
            part->ax1[i] = {0.0f, 0.025f, 0.0f};
            part->normal[i] = {0.0f, 0.0f, 1.0f};
            part->color[i] = {0.5f, 0.25f * f, 0.75f};
            part->opacity[i] = 0.5f;
            part->attrs[i] = {0.75f, 35.0f, 16.0f * f, 0.125f};
        }
    for (int b = 0; b < kSpl2Buckets; ++b) {
        std::vector<std::int32_t> order(nShell);
        for (std::size_t i = 0; i < nShell; ++i) order[i] = static_cast<std::int32_t>(b % 2 ? nShell - 1 - i : i);
        m.orders.push_back(order);
    }
    return m;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int* argc, char*** argv) {
    sw::fuzz::seedsRequested(*argc, *argv, [](const std::filesystem::path& dir) {
        Spl2Model m = seedModel(1, 2);
        sw::fuzz::writeSeedResult(dir / "plain.bin", encodeSpl2(m, "seed"));
        Spl2ChunkTail t;
        t.coreChunk = {1};
        t.coreMaterial = {static_cast<std::int32_t>(MaterialClass::Flesh)};
        t.shellChunk = {0, 1};
        t.shellMaterial = {static_cast<std::int32_t>(MaterialClass::Core), 0};
        t.chunks = {Spl2Chunk{{0.1f, 0.2f, 0.3f}, 2, 0.75f}, Spl2Chunk{{-1.0f, 0.0f, 1.0f}, 0, 0.5f}};
        m.chunks = t;
        sw::fuzz::writeSeedResult(dir / "chunks.bin", encodeSpl2(m, "seed"));
        sw::fuzz::writeSeedResult(dir / "core_only.bin", encodeSpl2(seedModel(2, 0), "seed"));
    });
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string path = "fuzz.bin";
    auto model = decodeSpl2(std::span(data, size), path);
    if (!sw::fuzz::accepted(model, path)) return 0;
    if (auto s = validateSpl2(*model, path); !s) sw::fuzz::broken("decoded model is invalid", s.error().toString());
    if (auto bytes = encodeSpl2(*model, path); !bytes || bytes->size() != size)
        sw::fuzz::broken("decoded model does not re-encode to the same size", "");
    return 0;
}
