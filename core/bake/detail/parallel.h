#pragma once
// A minimal static-partition parallel for over [0, n) with std::thread; the body receives a
// contiguous [begin, end) range. Results must not depend on the thread count (bodies write
// only their own indices).
#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

namespace sw::bake::detail {

inline int resolveThreads(int requested) {
    if (requested > 0) return requested;
    const unsigned hw = std::thread::hardware_concurrency();
    return hw == 0 ? 1 : static_cast<int>(hw);
}

template <class Body>
void parallelFor(std::size_t n, int threads, Body&& body) {
    const std::size_t t = std::min<std::size_t>(static_cast<std::size_t>(resolveThreads(threads)), std::max<std::size_t>(n / 64, 1));
    if (t <= 1) {
        body(std::size_t{0}, n);
        return;
    }
    std::vector<std::thread> pool;
    const std::size_t step = (n + t - 1) / t;
    for (std::size_t k = 0; k < t; ++k) {
        const std::size_t b = k * step, e = std::min(n, b + step);
        if (b >= e) break;
        pool.emplace_back([&body, b, e] { body(b, e); });
    }
    for (auto& th : pool) th.join();
}

}  // namespace sw::bake::detail
