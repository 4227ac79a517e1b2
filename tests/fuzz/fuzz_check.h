#pragma once
// Shared by the libFuzzer targets (tests/fuzz, scripts/fuzz): what every reader promises on any
// input. A failure is an error naming the file with a message; a success is a valid value.
// A broken promise traps, so libFuzzer saves the input as a crash.
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <string>

#include "core/foundation/error.h"

namespace sw::fuzz {

[[noreturn]] inline void broken(const char* what, const std::string& detail) {
    std::fprintf(stderr, "fuzz: broken promise: %s: %s\n", what, detail.c_str());
    std::abort();
}

// Checks a failed result: error names `path`, has a message and a non-Ok code.
template <class R>
bool accepted(const R& r, const std::string& path) {
    if (r.ok()) return true;
    if (r.error().path != path) broken("error does not name the file", r.error().toString());
    if (r.error().message.empty()) broken("error without a message", r.error().toString());
    return false;
}

}  // namespace sw::fuzz

// Seeds: every target writes its own seed files, made by our own writers from the same kinds
// of fixtures the unit tests build, when run as `fuzz_<name> -write_seeds=<dir>` (scripts/fuzz
// does this first). LLVMFuzzerInitialize runs before libFuzzer reads its flags.
#include <filesystem>
#include <fstream>
#include <vector>

namespace sw::fuzz {

inline void writeSeed(const std::filesystem::path& file, const std::vector<std::uint8_t>& bytes) {
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}
inline void writeSeed(const std::filesystem::path& file, const std::string& text) {
    writeSeed(file, std::vector<std::uint8_t>(text.begin(), text.end()));
}
template <class R>
void writeSeedResult(const std::filesystem::path& file, const R& r) {
    if (!r) broken("cannot make a seed", r.error().toString());
    writeSeed(file, *r);
}

// When argv holds -write_seeds=<dir>: calls write(dir) and exits 0.
template <class F>
void seedsRequested(int argc, char** argv, F write) {
    const std::string flag = "-write_seeds=";
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a.rfind(flag, 0) == 0) {
            std::filesystem::create_directories(a.substr(flag.size()));
            write(std::filesystem::path(a.substr(flag.size())));
            std::exit(0);
        }
    }
}

}  // namespace sw::fuzz
