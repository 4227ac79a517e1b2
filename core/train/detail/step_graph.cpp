// The CUDA plumbing of train_ops.h that runs no kernel of its own: a stream per training
// (OwnStream), bodies side by side on threads and streams (runSideBySide), and a step recorded
// as a CUDA graph (StepGraph). Without SPLATWRIGHT_CUDA: the CPU's plain threads, no graph.
#include <exception>
#include <thread>

#include "core/foundation/check.h"
#include "core/train/detail/train_ops.h"
#ifdef SW_HAVE_CUDA
#include <ATen/cuda/CUDAGraph.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#endif

namespace sw::train {

OwnStream::OwnStream(const at::Device& device) {
#ifdef SW_HAVE_CUDA
    if (device.is_cuda())
        m_guard = std::make_shared<c10::cuda::CUDAStreamGuard>(c10::cuda::getStreamFromPool(false, device.index()));
#else
    (void)device;
#endif
}

OwnStream::~OwnStream() = default;

void runSideBySide(int n, const at::Device& device, const std::function<void(int)>& body) {
    if (n <= 0) return;
    std::vector<std::exception_ptr> errors(static_cast<std::size_t>(n));
#ifdef SW_HAVE_CUDA
    std::vector<cudaEvent_t> events;  // the fork, then each body's join
    const auto destroyEvents = [&] {
        for (cudaEvent_t e : events) (void)cudaEventDestroy(e);
    };
    const bool cuda = device.is_cuda();
    if (cuda) {
        events.resize(std::size_t(n) + 1, nullptr);
        for (cudaEvent_t& e : events) C10_CUDA_CHECK(cudaEventCreateWithFlags(&e, cudaEventDisableTiming));
        C10_CUDA_CHECK(cudaEventRecord(events.back(), c10::cuda::getCurrentCUDAStream(device.index()).stream()));
    }
#endif
    const auto run = [&](int j) {
        try {
#ifdef SW_HAVE_CUDA
            if (cuda) {
                const c10::cuda::CUDAGuard onDevice(device.index());
                const c10::cuda::CUDAStream side = c10::cuda::getStreamFromPool(false, device.index());
                const c10::cuda::CUDAStreamGuard onSide(side);
                C10_CUDA_CHECK(cudaStreamWaitEvent(side.stream(), events.back(), 0));
                body(j);
                C10_CUDA_CHECK(cudaEventRecord(events[std::size_t(j)], side.stream()));
                return;
            }
#endif
            body(j);
        } catch (...) {
            errors[std::size_t(j)] = std::current_exception();
        }
    };
    {
        std::vector<std::thread> threads;
        for (int j = 1; j < n; ++j) threads.emplace_back(run, j);
        run(0);  // the calling thread takes the first
        for (std::thread& t : threads) t.join();
    }
#ifdef SW_HAVE_CUDA
    if (cuda) {
        const cudaStream_t main = c10::cuda::getCurrentCUDAStream(device.index()).stream();
        for (int j = 0; j < n; ++j)
            if (!errors[std::size_t(j)]) C10_CUDA_CHECK(cudaStreamWaitEvent(main, events[std::size_t(j)], 0));
        destroyEvents();
    }
#else
    (void)device;
#endif
    for (const std::exception_ptr& e : errors)
        if (e) std::rethrow_exception(e);
}

StepGraph::StepGraph() = default;
StepGraph::~StepGraph() { reset(); }

bool StepGraph::available(const at::Device& device) {
#ifdef SW_HAVE_CUDA
    return device.is_cuda();
#else
    (void)device;
    return false;
#endif
}

void StepGraph::capture(const std::function<void()>& body) {
    reset();
#ifdef SW_HAVE_CUDA
    auto graph = std::make_shared<at::cuda::CUDAGraph>();
    // Thread-local: the other trainings of this process (batch.h lanes, threads of their own)
    // keep reading back and allocating while this thread records.
    graph->capture_begin({0, 0}, cudaStreamCaptureModeThreadLocal);
    try {
        body();
    } catch (...) {
        try {
            graph->capture_end();  // ends the recording; the body's error is the one to report
        } catch (...) {
        }
        throw;
    }
    graph->capture_end();
    m_graph = graph;
    m_captured = true;
#else
    (void)body;
    SW_REQUIRE(false, "StepGraph: this build has no CUDA backend");
#endif
}

void StepGraph::captureBranches(int branches, const std::function<void(int branch)>& body) {
    captureStages(branches, {{true, body}});
}

void StepGraph::captureStages(int branches, const std::vector<Stage>& stages) {
    reset();
#ifdef SW_HAVE_CUDA
    const c10::cuda::CUDAStream main = c10::cuda::getCurrentCUDAStream();
    std::vector<c10::cuda::CUDAStream> side;
    for (int tries = 0; int(side.size()) < branches && tries < 64; ++tries) {  // distinct from main and each other
        const c10::cuda::CUDAStream s = c10::cuda::getStreamFromPool(false, main.device_index());
        bool fresh = s != main;
        for (const auto& t : side) fresh = fresh && s != t;
        if (fresh) side.push_back(s);
    }
    SW_REQUIRE(int(side.size()) == branches, "StepGraph: " << side.size() << " streams for " << branches << " branches");
    std::vector<cudaEvent_t> events;  // per branched stage: the fork, then each branch's join
    const auto newEvent = [&] {
        events.push_back(nullptr);
        C10_CUDA_CHECK(cudaEventCreateWithFlags(&events.back(), cudaEventDisableTiming));
        return events.back();
    };
    const auto destroyEvents = [&] {
        for (cudaEvent_t e : events) (void)cudaEventDestroy(e);
    };
    auto graph = std::make_shared<at::cuda::CUDAGraph>();
    graph->capture_begin({0, 0}, cudaStreamCaptureModeThreadLocal);
    try {
        for (const Stage& stage : stages) {
            if (!stage.branched) {
                stage.body(-1);
                continue;
            }
            const cudaEvent_t fork = newEvent();
            C10_CUDA_CHECK(cudaEventRecord(fork, main.stream()));
            for (int b = 0; b < branches; ++b) {
                C10_CUDA_CHECK(cudaStreamWaitEvent(side[std::size_t(b)].stream(), fork, 0));
                {
                    const c10::cuda::CUDAStreamGuard onSide(side[std::size_t(b)]);
                    stage.body(b);
                }
                const cudaEvent_t join = newEvent();
                C10_CUDA_CHECK(cudaEventRecord(join, side[std::size_t(b)].stream()));
                C10_CUDA_CHECK(cudaStreamWaitEvent(main.stream(), join, 0));
            }
        }
    } catch (...) {
        try {
            graph->capture_end();
        } catch (...) {
        }
        destroyEvents();
        throw;
    }
    graph->capture_end();
    destroyEvents();
    m_graph = graph;
    m_captured = true;
#else
    (void)branches;
    (void)stages;
    SW_REQUIRE(false, "StepGraph: this build has no CUDA backend");
#endif
}

void StepGraph::replay() {
    SW_REQUIRE(m_captured, "StepGraph::replay before capture");
#ifdef SW_HAVE_CUDA
    static_cast<at::cuda::CUDAGraph*>(m_graph.get())->replay();
#endif
}

void StepGraph::reset() {
#ifdef SW_HAVE_CUDA
    // Replays may still run: let them finish before the graph and its pool go. (A new recording
    // follows a refine step, which has just waited for the stream anyway.)
    if (m_captured) c10::cuda::getCurrentCUDAStream().synchronize();
#endif
    m_graph.reset();  // frees the graph and returns its pool's memory
    m_captured = false;
}

}  // namespace sw::train
