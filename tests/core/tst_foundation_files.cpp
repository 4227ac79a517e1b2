// Foundation file safety (issue 12): only regular files are replaced, folders are replaced only
// when this program wrote everything in them, interrupts cancel writes without leftovers, stale
// temporaries of killed runs are swept, and large allocations are estimated before they happen.
#include <doctest/doctest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/foundation/file_io.h"
#include "core/foundation/interrupt.h"
#include "core/foundation/memory.h"
#include "core/foundation/output_folder.h"
#include "core/foundation/progress.h"
#include "tests/support/test_support.h"

namespace fs = std::filesystem;

namespace {

std::string freshDir(const std::string& name) {
    const std::string dir = sw::test::outputDir(name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

void touch(const std::string& path, const std::string& text = "x") {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path) << text;
}

int temporariesIn(const std::string& dir) {
    int n = 0;
    for (const auto& e : fs::recursive_directory_iterator(dir)) n += e.path().filename().string().find(".tmp-") != std::string::npos;
    return n;
}

}  // namespace

TEST_CASE("reading a folder, a device or a missing path is an Io error naming it") {
    const std::string dir = freshDir("files_read");
    auto folder = sw::readFileBytes(dir);
    REQUIRE_FALSE(folder.ok());
    CHECK(folder.error().code == sw::ErrorCode::Io);
    CHECK(folder.error().path == dir);
    CHECK(folder.error().message == "is a folder, not a file");
    auto device = sw::readFileBytes("/dev/zero");
    REQUIRE_FALSE(device.ok());
    CHECK(device.error().message.find("character device") != std::string::npos);
    CHECK(sw::readFileBytes(dir + "/missing").error().code == sw::ErrorCode::Io);
    touch(dir + "/a.txt", "abc");
    CHECK(*sw::readFileText(dir + "/a.txt") == "abc");
}

TEST_CASE("the atomic writer replaces only regular files: folders and pipes are errors, devices are written") {
    const std::string dir = freshDir("files_targets");
    fs::create_directories(dir + "/folder.ply");
    auto st = sw::writeFileAtomic(dir + "/folder.ply", std::string_view("x"));
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().code == sw::ErrorCode::Io);
    CHECK(st.error().message.find("is a folder") != std::string::npos);
    CHECK(fs::is_directory(dir + "/folder.ply"));
    REQUIRE(::mkfifo((dir + "/pipe.png").c_str(), 0644) == 0);
    st = sw::writeFileAtomic(dir + "/pipe.png", std::string_view("x"));
    REQUIRE_FALSE(st.ok());
    CHECK(st.error().message.find("is a pipe") != std::string::npos);
    CHECK(fs::is_fifo(dir + "/pipe.png"));
    // A character device is written in place and stays a device.
    REQUIRE(sw::writeFileAtomic("/dev/null", std::string_view("discarded")).ok());
    CHECK(fs::is_character_file("/dev/null"));
    auto full = sw::writeFileAtomic("/dev/full", std::string_view("no room"));
    REQUIRE_FALSE(full.ok());
    CHECK(full.error().path == "/dev/full");
    CHECK(full.error().message.find("No space left") != std::string::npos);
    // A symbolic link is written through: the link stays, its target gets the bytes.
    touch(dir + "/real.txt", "old");
    fs::create_symlink("real.txt", dir + "/link.txt");
    REQUIRE(sw::writeFileAtomic(dir + "/link.txt", std::string_view("new")).ok());
    CHECK(fs::is_symlink(dir + "/link.txt"));
    CHECK(*sw::readFileText(dir + "/real.txt") == "new");
    fs::create_symlink("nowhere.txt", dir + "/dangling.txt");
    CHECK_FALSE(sw::writeFileAtomic(dir + "/dangling.txt", std::string_view("x")).ok());
    CHECK(temporariesIn(dir) == 0);
}

