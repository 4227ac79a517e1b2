// Many trainings in one process (core/train/batch.h): the device list, the worker plan and the
// lane scheduler on fake devices (no GPU needed), the budget presets, and trainMany of K = 3
// jobs equal to three single runs with the same seeds.
#include <doctest/doctest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <numeric>
#include <set>
#include <thread>

#include "core/train/batch.h"
#include "tests/core/tst_trainer_fixtures.h"

namespace {

using namespace sw::train;
using sw::train::test::tinyInputs;
using sw::train::test::tinySettings;

int totalThreads(const std::vector<BatchWorker>& workers) {
    int sum = 0;
    for (const BatchWorker& w : workers) sum = std::accumulate(w.laneThreads.begin(), w.laneThreads.end(), sum);
    return sum;
}

// Jobs that hold their lane until `count` of them run at once. A lane runs one job at a time
// and every lane has its own thread (runOnLanes), so the first `count` jobs are on `count`
// different lanes, whatever the scheduling; the limit only keeps a broken scheduler from
// hanging the test (wait() is then false).
class Gathering {
public:
    explicit Gathering(int count) : m_count(count) {}
    bool wait() {
        std::unique_lock<std::mutex> lock(m_mutex);
        if (++m_arrived >= m_count) m_all.notify_all();
        return m_all.wait_for(lock, std::chrono::minutes(2), [this] { return m_arrived >= m_count; });
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_all;
    const int m_count;
    int m_arrived = 0;
};

// Polls `done` until it holds; the limit only keeps a broken scheduler from hanging the test.
template <class Done>
bool waitUntil(Done done) {
    const auto limit = std::chrono::steady_clock::now() + std::chrono::minutes(2);
    while (!done()) {
        if (std::chrono::steady_clock::now() > limit) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return true;
}

}  // namespace

TEST_CASE("device lists: CUDA_VISIBLE_DEVICES-style indices, checked against the visible count") {
    auto all = parseDeviceList("", 3);
    REQUIRE(all.ok());
    CHECK(*all == std::vector<int>{0, 1, 2});
    auto some = parseDeviceList("2,0", 4);
    REQUIRE(some.ok());
    CHECK(*some == std::vector<int>{2, 0});
    CHECK(parseDeviceList("none", 4)->empty());
    CHECK(parseDeviceList("-1", 4)->empty());
    CHECK(parseDeviceList("", 0)->empty());
    for (const char* bad : {"4", "0,0", "a", "1,", ",1", "0;1", "1.5"}) {
        auto r = parseDeviceList(bad, 4);
        CHECK_MESSAGE(!r.ok(), bad);
        if (!r.ok()) CHECK(r.error().message.find(std::string("device list '") + bad + "'") == 0);
    }
    CHECK(parseDeviceList("4", 4).error().message.find("does not exist (4 visible)") != std::string::npos);
}

TEST_CASE("worker plan: one CPU worker splitting the cores, or one worker per device") {
    SUBCASE("CPU, 2 threads, 3 jobs: two lanes of one thread (never more lanes than threads)") {
        const auto plan = planWorkers({}, 2, 3, 3);
        REQUIRE(plan.size() == 1);
        CHECK(plan[0].device == TrainDevice::Cpu);
        CHECK(plan[0].laneThreads == std::vector<int>{1, 1});
    }
    SUBCASE("CPU, 16 threads, pack 3: three lanes adding up to 16") {
        const auto plan = planWorkers({}, 16, 3, 10);
        REQUIRE(plan.size() == 1);
        CHECK(plan[0].laneThreads == std::vector<int>{6, 5, 5});
    }
    SUBCASE("CPU, auto pack, fewer jobs than threads: one lane per job, all threads used") {
        const auto plan = planWorkers({}, 8, 0, 3);
        CHECK(plan[0].laneThreads == std::vector<int>{3, 3, 2});
    }
    SUBCASE("fake devices 0, 2, 3 with pack 2: three workers, in the given order, 2 lanes each") {
        const auto plan = planWorkers({0, 2, 3}, 12, 2, 10);
        REQUIRE(plan.size() == 3);
        CHECK(plan[0].deviceIndex == 0);
        CHECK(plan[1].deviceIndex == 2);
        CHECK(plan[2].deviceIndex == 3);
        for (const BatchWorker& w : plan) {
            CHECK(w.device == TrainDevice::Cuda);
            CHECK(w.laneThreads.size() == 2);
        }
        CHECK(totalThreads(plan) == 12);
    }
    SUBCASE("two jobs on four devices: one lane each, no device gets more than its share") {
        const auto plan = planWorkers({0, 1, 2, 3}, 2, 4, 2);
        for (const BatchWorker& w : plan) CHECK(w.laneThreads == std::vector<int>{1});
    }
}

TEST_CASE("lanes on fake devices: every job runs once, at most pack at a time per device, all devices used") {
    const std::vector<int> devices = {1, 3, 4};
    const int pack = 2, jobs = 17, lanes = 6;
    const auto plan = planWorkers(devices, 6, pack, jobs);
    REQUIRE(plan.size() == devices.size());
    for (const BatchWorker& w : plan) REQUIRE(w.laneThreads.size() == std::size_t(pack));
    std::mutex mutex;
    std::map<int, int> running, peak, perDevice;
    std::vector<int> runs(jobs, 0);
    std::set<std::pair<int, int>> lanesSeen;
    Gathering firstJobs(lanes);  // jobs 0..5 run together: one on every lane
    std::atomic<int> gathered{0};
    runOnLanes(jobs, plan, [&](int job, const Lane& lane) {
        {
            const std::lock_guard<std::mutex> lock(mutex);
            ++runs[std::size_t(job)];
            peak[lane.deviceIndex] = std::max(peak[lane.deviceIndex], ++running[lane.deviceIndex]);
            ++perDevice[lane.deviceIndex];
            lanesSeen.insert({lane.worker, lane.lane});
            CHECK(lane.device == TrainDevice::Cuda);
            CHECK(lane.threads == 1);
        }
        if (job < lanes && firstJobs.wait()) ++gathered;
        const std::lock_guard<std::mutex> lock(mutex);
        --running[lane.deviceIndex];
    });
    CHECK(gathered.load() == lanes);
    for (int j = 0; j < jobs; ++j) CHECK_MESSAGE(runs[std::size_t(j)] == 1, "job " << j);
    CHECK(perDevice.size() == devices.size());
    for (int d : devices) {
        CHECK(perDevice[d] >= 1);
        CHECK(peak[d] == pack);  // reached while the first six ran together, never exceeded
    }
    CHECK(lanesSeen.size() == std::size_t(lanes));  // every lane took work
}

TEST_CASE("lanes on the CPU: never more jobs at once than lanes, whose threads add up to the host's") {
    const int threads = 3;
    const auto plan = planWorkers({}, threads, 0, 7);
    CHECK(totalThreads(plan) == threads);
    REQUIRE(plan[0].laneThreads == std::vector<int>{1, 1, 1});
    std::atomic<int> running{0}, peak{0}, threadsInUse{0}, peakThreads{0}, gathered{0};
    Gathering firstJobs(3);  // three lanes of one thread: jobs 0..2 run together
    runOnLanes(7, plan, [&](int job, const Lane& lane) {
        const int now = ++running;
        const int t = threadsInUse += lane.threads;
        int p = peak.load();
        while (now > p && !peak.compare_exchange_weak(p, now)) {}
        int pt = peakThreads.load();
        while (t > pt && !peakThreads.compare_exchange_weak(pt, t)) {}
        if (job < 3 && firstJobs.wait()) ++gathered;
        threadsInUse -= lane.threads;
        --running;
    });
    CHECK(gathered.load() == 3);
    CHECK(peak.load() == 3);
    CHECK(peakThreads.load() == threads);
}

TEST_CASE("lanes: a lane out of jobs hands its threads to its worker's lanes still running") {
    const auto plan = planWorkers({}, 2, 0, 3);  // two lanes of one thread
    REQUIRE(plan[0].laneThreads == std::vector<int>{1, 1});
    std::atomic<int> sawShare{0}, startThreads{0};
    std::atomic<bool> handedOver{false};
    runOnLanes(3, plan, [&](int job, const Lane& lane) {
        REQUIRE(lane.share != nullptr);
        if (job != 0) return;
        startThreads = lane.threads;
        // Job 0 holds its lane, so the other lane runs jobs 1 and 2, finds none left and retires:
        // its thread comes to this lane (whenever that happens; the wait has no time in it).
        handedOver = waitUntil([&] { return lane.share->load() >= 2; });
        sawShare = lane.share->load();
    });
    CHECK(handedOver.load());
    CHECK(startThreads.load() == 1);
    CHECK(sawShare.load() == 2);  // never more than the worker's two threads
}

TEST_CASE("budget presets: boss 6000, small 2000, hologram 1800, custom otherwise") {
    const auto& presets = trainPresets();
    REQUIRE(presets.size() == 3);
    const std::map<std::string, std::int64_t> expected = {{"boss", 6000}, {"small", 2000}, {"hologram", 1800}};
    for (const sw::ParamPreset& p : presets) {
        REQUIRE(p.values.size() == 1);
        CHECK(p.values[0].first == "budget");
        CHECK(std::get<std::int64_t>(p.values[0].second) == expected.at(p.name));
        CHECK(!p.label.empty());
    }
    sw::ParamSet params(trainSchema().schema());
    CHECK(params.presetName() == "boss");  // the default budget is the boss's
    REQUIRE(params.applyPreset("hologram").ok());
    CHECK(params.getInt("budget") == 1800);
    CHECK(params.presetName() == "hologram");
    CHECK(trainSchema().fromParams(params).budget == 1800);
    REQUIRE(params.set("budget", std::int64_t(3000)).ok());
    CHECK(params.presetName() == "custom");
    CHECK(params.applyPreset("custom").ok());
    CHECK(params.getInt("budget") == 3000);
    auto bad = params.applyPreset("giant");
    REQUIRE(!bad.ok());
    CHECK(bad.error().message == "no train preset 'giant' (one of: boss, small, hologram, custom)");
}

TEST_CASE("trainMany: K = 3 jobs in one batch equal three single runs with the same seeds") {
    const int steps = 120;
    std::vector<TrainJob> jobs;
    std::vector<TrainSettings> settings;
    for (int seed : {5, 6, 7}) {
        TrainSettings s = tinySettings(steps);
        s.seed = seed;
        s.budget = 150 + 20 * seed;  // different budgets too
        s.evalEvery = 60;
        settings.push_back(s);
        jobs.push_back({tinyInputs(150), s, {}, {}});
    }
    BatchOptions options;
    options.pack = 3;
    options.hostThreads = 2;
    auto batch = trainMany(jobs, options);
    REQUIRE(batch.size() == 3);
    for (std::size_t k = 0; k < 3; ++k) {
        REQUIRE_MESSAGE(batch[k].ok(), batch[k].error().message);
        TrainSettings single = settings[k];
        single.threads = 2;  // alone, the run has both cores
        auto alone = train(tinyInputs(150), single);
        REQUIRE(alone.ok());
        const TrainResult& a = *batch[k];
        const TrainResult& b = *alone;
        CHECK(a.cloud.size() <= std::size_t(settings[k].budget));
        CHECK(a.final.splats == b.final.splats);
        REQUIRE(a.history.size() == b.history.size());
        for (std::size_t h = 0; h < a.history.size(); ++h) {
            CHECK(a.history[h].valPsnr == doctest::Approx(b.history[h].valPsnr).epsilon(1e-9));
            CHECK(a.history[h].valL1 == doctest::Approx(b.history[h].valL1).epsilon(1e-9));
            CHECK(a.history[h].trainLoss == doctest::Approx(b.history[h].trainLoss).epsilon(1e-9));
            CHECK(a.history[h].opaqueShare == b.history[h].opaqueShare);
        }
        CHECK(a.relocated == b.relocated);
        REQUIRE(a.cloud.size() == b.cloud.size());
        float maxDiff = 0;
        for (std::size_t i = 0; i < a.cloud.size(); ++i)
            maxDiff = std::max(maxDiff, (a.cloud.positions[i] - b.cloud.positions[i]).cwiseAbs().maxCoeff());
        MESSAGE("job " << k << ": val PSNR " << a.final.valPsnr << " (alone " << b.final.valPsnr
                       << "), max position difference " << maxDiff);
        CHECK(maxDiff <= 1e-6f);
    }
    // Seeds matter: the three jobs differ from one another.
    CHECK(batch[0]->final.valPsnr != batch[1]->final.valPsnr);
}

TEST_CASE("trainMany: one failing job is reported, the others train; a cancelled batch starts nothing") {
    std::vector<TrainJob> jobs;
    jobs.push_back({tinyInputs(150), tinySettings(20), {}, {}});
    TrainSettings tooSmall = tinySettings(20);
    tooSmall.budget = 100;  // the start cloud of 150 is over the budget
    jobs.push_back({tinyInputs(150), tooSmall, {}, {}});
    jobs.push_back({tinyInputs(150), tinySettings(20), {}, {}});
    BatchOptions options;
    options.hostThreads = 2;
    auto results = trainMany(jobs, options);
    CHECK(results[0].ok());
    REQUIRE(!results[1].ok());
    CHECK(results[1].error().message.find("more than the budget of 100") != std::string::npos);
    CHECK(results[2].ok());

    auto token = std::make_shared<sw::CancelToken>();
    token->cancel();
    auto cancelled = trainMany(jobs, options, sw::Progress({}, token));
    for (const auto& r : cancelled) {
        REQUIRE(!r.ok());
        CHECK(r.error().code == sw::ErrorCode::Cancelled);
    }
}