TEST_CASE("an interrupt cancels writes and progress; nothing is published and no temporary is left") {
    const std::string dir = freshDir("files_interrupt");
    REQUIRE(sw::writeFileAtomic(dir + "/a.txt", std::string_view("before")).ok());
    sw::AtomicFile file(dir + "/a.txt");
    REQUIRE(file.open().ok());
    REQUIRE(file.write("after", 5).ok());
    sw::requestInterrupt();
    const sw::Status commit = file.commit();
    const sw::Status direct = sw::writeFileAtomic(dir + "/b.txt", std::string_view("x"));
    const bool progressSaw = sw::Progress().cancelled();
    sw::clearInterrupt();
    REQUIRE_FALSE(commit.ok());
    CHECK(commit.error().code == sw::ErrorCode::Cancelled);
    CHECK(commit.error().path == dir + "/a.txt");
    REQUIRE_FALSE(direct.ok());
    CHECK(direct.error().code == sw::ErrorCode::Cancelled);
    CHECK(progressSaw);
    CHECK_FALSE(sw::Progress().cancelled());
    CHECK(*sw::readFileText(dir + "/a.txt") == "before");
    CHECK_FALSE(fs::exists(dir + "/b.txt"));
}

TEST_CASE("stale temporaries of a killed run are removed; a running process's ones are kept") {
    const std::string dir = freshDir("files_stale");
    // pid 4194399 is above Linux's largest pid_max: that process cannot run.
    touch(dir + "/out.spz.tmp-4194399-deadbeef");
    const std::string mine = dir + "/out.spz.tmp-" + std::to_string(::getpid()) + "-00000001";
    touch(mine);
    touch(dir + "/ds.tmp-4194399-0000abcd/" + sw::kOutputMarker, "{}");
    touch(dir + "/ds.tmp-4194399-0000abcd/train/r_0.png");
    touch(dir + "/foreign.tmp-4194399-0000abcd/keep.txt");  // a folder without our marker: kept
    touch(dir + "/notes.tmp-4194399-1234");  // not our pattern (8 hex digits): the user's
    REQUIRE(sw::writeFileAtomic(dir + "/out.spz", std::string_view("spz")).ok());
    CHECK_FALSE(fs::exists(dir + "/out.spz.tmp-4194399-deadbeef"));
    CHECK(fs::exists(mine));
    // the stale folder of another output in the same folder went with the same sweep
    CHECK_FALSE(fs::exists(dir + "/ds.tmp-4194399-0000abcd"));
    CHECK(fs::exists(dir + "/foreign.tmp-4194399-0000abcd/keep.txt"));
    CHECK(fs::exists(dir + "/notes.tmp-4194399-1234"));
    touch(dir + "/ds.tmp-4194399-0000abce/" + sw::kOutputMarker, "{}");
    CHECK(sw::removeStaleTemporaries(dir + "/other").size() == 1);
    CHECK(sw::removeStaleTemporaries(dir + "/foreign").empty());
    CHECK(fs::exists(dir + "/foreign.tmp-4194399-0000abcd/keep.txt"));
}

TEST_CASE("a file that does not fit on its disk is refused before anything is written") {
    const std::string dir = freshDir("files_space");
    ::setenv("SW_TEST_DISK_FREE", "1000", 1);
    auto refused = sw::writeFileAtomic(dir + "/big.bin", std::string(20000, 'x'));
    ::setenv("SW_TEST_DISK_FREE", "100000", 1);
    auto fits = sw::writeFileAtomic(dir + "/small.bin", std::string(20000, 'x'));
    ::unsetenv("SW_TEST_DISK_FREE");
    REQUIRE_FALSE(refused.ok());
    CHECK(refused.error().code == sw::ErrorCode::Io);
    CHECK(refused.error().path == dir + "/big.bin");
    CHECK(refused.error().message == "the file would be 20 KB but its disk has 1000 bytes free; nothing was written: "
                                     "free space or choose another disk");
    CHECK(fits.ok());
    CHECK_FALSE(fs::exists(dir + "/big.bin"));
    CHECK(fs::file_size(dir + "/small.bin") == 20000);
    CHECK(sw::writeFileAtomic("/dev/null", std::string(20000, 'x')).ok());  // a device is written, not measured
}

TEST_CASE("a folder is replaced only when it is empty or everything in it is listed by its marker") {
    const std::string dir = freshDir("files_folders");
    const auto tempWith = [&](const std::string& file) {
        auto temp = sw::TemporaryFolder::create(dir + "/out");
        REQUIRE(temp.ok());
        touch(temp->path() + "/" + file, "new");
        REQUIRE(sw::recordOutputs(temp->path(), {file}).ok());
        return std::move(*temp);
    };
    {  // absent, then ours: replaced
        auto t = tempWith("train/r_0.png");
        REQUIRE(sw::replaceFolder(t.path(), dir + "/out").ok());
        t.release();
        auto t2 = tempWith("train/r_1.png");
        REQUIRE(sw::replaceFolder(t2.path(), dir + "/out").ok());
        t2.release();
        CHECK(fs::exists(dir + "/out/train/r_1.png"));
        CHECK_FALSE(fs::exists(dir + "/out/train/r_0.png"));
    }
    {  // the user's file inside: refused, nothing touched
        touch(dir + "/out/train/notes.txt", "keep");
        auto t = tempWith("train/r_2.png");
        auto st = sw::replaceFolder(t.path(), dir + "/out");
        REQUIRE_FALSE(st.ok());
        CHECK(st.error().code == sw::ErrorCode::InvalidInput);
        CHECK(st.error().path == dir + "/out");
        CHECK(st.error().message.find("train/notes.txt") != std::string::npos);
        CHECK(*sw::readFileText(dir + "/out/train/notes.txt") == "keep");
        CHECK(fs::exists(dir + "/out/train/r_1.png"));
    }
    {  // a folder without a marker holding files, and a file where the folder goes: refused
        touch(dir + "/user/m.glb", "model");
        CHECK_FALSE(sw::checkFolderReplaceable(dir + "/user").ok());
        touch(dir + "/file.glb", "model");
        auto st = sw::checkFolderReplaceable(dir + "/file.glb");
        REQUIRE_FALSE(st.ok());
        CHECK(st.error().message.find("not a folder") != std::string::npos);
        fs::create_directories(dir + "/empty");
        CHECK(sw::checkFolderReplaceable(dir + "/empty").ok());
    }
    {  // files in a folder: replaceable only when listed
        touch(dir + "/exp/cube.ply", "user's");
        CHECK_FALSE(sw::checkReplaceable(dir + "/exp", "cube.ply").ok());
        CHECK(sw::checkReplaceable(dir + "/exp", "cube.bin").ok());
        REQUIRE(sw::recordOutputs(dir + "/exp", {"cube.bin", "checkpoint/"}).ok());
        touch(dir + "/exp/cube.bin");
        touch(dir + "/exp/checkpoint/checkpoint.json");
        CHECK(sw::checkReplaceable(dir + "/exp", "cube.bin").ok());
        CHECK(sw::checkReplaceable(dir + "/exp", "checkpoint/").ok());
        CHECK_FALSE(sw::claimOutputs(dir + "/exp", {"cube.ply"}).ok());
        CHECK(sw::claimOutputs(dir + "/exp", {"cloud.ply"}).ok());
    }
    CHECK(temporariesIn(dir) == 0);
}

TEST_CASE("allocations beyond what the machine can give are refused as OutOfMemory") {
    CHECK(sw::checkAllocation(1024, "a small buffer").ok());
    auto huge = sw::checkAllocation(sw::mulSaturating(1ull << 40, 1ull << 30), "the sheet", "out.png");
    REQUIRE_FALSE(huge.ok());
    CHECK(huge.error().code == sw::ErrorCode::OutOfMemory);
    CHECK(huge.error().path == "out.png");
    CHECK(huge.error().message.find("the sheet needs") == 0);
    CHECK(sw::mulSaturating(1ull << 40, 1ull << 40) == UINT64_MAX);
}

TEST_CASE("under an address-space limit what the process already maps is not available") {
    // ulimit -v: the limit counts the whole address space, so what is left is the limit minus
    // VmSize (the old parser stopped at /proc/self/status's first line and offered the whole limit).
    rlimit saved{};
    REQUIRE(::getrlimit(RLIMIT_AS, &saved) == 0);
    std::uint64_t vmSize = 0;
    {
        std::ifstream status("/proc/self/status");
        std::string line;
        while (std::getline(status, line))
            if (line.rfind("VmSize:", 0) == 0) vmSize = std::stoull(line.substr(7)) * 1024;
    }
    REQUIRE(vmSize > 0);
    rlimit capped = saved;
    capped.rlim_cur = rlim_t(vmSize + (256ull << 20));  // 256 MiB above what is mapped now
    if (saved.rlim_max != RLIM_INFINITY && capped.rlim_cur > saved.rlim_max) capped.rlim_cur = saved.rlim_max;
    REQUIRE(::setrlimit(RLIMIT_AS, &capped) == 0);
    const std::uint64_t left = sw::allocatableBytes();
    const bool refused = !sw::checkAllocation(512ull << 20, "half a GiB").ok();
    REQUIRE(::setrlimit(RLIMIT_AS, &saved) == 0);
    CHECK(left <= (256ull << 20));
    CHECK(left > (128ull << 20));
    CHECK(refused);
}
